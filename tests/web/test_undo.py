"""Fair undo through the API (issue 11, point 3), on SQLite and PostgreSQL: never after the
end, a bot game's undo takes back the bots' answers too, with several humans only while
nobody else acted since, and every reader sees a notice."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.service import Service
from railyard.web.storage import Entry, Storage

from .toy import SLUG


@pytest.fixture
def client(db_url):
    app = create_app(storage=Storage(db_url))
    with TestClient(app) as c:
        yield c


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def _make(client, seats, pile=20):
    r = client.post("/api/games", json={"title": SLUG, "seats": seats, "options": {"pile": pile}})
    assert r.status_code == 201, r.text
    made = r.json()
    return made["id"], {t["seat"]: t["token"] for t in made["tokens"]}


def _take(client, gid, token, version, amount=1):
    r = client.post(f"/api/games/{gid}/actions", headers=_auth(token),
                    json={"version": version, "action": {"type": "take", "amount": amount}})
    assert r.status_code == 200, r.text
    return r.json()


def _state(client, gid, token=None):
    client.app.state.service.wait_bots_idle()
    return client.get(f"/api/games/{gid}?legal=1",
                      headers=_auth(token) if token else {}).json()


def test_no_undo_once_the_game_is_over(client):
    gid, tok = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                     pile=3)
    st = _take(client, gid, tok[0], 0, 3)              # Ann takes the last stones: she wins
    assert st["status"] == "finished"
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]), json={"version": 1})
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "game_over"
    assert "over" in r.json()["error"]["message"]
    st = _state(client, gid, tok[0])
    assert st["status"] == "finished" and st["view"]["pile"] == 0 and st["version"] == 1
    assert st["legal"]["undo"] is False


def test_bot_game_undo_takes_back_the_bots_answers(client):
    gid, tok = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "name": "Rob"},
                              {"kind": "bot", "name": "Sue"}])
    _take(client, gid, tok[0], 0, 2)
    st = _state(client, gid, tok[0])
    assert st["current_player"] == 0 and st["action_count"] == 3     # both bots answered
    assert st["legal"]["undo"] is True
    taken_by_bots = 18 - st["view"]["pile"]
    assert 2 <= taken_by_bots <= 6
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]),
                    json={"version": st["version"]})
    assert r.status_code == 200, r.text
    st = r.json()
    assert st["view"]["pile"] == 20 and st["view"]["taken"] == [0, 0, 0]
    assert st["current_player"] == 0 and st["action_count"] == 0 and st["log"] == []
    # the bots do not answer again: the human has the turn back
    st = _state(client, gid, tok[0])
    assert st["current_player"] == 0 and st["view"]["pile"] == 20 and st["version"] == 4
    assert st["legal"]["choices"] and st["legal"]["undo"] is False
    [note] = st["notices"]
    assert note["after"] == 0
    assert note["text"].startswith("Ann took back their last action: Ann takes 2.")
    assert "Rob and Sue" in note["text"] and "2 answers" in note["text"]


def test_undo_with_the_version_seen_before_the_bots_answered(client):
    """The page may still show the version of its own action when the bots have answered:
    the undo is the same request, so it is not refused as stale."""
    gid, tok = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    st = _take(client, gid, tok[0], 0, 1)
    seen = st["version"]
    assert _state(client, gid)["version"] == seen + 1               # the bot has answered
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]), json={"version": seen})
    assert r.status_code == 200, r.text
    assert r.json()["view"]["pile"] == 20 and r.json()["action_count"] == 0
    # a version from before a human's action stays stale; a version must be a number
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]), json={"version": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    _take(client, gid, tok[0], 3, 1)
    assert _state(client, gid)["version"] == 5                     # the bot has answered
    for bad in (True, 3.0, "3", [3], None):
        r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]), json={"version": bad})
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed", bad
    for stale in (-1, 99, 1, 2):         # an undo and Ann's action lie between
        r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]), json={"version": stale})
        assert r.status_code == 409 and r.json()["error"]["code"] == "stale", stale


def test_two_humans_undo_only_while_nobody_else_acted(client):
    gid, tok = _make(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                              {"kind": "bot", "name": "Rob"}])
    st = _take(client, gid, tok[0], 0, 1)                      # Ann; Bob to act
    assert _state(client, gid, tok[0])["legal"]["undo"] is True
    assert _state(client, gid, tok[1])["legal"]["undo"] is False   # Bob has nothing
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[1]), json={"version": 1})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_yours"
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]), json={"version": 1})
    assert r.status_code == 200 and r.json()["view"]["pile"] == 20   # nobody acted since
    st = _take(client, gid, tok[0], 2, 1)                      # Ann again
    st = _take(client, gid, tok[1], st["version"], 2)          # Bob; then the bot answers
    st = _state(client, gid, tok[0])
    assert st["current_player"] == 0 and st["action_count"] == 3
    assert st["legal"]["undo"] is False
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[0]),
                    json={"version": st["version"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_yours"
    assert "Bob has acted since your last action" in r.json()["error"]["message"]
    # Bob may take back his action (and the bot's answer): nobody but the bot acted since
    r = client.post(f"/api/games/{gid}/undo", headers=_auth(tok[1]),
                    json={"version": st["version"]})
    assert r.status_code == 200, r.text
    assert r.json()["current_player"] == 1 and r.json()["view"]["pile"] == 19
    # Ann's page sees the notice, placed after the one action left
    st = _state(client, gid, tok[0])
    texts = [(n["after"], n["text"]) for n in st["notices"]]
    assert texts[0] == (0, "Ann took back their last action: Ann takes 1.")
    assert texts[1] == (1, "Bob took back their last action: Bob takes 2. Rob's answer to it "
                           "was taken back too.")
    assert client.get(f"/api/games/{gid}").json()["notices"] == st["notices"]   # spectators


def test_undo_and_notices_across_workers_and_restarts(db_url):
    """One worker's bots answer, another worker takes the action back; a third, started
    later, replays the stored undo (several actions at once) to the same state."""
    a, b = Service(Storage(db_url)), Service(Storage(db_url))
    made = a.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}],
                    {"pile": 20})
    gid, tok = made["id"], made["tokens"][0]["token"]
    a.act(gid, tok, 0, {"type": "take", "amount": 3})
    assert a.wait_bots_idle()
    assert b.state(gid)["action_count"] == 3
    after = b.undo(gid, tok, 3)
    assert after["view"]["pile"] == 20 and after["version"] == 4
    seen_by_a = a.state(gid)
    assert seen_by_a["view"] == after["view"] and len(seen_by_a["notices"]) == 1
    a.close()
    b.close()
    c = Service(Storage(db_url))
    again = c.state(gid)
    assert again["view"] == after["view"] and again["notices"] == seen_by_a["notices"]
    assert again["action_count"] == 0 and again["current_player"] == 0
    c.close()


def test_undo_entries_of_older_servers_take_back_one_action(storage):
    """Undo entries written before this server ({"undo": actions left}) still mean one
    action and get a plain notice."""
    svc = Service(storage)
    made = svc.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                      {"pile": 9})
    gid = made["id"]
    storage.append(gid, 0, [Entry(0, "action", 0, {"type": "take", "player": 0, "amount": 2}),
                            Entry(1, "action", 1, {"type": "take", "player": 1, "amount": 1}),
                            Entry(2, "undo", 1, {"undo": 1})], "active", [1])
    svc.evict(gid)
    st = svc.state(gid)
    assert st["view"]["pile"] == 7 and st["action_count"] == 1 and st["current_player"] == 1
    assert st["notices"] == [{"after": 1, "text": "Bob took back an action."}]


def test_a_bot_kind_this_server_lacks_plays_the_default_bot(storage):
    """A seat stored with a kind the server does not have (an older or newer server's)
    still moves: the title's default bot answers, the game does not hang."""
    svc = Service(storage)
    made = svc.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}], {"pile": 9})
    gid, tok = made["id"], made["tokens"][0]["token"]
    with storage._tx() as tx:
        tx.execute("UPDATE ry_seats SET bot_kind = 'oracle:divine' WHERE seat = 1")
    svc.evict(gid)
    svc.act(gid, tok, 0, {"type": "take", "amount": 1})
    assert svc.wait_bots_idle()
    assert svc.state(gid)["action_count"] == 2
    svc.close()


def test_undo_retries_when_a_bot_of_another_worker_commits_first(db_url):
    """Worker b takes Ann's action back while worker a's bot commits its answer at the same
    index: b's write loses, b reads the bot's answer and takes it back too."""
    a, b = Service(Storage(db_url)), Service(Storage(db_url))
    a.bots.stop()
    b.bots.stop()                       # the bot's answer is written by hand below
    made = a.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "name": "Rob"}],
                    {"pile": 9})
    gid, tok = made["id"], made["tokens"][0]["token"]
    a.act(gid, tok, 0, {"type": "take", "amount": 2})
    assert b.state(gid)["version"] == 1
    real_append, calls = b.storage.append, []

    def racing_append(game_id, start, entries, *args, **kw):
        calls.append(start)
        if len(calls) == 1:             # the bot of worker a gets there first
            a.storage.append(game_id, start, [Entry(start, "action", 1, {
                "type": "take", "player": 1, "amount": 3})], "active", [0])
        return real_append(game_id, start, entries, *args, **kw)
    b.storage.append = racing_append
    after = b.undo(gid, tok, 1)
    assert calls == [1, 2]
    assert after["view"]["pile"] == 9 and after["action_count"] == 0
    assert after["notices"][-1]["text"].endswith("Rob's answer to it was taken back too.")
    assert a.state(gid)["view"]["pile"] == 9 and a.state(gid)["version"] == 3
    a.close()
    b.close()
