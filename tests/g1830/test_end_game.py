"""Ending the game by agreement (the 18xx.games ``end_game`` action; not in the rulebook):
accepted from any seat, never offered as a legal choice, worth counted as in 25.0."""
from __future__ import annotations

from railyard.engine.errors import IllegalAction

from .helpers import finish_auction, illegal, new

import pytest


def test_end_game_is_not_offered_but_accepted_from_any_seat():
    g = new(4)
    finish_auction(g)
    assert all(c.type != "end_game" for c in g.legal_actions())
    other = (g.current_player + 1) % 4
    g.apply({"type": "end_game", "player": other})
    assert g.current_player is None
    # 25.0 / 23.3: cash plus privates at face value; four players start with $600 and the
    # privates were bought at face value, so everybody is still worth $600, except the
    # B&O buyer whose president's certificate (20 % at par 100) adds $200 and the C&A buyer
    # with a free 10 % PRR share that has no price yet (worth nothing)
    bo = int(g.s["companies"]["BO"]["owner"][1:])
    assert g.result().scores == tuple(800 if i == bo else 600 for i in range(4))
    with pytest.raises(IllegalAction) as err:
        g.apply({"type": "end_game", "player": 0})
    assert err.value.code == "game_over"


def test_end_game_needs_a_seat():
    g = new(3)
    illegal(g, {"type": "end_game", "player": 7}, "wrong_player")
    illegal(g, {"type": "end_game"}, "malformed")
