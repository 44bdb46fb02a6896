"""``Game.story()`` and ``Game.end_summary()`` for every title: one entry per action (its
seat and sentence) followed by the automatic events it caused; the story survives undo and
save/load unchanged; states that bots clone never record anything; the parts of each
player's score add up to the score the rules give."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine.game import Game

SMALL = [("chicago-express", 4), ("north-american-railways", 4), ("american-rails", 4),
         ("american-rails", 3)]
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "18xx-games"


def _played(title: str, n: int, seed: int = 11, limit: int | None = None) -> Game:
    game = Game(title, [f"P{i}" for i in range(n)], seed)
    bots = [RandomBot(seed * 10 + i) for i in range(n)]
    while not game.is_terminal and (limit is None or len(game.log) < limit):
        game.apply(bots[game.current_player].choose(game.state))
    return game


@pytest.mark.parametrize("title,n", SMALL)
def test_one_entry_per_action_then_its_events_and_the_end(title, n):
    game = _played(title, n)
    story = game.story()
    for e in story:
        assert set(e) == {"i", "seat", "text", "auto"} and e["text"].strip()
    actions = [e for e in story if not e["auto"]]
    assert [e["i"] for e in actions] == list(range(len(game.log)))
    assert [e["seat"] for e in actions] == [a["player"] for a in game.log]
    assert [e["i"] for e in story] == sorted(e["i"] for e in story)
    assert all(e["seat"] is None for e in story if e["auto"])
    assert any(e["auto"] for e in story[:-1])               # automatic events are told
    end = game.end_summary()
    assert story[-1]["text"].startswith(end["reason"]) and story[-1]["auto"]


@pytest.mark.parametrize("title,n", SMALL)
def test_story_after_undo_and_after_loading_is_the_replayed_story(title, n):
    game = _played(title, n)
    full = game.story()
    again = Game.loads(game.dumps())
    assert again.story() == full
    game.undo(min(40, len(game.log)))
    assert game.end_summary() is None
    fresh = Game(title, game.players, game.seed, game.options)
    for act in game.log:
        fresh.apply(act)
    assert game.story() == fresh.story()
    assert full[:len(game.story())] == game.story()


@pytest.mark.parametrize("title,n", SMALL)
def test_states_that_bots_clone_record_nothing(title, n):
    game = _played(title, n, limit=120)
    state = game.state
    assert state._notes is None                  # only while Game.apply applies an action
    copy = state.clone()
    bot = RandomBot(3)
    for _ in range(60):
        if copy.is_terminal:
            break
        copy.apply(bot.choose(copy))
        assert copy._notes is None


@pytest.mark.parametrize("title,n", SMALL)
def test_end_summary_parts_sum_to_the_score(title, n):
    for seed in (1, 2, 3):
        game = _played(title, n, seed)
        res = game.result()
        end = game.end_summary()
        assert [p["score"] for p in end["players"]] == list(res.scores)
        assert [p["seat"] for p in end["players"] if p["winner"]] == list(res.winners)
        for p in end["players"]:
            assert sum(amount for _, amount in p["parts"]) == p["score"]
            assert all(isinstance(label, str) and label for label, _ in p["parts"])
            if title in ("chicago-express", "american-rails", "north-american-railways"):
                # the money's way through the game: every payment to or from a player was
                # recorded as an event, else these parts would not add up to the cash
                assert p["parts"][0][0] == "starting money"


@pytest.mark.parametrize("export", ["1870/1870_game_end_bankrupt.json", "1830/26855.json"])
def test_18xx_story_is_the_18xx_events_and_worth_parts_sum(export):
    """1870 and 1830 (18xx.games exports that end in a bankruptcy): the automatic events are
    the 18xx table's; the end names the bankruptcy and the winner's worth; each worth is
    cash + shares at market price + privates at face value (1870 10.4.1, 1830 25.0)."""
    from railyard.eighteen.import18xx import import_export
    data = json.loads((FIXTURES / export).read_text())
    game, worth = import_export(data)
    story = game.story()
    assert [e["i"] for e in story if not e["auto"]] == list(range(len(game.log)))
    assert any(e["text"].endswith("per share.") for e in story if e["auto"])  # dividends
    best = max(worth.values())
    assert story[-1]["text"].startswith("The game ends: a player went bankrupt.")
    assert story[-1]["text"].endswith(f"wins with a worth of ${best}.")
    end = game.end_summary()
    for p in end["players"]:
        assert sum(a for _, a in p["parts"]) == p["score"] == game.state.worth(p["seat"])
    assert sorted(p["score"] for p in end["players"]) == sorted(worth.values())


def test_not_over_no_end():
    game = _played("chicago-express", 3, limit=10)
    assert game.end_summary() is None
    assert not game.story()[-1]["text"].startswith("The game ends")


@pytest.mark.parametrize("title,n", SMALL[:2])
def test_story_read_between_actions_and_undos_is_the_replayed_story(title, n):
    """The story is kept incrementally (issue 26 point 4): read after every few actions,
    undos and clones, it is always the story a fresh replay of the log tells."""
    game = Game(title, [f"P{i}" for i in range(n)], 4)
    bots = [RandomBot(40 + i) for i in range(n)]
    for k in range(12):
        for _ in range(5):
            if not game.is_terminal:
                game.apply(bots[game.current_player].choose(game.state))
        if k % 3 == 1:
            game.undo(min(3, len(game.log)))
        told = (game.clone() if k % 4 == 3 else game).story()
        fresh = Game(title, game.players, game.seed, game.options)
        for act in game.log:
            fresh.apply(act)
        assert told == fresh.story()
