"""Illegal actions: a typed error and an unchanged state, for every action type."""
import pytest

from .helpers import MARY, MIKE, RICK, act, hexid, make, rejects, to_action_phase


@pytest.fixture
def ready():
    return to_action_phase(make(3, 0))


def test_malformed_and_wrong_player(ready):
    st = ready
    rejects(st, {"type": "space", "player": MIKE, "space": "pass"}, "wrong_player")
    rejects(st, {"type": "space", "player": 7, "space": "pass"}, "wrong_player")
    rejects(st, {"type": "space", "space": "pass"}, "malformed")
    rejects(st, {"type": "warp", "player": RICK}, "malformed")
    rejects(st, {"type": "space", "player": RICK}, "malformed")
    rejects(st, {"type": "space", "player": RICK, "space": "sleep"}, "unknown_id")
    with pytest.raises(Exception):
        st.apply(["space"])


@pytest.mark.parametrize("kind,fields", [
    ("offer", {"company": "national"}), ("bid", {"amount": 10}), ("pass", {}),
    ("place", {"hex": "O3"}), ("finance", {"company": "national"}), ("urbanise", {"hex": "A5"}),
    ("take2", {}), ("levy", {}), ("build", {"company": "majestic", "hex": "B7"}), ("stop", {}),
    ("forgo", {})])
def test_every_type_refused_out_of_its_step(ready, kind, fields):
    rejects(ready, {"type": kind, "player": RICK, **fields}, "wrong_phase")


def test_space_taken(ready):
    st = ready
    act(st, "space", space="finance")
    act(st, "forgo")
    rejects(st, {"type": "space", "player": MIKE, "space": "finance"}, "not_allowed")


def test_offer_errors():
    st = make(3, 0)
    rejects(st, {"type": "offer", "player": RICK, "company": "liberty"}, "not_allowed")
    rejects(st, {"type": "offer", "player": RICK, "company": "union"}, "unknown_id")
    rejects(st, {"type": "offer", "player": RICK, "company": 3}, "malformed")
    rejects(st, {"type": "forgo", "player": RICK}, "not_allowed")   # setup: must offer


def test_offer_sold_out(ready):
    st = ready
    st.shares_out[3 - 3] += st.shares_left[0]
    st.shares_left[0] = 0
    act(st, "space", space="auction")
    rejects(st, {"type": "offer", "player": RICK, "company": "national"}, "not_allowed")


def test_bid_errors(ready):
    st = ready
    act(st, "space", space="auction")
    act(st, "offer", company="republic")
    act(st, "bid", amount=12)
    rejects(st, {"type": "bid", "player": MIKE, "amount": 12}, "not_allowed")
    rejects(st, {"type": "bid", "player": MIKE, "amount": "13"}, "malformed")
    rejects(st, {"type": "bid", "player": MIKE, "amount": True}, "malformed")
    rejects(st, {"type": "bid", "player": MIKE, "amount": 999}, "unaffordable")


def test_place_errors(ready):
    st = ready
    act(st, "space", space="auction")
    act(st, "offer", company="national")
    act(st, "bid", amount=10)
    act(st, "pass")
    act(st, "pass")
    assert st.step == "place"
    rejects(st, {"type": "place", "player": RICK, "hex": "C3"}, "not_allowed")
    rejects(st, {"type": "place", "player": RICK, "hex": "Z99"}, "unknown_id")
    rejects(st, {"type": "place", "player": RICK, "hex": hexid(st, "St. Louis")}, "not_allowed")


def test_finance_errors(ready):
    st = ready
    act(st, "space", space="finance")
    rejects(st, {"type": "finance", "player": RICK, "company": "liberty"}, "not_allowed")
    rejects(st, {"type": "finance", "player": RICK}, "malformed")


def test_urbanise_errors(ready):
    st = ready
    act(st, "space", space="urbanise")
    rejects(st, {"type": "urbanise", "player": RICK, "hex": hexid(st, "Boston")}, "not_allowed")
    rejects(st, {"type": "urbanise", "player": RICK, "hex": "nowhere"}, "unknown_id")


def test_take2_levy_errors(ready):
    st = ready
    act(st, "space", space="take2")
    rejects(st, {"type": "stop", "player": RICK}, "wrong_phase")
    rejects(st, {"type": "take2", "player": MARY}, "wrong_player")
    rejects(st, {"type": "levy", "player": MIKE}, "wrong_player")


def test_build_and_stop_errors(ready):
    st = ready
    act(st, "space", space="expand3")
    rejects(st, {"type": "build", "player": RICK, "company": "republic", "hex": "B5"},
            "not_allowed")                  # Rick holds no Republic share
    rejects(st, {"type": "build", "player": RICK, "company": "majestic", "hex": "O3"},
            "not_allowed")                  # not adjacent
    rejects(st, {"type": "build", "player": RICK, "company": "majestic", "hex": "B8"},
            "not_allowed")                  # already there
    rejects(st, {"type": "build", "player": RICK, "company": "majestic", "hex": "Q9"},
            "unknown_id")
    rejects(st, {"type": "stop", "player": MIKE}, "wrong_player")


def test_game_over_refuses_everything(ready):
    st = ready
    st.actor, st.step = None, "over"
    rejects(st, {"type": "space", "player": RICK, "space": "pass"}, "game_over")
    assert st.legal_actions() == []
