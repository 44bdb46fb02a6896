"""Running trains (9.3) with routes chosen by the engine, and stop values (2.2).

The president names the routes (:mod:`.routes` checks them); :func:`best_set` is the
engine's greedy set (longest train first, its best route on track not used yet) offered to
bots.  Cattle and port bonuses
(11.3, 11.4) and destination doubling (9.6.6) are included."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...eighteen.graph import hex_tile
from ...eighteen.routes import find_routes
from .data import static
from .privates import bonus

if TYPE_CHECKING:
    from .state import G1870State


@lru_cache(maxsize=None)
def _red() -> frozenset[str]:
    board = static().board
    return frozenset(h for h, hx in board.hexes.items() if hx.printed.colour == "red")


def red_hexes(board) -> frozenset[str]:
    """The off-board areas (red hexes): route ends only (9.3.2)."""
    return _red()


def offboard_key(phase: str) -> str:
    """2.2: top values in phases 1-3, middle in 4-5, bottom from phase 6."""
    return "yellow" if phase <= "3" else "brown" if phase <= "5" else "blue"


def stop_value(g: "G1870State", hex_id: str, stop: str) -> int:
    board = g.st.board
    tile, _ = hex_tile(board, g.s["tiles"], hex_id)
    if hex_id in red_hexes(board):
        return tile.city_revenue[int(stop[1:])][offboard_key(g.s["phase"])]
    return tile.stop_revenue(stop, "gray")


def distance(train_id: str) -> int:
    kind = train_id.split("-")[0]
    return 999 if kind == "D" else int(kind)          # the diesel: any number of stops (12.2)


def route_value(g: "G1870State", corp: str, stops, values: dict | None = None) -> int:
    """9.3.5: stop values + private bonuses + the destination doubled for a route that
    starts or ends there once the destination marker is on the map (9.6.6).  ``values``:
    a cache of stop values at the current position (filled as they are computed)."""
    if values is None:
        value = sum(stop_value(g, h, st) for h, st in stops)
    else:
        value = 0
        for stop in stops:
            v = values.get(stop)
            if v is None:
                v = values[stop] = stop_value(g, *stop)
            value += v
    value += bonus(g, corp, stops)
    c = g.s["corps"][corp]
    if c.get("dest_marker") == "map":
        dest = g.st.corps[corp].destination
        for end in {stops[0], stops[-1]}:
            if end[0] == dest:
                value += stop_value(g, *end)
    return value


def tokens_for(g: "G1870State", corp: str) -> dict:
    """The station markers as seen by ``corp``'s routes: its destination marker on the map
    counts as its station in the destination city (9.6.3 a)."""
    s = g.s
    tokens = s["tokens"]
    if s["corps"][corp].get("dest_marker") != "map":
        return tokens
    dest = g.st.corps[corp].destination
    cities = tokens.get(dest)
    if cities and any(corp in held for held in cities):
        return tokens
    tile, _ = hex_tile(g.st.board, s["tiles"], dest)
    n = max(tile.n_cities, 1)
    cities = [list(held) for held in (cities or [])] + [[] for _ in range(n - len(cities or []))]
    cities[0].append(corp)
    return {**tokens, dest: cities}


def best_set(g: "G1870State", corp: str, exclude: str | None = None,
             used: set | None = None) -> tuple[int, list[dict]]:
    """9.3: each train runs a route with a station of the corporation, at most its number
    of stops, off-boards only as ends; trains share no track.  Greedy (longest train
    first, its best route on unused track): (total, [{"train", "chains"}])."""
    s = g.s
    board = g.st.board
    red = red_hexes(board)
    used = set() if used is None else set(used)
    tokens = tokens_for(g, corp)
    total = 0
    out: list = []
    trains = [t for t in s["corps"][corp]["trains"] if t != exclude]
    by_distance: dict = {}                  # trains of one length: the same routes exist
    values: dict = {}                       # stop values at this position
    for tid in sorted(trains, key=lambda t: -distance(t)):
        d = distance(tid)
        found = by_distance.get(d)
        if found is None:
            found = by_distance[d] = find_routes(board, s["tiles"], tokens, corp, d, "gray")
        best = 0
        best_paths: list = []
        best_chains: list = []
        for _, stops, paths, chains in found:
            if any(h in red for h, _ in stops[1:-1]) or any(p in used for p in paths):
                continue
            value = route_value(g, corp, stops, values)
            if value > best:
                best, best_paths, best_chains = value, paths, chains
        used.update(best_paths)
        total += best
        if best_chains:
            out.append({"train": tid, "chains": best_chains})
    return total, out


def revenue(g: "G1870State", corp: str, exclude: str | None = None,
            used: set | None = None) -> int:
    """The revenue of the engine's route set (:func:`best_set`)."""
    return best_set(g, corp, exclude, used)[0]
