"""Golden traces (issue 27, tests/golden_traces.py): the seeded random games of 1830 and
1870 play action by action as their traces say (the reference games are checked by the
fixture replay tests while they import them); every reference game has a trace; and a
difference is found and located in the stretch of actions where it happens."""
from __future__ import annotations

import pytest

from railyard.engine.game import Game
from tests.fixture_files import fixture_files
from tests.golden_traces import (EVERY, KINDS, RANDOM_GAMES, TITLES, compare, fixture_key,
                                 load, play_random, random_key, random_trace, tracing)

GAMES = [pytest.param(title, *game, id=f"{title}-{random_key(*game)}")
         for title in TITLES for game in RANDOM_GAMES[title]]


@pytest.mark.parametrize("title,players,seed,options", GAMES)
def test_seeded_random_game_keeps_its_golden_trace(title, players, seed, options):
    compare(title, random_key(players, seed, options), play_random(title, players, seed,
                                                                   options))


@pytest.mark.parametrize("title", TITLES)
def test_every_reference_game_and_random_game_has_a_trace(title):
    golden = load(title)
    files = [fixture_key(p) for kind in KINDS for p in fixture_files(title, kind)]
    assert len(files) >= 41                  # the played games and 40 random exports
    missing = [k for k in files if k not in golden]
    missing += [random_key(*g) for g in RANDOM_GAMES[title] if random_key(*g) not in golden]
    assert not missing, f"no golden trace for {missing}"
    for key, entry in golden.items():
        # one checkpoint per EVERY actions and one after the last
        assert len(entry["play"]) == len(entry["state"]) == entry["actions"] // EVERY + (
            entry["actions"] % EVERY != 0), key


def _short_game():
    title, (players, seed, options) = "1830", RANDOM_GAMES["1830"][1]
    trace, scores = random_trace(title, players, seed, options)
    assert len(trace.play) > 3 * EVERY
    return title, random_key(players, seed, options), trace, scores


def test_a_changed_state_is_located_in_its_stretch_of_actions():
    title, key, trace, scores = _short_game()
    compare(title, key, trace.summary(scores))          # unchanged: passes
    trace.state[2 * EVERY + 7] = bytes(16)              # the state after action 107
    with pytest.raises(AssertionError) as err:
        compare(title, key, trace.summary(scores))
    text = str(err.value)
    assert f"state chain (the state) first differs in actions {2 * EVERY + 1}..{3 * EVERY}" \
        in text
    assert "play chain" not in text


def test_a_changed_legal_action_list_at_the_start_is_found():
    title, key, trace, scores = _short_game()
    trace.play[0] = bytes(16)
    with pytest.raises(AssertionError, match="play chain .* first differs at the start or in actions 1..50"):
        compare(title, key, trace.summary(scores))


def test_a_different_result_or_length_is_found():
    title, key, trace, scores = _short_game()
    with pytest.raises(AssertionError, match="result"):
        compare(title, key, trace.summary([s + 1 for s in scores]))
    del trace.play[-1], trace.state[-1]
    with pytest.raises(AssertionError, match="actions"):
        compare(title, key, trace.summary(scores))


def test_tracing_follows_undo_and_restores_game_apply():
    original = Game.apply
    with tracing() as traces:
        g = Game("1830", ["a", "b", "c"], 1)
        for _ in range(5):
            g.apply(next(g.legal_actions()[0].actions()))
        g.undo(2)
        g.apply(next(g.legal_actions()[0].actions()))
    assert Game.apply is original
    (game, trace), = traces.values()
    assert game is g and len(trace.play) == len(trace.state) == len(g.log) + 1 == 5
