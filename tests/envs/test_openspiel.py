"""Issue 25 point 3: every title registered with OpenSpiel (``import
railyard.envs.openspiel``) as ``railyard_<slug>``, with the right game type, explicit chance
nodes for random set-ups, passing ``pyspiel.random_sim_test`` with serialisation; OpenSpiel's
own MCTS plays a small game through it."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
import railyard.envs.openspiel as ros  # noqa: E402
from railyard.engine.registry import get_title  # noqa: E402
from railyard.envs import titles  # noqa: E402

from .helpers import SLUGS, encoder_or_skip, new_state, player_counts  # noqa: E402

GT = pyspiel.GameType
#: actions per random game of random_sim_test: whole games for the small titles, the
#: first actions of 1830 and 1870 (serialisation replays the game at every step)
CAP = {"1830": 40, "1870": 40}


def _load(slug, **params):
    encoder_or_skip(slug, params.get("players", ros.DEFAULT_PLAYERS[slug]))
    return pyspiel.load_game(ros.game_name(slug), params)


@pytest.mark.parametrize("slug", SLUGS)
def test_registered_with_its_game_type(slug):
    game = _load(slug)
    assert ros.game_name(slug) in pyspiel.registered_names()
    t = game.get_type()
    assert t.dynamics == GT.Dynamics.SEQUENTIAL
    assert t.reward_model == GT.RewardModel.TERMINAL
    assert t.utility == GT.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    hidden = get_title(slug).extra.get("seat_world") is not None
    assert t.information == (GT.Information.IMPERFECT_INFORMATION if hidden
                             else GT.Information.PERFECT_INFORMATION)
    assert t.provides_information_state_tensor == hidden
    enc = titles.make_encoder(slug, game.num_players())
    assert game.num_distinct_actions() == enc.num_actions
    assert game.observation_tensor_shape() == list(enc.obs_shape)
    assert game.max_game_length() >= ros.default_cap(slug)


@pytest.mark.parametrize("slug", SLUGS)
def test_chance_node_exactly_where_the_set_up_is_random(slug):
    """The set-up depends on the seed only in the titles of ``SEEDED_SETUP`` (and for the
    player counts they name): there the game starts with a chance node whose outcomes are
    set-ups, elsewhere with a player."""
    for players in player_counts(slug):
        game = _load(slug, players=players)
        seeded = {repr(new_state(slug, players, seed).fingerprint()) for seed in (0, 1, 2)}
        state = game.new_initial_state()
        if len(seeded) > 1:
            assert state.is_chance_node(), (slug, players)
            outcomes = state.chance_outcomes()
            assert len(outcomes) == ros.DEFAULT_SETUPS
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            a, b = state.child(0), state.child(1)
            assert a.observation_string(0) != b.observation_string(0)
        else:
            assert not state.is_chance_node(), (slug, players)
            assert game.get_type().chance_mode == GT.ChanceMode.DETERMINISTIC or \
                slug in ros.SEEDED_SETUP


@pytest.mark.parametrize("slug", SLUGS)
def test_random_sim_test_with_serialisation(slug):
    players = ros.DEFAULT_PLAYERS[slug]
    game = _load(slug, players=players, cap=CAP.get(slug, titles.CAPS[slug]))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("slug", SLUGS)
def test_serialised_state_replays_to_the_same_position(slug):
    game = _load(slug, cap=60)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_terminal() and state.move_number() < 40:
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    seat = max(state.current_player(), 0)
    assert state2.observation_tensor(seat) == state.observation_tensor(seat)
    clone = state.clone()
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert clone.history() != state.history() and str(state2) == str(state)


def test_nar_information_state_hides_the_chance_outcome():
    game = _load("north-american-railways", players=3)
    s = game.new_initial_state()
    s.apply_action(17)
    text = s.information_state_string(0)
    assert "17" not in text.split("actions:")[1]
    assert len(s.information_state_tensor(0)) == game.information_state_tensor_size()


def test_openspiel_mcts_plays_a_small_game():
    from open_spiel.python.algorithms import mcts
    game = _load("chicago-express", players=2, cap=30)
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, rs), solve=False,
                       random_state=rs)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = int(rs.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert moves > 5
    assert sum(state.returns()) == pytest.approx(1.0)
