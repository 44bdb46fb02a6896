"""Issue 25 point 2: an observation never holds what its seat may not see.  For every
title with hidden information (``TitleInfo.extra["seat_world"]``, bots/views.py; North
American Railways: the other players' money and the two box shares, section 4 "Hinweis"),
the seat's tensors are the same in the real state, in the seat's canonical world and in
worlds with the hidden parts drawn at random; what the seat does know (its own money)
does change them."""
from __future__ import annotations

import random

import numpy as np
import pytest

from railyard.engine.registry import get_title

from .helpers import SLUGS, encoder_or_skip, random_positions

NAR = "north-american-railways"


def _tensors(enc, state, seat):
    obs = enc.observation(state, seat).copy()
    info = enc.information_state(state, seat)
    return obs, None if info is None else info.copy()


def _same(a, b):
    assert np.array_equal(a[0], b[0])
    assert (a[1] is None and b[1] is None) or np.array_equal(a[1], b[1])


@pytest.mark.parametrize("slug", SLUGS)
def test_hidden_parts_do_not_reach_the_tensors(slug):
    hider = get_title(slug).extra.get("seat_world")
    if hider is None:
        pytest.skip(f"{slug} hides nothing after the set-up (bots/views.py)")
    canonical, sample = hider[:2]
    players = get_title(slug).min_players + 1
    enc = encoder_or_skip(slug, players)
    rng = random.Random(5)
    for state in random_positions(slug, players, 5, enc, every=3):
        for seat in range(players):
            real = _tensors(enc, state, seat)
            world = canonical(state.clone(), seat)
            _same(real, _tensors(enc, world, seat))
            for _ in range(2):
                _same(real, _tensors(enc, sample(canonical(state.clone(), seat), seat, rng),
                                     seat))


def test_nar_scrambled_money_and_box_shares():
    """Section 4: money is secret, two shares go back into the box unseen.  Scrambling
    them leaves every other seat's tensor unchanged; the seat's own money is its own."""
    enc = encoder_or_skip(NAR, 4)
    rng = random.Random(9)
    checked = 0
    for state in random_positions(NAR, 4, 9, enc, every=4):
        for seat in range(4):
            real = _tensors(enc, state, seat)
            other = state.clone()
            other.cash = [c if p == seat else rng.randrange(0, 50) * 100
                          for p, c in enumerate(other.cash)]
            other.removed = sorted(rng.sample(range(5), 2))
            _same(real, _tensors(enc, other, seat))
            own = state.clone()
            own.cash = list(own.cash)
            own.cash[seat] += 300
            assert not np.array_equal(real[0], enc.observation(own, seat)), \
                "the seat's own money is in its observation"
            checked += 1
    assert checked > 20
