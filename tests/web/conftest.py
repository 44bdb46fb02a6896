"""Fixtures of the web tests: storage on SQLite and on the local PostgreSQL server."""
from __future__ import annotations

import os
import secrets

import pytest

from railyard.web.storage import Storage

from . import toy

toy.install()

PG_BASE = os.environ.get("RAILYARD_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_reason() -> str | None:
    try:
        import psycopg
        with psycopg.connect(PG_BASE, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - any failure means: skip with the reason
        return f"PostgreSQL at {PG_BASE} is unreachable: {exc}"
    return None


@pytest.fixture(scope="session")
def pg_url():
    """A URL into a fresh schema of the local PostgreSQL server (dropped afterwards)."""
    reason = _pg_reason()
    if reason:
        print(reason)
        pytest.skip(reason)
    import psycopg
    schema = "ry_test_" + secrets.token_hex(4)
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in PG_BASE else "?"
    yield f"{PG_BASE}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_BASE, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "railyard.sqlite3")
    url = request.getfixturevalue("pg_url")
    # a clean slate per test inside the session schema
    store = Storage(url)
    with store._tx() as tx:
        tx.execute("DELETE FROM ry_actions")
        tx.execute("DELETE FROM ry_seats")
        tx.execute("DELETE FROM ry_games")
        tx.execute("DELETE FROM ry_rate")      # the rate limits' buckets (PostgreSQL)
        tx.execute("DELETE FROM ry_sessions")  # accounts (issue 23)
        tx.execute("DELETE FROM ry_resets")
        tx.execute("DELETE FROM ry_accounts")
        tx.execute("DELETE FROM ry_notices")   # pending notifications
    store.close()
    return url


@pytest.fixture
def storage(db_url):
    store = Storage(db_url)
    yield store
    store.close()
