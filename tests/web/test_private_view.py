"""Hidden information in the browser: North American Railways keeps players' cash secret
(rulebook: money is held face down).  A seat's page gets the title's ``private_view(seat)``
-- its own cash and nobody else's -- and spectators get the public view only."""
from __future__ import annotations

import json
import random

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.storage import Storage

SLUG = "north-american-railways"


@pytest.fixture
def client(tmp_path):
    pytest.importorskip("railyard.games.nar")
    with TestClient(create_app(storage=Storage(str(tmp_path / "db.sqlite3")))) as c:
        yield c


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def _play_until_cash_differs(client, gid, tokens, live):
    """Random legal actions through the API until the three players' cash all differ."""
    rng = random.Random(4)
    for _ in range(400):
        cash = live.game.state.cash
        if len(set(cash)) == len(cash):
            return list(cash)
        seat = live.game.current_player
        legal = client.get(f"/api/games/{gid}/legal", headers=_auth(tokens[seat])).json()
        c = rng.choice(legal["choices"])
        action = {"type": c["type"], **c.get("fixed", {})}
        for k, r in c.get("ranges", {}).items():
            action[k] = rng.randint(r["min"], r["max"])
        r = client.post(f"/api/games/{gid}/actions", headers=_auth(tokens[seat]),
                        json={"version": legal["version"], "action": action})
        assert r.status_code == 200, r.text
        body = r.json()
        # the answer to an action is the actor's own view, with its next choices
        assert body["view"]["you"] == {"seat": seat, "cash": live.game.state.cash[seat]}
        assert body["legal"]["version"] == body["version"]
    raise AssertionError("cash never differed")


def _server_seed(monkeypatch, seed: int) -> None:
    """The server picks the seed of a title with hidden information; fix its pick."""
    monkeypatch.setattr("railyard.web.service.secrets.randbelow", lambda n: seed)


def test_each_seat_sees_its_own_cash_and_spectators_none(client, monkeypatch):
    _server_seed(monkeypatch, 11)
    made = client.post("/api/games", json={"title": SLUG, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
        {"kind": "human", "name": "Cy"}]}).json()
    gid = made["id"]
    tokens = [t["token"] for t in made["tokens"]]
    live = client.app.state.service.get(gid)
    cash = _play_until_cash_differs(client, gid, tokens, live)

    for seat, tok in enumerate(tokens):
        st = client.get(f"/api/games/{gid}", headers=_auth(tok)).json()
        assert st["viewer"] == seat and st["my_seats"] == [seat]
        assert st["view"]["you"] == {"seat": seat, "cash": cash[seat]}
        assert [p["cash"] for p in st["view"]["players"]] == [None, None, None]
        assert all(t not in json.dumps(st) for t in tokens)

    public = client.get(f"/api/games/{gid}").json()
    assert "you" not in public["view"] and "viewer" not in public
    assert [p["cash"] for p in public["view"]["players"]] == [None, None, None]
    # a wrong token is a spectator, not a seat
    assert "you" not in client.get(f"/api/games/{gid}", headers=_auth("nope")).json()["view"]


def test_hotseat_token_sees_the_private_view_of_the_seat_to_act(client, monkeypatch):
    _server_seed(monkeypatch, 3)
    made = client.post("/api/games", json={"title": SLUG, "hotseat": True, "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]}).json()
    gid, host = made["id"], made["host_token"]
    live = client.app.state.service.get(gid)
    st = client.get(f"/api/games/{gid}", headers=_auth(host)).json()
    cp = live.game.current_player
    assert cp in (0, 1) and st["viewer"] == cp
    assert st["view"]["you"] == {"seat": cp, "cash": live.game.state.cash[cp]}


def test_titles_without_secrets_serve_one_public_view_to_everyone(client):
    made = client.post("/api/games", json={"title": "chicago-express", "seats": [
        {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], "seed": 1}).json()
    gid, tok = made["id"], made["tokens"][0]["token"]
    mine = client.get(f"/api/games/{gid}", headers=_auth(tok)).json()
    public = client.get(f"/api/games/{gid}").json()
    assert "viewer" not in mine and mine["view"] == public["view"]
