"""Durable storage of games: creation parameters, seats and an append-only entry log.

Two backends share one schema and one code path: SQLite (a file in the data directory, the
default) and PostgreSQL (when ``RAILYARD_DATABASE_URL`` is set).  The log holds one row per
accepted entry — a game action or an undo marker — keyed by ``(game_id, idx)``; that primary
key is what makes a second writer with a stale index fail instead of double-applying.

Seats carry the bot kind of a bot seat (``bot_kind``, e.g. ``mcts:hard``; NULL: the title's
default bot) and, for a human seat nobody holds yet (``token_hash`` NULL, an *open* seat),
``claim``: the token hash of the only seat that may take it (a rematch keeps each seat for
the player of the finished game), NULL for a seat anyone may join.  ``ry_games.rematch``
names the rematch of a finished game.  ``ry_seats.account_id`` names the account a seat
belongs to (web/accounts.py; NULL: a private-link seat only).

The schema has a version (``ry_schema``); :meth:`Storage.upgrade` runs the steps of
:data:`MIGRATIONS` a database lacks, at every start and from ``railyard db upgrade``.

``ry_games.bot_due`` is 1 while a bot is to act in an active game: the bot runners of all
workers find their work there (see :mod:`railyard.web.bots`).  On PostgreSQL every append
also sends ``NOTIFY`` on :attr:`Storage.channel` with ``"<game id>:<version>"`` in the same
transaction, so the listeners of all workers hear of it exactly when it is committed.
"""
from __future__ import annotations

import json
import contextlib
import logging
import os
import queue
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS ry_games (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        players TEXT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        created TEXT NOT NULL,
        host_token_hash TEXT,
        status TEXT NOT NULL,
        to_act TEXT NOT NULL,
        version INTEGER NOT NULL,
        bot_due INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS ry_seats (
        game_id TEXT NOT NULL REFERENCES ry_games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS ry_actions (
        game_id TEXT NOT NULL REFERENCES ry_games(id),
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        body TEXT NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (game_id, idx))""",
    "CREATE INDEX IF NOT EXISTS ry_games_created ON ry_games (created)",
]
#: after the migration below has added ``bot_due`` to older databases
LATE_SCHEMA = [
    "CREATE INDEX IF NOT EXISTS ry_games_bot_due ON ry_games (bot_due) WHERE bot_due = 1",
]
#: PostgreSQL only: the rate limits' token buckets, shared by every worker and server
RATE_SCHEMA = """CREATE TABLE IF NOT EXISTS ry_rate (
    client TEXT NOT NULL,
    kind TEXT NOT NULL,
    tokens DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    ok BOOLEAN NOT NULL,
    PRIMARY KEY (client, kind))"""
# ---- chat (issue 23, point 4; web/chat.py) --------------------------------------------------
#: the messages of a game's chat: ``id`` 1, 2, ... per game, the seat and its name when it
#: spoke, the text, the time (ISO text for readers, epoch seconds for the rate limit).
#: Deleted with the game (ON DELETE CASCADE).  Step 4 of :data:`MIGRATIONS` creates it
#: (CREATE ... IF NOT EXISTS, so the step is idempotent like the others).
CHAT_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS ry_chat (
        game_id TEXT NOT NULL REFERENCES ry_games(id) ON DELETE CASCADE,
        id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        created TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, id))""",
    "CREATE INDEX IF NOT EXISTS ry_chat_seat_at ON ry_chat (game_id, seat, at)",
]


@dataclass
class ChatRow:
    id: int
    seat: int
    name: str
    text: str
    created: str


class ChatRateLimited(Exception):
    """The seat sent its messages of the last minute already; ``wait`` seconds until the
    next one may go."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"wait {wait:.1f} s")
        self.wait = wait


class ChatStorage:
    """The chat's statements (mixed into :class:`Storage`; kept apart from the games')."""

    def add_chat(self: "Storage", game_id: str, seat: int, name: str, text: str,
                 per_minute: int, now: float | None = None) -> ChatRow:
        """Store a message of ``seat`` if it sent fewer than ``per_minute`` in the last 60
        seconds (else :class:`ChatRateLimited`, nothing stored), in one transaction; on
        PostgreSQL the same transaction NOTIFYs ``"<game id>#chat:<id>"``."""
        import time as _time
        for attempt in range(5):
            at = _time.time() if now is None else now
            stamp = now_iso()
            try:
                with self._tx() as tx:
                    if self.is_postgres:     # one writer per game's chat at a time
                        tx.execute("SELECT 1 FROM ry_games WHERE id = ? FOR UPDATE", (game_id,))
                    recent = [float(r[0]) for r in tx.execute(
                        "SELECT at FROM ry_chat WHERE game_id = ? AND seat = ? AND at > ? "
                        "ORDER BY at", (game_id, seat, at - 60.0)).fetchall()]
                    if per_minute and len(recent) >= per_minute:
                        raise ChatRateLimited(max(0.1, recent[-per_minute] + 60.0 - at))
                    last = tx.execute("SELECT COALESCE(MAX(id), 0) FROM ry_chat WHERE "
                                      "game_id = ?", (game_id,)).fetchone()[0]
                    new_id = int(last) + 1
                    tx.execute("INSERT INTO ry_chat (game_id, id, seat, name, body, created, at) "
                               "VALUES (?,?,?,?,?,?,?)",
                               (game_id, new_id, seat, name, text, stamp, at))
                    if self.is_postgres:
                        tx.execute("SELECT pg_notify(?, ?)",
                                   (self.channel, f"{game_id}#chat:{new_id}"))
                return ChatRow(new_id, seat, name, text, stamp)
            except self._integrity_errors():
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")

    def chat(self: "Storage", game_id: str, since: int = 0, limit: int = 200) -> list[ChatRow]:
        """The messages with an id above ``since``, oldest first; at most the last
        ``limit`` of them."""
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT id, seat, name, body, created FROM ry_chat WHERE "
                              "game_id = ? AND id > ? ORDER BY id DESC LIMIT ?",
                              (game_id, since, limit)).fetchall()
        return [ChatRow(int(i), int(s), n, b, c) for i, s, n, b, c in reversed(rows)]

    def chat_last(self: "Storage", game_id: str) -> int:
        """The id of the game's newest message (0: none)."""
        with self._lent() as conn:
            cur = conn.cursor()
            try:
                r = cur.execute(self._sql("SELECT COALESCE(MAX(id), 0) FROM ry_chat WHERE "
                                          "game_id = ?"), (game_id,)).fetchone()
            finally:
                cur.close()
        return int(r[0])

    def delete_chat(self: "Storage", game_id: str) -> None:
        """Delete a game's chat (deleting the game does it too)."""
        with self._tx() as tx:
            tx.execute("DELETE FROM ry_chat WHERE game_id = ?", (game_id,))
# ---- end of chat ------------------------------------------------------------------------------

#: accounts (web/accounts.py): name (``name_key``: its case-folded form, unique), argon2
#: password hash, disabled flag, settings (JSON); sessions by the SHA-256 of their cookie
ACCOUNT_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS ry_accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        pw_hash TEXT NOT NULL,
        created TEXT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0,
        settings TEXT NOT NULL DEFAULT '{}')""",
    """CREATE TABLE IF NOT EXISTS ry_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES ry_accounts(id),
        created TEXT NOT NULL,
        seen TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS ry_sessions_account ON ry_sessions (account_id)",
]
#: password resets by e-mail: the SHA-256 of the link's token, its account, when made
RESET_SCHEMA = """CREATE TABLE IF NOT EXISTS ry_resets (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES ry_accounts(id),
    created TEXT NOT NULL)"""
# ---- pending notifications (issue 23, point 3; web/notifications.py) -----------------------
#: what an account is still to be told: one row per notice (game, kind: "turn", "invite",
#: "end"; the game's name and a sentence), ``at`` when it was queued (epoch seconds: an
#: account's notices go out together ``delay`` seconds after its oldest), ``claim`` the
#: random name of the delivery that took it and ``lease`` until when (epoch seconds; a
#: delivery that died is taken again after it).  Step 5 of :data:`MIGRATIONS` creates it.
NOTICE_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS ry_notices (
        account_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        claim TEXT,
        lease DOUBLE PRECISION)""",
    "CREATE INDEX IF NOT EXISTS ry_notices_account ON ry_notices (account_id, at)",
    "CREATE INDEX IF NOT EXISTS ry_notices_claim ON ry_notices (claim)",
]


class NoticeStorage:
    """The pending notices' statements (mixed into :class:`Storage`)."""

    def add_notices(self: "Storage", rows: list[tuple[str, str, str, str, str, float]]
                    ) -> None:
        """Queue ``(account, game, kind, game's name, text, at)`` rows (one transaction)."""
        if not rows:
            return
        with self._tx() as tx:
            for row in rows:
                tx.execute("INSERT INTO ry_notices (account_id, game_id, kind, title, body, "
                           "at) VALUES (?,?,?,?,?,?)", row)

    def notices_due(self: "Storage", now: float, delay: float) -> tuple[list[str], float | None]:
        """The accounts whose oldest free notice (unclaimed, or its claim's lease ran out)
        was queued ``delay`` seconds ago or earlier, and when the next other account's is
        due (epoch seconds; None: no other notice waits)."""
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT account_id, min(at) FROM ry_notices WHERE claim IS NULL "
                              "OR lease < ? GROUP BY account_id", (now,)).fetchall()
        due = [a for a, at in rows if float(at) + delay <= now]
        later = [float(at) + delay for a, at in rows if float(at) + delay > now]
        return due, min(later, default=None)

    def claim_notices(self: "Storage", account: str, claim: str, now: float,
                      lease: float) -> list[tuple[str, str, str, str]]:
        """Take the free notices of ``account`` for the delivery named ``claim`` until
        ``now + lease``: ``(game, kind, game's name, text)`` in queue order.  One UPDATE
        takes them, so of two workers claiming together only one gets each row (on
        PostgreSQL the second waits for the first's row locks and then finds them taken;
        SQLite has one writer at a time)."""
        with self._tx() as tx:
            tx.execute("UPDATE ry_notices SET claim = ?, lease = ? WHERE account_id = ? AND "
                       "(claim IS NULL OR lease < ?)", (claim, now + lease, account, now))
            rows = tx.execute("SELECT game_id, kind, title, body FROM ry_notices WHERE "
                              "claim = ? ORDER BY at", (claim,)).fetchall()
        return [(g, k, t, b) for g, k, t, b in rows]

    def drop_notices(self: "Storage", claim: str) -> None:
        """Forget the notices a delivery took (sent, or given up after its retries)."""
        with self._tx() as tx:
            tx.execute("DELETE FROM ry_notices WHERE claim = ?", (claim,))
# ---- end of pending notifications -------------------------------------------------------------

#: any constant: the transaction-level advisory lock that serialises schema set-up when
#: several workers start at once on one PostgreSQL database
SCHEMA_LOCK = 0x52590001


def sqlite_sync() -> str:
    """``NORMAL`` (default: a commit survives a crash of the server process, the WAL is
    synced at checkpoints) or ``FULL`` (every commit synced: also survives power loss), from
    ``RAILYARD_SQLITE_SYNC``."""
    value = os.environ.get("RAILYARD_SQLITE_SYNC", "NORMAL").upper()
    return value if value in ("NORMAL", "FULL") else "NORMAL"


def pg_sync() -> str:
    """How PostgreSQL commits an action, from ``RAILYARD_PG_SYNC`` (named as for SQLite):
    ``NORMAL`` (default: railyard's sessions commit with ``synchronous_commit = off`` -- an
    acknowledged action survives a crash of any railyard process, as on SQLite; a crash of
    the database host itself may lose the last fraction of a second) or ``FULL`` (the
    server's own setting, by default every commit flushed to disk before the answer: also
    survives power loss, at the price of a disk flush per action)."""
    value = os.environ.get("RAILYARD_PG_SYNC", "NORMAL").upper()
    return value if value in ("NORMAL", "FULL") else "NORMAL"


class _Rollback(Exception):
    """Leave a transaction without its changes (caught by ``_Tx``: the call returns
    False)."""


class Conflict(Exception):
    """Another writer appended at the same index first (stale or duplicate submission)."""


@dataclass
class SeatRow:
    seat: int
    kind: str            # "human" or "bot"
    name: str
    token_hash: str | None
    bot: str | None = None       # a bot seat's kind ("mcts:hard"); None: the default bot
    claim: str | None = None     # an open seat: token hash that may take it (None: anyone)
    account: str | None = None   # the account the seat belongs to (played from any device)


@dataclass
class GameRow:
    id: str
    title: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    created: str
    host_token_hash: str | None
    status: str
    to_act: list[int]
    version: int


@dataclass
class Entry:
    idx: int
    kind: str            # "action" or "undo"
    seat: int | None
    body: Any


def name_key(name: str) -> str:
    """An account name as compared: blanks collapsed, NFKC, case-folded."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _game_row(r: Iterable[Any]) -> GameRow:
    gid, title, players, seed, options, created, host, status, to_act, version = r
    return GameRow(gid, title, json.loads(players), int(seed), json.loads(options), created,
                   host, status, json.loads(to_act), int(version))


def pool_size() -> int:
    """PostgreSQL connections per process (``RAILYARD_DB_POOL``, default 8): a server of
    N workers uses at most N * (this + 2) connections (the listener and the bot locks)."""
    try:
        return max(1, int(os.environ.get("RAILYARD_DB_POOL", "8")))
    except ValueError:
        return 8


class Storage(ChatStorage, NoticeStorage):
    """Thread-safe access to the database: on SQLite one connection per thread; on
    PostgreSQL a pool of at most :func:`pool_size` connections, one lent per statement or
    transaction (threads beyond that wait for one)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_postgres = url.startswith(("postgres://", "postgresql://"))
        self._local = threading.local()
        self._pool: "queue.LifoQueue[Any]" = queue.LifoQueue()
        self._pool_max = pool_size()
        self._pool_made = 0
        # PostgreSQL connections of the event loop (append_async): the loop, its idle ones,
        # how many exist
        self._aloop: Any = None
        self._apool: list[Any] = []
        self._amade = 0
        self._all: list[Any] = []
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self.channel = "railyard"
        self.upgraded = self.upgrade()

    def schema_version(self) -> int:
        """The version recorded in ``ry_schema`` (0: a database made before versions)."""
        with self._tx(write=False) as tx:
            return self._version(tx)

    def _version(self, tx: "Storage._Tx") -> int:
        if "version" not in self._columns(tx, "ry_schema"):
            return 0
        row = tx.execute("SELECT max(version) FROM ry_schema").fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def upgrade(self) -> list[str]:
        """Bring the database to :data:`SCHEMA_VERSION`: every step of :data:`MIGRATIONS`
        above the version recorded in ``ry_schema`` runs, in order, in ONE transaction with
        the new version (so a failure leaves the database as it was).  Each step is
        idempotent by itself, so a database made before the version table (version 0,
        e.g. by main before accounts) is upgraded the same way.  On PostgreSQL an advisory
        lock keeps workers that start together from racing.  Returns the steps applied
        (empty: already up to date).  A database of a newer version is left alone (a
        warning is logged)."""
        done: list[str] = []
        with self._tx() as tx:
            if self.is_postgres:
                tx.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
                schema = tx.execute("SELECT current_schema()").fetchone()[0]
                # NOTIFY channels are per database: one per schema keeps deployments apart
                self.channel = f"railyard.{schema}"[:63]
            tx.execute("CREATE TABLE IF NOT EXISTS ry_schema (version INTEGER NOT NULL, "
                       "applied TEXT NOT NULL)")
            current = self._version(tx)
            if current > SCHEMA_VERSION:
                logging.getLogger("railyard.web").warning(
                    "the database has schema version %d, newer than this code's %d",
                    current, SCHEMA_VERSION)
                return done
            for version, what, step in MIGRATIONS:
                if version > current:
                    step(self, tx)
                    tx.execute("INSERT INTO ry_schema (version, applied) VALUES (?, ?)",
                               (version, now_iso()))
                    done.append(f"{version}: {what}")
        return done

    def _migrate_games(self, tx: "Storage._Tx") -> None:
        """Step 1: games, seats and the entry log (and the columns added to them over
        time: ``bot_due``, ``bot_kind``, ``claim``, ``rematch``)."""
        for stmt in SCHEMA:
            tx.execute(stmt)
        if "bot_due" not in self._columns(tx, "ry_games"):     # databases made before
            tx.execute("ALTER TABLE ry_games ADD COLUMN bot_due INTEGER NOT NULL "
                       "DEFAULT 0")
            # every active game with a bot seat: the runners check and clear the flag
            tx.execute("UPDATE ry_games SET bot_due = 1 WHERE status = 'active' AND "
                       "EXISTS (SELECT 1 FROM ry_seats s WHERE s.game_id = ry_games.id "
                       "AND s.kind = 'bot')")
        seat_cols = self._columns(tx, "ry_seats")
        for col in ("bot_kind", "claim"):                 # databases made before
            if col not in seat_cols:
                tx.execute(f"ALTER TABLE ry_seats ADD COLUMN {col} TEXT")
        if "rematch" not in self._columns(tx, "ry_games"):
            tx.execute("ALTER TABLE ry_games ADD COLUMN rematch TEXT")
        for stmt in LATE_SCHEMA:
            tx.execute(stmt)
        if self.is_postgres:
            tx.execute(RATE_SCHEMA)

    def _migrate_accounts(self, tx: "Storage._Tx") -> None:
        """Step 2: accounts, their sessions, and the account a seat belongs to."""
        for stmt in ACCOUNT_SCHEMA:
            tx.execute(stmt)
        if "account_id" not in self._columns(tx, "ry_seats"):
            tx.execute("ALTER TABLE ry_seats ADD COLUMN account_id TEXT")
        tx.execute("CREATE INDEX IF NOT EXISTS ry_seats_account ON ry_seats (account_id) "
                   "WHERE account_id IS NOT NULL")

    def _migrate_chat(self, tx: "Storage._Tx") -> None:
        """Step 4: the chat of a game (``ry_chat``, see the chat block above)."""
        for stmt in CHAT_SCHEMA:
            tx.execute(stmt)

    def _migrate_notices(self, tx: "Storage._Tx") -> None:
        """Step 5: the notifications still to be sent (``ry_notices``, see above)."""
        for stmt in NOTICE_SCHEMA:
            tx.execute(stmt)

    def _columns(self, tx: "Storage._Tx", table: str) -> set[str]:
        if self.is_postgres:
            rows = tx.execute("SELECT column_name FROM information_schema.columns WHERE "
                              "table_schema = current_schema() AND table_name = ?",
                              (table,)).fetchall()
            return {r[0] for r in rows}
        return {r[1] for r in tx.execute(f"PRAGMA table_info({table})").fetchall()}

    @classmethod
    def from_env(cls, data_dir: str) -> "Storage":
        url = os.environ.get("RAILYARD_DATABASE_URL")
        if url:
            return cls(url)
        os.makedirs(data_dir, exist_ok=True)
        return cls(os.path.join(data_dir, "railyard.sqlite3"))

    @property
    def backend(self) -> str:
        return "postgresql" if self.is_postgres else "sqlite"

    # ---- connections ------------------------------------------------------------------
    def _connect(self) -> Any:
        if self.is_postgres:
            import psycopg
            conn = psycopg.connect(self.url, autocommit=True)
            if pg_sync() == "NORMAL":
                conn.execute("SET synchronous_commit = off")
        else:
            conn = sqlite3.connect(self.url, isolation_level=None, check_same_thread=False,
                                   timeout=30)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={sqlite_sync()}")
            conn.execute("PRAGMA foreign_keys=ON")
        with self._lock:
            self._all.append(conn)
        return conn

    def _conn(self) -> Any:
        """SQLite: this thread's connection."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
        return conn

    def _borrow(self) -> Any:
        if not self.is_postgres:
            return self._conn()
        while True:
            try:
                conn = self._pool.get_nowait()
            except queue.Empty:
                with self._lock:
                    make = self._pool_made < self._pool_max
                    if make:
                        self._pool_made += 1
                if not make:
                    conn = self._pool.get()
                else:
                    try:
                        return self._connect()
                    except BaseException:
                        with self._lock:
                            self._pool_made -= 1
                        raise
            if conn.closed or conn.broken:
                self._discard(conn)
                continue
            return conn

    def _give_back(self, conn: Any) -> None:
        if not self.is_postgres:
            return
        if conn.closed or conn.broken:
            self._discard(conn)
        else:
            self._pool.put(conn)

    def _discard(self, conn: Any) -> None:
        try:
            conn.close()
        except Exception:  # pragma: no cover
            pass
        with self._lock:
            self._pool_made = max(0, self._pool_made - 1)
            if conn in self._all:
                self._all.remove(conn)

    @contextlib.contextmanager
    def _lent(self) -> Any:
        """A connection for one statement in autocommit mode."""
        conn = self._borrow()
        try:
            yield conn
        finally:
            self._give_back(conn)

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.is_postgres else sql

    def close(self) -> None:
        with self._lock:
            conns, self._all = self._all, []
        for c in conns:
            try:
                c.close()
            except Exception:  # pragma: no cover - closing a broken connection
                pass
        self._local = threading.local()
        self._pool = queue.LifoQueue()
        with self._lock:
            self._pool_made = 0

    class _Tx:
        def __init__(self, store: "Storage", write: bool) -> None:
            self.store, self.write = store, write

        def __enter__(self) -> "Storage._Tx":
            # SQLite allows one writer; queueing writers here is much faster than letting
            # them meet SQLite's busy handler, which sleeps between retries.
            self.held = self.write and not self.store.is_postgres
            if self.held:
                self.store._write_lock.acquire()
            try:
                self.conn = self.store._borrow()
                self.cur = self.conn.cursor()
                if self.store.is_postgres:
                    self.cur.execute("BEGIN")
                else:
                    self.cur.execute("BEGIN IMMEDIATE" if self.write else "BEGIN")
            except BaseException:
                if getattr(self, "conn", None) is not None:
                    self.store._give_back(self.conn)
                if self.held:
                    self.store._write_lock.release()
                raise
            return self

        def execute(self, sql: str, params: Iterable[Any] = ()) -> Any:
            self.cur.execute(self.store._sql(sql), tuple(params))
            return self.cur

        def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
            try:
                self.cur.execute("COMMIT" if exc_type is None else "ROLLBACK")
            finally:
                self.cur.close()
                self.store._give_back(self.conn)
                if self.held:
                    self.store._write_lock.release()

    def _tx(self, write: bool = True) -> "Storage._Tx":
        return Storage._Tx(self, write)

    def _integrity_errors(self) -> tuple[type[BaseException], ...]:
        if self.is_postgres:
            import psycopg
            return (psycopg.IntegrityError,)
        return (sqlite3.IntegrityError,)

    # ---- games ------------------------------------------------------------------------
    def create_game(self, game: GameRow, seats: list[SeatRow],
                    entries: list[Entry] | None = None, rematch_of: str | None = None) -> None:
        """Write the game, its seats and (an import) its whole entry log in ONE transaction:
        after a failure or a kill in the middle nothing of it is stored.  With
        ``rematch_of`` the same transaction names the game the rematch of that finished game
        (:class:`Conflict`, nothing stored, if it has one already).  ``game.version``
        must equal the number of entries; ``bot_due`` follows from the seats to act."""
        entries = entries or []
        if game.version != len(entries) or any(e.idx != i for i, e in enumerate(entries)):
            raise ValueError("the version must count the consecutive entries")
        kinds = {s.seat: s.kind for s in seats}
        due = int(game.status == "active" and any(kinds.get(i) == "bot" for i in game.to_act))
        stamp = now_iso()
        try:
            with self._tx() as tx:
                tx.execute(
                    "INSERT INTO ry_games (id, title, players, seed, options, created, "
                    "host_token_hash, status, to_act, version, bot_due) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (game.id, game.title, json.dumps(game.players), game.seed,
                     json.dumps(game.options), game.created, game.host_token_hash, game.status,
                     json.dumps(game.to_act), game.version, due))
                for s in seats:
                    tx.execute("INSERT INTO ry_seats (game_id, seat, kind, name, token_hash, "
                               "bot_kind, claim, account_id) VALUES (?,?,?,?,?,?,?,?)",
                               (game.id, s.seat, s.kind, s.name, s.token_hash, s.bot, s.claim,
                                s.account))
                self._insert_entries(tx, game.id, entries, stamp)
                if rematch_of is not None:
                    cur = tx.execute("UPDATE ry_games SET rematch = ? WHERE id = ? AND "
                                     "rematch IS NULL", (game.id, rematch_of))
                    if cur.rowcount != 1:
                        raise Conflict(f"game {rematch_of} has a rematch already")
        except self._integrity_errors() as exc:
            raise Conflict(f"game {game.id} exists") from exc

    def _insert_entries(self, tx: "Storage._Tx", game_id: str, entries: list[Entry],
                        stamp: str) -> None:
        rows = [(game_id, e.idx, e.kind, e.seat, json.dumps(e.body), stamp) for e in entries]
        sql = self._sql("INSERT INTO ry_actions (game_id, idx, kind, seat, body, created) "
                        "VALUES (?,?,?,?,?,?)")
        if len(rows) > 1:
            tx.cur.executemany(sql, rows)
        elif rows:
            tx.cur.execute(sql, rows[0])

    _GAME_COLS = ("id, title, players, seed, options, created, host_token_hash, status, "
                  "to_act, version")

    def get_game(self, game_id: str) -> GameRow | None:
        with self._tx(write=False) as tx:
            r = tx.execute(f"SELECT {self._GAME_COLS} FROM ry_games WHERE id = ?",
                           (game_id,)).fetchone()
        return _game_row(r) if r else None

    def list_games(self, limit: int = 100, status: str | None = None) -> list[GameRow]:
        sql = f"SELECT {self._GAME_COLS} FROM ry_games"
        params: list[Any] = []
        if status:
            sql += " WHERE status = ?"
            params.append(status)
        sql += " ORDER BY created DESC, id LIMIT ?"
        params.append(limit)
        with self._tx(write=False) as tx:
            rows = tx.execute(sql, params).fetchall()
        return [_game_row(r) for r in rows]

    def get_seats(self, game_id: str) -> list[SeatRow]:
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT seat, kind, name, token_hash, bot_kind, claim, account_id "
                              "FROM ry_seats WHERE game_id = ? ORDER BY seat",
                              (game_id,)).fetchall()
        return [SeatRow(int(a), *rest) for a, *rest in rows]

    def seats_of_games(self, game_ids: list[str]) -> dict[str, list[SeatRow]]:
        """The seats of several games (one statement)."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT game_id, seat, kind, name, token_hash, bot_kind, claim, "
                              f"account_id FROM ry_seats WHERE game_id IN ({marks}) ORDER BY "
                              "game_id, seat", list(game_ids)).fetchall()
        out: dict[str, list[SeatRow]] = {g: [] for g in game_ids}
        for g, a, *rest in rows:
            out[g].append(SeatRow(int(a), *rest))
        return out

    def games(self, game_ids: list[str]) -> dict[str, GameRow]:
        """Several games by id (one statement); unknown ids are left out."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        with self._tx(write=False) as tx:
            rows = tx.execute(f"SELECT {self._GAME_COLS} FROM ry_games WHERE id IN ({marks})",
                              list(game_ids)).fetchall()
        return {r.id: r for r in map(_game_row, rows)}

    def take_seat(self, game_id: str, seat: int, token_hash: str,
                  account: str | None = None, players: list[str] | None = None) -> bool:
        """Give an open human seat (nobody holds it, nobody is kept for it) to
        ``token_hash`` (and ``account``, when a logged-in player joins); with ``players``
        (the names, the seat's renamed) also the names, in the same transaction and only
        while the game has no entry.  False if it is not open (any more) or, to rename,
        the game has begun."""
        try:
            with self._tx() as tx:
                if players is not None:
                    cur = tx.execute("UPDATE ry_games SET players = ? WHERE id = ? AND version = 0",
                                     (json.dumps(players), game_id))
                    if cur.rowcount != 1:
                        raise _Rollback()
                cur = tx.execute("UPDATE ry_seats SET token_hash = ?, account_id = ?, "
                                 "name = COALESCE(?, name) WHERE game_id = ? AND seat = ? AND "
                                 "kind = 'human' AND token_hash IS NULL AND claim IS NULL",
                                 (token_hash, account, players[seat] if players else None,
                                  game_id, seat))
                if cur.rowcount != 1:
                    raise _Rollback()
                return True
        except _Rollback:
            return False

    def claim_for_account(self, game_id: str, seat: int, token_hash: str,
                          account: str) -> bool:
        """Put a private-link seat into ``account``: the seat whose token hashes to
        ``token_hash`` (the link proves it) and that belongs to no other account.  The link
        keeps working.  False if no such seat."""
        with self._tx() as tx:
            cur = tx.execute("UPDATE ry_seats SET account_id = ? WHERE game_id = ? AND "
                             "seat = ? AND kind = 'human' AND token_hash = ? AND "
                             "(account_id IS NULL OR account_id = ?)",
                             (account, game_id, seat, token_hash, account))
            return cur.rowcount == 1

    def account_ids(self, names: list[str]) -> dict[str, tuple[str, str]]:
        """``{name as given: (account id, its name)}`` of the names that name an account
        (any case)."""
        keys = {n: name_key(n) for n in names if isinstance(n, str) and "\x00" not in n}
        if not keys:
            return {}
        marks = ",".join("?" * len(keys))
        with self._tx(write=False) as tx:
            rows = tx.execute(f"SELECT name_key, id, name FROM ry_accounts WHERE name_key IN "
                              f"({marks})", list(set(keys.values()))).fetchall()
        ids = {k: (i, n) for k, i, n in rows}
        return {n: ids[k] for n, k in keys.items() if k in ids}

    def account_game_ids(self, account: str, limit: int = 200) -> list[str]:
        """The games with a seat of ``account``, newest first."""
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT DISTINCT g.id, g.created FROM ry_games g JOIN ry_seats s "
                              "ON s.game_id = g.id WHERE s.account_id = ? ORDER BY g.created "
                              "DESC LIMIT ?", (account, limit)).fetchall()
        return [r[0] for r in rows]

    def last_moves(self, game_ids: list[str]) -> dict[str, str]:
        """When each game's log last grew (games without entries are left out)."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        with self._tx(write=False) as tx:
            rows = tx.execute(f"SELECT game_id, max(created) FROM ry_actions WHERE game_id IN "
                              f"({marks}) GROUP BY game_id", list(game_ids)).fetchall()
        return {g: t for g, t in rows if t}

    def claim_seat(self, game_id: str, seat: int, token_hash: str, claim: str) -> bool:
        """Give a seat kept for ``claim`` (a rematch: the token hash of the seat's player in
        the finished game) a new token; asked again, the previous token stops working."""
        with self._tx() as tx:
            cur = tx.execute("UPDATE ry_seats SET token_hash = ? WHERE game_id = ? AND seat = ? "
                             "AND kind = 'human' AND claim = ?",
                             (token_hash, game_id, seat, claim))
            return cur.rowcount == 1

    def set_host(self, game_id: str, token_hash: str) -> None:
        """A new host (hotseat) token for a game; the previous one stops working."""
        with self._tx() as tx:
            tx.execute("UPDATE ry_games SET host_token_hash = ? WHERE id = ?",
                       (token_hash, game_id))

    def rematch(self, game_id: str) -> str | None:
        """The id of the rematch of ``game_id``, if one was started."""
        with self._lent() as conn:
            cur = conn.cursor()
            try:
                r = cur.execute(self._sql("SELECT rematch FROM ry_games WHERE id = ?"),
                                (game_id,)).fetchone()
            finally:
                cur.close()
        return r[0] if r else None

    def version(self, game_id: str) -> int | None:
        """The game's version: one statement, its own transaction (connections run in
        autocommit mode), asked on every request -- so no BEGIN/COMMIT around it."""
        with self._lent() as conn:
            cur = conn.cursor()
            try:
                r = cur.execute(self._sql("SELECT version FROM ry_games WHERE id = ?"),
                                (game_id,)).fetchone()
            finally:
                cur.close()
        return int(r[0]) if r else None

    # ---- entries ----------------------------------------------------------------------
    def entries(self, game_id: str, start: int = 0) -> list[Entry]:
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT idx, kind, seat, body FROM ry_actions WHERE game_id = ? "
                              "AND idx >= ? ORDER BY idx", (game_id, start)).fetchall()
        return [Entry(int(i), k, None if s is None else int(s), json.loads(b))
                for i, k, s, b in rows]

    def append(self, game_id: str, start: int, entries: list[Entry], status: str,
               to_act: list[int], bots_due: bool = False) -> int:
        """Append ``entries`` at indexes ``start``, ``start+1``, ... in one transaction and
        move the game's version (and ``bot_due``); :class:`Conflict` (and nothing written)
        if another writer got there first.  On PostgreSQL the same transaction NOTIFYs
        every worker."""
        new_version = start + len(entries)
        stamp = now_iso()
        for i, e in enumerate(entries):
            if e.idx != start + i:
                raise ValueError("entries must be consecutive")
        if self.is_postgres:
            return self._append_pg(game_id, start, entries, status, to_act, bots_due, stamp)
        try:
            with self._tx() as tx:
                cur = tx.execute("UPDATE ry_games SET version = ?, status = ?, to_act = ?, "
                                 "bot_due = ? WHERE id = ? AND version = ?",
                                 (new_version, status, json.dumps(to_act), int(bots_due),
                                  game_id, start))
                if cur.rowcount != 1:
                    raise Conflict(f"game {game_id} is not at version {start}")
                self._insert_entries(tx, game_id, entries, stamp)
                if self.is_postgres:
                    tx.execute("SELECT pg_notify(?, ?)", (self.channel,
                                                          f"{game_id}:{new_version}"))
        except self._integrity_errors() as exc:
            raise Conflict(f"index {start} of game {game_id} is taken") from exc
        return new_version

    _APPEND_PG = (
        "WITH u AS (UPDATE ry_games SET version = %s, status = %s, to_act = %s, bot_due = %s "
        "WHERE id = %s AND version = %s RETURNING id), "
        "ins AS (INSERT INTO ry_actions (game_id, idx, kind, seat, body, created) "
        "SELECT u.id, e.idx, e.kind, e.seat, e.body, %s FROM u, "
        "json_to_recordset(%s::json) AS e(idx integer, kind text, seat integer, body text) "
        "RETURNING 1) "
        "SELECT (SELECT count(*) FROM ins), pg_notify(%s, %s) FROM u")

    def _append_params(self, game_id: str, start: int, entries: list[Entry], status: str,
                       to_act: list[int], bots_due: bool, stamp: str) -> tuple[Any, ...]:
        for i, e in enumerate(entries):
            if e.idx != start + i:
                raise ValueError("entries must be consecutive")
        new_version = start + len(entries)
        return (new_version, status, json.dumps(to_act), int(bots_due), game_id, start,
                stamp,      # the entries as one JSON text: cheaper to send than arrays
                json.dumps([{"idx": e.idx, "kind": e.kind, "seat": e.seat,
                             "body": json.dumps(e.body)} for e in entries]),
                self.channel, f"{game_id}:{new_version}")

    async def loop_connection(self) -> Any:
        """A PostgreSQL connection of the running event loop's own small pool (at most
        :func:`pool_size`), or ``None`` when none is free; give it back with
        :meth:`loop_give_back`."""
        import asyncio
        import psycopg
        loop = asyncio.get_running_loop()
        if self._aloop is not loop:          # a new event loop (tests): a new pool
            self._aloop, self._apool, self._amade = loop, [], 0
        while self._apool:
            conn = self._apool.pop()
            if not (conn.closed or conn.broken):
                return conn
            self._amade -= 1
        if self._amade >= pool_size():
            return None
        self._amade += 1
        try:
            conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            if pg_sync() == "NORMAL":
                await conn.execute("SET synchronous_commit = off")
        except BaseException:
            self._amade -= 1
            raise
        return conn

    async def loop_give_back(self, conn: Any, bad: bool = False) -> None:
        """Return a connection of :meth:`loop_connection` (``bad``: close it instead)."""
        import asyncio
        if bad or conn.closed or conn.broken or \
                self._aloop is not asyncio.get_running_loop():
            self._amade = max(0, self._amade - 1)
            try:
                await conn.close()
            except Exception:  # noqa: BLE001 - a broken connection
                pass
        else:
            self._apool.append(conn)

    async def append_async(self, conn: Any, game_id: str, start: int, entries: list[Entry],
                           status: str, to_act: list[int], bots_due: bool = False) -> int:
        """:meth:`append` on PostgreSQL from the event loop, on ``conn`` (from
        :meth:`loop_connection`): the same one statement.  Raises :class:`Conflict` as
        :meth:`append` does."""
        import psycopg
        params = self._append_params(game_id, start, entries, status, to_act, bots_due,
                                     now_iso())
        try:
            cur = await conn.execute(self._APPEND_PG, params)
            row = await cur.fetchone()
        except psycopg.IntegrityError as exc:
            raise Conflict(f"index {start} of game {game_id} is taken") from exc
        if row is None:
            raise Conflict(f"game {game_id} is not at version {start}")
        return start + len(entries)

    async def aclose(self) -> None:
        """Close the event loop's connections (:meth:`append_async`)."""
        conns, self._apool, self._amade = self._apool, [], 0
        for c in conns:
            try:
                await c.close()
            except Exception:  # noqa: BLE001
                pass

    def _append_pg(self, game_id: str, start: int, entries: list[Entry], status: str,
                   to_act: list[int], bots_due: bool, stamp: str) -> int:
        """:meth:`append` on PostgreSQL: one statement (the version check, the entries and
        the NOTIFY commit together in autocommit mode), so one round trip per commit."""
        new_version = start + len(entries)
        params = self._append_params(game_id, start, entries, status, to_act, bots_due, stamp)
        try:
            with self._lent() as conn:
                cur = conn.cursor()
                try:
                    row = cur.execute(self._APPEND_PG, params).fetchone()
                finally:
                    cur.close()
        except self._integrity_errors() as exc:
            raise Conflict(f"index {start} of game {game_id} is taken") from exc
        if row is None:
            raise Conflict(f"game {game_id} is not at version {start}")
        return new_version

    # ---- rate limits (PostgreSQL) --------------------------------------------------------
    _TAKE_PG = (
        "INSERT INTO ry_rate AS r (client, kind, tokens, at, ok) "
        "VALUES (%(c)s, %(k)s, %(cap)s - 1, extract(epoch FROM clock_timestamp()), TRUE) "
        "ON CONFLICT (client, kind) DO UPDATE SET "
        "tokens = LEAST(%(cap)s, r.tokens + (EXCLUDED.at - r.at) * %(rate)s) - CASE WHEN "
        "LEAST(%(cap)s, r.tokens + (EXCLUDED.at - r.at) * %(rate)s) >= 1 THEN 1 ELSE 0 END, "
        "ok = LEAST(%(cap)s, r.tokens + (EXCLUDED.at - r.at) * %(rate)s) >= 1, "
        "at = EXCLUDED.at "
        "RETURNING tokens, ok")

    def take_rate(self, client: str, kind: str, per_minute: int) -> float:
        """Take one request from ``client``'s bucket of ``kind`` in the database (one
        statement; the clock is the database's, so every worker and server shares the
        bucket): 0 if allowed, else the seconds until the next request is."""
        rate = per_minute / 60.0
        with self._lent() as conn:
            cur = conn.cursor()
            try:
                tokens, ok = cur.execute(self._TAKE_PG, {
                    "c": client[:200], "k": kind, "cap": float(per_minute),
                    "rate": rate}).fetchone()
            finally:
                cur.close()
        return 0.0 if ok else (1.0 - float(tokens)) / rate

    # ---- bots -------------------------------------------------------------------------
    def bots_due(self, limit: int = 1000) -> list[tuple[str, int]]:
        """``(game id, version)`` of games waiting for a bot, oldest first."""
        with self._tx(write=False) as tx:
            rows = tx.execute("SELECT id, version FROM ry_games WHERE bot_due = 1 "
                              "ORDER BY created LIMIT ?", (limit,)).fetchall()
        return [(gid, int(v)) for gid, v in rows]

    def bot_state(self, game_id: str) -> tuple[int, bool] | None:
        """``(version, bot_due)`` of one game (one statement, no BEGIN/COMMIT)."""
        with self._lent() as conn:
            cur = conn.cursor()
            try:
                r = cur.execute(self._sql("SELECT version, bot_due FROM ry_games "
                                          "WHERE id = ?"), (game_id,)).fetchone()
            finally:
                cur.close()
        return (int(r[0]), bool(r[1])) if r else None

    def clear_bot_due(self, game_id: str, version: int) -> None:
        """No bot is to act at ``version`` after all (a flag set by the migration)."""
        with self._tx() as tx:
            tx.execute("UPDATE ry_games SET bot_due = 0 WHERE id = ? AND version = ?",
                       (game_id, version))


#: the schema's versions: ``(version, what it adds, step)``; a step must be idempotent (it
#: also runs on databases made before the version table, which are at version 0)
MIGRATIONS = [
    (1, "games, seats and their action logs", Storage._migrate_games),
    (2, "accounts, sessions and the account of a seat", Storage._migrate_accounts),
    (3, "password resets by e-mail", lambda store, tx: tx.execute(RESET_SCHEMA)),
    (4, "the chat of a game", Storage._migrate_chat),
    (5, "notifications still to be sent", Storage._migrate_notices),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]
