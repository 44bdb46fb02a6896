"""Imports (issue 15, point 3): one transaction, finished games listed as finished, bots
that resume, a bot in seat 0, names limited as at creation -- on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.service import MAX_NAME, ApiError, Service
from railyard.web.storage import Storage

from .toy import SLUG

EXPORT_1830 = "/work/shared/fixtures/18xx-games/1830/26855.json"


def _played_save(pile: int, moves: list[int], names=("Ann", "Bob")) -> dict:
    """A toy save after ``moves`` (stones taken in turn), made by a throw-away service."""
    from railyard.engine.game import Game
    game = Game(SLUG, list(names), 3, {"pile": pile})
    for i, n in enumerate(moves):
        game.apply({"type": "take", "player": i % len(names), "amount": n})
    return game.to_save()


def _counts(store: Storage) -> tuple[int, int, int]:
    with store._tx(write=False) as tx:
        return tuple(tx.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                     for t in ("ry_games", "ry_seats", "ry_actions"))


def _fail_on_action(store: Storage, idx: int) -> None:
    """A database that fails in the middle of writing an import: a trigger refuses the
    entry with index ``idx`` (whatever code path writes it)."""
    with store._tx() as tx:
        if store.is_postgres:
            tx.execute("CREATE OR REPLACE FUNCTION ry_test_fail() RETURNS trigger AS $$ "
                       f"BEGIN IF NEW.idx = {idx} THEN RAISE EXCEPTION 'disk on fire'; END IF; "
                       "RETURN NEW; END $$ LANGUAGE plpgsql")
            tx.execute("CREATE TRIGGER ry_test_fail BEFORE INSERT ON ry_actions "
                       "FOR EACH ROW EXECUTE FUNCTION ry_test_fail()")
        else:
            tx.execute("CREATE TRIGGER ry_test_fail BEFORE INSERT ON ry_actions "
                       f"WHEN NEW.idx = {idx} BEGIN SELECT RAISE(FAIL, 'disk on fire'); END")


def _drop_trigger(store: Storage) -> None:
    with store._tx() as tx:
        tx.execute("DROP TRIGGER ry_test_fail ON ry_actions" if store.is_postgres
                   else "DROP TRIGGER ry_test_fail")


def test_an_import_cut_in_the_middle_leaves_nothing(db_url):
    svc = Service(Storage(db_url))
    save = _played_save(40, [1, 2, 3, 1, 2, 3, 1, 2, 3, 1])
    _fail_on_action(svc.storage, 6)
    try:
        with pytest.raises(Exception):
            svc.import_save(save)
        assert _counts(svc.storage) == (0, 0, 0)      # no game without its actions
    finally:
        _drop_trigger(svc.storage)
    made = svc.import_save(save)                      # the same import, database healthy
    assert svc.state(made["id"])["version"] == 10
    assert _counts(svc.storage) == (1, 2, 10)
    svc.close()


def test_a_killed_import_leaves_nothing(pg_url):
    """A real kill -9 of the importing process while its transaction is open (PostgreSQL:
    a trigger makes the 6th entry wait, the test kills the process then)."""
    store = Storage(pg_url)
    with store._tx() as tx:
        for t in ("ry_actions", "ry_seats", "ry_games"):
            tx.execute(f"DELETE FROM {t}")
        tx.execute("CREATE OR REPLACE FUNCTION ry_test_wait() RETURNS trigger AS $$ "
                   "BEGIN IF NEW.idx = 5 THEN PERFORM pg_sleep(60); END IF; RETURN NEW; END "
                   "$$ LANGUAGE plpgsql")
        tx.execute("CREATE TRIGGER ry_test_wait BEFORE INSERT ON ry_actions "
                   "FOR EACH ROW EXECUTE FUNCTION ry_test_wait()")
    save = _played_save(40, [1, 2, 3, 1, 2, 3, 1, 2])
    code = ("import json, sys; from tests.web import toy; toy.install(); "
            "from railyard.web.service import Service; from railyard.web.storage import Storage; "
            "Service(Storage(sys.argv[1])).import_save(json.loads(sys.stdin.read()))")
    # the server notices the vanished client during the sleep (PostgreSQL 14+)
    url = pg_url + "%20-cclient_connection_check_interval%3D100"
    assert "options=" in pg_url
    proc = subprocess.Popen([sys.executable, "-c", code, url], stdin=subprocess.PIPE,
                            cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    proc.stdin.write(json.dumps(save).encode())
    proc.stdin.close()
    try:
        deadline = time.monotonic() + 30
        while True:                  # wait until the import sits inside its transaction
            with store._tx(write=False) as tx:
                waiting = tx.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE "
                                     "query LIKE ? AND wait_event = 'PgSleep'",
                                     ("%ry_actions%",)).fetchone()[0]
            if waiting:
                break
            assert proc.poll() is None and time.monotonic() < deadline, "import never waited"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 30
        while True:                  # the server ends the dead client's transaction
            with store._tx(write=False) as tx:
                busy = tx.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE "
                                  "wait_event = 'PgSleep' AND query LIKE ?",
                                  ("%ry_actions%",)).fetchone()[0]
            if not busy or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert _counts(store) == (0, 0, 0)
    finally:
        if proc.poll() is None:
            proc.kill()
        with store._tx() as tx:
            tx.execute("DROP TRIGGER IF EXISTS ry_test_wait ON ry_actions")
        store.close()


@pytest.fixture
def client(db_url):
    app = create_app(storage=Storage(db_url))
    with TestClient(app) as c:
        yield c


def _import(client, save, seats=None):
    r = client.post("/api/games/import", json={"save": save, **({"seats": seats} if seats
                                                                   else {})})
    assert r.status_code == 201, r.text
    return r.json()


def test_an_imported_finished_game_is_listed_as_finished(client):
    save = _played_save(6, [3, 3])
    made = _import(client, save)
    assert client.get(f"/api/games/{made['id']}").json()["status"] == "finished"
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[made["id"]]["status"] == "finished" and listed[made["id"]]["to_act"] == []
    assert listed[made["id"]]["version"] == 2


def test_bots_resume_after_an_import(client):
    save = _played_save(20, [1, 2, 1])            # Bob (seat 1) is to act
    made = _import(client, save, [{"kind": "human"}, {"kind": "bot"}])
    assert client.app.state.service.wait_bots_idle()
    st = client.get(f"/api/games/{made['id']}").json()
    assert st["version"] == 4 and st["current_player"] == 0      # the bot moved
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[made["id"]]["to_act"] == ["Ann"]


def test_seat_0_may_be_a_bot_and_the_game_is_playable(client):
    save = _played_save(20, [1, 2])               # Ann (seat 0) is to act
    made = _import(client, save, [{"kind": "bot"}, {"kind": "human"}])
    tok = made["tokens"][0]["token"]
    assert made["tokens"][0]["seat"] == 1
    svc = client.app.state.service
    assert svc.wait_bots_idle()
    st = client.get(f"/api/games/{made['id']}").json()
    assert st["version"] == 3 and st["current_player"] == 1
    r = client.post(f"/api/games/{made['id']}/actions", headers={"authorization":
                    f"Bearer {tok}"}, json={"version": 3, "action": {"type": "take",
                                                                    "amount": 1}})
    assert r.status_code == 200, r.text
    assert svc.wait_bots_idle()
    assert client.get(f"/api/games/{made['id']}").json()["version"] == 5


def test_imported_names_are_limited_like_everywhere(client):
    long_a, long_b = "A" * 300, "  Bob   the   " + "B" * 100
    save = _played_save(20, [1], names=(long_a, long_b))
    made = _import(client, save)
    names = [s["name"] for s in made["seats"]]
    assert names == ["A" * MAX_NAME, ("Bob the " + "B" * 100)[:MAX_NAME]]
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[made["id"]]["players"] == names
    st = client.get(f"/api/games/{made['id']}").json()
    assert st["log"] == [f"{names[0]} takes 1."] and st["version"] == 1
    assert max(len(json.dumps(p)) for p in st["players"]) < 200
    # a creation with the same names gets the same limit
    r = client.post("/api/games", json={"title": SLUG, "seats": [
        {"kind": "human", "name": long_a}, {"kind": "human", "name": long_b}]})
    assert [s["name"] for s in r.json()["seats"]] == names


def test_names_alike_in_their_first_40_letters_are_refused_cleanly(db_url):
    svc = Service(Storage(db_url))
    save = _played_save(20, [1], names=("X" * 50 + "1", "X" * 50 + "2"))
    with pytest.raises(ApiError) as err:
        svc.import_save(save)
    assert err.value.status == 400 and "different" in err.value.message
    assert _counts(svc.storage) == (0, 0, 0)
    svc.close()


def test_a_finished_18xx_games_export_is_listed_as_finished(client):
    pytest.importorskip("railyard.games.g1830")
    try:
        with open(EXPORT_1830, encoding="utf-8") as fh:
            export = json.load(fh)
    except OSError:
        pytest.skip(f"fixture {EXPORT_1830} is missing")
    made = _import(client, export)
    st = client.get(f"/api/games/{made['id']}").json()
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert export["status"] == "finished"                # the site's own record
    assert st["status"] == "finished" and st["result"]
    assert listed[made["id"]]["status"] == "finished" and listed[made["id"]]["to_act"] == []
    assert listed[made["id"]]["version"] == st["version"] > 100


def test_an_unfinished_save_of_a_hidden_information_title_is_refused(db_url):
    pytest.importorskip("railyard.games.nar")
    from railyard.engine.game import Game
    svc = Service(Storage(db_url))
    with pytest.raises(ApiError) as err:          # its seed fixes the deck order
        svc.import_save(Game("north-american-railways", ["A", "B", "C"], 5).to_save())
    assert err.value.status == 400 and err.value.code == "hidden_information"
    assert _counts(svc.storage) == (0, 0, 0)
    svc.close()
