"""The story is the same in the terminal and in the game JSON the browser reads: a game
played in the terminal (``railyard play``), shown again (``railyard show``) and imported
into the web service tells the same sentences in the same order."""
from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from railyard.engine.game import Game
from railyard.web.app import create_app
from railyard.web.storage import Storage


def _in_order(output: str, texts: list[str]) -> list[str]:
    """The texts not found, in order, each at the end of a line of ``output``."""
    lines = [line.rstrip() for line in output.splitlines()]
    pos = 0
    for k, text in enumerate(texts):
        while pos < len(lines) and not lines[pos].endswith(text):
            pos += 1
        if pos == len(lines):
            return texts[k:]
        pos += 1
    return []


@pytest.mark.parametrize("title,seats", [("chicago-express", "bot,bot,bot"),
                                         ("north-american-railways", "bot,bot,bot"),
                                         ("american-rails", "bot,bot,bot")])
def test_terminal_show_and_api_tell_the_same_story(run, tmp_path, title, seats):
    path = tmp_path / "g.json"
    played = run("play", title, "--seats", seats, "--seed", "7", "--save", str(path))
    assert played.exit_code == 0, played.output
    game = Game.load(str(path))
    assert game.is_terminal
    story = game.story()
    texts = [e["text"] for e in story]
    assert len(texts) > len(game.log)            # automatic events beside the actions
    assert _in_order(played.output, texts) == []
    shown = run("show", str(path), "--tail", "100000")
    assert shown.exit_code == 0
    assert _in_order(shown.output, texts) == []
    for part in game.end_summary()["players"]:   # the terminal shows how scores came about
        assert f"{game.players[part['seat']]}: ${part['score']}" in shown.output
    with TestClient(create_app(storage=Storage(str(tmp_path / "db.sqlite3")))) as client:
        r = client.post("/api/games/import", json={"save": json.loads(path.read_text())})
        assert r.status_code in (200, 201), r.text
        st = client.get(f"/api/games/{r.json()['id']}").json()
    assert st["story_count"] == len(story)
    assert st["story"] == story[-len(st["story"]):]
    assert st["end"] == game.end_summary()
