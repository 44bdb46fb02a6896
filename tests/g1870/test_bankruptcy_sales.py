"""10.3.1: a president is bankrupt as soon as the corporation's cash, his cash and the
proceeds of every share he could legally sell cannot pay for the cheapest train, even if
some shares could still be sold (the 18xx.games export 1870_game_end_bankrupt.json ends
this way at action 847)."""
from __future__ import annotations

from .helpers import act, float_corp, give, illegal
from .test_emergency import t15


def test_10_3_1_bankrupt_when_all_sales_cannot_pay():
    """The pool's 3-train costs $180; IC has $0, the president $10 and one GMO share at
    $90 to sell: 0 + 10 + 90 = $100 < $180, so he is bankrupt although he could sell."""
    g = t15(pres_cash=10, corp_cash=0)
    float_corp(g, "GMO", 90, 1)
    give(g, "GMO", 0, ["GMO_5"])
    g.s["holders"]["IC"]["0"] = ["IC_0"]          # IC: only the president's certificate
    g.s["holders"]["IC"]["ipo"] += ["IC_1", "IC_2", "IC_3", "IC_4"]
    types = {c.type for c in g.legal_actions()}
    assert {"bankrupt", "emergency_sell"} <= types
    act(g, "bankrupt", corporation="IC")
    assert g.is_terminal


def test_10_3_1_no_bankruptcy_while_sales_can_pay():
    """With two GMO shares ($180) the sales would pay the $170 missing: no bankruptcy."""
    g = t15(pres_cash=10, corp_cash=0)
    float_corp(g, "GMO", 90, 1)
    give(g, "GMO", 0, ["GMO_5", "GMO_6"])
    g.s["holders"]["IC"]["0"] = ["IC_0"]
    g.s["holders"]["IC"]["ipo"] += ["IC_1", "IC_2", "IC_3", "IC_4"]
    assert "bankrupt" not in {c.type for c in g.legal_actions()}
    err = illegal(g, {"type": "bankrupt", "player": 0, "corporation": "IC"})
    assert "10.3.1" in err.message
