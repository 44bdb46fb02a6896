"""Requests the event loop answers itself (issue 15, point 7): on PostgreSQL an action is
applied and appended from the loop (an async connection, no thread), and a read of a
version the bots just committed is answered from bytes prepared ahead; both give exactly
what the thread paths give, and fall back to them whenever they cannot."""
from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.service import Service
from railyard.web.storage import Entry, Storage, pg_sync

from .toy import SLUG


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def _no_thread(*args, **kwargs):
    raise AssertionError("this request was to be answered on the event loop")


@pytest.fixture
def pg_client(pg_url):
    store = Storage(pg_url)
    with store._tx() as tx:
        tx.execute("DELETE FROM ry_actions")
        tx.execute("DELETE FROM ry_seats")
        tx.execute("DELETE FROM ry_games")
    app = create_app(storage=store)
    with TestClient(app) as c:
        yield c


def _make(client, seats):
    r = client.post("/api/games", json={"title": SLUG, "seats": seats,
                                        "options": {"pile": 12}})
    assert r.status_code == 201, r.text
    return r.json()


def test_an_action_is_applied_and_stored_by_the_loop(pg_client, pg_url, monkeypatch):
    made = _make(pg_client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    gid, ann = made["id"], made["tokens"][0]["token"]
    monkeypatch.setattr(Service, "act", _no_thread)
    r = pg_client.post(f"/api/games/{gid}/actions", headers=_auth(ann),
                       json={"version": 0, "action": {"type": "take", "amount": 2}})
    assert r.status_code == 200, r.text
    st = r.json()
    assert st["version"] == 1 and st["current_player"] == 1 and st["legal"]["choices"] == []
    assert st["my_seats"] == [0]
    # stored: another process's view of the database has it
    other = Storage(pg_url)
    try:
        entries = other.entries(gid, 0)
        assert [(e.idx, e.seat, e.body["amount"]) for e in entries] == [(0, 0, 2)]
        assert other.version(gid) == 1
    finally:
        other.close()


def test_refusals_on_the_loop_change_nothing(pg_client, monkeypatch):
    made = _make(pg_client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    gid, ann, bob = made["id"], made["tokens"][0]["token"], made["tokens"][1]["token"]
    monkeypatch.setattr(Service, "act", _no_thread)
    # an illegal amount: 422 with the engine's reason; the wrong seat: 403
    r = pg_client.post(f"/api/games/{gid}/actions", headers=_auth(ann),
                       json={"version": 0, "action": {"type": "take", "amount": 9}})
    assert r.status_code == 422, r.text
    r = pg_client.post(f"/api/games/{gid}/actions", headers=_auth(bob),
                       json={"version": 0, "action": {"type": "take", "amount": 1,
                                                      "player": 0}})
    assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_seat"
    monkeypatch.undo()
    st = pg_client.get(f"/api/games/{gid}").json()
    assert st["version"] == 0 and st["view"]["pile"] == 12


def test_a_lost_race_on_the_loop_is_refused_with_the_state_read_again(pg_client, pg_url):
    made = _make(pg_client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    gid, ann = made["id"], made["tokens"][0]["token"]
    assert pg_client.get(f"/api/games/{gid}").json()["version"] == 0     # in memory at 0
    # another server appends Ann's move first (this one's memory still says version 0)
    other = Storage(pg_url)
    try:
        other.append(gid, 0, [Entry(0, "action", 0, {"type": "take", "player": 0,
                                                     "amount": 3})], "active", [1])
    finally:
        other.close()
    r = pg_client.post(f"/api/games/{gid}/actions", headers=_auth(ann),
                       json={"version": 0, "action": {"type": "take", "amount": 1}})
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["error"]["code"] == "stale"
    assert body["state"]["version"] == 1 and body["state"]["view"]["pile"] == 9
    st = pg_client.get(f"/api/games/{gid}").json()
    assert st["version"] == 1 and st["view"]["pile"] == 9


def test_reads_after_the_bots_come_from_prepared_bytes(pg_client, monkeypatch):
    made = _make(pg_client, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    gid, ann = made["id"], made["tokens"][0]["token"]
    svc = pg_client.app.state.service
    r = pg_client.post(f"/api/games/{gid}/actions", headers=_auth(ann),
                       json={"version": 0, "action": {"type": "take", "amount": 1}})
    assert r.status_code == 200
    assert svc.wait_bots_idle()
    version = svc.peek_version(gid)
    assert version == 2
    # what the thread path answers (no version named: it asks the database)
    want_legal = pg_client.get(f"/api/games/{gid}?legal=1", headers=_auth(ann)).json()
    want_plain = pg_client.get(f"/api/games/{gid}", headers=_auth(ann)).json()
    want_public = pg_client.get(f"/api/games/{gid}").json()
    monkeypatch.setattr(Service, "state", _no_thread)
    got = pg_client.get(f"/api/games/{gid}?legal=1&version={version}", headers=_auth(ann))
    assert got.status_code == 200 and got.json() == want_legal
    assert want_legal["legal"]["choices"] and want_legal["my_seats"] == [0]
    got = pg_client.get(f"/api/games/{gid}?version={version}", headers=_auth(ann))
    assert got.json() == want_plain and "legal" not in want_plain
    got = pg_client.get(f"/api/games/{gid}?legal=1&version={version}")
    assert got.json() == want_public and "my_seats" not in want_public
    # a version the copy does not hold, or a token of no seat: the thread path
    with pytest.raises(AssertionError, match="event loop"):
        pg_client.get(f"/api/games/{gid}?legal=1&version={version + 1}", headers=_auth(ann))
    with pytest.raises(AssertionError, match="event loop"):
        pg_client.get(f"/api/games/{gid}?legal=1&version={version}", headers=_auth("x" * 40))


def test_prepared_reads_are_dropped_when_the_game_moves_on(pg_client, monkeypatch):
    made = _make(pg_client, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    gid, ann = made["id"], made["tokens"][0]["token"]
    svc = pg_client.app.state.service
    pg_client.post(f"/api/games/{gid}/actions", headers=_auth(ann),
                   json={"version": 0, "action": {"type": "take", "amount": 1}})
    assert svc.wait_bots_idle()
    # Ann acts again: the bytes prepared for version 2 must not answer a read of 3
    r = pg_client.post(f"/api/games/{gid}/actions", headers=_auth(ann),
                       json={"version": 2, "action": {"type": "take", "amount": 1}})
    assert r.status_code == 200
    assert svc.wait_bots_idle()
    st = pg_client.get(f"/api/games/{gid}?legal=1&version=2", headers=_auth(ann)).json()
    assert st["version"] == svc.peek_version(gid) == 4
    fresh = pg_client.get(f"/api/games/{gid}?legal=1", headers=_auth(ann)).json()
    assert json.dumps(st, sort_keys=True) == json.dumps(fresh, sort_keys=True)


def test_commits_are_not_flushed_one_by_one_unless_asked(pg_url, monkeypatch):
    monkeypatch.delenv("RAILYARD_PG_SYNC", raising=False)
    assert pg_sync() == "NORMAL"
    store = Storage(pg_url)
    try:
        with store._lent() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone()[0] == "off"
    finally:
        store.close()
    monkeypatch.setenv("RAILYARD_PG_SYNC", "full")
    store = Storage(pg_url)
    try:
        import psycopg
        with psycopg.connect(pg_url) as plain:
            server = plain.execute("SHOW synchronous_commit").fetchone()[0]
        with store._lent() as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone()[0] == server
        assert server != "off"          # the local server flushes every commit
    finally:
        store.close()
