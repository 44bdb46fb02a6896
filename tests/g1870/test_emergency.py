"""Forced train purchase (9.5.3-9.5.4), emergency sales (10.2), bankruptcy (10.3); T15."""
from __future__ import annotations

from railyard.games.g1870 import emergency, operating

from .helpers import act, float_corp, give, illegal, new, total_money


def t15(pres_cash=525, corp_cash=50):
    """T15: phase 3, IC has a route (Jackson - town K14), no train, $50; the bank's next
    train is a 4 ($300), the pool holds a 3 ($180)."""
    g = new(4)
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
