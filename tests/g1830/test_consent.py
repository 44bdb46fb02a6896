"""D1: purchases at an agreed price need the seller's consent (21.0 "zu einem vereinbarten
Preis", 23.1); option ``agreed_prices_need_consent`` (false: 18xx.games)."""
from __future__ import annotations

from railyard.games.g1830 import operating as op

from .helpers import act, float_corp, illegal, operating


def at_trains(**options):
    """PRR (seat 0) at its train purchase with $600; NYC (seat 1) owns the 2-0 and 2-1,
    B&O (seat 0 too) owns the 2-2; seat 1 owns the private DH; phase 3."""
    g = operating(corps={"PRR": (67, 0), "NYC": (67, 1), "B&O": (67, 0)}, **options)
    g.s["depot"]["2"] -= 3              # the 2-0, 2-1, 2-2
    g.s["depot"]["3"] -= 1              # and the 3-0 are sold
    g.s["corps"]["NYC"]["trains"] = ["2-0", "2-1"]
    g.s["corps"]["B&O"]["trains"] = ["2-2"]
    g.s["bought_types"] = ["2", "3"]
    g.s["phase"] = "3"
    g.s["companies"]["DH"]["owner"] = "p1"
    assert g.s["op"]["corp"] == "PRR"
    g.s["corps"]["PRR"]["cash"] = 600
    act(g, "pass")                    # no tile
    if g.s["op"]["step"] == "token":
        act(g, "pass")
    assert g.s["op"]["step"] == "buy_train" and g.current_player == 0
    return g


def test_21_0_a_train_of_another_players_company_is_an_offer_its_president_accepts():
    g = at_trains()
    act(g, "buy_train", train="2-0", price=50)
    # nothing has changed hands; NYC's president answers
    assert g.s["corps"]["NYC"]["trains"] == ["2-0", "2-1"]
    assert g.current_player == 1
    assert {c.type for c in g.legal_actions()} == {"accept_offer", "decline_offer"}
    illegal(g, {"type": "pass", "player": 1}, "wrong_phase")
    illegal(g, {"type": "accept_offer", "player": 0}, "wrong_player")
    nyc = g.s["corps"]["NYC"]["cash"]
    # the log line is made before the answer is applied: the bare answer names the deal
    # (issue 24 point 5: it said "declines the offer for None at $None")
    for kind, verb in (("accept_offer", "accepts"), ("decline_offer", "declines")):
        assert g.describe({"type": kind, "player": 1}).endswith(
            f"{verb} the offer of $50 for the 2-train"), kind
    done = act(g, "accept_offer")
    assert g.describe(done).endswith("accepts the offer of $50 for the 2-train")
    assert g.s["corps"]["PRR"]["trains"] == ["2-0"] and g.s["corps"]["PRR"]["cash"] == 550
    assert g.s["corps"]["NYC"]["cash"] == nyc + 50
    # the buyer's turn goes on
    assert g.current_player == 0 and g.s["op"]["corp"] == "PRR"


def test_21_0_a_declined_offer_changes_nothing_and_the_turn_goes_on():
    g = at_trains()
    before = g.fingerprint()
    act(g, "buy_train", train="2-1", price=1)
    act(g, "decline_offer")
    assert g.fingerprint() == before
    assert g.current_player == 0


def test_21_0_between_companies_of_one_president_the_sale_happens_at_once():
    g = at_trains()
    act(g, "buy_train", train="2-2", price=1)
    assert g.s["corps"]["PRR"]["trains"] == ["2-2"]
    assert g.current_player == 0


def test_23_1_a_private_of_another_player_is_bought_only_if_he_accepts():
    g = at_trains()
    act(g, "buy_company", company="DH", price=140)
    assert g.s["companies"]["DH"]["owner"] == "p1" and g.current_player == 1
    cash = g.s["cash"][1]
    act(g, "accept_offer")
    assert g.s["companies"]["DH"]["owner"] == "cPRR"
    assert g.s["cash"][1] == cash + 140 and g.s["corps"]["PRR"]["cash"] == 460
    g2 = at_trains()
    act(g2, "buy_company", company="DH", price=35)
    act(g2, "decline_offer")
    assert g2.s["companies"]["DH"]["owner"] == "p1" and g2.current_player == 0


def test_option_agreed_prices_need_consent_false_is_the_sites_single_action():
    """18xx.games: the buying president names the price and the purchase happens at once
    (the import switches this option off)."""
    g = at_trains(agreed_prices_need_consent=False)
    act(g, "buy_train", train="2-0", price=1)
    assert g.s["corps"]["PRR"]["trains"] == ["2-0"] and g.current_player == 0
    act(g, "buy_company", company="DH", price=35)
    assert g.s["companies"]["DH"]["owner"] == "cPRR"
