"""Live updates inside one worker process, and between workers on PostgreSQL.

:class:`Hub` fans a game's new version out to the live streams (SSE) of this process that
follow the game.  The service publishes to it after every commit it makes; on PostgreSQL
one :class:`Listener` thread per process also ``LISTEN``s on the storage's channel (every
commit of every worker ``NOTIFY``s there in its own transaction, see
:meth:`railyard.web.storage.Storage.append`) and publishes what it hears.  Nothing polls the
database: after the listener (re)connects it asks every stream to check the database once,
since notifications sent while it was away are lost.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Callable

log = logging.getLogger("railyard.web")


class Subscription:
    """One live stream's view of one game: the highest version heard, and an event set
    whenever it rises (or the database should be asked)."""

    def __init__(self, game_id: str, loop: asyncio.AbstractEventLoop) -> None:
        self.game_id = game_id
        self.loop = loop
        self.version = -1
        self.recheck = False
        self.event = asyncio.Event()

    def _offer(self, version: int | None) -> None:       # runs in the event loop
        if version is None:
            self.recheck = True
        elif version > self.version:
            self.version = version
        else:
            return
        self.event.set()

    def offer(self, version: int | None) -> None:
        """From any thread: ``version`` is committed (``None``: ask the database)."""
        try:
            self.loop.call_soon_threadsafe(self._offer, version)
        except RuntimeError:      # the loop is closed: the stream is gone
            pass


class Hub:
    """Subscriptions of this process by game; thread-safe."""

    def __init__(self, on_subscribe: Callable[[], None] | None = None) -> None:
        self._subs: dict[str, set[Subscription]] = {}
        self._mu = threading.Lock()
        self._on_subscribe = on_subscribe

    def subscribe(self, game_id: str) -> Subscription:
        """Call from the event loop, *before* reading the game's version (so no commit can
        fall between the read and the subscription)."""
        sub = Subscription(game_id, asyncio.get_running_loop())
        with self._mu:
            self._subs.setdefault(game_id, set()).add(sub)
        if self._on_subscribe is not None:
            self._on_subscribe()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._mu:
            subs = self._subs.get(sub.game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.game_id]

    def publish(self, game_id: str, version: int) -> None:
        with self._mu:
            subs = list(self._subs.get(game_id, ()))
        for sub in subs:
            sub.offer(version)

    def recheck_all(self) -> None:
        with self._mu:
            subs = [s for group in self._subs.values() for s in group]
        for sub in subs:
            sub.offer(None)

    def count(self) -> int:
        with self._mu:
            return sum(len(g) for g in self._subs.values())


class Listener:
    """The one PostgreSQL connection of this process that ``LISTEN``s for commits of all
    workers and publishes them to the hub; reconnects on its own."""

    def __init__(self, url: str, channel: str, hub: Hub) -> None:
        self.url, self.channel, self.hub = url, channel, hub
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._mu = threading.Lock()
        self.connected = threading.Event()

    def start(self) -> None:
        with self._mu:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="railyard-listen")
                self._thread.start()

    def _run(self) -> None:
        import psycopg
        from psycopg import sql
        while not self._stop.is_set():
            conn = None
            try:
                conn = psycopg.connect(self.url, autocommit=True,
                                       application_name=f"railyard-listen-{os.getpid()}")
                conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                self.connected.set()
                self.hub.recheck_all()          # whatever was sent while not listening
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=1.0):
                        self._deliver(note.payload)
            except Exception as exc:  # noqa: BLE001 - the database went away: retry
                self.connected.clear()
                if not self._stop.is_set():
                    log.warning("live-update listener lost its connection (%s); retrying", exc)
                    self._stop.wait(1.0)
            finally:
                if conn is not None:
                    try:
                        conn.close()
                    except Exception:  # pragma: no cover
                        pass

    def _deliver(self, payload: str) -> None:
        gid, _, version = payload.rpartition(":")
        try:
            self.hub.publish(gid, int(version))
        except ValueError:
            log.warning("ignored a malformed notification %r", payload[:100])

    def stop(self, wait: float = 2.0) -> None:
        self._stop.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=wait)

    def __repr__(self) -> str:  # pragma: no cover
        return f"Listener({self.channel!r})"


def worker_id() -> str:
    """An opaque name of this worker process (sent as ``X-Railyard-Worker`` on live
    streams so tests and benchmarks can tell workers apart)."""
    global _WORKER
    if _WORKER is None or _WORKER[0] != os.getpid():
        _WORKER = (os.getpid(), os.urandom(4).hex())
    return _WORKER[1]


_WORKER: tuple[int, str] | None = None
