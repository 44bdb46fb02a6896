"""Accounts in the web server: the session gate, the log-in / sign-up / settings / profile
pages, and the account's JSON endpoints (rules and storage in :mod:`.accounts`).

* :class:`AccountGate` (ASGI middleware) reads the session cookie of every request but
  static files, puts the account in ``request.state.account`` (and the page templates'
  ``viewer()``), and refuses a state-changing request to ``/api/`` that carries a valid
  session cookie but not its CSRF token (header ``X-CSRF-Token``): **403** ``csrf``.
  Requests without a session cookie (the private-link API) are not affected.
* Cookies: ``HttpOnly``, ``SameSite=Lax``, ``Path=/``; ``Secure`` after
  ``RAILYARD_SECURE_COOKIES``: ``auto`` (default: Secure except on plain http to a loopback
  address, for ``make run``), ``on`` or ``off`` (plain-http development on another host).
* ``RAILYARD_ACCOUNTS=off`` (``railyard serve --no-accounts``) switches accounts off for a
  self-hosted table: no gate, the pages and endpoints answer 404, games are played with
  private links only (as they always can be).
"""
from __future__ import annotations

import contextvars
import ipaddress
import json
import os
import secrets
from typing import Any
from urllib.parse import quote

import logging

import anyio.to_thread
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request, cookie_parser
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from .accounts import (COOKIE, MAX_NAME, MIN_PASSWORD, PRE_COOKIE, SESSION_DAYS, Account,
                       Accounts, csrf_ok, csrf_token)
from .pages import env, error_page
from .limits import unstorable
from .service import ApiError, Credential

#: what the page templates know of the reader: ``{"on": accounts on, "account": Account or
#: None, "csrf": token or None}`` (set by the gate for the request's task)
log = logging.getLogger("railyard.web")
VIEWER: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "railyard_viewer", default=None)
env.globals["viewer"] = lambda: VIEWER.get() or {"on": False, "account": None, "csrf": None}

UNSAFE = ("POST", "PUT", "DELETE", "PATCH")


def accounts_enabled(environ: Any = None) -> bool:
    value = (environ or os.environ).get("RAILYARD_ACCOUNTS", "on").strip().lower()
    return value not in ("off", "0", "no", "false")


def secure_mode(environ: Any = None) -> str:
    value = (environ or os.environ).get("RAILYARD_SECURE_COOKIES", "auto").strip().lower()
    return {"1": "on", "yes": "on", "true": "on", "0": "off", "no": "off",
            "false": "off"}.get(value, value if value in ("on", "off") else "auto")


def _loopback(host: str) -> bool:
    host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cookie_secure(request: Request) -> bool:
    mode = request.app.state.secure_cookies
    if mode != "auto":
        return mode == "on"
    return request.url.scheme == "https" or not _loopback(request.headers.get("host", ""))


def accounts_of(request: Request) -> Accounts:
    acc = getattr(request.app.state, "accounts", None)
    if acc is None:
        raise ApiError(404, "no_accounts", "This server has no accounts (games are played "
                       "with private links).")
    return acc


def current(request: Request) -> Account | None:
    return request.scope.get("state", {}).get("account")


def session_of(request: Request) -> str | None:
    return request.scope.get("state", {}).get("session")


def credential(request: Request, token: str | None) -> Any:
    """The seat token of a request, with the logged-in account when there is one (see
    :class:`~.service.Credential`)."""
    acc = current(request)
    return Credential(token, acc.id) if acc else token


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


class AccountGate:
    """ASGI middleware: the session of every request, the CSRF rule for the API."""

    def __init__(self, app: ASGIApp, accounts: Accounts | None = None) -> None:
        self.app, self.accounts = app, accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        if self.accounts is None:
            VIEWER.set({"on": False, "account": None, "csrf": None})
            await self.app(scope, receive, send)
            return
        cookies, given = {}, None
        for key, value in scope.get("headers", []):
            if key == b"cookie":
                cookies.update(cookie_parser(value.decode("latin-1")))
            elif key == b"x-csrf-token":
                given = value.decode("latin-1")
        token = cookies.get(COOKIE)
        account = self.accounts.cached(token) if token else None
        if token and account is None:
            account = await anyio.to_thread.run_sync(self.accounts.session, token)
        state = scope.setdefault("state", {})
        state["account"] = account
        state["session"] = token if account else None
        VIEWER.set({"on": True, "account": account,
                    "csrf": csrf_token(token) if account and token else None})
        if account and scope["method"] in UNSAFE and scope["path"].startswith("/api/") and \
                not csrf_ok(token, given):
            body = json.dumps({"error": {"code": "csrf", "message": (
                "This request carries your log-in cookie but not its CSRF token (header "
                "X-CSRF-Token); nothing was changed. Reload the page.")}}).encode()
            await send({"type": "http.response.start", "status": 403, "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)


# ---- pages ---------------------------------------------------------------------------
def _render(template_name: str, status: int = 200, **ctx: Any) -> Response:
    from starlette.responses import HTMLResponse
    return HTMLResponse(env.get_template(template_name).render(**ctx), status_code=status)


def _next(value: Any) -> str:
    """A local address to go to after logging in (anything else: the lobby)."""
    if isinstance(value, str) and value.startswith("/") and not value.startswith("//") and \
            "\\" not in value and len(value) < 500 and value.isprintable():
        return value
    return "/"


def _pre_form(request: Request, template: str, status: int = 200, **ctx: Any) -> Response:
    """A form shown before logging in, with its double-submit CSRF cookie."""
    accounts_of(request)
    pre = request.cookies.get(PRE_COOKIE)
    if not pre or not 20 <= len(pre) <= 100:
        pre = secrets.token_urlsafe(24)
    resp = _render(template, status, form_csrf=csrf_token(pre), secure=cookie_secure(request),
                   min_password=MIN_PASSWORD, max_name=MAX_NAME,
                   next=_next(ctx.pop("next", None) or request.query_params.get("next")), **ctx)
    resp.set_cookie(PRE_COOKIE, pre, max_age=3600, httponly=True, samesite="lax",
                    secure=cookie_secure(request), path="/")
    return resp


async def _form(request: Request) -> dict[str, Any]:
    try:
        form = await request.form(max_files=0, max_fields=10, max_part_size=8192)
    except Exception:  # noqa: BLE001 - a malformed body is a bad request
        raise ApiError(400, "malformed", "The form could not be read.") from None
    out = {k: v for k, v in form.items() if isinstance(v, str)}
    for key, value in out.items():          # as JSON bodies (web/limits.py): a 400 in words
        bad = unstorable(key) or unstorable(value)
        if bad:
            raise ApiError(400, "bad_text", f"A field of the form contains {bad}, which "
                           "cannot be stored; nothing was changed.")
    return out


def _pre_csrf_ok(request: Request, form: dict[str, Any]) -> bool:
    return csrf_ok(request.cookies.get(PRE_COOKIE), form.get("csrf"))


def _logged_in(request: Request, account: Account, to: str) -> Response:
    token = request.app.state.accounts.new_session(account)
    resp = RedirectResponse(to, status_code=303)
    resp.set_cookie(COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True,
                    samesite="lax", secure=cookie_secure(request), path="/")
    resp.delete_cookie(PRE_COOKIE, path="/")
    return resp


async def signup_page(request: Request) -> Response:
    return _pre_form(request, "signup.html")


async def signup(request: Request) -> Response:
    accounts = accounts_of(request)
    form = await _form(request)
    name, nxt = form.get("name", ""), form.get("next")
    if not _pre_csrf_ok(request, form):
        return _pre_form(request, "signup.html", 403, name=name, next=nxt,
                         error="The form had expired; please send it again.")
    if form.get("password") != form.get("password2"):
        return _pre_form(request, "signup.html", 400, name=name, next=nxt,
                         error="The two passwords differ.")
    try:
        acc = await run_in_threadpool(accounts.create, name, form.get("password"),
                                      client_of(request))
    except ApiError as exc:
        return _pre_form(request, "signup.html", exc.status, name=name, next=nxt,
                         error=exc.message)
    return _logged_in(request, acc, _next(nxt))


async def login_page(request: Request) -> Response:
    out = request.query_params.get("out")
    return _pre_form(request, "login.html", out=out if out in ("1", "all") else None,
                     reset=request.query_params.get("reset") == "1", mail=_mail_on(request))


async def login(request: Request) -> Response:
    accounts = accounts_of(request)
    form = await _form(request)
    name, nxt = form.get("name", ""), form.get("next")
    if not _pre_csrf_ok(request, form):
        return _pre_form(request, "login.html", 403, name=name, next=nxt,
                         error="The form had expired; please send it again.")
    try:
        acc = await run_in_threadpool(accounts.authenticate, name, form.get("password"),
                                      client_of(request))
    except ApiError as exc:
        resp = _pre_form(request, "login.html", exc.status, name=name, next=nxt,
                         error=exc.message)
        if "retry_after" in exc.extra:
            resp.headers["retry-after"] = str(exc.extra["retry_after"])
        return resp
    return _logged_in(request, acc, _next(nxt))


def _require(request: Request) -> Account:
    acc = current(request)
    if acc is None:
        raise ApiError(401, "login_required", "Log in first.")
    return acc


async def _checked_form(request: Request) -> tuple[Account | None, dict[str, Any]]:
    """A logged-in form: the account and the form, or ``(None, {})`` when the session or
    its CSRF token is missing."""
    accounts_of(request)
    form = await _form(request)
    acc = current(request)
    if acc is None or not csrf_ok(session_of(request), form.get("csrf")):
        return None, {}
    return acc, form


async def logout(request: Request) -> Response:
    acc, form = await _checked_form(request)
    if acc is None:
        return RedirectResponse("/", status_code=303)
    everywhere = form.get("everywhere") == "1"
    accounts = request.app.state.accounts
    if everywhere:
        await run_in_threadpool(accounts.end_all, acc.id)
    else:
        await run_in_threadpool(accounts.end_session, session_of(request))
    resp = RedirectResponse("/login?out=" + ("all" if everywhere else "1"), status_code=303)
    resp.delete_cookie(COOKIE, path="/", secure=cookie_secure(request), httponly=True,
                       samesite="lax")
    return resp


async def settings_page(request: Request) -> Response:
    accounts_of(request)
    acc = current(request)
    if acc is None:
        return RedirectResponse("/login?next=/account", status_code=303)
    acc = await run_in_threadpool(request.app.state.accounts.get, acc.id) or acc   # fresh
    return _render("account.html", account=acc, done=request.query_params.get("done"),
                   mail=_mail_on(request))


async def change_password(request: Request) -> Response:
    acc, form = await _checked_form(request)
    if acc is None:
        return _render("account.html", 403, account=current(request),
                       error="The form had expired or you are logged out; log in and send it "
                       "again.")
    accounts = request.app.state.accounts
    if form.get("new") != form.get("new2"):
        return _render("account.html", 400, account=acc, error="The two new passwords differ.")
    try:
        await run_in_threadpool(accounts.change_password, acc, form.get("old"),
                                form.get("new"), client_of(request), session_of(request))
    except ApiError as exc:
        msg = "The current password is wrong." if exc.code == "bad_login" else exc.message
        return _render("account.html", exc.status, account=acc, error=msg)
    return RedirectResponse("/account?done=password", status_code=303)


async def notify_settings(request: Request) -> Response:
    from .notifications import KINDS, check_settings
    acc, form = await _checked_form(request)
    if acc is None:
        return _render("account.html", 403, account=current(request),
                       error="The form had expired or you are logged out; log in and send it "
                       "again.")
    try:
        notify = check_settings(form.get("email"), form.get("webhook"),
                                [k for k in KINDS if form.get(k) == "1"])
    except ValueError as exc:
        return _render("account.html", 400, account=acc, error=str(exc),
                       mail=_mail_on(request))
    await run_in_threadpool(request.app.state.accounts.set_notify, acc.id, notify)
    return RedirectResponse("/account?done=notify", status_code=303)


def _mail_on(request: Request) -> bool:
    n = getattr(request.app.state.service, "notifier", None)
    return bool(n is not None and n.smtp.host)


async def reset_page(request: Request) -> Response:
    return _pre_form(request, "reset.html", mail=_mail_on(request))


async def reset_ask(request: Request) -> Response:
    """Ask for a reset link: the same answer whether or not the name has an account with
    an e-mail address (names are not revealed); the mail is sent by this request."""
    accounts = accounts_of(request)
    form = await _form(request)
    name = form.get("name", "")
    if not _pre_csrf_ok(request, form):
        return _pre_form(request, "reset.html", 403, name=name, mail=_mail_on(request),
                         error="The form had expired; please send it again.")
    if not _mail_on(request):
        return _pre_form(request, "reset.html", 404, name=name, mail=False)
    try:
        got = await run_in_threadpool(accounts.reset_request, name, client_of(request))
    except ApiError as exc:
        return _pre_form(request, "reset.html", exc.status, name=name, mail=True,
                         error=exc.message)
    if got is not None:
        acc, email, token = got
        notifier = request.app.state.service.notifier
        link = f"{notifier.base_url or str(request.base_url).rstrip('/')}/reset/{token}"
        text = (f"Someone (you, we hope) asked for a new password for the account {acc.name}."
                f"\n\nSet one here within an hour: {link}\n\nIf it was not you, ignore "
                "this message: your password stays as it is.")
        try:
            await run_in_threadpool(notifier._send_mail, email, "Your railyard password",
                                    text)
        except Exception as exc:  # noqa: BLE001 - the mail server is away
            log.warning("password reset mail for account %s failed: %s", acc.id,
                        type(exc).__name__)
    return _pre_form(request, "reset.html", mail=True, sent=True)


async def reset_link_page(request: Request) -> Response:
    accounts = accounts_of(request)
    token = request.path_params["token"]
    acc = await run_in_threadpool(accounts.reset_account, token)
    return _pre_form(request, "reset_link.html", 200 if acc else 400, who=acc, token=token)


async def reset_link(request: Request) -> Response:
    accounts = accounts_of(request)
    token = request.path_params["token"]
    form = await _form(request)
    acc = await run_in_threadpool(accounts.reset_account, token)
    if not _pre_csrf_ok(request, form):
        return _pre_form(request, "reset_link.html", 403, who=acc, token=token,
                         error="The form had expired; please send it again.")
    if form.get("new") != form.get("new2"):
        return _pre_form(request, "reset_link.html", 400, who=acc, token=token,
                         error="The two passwords differ.")
    try:
        await run_in_threadpool(accounts.reset_with_link, token, form.get("new"))
    except ApiError as exc:
        return _pre_form(request, "reset_link.html", exc.status, who=acc, token=token,
                         error=exc.message)
    return RedirectResponse("/login?reset=1", status_code=303)


async def profile_page(request: Request) -> Response:
    accounts = accounts_of(request)
    who = await run_in_threadpool(accounts.by_name, request.path_params["name"])
    if who is None:
        return await error_page(request, 404)
    svc = request.app.state.service
    games = await run_in_threadpool(svc.account_games, who.id)
    finished = [g for g in games if g["status"] == "finished" and g.get("result")]
    stats = {"games": len(games), "finished": len(finished),
             "won": sum(1 for g in finished if g["result"].get("won"))}
    me = current(request)
    return _render("profile.html", who=who, games=games, stats=stats,
                   own=me is not None and me.id == who.id)


# ---- JSON ----------------------------------------------------------------------------
async def api_session(request: Request) -> Response:
    on = getattr(request.app.state, "accounts", None) is not None
    acc = current(request)
    return JSONResponse({"accounts": on, "account": {"name": acc.name} if acc else None,
                         "csrf": csrf_token(session_of(request) or "") if acc else None})


async def api_account_games(request: Request) -> Response:
    accounts_of(request)
    acc = _require(request)
    games = await run_in_threadpool(request.app.state.service.account_games, acc.id)
    return JSONResponse({"games": games})


async def api_claim(request: Request) -> Response:
    from .api import _object, read_json, token_of
    accounts_of(request)
    _object(await read_json(request), "Empty")
    out = await run_in_threadpool(request.app.state.service.claim,
                                  request.path_params["game_id"], token_of(request))
    return JSONResponse(out)


#: the filters of ``GET /api/open-games``
MAX_FILTER = 60


async def api_open_games(request: Request) -> Response:
    """Games with a seat open to join, newest first: ``title`` (slug), ``players`` (number
    of seats), ``option`` (``name`` or ``name=value``: games whose option has that value;
    several allowed)."""
    q = request.query_params
    title = q.get("title") or None
    players = q.get("players") or None
    wanted = q.getlist("option")
    if (title and len(title) > MAX_FILTER) or len(wanted) > 10 or \
            any(len(o) > MAX_FILTER for o in wanted):
        raise ApiError(400, "malformed", "A filter is too long.")
    if players is not None and not (players.isascii() and players.isdigit() and
                                    len(players) <= 2):
        raise ApiError(400, "malformed", "'players' must be a number of seats.")
    svc = request.app.state.service
    games = await run_in_threadpool(svc.open_games)
    out = []
    for g in games:
        if title and g["title"] != title:
            continue
        if players and len(g["players"]) != int(players):
            continue
        opts = g.get("options") or {}
        ok = True
        for o in wanted:
            name, _, value = o.partition("=")
            if name not in opts or (value and str(opts[name]).lower() != value.lower()):
                ok = False
        if ok:
            out.append(g)
    return JSONResponse({"games": out})


ROUTES = [
    Route("/signup", signup_page, methods=["GET"]),
    Route("/signup", signup, methods=["POST"]),
    Route("/login", login_page, methods=["GET"]),
    Route("/login", login, methods=["POST"]),
    Route("/logout", logout, methods=["POST"]),
    Route("/account", settings_page, methods=["GET"]),
    Route("/account/password", change_password, methods=["POST"]),
    Route("/account/notifications", notify_settings, methods=["POST"]),
    Route("/players/{name:path}", profile_page, methods=["GET"]),
    Route("/reset", reset_page, methods=["GET"]),
    Route("/reset", reset_ask, methods=["POST"]),
    Route("/reset/{token}", reset_link_page, methods=["GET"]),
    Route("/reset/{token}", reset_link, methods=["POST"]),
    Route("/api/session", api_session, methods=["GET"]),
    Route("/api/account/games", api_account_games, methods=["GET"]),
    Route("/api/open-games", api_open_games, methods=["GET"]),
    Route("/api/games/{game_id}/claim", api_claim, methods=["POST"]),
]


def profile_link(name: str) -> str:
    return "/players/" + quote(name, safe="")


env.filters["profile"] = profile_link
