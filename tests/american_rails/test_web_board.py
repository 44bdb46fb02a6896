"""Through the HTTP API, American Rails' `board` option is content, never a path on the
server (issue 15 point 1), and the former slug still names the game."""
import json

import pytest
from starlette.testclient import TestClient

from railyard.games.american_rails.board import published_text
from railyard.web.app import create_app
from railyard.web.storage import Storage

SEATS = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(storage=Storage(str(tmp_path / "ry.sqlite3")))) as c:
        yield c


@pytest.mark.parametrize("value", ["/dev/zero", "/etc/passwd", "../railyard.sqlite3", 7])
def test_a_path_or_other_value_is_a_clear_400(client, value):
    r = client.post("/api/games", json={"title": "american-rails", "seats": SEATS,
                                        "options": {"board": value}})
    assert r.status_code == 400
    err = r.json()["error"]
    assert err["code"] == "bad_board" and "content" in err["message"]
    assert "/etc/passwd" not in err["message"]          # nothing about the path is told
    assert client.get("/api/games").json()["games"] == []


def test_board_content_is_stored_with_the_game_and_exported(client):
    board = json.loads(published_text())
    board["title"] = "corrected board"
    board["cities"][0]["full"] = 5
    r = client.post("/api/games", json={"title": "american-rails", "seats": SEATS,
                                        "options": {"board": json.dumps(board)}})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    state = client.get(f"/api/games/{gid}").json()
    assert state["view"]["board"]["title"] == "corrected board"
    buffalo = [h for h in state["view"]["hexes"] if h.get("name") == "Buffalo"][0]
    assert buffalo["full"] == 5
    exported = client.get(f"/api/games/{gid}/export").json()
    assert exported["options"]["board"]["title"] == "corrected board"


def test_bad_content_names_the_field(client):
    board = json.loads(published_text())
    board["cities"][1]["shared"] = 7
    r = client.post("/api/games", json={"title": "american-rails", "seats": SEATS,
                                        "options": {"board": board}})
    assert r.status_code == 400
    assert "city Syracuse" in r.json()["error"]["message"]
    assert "'shared'" in r.json()["error"]["message"]


def test_the_new_game_page_default_creates_a_game(client):
    """The page sends every option as shown: the untouched text field holds 'published'."""
    titles = client.get("/api/titles").json()["titles"]
    spec = [t for t in titles if t["slug"] == "american-rails"][0]["options"][0]
    assert spec["name"] == "board" and spec["default"] == "published"
    r = client.post("/api/games", json={"title": "american-rails", "seats": SEATS,
                                        "options": {"board": spec["default"]}})
    assert r.status_code == 201, r.text


def test_the_former_slug_creates_american_rails(client):
    r = client.post("/api/games", json={"title": "six-companies", "seats": SEATS})
    assert r.status_code == 201, r.text
    game = client.get(f"/api/games/{r.json()['id']}").json()
    assert game["view"]["title"] == "american-rails"
