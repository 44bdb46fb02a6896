"""Several workers on one PostgreSQL database (issue 15, point 6), with real server
processes: live updates cross workers through LISTEN/NOTIFY, each game's bots run in one
worker at a time and another takes over when that worker dies; SQLite refuses workers."""
from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from click.testing import CliRunner

from railyard.web.bots import LOCK_SPACE, lock_key

from .conftest import PG_BASE, _pg_reason

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def pg_schema_url():
    """A URL into a fresh schema of its own (dropped afterwards)."""
    reason = _pg_reason()
    if reason:
        pytest.skip(reason)
    import psycopg
    schema = "ry_scale_" + secrets.token_hex(4)
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in PG_BASE else "?"
    yield f"{PG_BASE}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(url: str, tmp_path, *extra: str) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = dict(os.environ, RAILYARD_DATABASE_URL=url)
    proc = subprocess.Popen([sys.executable, "-c", "from railyard.cli.main import main; main()",
                             "serve", "--port", str(port), "--data-dir", str(tmp_path / "d"),
                             "--log-level", "warning", *extra], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/api/titles", timeout=1)
            return proc, base
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read().decode())
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGCONT)
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _post(url, body, token=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, json.dumps(body).encode(), headers)
    return json.load(urllib.request.urlopen(req, timeout=30))


def _get(url):
    return json.load(urllib.request.urlopen(url, timeout=30))


def test_workers_on_sqlite_are_refused_with_a_clear_message(tmp_path, monkeypatch):
    from railyard.cli.main import main
    monkeypatch.delenv("RAILYARD_DATABASE_URL", raising=False)
    r = CliRunner().invoke(main, ["serve", "--workers", "2", "--data-dir", str(tmp_path)])
    assert r.exit_code == 2
    assert "--workers 2 needs PostgreSQL" in r.output and "RAILYARD_DATABASE_URL" in r.output
    assert not os.path.exists(tmp_path / "railyard.sqlite3")


@pytest.mark.slow
def test_an_action_on_one_server_arrives_on_the_other_servers_live_stream(pg_schema_url,
                                                                          tmp_path):
    pytest.importorskip("railyard.games.chicago_express")
    a, base_a = _serve(pg_schema_url, tmp_path, "--workers", "2")
    b, base_b = _serve(pg_schema_url, tmp_path)
    try:
        made = _post(f"{base_a}/api/games", {"title": "chicago-express", "seats": [
            {"kind": "human"}, {"kind": "human"}, {"kind": "human"}], "seed": 11})
        gid = made["id"]
        tok = {t["seat"]: t["token"] for t in made["tokens"]}
        events: list[tuple[float, int]] = []
        opened = threading.Event()
        worker: dict[str, str] = {}

        def follow():
            # a live stream on server B; nothing in B polls the database
            with urllib.request.urlopen(f"{base_b}/api/games/{gid}/events?since=0&timeout=30",
                                        timeout=40) as resp:
                worker["b"] = resp.headers["x-railyard-worker"]
                opened.set()
                for raw in resp:
                    line = raw.decode().strip()
                    if line.startswith("data:"):
                        events.append((time.monotonic(), json.loads(line[5:])["version"]))
                        if events[-1][1] >= 2:
                            return

        t = threading.Thread(target=follow, daemon=True)
        t.start()
        assert opened.wait(20)
        time.sleep(0.3)                    # the stream is waiting, nothing has happened
        assert events == []
        state = _get(f"{base_a}/api/games/{gid}")
        for version in (0, 1):
            seat = state["current_player"]
            legal = json.load(urllib.request.urlopen(urllib.request.Request(
                f"{base_a}/api/games/{gid}/legal",
                headers={"authorization": f"Bearer {tok[seat]}"}), timeout=30))
            c = legal["choices"][0]
            action = {"type": c["type"], **c.get("fixed", {})}
            for k, r in c.get("ranges", {}).items():
                action[k] = r["min"]
            sent = time.monotonic()
            state = _post(f"{base_a}/api/games/{gid}/actions",
                          {"version": version, "action": action}, tok[seat])
            assert state["version"] == version + 1
            deadline = time.monotonic() + 20
            while not any(v == version + 1 for _, v in events):
                assert time.monotonic() < deadline, f"version {version + 1} never arrived"
                time.sleep(0.01)
            arrived = next(ts for ts, v in events if v == version + 1)
            assert arrived >= sent
        t.join(5)
        assert [v for _, v in events] == [1, 2]
        with urllib.request.urlopen(f"{base_a}/api/games/{gid}/events?since=2&timeout=0.5",
                                    timeout=10) as resp:
            assert resp.headers["x-railyard-worker"] != worker["b"]
    finally:
        _stop(a)
        _stop(b)


def _lock_holder(store, gid: str) -> str | None:
    """``application_name`` of the session holding the game's bot lock."""
    with store._tx(write=False) as tx:
        r = tx.execute("SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a "
                       "ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND "
                       "l.classid = ? AND l.objid = ?",
                       (LOCK_SPACE, lock_key(gid) & 0xFFFFFFFF)).fetchone()
    return r[0] if r else None


@pytest.mark.slow
def test_a_dead_workers_bots_are_taken_over(pg_schema_url, tmp_path):
    pytest.importorskip("railyard.games.g1830")
    from railyard.web.storage import Storage
    store = Storage(pg_schema_url)
    servers = dict(zip("ab", (_serve(pg_schema_url, tmp_path), _serve(pg_schema_url, tmp_path))))
    try:
        # four random bots need several hundred moves and about a second of CPU
        made = _post(f"{servers['a'][1]}/api/games", {"title": "1830", "seats": [
            {"kind": "bot"}] * 4, "seed": 5})
        gid = made["id"]
        deadline = time.monotonic() + 30
        while (holder := _lock_holder(store, gid)) is None:
            assert time.monotonic() < deadline, "no worker took the bots"
            time.sleep(0.01)
        owner = next(k for k, (p, _) in servers.items() if holder == f"railyard-bots-{p.pid}")
        other = "b" if owner == "a" else "a"
        proc, _ = servers[owner]
        proc.send_signal(signal.SIGSTOP)          # the holder hangs: nobody else may play
        frozen = store.version(gid)
        time.sleep(2.5)                            # more than two scans of the other worker
        assert store.version(gid) == frozen and _lock_holder(store, gid) == holder
        assert store.get_game(gid).status == "active"
        proc.kill()                                # the holder dies: its locks go with it
        proc.wait(timeout=10)
        deadline = time.monotonic() + 120
        taken = None
        while True:
            row = store.get_game(gid)
            now = _lock_holder(store, gid)
            if now is not None and now != holder:  # the dead session may linger a moment
                taken = taken or now
            if row.status == "finished":
                break
            assert time.monotonic() < deadline, f"not taken over (version {row.version})"
            time.sleep(0.05)
        assert row.version > frozen
        assert taken == f"railyard-bots-{servers[other][0].pid}"
        # the log is whole: replayed from the database it is the finished game
        entries = store.entries(gid)
        assert [e.idx for e in entries] == list(range(row.version))
        st = _get(f"{servers[other][1]}/api/games/{gid}")
        assert st["status"] == "finished" and st["version"] == row.version
    finally:
        for p, _ in servers.values():
            _stop(p)
        store.close()
