"""Stock rounds: starting and floating (7.1), buying (6.3), selling (6.1), presidency
(7.2), limits (3.1), compliance (6.4), the end of the round (6.5, 3.3.5)."""
from __future__ import annotations

from railyard.engine.errors import UNAFFORDABLE, UNKNOWN_ID, WRONG_PHASE

from .helpers import act, float_corp, give, illegal, new, place, to_stock_round, total_money


def sr(n=4, number=2):
    g = new(n)
    to_stock_round(g, number)
    return g


def test_starting_a_corporation_pays_twice_par_and_places_the_marker():
    """7.1.1: the president's certificate costs 2 x par; marker on the par cell."""
    g = sr()
    act(g, "par", corporation="ATSF", price=90)
    c = g.s["corps"]["ATSF"]
    assert g.s["cash"][0] == 525 - 180 and c["president"] == 0
    assert g.price("ATSF") == 90 and g.s["corps"]["ATSF"]["pos"] == [1, 6]
    assert not c["floated"]
    illegal(g, {"type": "par", "player": 0, "corporation": "SSW", "price": 68})  # one buy


def test_par_must_be_a_par_price_and_affordable():
    """7.1.1: par 100, 90, 82, 76, 72 or 68; cash >= 2 x par."""
    g = sr()
    illegal(g, {"type": "par", "player": 0, "corporation": "ATSF", "price": 95})
    g.s["cash"][0] = 150
    illegal(g, {"type": "par", "player": 0, "corporation": "ATSF", "price": 76}, UNAFFORDABLE)
    illegal(g, {"type": "par", "player": 0, "corporation": "SLSF", "price": 76})
    illegal(g, {"type": "par", "player": 0, "corporation": "XYZ", "price": 76}, UNKNOWN_ID)


def test_floats_at_sixty_percent_sold_with_ten_times_par():
    """7.1.2/7.1.3: six shares sold from the IPO -> 10 x par from the bank; IPO money goes
    to the bank."""
    g = sr(4)
    act(g, "par", corporation="IC", price=100)
    act(g, "pass")
    for _ in range(4):
        assert not g.s["corps"]["IC"]["floated"]
        act(g, "buy_share", corporation="IC", source="ipo")
        act(g, "pass")
    c = g.s["corps"]["IC"]
    assert c["floated"] and c["cash"] == 1000
    assert total_money(g) == 12000


def test_T20_mkt_floats_after_president_and_three_more():
    """7.1.2 / T20: the private's 10 % counts as sold."""
    g = sr(4)
    give(g, "MKT", 3, ["MKT_1"])
    act(g, "par", corporation="MKT", price=72)
    act(g, "pass")
    for _ in range(3):
        act(g, "buy_share", corporation="MKT", source="ipo")
        act(g, "pass")
    assert g.s["corps"]["MKT"]["floated"] and g.s["corps"]["MKT"]["cash"] == 720


def test_one_purchase_per_turn_and_pass_ends_the_turn():
    """6.3.1 / ZUSAMMENFASSUNG DER AKTIENRUNDE: one share per turn."""
    g = sr()
    float_corp(g, "IC", 100, 3)
    act(g, "buy_share", corporation="IC", source="ipo")
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "ipo"})
    act(g, "pass")
    assert g.current_player == 1


def test_no_selling_in_the_first_stock_round():
    """6.1.1 / ERÖFFNUNGSAKTIENRUNDE: no sales in stock round 1."""
    g = sr(number=1)
    float_corp(g, "IC", 100, 0)
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "IC", "count": 1})


def test_sale_pays_the_price_and_the_drop_waits_for_the_end_of_the_turn():
    """6.1.2, 6.2.6: seller gets the current price; the marker moves after the turn."""
    g = sr()
    float_corp(g, "IC", 100, 0)
    give(g, "IC", 1, ["IC_5"])
    g.s["cash"][0] = 0                    # the president cannot protect
    g.s["stock"]["turn"] = 1
    act(g, "sell_shares", corporation="IC", count=1)
    assert g.s["cash"][1] == 525 + 100 and g.price("IC") == 100
    act(g, "pass")
    assert g.price("IC") == 90            # 100 (r0,c6) -> 90 (r1,c6)


def test_cannot_buy_back_a_corporation_sold_this_round():
    """6.3.3: no buying a corporation sold in this stock round."""
    g = sr()
    float_corp(g, "IC", 100, 0)
    give(g, "IC", 1, ["IC_5", "IC_6"])
    g.s["stock"]["turn"] = 1
    act(g, "sell_shares", corporation="IC", count=1)
    illegal(g, {"type": "buy_share", "player": 1, "corporation": "IC", "source": "ipo"})


def test_sell_buy_sell_is_not_allowed():
    """6.1.4: sell then buy, or buy then sell, never sell-buy-sell; one block per
    corporation per turn."""
    g = sr()
    float_corp(g, "IC", 100, 2)
    float_corp(g, "GMO", 100, 3)
    give(g, "IC", 0, ["IC_5"])
    give(g, "GMO", 0, ["GMO_5"])
    float_corp(g, "TP", 100, 3)
    act(g, "sell_shares", corporation="IC", count=1)
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "IC", "count": 1})
    act(g, "buy_share", corporation="TP", source="ipo")
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "GMO", "count": 1})


def test_buy_then_sell_is_allowed():
    """6.1.4: buy then sell."""
    g = sr()
    float_corp(g, "IC", 100, 2)
    float_corp(g, "GMO", 100, 3)
    give(g, "GMO", 0, ["GMO_5"])
    act(g, "buy_share", corporation="IC", source="ipo")
    act(g, "sell_shares", corporation="GMO", count=1)
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "ipo"})


def test_pool_limit_fifty_percent():
    """3.1.5: the pool may not hold more than five shares of a corporation."""
    g = sr()
    float_corp(g, "IC", 100, 1)
    give(g, "IC", "pool", ["IC_5", "IC_6", "IC_7", "IC_8"])
    g.s["holders"]["IC"]["pool"].remove("IC_8")
    g.s["holders"]["IC"]["0"] = ["IC_8"]
    give(g, "IC", 0, ["IC_4"])  # seat 0: two shares, pool three
    act(g, "sell_shares", corporation="IC", count=2)
    assert len(g.s["holders"]["IC"]["pool"]) == 5


def test_pool_limit_blocks_a_sixth_share():
    """3.1.5."""
    g = sr()
    float_corp(g, "IC", 100, 1)
    give(g, "IC", "pool", ["IC_5", "IC_6", "IC_7", "IC_8", "IC_4"])
    give(g, "IC", 0, ["IC_3"])
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "IC", "count": 1})


def test_president_may_sell_out_only_if_another_player_holds_twenty_percent():
    """6.1.6 / DIREKTORENWECHSEL."""
    g = sr()
    float_corp(g, "IC", 100, 0, n_certs=3)        # seat 0: 40 %
    give(g, "IC", 1, ["IC_3"])                    # seat 1: 10 %
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "IC", "count": 3})
    act(g, "sell_shares", corporation="IC", count=2)   # keeps the president's cert
    assert g.s["corps"]["IC"]["president"] == 0


def test_T14_president_sells_into_a_presidency_change_nobody_protects():
    """6.1.6, 6.2.3, 7.2.3 / T14: P1 40 %, P2 20 %; P1 sells 3: P2 president, swap, no
    protection; from 90 (r4,c9) to 72 (r7,c9)."""
    g = sr()
    float_corp(g, "IC", 100, 0, n_certs=3)
    give(g, "IC", 1, ["IC_3", "IC_4"])
    place(g, "IC", 4, 9)
    act(g, "sell_shares", corporation="IC", count=3)
    h = g.s["holders"]["IC"]
    assert g.s["corps"]["IC"]["president"] == 1 and "IC_0" in h["1"]
    assert len(h["0"]) == 1 and len(h["pool"]) == 3
    act(g, "pass")
    assert g.s["stock"]["protect"] is None
    assert g.s["corps"]["IC"]["pos"] == [7, 9]


def test_buying_more_than_the_president_takes_the_presidency():
    """7.2.1: strictly more shares -> new president, swap of two 10 % for the 20 %."""
    g = sr()
    float_corp(g, "IC", 100, 0, n_certs=2)        # seat 0: 30 %
    give(g, "IC", 1, ["IC_2", "IC_3", "IC_4"])    # seat 1: 30 %
    g.s["stock"]["turn"] = 1
    act(g, "buy_share", corporation="IC", source="ipo")
    assert g.s["corps"]["IC"]["president"] == 1
    assert "IC_0" in g.s["holders"]["IC"]["1"]


def test_sixty_percent_limit_and_green_zone_exception():
    """3.1.4: at most 60 % outside the green and brown zones."""
    g = sr()
    float_corp(g, "IC", 100, 0, n_certs=5)        # 60 %
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "ipo"})
    place(g, "IC", 3, 0)                          # 50, green zone ("o")
    act(g, "buy_share", corporation="IC", source="ipo")


def test_selling_above_sixty_percent_in_white_must_get_back_to_sixty():
    """Ruling 3.1.4: a holder above 60 % selling in a white/yellow cell ends at <= 60 %."""
    g = sr()
    float_corp(g, "IC", 100, 0, n_certs=7)        # 80 %
    give(g, "IC", 1, ["IC_7", "IC_8"])
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "IC", "count": 1})
    act(g, "sell_shares", corporation="IC", count=2)


def test_brown_zone_several_pool_shares_in_one_turn_but_one_ipo():
    """3.2.3: brown zone: any number from the pool of that corporation, not with an IPO
    share or another corporation."""
    g = sr()
    float_corp(g, "IC", 100, 1)
    give(g, "IC", "pool", ["IC_5", "IC_6", "IC_7"])
    place(g, "IC", 4, 0)                          # 40 brown
    act(g, "buy_share", corporation="IC", source="pool")
    act(g, "buy_share", corporation="IC", source="pool")
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "ipo"})
    act(g, "pass")
    g.s["stock"]["turn"] = 0
    g.s["stock"].update({"buys": [], "acted": False})
    act(g, "buy_share", corporation="IC", source="ipo")
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "pool"})


def test_pool_multi_buy_not_outside_brown():
    """3.2.3 / 6.3.1: elsewhere one share per turn, also from the pool."""
    g = sr()
    float_corp(g, "IC", 100, 1)
    give(g, "IC", "pool", ["IC_5", "IC_6"])
    act(g, "buy_share", corporation="IC", source="pool")
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "pool"})


def test_certificate_limit_counts_privates_and_white_shares_not_yellow():
    """3.1.2/3.1.3: at the limit no further counting certificate; yellow-zone shares are
    free."""
    g = sr(6)                                     # limit 11
    float_corp(g, "IC", 100, 0, n_certs=5)
    float_corp(g, "GMO", 100, 0, n_certs=5)
    g.s["companies"]["GRSC"]["owner"] = "p0"
    assert g.cert_count(0) == 11 and g.cert_limit() == 11
    float_corp(g, "TP", 100, 1)
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "TP", "source": "ipo"})
    place(g, "TP", 0, 0)                          # 64 yellow
    act(g, "buy_share", corporation="TP", source="ipo")


def test_T12_limit_drops_once_after_the_first_closure():
    """3.1.1 / T12: 4 players 16 -> 14 after a closure, still 14 after a second."""
    g = sr(4)
    assert g.cert_limit() == 16
    g.s["closed_count"] = 1
    assert g.cert_limit() == 14
    g.s["closed_count"] = 2
    assert g.cert_limit() == 14


def test_over_the_limit_must_sell_first():
    """6.4.1: above the limit the player must sell at his next turn before anything else."""
    g = sr(6)
    float_corp(g, "IC", 100, 0, n_certs=5)
    float_corp(g, "GMO", 100, 0, n_certs=5)
    give(g, "GMO", 0, ["GMO_5"])
    g.s["companies"]["GRSC"]["owner"] = "p0"
    give(g, "IC", 1, ["IC_5", "IC_6"])
    assert g.cert_count(0) == 12
    illegal(g, {"type": "pass", "player": 0})
    assert {c.type for c in g.legal_actions()} == {"sell_shares"}
    act(g, "sell_shares", corporation="IC", count=1)
    act(g, "pass")


def test_round_ends_after_all_pass_priority_left_of_last_actor():
    """6.5.1: all players pass in succession; priority to the left of the last actor."""
    g = sr(3)
    act(g, "par", corporation="IC", price=100)      # P1 acts
    act(g, "pass")
    act(g, "pass")                                  # P2
    act(g, "pass")                                  # P3
    assert g.s["round"] == "stock"
    act(g, "pass")                                  # P1 passes
    # nothing floated: the operating round is empty and stock round 3 starts at once
    assert g.s["sr"] == 3
    assert g.s["priority"] == 1 and g.current_player == 1


def test_T7_sold_out_rise_at_the_end_of_the_round(monkeypatch):
    """3.3.5 / T7: all shares with players or redeemed in the treasury -> up; a share in the
    pool or IPO -> no move.  (The operating rounds are held back to look at the chart.)"""
    from railyard.games.g1870 import operating
    monkeypatch.setattr(operating, "next_round", lambda g: None)
    g = sr(4)
    float_corp(g, "IC", 100, 0, n_certs=5)
    give(g, "IC", 1, ["IC_5", "IC_6", "IC_7"])
    give(g, "IC", "treasury", ["IC_8"])
    place(g, "IC", 4, 9)
    float_corp(g, "GMO", 100, 2, n_certs=5)
    give(g, "GMO", 1, ["GMO_5", "GMO_6", "GMO_7"])
    give(g, "GMO", "pool", ["GMO_8"])
    place(g, "GMO", 4, 8)
    for _ in range(4):
        act(g, "pass")
    assert g.s["corps"]["IC"]["pos"] == [3, 9]
    assert g.s["corps"]["GMO"]["pos"] == [4, 8]


def test_illegal_stock_actions_are_typed_and_leave_state_unchanged():
    """Contract: every stock-round action type."""
    g = sr()
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "ipo"})
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "ZZ", "source": "ipo"},
            UNKNOWN_ID)
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "IC", "count": 1})
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "pool"})
    illegal(g, {"type": "reissue", "player": 0, "corporation": "IC"})
    illegal(g, {"type": "protect", "player": 0, "corporation": "IC"}, WRONG_PHASE)
    illegal(g, {"type": "bid", "player": 0}, WRONG_PHASE)


def test_finish_on_400_variant_ends_when_a_marker_reaches_400(monkeypatch):
    """10.1.3 / $400 HÖCHSTKURSWERT (18xx.games timing): the sold-out rise from 375 (r1,c20)
    to 400 ends the game; without the option it does not."""
    from railyard.games.g1870 import operating
    monkeypatch.setattr(operating, "next_round", lambda g: None)
    for option, ends in [(True, True), (False, False)]:
        g = new(4, finish_on_400=option)
        to_stock_round(g)
        float_corp(g, "IC", 100, 0, n_certs=5)
        give(g, "IC", 1, ["IC_5", "IC_6", "IC_7", "IC_8"])
        place(g, "IC", 1, 20)
        for _ in range(4):
            act(g, "pass")
        assert g.price("IC") == 400
        assert g.s["ended"] == ends
        if ends:
            assert g.result().unit == "worth"


def _brown_buy_sell(**options):
    g = new(4, **options)
    to_stock_round(g)
    float_corp(g, "IC", 100, 1)
    give(g, "IC", "pool", ["IC_5", "IC_6", "IC_7"])
    place(g, "IC", 4, 0)                          # 40 brown
    float_corp(g, "GMO", 100, 2)
    give(g, "GMO", 0, ["GMO_5"])
    act(g, "buy_share", corporation="IC", source="pool")
    act(g, "sell_shares", corporation="GMO", count=1)
    return g


def test_6_1_4_no_further_brown_purchase_after_buy_then_sell():
    """6.1.4 (rulebook: "kaufen dann verkaufen oder verkaufen dann kaufen"): after buying
    and then selling the turn's buying is over, also in the brown zone (ruling 2)."""
    g = _brown_buy_sell()
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "pool"})


def test_6_1_4_profile_buy_after_buy_and_sell_continues_the_brown_purchase():
    """18xx.games profile option ``buy_after_buy_and_sell`` (1870-p3-seed2, actions
    111-115: two SSW pool shares, an SLSF sale, two more SSW pool shares)."""
    g = _brown_buy_sell(buy_after_buy_and_sell=True)
    act(g, "buy_share", corporation="IC", source="pool")
    assert len(g.s["holders"]["IC"]["0"]) == 2
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "GMO", "source": "ipo"})


def test_6_1_4_no_sale_after_buy_sell_buy():
    """6.1.4 "never sell, buy, sell again": after buy, sell, buy (profile option) a further
    sale would be sell-buy-sell: refused (1870-p3-seed38, actions 107-110: the reference
    ends the turn by itself)."""
    g = _brown_buy_sell(buy_after_buy_and_sell=True)
    float_corp(g, "TP", 100, 3)
    give(g, "TP", 0, ["TP_5"])
    act(g, "buy_share", corporation="IC", source="pool")
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "TP", "count": 1})
    assert {c.type for c in g.legal_actions()} <= {"pass", "buy_share"}
