"""The backup and restore procedures of docs/deploy.md, run as written: PostgreSQL with
``pg_dump``/``pg_restore`` into a fresh database, SQLite with the online backup API while
the server writes; every restored game replays to the same save and can be played on."""
from __future__ import annotations

import os
import secrets
import shutil
import sqlite3
import subprocess
import threading

import pytest

from railyard.web.service import Service
from railyard.web.storage import Storage

from .conftest import PG_BASE, _pg_reason
from .toy import SLUG


def _play(svc: Service) -> list[str]:
    """Games in several states: finished by bots, mid-game with an undo, just created."""
    ids = []
    made = svc.create(SLUG, [{"kind": "bot"}, {"kind": "bot"}], {"pile": 23})
    ids.append(made["id"])
    made = svc.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "bot"}], {"pile": 30})
    gid, tok = made["id"], made["tokens"][0]["token"]
    svc.act(gid, tok, 0, {"type": "take", "amount": 2})
    assert svc.wait_bots_idle()
    v = svc.state(gid)["version"]
    svc.act(gid, tok, v, {"type": "take", "amount": 3})
    assert svc.wait_bots_idle()
    ids.append(gid)
    made = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 12})
    gid, t0 = made["id"], made["tokens"][0]["token"]
    svc.act(gid, t0, 0, {"type": "take", "amount": 1})
    svc.undo(gid, t0, 1)
    ids.append(gid)
    ids.append(svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 5})["id"])
    assert svc.wait_bots_idle()
    return ids


def _snapshot(svc: Service, ids: list[str]) -> dict:
    return {gid: (svc.export(gid), svc.state(gid), [(e.idx, e.kind, e.body) for e in
                                                     svc.storage.entries(gid)])
            for gid in ids}


def _pg_url(db: str) -> str:
    head, _, _ = PG_BASE.rpartition("/")
    return f"{head}/{db}"


@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="pg_dump is not installed")
def test_postgresql_backup_with_pg_dump_restores_identical_games(tmp_path):
    reason = _pg_reason()
    if reason:
        pytest.skip(reason)
    import psycopg
    src_db, dst_db = (f"railyard_scale_{k}_{secrets.token_hex(3)}" for k in ("src", "dst"))
    admin = _pg_url("postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {src_db}")
    try:
        svc = Service(Storage(_pg_url(src_db)))
        ids = _play(svc)
        before = _snapshot(svc, ids)
        dump = tmp_path / "railyard.dump"
        # docs/deploy.md, "Backups": the commands as written there
        subprocess.run(["pg_dump", "--format=custom", "--no-owner", f"--file={dump}",
                        _pg_url(src_db)], check=True)
        svc.close()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {src_db}")       # the original is gone
            conn.execute(f"CREATE DATABASE {dst_db}")
        subprocess.run(["pg_restore", "--no-owner", "--exit-on-error",
                        f"--dbname={_pg_url(dst_db)}", str(dump)], check=True)
        restored = Service(Storage(_pg_url(dst_db)))
        assert _snapshot(restored, ids) == before
        # the restored server plays on
        gid = ids[3]
        st = restored.state(gid)
        assert st["version"] == 0 and st["status"] == "active"
        listed = {g["id"]: g for g in restored.list()}
        assert listed[ids[0]]["status"] == "finished" and listed[ids[1]]["status"] == "active"
        restored.close()
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            for db in (src_db, dst_db):
                conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


def test_sqlite_online_backup_while_the_server_writes(tmp_path):
    src = str(tmp_path / "railyard.sqlite3")
    svc = Service(Storage(src))
    ids = _play(svc)
    made = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 100_000})
    busy, toks = made["id"], [t["token"] for t in made["tokens"]]
    stop = threading.Event()

    def writer():                        # the server keeps accepting actions meanwhile
        v = 0
        while not stop.is_set():
            svc.act(busy, toks[v % 2], v, {"type": "take", "amount": 1})
            v += 1

    t = threading.Thread(target=writer)
    t.start()
    try:
        while svc.state(busy)["version"] < 20:
            pass
        # docs/deploy.md, "Backups" (SQLite): the online backup API, here through the
        # sqlite3 shell's .backup when it is installed, else Python's Connection.backup
        copy = str(tmp_path / "backup.sqlite3")
        if shutil.which("sqlite3"):
            subprocess.run(["sqlite3", src, f".backup '{copy}'"], check=True)
        else:  # pragma: no cover
            with sqlite3.connect(src) as s, sqlite3.connect(copy) as d:
                s.backup(d)
    finally:
        stop.set()
        t.join()
    svc.wait_bots_idle()
    after = _snapshot(svc, ids + [busy])
    svc.close()
    restored = Service(Storage(copy))
    got = _snapshot(restored, ids + [busy])
    for gid in ids:                     # finished before the backup: identical
        assert got[gid] == after[gid]
    # the busy game: a consistent prefix of the log, replayed to the same state there
    n = got[busy][1]["version"]
    assert 20 <= n <= after[busy][1]["version"]
    assert got[busy][2] == after[busy][2][:n]
    assert got[busy][1]["view"]["pile"] == 100_000 - n
    restored.close()
