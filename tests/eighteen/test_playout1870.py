"""1870's own playout (``G1870State.random_playout``, :mod:`railyard.games.g1870.playout`)
in lockstep with the random bot's game through ``choose`` + ``apply()``, in chunks: the
playout plays 1 to 12 actions per call against as many engine steps, so what it keeps in
the state between actions (stretches of track, connected track pieces) is used over
several actions before the comparison; after every chunk all of ``s`` and both
generators must be equal.  (``test_playout.py`` compares after every single action.)"""
from __future__ import annotations

import random

import pytest

from tests.bots.test_playouts import lockstep_chunks


@pytest.mark.parametrize("players,seed", [(3, 31), (4, 32), (6, 33)])
def test_playout_in_chunks_is_the_random_bots_game(players, seed):
    steps = lockstep_chunks("1870", players, seed, same=lambda st: st.s,
                            sizes=random.Random(seed))
    assert steps > 300
