"""Route picking for the 18xx titles (1830, 1870) in the browser.

The page builds each train's route as the hexes the player clicks, in order.  The server
turns that hex path into the engine's route form (``chains``: one chain of hexes per stretch
between two stops) and checks it with the engine itself: the ``run_routes`` action is
applied to a *clone* of the state, so the revenue and the rule a bad route breaks are
exactly what submitting it would give, and the game is never touched.  ``auto`` fills in
the optimal routes from the route optimiser."""
from __future__ import annotations

import re

import logging
from typing import Any

from ..engine.errors import IllegalAction
from ..engine.game import Game

log = logging.getLogger("railyard.web")

MAX_HEXES = 80


class RouteProblem(Exception):
    """The request cannot be checked: no train runs now (409) or malformed picks (400)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.status = message, status


_TRAIN_ID = re.compile(r"\b([Tt]he )?train ([0-9A-Za-z]+)-\d+\b")


def _train_words(text: str) -> str:
    """An engine message with a train's id ("train 3-1") named as players do ("the
    3-train")."""
    return _TRAIN_ID.sub(lambda m: f"{m.group(1) or 'the '}{m.group(2)}-train", str(text))


def _choice(game: Game, seats: set[int]) -> Any:
    for c in game.legal_actions():
        if c.type == "run_routes" and c.player in seats:
            return c
    raise RouteProblem("No train of yours runs now.", 409)


def _corp(game: Game, choice: Any) -> str:
    fixed = choice.fixed or {}
    return fixed.get("corporation") or game.state.s["op"]["corp"]


def _distance(state: Any, train: str) -> int | None:
    try:
        return int(state.train_def(train).distance)
    except Exception:  # noqa: BLE001 - a title without train_def: read the train's name
        head = train.split("-")[0]
        return int(head) if head.isdigit() else None


def _base(choice: Any) -> dict[str, Any]:
    fixed = {k: v for k, v in (choice.fixed or {}).items() if k != "routes"}
    return {"type": "run_routes", "player": choice.player, **fixed}


def _edge(board: Any, h: str, other: str) -> int | None:
    return next((e for e, n in board.hexes[h].neighbors.items() if n == other), None)


def chains_from_hexes(state: Any, hexes: list[str]) -> list[list[str]]:
    """Split a clicked hex path into stretches between stops.  A hex ends a stretch when
    the track from the previous hex reaches a stop there (city, town, off-board) that also
    joins the side towards the next hex; track straight through a hex continues it.  What
    does not fit (gaps, no track) is left for the engine's check to name."""
    from ..eighteen.graph import hex_paths
    board, tiles = state.st.board, state.s["tiles"]
    chains: list[list[str]] = []
    cur = [hexes[0]]
    for i in range(1, len(hexes)):
        h = hexes[i]
        cur.append(h)
        if i == len(hexes) - 1 or h not in board.hexes:
            continue
        ein, eout = _edge(board, h, hexes[i - 1]), _edge(board, h, hexes[i + 1])
        if ein is None or eout is None:
            continue
        paths = hex_paths(board, tiles, h)
        if any({a, b} == {ein, eout} for a, b in paths):
            continue
        reach_in = {b if a == ein else a for a, b in paths if ein in (a, b)}
        reach_out = {b if a == eout else a for a, b in paths if eout in (a, b)}
        if any(isinstance(s, str) for s in reach_in & reach_out):
            chains.append(cur)
            cur = [h]
    chains.append(cur)
    return chains


def hexes_from_chains(chains: list[list[str]]) -> list[str]:
    out: list[str] = []
    for ch in chains:
        out.extend(ch if not out else ch[1:])
    return out


def _run(game: Game, base: dict[str, Any], routes: list[dict[str, Any]]) -> int:
    """Revenue of ``routes`` by the engine's own check, on a clone; IllegalAction if not."""
    normal = game.state.clone().apply(dict(base, routes=routes))
    return int(normal.get("revenue") or 0)


def check(game: Game, seats: set[int], picks: Any) -> dict[str, Any]:
    """Each train's route (``[{"train", "hexes"}]``) with its revenue or the rule it
    breaks, then the whole set; ``routes`` is what to submit when ``ok``."""
    choice = _choice(game, seats)
    corp = _corp(game, choice)
    state = game.state
    own = list(state.s["corps"][corp]["trains"])
    if not isinstance(picks, list) or len(picks) > len(own) + 4:
        raise RouteProblem("'routes' must be a list of {train, hexes}.")
    by_train: dict[str, list[str]] = {}
    for p in picks:
        if not isinstance(p, dict) or not isinstance(p.get("train"), str):
            raise RouteProblem("Each route names its 'train' and its 'hexes'.")
        hexes = p.get("hexes") or []
        if (not isinstance(hexes, list) or len(hexes) > MAX_HEXES
                or not all(isinstance(h, str) and len(h) <= 8 for h in hexes)):
            raise RouteProblem(f"'hexes' must be a list of at most {MAX_HEXES} hex names.")
        by_train[p["train"]] = hexes
    base = _base(choice)
    trains, chosen = [], []
    for tid in own:
        hexes = by_train.pop(tid, [])
        row: dict[str, Any] = {"train": tid, "distance": _distance(state, tid),
                               "hexes": hexes, "revenue": None, "error": None}
        if len(hexes) == 1:
            row["error"] = "A route joins at least two stops: click the next hex."
        elif hexes:
            route = {"train": tid, "chains": chains_from_hexes(state, hexes)}
            try:
                row["revenue"] = _run(game, base, [route])
                chosen.append(route)
            except IllegalAction as exc:
                row["error"] = _train_words(exc.message)
        trains.append(row)
    if by_train:
        raise RouteProblem(f"{corp} does not own the train {next(iter(by_train))}.")
    out: dict[str, Any] = {"corporation": corp, "trains": trains, "routes": chosen,
                           "total": None, "error": None, "ok": False}
    if any(t["error"] for t in trains):
        out["error"] = "Fix the routes marked in red first."
        return out
    try:
        out["total"] = _run(game, base, chosen)
        out["ok"] = True
    except IllegalAction as exc:
        out["error"] = _train_words(exc.message)   # e.g. two routes share track, or none at all
    return out


def auto(game: Game, seats: set[int]) -> dict[str, Any]:
    """The optimal routes (the route optimiser), checked like a player's picks."""
    choice = _choice(game, seats)
    corp = _corp(game, choice)
    routes = _optimal(game, choice, corp)
    picks = [{"train": r["train"], "hexes": hexes_from_chains(r["chains"])}
             for r in routes if r.get("chains")]
    return check(game, seats, picks)


def _optimal(game: Game, choice: Any, corp: str) -> list[dict[str, Any]]:
    """The route optimiser's ``auto_routes``; the title's own route finder (the routes of
    its ``run_routes`` choice) if the optimiser cannot read this title."""
    try:
        from ..routing import auto_routes
        return list(auto_routes(game.state, corp)["routes"])
    except LookupError as exc:     # the optimiser has no route hook for this title (yet)
        log.info("%s; the title's own routes are used", exc)
    except Exception:  # noqa: BLE001 - an optimiser fault: fall back, do not fail the page
        log.exception("route optimiser failed for %s in %s", corp, game.title)
    return list((choice.fixed or {}).get("routes") or [])
