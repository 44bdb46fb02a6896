"""Running trains (9.3) with routes chosen by the engine, and stop values (2.2).

The president names the routes (:mod:`.routes` checks them); :func:`best_set` is the
engine's greedy set (longest train first, its best route on track not used yet) offered to
bots.  Cattle and port bonuses
(11.3, 11.4) and destination doubling (9.6.6) are included."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, TYPE_CHECKING

from ...eighteen.graph import city_blocked, hex_tile
from ...eighteen.routes import stretch_cache, stretches
from .data import static
from .privates import bonus

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


def route_value(g: "G1870State", corp: str, stops: Any, values: dict | None = None) -> int:
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


def _links_touching(board: Any, tiles: dict, h: str, stop: str) -> tuple[list, set]:
    """:func:`railyard.eighteen.routes.stretches` (the stretches of track from the stop) and the
    hexes its walk looked at (the stop's hex and every hex entered): the stretches depend
    on the tiles of those hexes only."""
    touched = {h}
    return stretches(board, tiles, h, stop, touched), touched


class _Links:
    """The stretches of track from each stop found so far in one state's tile layout,
    kept in the state (``g.__dict__``, not copied by ``clone``): when the layout changed,
    only the stops whose walks looked at a changed hex are forgotten."""

    __slots__ = ("board", "tiles", "links", "by_hex")

    def __init__(self, board: Any) -> None:
        self.board = board
        self.tiles: dict = {}
        self.links: dict = {}          # stop -> its stretches
        self.by_hex: dict = {}         # hex -> stops whose walks looked at it

    def get(self, tiles: dict, node: Any) -> Any:
        found = self.links.get(node)
        if found is None:
            found, touched = _links_touching(self.board, tiles, node[0], node[1])
            self.links[node] = found
            for h in touched:
                self.by_hex.setdefault(h, set()).add(node)
        return found


def links_of(g: "G1870State") -> _Links:
    """The state's :class:`_Links`, brought up to date with its tiles."""
    board = g.st.board
    tiles = g.s["tiles"]
    cache = g.__dict__.get("_links")
    if cache is None or cache.board is not board:
        cache = g.__dict__["_links"] = _Links(board)
    old = cache.tiles
    if old != tiles:
        links = cache.links
        by_hex = cache.by_hex
        for h in set(old).union(tiles):
            laid = tiles.get(h)
            if old.get(h) != laid:
                for node in by_hex.pop(h, ()):
                    links.pop(node, None)
                if laid is None:
                    del old[h]
                else:
                    old[h] = list(laid)
    return cache


def greedy_routes(board: Any, tiles: dict, tokens: dict, corp: str, distance: int,
                  red: frozenset, limit: int = 400, links: _Links | None = None,
                  complete: list | None = None) -> list:
    """The routes :func:`railyard.eighteen.routes.find_routes` finds (same search, same
    order, same ``limit`` on the routes found, same de-duplication), without the routes
    that stop at an off-board area in their middle (9.3.2; they still count towards
    ``limit``): ``(stops, track paths, chains)`` as tuples, the chains' hex lists shared
    with the search's cache (copy before changing them).  Made for :func:`greedy`, which
    needs neither the search's own stop values nor copies of every route.  ``links``:
    the state's stretches of track (:func:`links_of`), else the layout's shared cache.

    De-duplication: the search keeps one of two routes with the same two ends, stops and
    track.  From one start a route is fixed by its track (every stop and hex side of a
    route is passed once), so two such routes start at different ends, both starting
    points (stations): the key is made only for routes ending at one.

    ``complete``: a list to which True is appended when the search ended below
    ``limit`` (it found every route)."""
    starts = [(h, f"c{i}") for h, cities in tokens.items()
              for i, held in enumerate(cities) if corp in held]
    start_set = set(starts)
    if links is None:
        link_cache = stretch_cache(board, tiles)

        def links_at(node: Any) -> Any:
            v = link_cache.get(node)
            if v is None:
                v = link_cache[node] = stretches(board, tiles, node[0], node[1])
            return v
    else:
        def links_at(node: Any) -> Any:
            return links.get(tiles, node)
    out: list = []
    seen: set = set()
    count = 0
    passes: dict = {}
    cur: set = set()

    def dfs(stops: tuple, trail: tuple, chains: tuple, inner_red: bool) -> None:
        nonlocal count
        if count >= limit:
            return
        n = len(stops)
        if n >= 2:
            b = stops[-1]
            if b in start_set:
                a = stops[0]
                key = ((a, b) if a <= b else (b, a), frozenset(stops), frozenset(trail))
                if key not in seen:
                    seen.add(key)
                    count += 1
                    if not inner_red:
                        out.append((stops, trail, chains))
            else:
                count += 1
                if not inner_red:
                    out.append((stops, trail, chains))
        if n >= distance:
            return
        last = stops[-1]
        if n >= 2:
            ok = passes.get(last)
            if ok is None:
                kind = last[1][0]
                if kind == "o":
                    ok = False
                elif kind == "c":
                    ok = not city_blocked(board, tiles, tokens, last[0], int(last[1][1:]),
                                          corp)
                else:
                    ok = True
                passes[last] = ok
            if not ok:
                return
            if not inner_red and last[0] in red:
                inner_red = True
        for target, paths, hexes in links_at(last):
            if target in stops or not cur.isdisjoint(paths):
                continue
            cur.update(paths)
            dfs(stops + (target,), trail + tuple(paths), chains + (hexes,), inner_red)
            cur.difference_update(paths)

    for start in starts:
        dfs((start,), (), (), False)
    dfs = None  # type: ignore[assignment]  # the search's closure refers to itself: free it now, not by gc
    if complete is not None and count < limit:
        complete.append(True)
    return out


def greedy(g: "G1870State", corp: str, exclude: str | None = None,
           used: set | None = None) -> tuple[int, list[dict], dict[str, int]]:
    """9.3: each train runs a route with a station of the corporation, at most its number
    of stops, off-boards only as ends; trains share no track.  Greedy (longest train
    first, its best route on unused track; the first best in the search's order):
    (total, [{"train", "chains"}], {train: revenue} for the trains in that list)."""
    s = g.s
    board = g.st.board
    red = red_hexes(board)
    used = set() if used is None else set(used)
    tokens = tokens_for(g, corp)
    total = 0
    out: list = []
    revenues: dict = {}
    trains = [t for t in s["corps"][corp]["trains"] if t != exclude]
    by_distance: dict = {}                  # trains of one length: the same routes exist
    values: dict = {}                       # stop values at this position
    route_values: dict = {}                 # id of a found route -> its value
    links = links_of(g)
    worth = _route_worth(g, corp, values)
    whole = None                            # every route of the longest train searched
    for tid in sorted(trains, key=lambda t: -distance(t)):
        d = distance(tid)
        found = by_distance.get(d)
        if found is None:
            if whole is not None:
                # the search for a longer train ended below the limit: the routes of at
                # most d stops are, in the same order, those a search for d would find
                found = by_distance[d] = [r for r in whole if len(r[0]) <= d]
            else:
                complete: list = []
                found = by_distance[d] = greedy_routes(board, s["tiles"], tokens, corp, d,
                                                       red, links=links, complete=complete)
                if complete:
                    whole = found
        best = 0
        best_route = None
        for route in found:
            stops, paths, _ = route
            if used and not used.isdisjoint(paths):
                continue
            value = route_values.get(id(route))
            if value is None:
                value = route_values[id(route)] = worth(stops)
            if value > best:
                best, best_route = value, route
        total += best
        if best_route is not None:
            used.update(best_route[1])
            out.append({"train": tid, "chains": [list(c) for c in best_route[2]]})
            revenues[tid] = best
    return total, out, revenues


def _route_worth(g: "G1870State", corp: str, values: dict) -> Any:
    """:func:`route_value` of ``corp``'s routes at this position as a function of the
    stops, with what it asks of the position (bonus tokens, 11.3, 11.4; the destination
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


def best_set(g: "G1870State", corp: str, exclude: str | None = None,
             used: set | None = None) -> tuple[int, list[dict]]:
    """The engine's greedy route set (:func:`greedy`): (total, [{"train", "chains"}])."""
    total, out, _ = greedy(g, corp, exclude, used)
    return total, out


def revenue(g: "G1870State", corp: str, exclude: str | None = None,
            used: set | None = None) -> int:
    """The revenue of the engine's route set (:func:`best_set`)."""
    return best_set(g, corp, exclude, used)[0]
