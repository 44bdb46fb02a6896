"""1830 and 1870's ``random_playout`` (``DictState.random_playout``, issue 14 point 6) plays
exactly the game the random bot plays through ``legal_actions()`` and ``apply()``.

Step by step over seeded random games: one state moves by ``RandomBot.choose`` + ``apply()``
(the engine contract), a clone moves by one action of ``random_playout`` with an
identically seeded bot; after every action both states (all of ``s``) and both bots'
generators must be equal, so any difference in what is listed, drawn or applied shows at
the step where it happens."""
from __future__ import annotations

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.bots.selfplay import random_game, seat_names, start
from railyard.engine import available


def lockstep(title: str, players: int, seed: int) -> int:
    info = available()[title]
    a = start(info, seat_names(players), seed, None)
    b = a.clone()
    bot_a, bot_b = RandomBot(seed), RandomBot(seed)
    steps = 0
    while a.current_player is not None:
        a.apply(bot_a.choose(a))
        assert b.random_playout(bot_b, 1) == 1
        steps += 1
        assert bot_a.rng.getstate() == bot_b.rng.getstate(), f"step {steps}"
        assert a.s == b.s, f"step {steps}"
    assert b.current_player is None and b.random_playout(bot_b, 5) == 0
    assert a.result() == b.result()
    return steps


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 1), ("1830", 3, 2),
                                                 ("1870", 4, 1), ("1870", 5, 2)])
def test_playout_step_by_step_is_the_random_bots_game(title, players, seed):
    assert lockstep(title, players, seed) > 300


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_whole_playout_ends_like_the_apply_loop(title):
    info = available()[title]
    slow, n_slow = random_game(info, seat_names(4), 7)
    fast, n_fast = random_game(info, seat_names(4), 7, fast=True)
    assert n_slow == n_fast
    assert slow.result() == fast.result()
    assert fast.fingerprint() == slow.fingerprint()


def test_playout_stops_after_max_actions():
    info = available()["1830"]
    state = start(info, seat_names(4), 3, None)
    assert state.random_playout(RandomBot(3), 25) == 25
    assert state.current_player is not None
