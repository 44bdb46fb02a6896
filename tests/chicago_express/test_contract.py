"""Engine contract for Chicago Express: every action type refused with a typed error and an
unchanged state when illegal; legal-action listing; public view; readable log."""
import json

import pytest

from railyard.engine.errors import IllegalAction
from railyard.engine.game import Game

from .helpers import act, finish_opening, new_state


def all_phases():
    """A state in each step of the game, each with the seat to act."""
    st = new_state(3)
    yield "opening_auction", st.clone()
    finish_opening(st, winners=(0, 1, 2, 0))
    yield "choose_action", st.clone()
    for name, phase in (("auction", "offer_share"), ("build", "build"),
                        ("develop", "develop")):
        s = st.clone()
        act(s, "choose", action=name)
        yield phase, s
    s = st.clone()
    act(s, "choose", action="auction")
    act(s, "offer", company="C&O")
    yield "auction", s


BAD = [
    ({"type": "bid", "amount": 10**6}, None),
    ({"type": "bid", "amount": "ten"}, None),
    ({"type": "bid"}, None),
    ({"type": "pass"}, None),
    ({"type": "choose", "action": "sleep"}, None),
    ({"type": "choose"}, None),
    ({"type": "offer", "company": "NOPE"}, None),
    ({"type": "offer", "company": "WAB"}, None),
    ({"type": "build", "company": "PRR", "hex": "A2"}, None),
    ({"type": "build", "company": "PRR"}, None),
    ({"type": "develop", "hex": "S3"}, None),
    ({"type": "develop", "hex": 12}, None),
    ({"type": "end_build"}, None),
    ({"type": "forgo"}, None),
    ({"type": "teleport"}, None),
]


@pytest.mark.parametrize("bad", [b for b, _ in BAD], ids=lambda b: b["type"])
def test_every_action_type_illegal_leaves_state_unchanged(bad):
    for phase, st in all_phases():
        action = {**bad, "player": st.current_player}
        before = st.fingerprint()
        try:
            st.clone().apply(action)
        except IllegalAction:
            with pytest.raises(IllegalAction) as e:
                st.apply(action)
            assert e.value.code in {"wrong_phase", "malformed", "unknown_id", "not_allowed",
                                    "unaffordable"}
            assert e.value.message.endswith(".")
            assert st.fingerprint() == before, phase


def test_wrong_player_and_not_a_mapping():
    st = new_state(3)
    before = st.fingerprint()
    for bad, code in [({"type": "pass", "player": 1}, "wrong_player"),
                      ({"type": "pass", "player": 7}, "wrong_player"),
                      ({"type": "pass", "player": "0"}, "malformed"),
                      ({"type": "pass"}, "malformed"),
                      ("pass", "malformed"), (None, "malformed"), ({"player": 0}, "malformed")]:
        with pytest.raises(IllegalAction) as e:
            st.apply(bad)
        assert e.value.code == code
    assert st.fingerprint() == before


def test_legal_actions_are_all_accepted():
    for phase, st in all_phases():
        for choice in st.legal_actions():
            for action in list(choice.actions())[:3]:
                st.clone().apply(action)


def test_bid_range_described_for_ui():
    st = new_state(4)
    choice = st.legal_actions()[0]
    assert choice.to_json() == {"type": "bid", "player": 0, "fixed": {"company": "PRR"},
                                "ranges": {"amount": {"min": 7, "max": 30}}, "label": "Bid"}


def test_public_view_is_json_and_readable_log():
    game = Game("chicago-express", ["Ann", "Bob"], seed=1)
    game.apply({"type": "bid", "player": 0, "company": "PRR", "amount": 9})
    game.apply({"type": "pass", "player": 1})
    view = game.public_view()
    json.dumps(view)
    assert view["players"][0] == {"name": "Ann", "cash": 51, "shares": {"PRR": 1}}
    assert view["auction"]["lot"] == "B&O" and view["current_player"] == 0
    assert game.readable_log() == ["Ann bids $9 for a PRR share", "Bob passes on the PRR share"]


# ---- issue 13 point 6: a bid names its lot; an unknown type is malformed -------------------

def _auction_states():
    """An opening auction ("Spielvorbereitung") and a share auction ("Versteigerung einer
    Aktie") with the seat to act able to bid."""
    yield "opening", new_state(4)
    for phase, st in all_phases():
        if phase == "auction":
            yield phase, st


@pytest.mark.parametrize("fields,code,words", [
    ({}, "malformed", "must name the share"),
    ({"company": None}, "malformed", "'company'"),
    ({"company": 7}, "malformed", "'company'"),
    ({"company": "NOPE"}, "unknown_id", "no company 'NOPE'"),
    ({"company": "NYC"}, "not_allowed", "not the NYC's"),
])
def test_a_bid_must_name_the_share_on_auction(fields, code, words):
    """Every bid the legal actions offer names the company on auction; a bid that does not
    (or names another company) is refused with a typed error and changes nothing."""
    for phase, st in _auction_states():
        lot = st.board.companies[st.auction.lot].id
        [listed] = [c for c in st.legal_actions() if c.type == "bid"]
        assert listed.fixed == {"company": lot}
        action = {"type": "bid", "player": st.current_player, "amount": st.auction.next_minimum,
                  **fields}
        before = st.fingerprint()
        with pytest.raises(IllegalAction) as e:
            st.apply(action)
        assert e.value.code == code and words in e.value.message, (phase, e.value.message)
        assert st.fingerprint() == before
        if code == "malformed" and "company" in fields or not fields:
            assert e.value.details.get("field") == "company"
        # the same bid naming the lot is accepted
        done = st.clone().apply({**action, "company": lot})
        assert done["company"] == lot


def test_an_unknown_action_type_is_malformed_in_every_step():
    for phase, st in [("opening", new_state(3)), *all_phases()]:
        before = st.fingerprint()
        for kind in ("teleport", "Bid", "buy_share", ""):
            with pytest.raises(IllegalAction) as e:
                st.apply({"type": kind, "player": st.current_player})
            assert e.value.code == "malformed", (phase, kind)
            assert e.value.details.get("field") == "type"
        assert st.fingerprint() == before


def test_a_known_action_type_in_the_wrong_step_stays_wrong_phase():
    st = new_state(3)   # opening auction: only bid and pass
    for kind in ("choose", "offer", "build", "develop", "forgo", "end_build"):
        with pytest.raises(IllegalAction) as e:
            st.apply({"type": kind, "player": st.current_player})
        assert e.value.code == "wrong_phase", kind
