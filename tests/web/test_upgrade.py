"""Issue 23, point 6: a database made by the code of main before accounts (commit 4bc3c25:
tests/web/data/main-4bc3c25.*.sql, dumped from databases that code filled with five games
-- moves by seat links, bots played to the end, an open seat, a hotseat game with an undo)
is upgraded when the server opens it, on SQLite and on PostgreSQL, with every game intact:
same version, status and state (its fingerprint, as main computed it), seat links and the
host link still act, the open seat can still be joined; the upgrade is idempotent, and
``railyard db upgrade`` does the same from the command line."""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3

import pytest
from click.testing import CliRunner

from railyard.bots.random_bot import RandomBot
from railyard.cli.main import main as cli
from railyard.web.service import Service
from railyard.web.storage import SCHEMA_VERSION, Storage

from .conftest import PG_BASE, _pg_reason

DATA = os.path.join(os.path.dirname(__file__), "data")


def _sqlite_from_main(path: str) -> str:
    conn = sqlite3.connect(path)
    with open(os.path.join(DATA, "main-4bc3c25.sqlite.sql"), encoding="utf-8") as f:
        conn.executescript(f.read())
    conn.close()
    return path


@pytest.fixture
def main_pg():
    """A PostgreSQL schema restored from main's dump (dropped afterwards)."""
    reason = _pg_reason()
    if reason:
        pytest.skip(reason)
    import psycopg
    schema = "ry_upg_" + secrets.token_hex(4)
    with open(os.path.join(DATA, "main-4bc3c25.pg.sql"), encoding="utf-8") as f:
        lines = [ln for ln in f.read().splitlines()
                 if not ln.startswith("\\") and "set_config('search_path'" not in ln]
    sql = "\n".join(lines).replace("ry_main_fixture", schema)
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(sql)
    sep = "&" if "?" in PG_BASE else "?"
    yield f"{PG_BASE}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def _expected(kind: str) -> dict:
    with open(os.path.join(DATA, f"main-4bc3c25.{kind}.json"), encoding="utf-8") as f:
        return json.load(f)


def _check_upgrade(url: str, kind: str) -> None:
    expected = _expected(kind)
    store = Storage(url)
    assert [s.split(":")[0] for s in store.upgraded] == [str(v) for v in
                                                          range(1, SCHEMA_VERSION + 1)]
    assert store.schema_version() == SCHEMA_VERSION
    svc = Service(store)
    try:
        for key, game in expected.items():
            live = svc.get(game["id"])
            assert live.version == game["version"], key
            assert live.status == game["status"], key
            assert len(live.game.log) == game["log"], key
            fp = hashlib.sha256(json.dumps(live.game.state.fingerprint(), sort_keys=True,
                                           default=str).encode()).hexdigest()
            assert fp == game["fingerprint"], f"{key}: the state changed in the upgrade"
            assert all(s.account is None for s in live.seats)
        # the private links and the host link still act
        for key in ("ce_humans", "g1830"):
            game = expected[key]
            live = svc.get(game["id"])
            seat = live.game.current_player
            action = RandomBot(1).choose(live.game.state)
            out = svc.act(game["id"], game["tokens"][str(seat)], live.version, action)
            assert out["version"] == game["version"] + 1
        hot = expected["nar_hotseat"]
        live = svc.get(hot["id"])
        svc.act(hot["id"], hot["host_token"], live.version, RandomBot(2).choose(live.game.state))
        # the open seat can still be joined
        joined = svc.join(expected["ar_open"]["id"], 1)
        assert joined["token"]
        assert svc.state(expected["ar_open"]["id"], joined["token"])["my_seats"] == [1]
        # games stay listed; the finished one keeps its result
        assert {g["id"] for g in svc.list()} >= {g["id"] for g in expected.values()}
    finally:
        svc.close()
    again = Storage(url)            # idempotent: nothing more to do, nothing lost
    try:
        assert again.upgraded == []
        assert again.schema_version() == SCHEMA_VERSION
        assert again.get_game(expected["ce_bots"]["id"]).status == "finished"
    finally:
        again.close()


def test_sqlite_database_of_main_upgrades_with_its_games(tmp_path):
    path = _sqlite_from_main(str(tmp_path / "railyard.sqlite3"))
    conn = sqlite3.connect(path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert "ry_schema" not in tables and "ry_accounts" not in tables
    _check_upgrade(path, "sqlite")


def test_postgresql_database_of_main_upgrades_with_its_games(main_pg):
    _check_upgrade(main_pg, "pg")


def test_db_upgrade_command_upgrades_once(tmp_path, monkeypatch):
    monkeypatch.delenv("RAILYARD_DATABASE_URL", raising=False)
    _sqlite_from_main(str(tmp_path / "railyard.sqlite3"))
    first = CliRunner().invoke(cli, ["db", "upgrade", "--data-dir", str(tmp_path)])
    assert first.exit_code == 0, first.output
    assert f"upgraded to schema version {SCHEMA_VERSION}" in first.output
    assert "2: accounts" in first.output
    second = CliRunner().invoke(cli, ["db", "upgrade", "--data-dir", str(tmp_path)])
    assert second.exit_code == 0 and "up to date" in second.output
    store = Storage(str(tmp_path / "railyard.sqlite3"))
    try:
        ids = {g["id"] for g in _expected("sqlite").values()}
        assert set(store.games(sorted(ids))) == ids
    finally:
        store.close()
