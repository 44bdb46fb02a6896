"""Guards in front of the API: every POST must be JSON, and each client may create games and
act only so fast.

* **Content type.** A POST to ``/api/...`` must declare ``content-type: application/json``
  (parameters such as ``charset`` allowed), else **415**.  A web page of another site can
  send a cross-site POST only as a "simple" request (form or text content types) without
  asking the server first, so this keeps other sites from creating games or acting on a
  visitor's local server.
* **Rate limit.** A token bucket per client address (the peer, or what a trusted reverse
  proxy forwards, as uvicorn sets it) for two kinds of POST: *creation* (``/api/games`` and
  ``/api/games/import``) and *actions* (every other POST: actions, undo, route checks).  A
  bucket holds a minute's worth of requests and refills continuously; an empty one answers
  **429** with ``Retry-After`` (whole seconds).  Limits are per minute; 0 turns a limit off.
  Configured by :class:`RateLimits` (``railyard serve --rate-create/--rate-actions`` or the
  environment variables ``RAILYARD_RATE_CREATE`` / ``RAILYARD_RATE_ACTIONS``).  On SQLite
  (one process) the buckets live in memory (:class:`Buckets`); on PostgreSQL they live in
  the database (:class:`SharedBuckets`, table ``ry_rate``), so a client gets the same limit
  whichever worker or server its requests reach.
"""
from __future__ import annotations

import json
import logging
import math
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger("railyard.web")
_ASK_DATABASE = object()

#: defaults, per client and minute: far above a person's play (an action every second of a
#: hotseat game is 60) and a test suite's creations
DEFAULT_CREATE = 60
DEFAULT_ACTIONS = 1200
MAX_CLIENTS = 10_000           # buckets kept (least recently seen clients are forgotten)
CREATION_PATHS = ("/api/games", "/api/games/import")


@dataclass(frozen=True)
class RateLimits:
    """Requests per minute per client; 0 = unlimited."""

    create: int = DEFAULT_CREATE
    actions: int = DEFAULT_ACTIONS

    @classmethod
    def from_env(cls, environ: "os._Environ[str] | dict[str, str] | None" = None) -> "RateLimits":
        env = os.environ if environ is None else environ
        return cls(_env_int(env, "RAILYARD_RATE_CREATE", DEFAULT_CREATE),
                   _env_int(env, "RAILYARD_RATE_ACTIONS", DEFAULT_ACTIONS))


def _env_int(env, name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    if raw.strip().lower() in ("off", "no", "none"):
        return 0
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number of requests per minute (0 or 'off' "
                         f"for no limit), not {raw!r}") from None
    if value < 0:
        raise ValueError(f"{name} must not be negative")
    return value


class Buckets:
    """Token buckets of one kind of request, by client."""

    def __init__(self, per_minute: int) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self._lock = threading.Lock()
        self._buckets: "OrderedDict[str, tuple[float, float]]" = OrderedDict()

    def take(self, client: str, now: float | None = None) -> float:
        """Take one request from ``client``'s bucket: 0 if allowed, else the seconds until
        the next one is."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.pop(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.rate)
            wait = 0.0
            if tokens >= 1.0:
                tokens -= 1.0
            else:
                wait = (1.0 - tokens) / self.rate
            self._buckets[client] = (tokens, now)
            while len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
        return wait


class SharedBuckets:
    """Token buckets of one kind of request kept in PostgreSQL (every worker and server on
    the database shares them): one statement per request, run off the event loop."""

    shared = True

    def __init__(self, storage: Any, kind: str, per_minute: int) -> None:
        self.storage, self.kind, self.per_minute = storage, kind, per_minute

    def take(self, client: str) -> float:
        return self.storage.take_rate(client, self.kind, self.per_minute)


def _error(status: int, code: str, message: str,
           headers: list[tuple[bytes, bytes]] | None = None):
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    return status, [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()), *(headers or [])], body


class ApiGuard:
    """ASGI middleware: the content-type rule and the rate limits for POSTs to the API."""

    def __init__(self, app: ASGIApp, limits: RateLimits | None = None,
                 storage: Any = None) -> None:
        self.app = app
        self.limits = limits or RateLimits()
        shared = storage is not None and getattr(storage, "is_postgres", False)

        def buckets(kind: str, per_minute: int) -> Any:
            if not per_minute:
                return None
            return SharedBuckets(storage, kind, per_minute) if shared else Buckets(per_minute)

        self.create = buckets("create", self.limits.create)
        self.actions = buckets("actions", self.limits.actions)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or \
                not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        refusal = self.check(scope)
        if refusal is _ASK_DATABASE:
            refusal = await anyio.to_thread.run_sync(self.check, scope, True)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, headers, body = refusal
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def check(self, scope: Scope, blocking: bool = False):
        """``None`` (let it pass), a refusal, or -- for buckets in the database when not
        ``blocking`` -- :data:`_ASK_DATABASE` (call again off the event loop)."""
        ctype = ""
        for key, value in scope.get("headers", []):
            if key == b"content-type":
                ctype = value.decode("latin-1")
                break
        if ctype.split(";", 1)[0].strip().lower() != "application/json":
            return _error(415, "unsupported_media_type",
                          "Send the request body as JSON with the header "
                          "'content-type: application/json'.")
        path = scope["path"].rstrip("/") or "/"
        buckets = self.create if path in CREATION_PATHS else self.actions
        if buckets is None:
            return None
        if getattr(buckets, "shared", False) and not blocking:
            return _ASK_DATABASE
        client = (scope.get("client") or ("unknown", 0))[0]
        try:
            wait = buckets.take(client)
        except Exception as exc:  # noqa: BLE001 - the database is away: do not refuse
            log.warning("rate limit not checked (%s)", exc)
            return None
        if wait <= 0:
            return None
        seconds = max(1, math.ceil(wait))
        what = "games created" if buckets is self.create else "requests"
        per = self.limits.create if buckets is self.create else self.limits.actions
        return _error(429, "rate_limited",
                      f"Too many {what} from your address (at most {per} a minute); try again "
                      f"in {seconds} s. Nothing was changed.",
                      [(b"retry-after", str(seconds).encode())])
