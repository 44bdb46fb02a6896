"""Issue 25 point 3: the PettingZoo AEC environments pass PettingZoo's own checkers
(``api_test`` for every title and player count, ``seed_test``); observations are dicts of
``observation`` and ``action_mask``; rewards and flags at the end."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from railyard.envs import aec_env  # noqa: E402

from .helpers import SLUGS, encoder_or_skip, player_counts  # noqa: E402

CASES = [(slug, n) for slug in SLUGS for n in player_counts(slug)]
#: cycles of api_test per title (it plays one game on; the 18xx games are long)
CYCLES = {"1830": 150, "1870": 150}


@pytest.mark.parametrize("slug,players", CASES, ids=[f"{s}-{n}" for s, n in CASES])
def test_api_test(slug, players):
    encoder_or_skip(slug, players)
    api_test(aec_env(slug, players=players, seed=players), num_cycles=CYCLES.get(slug, 300))


@pytest.mark.parametrize("slug", SLUGS)
def test_seed_test(slug):
    players = player_counts(slug)[0]
    encoder_or_skip(slug, players)
    seed_test(lambda: aec_env(slug, players=players), num_cycles=50)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_with_masks(slug):
    """A game played to its end by the masks: only the agent to act has a mask, the end
    gives every agent its return (summing to 1) and ends the episode for all."""
    players = player_counts(slug)[0]
    encoder_or_skip(slug, players)
    env = aec_env(slug, players=players, seed=7, cap=None if slug in
                  ("chicago-express", "north-american-railways", "american-rails") else 300)
    env.reset()
    rng = np.random.default_rng(7)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert sum(total.values()) == pytest.approx(1.0)
    assert not env.agents


def test_an_illegal_id_is_refused_and_changes_nothing():
    env = aec_env("chicago-express", players=3, seed=1)
    env.reset()
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.episode.state.fingerprint()
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    with pytest.raises(ValueError):
        env.step(None)
    assert env.episode.state.fingerprint() == before
    assert env.agent_selection == "player_0"
