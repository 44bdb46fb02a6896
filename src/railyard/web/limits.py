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
* **Bad bytes** (:class:`RequestGuard`, every request, not only the API's).  Text that
  PostgreSQL cannot store -- a NUL character (U+0000) or a lone UTF-16 surrogate
  (U+D800..U+DFFF) -- in the path, the query string or a header is a **400**
  ``bad_text`` naming the place; the same text anywhere in a JSON body (keys too) is
  refused by :func:`unstorable_in` when the body is read (web/api.py ``read_json``).  SQLite
  would store it, but the answer is the same on both databases.
* **Body read time limit.** A request's body must arrive within ``body_timeout`` seconds of
  the request's start (``RAILYARD_BODY_TIMEOUT``, default 30): a client that stops sending
  half-way gets a **408** and the connection is closed (one warning line in the log).
"""
from __future__ import annotations

import json
import logging
import math
import os
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("railyard.web")
_ASK_DATABASE = object()

#: defaults, per client and minute: far above a person's play (an action every second of a
#: hotseat game is 60) and a test suite's creations
DEFAULT_CREATE = 60
DEFAULT_ACTIONS = 1200
MAX_CLIENTS = 10_000           # buckets kept (least recently seen clients are forgotten)
CREATION_PATHS = ("/api/games", "/api/games/import")


#: seconds a request's body may take to arrive (``RAILYARD_BODY_TIMEOUT``)
DEFAULT_BODY_TIMEOUT = 30.0


def body_timeout_from_env(environ: "os._Environ[str] | dict[str, str] | None" = None) -> float:
    """``RAILYARD_BODY_TIMEOUT`` in seconds (a number above 0), default 30."""
    env = os.environ if environ is None else environ
    raw = (env.get("RAILYARD_BODY_TIMEOUT") or "").strip()
    if not raw:
        return DEFAULT_BODY_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise ValueError("RAILYARD_BODY_TIMEOUT must be a number of seconds above 0, "
                         f"not {raw!r}")
    return value


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def unstorable(text: str) -> str | None:
    """What in ``text`` a database cannot store as text (PostgreSQL refuses NUL in text and
    lone surrogates are no UTF-8), in words; ``None`` if nothing."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return "a NUL character (U+0000)"
    return f"a lone surrogate (U+{ord(found.group()):04X})"


def unstorable_in(value: Any, where: str = "") -> str | None:
    """The first text inside a parsed JSON value (strings and object keys, at any depth)
    that :func:`unstorable` refuses: ``"'seats[0].name' contains a NUL character
    (U+0000)"``; ``None`` if all of it can be stored."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            bad = unstorable(item)
            if bad:
                return f"'{at}' contains {bad}" if at else f"it contains {bad}"
        elif isinstance(item, dict):
            for key, sub in item.items():
                if isinstance(key, str):
                    bad = unstorable(key)
                    if bad:
                        return f"a key in '{at or 'the body'}' contains {bad}"
                stack.append((sub, f"{at}.{key}" if at else str(key)))
        elif isinstance(item, list):
            for i, sub in enumerate(item):
                stack.append((sub, f"{at}[{i}]"))
    return None


def _bad_request(scope: Scope) -> str | None:
    """The refusal of a request whose address or headers carry unstorable text."""
    bad = unstorable(scope.get("path", ""))
    if bad:
        return f"The address contains {bad}, which cannot be stored; nothing was changed."
    raw = scope.get("query_string", b"")
    if raw:
        from urllib.parse import parse_qsl
        for key, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True):
            bad = unstorable(key)
            if bad:
                return (f"A query parameter's name contains {bad}, which cannot be stored; "
                        "nothing was changed.")
            bad = unstorable(value)
            if bad:
                return (f"The query parameter '{key}' contains {bad}, which cannot be "
                        "stored; nothing was changed.")
    for key, value in scope.get("headers", []):
        if b"\x00" in value:
            return (f"The header '{key.decode('latin-1')}' contains a NUL character (U+0000), "
                    "which cannot be stored; nothing was changed.")
    return None


class BodyTimeout(Exception):
    """The request's body did not arrive within the limit (answered 408 by the app)."""


class RequestGuard:
    """ASGI middleware, outermost: refuses requests with unstorable text in the address or
    headers (400 ``bad_text``) and limits the time a request's body may take to arrive:
    reading past the limit raises :class:`BodyTimeout` in the handler, which the app
    answers with 408 and ``connection: close``."""

    def __init__(self, app: ASGIApp, body_timeout: float | None = None) -> None:
        self.app = app
        self.body_timeout = body_timeout_from_env() if body_timeout is None else body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = _bad_request(scope)
        if refusal is not None:
            path = scope.get("path", "")
            if path.startswith("/api/") or path == "/openapi.json":
                body = json.dumps({"error": {"code": "bad_text", "message": refusal}}).encode()
                ctype = b"application/json"
            else:
                body, ctype = refusal.encode(), b"text/plain; charset=utf-8"
            await send({"type": "http.response.start", "status": 400, "headers": [
                (b"content-type", ctype), (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        limit = self.body_timeout
        deadline = anyio.current_time() + limit
        complete = False

        async def timed_receive() -> Message:
            nonlocal complete
            if complete:               # the body is in: later reads wait for a disconnect
                return await receive()
            left = deadline - anyio.current_time()
            message = None
            if left > 0:
                with anyio.move_on_after(left):
                    message = await receive()
            if message is None:
                complete = True
                log.warning("%s %s: the request body did not arrive within %g s; answered "
                            "408 and closed the connection", scope.get("method"),
                            scope.get("path"), limit)
                raise BodyTimeout()
            if message["type"] != "http.request" or not message.get("more_body", False):
                complete = True
            return message

        await self.app(scope, timed_receive, send)


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
