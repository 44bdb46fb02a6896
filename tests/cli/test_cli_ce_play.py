"""A whole Chicago Express game in the terminal (issue 2: 'done means')."""
import pytest

from railyard.engine import Game

pytest.importorskip("railyard.games.chicago_express")


@pytest.mark.slow
def test_a_full_chicago_express_game_against_bots_in_the_terminal(run, tmp_path, monkeypatch):
    """Issue 2 'done means': a human seat plays a whole Chicago Express game against bots
    through `railyard play` (the human's answers are random picks from what is offered)."""
    import random
    import re

    from railyard.cli import terminal_play

    rng = random.Random(11)

    def ask(text, default=None):
        if m := re.search(r"choose 1-(\d+)", text):
            return str(rng.randint(1, int(m[1])))
        m = re.search(r"\((\d+)\.\.(\d+)\)", text)
        assert m, f"unexpected prompt {text!r}"
        return str(rng.randint(int(m[1]), min(int(m[2]), int(m[1]) + 3)))

    monkeypatch.setattr(terminal_play, "ask", ask)
    path = tmp_path / "ce.json"
    result = run("play", "chicago-express", "--seats", "human:Ann,bot", "--seed", "4",
                 "--save", str(path))
    assert result.exit_code == 0, result.output[-2000:]
    game = Game.load(str(path))
    assert game.is_terminal
    winners = " and ".join(game.players[i] for i in game.result().winners)
    assert f"Winner: {winners}" in result.output or f"Winners: {winners}" in result.output
    assert "Ann (human)" in result.output and "Bot 1 (bot): " in result.output
