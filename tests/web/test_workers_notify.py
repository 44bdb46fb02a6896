"""Live streams wait for notifications instead of polling the database (issue 15, point 6):
a stream on one service hears a commit of another service on the same PostgreSQL schema
through LISTEN/NOTIFY, and asks the database once while it waits."""
from __future__ import annotations

import threading
import time

from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.service import Service
from railyard.web.storage import Storage

from .toy import SLUG


def test_a_stream_hears_another_worker_and_does_not_poll(db_url):
    if not db_url.startswith("postgresql"):
        return _same_process_on_sqlite(db_url)
    other = Service(Storage(db_url))                 # "worker A"
    store_b = Storage(db_url)
    calls = []
    real = store_b.version
    store_b.version = lambda gid: calls.append(gid) or real(gid)   # count database looks
    app = create_app(storage=store_b)                 # "worker B"
    made = other.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 9})
    gid, tok = made["id"], made["tokens"][0]["token"]
    with TestClient(app) as client:
        assert app.state.service.listener.connected.wait(10)

        def act_later():
            time.sleep(3.5)                           # long enough to see any polling
            other.act(gid, tok, 0, {"type": "take", "amount": 2})

        t = threading.Thread(target=act_later)
        t.start()
        got = []
        with client.stream("GET", f"/api/games/{gid}/events?since=0&timeout=30") as r:
            for line in r.iter_lines():
                if line.startswith("data:"):
                    got.append(line)
                    break
        t.join()
    assert got == ['data: {"version": 1}']
    # one look when the stream starts; a poll every second would have made three more
    assert len(calls) <= 2, calls
    other.close()


def _same_process_on_sqlite(db_url):
    """SQLite (one process): the stream hears the commit of its own service at once."""
    store = Storage(db_url)
    calls = []
    real = store.version
    store.version = lambda gid: calls.append(gid) or real(gid)
    app = create_app(storage=store)
    with TestClient(app) as client:
        svc = app.state.service
        made = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 9})
        gid, tok = made["id"], made["tokens"][0]["token"]

        def act_later():
            time.sleep(3.5)
            svc.act(gid, tok, 0, {"type": "take", "amount": 2})

        t = threading.Thread(target=act_later)
        t.start()
        got = []
        with client.stream("GET", f"/api/games/{gid}/events?since=0&timeout=30") as r:
            for line in r.iter_lines():
                if line.startswith("data:"):
                    got.append(line)
                    break
        t.join()
    assert got == ['data: {"version": 1}']
    calls_during_wait = [c for c in calls if c == gid]
    assert len(calls_during_wait) <= 3, calls      # the act's own catch-up, the stream's look
