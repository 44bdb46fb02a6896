"""Benchmark (not a test) of what accounts cost (issue 23):

    .venv/bin/python benchmarks/bench_accounts.py [--lookups 2000] [--reads 500]
    RAILYARD_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test \\
        .venv/bin/python benchmarks/bench_accounts.py

* a sign-up's argon2id hash and a log-in's verification (CPU seconds each: argon2-cffi's
  RFC 9106 defaults, 64 MiB, 3 passes, 4 lanes; the log-in rate limit bounds how many a
  client can ask for);
* the session lookup a request with a cookie makes when its process has not seen the
  session for 5 s (``Accounts.session`` uncached: one SELECT of a join), wall and CPU time
  each, on a fresh SQLite file or a fresh PostgreSQL schema;
* ``GET /api/games/{id}`` in process (Starlette's test client) with and without a session
  cookie: CPU time per read.

Prints Markdown rows."""
from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))


def _cpu(fn, n):
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(n):
        fn()
    return (time.process_time() - c0) / n, (time.perf_counter() - w0) / n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lookups", type=int, default=2000)
    ap.add_argument("--reads", type=int, default=500)
    ap.add_argument("--hashes", type=int, default=10)
    args = ap.parse_args()
    from argon2 import PasswordHasher
    from starlette.testclient import TestClient

    from railyard.web.accounts import COOKIE, Accounts
    from railyard.web.app import create_app
    from railyard.web.storage import Storage

    ph = PasswordHasher()
    h = ph.hash("a password of some length")
    hash_cpu, hash_wall = _cpu(lambda: ph.hash("a password of some length"), args.hashes)
    ver_cpu, ver_wall = _cpu(lambda: ph.verify(h, "a password of some length"), args.hashes)
    url = os.environ.get("RAILYARD_DATABASE_URL")
    schema = None
    if url:
        import psycopg
        schema = "ry_bench_" + secrets.token_hex(4)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        sep = "&" if "?" in url else "?"
        url = f"{url}{sep}options=-csearch_path%3D{schema}"
    else:
        url = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    try:
        store = Storage(url)
        accounts = Accounts(store, login_rate=0)
        acc = accounts.create("Bench", "a password of some length")
        token = accounts.new_session(acc)
        import railyard.web.accounts as acc_mod
        keep, acc_mod.SESSION_CACHE_SECONDS = acc_mod.SESSION_CACHE_SECONDS, 0.0
        look_cpu, look_wall = _cpu(lambda: accounts.session(token), args.lookups)
        acc_mod.SESSION_CACHE_SECONDS = keep
        app = create_app(storage=store, secure_cookies="off")
        with TestClient(app) as c:
            gid = c.post("/api/games", json={"title": "chicago-express", "seats": [
                {"kind": "human"}] * 3}).json()["id"]
            plain_cpu, plain_wall = _cpu(lambda: c.get(f"/api/games/{gid}"), args.reads)
            c.cookies.set(COOKIE, token)
            cookie_cpu, cookie_wall = _cpu(lambda: c.get(f"/api/games/{gid}"), args.reads)
        app.state.service.close()
    finally:
        if schema:
            import psycopg
            with psycopg.connect(os.environ["RAILYARD_DATABASE_URL"], autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA {schema} CASCADE")
    db = "PostgreSQL" if schema else "SQLite"
    ms = lambda x: f"{x * 1000:.2f}"
    print(f"| {db} | argon2 hash {ms(hash_cpu)} / {ms(hash_wall)} | verify {ms(ver_cpu)} / "
          f"{ms(ver_wall)} | uncached session lookup {ms(look_cpu)} / {ms(look_wall)} | GET state "
          f"{ms(plain_cpu)} / {ms(plain_wall)} | GET state with cookie {ms(cookie_cpu)} / "
          f"{ms(cookie_wall)} | load {os.getloadavg()[0]:.1f} |")


if __name__ == "__main__":
    main()
