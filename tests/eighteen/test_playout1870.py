"""1870's own playout (``G1870State.random_playout``, :mod:`railyard.games.g1870.playout`)
in lockstep with the random bot's game through ``choose`` + ``apply()``, in chunks: the
playout plays 1 to 12 actions per call against as many engine steps, so what it keeps in
the state between actions (stretches of track, connected track pieces) is used over
several actions before the comparison; after every chunk all of ``s`` and both
generators must be equal.  (``test_playout.py`` compares after every single action.)"""
from __future__ import annotations

import random

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.bots.selfplay import seat_names, start
from railyard.engine import available


@pytest.mark.parametrize("players,seed", [(3, 31), (4, 32), (6, 33)])
def test_playout_in_chunks_is_the_random_bots_game(players, seed):
    a = start(available()["1870"], seat_names(players), seed, None)
    b = a.clone()
    bot_a, bot_b = RandomBot(seed), RandomBot(seed)
    chunk = random.Random(seed)
    steps = chunks = 0
    while a.current_player is not None:
        k = chunk.randint(1, 12)
        played = 0
        while played < k and a.current_player is not None:
            a.apply(bot_a.choose(a))
            played += 1
        assert b.random_playout(bot_b, k) == played
        steps += played
        chunks += 1
        assert bot_a.rng.getstate() == bot_b.rng.getstate(), f"chunk {chunks}"
        assert a.s == b.s, f"chunk {chunks}, action {steps}"
    assert b.current_player is None and a.result() == b.result()
    assert steps > 300
