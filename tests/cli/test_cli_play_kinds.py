"""Bot kinds in ``railyard play`` (issue 14, point 5): a save keeps each seat's kind
(``mcts:hard`` too) for --load, and at an interactive terminal the player picks the kind."""
from __future__ import annotations

import json

from railyard.cli import cmd_play
from railyard.cli.common import save_game
from railyard.engine import Game


def test_load_keeps_the_stored_bot_kinds(run, tmp_path):
    path = tmp_path / "g.json"
    game = Game("chicago-express", ["Ann", "Rob", "Sue"], 5, {})
    assert save_game(game, str(path), ["human", "mcts:hard", "rules"]) is None
    result = run("play", "--load", str(path), input="q\nn\n")
    assert result.exit_code == 0, result.output
    assert "Ann (human), Rob (mcts:hard), Sue (rules)" in result.output


def test_unsound_stored_kinds_fall_back_to_human_seats(run, tmp_path):
    path = tmp_path / "g.json"
    game = Game("dummy-race", ["Ann", "Bob"], 4, {})
    save_game(game, str(path), ["human", "mcts:impossible"])
    result = run("play", "--load", str(path), input="q\nn\n")
    assert "Ann (human), Bob (human)" in result.output


def test_interactive_play_asks_for_the_bot_kind(run, monkeypatch, tmp_path):
    monkeypatch.setattr(cmd_play, "interactive", lambda: True)
    path = tmp_path / "g.json"
    result = run("play", "chicago-express", "--seed", "3", "--save", str(path),
                 input="cleverest\nmcts:hard\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "Bot kind for the bot seat (random, rules, mcts:easy, mcts:normal, mcts:hard)" \
        in result.output
    assert "Unknown bot kind 'cleverest'" in result.output
    assert "You (human), Bot 1 (mcts:hard)" in result.output
    assert json.loads(path.read_text())["seats"] == ["human", "mcts:hard"]
    # no question when the seats are given, nor at a pipe
    given = run("play", "chicago-express", "--seed", "3", "--seats", "human,random,random",
                input="q\nn\n")
    assert "Bot kind" not in given.output
    monkeypatch.setattr(cmd_play, "interactive", lambda: False)
    piped = run("play", "chicago-express", "--seed", "3", input="q\nn\n")
    assert "Bot kind" not in piped.output and "Bot 1 (bot)" in piped.output


def test_enter_takes_the_recommended_bot(run, monkeypatch, tmp_path):
    """Issue 14, point 5: the terminal offers the title's strongest bot at the normal level
    first; Enter takes it."""
    monkeypatch.setattr(cmd_play, "interactive", lambda: True)
    path = tmp_path / "g.json"
    result = run("play", "chicago-express", "--seed", "3", "--save", str(path),
                 input="\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "[mcts:normal]" in result.output
    assert json.loads(path.read_text())["seats"] == ["human", "mcts:normal"]


def test_a_terminal_shows_which_bot_is_thinking():
    """Issue 14, point 5: at a terminal a spinner names the bot that is thinking; at a pipe
    nothing of it is printed."""
    import io

    from rich.console import Console

    from railyard.cli.terminal_play import TerminalPlay
    for terminal in (True, False):
        game = Game("chicago-express", ["Ann", "Rob", "Sue"], 5, {})
        play = TerminalPlay(game, ["random", "random", "random"])
        buf = io.StringIO()
        play.out = Console(file=buf, force_terminal=terminal, width=100)
        seat = game.current_player
        play.bot_turn(seat)
        assert len(game.log) == 1
        assert ("is thinking" in buf.getvalue()) is terminal
        if terminal:
            assert f"{game.players[seat]} is thinking…" in buf.getvalue()
