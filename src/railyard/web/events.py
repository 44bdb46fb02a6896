"""Server-Sent Events: ``GET /api/games/{id}/events`` sends ``version`` events whenever the
game's entry log grows.  The stream waits on the process's :class:`~railyard.web.notify.Hub`
(commits of this worker, and on PostgreSQL those of every worker through ``LISTEN``/
``NOTIFY``); it does not poll the database.  Streams end after ``timeout`` seconds (default
25); browsers reconnect on their own and pass what they know as ``since``.  The response
names the worker in ``X-Railyard-Worker``.  The same stream sends a ``chat`` event (data
``{"last": id}``) when a chat message arrives (web/chat.py), and one at its start when the
game has any."""
from __future__ import annotations

import asyncio
import json
import math

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from .chat import chat_key
from .notify import worker_id
from .service import ApiError


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        raise ApiError(400, "malformed", "'since' must be a whole number.") from None


def _timeout(value: str | None) -> float:
    try:
        seconds = float(value) if value is not None else 25.0
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds):
        raise ApiError(400, "malformed", "'timeout' must be a number of seconds.")
    return min(max(seconds, 0.5), 120.0)


async def game_events(request: Request) -> Response:
    svc = request.app.state.service
    gid = request.path_params["game_id"]
    since = _int(request.query_params.get("since") or request.headers.get("last-event-id"), -1)
    timeout = _timeout(request.query_params.get("timeout"))
    live = await run_in_threadpool(svc.get, gid, None, False)   # 404 for unknown games
    loop = asyncio.get_running_loop()

    async def stream():
        sub = svc.hub.subscribe(gid)
        chat = svc.hub.subscribe(chat_key(gid))
        chat.event = sub.event                 # one wake-up for both
        try:
            # subscribed first, then asked: no commit falls between the two
            db = await run_in_threadpool(svc.storage.version, gid)
            chat_known = await run_in_threadpool(svc.storage.chat_last, gid)
            chat_sent = 0
            known, sent = max(live.version, db or 0), since
            end = loop.time() + timeout
            yield "retry: 1000\n\n"
            while True:
                known = max(known, sub.version)
                if known != sent:
                    sent = known
                    data = json.dumps({"version": known})
                    yield f"id: {known}\nevent: version\ndata: {data}\n\n"
                chat_known = max(chat_known, chat.version)
                if chat_known != chat_sent:
                    chat_sent = chat_known
                    yield f"event: chat\ndata: {json.dumps({'last': chat_known})}\n\n"
                left = end - loop.time()
                if left <= 0:
                    return
                try:
                    await asyncio.wait_for(sub.event.wait(), left)
                except asyncio.TimeoutError:
                    return
                sub.event.clear()
                if sub.recheck or chat.recheck:   # the listener was away: ask the database
                    sub.recheck = chat.recheck = False
                    db = await run_in_threadpool(svc.storage.version, gid)
                    known = max(known, db or 0)
                    chat_known = max(chat_known,
                                     await run_in_threadpool(svc.storage.chat_last, gid))
        finally:
            svc.hub.unsubscribe(sub)
            svc.hub.unsubscribe(chat)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no",
                                      "x-railyard-worker": worker_id()})
