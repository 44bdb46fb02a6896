"""10.3.1: a president is bankrupt as soon as the corporation's cash, his cash and the
proceeds of every share he could legally sell cannot pay for the cheapest train, even if
some shares could still be sold (the 18xx.games export 1870_game_end_bankrupt.json ends
this way at action 847)."""
from __future__ import annotations

from .helpers import act, float_corp, give, illegal, place
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


def _bankrupt_president():
    """IC needs a $180 train and has $0; its president (seat 0, $10) holds only IC's
    president's certificate and presides GMO at $20 with 50 % (seat 1 holds 20 %, seat 2
    10 %): $10 + 5 x $20 < $180, so he is bankrupt (10.3.1)."""
    g = t15(pres_cash=10, corp_cash=0)
    float_corp(g, "GMO", 90, 0, n_certs=4)           # GMO_0 (20 %) + 3 x 10 % = 50 %
    place(g, "GMO", 7, 1)                             # $20
    give(g, "GMO", 1, ["GMO_4", "GMO_5"])
    give(g, "GMO", 2, ["GMO_6"])
    g.s["holders"]["IC"]["0"] = ["IC_0"]
    g.s["holders"]["IC"]["ipo"] += ["IC_1", "IC_2", "IC_3", "IC_4"]
    return g


def test_10_3_2_shares_of_a_corporation_he_presides_are_sold_in_bankruptcy():
    """D4 (supplement 10.3.2: "the bankrupt player sells all sellable shares to the pool"):
    GMO is sellable although he presides it (seat 1 holds 20 %, 6.1.6): all his 50 % goes,
    seat 1 becomes GMO's president and the worth counts none of it; without price drops."""
    g = _bankrupt_president()
    price = g.price("GMO")
    act(g, "bankrupt", corporation="IC")
    h = g.s["holders"]["GMO"]
    assert g.s["corps"]["GMO"]["president"] == 1 and "GMO_0" in h["1"]
    assert not h.get("0") and len(h["pool"]) == 5          # his 50 %, pool limit 50 %
    assert g.price("GMO") == price
    assert g.worth(0) == 2 * g.price("IC")            # only IC's certificate is left


def test_10_3_2_the_presidents_certificate_stays_without_a_20_percent_holder():
    """Without another holder of 20 % he can sell down to his president's certificate only
    (6.1.6); that stays with him and counts in his worth."""
    g = _bankrupt_president()
    g.s["holders"]["GMO"]["1"] = ["GMO_4"]             # seat 1: 10 %, GMO_5 to the pool
    g.s["holders"]["GMO"]["pool"] = ["GMO_5"]
    act(g, "bankrupt", corporation="IC")
    h = g.s["holders"]["GMO"]
    assert g.s["corps"]["GMO"]["president"] == 0 and h["0"] == ["GMO_0"]
    assert g.worth(0) == 2 * g.price("IC") + 2 * g.price("GMO")
