"""What a reader of a game gets: the state (public, or a seat's private view for titles with
hidden information), computed once per version and shared by every reader, encoded to JSON
once, plus a token's legal choices.  The state carries the game's story (``story``: the last
:data:`STORY_TAIL` entries of ``Game.story()``, ``story_count`` in all) and, once the game is
over, ``end`` (``Game.end_summary()``: the reason and each player's score with its parts)."""
from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from .service import Live

log = logging.getLogger("railyard.web")

LOG_TAIL = 200
#: story entries sent with the state (the last ones; ``story_count`` says how many in all)
STORY_TAIL = 400


def legal(live: "Live", seats: set[int]) -> dict[str, Any]:
    cp = live.game.current_player
    choices = choices_json(live) if cp in seats else []
    from .undo import allowed
    return {"version": live.version, "seats": sorted(seats), "current_player": cp,
            "choices": choices, "undo": allowed(live, seats)}


def choices(live: "Live") -> list[Any]:
    """The engine's legal choices, computed once per version (the action's answer and the
    18xx decisions both read them)."""
    got = live.__dict__.get("_choices")
    if got is None or got[0] != live.version:
        got = (live.version, live.game.legal_actions(), None)
        live.__dict__["_choices"] = got
    return got[1]


def choices_json(live: "Live") -> list[dict[str, Any]]:
    found = choices(live)
    got = live.__dict__["_choices"]
    if got[2] is None:
        got = (got[0], found, [c.to_json() for c in found])
        live.__dict__["_choices"] = got
    return got[2]


def state_json(live: "Live", seats: set[int] | None = None) -> dict[str, Any]:
    """The state a reader may see: the public state (computed once per version and
    shared by every reader) or, for a seat of a title with hidden information, the
    same with the title's ``private_view(seat)`` as ``view`` (cached per seat)."""
    out = seen_by(live, _viewer(live, seats))
    if seats is not None:
        out = dict(out, my_seats=sorted(seats))
    return out


def seen_by(live: "Live", viewer: int | None) -> dict[str, Any]:
    if live.cached is None or live.cached[0] != live.version:
        live.cached = (live.version, _public(live))
        live.private = {}
    out = live.cached[1]
    if viewer is None:
        return out
    if viewer not in live.private:
        view = live.game.state.private_view(viewer)
        view["action_count"] = len(live.game.log)
        live.private[viewer] = dict(out, view=view, viewer=viewer)
    return live.private[viewer]


def answers(live: "Live") -> dict[Any, bytes]:
    """The reads of ``live``'s version a page makes, encoded: ``(seat, True)`` a human
    seat's state with its legal choices, ``(seat, False)`` without, ``(None, False)`` the
    public state (keys of ``Live.ready``)."""
    out: dict[Any, bytes] = {(None, False): state_bytes(live)}
    for s in live.seats:
        if s.kind == "human":
            seats = {s.seat}
            out[(s.seat, False)] = state_bytes(live, seats)
            out[(s.seat, True)] = state_bytes(live, seats, legal(live, seats))
    return out


def state_bytes(live: "Live", seats: set[int] | None = None,
                choices: dict[str, Any] | None = None) -> bytes:
    """:func:`state_json` as UTF-8 JSON, the public state encoded once per version
    (plus the reader's seats and, after an action, its legal choices)."""
    viewer = _viewer(live, seats)
    if viewer is not None:
        data = _dumps(seen_by(live, viewer))
    else:
        if live.encoded is None or live.encoded[0] != live.version:
            live.encoded = (live.version, _dumps(seen_by(live, None)))
        data = live.encoded[1]
    if seats is not None:
        data = data[:-1] + b',"my_seats":' + json.dumps(sorted(seats)).encode() + b"}"
    if choices is not None:
        data = data[:-1] + b',"legal":' + _dumps(choices) + b"}"
    return data


def _public(live: "Live") -> dict[str, Any]:
    g = live.game
    cp = g.current_player
    res = g.result()
    out: dict[str, Any] = {
        "id": live.row.id, "title": live.row.title, "title_name": g.info.name,
        "created": live.row.created, "options": dict(g.options),
        "players": list(g.players),
        "seats": [dict(seat=s.seat, kind=s.kind, name=s.name,
                       **({"bot": s.bot or "default"} if s.kind == "bot" else {}))
                  for s in live.seats],
        "status": live.status, "version": live.version, "action_count": len(g.log),
        "current_player": cp, "to_act": [] if cp is None else [g.players[cp]],
        "view": g.public_view(), "log_count": len(live.lines),
        "log": live.lines[-LOG_TAIL:],
        "result": res.to_json(g.players) if res else None,
        "last_actor": g.log[-1].get("player") if g.log else None,
        "notices": list(live.notices),       # undos: {"after": actions, "text"}
    }
    try:
        story, end = g.story(), g.end_summary()
    except Exception:  # noqa: BLE001 - a failing sentence must not take the page down
        log.exception("the story of game %s failed", live.row.id)
        story, end = [], None
    out["story_count"] = len(story)
    out["story"] = story[-STORY_TAIL:]
    out["end"] = end
    return out


def _viewer(live: "Live", seats: set[int] | None) -> int | None:
    """Whose private view a reader with ``seats`` gets: its seat (with a hotseat token, the
    seat to act); ``None`` (the public view) for spectators and titles without secrets."""
    if not seats or not callable(getattr(live.game.state, "private_view", None)):
        return None
    if len(seats) == 1:
        return next(iter(seats))
    cp = live.game.current_player
    return cp if cp in seats else None


def _dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON (orjson: the state of a version is encoded once, but that is
    still the largest cost of a read)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:          # e.g. an int beyond 64 bits: the standard encoder takes it
        return json.dumps(value, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode()
