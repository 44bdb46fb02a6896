"""The ASGI application: API routes, SSE, HTML pages, static files, error mapping,
security headers, the request guard (unstorable text refused, a time limit on reading
bodies) and the API guard (JSON-only POSTs, per-client rate limits: :mod:`.limits`).  ``create_app(data_dir)`` uses ``RAILYARD_DATABASE_URL`` when set, else a
SQLite file in the data directory; ``rate_limits`` defaults to the environment's
(``RAILYARD_RATE_CREATE`` / ``RAILYARD_RATE_ACTIONS``), ``body_timeout`` the environment's
``RAILYARD_BODY_TIMEOUT``."""
from __future__ import annotations

import contextlib
import logging
import math
import os
import re
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import api, auth, chat, openapi, pages
from .accounts import Accounts
from .events import game_events
from .limits import ApiGuard, BodyTimeout, RateLimits, RequestGuard
from .service import ApiError, Service
from .storage import Storage, pool_size

HERE = os.path.dirname(__file__)
log = logging.getLogger("railyard.web")

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, wrapped)


async def api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    if not request.url.path.startswith("/api/") and exc.status in (400, 401, 403, 404):
        return await pages.error_page(request, exc.status, exc.message)   # a page: in words
    wait = exc.extra.get("retry_after")
    headers = {"retry-after": str(wait)} if wait is not None else None
    return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)


async def server_error(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s", request.url.path, exc_info=exc)
    return JSONResponse({"error": {"code": "server_error",
                                   "message": "The server failed; nothing was changed."}},
                        status_code=500)


async def body_too_slow(request: Request, exc: Exception) -> Response:
    """The body did not arrive in time (:class:`~.limits.RequestGuard` logged it): 408, and
    the connection is closed."""
    return JSONResponse({"error": {"code": "body_timeout", "message":
                                   "The request body did not arrive in time; nothing was "
                                   "changed."}}, status_code=408,
                        headers={"connection": "close"})


async def client_gone(request: Request, exc: Exception) -> Response:
    """The client closed the connection before its body was complete: one log line, no
    traceback; the answer goes nowhere."""
    log.info("%s %s: the client left before its request body was complete",
             request.method, request.url.path)
    return Response(status_code=400, headers={"connection": "close"})


async def openapi_json(request: Request) -> Response:
    return JSONResponse(openapi.document())


async def not_found(request: Request, exc: Exception) -> Response:
    code = getattr(exc, "status_code", 404)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": {"code": "not_found" if code == 404 else "http_error",
                                       "message": getattr(exc, "detail", "Not found.")}},
                            status_code=code)
    return await pages.error_page(request, code)


#: the live-update stream's ``timeout`` (seconds): at most this; below 0.5 counts as 0.5
MAX_STREAM_TIMEOUT = 120.0


async def checked_events(request: Request) -> Response:
    """``GET /api/games/{id}/events`` after checking its query: ``timeout`` a finite number
    of seconds, more than 0 and at most :data:`MAX_STREAM_TIMEOUT`; ``since`` (or the
    ``Last-Event-ID`` header) a whole number.  Anything else is a 400 naming the rule."""
    q = request.query_params
    raw = q.get("timeout")
    if raw is not None:
        try:
            timeout = float(raw)
        except ValueError:
            timeout = math.nan
        if not (math.isfinite(timeout) and 0 < timeout <= MAX_STREAM_TIMEOUT):
            raise ApiError(400, "malformed", "'timeout' must be a number of seconds above 0 and "
                           f"at most {MAX_STREAM_TIMEOUT:g}.")
    header = request.headers.get("last-event-id")
    if header is not None and not re.fullmatch(r"-?[0-9]{1,18}", header):
        raise ApiError(400, "malformed", "The Last-Event-ID header must be a whole number "
                       "(the version you know).")
    since = q.get("since")
    if since is not None and not re.fullmatch(r"-?[0-9]{1,18}", since):
        raise ApiError(400, "malformed", "'since' must be a whole number (the version you "
                       "know).")
    return await game_events(request)


class QueryGuard:
    """ASGI middleware: the query parameters of an API request are checked against the
    OpenAPI document's (:func:`.openapi.check_query`): a wrong one is a 400 naming it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/") and \
                scope.get("query_string"):
            from urllib.parse import parse_qsl
            query = parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True)
            why = openapi.check_query(scope["path"], scope["method"], query)
            if why is not None:
                await JSONResponse({"error": {"code": "malformed", "message": why}},
                                   status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def request_threads(storage: Storage) -> int:
    """Threads that serve requests (``RAILYARD_THREADS``; default: on PostgreSQL the
    connection pool plus 4, on SQLite anyio's default of 40; 0 keeps anyio's default)."""
    raw = os.environ.get("RAILYARD_THREADS")
    if raw is not None and raw.strip().isdigit():
        return int(raw)
    return pool_size() + 4 if storage.is_postgres else 0


def create_app(data_dir: str | None = None, storage: Storage | None = None,
               rate_limits: RateLimits | None = None,
               body_timeout: float | None = None, accounts: bool | None = None,
               secure_cookies: str | None = None, login_rate: int | None = None) -> Starlette:
    """``body_timeout``: seconds a request body may take to arrive (default
    ``RAILYARD_BODY_TIMEOUT``); ``accounts``: on unless switched off (default
    ``RAILYARD_ACCOUNTS``); ``secure_cookies``: ``auto``/``on``/``off`` (default
    ``RAILYARD_SECURE_COOKIES``); ``login_rate``: log-in attempts per name and minute
    (``RAILYARD_RATE_LOGIN``).  The database is upgraded to the code's schema when the
    storage opens."""
    if rate_limits is None:
        rate_limits = RateLimits.from_env()
    if storage is None:
        storage = Storage.from_env(data_dir or os.path.expanduser("~/.railyard"))
    if storage.upgraded:
        log.info("database upgraded: %s", "; ".join(storage.upgraded))
    service = Service(storage)
    if accounts is None:
        accounts = auth.accounts_enabled()
    account_store = Accounts(storage, login_rate) if accounts else None
    if account_store is not None:
        from .notifications import Notifier
        service.notifier = Notifier(storage)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        threads = request_threads(storage)
        if threads:
            # requests wait for the database in threads; more of them than connections only
            # queue for the pool and contend for the interpreter
            anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        resumed = service.resume_bots()
        if service.notifier is not None:     # notices queued before a restart go out
            service.notifier.start()
        if resumed:
            log.info("bots resumed in %d game(s)", resumed)
        yield
        await storage.aclose()
        service.close()

    routes = [
        Route("/openapi.json", openapi_json, methods=["GET"]),
        *auth.ROUTES,
        *api.ROUTES,
        *chat.ROUTES,
        Route("/api/games/{game_id}/events", checked_events, methods=["GET"]),
        *pages.ROUTES,
        Mount("/static", StaticFiles(directory=os.path.join(HERE, "static")), name="static"),
    ]
    handlers: dict[Any, Any] = {ApiError: api_error, 404: not_found, 405: not_found,
                                BodyTimeout: body_too_slow, ClientDisconnect: client_gone,
                                Exception: server_error}
    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeaders),
                                               Middleware(ApiGuard, limits=rate_limits,
                                                          storage=storage),
                                               Middleware(RequestGuard,
                                                          body_timeout=body_timeout),
                                               Middleware(QueryGuard),
                                               # after the guards: a session's CSRF rule
                                               Middleware(auth.AccountGate,
                                                          accounts=account_store)],
                    exception_handlers=handlers, lifespan=lifespan)
    app.state.service = service
    app.state.accounts = account_store
    app.state.secure_cookies = secure_cookies or auth.secure_mode()
    return app
