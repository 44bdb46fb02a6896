"""The JSON API through Starlette's test client, on SQLite and PostgreSQL."""
from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from railyard.web.api import MAX_BODY, MAX_IMPORT
from railyard.web.app import create_app
from railyard.web.storage import Storage

from .toy import SLUG


@pytest.fixture
def client(db_url):
    app = create_app(storage=Storage(db_url))
    with TestClient(app) as c:
        yield c


def _make(client, seats=None, **extra):
    seats = seats or [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    r = client.post("/api/games", json={"title": SLUG, "seats": seats,
                                        "options": {"pile": 12}, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def test_create_read_act_and_finish(client):
    made = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    gid = made["id"]
    assert [t["seat"] for t in made["tokens"]] == [0] and len(made["tokens"][0]["token"]) >= 32
    tok = made["tokens"][0]["token"]
    st = client.get(f"/api/games/{gid}").json()
    assert st["status"] == "active" and st["result"] is None and st["version"] == 0
    assert "token" not in json.dumps(st) and tok not in json.dumps(st)
    legal = client.get(f"/api/games/{gid}/legal", headers=_auth(tok)).json()
    assert legal["choices"] == [{"type": "take", "player": 0, "label": "Take stones",
                                 "ranges": {"amount": {"min": 1, "max": 3}}}]
    version = 0
    while True:
        r = client.post(f"/api/games/{gid}/actions", headers=_auth(tok),
                        json={"version": version, "action": {"type": "take", "amount": 1}})
        assert r.status_code == 200, r.text
        st = r.json()
        version = st["version"]
        if st["status"] == "finished":
            break
        # the answer comes before the bot thinks (outside the request), with no choices
        assert st["current_player"] == 1 and st["legal"]["choices"] == []
        assert client.app.state.service.wait_bots_idle()
        st = client.get(f"/api/games/{gid}?legal=1", headers=_auth(tok)).json()
        version = st["version"]
        if st["status"] == "finished":
            break
        assert st["current_player"] == 0          # the bot has answered
        # one request gives the state and the token's next choices
        assert st["legal"]["version"] == version and st["legal"]["choices"][0]["type"] == "take"
    assert st["result"]["winners"] and st["view"]["pile"] == 0
    mine = client.get(f"/api/games/{gid}?legal=1", headers=_auth(tok)).json()
    assert mine["legal"] == {"version": st["version"], "seats": [0], "current_player": None,
                             "choices": [], "undo": False}
    assert "legal" not in client.get(f"/api/games/{gid}?legal=1").json()    # spectators
    assert client.get(f"/api/games/{gid}").json()["result"] == st["result"]
    listed = client.get("/api/games").json()["games"]
    assert [g["status"] for g in listed if g["id"] == gid] == ["finished"]


def test_bad_requests_change_nothing(client):
    made = _make(client)
    gid, t0, t1 = made["id"], made["tokens"][0]["token"], made["tokens"][1]["token"]
    url = f"/api/games/{gid}/actions"
    take = {"type": "take", "amount": 1}
    cases = [
        (client.post(url, json={"version": 0, "action": take}), 401, "bad_token"),
        (client.post(url, headers=_auth("nope"), json={"version": 0, "action": take}), 403,
         "bad_token"),
        (client.post(url, headers=_auth(t1), json={"version": 0,
                                                    "action": {**take, "player": 0}}), 403,
         "wrong_seat"),
        (client.post(url, headers=_auth(t1), json={"version": 0, "action": take}), 422,
         "wrong_player"),
        (client.post(url, headers=_auth(t0), json={"version": 0,
                                                    "action": {"type": "take", "amount": 9}}),
         422, "not_allowed"),
        (client.post(url, headers=_auth(t0), json={"version": 0,
                                                    "action": {"type": "take"}}), 422,
         "malformed"),
        (client.post(url, headers={**_auth(t0), "content-type": "application/json"},
                     content=b"{not json"), 400, "malformed_json"),
        (client.post(url, headers=_auth(t0), json=[1, 2]), 400, "malformed"),
        (client.post(url, headers=_auth(t0), json={"action": take}), 400, "malformed"),
        (client.post(url, headers=_auth(t0), json={"version": 5, "action": take}), 409, "stale"),
        (client.post(url, headers={**_auth(t0), "content-type": "application/json"},
                     content=b"x" * (MAX_BODY + 1)), 413, "too_large"),
        (client.post("/api/games/nosuch/actions", headers=_auth(t0),
                     json={"version": 0, "action": take}), 404, "unknown_game"),
        (client.get("/api/games/nosuch"), 404, "unknown_game"),
        (client.get(f"/api/games/{gid}/legal"), 401, "bad_token"),
        (client.post("/api/games", json={"title": "nope", "seats": [{"kind": "bot"}]}), 400,
         "unknown_title"),
        (client.post("/api/games", json={"title": SLUG, "seats": [{"kind": "alien"}]}), 400,
         "bad_seats"),
        (client.post("/api/games", json={"title": SLUG, "seats": [{"kind": "bot"}],
                                          "options": {"colour": 1}}), 400, "bad_options"),
    ]
    for resp, status, code in cases:
        assert (resp.status_code, resp.json()["error"]["code"]) == (status, code), resp.text
    illegal = client.post(url, headers=_auth(t0), json={"version": 0, "action": {
        "type": "take", "amount": 9}}).json()
    assert illegal["reason"]["code"] == "not_allowed" and "1 to 3" in illegal["error"]["message"]
    stale = client.post(url, headers=_auth(t0), json={"version": 3, "action": take}).json()
    assert stale["state"]["version"] == 0
    st = client.get(f"/api/games/{gid}").json()
    assert st["version"] == 0 and st["view"]["pile"] == 12


def test_duplicate_submission_is_refused(client):
    made = _make(client)
    gid, t0 = made["id"], made["tokens"][0]["token"]
    body = {"version": 0, "action": {"type": "take", "amount": 2}}
    assert client.post(f"/api/games/{gid}/actions", headers=_auth(t0), json=body).status_code == 200
    again = client.post(f"/api/games/{gid}/actions", headers=_auth(t0), json=body)
    assert again.status_code == 409 and again.json()["state"]["view"]["pile"] == 10


def test_undo_only_own_last_action(client):
    made = _make(client)
    gid, t0, t1 = made["id"], made["tokens"][0]["token"], made["tokens"][1]["token"]
    act = f"/api/games/{gid}/actions"
    client.post(act, headers=_auth(t0), json={"version": 0, "action": {"type": "take", "amount": 2}})
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(t1), json={"version": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_yours"
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(t0), json={"version": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(t0), json={"version": 1})
    assert r.status_code == 200 and r.json()["view"]["pile"] == 12 and r.json()["version"] == 2
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(t0), json={"version": 2})
    assert r.json()["error"]["code"] == "nothing_to_undo"
    client.post(act, headers=_auth(t0), json={"version": 2, "action": {"type": "take", "amount": 1}})
    client.post(act, headers=_auth(t1), json={"version": 3, "action": {"type": "take", "amount": 1}})
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(t0), json={"version": 4})
    assert r.status_code == 409          # Bob has acted since


def test_hotseat_token_acts_for_every_human_seat(client):
    made = _make(client, [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"}], hotseat=True)
    gid, host = made["id"], made["host_token"]
    r = client.post(f"/api/games/{gid}/actions", headers=_auth(host),
                    json={"version": 0, "action": {"type": "take", "amount": 1}})
    assert r.json()["current_player"] == 1          # the bot answers after the response
    assert client.app.state.service.wait_bots_idle()
    st = client.get(f"/api/games/{gid}", headers=_auth(host)).json()
    assert st["current_player"] == 2 and st["my_seats"] == [0, 2]
    r = client.post(f"/api/games/{gid}/actions", headers=_auth(host),
                    json={"version": st["version"], "action": {"type": "take", "amount": 1}})
    assert r.status_code == 200 and r.json()["view"]["taken"][2] == 1


def test_export_import_roundtrip_and_limits(client):
    made = _make(client)
    gid, t0 = made["id"], made["tokens"][0]["token"]
    client.post(f"/api/games/{gid}/actions", headers=_auth(t0),
                json={"version": 0, "action": {"type": "take", "amount": 3}})
    save = client.get(f"/api/games/{gid}/export").json()
    assert save["format"] == "railyard-save" and save["action_count"] == 1
    r = client.post("/api/games/import", json={"save": save})
    assert r.status_code == 201
    copy = client.get(f"/api/games/{r.json()['id']}").json()
    assert copy["view"] == {**client.get(f"/api/games/{gid}").json()["view"]}
    assert len(r.json()["tokens"]) == 2
    tampered = json.loads(json.dumps(save))
    tampered["actions"][0]["action"]["amount"] = 2
    bad = client.post("/api/games/import", json={"save": tampered})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "tampered"
    big = client.post("/api/games/import", content=b" " * (MAX_IMPORT + 1),
                      headers={"content-type": "application/json"})
    assert big.status_code == 413
    assert client.post("/api/games/import", json={"save": {"x": 1}}).status_code == 400


def test_player_text_is_escaped_in_pages_and_svg(client):
    evil = '<script>alert(1)</script>'
    made = _make(client, [{"kind": "human", "name": evil}, {"kind": "bot"}])
    gid = made["id"]
    for path in ("/", f"/games/{gid}", f"/api/games/{gid}/board.svg"):
        body = client.get(path).text
        assert evil not in body and "&lt;script&gt;" in body, path
    page = client.get(f"/games/{gid}")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert made["tokens"][0]["token"] not in page.text


def test_openapi_and_titles(client):
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/legal", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/events", "/api/games/import",
                 "/api/games/{game_id}/routes/check", "/api/games/{game_id}/routes/auto"):
        assert path in doc["paths"]
    routes = {r.path for r in client.app.routes if hasattr(r, "path")}
    assert set(doc["paths"]) <= routes
    titles = {t["slug"] for t in client.get("/api/titles").json()["titles"]}
    assert SLUG in titles


def test_events_stream_reports_new_versions(client):
    made = _make(client)
    gid, t0 = made["id"], made["tokens"][0]["token"]
    client.post(f"/api/games/{gid}/actions", headers=_auth(t0),
                json={"version": 0, "action": {"type": "take", "amount": 1}})
    with client.stream("GET", f"/api/games/{gid}/events?since=0&timeout=0.5") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        text = "".join(r.iter_text())
    assert 'data: {"version": 1}' in text
    with client.stream("GET", f"/api/games/{gid}/events?since=1&timeout=0.5") as r:
        assert "event: version" not in "".join(r.iter_text())
    assert client.get("/api/games/nosuch/events").status_code == 404


def test_import_of_an_18xx_games_export(client):
    pytest.importorskip("railyard.eighteen.import18xx")
    path = "/work/shared/fixtures/18xx-games/1830/26855.json"
    try:
        with open(path, encoding="utf-8") as fh:
            export = json.load(fh)
    except OSError:
        pytest.skip(f"fixture {path} is missing")
    r = client.post("/api/games/import", json={"save": export})
    assert r.status_code == 201, r.text
    st = client.get(f"/api/games/{r.json()['id']}").json()
    assert st["title"] == "1830" and st["action_count"] > 100
    assert len(r.json()["tokens"]) == len(export["players"])
    broken = dict(export, actions=export["actions"][:5] + [{"type": "nonsense", "id": 1}])
    r = client.post("/api/games/import", json={"save": broken})
    assert r.status_code == 400 and r.json()["error"]["code"]


def test_tile_previews(client):
    pytest.importorskip("railyard.games.g1830")
    r = client.post("/api/games", json={"title": "1830", "seats": [{"kind": "human"}] * 4})
    gid = r.json()["id"]
    ok = client.get(f"/api/games/{gid}/tile.svg?tile=57&rotation=1")
    assert ok.status_code == 200 and ok.headers["content-type"].startswith("image/svg+xml")
    assert ok.text != client.get(f"/api/games/{gid}/tile.svg?tile=57&rotation=2").text
    for q in ("tile=nope&rotation=0", "tile=57"):
        assert client.get(f"/api/games/{gid}/tile.svg?{q}").status_code in (200, 404)
    assert client.get(f"/api/games/{gid}/tile.svg?tile=nope&rotation=0").status_code == 404
    # issue 23: the rotation is 0..5, as the OpenAPI document says
    assert client.get(f"/api/games/{gid}/tile.svg?tile=57&rotation=x").status_code == 400
    made = _make(client)
    assert client.get(f"/api/games/{made['id']}/tile.svg?tile=57").status_code == 404


def test_hidden_information_game_is_exported_only_when_over(client):
    pytest.importorskip("railyard.games.nar")
    r = client.post("/api/games", json={"title": "north-american-railways",
                                        "seats": [{"kind": "human"}] * 3})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    blocked = client.get(f"/api/games/{gid}/export")
    assert blocked.status_code == 403 and blocked.json()["error"]["code"] == "hidden_information"
    st = client.get(f"/api/games/{gid}").json()
    assert "seed" not in st and "seed" not in json.dumps(st["view"]).lower()


def test_second_worker_streams_the_first_ones_move(db_url):
    with TestClient(create_app(storage=Storage(db_url))) as a, \
            TestClient(create_app(storage=Storage(db_url))) as b:
        made = _make(a)
        gid, t0 = made["id"], made["tokens"][0]["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 0   # b holds it in memory
        a.post(f"/api/games/{gid}/actions", headers=_auth(t0),
               json={"version": 0, "action": {"type": "take", "amount": 1}})
        with b.stream("GET", f"/api/games/{gid}/events?since=0&timeout=1.6") as r:
            text = "".join(r.iter_text())
        assert 'data: {"version": 1}' in text
        assert b.get(f"/api/games/{gid}").json()["view"]["pile"] == 11


def test_seed_written_with_a_fraction_part_of_zero_is_the_whole_number(client):
    """The document's seed is a JSON Schema "integer", which 7.0 is: the server takes it as
    7 (the same game as seed 7); 7.5 is refused."""
    a = _make(client, seed=7.0)
    b = _make(client, seed=7)
    sa = client.get(f"/api/games/{a['id']}/export").json()
    sb = client.get(f"/api/games/{b['id']}/export").json()
    assert sa["seed"] == sb["seed"] == 7 and isinstance(sa["seed"], int)
    r = client.post("/api/games", json={"title": SLUG, "seed": 7.5, "seats": [
        {"kind": "human"}, {"kind": "human"}], "options": {"pile": 12}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_seed"


def test_a_blank_joining_name_is_refused_by_the_documented_pattern(client):
    """JoinRequest.name's pattern (something not blank) is what the server checks: 400
    bad_name for blanks, as the document says; the seat stays open."""
    from railyard.web.openapi import document
    name = document()["components"]["schemas"]["JoinRequest"]["properties"]["name"]
    assert name["pattern"] == r"\S"
    gid = _make(client, seats=[{"kind": "human", "name": "Ann"},
                               {"kind": "human", "open": True}])["id"]
    for blank in (" ", "\t \u3000"):
        r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "name": blank})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "name": " Bo "})
    assert r.status_code == 200 and r.json()["name"] == "Bo"
