"""Issue 25 points 3 and 4: the Gymnasium single-agent wrapper (checked by Gymnasium's own
``check_env``; opponents are railyard bots) and the vectorised batch (numpy in and out)."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from railyard.envs import gym_env, vector_env  # noqa: E402

from .helpers import SLUGS, encoder_or_skip, player_counts  # noqa: E402


@pytest.mark.parametrize("slug", SLUGS)
def test_check_env(slug):
    players = player_counts(slug)[0]
    encoder_or_skip(slug, players)
    check_env(gym_env(slug, players=players, opponents="random", seed=2, illegal="lose"),
              skip_render_check=True)


@pytest.mark.parametrize("slug,kind", [("chicago-express", "rules"),
                                       ("north-american-railways", "random"),
                                       ("american-rails", "random")])
def test_episodes_against_bots(slug, kind):
    players = player_counts(slug)[0]
    env = gym_env(slug, players=players, opponents=kind, seed=4, seat=None)
    rng = np.random.default_rng(4)
    seats = []
    for _ in range(players):
        obs, info = env.reset()
        seats.append(info["seat"])
        done = False
        reward = 0.0
        while not done:
            mask = obs["action_mask"]
            assert np.array_equal(mask.astype(bool), info["action_mask"]) and mask.any()
            # the learning seat is the one to act whenever the agent is asked
            assert env.episode.to_act == env.seat
            obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            done = term or trunc
        assert 0.0 <= reward <= 1.0
        assert reward == pytest.approx(env.episode.returns()[env.seat])
    assert seats == list(range(players)), "seat=None: each episode the next seat"


def test_gym_illegal_id():
    env = gym_env("chicago-express", players=3, seed=1)
    obs, _ = env.reset()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.episode.state.fingerprint()
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)
    assert env.episode.state.fingerprint() == before
    lose = gym_env("chicago-express", players=3, seed=1, illegal="lose")
    lose.reset()
    _, reward, term, trunc, info = lose.step(bad)
    assert reward == -1.0 and term and not trunc and "not legal" in info["illegal"]
    assert lose.episode.state.fingerprint() == before
    with pytest.raises(ValueError):
        gym_env("chicago-express", players=3, opponents="no-such-bot")


@pytest.mark.parametrize("slug", SLUGS)
def test_vector_env(slug):
    players = player_counts(slug)[0]
    enc = encoder_or_skip(slug, players)
    small = slug in ("chicago-express", "north-american-railways", "american-rails")
    vec = vector_env(slug, players=players, num_envs=4, seed=10, cap=None if small else 60)
    obs, mask, to_act = vec.reset()
    assert obs.shape == (4, *enc.obs_shape) and obs.dtype == np.float32
    assert mask.shape == (4, enc.num_actions) and mask.dtype == np.bool_
    # each row is the seat to act of its own game
    for i, ep in enumerate(vec.episodes):
        assert to_act[i] == ep.to_act
        assert np.array_equal(obs[i], enc.observation(ep.state, ep.to_act))
        assert np.flatnonzero(mask[i]).tolist() == enc.legal_ids(ep.state)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(2000):
        obs, mask, to_act, rewards, term, trunc = vec.step(vec.random_actions(rng))
        for i in np.flatnonzero(term | trunc):
            assert rewards[i].sum() == pytest.approx(1.0)
            ended += 1
        assert not rewards[~(term | trunc)].any()
        assert mask.any(axis=1).all()
        if ended >= 4:
            break
    assert ended >= 4
    # a bad batch changes no game
    before = [ep.state.fingerprint() for ep in vec.episodes]
    bad = vec.random_actions(rng)
    bad[-1] = int(np.flatnonzero(~mask[-1])[0])
    with pytest.raises(ValueError, match="game 3"):
        vec.step(bad)
    with pytest.raises(ValueError):
        vec.step(np.zeros(3, dtype=np.int64))
    assert [ep.state.fingerprint() for ep in vec.episodes] == before
