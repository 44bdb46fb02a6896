"""Trains bought from other corporations (9.5.2, seed "LOKKAUF"; 9.5.4 for the forced
purchase) and price protection of emergency sales (10.2.4, 6.2)."""
from __future__ import annotations

from railyard.games.g1870 import operating

from .helpers import act, float_corp, give, illegal, new, total_money
from .test_emergency import t15


def ic_train_step(gmo_president: int, gmo_trains=("3-7",), phase: str = "2"):
    """IC (president P1 = seat 0, $1000, no route) has run and may buy trains; GMO (not
    operating in this OR) owns ``gmo_trains``."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["phase"] = phase
    g.s["or_total"] = 1
    operating.next_round(g)
    act(g, "dividend", corporation="IC", kind="withhold")
    float_corp(g, "GMO", 90, gmo_president)
    g.s["corps"]["GMO"]["trains"] = list(gmo_trains)
    return g


def trade_choices(g):
    return {(c.fixed["source"], c.fixed["train"]): c.ranges["price"]
            for c in g.legal_actions() if c.type == "buy_train" and "price" in c.ranges}


def test_9_5_2_same_president_buys_the_last_train_for_one_dollar():
    """9.5.2: any price of at least $1, even the other corporation's last train; the
    choice lists the price as a range $1 .. the buyer's cash."""
    g = ic_train_step(gmo_president=0)
    assert trade_choices(g) == {("GMO", "3-7"): (1, 1000)}
    before = total_money(g)
    act(g, "buy_train", corporation="IC", source="GMO", train="3-7", price=1)
    assert g.s["corps"]["IC"]["trains"] == ["3-7"] and g.s["corps"]["GMO"]["trains"] == []
    assert g.s["corps"]["IC"]["cash"] == 999 and g.s["corps"]["GMO"]["cash"] == 901
    assert total_money(g) == before
    assert g.s["phase"] == "2"                      # no phase change from such a purchase


def test_9_5_2_the_other_president_must_agree():
    """9.5.2: the price is agreed by both presidents: P2 (GMO) is asked and may refuse."""
    g = ic_train_step(gmo_president=1)
    act(g, "buy_train", corporation="IC", source="GMO", train="3-7", price=50)
    assert g.current_player == 1
    assert sorted(c.type for c in g.legal_actions()) == ["accept_offer", "refuse_offer"]
    illegal(g, {"type": "done", "player": 1, "corporation": "IC"}, "wrong_phase")
    illegal(g, {"type": "accept_offer", "player": 0, "corporation": "GMO"}, "wrong_player")
    illegal(g, {"type": "refuse_offer", "player": 1, "corporation": "IC"}, "not_allowed")
    act(g, "refuse_offer", corporation="GMO")
    assert g.current_player == 0 and g.s["corps"]["GMO"]["trains"] == ["3-7"]
    assert g.s["corps"]["IC"]["cash"] == 1000
    act(g, "buy_train", corporation="IC", source="GMO", train="3-7", price=120)
    act(g, "accept_offer", corporation="GMO")
    assert g.s["corps"]["IC"]["trains"] == ["3-7"]
    assert g.s["corps"]["IC"]["cash"] == 880 and g.s["corps"]["GMO"]["cash"] == 1020
    assert g.current_player == 0                    # IC's turn goes on


def test_9_5_2_illegal_train_purchases_change_nothing():
    g = ic_train_step(gmo_president=0)
    base = {"type": "buy_train", "player": 0, "corporation": "IC", "source": "GMO"}
    illegal(g, {**base, "train": "3-7", "price": 0}, "not_allowed")
    illegal(g, {**base, "train": "3-7", "price": 1001}, "unaffordable")
    illegal(g, {**base, "train": "4-1", "price": 10}, "unknown_id")
    illegal(g, {**base, "source": "IC", "train": "3-7", "price": 10}, "unknown_id")
    illegal(g, {**base, "source": "XX", "train": "3-7", "price": 10})
    g.s["corps"]["IC"]["trains"] = ["2-1", "2-2", "2-3", "2-4"]    # train limit 4 (2.1)
    illegal(g, {**base, "train": "3-7", "price": 10}, "not_allowed")
    assert trade_choices(g) == {}


def test_9_5_2_not_before_the_trains_step():
    """5.3: trains are bought after running and the dividend."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    float_corp(g, "GMO", 90, 0)
    g.s["corps"]["GMO"]["trains"] = ["3-7"]        # par 90 < 100: GMO operates after IC
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["corp"] == "IC"
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "GMO",
                "train": "3-7", "price": 5}, "not_allowed")


def test_9_5_4_forced_purchase_from_another_corporation_only_with_own_cash():
    """9.5.4 / T15: IC ($50, must buy) may buy another corporation's train for up to its
    own $50, never with the president's money."""
    g = t15()
    float_corp(g, "GMO", 90, 1)
    g.s["corps"]["GMO"]["trains"] = ["4-2"]
    assert trade_choices(g) == {("GMO", "4-2"): (1, 50)}
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "GMO",
                "train": "4-2", "price": 51}, "unaffordable")
    act(g, "buy_train", corporation="IC", source="GMO", train="4-2", price=50)
    act(g, "accept_offer", corporation="GMO")
    assert g.s["corps"]["IC"]["trains"] == ["4-2"] and g.s["corps"]["IC"]["cash"] == 0
    assert g.s["cash"][0] == 525                    # the president paid nothing
    act(g, "done", corporation="IC")


def test_9_5_4_no_purchase_from_another_corporation_without_own_cash():
    g = t15(corp_cash=0)
    float_corp(g, "GMO", 90, 1)
    g.s["corps"]["GMO"]["trains"] = ["4-2"]
    assert trade_choices(g) == {}


# ---- 10.2.4: protection of emergency sales ----------------------------------------------
def short_president():
    """T15 with a president (seat 0) holding $100 and 20 % of GMO (president seat 1, $525):
    $30 are missing for the pool 3-train ($180)."""
    g = t15(pres_cash=100)
    float_corp(g, "GMO", 90, 1)
    give(g, "GMO", 0, ["GMO_5", "GMO_6"])
    return g


def test_10_2_4_emergency_sale_protected_after_the_train_purchase():
    """10.2.4 / 6.2.1: GMO's president may buy the sold share at $90 after IC's purchase;
    the price does not fall."""
    g = short_president()
    act(g, "emergency_sell", corporation="IC", shares="GMO", count=1)
    assert g.price("GMO") == 90 and g.s["holders"]["GMO"]["pool"] == ["GMO_6"]
    act(g, "buy_train", corporation="IC", source="pool", train="3-50")
    act(g, "done", corporation="IC")
    assert g.current_player == 1
    illegal(g, {"type": "done", "player": 1, "corporation": "IC"}, "wrong_phase")
    illegal(g, {"type": "protect", "player": 1, "corporation": "IC"}, "not_allowed")
    act(g, "protect", corporation="GMO")
    assert g.price("GMO") == 90 and "GMO_6" in g.s["holders"]["GMO"]["1"]
    assert g.s["cash"][1] == 525 - 90 and total_money(g) == 12000
    assert g.s["round"] == "stock"                  # the OR went on (and ended)


def test_10_2_2_one_block_per_corporation():
    g = short_president()
    g.s["cash"][0] = 20                             # $110 missing: one GMO share is not enough
    act(g, "emergency_sell", corporation="IC", shares="GMO", count=1)
    assert "GMO" not in {c.fixed["shares"] for c in g.legal_actions()
                         if c.type == "emergency_sell"}
    illegal(g, {"type": "emergency_sell", "player": 0, "corporation": "IC", "shares": "GMO",
                "count": 1}, "not_allowed")


def test_10_2_4_no_protection_of_the_presidents_own_corporation_sale():
    """6.2.2: the seller never protects his own sale: the drop happens at the end of the
    turn without a question."""
    g = t15(pres_cash=100)
    float_corp(g, "GMO", 90, 0)                     # seat 0 presides over GMO (50 %)
    give(g, "GMO", 1, ["GMO_5", "GMO_6"])
    act(g, "emergency_sell", corporation="IC", shares="GMO", count=1)
    assert g.price("GMO") == 90
    act(g, "buy_train", corporation="IC", source="pool", train="3-50")
    act(g, "done", corporation="IC")
    assert g.price("GMO") == 82 and g.s["round"] == "stock"


def test_9_5_4_refused_offer_in_a_forced_purchase_leaves_the_obligation():
    """9.5.3-9.5.4: GMO's president refuses; IC must still buy the cheapest train."""
    g = t15()
    float_corp(g, "GMO", 90, 1)
    g.s["corps"]["GMO"]["trains"] = ["4-2"]
    act(g, "buy_train", corporation="IC", source="GMO", train="4-2", price=40)
    act(g, "refuse_offer", corporation="GMO")
    illegal(g, {"type": "done", "player": 0, "corporation": "IC"}, "not_allowed")
    assert {c.fixed.get("source") for c in g.legal_actions() if c.type == "buy_train"} \
        == {"pool", "GMO"}
    # a new offer for GMO's 4-train must beat the $40 refused, with IC's own $50 (9.5.4)
    assert [c.ranges["price"] for c in g.legal_actions()
            if c.type == "buy_train" and c.fixed.get("source") == "GMO"] == [(41, 50)]
