"""The 18xx table of a game (1830, 1870) now or at any earlier action, and a seat's
decisions in the game's words.

``GET /api/games/{id}/table?at=k`` answers the map (SVG), the table (HTML: spreadsheet,
privates, trains, phases), the stock market (HTML) and the story (one entry per action with
the sentences of what happened) as they were after action ``k`` (default: now).  An earlier
state comes from ``Game.state_at`` (a replay from the nearest checkpoint); the game is never
changed.
``GET /api/games/{id}/decisions`` (seat token) answers :func:`decisions18xx.decisions`.
"""
from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..eighteen.events import story
from .service import ApiError
from .table18xx import is_18xx, table_html

STORY_TAIL = 150


def state_at(game: Any, k: int) -> Any:
    """The state after the first ``k`` actions (:meth:`Game.state_at`); the live state
    itself (read only) when ``k`` is the whole log."""
    return game.state if k == len(game.log) else game.state_at(k)


def _state_json(live: Any, st: Any, k: int) -> dict[str, Any]:
    game = live.game
    view = st.public_view()
    view["action_count"] = k
    if live.row.title == "1870":
        view["destinations"] = destinations_of(st)
    return {"title": live.row.title, "players": list(game.players), "view": view,
            "current_player": st.current_player, "action_count": k}


def destinations_of(st: Any) -> dict[str, dict[str, Any]]:
    """1870 (9.6): per corporation that reached its destination, where its marker went
    ("map" or "charter")."""
    return {corp: {"marker": c.get("dest_marker") or "charter"}
            for corp, c in st.s["corps"].items() if c.get("connected")}


def story_entries(lines: list[str], events: list, players: list[str], k: int,
                  tail: int = STORY_TAIL) -> list[dict[str, Any]]:
    first = max(0, k - tail)
    said = story(events, players, first)
    return [{"n": i + 1, "text": lines[i] if i < len(lines) else "", "events": said.get(i, [])}
            for i in range(first, k)]


def snapshot(live: Any, at: Any = None) -> dict[str, Any]:
    """Map, table, market and story after action ``at`` (None: now)."""
    from .render.g1830 import market_html, render_map_only
    game = live.game
    n = len(game.log)
    if at is None:
        k = n
    else:
        if isinstance(at, str):
            at = at.strip()
            if not at.lstrip("-").isdigit():
                raise ApiError(400, "malformed", "'at' must be an action number.")
            at = int(at)
        if not 0 <= at <= n:
            raise ApiError(400, "out_of_range", f"'at' must be from 0 to {n}.")
        k = at
    key = (live.version, k)
    cache = live.__dict__.setdefault("table18xx", {})
    if key in cache:
        return cache[key]
    st = state_at(game, k)
    sj = _state_json(live, st, k)
    events = list(getattr(st, "events", []))
    out = {"at": k, "count": n, "version": live.version, "live": k == n,
           "board": render_map_only(sj), "table": table_html(sj, events),
           "market": market_html(sj),
           "story": story_entries(live.lines, events, list(game.players), k)}
    if len(cache) > 16:
        cache.clear()
    cache[key] = out
    return out


def _table(svc: Any, gid: str, at: Any) -> dict[str, Any]:
    live = svc.get(gid)
    if not is_18xx(live.row.title):
        raise ApiError(404, "no_table", "This game has no 18xx table.")
    with live.lock:
        return snapshot(live, at)


def _decisions(svc: Any, gid: str, token: str | None) -> dict[str, Any]:
    from .decisions18xx import decisions
    live = svc.get(gid)
    if not is_18xx(live.row.title):
        raise ApiError(404, "no_table", "This game has no 18xx table.")
    with live.lock:
        seats = svc.seats_of(live, token) if token else set()
        if token and not seats:
            raise ApiError(403, "bad_token", "This link is no seat of the game.")
        from .reader import choices
        key = (live.version, tuple(sorted(seats)))
        got = live.__dict__.get("_decisions")
        if got is None or got[0] != key:
            got = (key, decisions(live.game, seats, choices(live)))
            live.__dict__["_decisions"] = got
        return dict(got[1], version=live.version)


async def get_table(request: Request) -> Response:
    svc = request.app.state.service
    out = await run_in_threadpool(_table, svc, request.path_params["game_id"],
                                  request.query_params.get("at"))
    return JSONResponse(out)


async def get_decisions(request: Request) -> Response:
    from .api import token_of
    svc = request.app.state.service
    out = await run_in_threadpool(_decisions, svc, request.path_params["game_id"],
                                  token_of(request))
    return JSONResponse(out)


ROUTES = [
    Route("/api/games/{game_id}/table", get_table, methods=["GET"]),
    Route("/api/games/{game_id}/decisions", get_decisions, methods=["GET"]),
]
