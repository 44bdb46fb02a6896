"""Chat per game (issue 23, point 4): seated players write, everyone reads.

* ``GET /api/games/{id}/chat[?since=N]`` -- the messages (everyone, spectators too), oldest
  first, at most the last 200 (or those after ``since``), and whether the requester may
  write.
* ``POST /api/games/{id}/chat`` ``{"text": ..., "seat": optional}`` -- a message of the
  requester's seat: at most :data:`~.openapi.CHAT_MAX` characters, no control characters but
  line breaks and tabs, at most :data:`~.openapi.CHAT_PER_MINUTE` messages a minute per seat
  (429 with ``Retry-After`` beyond; counted in the database, so every worker agrees).

Who may write is decided by one function, :func:`requester_seats` ("the requester's seats in
this game"): today the seat token of a private link (or the hotseat host token); accounts
plug in there.  Messages are kept in the database with the game (``ry_chat``, see
web/storage.py) and deleted with it.  Each new message is published on the live-update hub
under the key :func:`chat_key` (on PostgreSQL by ``NOTIFY`` in the same transaction, to every
worker); the game's event stream (web/events.py) sends it as a ``chat`` event.  Text is
stored and sent as it was written; the page shows it as text (never as HTML).
"""
from __future__ import annotations

import math
import unicodedata
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .openapi import CHAT_MAX, CHAT_PER_MINUTE
from .service import ApiError, Service
from .storage import ChatRateLimited, ChatRow


def chat_key(game_id: str) -> str:
    """The hub key under which a game's new chat messages are published (the message id
    is the "version")."""
    return f"{game_id}#chat"


def requester_seats(svc: Service, game_id: str, request: Request) -> set[int]:
    """The seats of ``game_id`` the requester holds: the seats its token (``Authorization:
    Bearer`` or ``X-Railyard-Token``) acts for, and, with a logged-in session, the seats of
    its account (``token_of`` makes a ``Credential`` that carries the account; a post with
    the session cookie passed the CSRF check of web/auth.py's gate); empty for spectators.
    The one place that decides who may speak."""
    from .api import token_of
    token = token_of(request)
    if not token:
        return set()
    live = svc.get(game_id)
    with live.lock:
        return svc.seats_of(live, token)


def _message_json(row: ChatRow) -> dict[str, Any]:
    return {"id": row.id, "seat": row.seat, "name": row.name, "text": row.text,
            "at": row.created}


def clean_text(text: str) -> str:
    """The message as stored: line breaks made ``\\n``, surrounding blanks removed; a
    400 for empty text, text over :data:`CHAT_MAX` characters or control characters other
    than line breaks and tabs."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not text:
        raise ApiError(400, "empty_message", "Write something first.")
    if len(text) > CHAT_MAX:
        raise ApiError(400, "too_long", f"A message has at most {CHAT_MAX} characters "
                       f"(this one has {len(text)}).")
    for ch in text:
        if ch not in "\n\t" and unicodedata.category(ch) == "Cc":
            raise ApiError(400, "bad_text", "A message cannot contain control characters "
                           f"(U+{ord(ch):04X}).")
    return text


def read_chat(svc: Service, game_id: str, since: int, request: Request) -> dict[str, Any]:
    svc.get(game_id, check=False)                   # 404 for an unknown game
    rows = svc.storage.chat(game_id, since)
    seats = requester_seats(svc, game_id, request)
    return {"messages": [_message_json(r) for r in rows],
            "last": rows[-1].id if rows else svc.storage.chat_last(game_id),
            "can_write": bool(seats), "my_seats": sorted(seats), "max_length": CHAT_MAX}


def post_chat(svc: Service, game_id: str, body: dict[str, Any],
              request: Request) -> dict[str, Any]:
    live = svc.get(game_id)
    seats = requester_seats(svc, game_id, request)
    if not seats:
        from .api import token_of
        if token_of(request):
            raise ApiError(403, "bad_token", "This link is no seat of the game: spectators "
                           "read the chat but cannot write.")
        raise ApiError(401, "bad_token", "Only seated players write in the chat; open the "
                       "game with your seat's link.")
    seat = body.get("seat")
    if seat is None:
        seat = min(seats)
    elif seat not in seats:
        raise ApiError(403, "wrong_seat", "Your link does not speak for that seat.")
    text = clean_text(body["text"])
    name = live.seats[seat].name if seat < len(live.seats) else f"Seat {seat + 1}"
    try:
        row = svc.storage.add_chat(game_id, seat, name, text, CHAT_PER_MINUTE)
    except ChatRateLimited as exc:
        seconds = max(1, math.ceil(exc.wait))
        raise ApiError(429, "rate_limited", f"At most {CHAT_PER_MINUTE} messages a minute; "
                       f"try again in {seconds} s. Your message was not sent.",
                       retry_after=seconds) from None
    svc.hub.publish(chat_key(game_id), row.id)
    return _message_json(row)


async def get_chat(request: Request) -> Response:
    since = int(request.query_params.get("since") or 0)   # checked by app.QueryGuard
    out = await run_in_threadpool(read_chat, request.app.state.service,
                                  request.path_params["game_id"], since, request)
    return JSONResponse(out)


async def send_chat(request: Request) -> Response:
    from .api import _object, read_json
    body = await read_json(request)
    text = body.get("text") if isinstance(body, dict) else None
    if isinstance(text, str) and 0 < len(text) <= CHAT_MAX:
        clean_text(text)        # what the schema's pattern refuses, with its own code
    body = _object(body, "ChatPost")
    out = await run_in_threadpool(post_chat, request.app.state.service,
                                  request.path_params["game_id"], body, request)
    return JSONResponse(out, status_code=201)


ROUTES = [
    Route("/api/games/{game_id}/chat", get_chat, methods=["GET"]),
    Route("/api/games/{game_id}/chat", send_chat, methods=["POST"]),
]
