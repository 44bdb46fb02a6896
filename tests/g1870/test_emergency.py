"""Forced train purchase (9.5.3-9.5.4), emergency sales (10.2), bankruptcy (10.3); T15."""
from __future__ import annotations

from railyard.games.g1870 import emergency, operating

from .helpers import act, float_corp, give, illegal, new, place, total_money


def t15(pres_cash=525, corp_cash=50, **options):
    """T15: phase 3, IC has a route (Jackson - town K14), no train, $50; the bank's next
    train is a 4 ($300), the pool holds a 3 ($180)."""
    g = new(4, **options)
    float_corp(g, "IC", 100, 0)
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["corps"]["IC"]["operated"] = True
    g.s["tiles"]["K16"] = ["57", 1]
    g.s["tiles"]["K14"] = ["4", 1]
    g.s["corps"]["IC"]["cash"] = corp_cash
    g.s["bank"] += 1000 - corp_cash
    g.s["phase"] = "3"
    g.s["depot"].update({"2": 0, "3": 0})
    g.s["train_pool"] = ["3-50"]
    g.s["cash"][0] = pres_cash
    g.s["bank"] += 525 - pres_cash
    g.s["or_total"] = 1
    operating.next_round(g)
    act(g, "dividend", corporation="IC", kind="withhold")
    return g


def test_T15_must_buy_the_cheapest_train_president_pays_the_rest():
    """9.5.3/9.5.4 / T15: corporation pays its $50, the president $130."""
    g = t15()
    assert emergency.must_buy(g, "IC")
    illegal(g, {"type": "done", "player": 0, "corporation": "IC"})
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "depot"})
    act(g, "buy_train", corporation="IC", source="pool", train="3-50")
    assert g.s["corps"]["IC"]["cash"] == 0 and g.s["cash"][0] == 525 - 130
    assert total_money(g) == 12000


def test_T15_president_short_sells_only_what_is_needed():
    """10.2.1 / T15: president has $100, lacks $30: he sells, at most the shares needed, and
    keeps the presidency of IC."""
    g = t15(pres_cash=100)
    float_corp(g, "GMO", 90, 1)
    give(g, "GMO", 0, ["GMO_5", "GMO_6"])
    sells = {c.fixed["shares"]: c.ranges["count"] for c in g.legal_actions()
             if c.type == "emergency_sell"}
    assert sells["GMO"] == (1, 1)
    assert sells["IC"] == (1, 1)          # one IC share already covers the $30
    act(g, "emergency_sell", shares="GMO", count=1, corporation="IC")
    assert g.s["cash"][0] == 190 and g.price("GMO") == 90     # drop waits (10.2.4)
    act(g, "buy_train", corporation="IC", source="pool", train="3-50")
    assert g.s["cash"][0] == 190 - 130
    act(g, "done", corporation="IC")
    assert g.current_player == 1                                # GMO's president decides
    act(g, "decline", corporation="GMO")
    assert g.price("GMO") == 82


def test_bankruptcy_only_when_nothing_can_be_sold_and_it_ends_the_game():
    """10.3.1/10.3.2 (ruling): bankrupt -> cash to the bank, game over."""
    g = t15(pres_cash=10, corp_cash=0)
    g.s["holders"]["IC"]["0"] = ["IC_0"]          # only the president's certificate
    g.s["holders"]["IC"]["ipo"] += ["IC_1", "IC_2", "IC_3", "IC_4"]
    assert [c.type for c in g.legal_actions() if c.type != "buy_private"] == ["bankrupt"]
    act(g, "bankrupt", corporation="IC")
    assert g.is_terminal and g.s["cash"][0] == 0
    assert g.result().details["reason"] == "bankruptcy"


def test_no_bankruptcy_while_shares_can_be_sold():
    """10.3.1: bankruptcy cannot be declared voluntarily."""
    g = t15(pres_cash=100)
    illegal(g, {"type": "bankrupt", "player": 0, "corporation": "IC"})


def _only_the_presidents_certificate(**options):
    """T15 with a president lacking $30 whose only GMO certificate is GMO_0 ($90 a share);
    P2 holds 20 % of GMO, so the presidency could pass (6.1.6)."""
    g = t15(pres_cash=100, **options)
    float_corp(g, "GMO", 90, 0, n_certs=1)
    give(g, "GMO", 1, ["GMO_1", "GMO_2"])
    return g


def _gmo_range(g):
    return next(c.ranges["count"] for c in g.legal_actions()
                if c.type == "emergency_sell" and c.fixed["shares"] == "GMO")


def test_10_2_1_one_share_covers_so_the_presidents_certificate_is_sold_by_half():
    """10.2.1 (printed): one GMO share ($90) covers the $30, so he sells 10 % (P2 becomes
    president and hands him two shares, 6.1.6), never the whole 20 %."""
    g = _only_the_presidents_certificate()
    assert _gmo_range(g) == (1, 1)
    illegal(g, {"type": "emergency_sell", "player": 0, "corporation": "IC", "shares": "GMO",
                "count": 2})


def test_10_2_1_site_sells_a_lone_presidents_certificate_whole():
    """18xx.games profile ``emergency_sale_whole_presidents_certificate``: holding only the
    president's certificate he may sell it whole (1870-p4-seed23 action 539: FW_0 as 20 %
    where 10 % covered the shortfall)."""
    g = _only_the_presidents_certificate(emergency_sale_whole_presidents_certificate=True)
    assert _gmo_range(g) == (1, 2)
    act(g, "emergency_sell", shares="GMO", count=2, corporation="IC")
    assert g.s["cash"][0] == 100 + 180
    assert g.s["corps"]["GMO"]["president"] == 1
    assert g.s["holders"]["GMO"].get("0") == []


def _own_sale(cell, **options):
    """T15; the president has $20 and sells one share of GMO, which he presides, at
    ``cell``, then one MP share at $200 (P3 presides MP); after the purchase IC's turn ends:
    he then has $20 + GMO's price + $200 - $130."""
    g = t15(pres_cash=20, **options)
    float_corp(g, "GMO", 90, 0)
    place(g, "GMO", *cell)
    float_corp(g, "MP", 90, 2)
    give(g, "MP", 0, ["MP_5"])
    place(g, "MP", 0, 12)
    act(g, "emergency_sell", shares="GMO", count=1, corporation="IC")
    act(g, "emergency_sell", shares="MP", count=1, corporation="IC")
    act(g, "buy_train", corporation="IC", source="pool", train="3-50")
    price = g.price("GMO")
    act(g, "done", corporation="IC")
    return g, price


def test_6_2_2_the_seller_never_protects_his_own_emergency_sale():
    """6.2.2 "he is not the seller": GMO (yellow $64 or white $90) drops at once; the MP
    sale goes to MP's president."""
    for cell in ((1, 1), (0, 5)):
        g, price = _own_sale(cell)
        assert g.price("GMO") < price
        assert g.current_player == 2
        assert {(c.type, c.fixed["corporation"]) for c in g.legal_actions()} == {
            ("protect", "MP"), ("decline", "MP")}


def test_6_2_2_site_offers_an_emergency_sale_to_the_selling_president():
    """18xx.games profile ``emergency_sale_protected_by_seller``: the president's own
    emergency sale is offered to him for protection when he has the cash and, for shares
    that count (3.1.2), the certificate room: a yellow GMO (not counted; 1870-p4-seed40
    action 1156, 1870-p4-seed23 541, 1870-p2-seed1 997) and a white one (counted; issue
    26: the site offers it too); in a game with ``can_protect_if_sold`` the site never
    offers the seller his own sale (1870-p4-seed16 1453-1454, a white MKT)."""
    for cell in ((1, 1), (0, 5)):
        g, price = _own_sale(cell, emergency_sale_protected_by_seller=True)
        assert g.current_player == 0, cell
        assert {(c.type, c.fixed["corporation"]) for c in g.legal_actions()} == {
            ("protect", "GMO"), ("decline", "GMO")}
        act(g, "protect", corporation="GMO")
        assert g.price("GMO") == price and g.current_player == 2
    g, price = _own_sale((0, 5), emergency_sale_protected_by_seller=True,
                         can_protect_if_sold=True)
    assert g.price("GMO") < price and g.current_player == 2


def _president_covers(**options):
    """T15 with a president of $525: IC's $50 and his cash pay for the $180 train; he also
    holds two GMO shares ($90)."""
    g = t15(**options)
    float_corp(g, "GMO", 90, 1)
    give(g, "GMO", 0, ["GMO_5", "GMO_6"])
    return g


def test_10_2_no_emergency_sale_while_the_president_can_pay():
    """10.2.1: he sells only what he lacks; here he lacks nothing."""
    g = _president_covers()
    assert not [c for c in g.legal_actions() if c.type == "emergency_sell"]
    err = illegal(g, {"type": "emergency_sell", "player": 0, "corporation": "IC",
                      "shares": "GMO", "count": 1})
    assert "10.2" in err.message


def test_10_2_site_sells_while_the_corporation_is_short():
    """18xx.games profile ``emergency_sale_when_corporation_short``: IC's cash is below the
    cheapest train, so he may sell one share although his cash covers the rest
    (1870-p4-seed40 action 1154); the purchase stays open, bankruptcy does not."""
    g = _president_covers(emergency_sale_when_corporation_short=True)
    kinds = {c.type for c in g.legal_actions()}
    assert "buy_train" in kinds and "bankrupt" not in kinds
    assert _gmo_range(g) == (1, 1)
    act(g, "emergency_sell", shares="GMO", count=1, corporation="IC")
    assert g.s["cash"][0] == 525 + 90
    act(g, "buy_train", corporation="IC", source="pool", train="3-50")
    assert g.s["cash"][0] == 525 + 90 - 130
