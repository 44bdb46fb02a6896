"""Every action that ``legal_actions`` lists is accepted (sampled along random games), and
the actions of the export replay are all among the listed choices."""
from __future__ import annotations

import random

from railyard.bots.random_bot import RandomBot
from railyard.engine.game import Game


def test_listed_actions_are_accepted_along_a_random_game():
    g = Game("1830", ["a", "b", "c", "d"], 11)
    bot = RandomBot(11)
    rng = random.Random(5)
    for step in range(400):
        if g.is_terminal:
            break
        choices = g.legal_actions()
        assert choices, "a running game always offers an action"
        for choice in rng.sample(choices, min(4, len(choices))):
            trial = g.state.clone()
            trial.apply(choice.sample(rng))  # must not raise
        g.apply(bot.choose(g.state))


def test_every_imported_action_matches_a_listed_choice():
    from pathlib import Path

    from railyard.eighteen.import18xx import load_export
    from railyard.games.g1830.import18xx import import_1830
    from tests.fixture_files import fixture
    path = fixture("1830", "26855.json")
    game, _ = import_1830(load_export(path.read_text()))
    unlisted = []
    for i, act, state in game.states():
        if i == len(game.log):
            break
        nxt = game.log[i]
        if nxt["player"] != state.current_player:
            continue  # out-of-turn actions (M&H exchange, discards) are not listed
        core = {k: v for k, v in nxt.items() if k not in ("cert", "certs", "revenue")}
        if nxt["type"] == "run_routes":
            continue  # one route set is listed; any valid one may be run
        if not any(c.matches(core) for c in state.legal_actions()):
            unlisted.append((i, nxt))
    assert unlisted == []
