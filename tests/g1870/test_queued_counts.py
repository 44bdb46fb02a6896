"""Certificate counts while sales wait for price protection (6.2.6 ruling, 18xx.games)."""
from __future__ import annotations

from .helpers import act, float_corp, give, new, place, to_stock_round


def setup():
    """4 players, limit 16.  SP at 64 (r6,c6, white): one share sold drops it to 60
    (r7,c6, yellow).  Seat 0: IC 5, GMO 5, MP 4 and SP 3 certificates = 17 (over the
    limit).  Seat 1, SP's president: SP 2, ATSF 5, TP 5, FW 4 = 16 (at the limit)."""
    g = new(4)
    to_stock_round(g)
    float_corp(g, "IC", 100, 0, 5)
    float_corp(g, "GMO", 90, 0, 5)
    float_corp(g, "MP", 82, 0, 4)
    float_corp(g, "SP", 100, 1, 2)
    give(g, "SP", 0, ["SP_2", "SP_3", "SP_4"])
    float_corp(g, "ATSF", 100, 1, 5)
    float_corp(g, "TP", 100, 1, 5)
    float_corp(g, "FW", 100, 1, 4)
    place(g, "SP", 6, 6)
    for seat in (0, 1):
        g.s["cash"][seat] = 1000
    assert g.cert_limit() == 16 and g.cert_count(0) == 17 and g.cert_count(1) == 16
    return g


def test_6_2_6_queued_drop_into_yellow_already_frees_the_sellers_room():
    """6.2.6: after selling one SP share (queued, SP still at 64) the seller's two other SP
    shares already do not count, as SP will be yellow: 17 - 1 - 2 = 14, so he may buy;
    counted at the current price he would hold 16 and could not."""
    g = setup()
    assert {c.type for c in g.legal_actions()} == {"sell_shares"}      # 6.4.1 first
    act(g, "sell_shares", corporation="SP", count=1)
    assert g.price("SP") == 64
    assert g.cert_count(0) == 14 and g.cert_count(0, projected=False) == 16
    assert any(c.type == "buy_share" and c.fixed["corporation"] == "MP"
               for c in g.legal_actions())
    act(g, "buy_share", corporation="MP", source="ipo")


def test_6_2_6_for_the_protecting_president_the_shares_count():
    """6.2.6 / 6.2.2: SP's president is at 16; for him SP still counts, so taking the share
    would put him at 17: he is not asked and SP drops to 60 (r7,c6)."""
    g = setup()
    act(g, "sell_shares", corporation="SP", count=1)
    assert g.cert_count(1) == 14                    # projected: his SP shares do not count
    act(g, "pass")
    assert g.s["stock"] is None or g.s["stock"]["protect"] is None
    assert g.s["corps"]["SP"]["pos"] == [7, 6]
    assert g.current_player == 1                     # play goes on left of the seller
