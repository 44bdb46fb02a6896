"""Server-Sent Events: ``GET /api/games/{id}/events`` sends ``version`` events whenever the
game's entry log grows.  It watches the in-memory version and, every second, the database
(so a move made through another worker is seen too).  Streams end after ``timeout`` seconds
(default 25); browsers reconnect on their own and pass what they know as ``since``."""
from __future__ import annotations

import asyncio
import json

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from .service import ApiError

POLL = 0.15
DB_POLL = 1.0


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        raise ApiError(400, "malformed", "'since' must be a whole number.") from None


async def game_events(request: Request) -> Response:
    svc = request.app.state.service
    gid = request.path_params["game_id"]
    live = await run_in_threadpool(svc.get, gid)      # 404 for unknown games
    since = _int(request.query_params.get("since") or request.headers.get("last-event-id"), -1)
    try:
        timeout = min(max(float(request.query_params.get("timeout", 25)), 0.5), 120.0)
    except ValueError:
        raise ApiError(400, "malformed", "'timeout' must be a number of seconds.") from None
    loop = asyncio.get_running_loop()

    async def stream():
        known, sent = live.version, since
        end = loop.time() + timeout
        next_db = loop.time() + DB_POLL
        yield "retry: 1000\n\n"
        while True:
            mem = svc.peek_version(gid)
            if mem is not None:
                known = max(known, mem)
            if loop.time() >= next_db:
                db = await run_in_threadpool(svc.storage.version, gid)
                known = max(known, db or 0)
                next_db = loop.time() + DB_POLL
            if known != sent:
                sent = known
                data = json.dumps({"version": known})
                yield f"id: {known}\nevent: version\ndata: {data}\n\n"
            if loop.time() >= end:
                return
            await asyncio.sleep(POLL)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no"})
