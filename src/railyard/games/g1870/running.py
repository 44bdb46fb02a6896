"""Running trains (9.3) with routes chosen by the engine, and stop values (2.2).

The president names the routes (:mod:`.routes` checks them); :func:`greedy` is the
engine's greedy set (longest train first, its best route on track not used yet) offered to
bots.  Cattle and port bonuses
(11.3, 11.4) and destination doubling (9.6.6) are included."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, TYPE_CHECKING

from ...eighteen import graph, routes
from ...eighteen.graph import hex_tile
from .data import static

if TYPE_CHECKING:
    from .state import G1870State


@lru_cache(maxsize=None)
def _red() -> frozenset[str]:
    board = static().board
    return frozenset(h for h, hx in board.hexes.items() if hx.printed.colour == "red")


def red_hexes(board: Any) -> frozenset[str]:
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


def route_value(g: "G1870State", corp: str, stops: Any) -> int:
    """9.3.5: stop values + private bonuses + the destination doubled for a route that
    starts or ends there once the destination marker is on the map (9.6.6)."""
    return _route_worth(g, corp, {})(stops)


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


def reach_of(g: "G1870State", corp: str, seen: list | None) -> Any:
    """What ``corp``'s network reaches (:func:`graph.reach` with :func:`tokens_for`);
    ``seen``: a list holding it for this position, or empty (it is put there), or None."""
    if seen:
        return seen[0]
    reach = graph.reach(g.st.board, g.s["tiles"], tokens_for(g, corp), corp)
    if seen is not None:
        seen.append(reach)
    return reach


def greedy(g: "G1870State", corp: str, exclude: str | None = None,
           used: set | None = None) -> tuple[int, list[dict], dict[str, int]]:
    """9.3: each train runs a route with a station of the corporation, at most its number
    of stops, off-boards only as ends; trains share no track.  The core's greedy set
    (:func:`railyard.eighteen.routes.greedy`: longest train first, its best route on unused
    track) valued by :func:`route_value`: (total, [{"train", "chains"}], {train: revenue})."""
    s = g.s
    board = g.st.board
    trains = [(t, distance(t)) for t in s["corps"][corp]["trains"] if t != exclude]
    return routes.greedy(board, s["tiles"], tokens_for(g, corp), corp, trains,
                         _route_worth(g, corp, {}), used, routes.links_of(g),
                         ends_only=red_hexes(board))


def _route_worth(g: "G1870State", corp: str, values: dict) -> Any:
    """The value of ``corp``'s routes at this position (:func:`route_value`) as a function
    of the stops, with what it asks of the position (bonus tokens, 11.3, 11.4; the destination
    marker, 9.6.6) looked up once; ``values``: the stop values' cache it fills."""
    b = g.s.get("bonus") or {}
    cattle = b.get("cattle")
    cattle_hex = cattle[0] if cattle and cattle[1] == corp else None
    port = b.get("port")
    port_hex: Any = None
    port_bonus: Any = None
    if port:
        port_bonus = 20 if port[1] == corp else 10 if port[2] == "open" else 0
        port_hex = port[0] if port_bonus else None
    dest = (g.st.corps[corp].destination
            if g.s["corps"][corp].get("dest_marker") == "map" else None)

    def worth(stops: Any) -> int:
        value = 0
        for stop in stops:
            v = values.get(stop)
            if v is None:
                v = values[stop] = stop_value(g, *stop)
            value += v
        if cattle_hex is not None or port_hex is not None:
            hexes = {h for h, _ in stops}
            if cattle_hex in hexes:
                value += 10
            if port_hex in hexes:
                value += port_bonus
        if dest is not None:
            for end in {stops[0], stops[-1]}:
                if end[0] == dest:
                    value += values[end]
        return value
    return worth


def revenue(g: "G1870State", corp: str, exclude: str | None = None,
            used: set | None = None) -> int:
    """The revenue of the engine's greedy route set (:func:`greedy`)."""
    return greedy(g, corp, exclude, used)[0]
