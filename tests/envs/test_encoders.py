"""The encoder interface (docs/research.md, issue 25 point 1 and 2) for every title: fixed
ids with a mask, every legal action maps to exactly one id and back (property test over
random games), bad ids and actions are refused with ValueError, observations have the
documented shape and layout."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from railyard.envs import titles

from .helpers import (SLUGS, SMALL, encoder_or_skip, new_state, player_counts,
                      random_positions)

#: per title: positions checked per random game and ids per position (the 18xx titles are
#: long and wide; their encoders' own tests check every id, tests/envs/*18xx*)
LIMIT = {"1830": 100, "1870": 100}
EVERY = {"1830": 10, "1870": 10}
MAX_IDS = {"1830": 60, "1870": 60}
MAX_AMOUNTS = 400


def _concrete(ch, rng):
    """Concrete actions of a Choice: all of them when its ranges are small, else the ends,
    the middle and random amounts."""
    if ch.size <= MAX_AMOUNTS:
        return list(ch.actions()), True
    out = []
    for _ in range(8):
        out.append(ch.sample(rng))
    for pick in (0, -1):
        act = ch.base()
        for key, (lo, hi) in ch.ranges.items():
            act[key] = (lo, hi)[pick]
        out.append(act)
    return out, False


def check_position(enc, state, rng, max_ids=None):
    ids = enc.legal_ids(state)
    assert ids == sorted(set(ids)), "ids ascending, each once"
    assert all(0 <= i < enc.num_actions for i in ids)
    mask = enc.mask(state)
    assert mask.dtype == np.bool_ and mask.shape == (enc.num_actions,)
    assert np.flatnonzero(mask).tolist() == ids
    if state.current_player is None:
        assert ids == []
        return
    assert ids, "a seat to act has a legal id"
    if hasattr(enc, "ids_of"):
        # a title's fast listing (ids read from the state) gives the ids of its Choices
        assert ids == enc.ids_of(state.legal_actions())
    # id -> action -> id, and the action is legal
    some = ids if max_ids is None or len(ids) <= max_ids else sorted(rng.sample(ids, max_ids))
    for i in some:
        act = enc.to_action(state, i)
        assert enc.to_id(state, act) == i
        if hasattr(enc, "action_for"):
            assert enc.action_for(state, i, ids) == act
        state.clone().apply(act)
    # every legal engine action has exactly one id, a legal one; together they hit every id
    hit = set()
    complete = True
    choices = state.legal_actions()
    if some is not ids:
        choices = rng.sample(choices, min(len(choices), max_ids))
    for ch in choices:
        acts, whole = _concrete(ch, rng)
        complete &= whole
        for act in acts:
            i = enc.to_id(state, act)
            assert i in ids, (act, i)
            back = enc.to_action(state, i)
            # the id stands for a representative of the same bucket: same action but for
            # the number, which is in the same bucket
            assert {k: v for k, v in back.items() if not isinstance(v, int) or k == "player"} \
                == {k: v for k, v in act.items() if not isinstance(v, int) or k == "player"}
            assert enc.to_id(state, back) == i
            hit.add(i)
    if complete and some is ids:
        assert hit == set(ids), "every legal id is the id of a legal action"
    # an id that is not legal here is refused
    illegal = [i for i in rng.sample(range(enc.num_actions), min(20, enc.num_actions))
               if i not in set(ids)]
    for i in illegal[:5]:
        with pytest.raises(ValueError):
            enc.to_action(state, i)


def _round_trip(slug, seed, pick):
    counts = player_counts(slug)
    players = counts[pick % len(counts)]
    enc = encoder_or_skip(slug, players)
    rng = random.Random(seed)
    for state in random_positions(slug, players, seed, enc, LIMIT.get(slug, 400),
                                  EVERY.get(slug, 1)):
        check_position(enc, state, rng, MAX_IDS.get(slug))


HEALTH = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@pytest.mark.parametrize("slug", SMALL)
@settings(max_examples=3, deadline=None, suppress_health_check=HEALTH)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 100))
def test_every_legal_action_has_one_id_and_back(slug, seed, pick):
    _round_trip(slug, seed, pick)


@pytest.mark.parametrize("slug", [s for s in SLUGS if s not in SMALL])
@settings(max_examples=1, deadline=None, suppress_health_check=HEALTH)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 100))
def test_every_legal_action_has_one_id_and_back_18xx(slug, seed, pick):
    _round_trip(slug, seed, pick)


@pytest.mark.parametrize("slug", SLUGS)
def test_interface_and_layout(slug):
    for players in player_counts(slug):
        enc = encoder_or_skip(slug, players)
        assert enc.slug == slug and enc.players == players
        assert isinstance(enc.num_actions, int) and enc.num_actions > 0
        state = new_state(slug, players, 3)
        for seat in range(players):
            obs = enc.observation(state, seat)
            assert obs.dtype == np.float32 and obs.shape == enc.obs_shape
            assert np.isfinite(obs).all()
            out = np.full(enc.obs_shape, 7.0, dtype=np.float32)
            assert enc.observation(state, seat, out) is out
            assert np.array_equal(out, obs), "filling in place gives the same tensor"
            assert isinstance(enc.observation_string(state, seat), str)
            info = enc.information_state(state, seat)
            if enc.info_shape is None:
                assert info is None
            else:
                assert info.shape == enc.info_shape and info.dtype == np.float32
        # the layout covers the flat observation end to end, in order, without gaps
        layout = enc.layout()
        assert layout[0][1] == 0
        assert all(a[2] == b[1] for a, b in zip(layout, layout[1:]))
        assert layout[-1][2] == int(np.prod(enc.obs_shape))
        assert all(name and meaning and stop > start for name, start, stop, meaning in layout)
        names = enc.action_names()
        if names is not None:
            assert len(names) == enc.num_actions and len(set(names)) == enc.num_actions


@pytest.mark.parametrize("slug", SLUGS)
def test_bad_ids_and_actions_are_refused(slug):
    players = player_counts(slug)[0]
    enc = encoder_or_skip(slug, players)
    state = new_state(slug, players, 1)
    before = state.fingerprint()
    for bad in (-1, enc.num_actions, 10**12, "3", 2.5, None, True):
        with pytest.raises(ValueError):
            enc.to_action(state, bad)
    for bad in ({"type": "no such action", "player": 0}, {"player": 0}, "bid", 5,
                {"type": "pass", "player": 99}):
        with pytest.raises(ValueError):
            enc.to_id(state, bad)
    assert state.fingerprint() == before


def test_missing_title_is_named():
    with pytest.raises(titles.MissingEncoder, match="no environment"):
        titles.make_encoder("no-such-game", 3)


def _scored_by_the_rules(ep):
    st = ep.state
    scores = [st.worth(p) for p in range(ep.players)] if hasattr(st, "worth") \
        else list(st.cash)
    assert ep.scores() == scores
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    assert ep.returns() == [pytest.approx(1 / len(winners)) if p in winners else 0.0
                            for p in range(ep.players)]


@pytest.mark.parametrize("slug", SLUGS)
def test_random_play_ends_within_the_cap(slug):
    """Issue 25 point 5: random play through the environment ends (by the rules or at the
    title's cap) in a bounded number of steps; a cut game is a draw."""
    from railyard.envs.core import Episode
    players = player_counts(slug)[0]
    encoder_or_skip(slug, players)
    ep = Episode(slug, players)
    ep.reset(11)
    rng = random.Random(11)
    while not ep.done:
        ids = ep.legal_ids()
        ep.step(ids[rng.randrange(len(ids))])
    assert ep.steps <= ep.cap <= titles.CAPS[slug]
    ret = ep.returns()
    assert sum(ret) == pytest.approx(1.0)
    if ep.truncated:
        _scored_by_the_rules(ep)
    else:
        assert ep.terminal and ret == [float(r) for r in ep.state.returns()]
    # a short cap truncates: the highest score of the moment wins
    short = Episode(slug, players, cap=2)
    short.reset(11)
    for _ in range(2):
        short.step(short.legal_ids()[-1])
    assert short.truncated and short.done
    _scored_by_the_rules(short)
    with pytest.raises(ValueError, match="over"):
        short.step(0)
