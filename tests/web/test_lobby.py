"""The lobby's API (issue 11, point 4; issue 14, point 5): the games of a browser with whose
turn it is, open seats joined from the lobby, a finished game's rematch with the same seats,
and bot kinds per seat -- on SQLite and PostgreSQL."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.service import Service
from railyard.web.storage import Storage

from .toy import SLUG


@pytest.fixture
def client(db_url):
    app = create_app(storage=Storage(db_url))
    with TestClient(app) as c:
        yield c


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def _make(client, seats, pile=20, **extra):
    r = client.post("/api/games", json={"title": SLUG, "seats": seats, "options": {"pile": pile},
                                        **extra})
    assert r.status_code == 201, r.text
    return r.json()


def _tokens(made):
    return {t["seat"]: t["token"] for t in made["tokens"]}


def _take(client, gid, token, version, amount=1):
    r = client.post(f"/api/games/{gid}/actions", headers=_auth(token),
                    json={"version": version, "action": {"type": "take", "amount": amount}})
    assert r.status_code == 200, r.text
    return r.json()


def test_my_games_say_whose_turn_it_is(client):
    one = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    two = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "name": "Rob"}])
    t1, t2 = _tokens(one), _tokens(two)
    _take(client, one["id"], t1[0], 0)                       # Bob's turn in game one
    mine = [{"id": one["id"], "token": t1[0]}, {"id": two["id"], "token": t2[0]},
            {"id": one["id"], "token": "not-a-token"}, {"id": "nosuchgame", "token": t1[0]}]
    r = client.post("/api/games/mine", json={"games": mine})
    assert r.status_code == 200, r.text
    games = r.json()["games"]
    assert [g["id"] for g in games] == [one["id"], two["id"]]     # unknown ones left out
    g1, g2 = games
    assert g1["to_act"] == ["Bob"] and g1["my_seats"] == [0] and g1["my_turn"] is False
    assert g2["to_act"] == ["Ann"] and g2["my_seats"] == [0] and g2["my_turn"] is True
    assert g1["title_name"] == "Toy Stones" and g1["players"] == ["Ann", "Bob"]
    r = client.post("/api/games/mine", json={"games": [{"id": one["id"], "token": t1[1]}]})
    [g] = r.json()["games"]
    assert g["my_seats"] == [1] and g["my_turn"] is True
    assert g1["thinking"] == [] and g2["thinking"] == []
    # a bot to act is named as thinking (this server's bots are stopped: it stays so)
    client.app.state.service.bots.stop()
    three = _make(client, [{"kind": "bot", "name": "Rob"}, {"kind": "human", "name": "Ann"}])
    r = client.post("/api/games/mine",
                    json={"games": [{"id": three["id"], "token": _tokens(three)[1]}]})
    [g] = r.json()["games"]
    assert g["my_turn"] is False and g["thinking"] == ["Rob"] and g["to_act"] == ["Rob"]
    for bad in ({"games": "x"}, {"games": [{"id": 3, "token": "t"}]}, {},
                {"games": [{"id": "a", "token": "t"}] * 201}):
        r = client.post("/api/games/mine", json=bad)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"


def test_open_seats_are_listed_and_joined_once(client):
    made = _make(client, [{"kind": "human", "name": "Ann"},
                          {"kind": "human", "name": "Guest", "open": True}])
    gid = made["id"]
    assert [t["seat"] for t in made["tokens"]] == [0]           # no token for the open seat
    [listed] = [g for g in client.get("/api/games").json()["games"] if g["id"] == gid]
    assert listed["open_seats"] == [{"seat": 1, "name": "Guest"}]
    r = client.post(f"/api/games/{gid}/join", json={"seat": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1})
    assert r.status_code == 200, r.text
    guest = r.json()["token"]
    assert r.json()["seat"] == 1 and r.json()["name"] == "Guest"
    again = client.post(f"/api/games/{gid}/join", json={"seat": 1})
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    r = client.post("/api/games", json={"title": SLUG, "hotseat": True, "seats": [
        {"kind": "human"}, {"kind": "human", "open": True}]})
    assert r.status_code == 400 and "open seats" in r.json()["error"]["message"]
    for bad in ({"seat": 7}, {"seat": "1"}, {"seat": True}, {}):
        r = client.post(f"/api/games/{gid}/join", json=bad)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_seat"
    assert client.post("/api/games/nope/join", json={"seat": 1}).status_code == 404
    [listed] = [g for g in client.get("/api/games").json()["games"] if g["id"] == gid]
    assert listed["open_seats"] == []
    _take(client, gid, _tokens(made)[0], 0)
    st = _take(client, gid, guest, 1)                          # the guest's token acts
    assert st["view"]["taken"] == [1, 1]


def test_joined_seat_is_known_to_another_worker(db_url):
    a, b = Service(Storage(db_url)), Service(Storage(db_url))
    made = a.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}],
                    {"pile": 9})
    gid = made["id"]
    assert b.state(gid)["version"] == 0                        # b holds the game, seat open
    guest = a.join(gid, 1)["token"]
    a.act(gid, made["tokens"][0]["token"], 0, {"type": "take", "amount": 1})
    assert b.act(gid, guest, 1, {"type": "take", "amount": 2})["view"]["pile"] == 6
    a.close()
    b.close()


def test_rematch_of_a_finished_game(client):
    made = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                          {"kind": "bot", "name": "Rob", "bot": "random"}], pile=4)
    gid, tok = made["id"], _tokens(made)
    r = client.post(f"/api/games/{gid}/rematch", headers=_auth(tok[0]), json={})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
    _take(client, gid, tok[0], 0, 1)
    _take(client, gid, tok[1], 1, 3)                           # Bob takes the last stones
    assert client.get(f"/api/games/{gid}").json()["status"] == "finished"
    assert client.get(f"/api/games/{gid}/rematch").json() == {"rematch": None}
    assert client.post(f"/api/games/{gid}/rematch", json={}).status_code == 401
    r = client.post(f"/api/games/{gid}/rematch", headers=_auth(tok[1]), json={})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != gid and [t["seat"] for t in new["tokens"]] == [1]
    assert [(s["kind"], s["name"], s.get("bot")) for s in new["seats"]] == \
        [("human", "Ann", None), ("human", "Bob", None), ("bot", "Rob", "random")]
    assert client.get(f"/api/games/{gid}/rematch").json() == {"rematch": new["id"]}
    # Ann asks too: the same rematch, her seat (kept for her, not open to strangers)
    r = client.post(f"/api/games/{gid}/rematch", headers=_auth(tok[0]), json={})
    assert r.status_code == 200 and r.json()["id"] == new["id"]
    assert [t["seat"] for t in r.json()["tokens"]] == [0]
    ann = r.json()["tokens"][0]["token"]
    assert client.post(f"/api/games/{new['id']}/join", json={"seat": 0}).status_code == 409
    st = client.get(f"/api/games/{new['id']}").json()
    assert st["title"] == SLUG and st["players"] == ["Ann", "Bob", "Rob"]
    assert st["options"] == {"pile": 4} and st["status"] == "active" and st["version"] == 0
    svc = client.app.state.service
    assert svc.storage.get_game(new["id"]).seed != svc.storage.get_game(gid).seed
    # the new tokens act in the rematch; the old ones do not
    r = client.post(f"/api/games/{new['id']}/actions", headers=_auth(tok[0]),
                    json={"version": 0, "action": {"type": "take", "amount": 1}})
    assert r.status_code == 403
    _take(client, new["id"], ann, 0, 1)


def test_rematch_of_a_hotseat_game_gives_a_hotseat_token(client):
    made = _make(client, [{"kind": "human"}, {"kind": "human"}], pile=2, hotseat=True)
    gid, host = made["id"], made["host_token"]
    _take(client, gid, host, 0, 2)
    r = client.post(f"/api/games/{gid}/rematch", headers=_auth(host), json={})
    assert r.status_code == 201 and "host_token" in r.json()
    new, host2 = r.json()["id"], r.json()["host_token"]
    st = client.get(f"/api/games/{new}", headers=_auth(host2)).json()
    assert st["my_seats"] == [0, 1]


def test_bot_kinds_per_seat(client):
    titles = {t["slug"]: t for t in client.get("/api/titles").json()["titles"]}
    assert titles[SLUG]["bot_kinds"] == ["random"]
    ce = titles.get("chicago-express")
    if ce is not None:           # the real small games have the search bot's levels
        assert {"random", "rules", "mcts:easy", "mcts:normal", "mcts:hard"} <= set(ce["bot_kinds"])
    r = client.post("/api/games", json={"title": SLUG, "options": {"pile": 5}, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "mcts:hard"}]})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_seats"
    assert "no mcts:hard bot" in r.json()["error"]["message"]
    r = client.post("/api/games", json={"title": SLUG, "options": {"pile": 5}, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "cleverest"}]})
    assert r.status_code == 400 and "Unknown bot kind" in r.json()["error"]["message"]
    made = _make(client, [{"kind": "human"}, {"kind": "bot", "bot": "Random"}, {"kind": "bot"}])
    st = client.get(f"/api/games/{made['id']}").json()
    assert [s.get("bot") for s in st["seats"]] == [None, "random", "default"]


def test_chicago_express_bot_seat_keeps_its_kind(db_url):
    pytest.importorskip("railyard.games.chicago_express")
    svc = Service(Storage(db_url))
    made = svc.create("chicago-express", [{"kind": "human", "name": "Ann"},
                                          {"kind": "bot", "bot": "mcts:easy"},
                                          {"kind": "bot", "bot": "rules"}])
    gid = made["id"]
    assert [s.get("bot") for s in svc.state(gid)["seats"]] == [None, "mcts:easy", "rules"]
    svc.close()
    again = Service(Storage(db_url))
    live = again.get(gid)
    assert [s.bot for s in live.seats] == [None, "mcts:easy", "rules"]
    again.close()


def test_databases_of_older_servers_get_the_new_seat_columns(db_url):
    """A database made before bot kinds, open seats and rematches: its games load, its bot
    seats play the default bot and the new columns are added at start-up."""
    old = Storage(db_url)
    with old._tx() as tx:
        # (nor had it the chat nor the schema's version table of issue 23)
        for table in ("ry_chat", "ry_actions", "ry_seats", "ry_games", "ry_schema"):
            tx.execute(f"DROP TABLE {table}")
        tx.execute("CREATE TABLE ry_games (id TEXT PRIMARY KEY, title TEXT NOT NULL, players "
                   "TEXT NOT NULL, seed BIGINT NOT NULL, options TEXT NOT NULL, created TEXT "
                   "NOT NULL, host_token_hash TEXT, status TEXT NOT NULL, to_act TEXT NOT "
                   "NULL, version INTEGER NOT NULL, bot_due INTEGER NOT NULL DEFAULT 0)")
        tx.execute("CREATE TABLE ry_seats (game_id TEXT NOT NULL REFERENCES ry_games(id), "
                   "seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, "
                   "token_hash TEXT, PRIMARY KEY (game_id, seat))")
        tx.execute("CREATE TABLE ry_actions (game_id TEXT NOT NULL REFERENCES ry_games(id), "
                   "idx INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER, body TEXT NOT "
                   "NULL, created TEXT NOT NULL, PRIMARY KEY (game_id, idx))")
        tx.execute("INSERT INTO ry_games VALUES ('old1', ?, ?, 5, ?, '2026-01-01T00:00:00', "
                   "NULL, 'active', '[0]', 0, 0)", (SLUG, '["Ann", "Rob"]', '{"pile": 6}'))
        tx.execute("INSERT INTO ry_seats VALUES ('old1', 0, 'human', 'Ann', 'x')")
        tx.execute("INSERT INTO ry_seats VALUES ('old1', 1, 'bot', 'Rob', NULL)")
    old.close()
    svc = Service(Storage(db_url))
    st = svc.state("old1")
    assert [s.get("bot") for s in st["seats"]] == [None, "default"]
    assert svc.storage.rematch("old1") is None
    [listed] = svc.list()
    assert listed["open_seats"] == []
    svc.close()
