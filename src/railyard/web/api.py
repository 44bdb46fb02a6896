"""The JSON API: thin async handlers around :class:`Service` (which blocks, so it runs in
the thread pool).  Bodies are read with a size limit (413 before parsing) and a nesting
limit; every POST must say ``content-type: application/json`` (415 otherwise, checked by
:mod:`.limits`); tokens come in the ``Authorization: Bearer`` header (or
``X-Railyard-Token``)."""
from __future__ import annotations

import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..engine.game import parse_json
from ..bots.factory import bot_kinds
from ..engine.registry import available
from .limits import unstorable_in
from .openapi import check_body
from .service import ApiError, Credential, Service

MAX_BODY = 64 * 1024
#: a new game's body may carry uploaded content (a custom deck or board) as an option value
MAX_CREATE = 1024 * 1024
MAX_IMPORT = 2 * 1024 * 1024
#: nesting limit of request bodies (a save's actions are nested about 8 deep)
MAX_DEPTH = 32


def service(request: Request) -> Service:
    return request.app.state.service


def token_of(request: Request) -> str | None:
    """The seat token of the request; with a logged-in account (web/auth.py) a
    ``Credential`` that also holds the account's seats."""
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        token = auth[7:].strip() or None
    else:
        token = request.headers.get("x-railyard-token") or None
    acc = request.scope.get("state", {}).get("account")
    return Credential(token, acc.id) if acc is not None else token


def account_id(request: Request) -> str | None:
    acc = request.scope.get("state", {}).get("account")
    return acc.id if acc is not None else None


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, "too_large", f"The request body is larger than {limit} bytes.")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, "too_large", f"The request body is larger than {limit} bytes.")
        chunks.append(chunk)
    try:
        data = parse_json(b"".join(chunks) or b"null", MAX_DEPTH)
    except UnicodeDecodeError:
        raise ApiError(400, "malformed_json", "The request body is not UTF-8 text.") from None
    except ValueError as exc:
        detail = str(exc) if "nested" in str(exc) else "not valid JSON"
        raise ApiError(400, "malformed_json", f"The request body is {detail}.") from None
    bad = unstorable_in(data)
    if bad:
        raise ApiError(400, "bad_text", f"The request body cannot be stored: {bad}; nothing "
                       "was changed.")
    return data


#: the error code of a body whose field (the first part of its path) is wrong, as the
#: service answers the same mistakes
FIELD_CODES = {"title": "unknown_title", "seats": "bad_seats", "options": "bad_options",
               "seed": "bad_seed", "seat": "bad_seat", "save": "not_a_save",
               "name": "bad_name"}


def _object(body: Any, schema: str | None = None) -> dict[str, Any]:
    """The body if it is a JSON object as the OpenAPI document's ``schema`` describes it
    (web/openapi.py; the same schema the document publishes), else a 400 naming the first
    field that is not."""
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "The request body must be a JSON object.")
    if schema is not None:
        why = check_body(body, schema)
        if why is not None:
            field = re.split(r"[':.\[ ]", why.lstrip("'"), maxsplit=1)[0]
            raise ApiError(400, FIELD_CODES.get(field, "malformed"), f"The request body is "
                           f"not as the API describes it: {why}. Nothing was changed.")
    return body


async def list_titles(request: Request) -> Response:
    out = []
    for slug, info in available().items():
        out.append({"slug": slug, "name": info.name, "min_players": info.min_players,
                    "max_players": info.max_players, "notes": info.notes,
                    "bot_kinds": bot_kinds(info),
                    "options": [{"name": o.name, "default": o.default,
                                 "description": o.description,
                                 "choices": list(o.choices) if o.choices is not None else None}
                                for o in info.options]})
    return JSONResponse({"titles": out})


async def list_games(request: Request) -> Response:
    games = await run_in_threadpool(service(request).list)
    return JSONResponse({"games": games})


async def create_game(request: Request) -> Response:
    body = _object(await read_json(request, MAX_CREATE), "NewGame")
    seed = body.get("seed")
    if isinstance(seed, float) and seed.is_integer():
        seed = int(seed)                # JSON Schema's "integer" (the document) takes 5.0
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ApiError(400, "bad_seed", "'seed' must be a whole number.")
    out = await run_in_threadpool(service(request).create, body.get("title"), body.get("seats"),
                                  body.get("options"), seed, bool(body.get("hotseat")),
                                  None, account_id(request))
    return JSONResponse(out, status_code=201)


async def get_game(request: Request) -> Response:
    gid = request.path_params["game_id"]
    with_legal = request.query_params.get("legal") in ("1", "true")
    known = request.query_params.get("version")     # what the reader's live stream said
    # checked by the OpenAPI document's parameters (app.QueryGuard): ASCII digits
    at_least = int(known) if known else None
    svc, token = service(request), token_of(request)
    out = svc.cached_state(gid, token, with_legal, at_least)    # from memory, at once
    if out is None:
        out = await run_in_threadpool(svc.state, gid, token, True, with_legal, at_least)
    return Response(out, media_type="application/json")


async def get_log(request: Request) -> Response:
    gid = request.path_params["game_id"]
    lines = await run_in_threadpool(service(request).full_log, gid)
    return JSONResponse({"log": lines})


async def get_legal(request: Request) -> Response:
    gid = request.path_params["game_id"]
    out = await run_in_threadpool(service(request).legal, gid, token_of(request))
    return JSONResponse(out)


async def post_action(request: Request) -> Response:
    gid = request.path_params["game_id"]
    body = _object(await read_json(request))
    action = body.get("action")
    if isinstance(action, dict) and "player" in action and type(action["player"]) is not int:
        raise ApiError(400, "malformed", "The action's 'player' must be a seat number (a whole "
                       "number); nothing was changed.")
    _object(body, "ActionRequest")
    svc, token = service(request), token_of(request)
    version = body.get("version")
    out = await svc.act_on_loop(gid, token, version, action)
    if out is None:
        out = await run_in_threadpool(svc.act, gid, token, version, action, True)
    return Response(out, media_type="application/json")


async def check_routes(request: Request) -> Response:
    gid = request.path_params["game_id"]
    body = _object(await read_json(request), "RoutePicks")
    out = await run_in_threadpool(service(request).routes, gid, token_of(request),
                                  body.get("routes"))
    return JSONResponse(out)


async def auto_routes(request: Request) -> Response:
    gid = request.path_params["game_id"]
    _object(await read_json(request), "Empty")
    out = await run_in_threadpool(service(request).routes, gid, token_of(request), None, True)
    return JSONResponse(out)


async def post_undo(request: Request) -> Response:
    gid = request.path_params["game_id"]
    body = _object(await read_json(request), "UndoRequest")
    out = await run_in_threadpool(service(request).undo, gid, token_of(request),
                                  body.get("version"), True)
    return Response(out, media_type="application/json")


async def my_games(request: Request) -> Response:
    """The games of this browser: the page sends the seat tokens it keeps."""
    body = _object(await read_json(request), "MineRequest")
    games = await run_in_threadpool(service(request).mine, body.get("games"))
    return JSONResponse({"games": games})


async def join_seat(request: Request) -> Response:
    gid = request.path_params["game_id"]
    body = _object(await read_json(request), "JoinRequest")
    acc = request.scope.get("state", {}).get("account")
    out = await run_in_threadpool(service(request).join, gid, body.get("seat"),
                                  acc.id if acc else None,
                                  acc.name if acc else body.get("name"))
    return JSONResponse(out)


async def get_rematch(request: Request) -> Response:
    gid = request.path_params["game_id"]
    out = await run_in_threadpool(service(request).rematch_of, gid)
    return JSONResponse(out)


async def post_rematch(request: Request) -> Response:
    gid = request.path_params["game_id"]
    _object(await read_json(request))
    created, out = await run_in_threadpool(service(request).rematch, gid, token_of(request))
    return JSONResponse(out, status_code=201 if created else 200)


async def export_game(request: Request) -> Response:
    gid = request.path_params["game_id"]
    save = await run_in_threadpool(service(request).export, gid)
    return JSONResponse(save, headers={
        "content-disposition": f'attachment; filename="railyard-{gid}.json"'})


async def import_game(request: Request) -> Response:
    body = _object(await read_json(request, MAX_IMPORT), "ImportRequest")
    save = body.get("save", body if "format" in body else None)
    out = await run_in_threadpool(service(request).import_save, save, body.get("seats"),
                                  bool(body.get("hotseat")))
    return JSONResponse(out, status_code=201)


async def board_svg(request: Request) -> Response:
    gid = request.path_params["game_id"]
    svg = await run_in_threadpool(service(request).board_svg, gid)
    return Response(svg, media_type="image/svg+xml")


async def tile_svg(request: Request) -> Response:
    """A single tile in a rotation, for previews of tile-lay choices."""
    from .render import tile_renderer_for
    gid = request.path_params["game_id"]
    st = await run_in_threadpool(service(request).state, gid)
    # both checked by the OpenAPI document's parameters (app.QueryGuard)
    name = request.query_params.get("tile", "")
    rot = int(request.query_params.get("rotation", "0"))
    draw = tile_renderer_for(st["title"])
    svg = draw(st, name, rot) if draw else None
    if svg is None:
        raise ApiError(404, "unknown_tile", "No drawing of that tile.")
    return Response(svg, media_type="image/svg+xml",
                    headers={"cache-control": "public, max-age=3600"})


ROUTES = [
    Route("/api/titles", list_titles, methods=["GET"]),
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/games/import", import_game, methods=["POST"]),
    Route("/api/games/mine", my_games, methods=["POST"]),
    Route("/api/games/{game_id}", get_game, methods=["GET"]),
    Route("/api/games/{game_id}/log", get_log, methods=["GET"]),
    Route("/api/games/{game_id}/legal", get_legal, methods=["GET"]),
    Route("/api/games/{game_id}/actions", post_action, methods=["POST"]),
    Route("/api/games/{game_id}/undo", post_undo, methods=["POST"]),
    Route("/api/games/{game_id}/join", join_seat, methods=["POST"]),
    Route("/api/games/{game_id}/rematch", get_rematch, methods=["GET"]),
    Route("/api/games/{game_id}/rematch", post_rematch, methods=["POST"]),
    Route("/api/games/{game_id}/routes/check", check_routes, methods=["POST"]),
    Route("/api/games/{game_id}/routes/auto", auto_routes, methods=["POST"]),
    Route("/api/games/{game_id}/export", export_game, methods=["GET"]),
    Route("/api/games/{game_id}/board.svg", board_svg, methods=["GET"]),
    Route("/api/games/{game_id}/tile.svg", tile_svg, methods=["GET"]),
]
