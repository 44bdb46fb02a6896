"""The engine contract for 1830: title, views, clone independence, save/undo."""
from __future__ import annotations

import json

from railyard.engine.game import Game
from railyard.engine.registry import get_title

from .helpers import act, new, operating


def test_title_is_registered_with_its_options():
    info = get_title("1830")
    assert (info.min_players, info.max_players) == (2, 6)
    assert {o.name for o in info.options} == {"extra_6_train", "diesels",
                                              "multiple_brown_from_ipo"}


def test_2_0_setup_starting_cash_and_bank():
    for n, cash in ((2, 1200), (3, 800), (4, 600), (5, 480), (6, 400)):
        g = new(n)
        assert g.s["cash"] == [cash] * n
        assert g.s["bank"] == 12000 - cash * n


def test_public_view_is_json_and_shows_whose_turn():
    g = operating(corps={"PRR": (67, 0)})
    view = g.public_view()
    json.dumps(view)
    assert view["to_act"] == 0 and view["round"] == "operating"
    assert view["corporations"]["PRR"]["price"] == 67


def test_clone_is_independent():
    g = new(4)
    c = g.clone()
    act(c, "buy_private", company="SV")
    assert g.s["companies"]["SV"]["owner"] is None
    assert c.s["companies"]["SV"]["owner"] == "p0"


def test_undo_restores_the_earlier_state():
    game = Game("1830", ["a", "b", "c"], 0)
    before = game.state.fingerprint()
    game.apply({"type": "buy_private", "player": 0, "company": "SV"})
    game.apply({"type": "bid", "player": 1, "company": "CA", "amount": 170})
    game.undo(2)
    assert game.state.fingerprint() == before


def test_result_only_at_the_end():
    g = new(3)
    assert g.result() is None and not g.is_terminal
    assert g.legal_actions()
