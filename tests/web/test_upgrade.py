"""Issue 23, point 6: a database made by the code of main before accounts (commit 4bc3c25:
tests/web/data/main-4bc3c25.*.sql, dumped from databases that code filled with five games
-- moves by seat links, bots played to the end, an open seat, a hotseat game with an undo)
is upgraded when the server opens it, on SQLite and on PostgreSQL, with every game intact:
same version, status and state (its fingerprint, as main computed it; for 1830, whose
state is kept in another shape since, its position: seat to act and legal actions), seat links and the
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


def behaviour(game) -> str:
    """A stored game's position independent of how the state is kept: the seat to act, the
    number of actions and the legal actions (type, seat, fixed fields, ranges), hashed.
    The g1830 values in main-4bc3c25.*.json were computed with main 55d38d5's code
    (which reads that database unchanged) by this function."""
    listed = []
    for c in game.legal_actions():
        fixed = {k: (v if isinstance(v, (str, int, float, bool, type(None), list, dict))
                     else repr(v)) for k, v in dict(c.fixed).items()}
        listed.append([c.type, c.player, fixed, {k: list(v) for k, v in dict(c.ranges).items()}])
    return hashlib.sha256(json.dumps([game.current_player, len(game.log), listed],
                                     sort_keys=True, default=str).encode()).hexdigest()


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
            if "behaviour" in game:
                # 1830's state is kept in another shape since that main (issue 27: one
                # shape for the auction and the stock turn): the position is compared by
                # what it does, as main computed it (:func:`behaviour`)
                assert behaviour(live.game) == game["behaviour"], \
                    f"{key}: the position changed in the upgrade"
            else:
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


# ---- the previous main (55d38d5, schema 4: accounts and chat) -----------------------------
#: made by tests/web/data/main-55d38d5.make.py run with that commit's code (``git archive
#: 55d38d5 src``) on SQLite and on a PostgreSQL schema, dumped with sqlite3 .dump / pg_dump:
#: two accounts (Ann, Bob), a Chicago Express game of their seats and a bot with moves,
#: two chat messages, Bob's notification settings
MAIN55 = "main-55d38d5"


@pytest.fixture(params=["sqlite", "postgresql"])
def main55(request, tmp_path):
    kind = request.param
    short = "pg" if kind == "postgresql" else kind
    with open(os.path.join(DATA, f"{MAIN55}.{short}.json"), encoding="utf-8") as f:
        expected = json.load(f)
    if kind == "sqlite":
        path = str(tmp_path / "db.sqlite3")
        conn = sqlite3.connect(path)
        with open(os.path.join(DATA, f"{MAIN55}.sqlite.sql"), encoding="utf-8") as f:
            conn.executescript(f.read())
        conn.close()
        yield path, expected
        return
    reason = _pg_reason()
    if reason:
        pytest.skip(reason)
    import psycopg
    schema = "ry_upg_" + secrets.token_hex(4)
    with open(os.path.join(DATA, f"{MAIN55}.pg.sql"), encoding="utf-8") as f:
        lines = [ln for ln in f.read().splitlines()
                 if not ln.startswith("\\") and "set_config('search_path'" not in ln]
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute("\n".join(lines).replace("ry_main55_fixture", schema))
    sep = "&" if "?" in PG_BASE else "?"
    yield f"{PG_BASE}{sep}options=-csearch_path%3D{schema}", expected
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def test_database_of_the_previous_main_upgrades_with_accounts_games_and_chat(main55):
    """Only step 5 runs; the accounts log in with their passwords, find their game at its
    version in "my games" with its chat, the account to act plays, and the notice of the
    other account's turn is kept in the new table."""
    import time

    from starlette.testclient import TestClient

    from railyard.web.app import create_app

    from .test_accounts import _meta_csrf, login
    url, exp = main55
    app = create_app(storage=Storage(url), secure_cookies="off")
    store = app.state.service.storage
    try:
        assert store.upgraded == ["5: notifications still to be sent"]
        assert store.schema_version() == SCHEMA_VERSION
        gid = exp["id"]
        seat = exp["to_act"][0]
        mover, other = ("Ann", "Bob") if seat == 0 else ("Bob", "Ann")
        passwords = {"Ann": "steam and rails 1", "Bob": "steam and rails 2"}
        with TestClient(app) as c:
            assert login(c, mover, passwords[other]).status_code == 401
            assert login(c, mover, passwords[mover]).status_code == 303
            games = {g["id"]: g for g in c.get("/api/account/games").json()["games"]}
            assert games[gid]["version"] == exp["version"] and games[gid]["my_turn"]
            chat = c.get(f"/api/games/{gid}/chat").json()
            assert [m["text"] for m in chat["messages"]] == exp["chat"]
            live = app.state.service.get(gid)
            r = c.post(f"/api/games/{gid}/actions", headers={"x-csrf-token": _meta_csrf(c)},
                       json={"version": exp["version"],
                             "action": RandomBot(3).choose(live.game.state)})
            assert r.status_code == 200, r.text
            assert r.json()["version"] > exp["version"]
            # whoever is to act after the bot's answers is told, in the new table
            assert app.state.service.wait_bots_idle(30)
            now = app.state.service.get(gid).to_act()
            assert now and now[0] in (0, 1)
            told = app.state.accounts.by_name(("Ann", "Bob")[now[0]]).id
            end = time.monotonic() + 10
            while time.monotonic() < end:
                with store._tx(write=False) as tx:
                    rows = [tuple(r) for r in tx.execute(
                        "SELECT account_id, game_id, kind FROM ry_notices").fetchall()]
                if (told, gid, "turn") in rows:
                    break
                time.sleep(0.05)
            assert (told, gid, "turn") in rows, rows
    finally:
        app.state.service.close()
