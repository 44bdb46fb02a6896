"""D1: purchases at an agreed price need the seller's consent (21.0 "zu einem vereinbarten
Preis", 23.1); option ``agreed_prices_need_consent`` (false: 18xx.games)."""
from __future__ import annotations

import copy

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
    """Declined, nothing changes hands; only the refused price is remembered for the turn
    (railyard's ruling on repeated offers, eighteen/offers.py)."""
    g = at_trains()
    before = copy.deepcopy(g.s)
    act(g, "buy_train", train="2-1", price=1)
    act(g, "decline_offer")
    assert g.current_player == 0
    assert g.s["op"].pop("refused") == {"train:NYC:2": 1}
    assert g.s == before


def _nyc_prices(g):
    return [c.ranges["price"] for c in g.legal_actions()
            if c.type == "buy_train" and c.fixed["train"] in ("2-0", "2-1")]


def test_ruling_a_declined_offer_is_made_again_in_the_turn_only_at_a_higher_price():
    """After NYC's president declines $100 for its 2-train, PRR may offer again for either
    of NYC's 2-trains (the same offer) only from $101: $100 again is refused with the
    reason and changes nothing; $101 is a new offer.  So offers and refusals end."""
    g = at_trains()
    assert _nyc_prices(g) == [(1, 600), (1, 600)]
    act(g, "buy_train", train="2-1", price=100)
    act(g, "decline_offer")
    assert _nyc_prices(g) == [(101, 600), (101, 600)]
    err = illegal(g, {"type": "buy_train", "player": 0, "train": "2-0", "price": 100})
    assert "declined $100" in str(err) and "must be higher" in str(err)
    act(g, "buy_train", train="2-0", price=101)
    assert g.current_player == 1
    act(g, "accept_offer")
    assert g.s["corps"]["PRR"]["trains"] == ["2-0"] and g.s["corps"]["PRR"]["cash"] == 499


def test_ruling_offers_and_refusals_cannot_go_on_for_ever():
    """The buyer always offers the lowest price allowed for NYC's trains, the seller always
    declines: the offers stop when the price passes PRR's $600, within 600 offers."""
    g = at_trains()
    offers = 0
    while True:
        if g.current_player == 1:
            act(g, "decline_offer")
            continue
        prices = _nyc_prices(g)
        if not prices:
            break
        act(g, "buy_train", train="2-0", price=prices[0][0])
        offers += 1
        assert offers <= 600
    assert offers == 600 and g.current_player == 0


def test_ruling_a_declined_private_offer_is_made_again_only_higher():
    """23.1 (DH: $35-$140): after seat 1 declines $100 for DH, PRR offers again only from
    $101; after a declined $140, the most it may pay, not at all in this turn."""
    g = at_trains()
    act(g, "buy_company", company="DH", price=100)
    act(g, "decline_offer")
    assert [c.ranges["price"] for c in g.legal_actions()
            if c.type == "buy_company" and c.fixed["company"] == "DH"] == [(101, 140)]
    illegal(g, {"type": "buy_company", "player": 0, "company": "DH", "price": 100})
    act(g, "buy_company", company="DH", price=140)
    act(g, "decline_offer")
    assert not [c for c in g.legal_actions()
                if c.type == "buy_company" and c.fixed["company"] == "DH"]


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
