"""Server-rendered HTML pages (Jinja2, autoescaped).  The pages carry no secrets: a seat's
token travels in the link's fragment (``#t=...``), which browsers never send to a server;
the page script reads it and sends it as a header."""
from __future__ import annotations

import os

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..bots.factory import bot_kinds, recommended_kind
from ..engine.registry import available
from . import history18xx
from .option_words import option_words
from .service import ApiError
from .table18xx import is_18xx

HERE = os.path.dirname(__file__)
env = Environment(loader=FileSystemLoader(os.path.join(HERE, "templates")),
                  autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)


def _page(name: str, status: int = 200, **ctx) -> HTMLResponse:
    return HTMLResponse(env.get_template(name).render(**ctx), status_code=status)


async def lobby(request: Request) -> Response:
    games = await run_in_threadpool(request.app.state.service.list)
    titles = [{"slug": slug, "name": info.name} for slug, info in available().items()]
    return _page("lobby.html", games=games, titles=titles)


#: largest uploaded option content the page sends (the server refuses bigger bodies: 413)
MAX_UPLOAD = 1024 * 1024 - 16 * 1024


def is_upload(option) -> bool:
    """Whether an option's value is uploaded content (a custom deck or board: a file the
    player picks, whose text the page sends): an option marked ``upload``, or a free option
    (no fixed choices) whose default is ``None``, empty text or an object."""
    return option.upload or option.choices is None and (
        option.default is None or option.default == "" or isinstance(option.default, dict))


async def new_game(request: Request) -> Response:
    titles = []
    for slug, info in available().items():
        titles.append({"slug": slug, "name": info.name, "min": info.min_players,
                       "max": info.max_players, "bots": bot_kinds(info),
                       "recommended": recommended_kind(info),
                       "options": [{"name": o.name, "label": o.shown_name,
                                    "default": o.default,
                                    **option_words(o.name, o.shown_name, o.description,
                                                   {x.name: x.shown_name
                                                    for x in info.options}),
                                    "choices": list(o.choices) if o.choices else None,
                                    "upload": is_upload(o)}
                                   for o in info.options]})
    return _page("new.html", titles=titles, max_upload=MAX_UPLOAD)


async def game_page(request: Request) -> Response:
    gid = request.path_params["game_id"]
    svc = request.app.state.service
    try:
        state = await run_in_threadpool(svc.state, gid)
        board = "" if is_18xx(state["title"]) else await run_in_threadpool(svc.board_svg, gid)
    except ApiError as exc:
        if exc.status == 404:
            return await error_page(request, 404)
        raise
    from .decisions_small import has_panel
    account = request.scope.get("state", {}).get("account")
    account_seat = False
    if account is not None:        # the account's own seat: the page plays it (web/auth.py)
        from .service import Credential
        live = await run_in_threadpool(svc.get, gid)
        account_seat = bool(await run_in_threadpool(svc.seats_of, live,
                                                    Credential(None, account.id)))
    return _page("game.html", game=state, board=board, is18xx=is_18xx(state["title"]),
                 panel=has_panel(state["title"]), account_seat=account_seat)


def _panel(svc, gid: str, token: str | None) -> dict:
    """The small games' side panel (decisions_small.panel) for a reader: computed once per
    version and seat set."""
    from .decisions_small import has_panel, panel
    from .reader import choices
    live = svc.get(gid)
    if not has_panel(live.row.title):
        raise ApiError(404, "no_panel", "This game has no such panel.")
    with live.lock:
        seats = svc.seats_of(live, token) if token else set()
        if token and not seats:
            raise ApiError(403, "bad_token", "This link is no seat of the game.")
        key = (live.version, tuple(sorted(seats)))
        got = live.__dict__.get("_panel_small")
        if got is None or got[0] != key:
            mine = live.game.current_player in seats
            got = (key, panel(live.game, seats, choices(live) if mine else []))
            live.__dict__["_panel_small"] = got
        return dict(got[1], version=live.version)


async def get_panel(request: Request) -> Response:
    from .api import token_of
    out = await run_in_threadpool(_panel, request.app.state.service,
                                  request.path_params["game_id"], token_of(request))
    return JSONResponse(out)


async def error_page(request: Request, status: int, message: str | None = None) -> Response:
    """The error page of ``status``; ``message``: the refusal's reason in words."""
    return _page("error.html", status=status, code=status, message=message)


ROUTES = [
    *history18xx.ROUTES,
    Route("/", lobby, methods=["GET"]),
    Route("/new", new_game, methods=["GET"]),
    Route("/games/{game_id}", game_page, methods=["GET"]),
    Route("/api/games/{game_id}/panel", get_panel, methods=["GET"]),
]
