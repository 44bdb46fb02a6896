"""Issue 23, point 4: chat per game.  Seated players write (the seat's token), spectators
read only; messages are limited in length and rate per seat, kept in the database with the
game (they survive a restart of the server, on SQLite and PostgreSQL, and go when the game
is deleted), announced on the game's live stream, and listed in the OpenAPI document."""
from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.limits import RateLimits
from railyard.web.openapi import CHAT_MAX, CHAT_PER_MINUTE
from railyard.web.storage import ChatRateLimited, Storage

from .toy import SLUG

#: a thread of a test that outlives its client (a request cut off as the app shuts down)
#: fails the test instead of leaving a warning
pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def _app(url):
    return create_app(storage=Storage(url), rate_limits=RateLimits(0, 0))


def _make(client, hotseat=False):
    r = client.post("/api/games", json={"title": SLUG, "hotseat": hotseat, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
        {"kind": "bot"}], "options": {"pile": 50}})
    assert r.status_code == 201, r.text
    return r.json()


def test_seated_players_write_spectators_read_and_it_survives_a_restart(db_url):
    with TestClient(_app(db_url)) as client:
        made = _make(client)
        gid = made["id"]
        ann, bob = (t["token"] for t in made["tokens"])
        r = client.post(f"/api/games/{gid}/chat", headers=_auth(ann),
                        json={"text": "  Good luck, Bob!\r\nNice table.  "})
        assert r.status_code == 201, r.text
        first = r.json()
        assert (first["id"], first["seat"], first["name"]) == (1, 0, "Ann")
        assert first["text"] == "Good luck, Bob!\nNice table."
        assert client.post(f"/api/games/{gid}/chat", headers=_auth(bob),
                           json={"text": "<script>alert(1)</script>"}).status_code == 201
        # a spectator (no token) and a wrong token may not write; nothing is stored
        r = client.post(f"/api/games/{gid}/chat", json={"text": "hello"})
        assert r.status_code == 401 and "seat" in r.json()["error"]["message"]
        r = client.post(f"/api/games/{gid}/chat", headers=_auth("not-a-seat"),
                        json={"text": "hello"})
        assert r.status_code == 403
        # the bot seat's number is not Ann's to speak for
        r = client.post(f"/api/games/{gid}/chat", headers=_auth(ann),
                        json={"text": "I am the bot", "seat": 2})
        assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_seat"
        seen = client.get(f"/api/games/{gid}/chat").json()
        assert seen["can_write"] is False and seen["my_seats"] == []
        assert [(m["name"], m["text"]) for m in seen["messages"]] == [
            ("Ann", "Good luck, Bob!\nNice table."), ("Bob", "<script>alert(1)</script>")]
        mine = client.get(f"/api/games/{gid}/chat", headers=_auth(bob)).json()
        assert mine["can_write"] is True and mine["my_seats"] == [1]
        assert [m["id"] for m in client.get(f"/api/games/{gid}/chat?since=1")
                .json()["messages"]] == [2]
    # a new server on the same database: the chat is still there
    with TestClient(_app(db_url)) as client:
        again = client.get(f"/api/games/{gid}/chat").json()
        assert [m["text"] for m in again["messages"]] == [first["text"],
                                                          "<script>alert(1)</script>"]
        assert again["last"] == 2


def test_length_blank_control_characters_and_unknown_games_are_refused(db_url):
    with TestClient(_app(db_url)) as client:
        made = _make(client)
        gid, ann = made["id"], made["tokens"][0]["token"]
        cases = [({"text": "x" * (CHAT_MAX + 1)}, "malformed"), ({"text": " \n\t "},
                 "empty_message"), ({"text": "bell\x07"}, "bad_text"),
                 ({"text": "nul\x00"}, "bad_text"), ({"text": ""}, "malformed"),
                 ({"text": 5}, "malformed"), ({}, "malformed"), ({"text": "a", "seat": "0"},
                                                                 "bad_seat")]
        for body, code in cases:
            r = client.post(f"/api/games/{gid}/chat", headers=_auth(ann),
                            content=json.dumps(body), )
            assert r.status_code == 415          # JSON only, as every POST
            r = client.post(f"/api/games/{gid}/chat", headers=_auth(ann), json=body)
            assert (r.status_code, r.json()["error"]["code"]) == (400, code), (body, r.text)
            if len(str(body.get("text", ""))) > CHAT_MAX:
                assert f"at most {CHAT_MAX} characters" in r.json()["error"]["message"]
        assert client.post(f"/api/games/{gid}/chat", headers=_auth(ann),
                           json={"text": "x" * CHAT_MAX}).status_code == 201
        assert client.get(f"/api/games/{gid}/chat").json()["last"] == 1
        assert client.get("/api/games/nosuch/chat").status_code == 404
        assert client.post("/api/games/nosuch/chat", headers=_auth(ann),
                           json={"text": "x"}).status_code == 404


def test_rate_is_limited_per_seat_with_retry_after(db_url):
    with TestClient(_app(db_url)) as client:
        made = _make(client)
        gid = made["id"]
        ann, bob = (t["token"] for t in made["tokens"])
        for i in range(CHAT_PER_MINUTE):
            assert client.post(f"/api/games/{gid}/chat", headers=_auth(ann),
                               json={"text": f"m{i}"}).status_code == 201
        r = client.post(f"/api/games/{gid}/chat", headers=_auth(ann), json={"text": "more"})
        assert r.status_code == 429 and 1 <= int(r.headers["retry-after"]) <= 60
        assert "not sent" in r.json()["error"]["message"]
        # another seat has its own allowance
        assert client.post(f"/api/games/{gid}/chat", headers=_auth(bob),
                           json={"text": "my turn to talk"}).status_code == 201
        assert client.get(f"/api/games/{gid}/chat").json()["last"] == CHAT_PER_MINUTE + 1


def test_the_allowance_comes_back_after_a_minute(storage):
    from railyard.web.service import Service
    svc = Service(storage)
    made = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 9})
    gid = made["id"]
    t0 = 1_000_000.0
    for i in range(3):
        storage.add_chat(gid, 0, "Ann", f"m{i}", 3, now=t0 + i)
    with pytest.raises(ChatRateLimited) as exc:
        storage.add_chat(gid, 0, "Ann", "too soon", 3, now=t0 + 30)
    assert exc.value.wait == pytest.approx(30.0)
    assert storage.add_chat(gid, 0, "Ann", "later", 3, now=t0 + 60.5).id == 4
    svc.close()


def test_a_hotseat_host_speaks_for_the_seat_it_names(db_url):
    with TestClient(_app(db_url)) as client:
        made = _make(client, hotseat=True)
        gid, host = made["id"], made["host_token"]
        r = client.post(f"/api/games/{gid}/chat", headers=_auth(host), json={"text": "hi"})
        assert (r.status_code, r.json()["name"]) == (201, "Ann")
        r = client.post(f"/api/games/{gid}/chat", headers=_auth(host),
                        json={"text": "hi Ann", "seat": 1})
        assert (r.status_code, r.json()["name"]) == (201, "Bob")


def test_chat_is_deleted_with_its_game(storage):
    from railyard.web.service import Service
    svc = Service(storage)
    keep = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 9})["id"]
    gone = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 9})["id"]
    for gid in (keep, gone):
        storage.add_chat(gid, 0, "Ann", "hello", 10)
    with storage._tx() as tx:            # deleting a game (no command does it yet)
        tx.execute("DELETE FROM ry_actions WHERE game_id = ?", (gone,))
        tx.execute("DELETE FROM ry_seats WHERE game_id = ?", (gone,))
        tx.execute("DELETE FROM ry_games WHERE id = ?", (gone,))
    assert storage.chat(gone) == [] and [m.text for m in storage.chat(keep)] == ["hello"]
    storage.delete_chat(keep)
    assert storage.chat(keep) == []
    svc.close()


def test_the_live_stream_announces_chat_messages(db_url):
    with TestClient(_app(db_url)) as client:
        made = _make(client)
        gid, ann = made["id"], made["tokens"][0]["token"]
        with client.stream("GET", f"/api/games/{gid}/events?timeout=0.5") as r:
            text = "".join(r.iter_text())
        assert "event: chat" not in text            # no message yet
        client.post(f"/api/games/{gid}/chat", headers=_auth(ann), json={"text": "hi"})
        client.post(f"/api/games/{gid}/chat", headers=_auth(ann), json={"text": "again"})
        with client.stream("GET", f"/api/games/{gid}/events?timeout=0.5") as r:
            text = "".join(r.iter_text())
        assert 'event: chat\ndata: {"last": 2}' in text


def test_the_live_stream_hears_a_message_sent_while_it_is_open(db_url):
    import threading
    import time
    with TestClient(_app(db_url)) as client:
        made = _make(client)
        gid, ann = made["id"], made["tokens"][0]["token"]

        sent = []

        def later():
            time.sleep(0.6)
            sent.append(client.post(f"/api/games/{gid}/chat", headers=_auth(ann),
                                    json={"text": "live"}).status_code)

        poster = threading.Thread(target=later)
        poster.start()
        with client.stream("GET", f"/api/games/{gid}/events?timeout=3") as r:
            text = ""
            for chunk in r.iter_text():
                text += chunk
                if "event: chat" in text:
                    break
        # the stream hears the message when it is committed, before the post is answered
        # (on PostgreSQL its NOTIFY may even come first): the poster's request must end
        # before the client closes, else it is cut off as the app shuts down
        poster.join(10)
        assert not poster.is_alive() and sent == [201]
        assert 'event: chat\ndata: {"last": 1}' in text


def test_chat_is_in_the_openapi_document():
    from railyard.web.openapi import document
    doc = document()
    ops = doc["paths"]["/api/games/{game_id}/chat"]
    # a seat's token or a logged-in account's session cookie (issue 23, part A)
    assert ops["post"]["security"] == [{"seatToken": []}, {"session": []}]
    assert {"201", "400", "401", "403", "404", "429"} <= set(ops["post"]["responses"])
    assert ops["get"]["security"] == [{}, {"seatToken": []}, {"session": []}]
    assert doc["components"]["schemas"]["ChatPost"]["properties"]["text"]["maxLength"] \
        == CHAT_MAX


def test_an_account_writes_in_its_game_with_its_session_and_csrf_token(db_url):
    """Issue 23 (parts A and B together): a logged-in player writes in his account's game
    without a seat link (``requester_seats`` holds the account's seats); the post with the
    session cookie needs the session's CSRF token (403 csrf without it, nothing stored);
    another account's session holds no seat of the game and may only read."""
    from .test_accounts import User
    app = create_app(storage=Storage(db_url), rate_limits=RateLimits(0, 0),
                     secure_cookies="off")
    ann, bob = User(app, "Ann"), User(app, "Bob")
    try:
        made = ann.post("/api/games", {"title": SLUG, "seats": [
            {"kind": "human", "name": "Ann", "me": True}, {"kind": "human", "name": "Cy"},
            {"kind": "bot"}], "options": {"pile": 50}})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        r = ann.client.post(f"/api/games/{gid}/chat", json={"text": "no token"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "csrf"
        assert ann.client.get(f"/api/games/{gid}/chat").json()["messages"] == []
        seen = ann.client.get(f"/api/games/{gid}/chat").json()
        assert seen["can_write"] is True and seen["my_seats"] == [0]
        r = ann.post(f"/api/games/{gid}/chat", {"text": "Hello from my account"})
        assert r.status_code == 201, r.text
        assert (r.json()["seat"], r.json()["name"]) == (0, "Ann")
        # the account's session speaks only for its own seats
        r = ann.post(f"/api/games/{gid}/chat", {"text": "as Cy", "seat": 1})
        assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_seat"
        r = bob.post(f"/api/games/{gid}/chat", {"text": "let me in"})
        assert r.status_code == 403
        assert bob.client.get(f"/api/games/{gid}/chat").json()["can_write"] is False
        texts = [m["text"] for m in bob.client.get(f"/api/games/{gid}/chat").json()["messages"]]
        assert texts == ["Hello from my account"]
    finally:
        ann.close()
        bob.close()
        app.state.service.close()
