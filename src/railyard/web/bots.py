"""The bot runner of one worker process: bots think here, never in a request.

A request that leaves a bot to act commits the human's action (``ry_games.bot_due`` = 1)
and *kicks* this runner, then answers at once.  A few runner threads take games from a
queue and play one time slice each (:data:`SLICE` seconds of bot moves, one commit), then
put the game back at the end of the queue while a bot is still to act — so a long bot turn
never holds up other games.

On PostgreSQL each game's bots run in exactly one worker at a time: before a slice the
runner takes a session-level advisory lock on the game (:func:`lock_key`) on its own
connection (``application_name`` ``railyard-bots-<pid>``) and keeps it until no bot is to
act.  A worker that dies loses its connection and with it its locks; every runner looks for
``bot_due`` games every :data:`SCAN` seconds and takes over those nobody holds that made no
progress since its previous look.  The log's
version check stays the final guard: a bot move is never stored twice.  On SQLite (one
process) the queue alone keeps a game in one thread.
"""
from __future__ import annotations

import hashlib
import logging
import os
import queue
import threading
import time
from typing import TYPE_CHECKING, Any

from .storage import Conflict

if TYPE_CHECKING:  # pragma: no cover
    from .service import Service

log = logging.getLogger("railyard.web")

SLICE = 0.1          # seconds of bot moves per turn in the queue (then one commit)
SCAN = 1.0           # seconds between looks for games nobody runs (taken over after 1-2)
THREADS = 3
LOCK_SPACE = 0x5259  # first key of the advisory locks of games' bots


def lock_key(game_id: str) -> int:
    """Second key (signed 32 bits) of a game's advisory lock."""
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:4], "big", signed=True)


class BotRunner:
    def __init__(self, service: "Service", threads: int = THREADS) -> None:
        self.svc = service
        self.store = service.storage
        self.n_threads = threads
        self._queue: "queue.Queue[str | None]" = queue.Queue()
        self._pending: set[str] = set()        # queued or running in this process
        self._held: set[str] = set()           # advisory locks this process holds
        self._stuck: dict[str, int] = {}       # game -> version where its bot cannot move
        self._last_scan: dict[str, int] = {}   # game -> version, as the last scan saw it
        self._again: set[str] = set()          # kicked while queued or running
        self._mu = threading.Lock()
        self._lock_mu = threading.Lock()
        self._lock_conn: Any = None
        self._threads: list[threading.Thread] = []
        self._scanner: threading.Thread | None = None
        self._stop = threading.Event()

    # ---- starting and stopping --------------------------------------------------------
    def _ensure_threads(self) -> None:
        with self._mu:
            if self._stop.is_set():
                return
            self._threads = [t for t in self._threads if t.is_alive()]
            while len(self._threads) < self.n_threads:
                t = threading.Thread(target=self._work, daemon=True,
                                     name=f"railyard-bots-{len(self._threads)}")
                t.start()
                self._threads.append(t)

    def start_scanning(self) -> None:
        """Look for games waiting for a bot now and every :data:`SCAN` seconds (games of a
        worker that died, games left by a restart)."""
        with self._mu:
            if self._scanner is not None or self._stop.is_set():
                return
            self._scanner = threading.Thread(target=self._scan_loop, daemon=True,
                                             name="railyard-bot-scan")
            self._scanner.start()

    def stop(self) -> None:
        self._stop.set()
        for _ in self._threads:
            self._queue.put(None)
        for t in [*self._threads, self._scanner]:
            if t is not None:
                t.join(timeout=5)
        with self._lock_mu:
            if self._lock_conn is not None:
                try:
                    self._lock_conn.close()       # releases every lock held
                except Exception:  # pragma: no cover
                    pass
                self._lock_conn = None
            self._held.clear()

    # ---- queue ------------------------------------------------------------------------
    def kick(self, game_id: str) -> None:
        """Let a bot act in ``game_id`` (after its state was committed)."""
        with self._mu:
            if self._stop.is_set():
                return
            if game_id in self._pending:       # running now: look again when it ends
                self._again.add(game_id)
                return
            self._pending.add(game_id)
        self._ensure_threads()
        self._queue.put(game_id)

    def idle(self) -> bool:
        with self._mu:
            return not self._pending

    def scan(self, all_due: bool = False) -> int:
        """Kick the games the database says wait for a bot -- with ``all_due`` every one,
        else those still at the version of the previous scan (a game another worker plays
        moves on between scans; one whose worker died or hangs does not); returns how
        many."""
        n = 0
        due = self.store.bots_due()
        before, self._last_scan = self._last_scan, dict(due)
        for gid, version in due:
            if self._stuck.get(gid) == version:
                continue
            if all_due or before.get(gid) == version:
                self.kick(gid)
                n += 1
        return n

    def _scan_loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.scan()
            except Exception as exc:  # noqa: BLE001 - the database may be restarting
                log.warning("bot scan failed: %s", exc)
            self._stop.wait(SCAN)

    def _work(self) -> None:
        while not self._stop.is_set():
            gid = self._queue.get()
            if gid is None:
                return
            again, end_version = False, None
            try:
                again, end_version = self._slice(gid)
            except Exception:  # keep the runner alive for the other games
                log.exception("bot runner failed on game %s", gid)
            if again and not self._stop.is_set():
                self._queue.put(gid)           # to the back: other games get their turn
            else:
                self._finish(gid, end_version)

    # ---- one game ---------------------------------------------------------------------
    def _slice(self, gid: str) -> tuple[bool, int | None]:
        """One turn of ``gid``'s bots: ``(again, version at the end)``; ``(False, None)``
        when another worker holds the game."""
        svc = self.svc
        if self.store.is_postgres:
            got, db_version = self._claim(gid)
            if not got:
                return False, None
            # the claim read the version with the lock; held already: the append's
            # version check is the guard (a lost race evicts the copy)
            live = svc.get(gid, at_least=db_version, check=db_version is not None)
        else:       # one process writes this database, through this service
            live = svc.get(gid, check=False)
        with live.lock:
            if not live.bot_to_act():
                state = self.store.bot_state(gid)
                if state is not None and state[1] and state[0] == live.version \
                        and not live.game.is_terminal and not live.broken:
                    # the flag was set for a position where no bot is to act after all
                    self.store.clear_bot_due(gid, live.version)
                return False, live.version
            entries = svc._bot_entries(live, 10_000, time.monotonic() + SLICE)
            # a human reads this version next: encode it now, offer it once committed
            ready = svc.prepare(live) if entries and not live.bot_to_act() else None
            try:
                svc._commit(live, entries, ready)
            except Conflict:
                return True, None              # someone else wrote first: look again
            if not entries:                    # the bot cannot move: leave it to a human
                self._stuck[gid] = live.version
                return False, live.version
            return live.bot_to_act(), live.version

    def _finish(self, gid: str, end_version: int | None) -> None:
        held = False
        with self._mu:
            held = gid in self._held
        state = self._release(gid) if held else None
        with self._mu:
            self._pending.discard(gid)
            again = gid in self._again
            self._again.discard(gid)
        if again:
            self.kick(gid)
        elif held and end_version is not None:
            # a human may have acted on another worker while we still held the lock (that
            # worker's kick then found it taken): look once more
            if state is None:
                state = self.store.bot_state(gid)
            if state is not None and state[1] and state[0] != end_version:
                self.kick(gid)

    # ---- advisory locks (PostgreSQL) --------------------------------------------------
    def _lock_connection(self) -> Any:
        if self._lock_conn is None or self._lock_conn.closed:
            import psycopg
            self._lock_conn = psycopg.connect(
                self.store.url, autocommit=True,
                application_name=f"railyard-bots-{os.getpid()}")
            with self._mu:
                self._held.clear()             # a new session holds nothing
        return self._lock_conn

    def _claim(self, gid: str) -> tuple[bool, int | None]:
        """Take the game's lock: ``(taken, the game's version read with it)`` -- the
        version is ``None`` when this process held the lock already."""
        with self._mu:
            if gid in self._held:
                return True, None
        with self._lock_mu:
            try:
                conn = self._lock_connection()
                got, version = conn.execute(
                    "SELECT pg_try_advisory_lock(%s, %s), "
                    "(SELECT version FROM ry_games WHERE id = %s)",
                    (LOCK_SPACE, lock_key(gid), gid)).fetchone()
            except Exception as exc:  # noqa: BLE001 - lost connection: every lock is gone
                log.warning("bot lock connection failed: %s", exc)
                self._drop_lock_connection()
                return False, None
        if got:
            with self._mu:
                self._held.add(gid)
        return bool(got), None if version is None else int(version)

    def _release(self, gid: str) -> tuple[int, bool] | None:
        """Give the game's lock back; ``(version, bot_due)`` read just *after* (a human's
        kick on another worker while we held it found the lock taken), in the same round
        trip (a pipeline of two statements)."""
        with self._mu:
            self._held.discard(gid)
        with self._lock_mu:
            if self._lock_conn is None:
                return None
            try:
                conn = self._lock_conn
                with conn.pipeline():
                    conn.execute("SELECT pg_advisory_unlock(%s, %s)",
                                 (LOCK_SPACE, lock_key(gid)))
                    cur = conn.execute("SELECT version, bot_due FROM ry_games WHERE id = %s",
                                       (gid,))
                r = cur.fetchone()
            except Exception as exc:  # noqa: BLE001
                log.warning("bot lock connection failed: %s", exc)
                self._drop_lock_connection()
                return None
        return (int(r[0]), bool(r[1])) if r else None

    def _drop_lock_connection(self) -> None:
        try:
            if self._lock_conn is not None:
                self._lock_conn.close()
        except Exception:  # pragma: no cover
            pass
        self._lock_conn = None
        with self._mu:
            self._held.clear()
