"""The track graph: what a corporation can reach, and validation and revenue of routes.

The dynamic part of the map is plain data: ``tiles`` maps a hex to ``[tile name, rotation]``
for laid tiles (hexes not in it show their printed tile), ``tokens`` maps a hex to one list of
corporation symbols per city.
"""
from __future__ import annotations

import marshal
from dataclasses import dataclass
from typing import AbstractSet, Any, Iterable

from .board import Board, TileDef, rotate_paths


def hex_tile(board: Board, tiles: dict, hex_id: str) -> tuple[TileDef, int]:
    laid = tiles.get(hex_id)
    if laid is None:
        return board.hexes[hex_id].printed, 0
    return board.tiles[laid[0]], laid[1]


def hex_paths(board: Board, tiles: dict, hex_id: str) -> Any:
    tile, rot = hex_tile(board, tiles, hex_id)
    return rotate_paths(tile.paths, rot)


_ENDS: dict = {}


def path_ends(board: Board, tiles: dict, hex_id: str) -> dict:
    """The paths of the tile on ``hex_id`` by endpoint: endpoint -> ``((path index, other
    end), ...)`` in the order of the paths (made once per tile and rotation)."""
    laid = tiles.get(hex_id)          # (hex_tile, without the call: searches ask often)
    if laid is None:
        tile, rot = board.hexes[hex_id].printed, 0
    else:
        tile, rot = board.tiles[laid[0]], laid[1]
    hit = _ENDS.get((id(tile), rot))
    if hit is not None and hit[0] is tile:
        return hit[1]
    index: dict = {}
    for idx, (a, b) in enumerate(rotate_paths(tile.paths, rot)):
        index.setdefault(a, []).append((idx, b))
        if b != a:
            index.setdefault(b, []).append((idx, a))
    index = {k: tuple(v) for k, v in index.items()}
    _ENDS[(id(tile), rot)] = (tile, index)
    return index


def city_tokens(tokens: dict, hex_id: str, city: int) -> list:
    cities = tokens.get(hex_id)
    if not cities or city >= len(cities):
        return []
    return cities[city]


def city_blocked(board: Board, tiles: dict, tokens: dict, hex_id: str, city: int,
                 corp: str) -> bool:
    """A city whose every slot holds another corporation's token: ends a route, is not
    passed (19.0, 20.1)."""
    tile, _ = hex_tile(board, tiles, hex_id)
    held = city_tokens(tokens, hex_id, city)
    return corp not in held and len(held) >= tile.city_slots[city]


@dataclass
class Reach:
    """What a corporation reaches from its tokens."""

    nodes: AbstractSet[Any]   # (hex, stop) reached, e.g. ("E19", "c0")
    paths: AbstractSet[Any]   # (hex, path index) traversed
    edges: AbstractSet[Any]   # (hex, edge): track of the corporation arrives at that side
    found: AbstractSet[Any]   # stops reached by running along track from another stop


_REACHES: dict = {}


def reach(board: Board, tiles: dict, tokens: dict, corp: str) -> Reach:
    """Everything a route from one of ``corp``'s tokens can run to.  A route never uses the
    same track twice (20.1), so it does not turn back at a stop along the track it came
    by: a stop is left by any of its paths except the one it was reached by.

    Remembered per board, track, tokens and corporation (the answer depends on nothing
    else; a listing and the check of the action taken from it ask the same), so the sets
    of the answer are frozen: callers read them only."""
    key = (id(board), marshal.dumps(tiles, 2), marshal.dumps(tokens, 2), corp)
    hit = _REACHES.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    r = _search(board, tiles, tokens, corp, True)
    r = Reach(frozenset(r.nodes), frozenset(r.paths), frozenset(r.edges), frozenset(r.found))
    if len(_REACHES) >= 2048:
        _REACHES.clear()
    _REACHES[key] = (board, r)
    return r


def token_stops(tokens: dict, corp: str) -> list[tuple[str, str]]:
    """The cities holding a token of ``corp``, as stops ``(hex, "cN")``."""
    return [(h, f"c{i}") for h, cities in tokens.items()
            for i, held in enumerate(cities) if corp in held]


#: per board: (hex, tile name or None for the printed tile, rotation) -> the steps of
#: :func:`_search` from each track end of the hex
_STEPS: dict = {}


def _steps(board: Any, tiles: dict, h: str, cache: dict) -> dict:
    """The paths of the tile on ``h`` by track end (:func:`path_ends`), each as
    ``(path index, side key, stop key, kind)``: for a path to a side, the side of the
    neighbouring hex it arrives at (``(hex, edge)``; a side at the map's edge is left
    out: no tile has track off the map, 1830 18.0, 1870 9.1.3) and ``None, None``; for a
    path to a stop, ``None``, ``(h, stop)`` and the stop's kind (its first letter).  Made
    once per board, hex, tile and rotation."""
    laid = tiles.get(h)
    key = (h, None, 0) if laid is None else (h, laid[0], laid[1])
    steps = cache.get(key)
    if steps is not None:
        return steps
    neighbors = board.hexes[h].neighbors
    steps = {}
    for end, paths in path_ends(board, tiles, h).items():
        out: list[tuple[Any, ...]] = []
        for idx, other in paths:
            if isinstance(other, int):
                nb = neighbors.get(other)
                if nb is not None:
                    out.append((idx, (nb, (other + 3) % 6), None, None))
            else:
                out.append((idx, None, (h, other), other[0]))
        steps[end] = tuple(out)
    if len(cache) >= 50_000:
        cache.clear()
    cache[key] = steps
    return steps


def stops_and_sides(board: Board, tiles: dict, tokens: dict, corp: str) -> Reach:
    """The ``nodes`` and ``edges`` of :func:`reach` (its ``paths`` and ``found`` left
    empty), faster, for listings that read only those two (1870's playout: tile lays and
    stations); nothing of the position is remembered."""
    return _search(board, tiles, tokens, corp, False)


def _search(board: Board, tiles: dict, tokens: dict, corp: str, full: bool) -> Reach:
    """The search of :func:`reach` (``full``: also the paths and the stops ``found``) from
    the steps of each track end, kept per board, tile and rotation (:func:`_steps`)."""
    known = _STEPS.get(id(board))
    if known is None or known[0] is not board:
        known = _STEPS[id(board)] = (board, {})
    table: dict[Any, Any] = known[1]
    start = token_stops(tokens, corp)
    nodes: set = set(start)
    edges: set = set()                  # also the sides already followed
    paths: set = set()
    found: set = set()
    seen_state: set = {(h, n, None) for h, n in start}
    stack: list = [(h, n, None) for h, n in start]
    cache: dict = {}
    blocked: dict = {}
    pop, push, add_node, add_edge = stack.pop, stack.append, nodes.add, edges.add
    while stack:
        h, end, came = pop()
        steps = cache.get(h)
        if steps is None:
            steps = cache[h] = _steps(board, tiles, h, table)
        for idx, side, node, kind in steps.get(end, ()):
            if idx == came:
                continue
            if full:
                paths.add((h, idx))
            if side is not None:
                if side not in edges:
                    add_edge(side)
                    push((side[0], side[1], None))
                continue
            if full and node[1] != end:     # run to (from a side or another stop)
                found.add(node)
            add_node(node)
            if kind == "o":
                continue
            if kind == "c":
                stop = blocked.get(node)            # a city full of others' tokens
                if stop is None:
                    stop = blocked[node] = city_blocked(board, tiles, tokens, h,
                                                        int(node[1][1:]), corp)
                if stop:
                    continue
            state = (h, node[1], idx)
            if state in seen_state:
                continue
            seen_state.add(state)
            push(state)
    return Reach(nodes, paths, edges, found)


class _Budget(Exception):
    pass


#: steps of :func:`walk_reaches` before it gives up and trusts :func:`reach`
WALK_BUDGET = 200_000


def walk_reaches(board: Board, tiles: dict, tokens: dict, corp: str,
                 target: tuple[str, str]) -> bool:
    """Exactly whether one route from a token of ``corp`` runs to the stop ``target``
    (hex, stop): a walk along track that uses no track, no hex side and no stop twice and
    passes no city full of other corporations' tokens and no off-board area (20.1).
    :func:`reach` follows each stop's paths independently of how the walk got there, so it
    may pass one hex side twice (out and back through a loop); this search keeps the whole
    walk.  It stops at the first walk found; after ``WALK_BUDGET`` steps without an answer
    it trusts :func:`reach` (never reached on the fixture games)."""
    steps = [0]

    def leave(h: str, end: Any, up: frozenset, us: frozenset, ust: frozenset) -> bool:
        for idx, other in path_ends(board, tiles, h).get(end, ()):
            if (h, idx) not in up and follow(h, other, up | {(h, idx)}, us, ust):
                return True
        return False

    def follow(h: str, end: Any, up: frozenset, us: frozenset, ust: frozenset) -> bool:
        steps[0] += 1
        if steps[0] > WALK_BUDGET:
            raise _Budget
        if isinstance(end, int):                       # across the side ``end`` of h
            nb = board.hexes[h].neighbors.get(end)
            if nb is None:
                return False
            side = side_key(h, nb)
            if side in us:
                return False
            return leave(nb, (end + 3) % 6, up, us | {side}, ust)
        node = (h, end)
        if node in ust:
            return False
        if node == target:
            return True
        if end[0] == "o" or end[0] == "c" and city_blocked(board, tiles, tokens, h,
                                                            int(end[1:]), corp):
            return False
        return leave(h, end, up, us, ust | {node})

    try:
        return any(leave(h, n, frozenset(), frozenset(), frozenset({(h, n)}))
                   for h, n in token_stops(tokens, corp))
    except _Budget:
        return target in reach(board, tiles, tokens, corp).found


_EXISTS: dict = {}


def route_exists(board: Board, tiles: dict, tokens: dict, corp: str,
                 one_area_ends_ok: bool = True) -> bool:
    """A route (two stops, one of them a token of ``corp``) can be run (20.2).  Remembered
    per board, track, tokens and corporation (the answer depends on nothing else), since
    the rules ask it several times in one position."""
    from .routes import find_routes
    key = (id(board), marshal.dumps(tiles, 2), marshal.dumps(tokens, 2), corp, one_area_ends_ok)
    hit = _EXISTS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    found = bool(find_routes(board, tiles, tokens, corp, 2, "yellow", limit=1,
                             one_area_ends_ok=one_area_ends_ok))
    if len(_EXISTS) >= 4096:
        _EXISTS.clear()
    _EXISTS[key] = (board, found)
    return found


class RouteError(Exception):
    """A route that breaks a rule; the message names the rule."""


@dataclass
class RunRoute:
    stops: list           # (hex, stop) in order
    paths: list           # (hex, path index) used, and the hex sides crossed (side_key)
    revenue: int


def side_key(a: str, b: str) -> tuple[str, int]:
    """The hex side between neighbours ``a`` and ``b`` as an entry of a route's ``paths``.
    Track meets there; where switches on both sides join, two routes could pass it on
    different pieces of track, yet they would not be separate "in ganzer Länge" (20.1),
    and one route may not pass it twice.  (Shaped like a (hex, path) pair on purpose.)"""
    return ("|".join(sorted((a, b))), -1)


def _end_stop(board: Board, tiles: dict, h: str, edge: int, towards: str) -> tuple[int, str]:
    """The first path of the tile on ``h`` joining a stop to its side ``edge``: (path
    index, stop)."""
    for idx, (a, b) in enumerate(hex_paths(board, tiles, h)):
        if a == edge and not isinstance(b, int):
            return idx, b
        if b == edge and not isinstance(a, int):
            return idx, a
    raise RouteError(f"No stop in {h} is joined by track to the side towards {towards}.")


def resolve_route(board: Board, tiles: dict, chains: list) -> RunRoute:
    """Turn a route given as chains of hexes (one chain per stretch between two stops, in
    any direction, consecutive chains sharing a stop) into stops and track segments."""
    if not chains:
        raise RouteError("A route needs at least one stretch of track between two stops.")
    segs: list = []  # per chain: (stop_a, stop_b, paths)
    for chain in chains:
        if not isinstance(chain, list) or len(chain) < 2 or not all(
                isinstance(h, str) and h in board.hexes for h in chain):
            raise RouteError(f"The stretch {chain!r} is not a list of at least two map hexes.")
        used = []
        edges_in = []
        for i in range(len(chain) - 1):
            a, b = chain[i], chain[i + 1]
            e = next((k for k, v in board.hexes[a].neighbors.items() if v == b), None)
            if e is None:
                raise RouteError(f"{a} and {b} are not neighbours (20.1: a route is continuous).")
            edges_in.append(e)
            used.append(side_key(a, b))
        idx, stop_a = _end_stop(board, tiles, chain[0], edges_in[0], chain[1])
        used.append((chain[0], idx))
        for i in range(1, len(chain) - 1):
            h = chain[i]
            ein = (edges_in[i - 1] + 3) % 6
            eout = edges_in[i]
            ps = hex_paths(board, tiles, h)
            pidx = next((k for k, (x, y) in enumerate(ps) if {x, y} == {ein, eout}), None)
            if pidx is None:
                raise RouteError(f"There is no track through {h} from side {ein} to side "
                                 f"{eout} (20.1: no reversing at switches, no jumps).")
            used.append((h, pidx))
        last = chain[-1]
        idx, stop_b = _end_stop(board, tiles, last, (edges_in[-1] + 3) % 6, chain[-2])
        used.append((last, idx))
        segs.append(((chain[0], stop_a), (last, stop_b), used))
    # order the stops: consecutive chains share a stop
    stops = [segs[0][0], segs[0][1]]
    if len(segs) > 1 and stops[1] not in segs[1][:2]:
        stops.reverse()                 # the first stretch was named from its far end
    for a, b, _ in segs[1:]:
        if a == stops[-1]:
            stops.append(b)
        elif b == stops[-1]:
            stops.append(a)
        else:
            raise RouteError("The stretches of the route do not join at a common stop.")
    paths = [p for _, _, used in segs for p in used]
    return RunRoute(stops, paths, 0)


def check_route(board: Board, tiles: dict, tokens: dict, corp: str, route: RunRoute,
                distance: int, colour: str) -> int:
    """Validate a resolved route for a train of ``distance`` stops; returns its revenue."""
    stops = route.stops
    if len(stops) < 2:
        raise RouteError("A route connects at least two stops (20.1).")
    if len(stops) > distance:
        raise RouteError(f"The train reaches {distance} stops, the route has {len(stops)} "
                         f"(20.1).")
    if len(set(stops)) != len(stops):
        raise RouteError("A route may not visit the same stop twice (20.1).")
    if len(set(route.paths)) != len(route.paths):
        raise RouteError("A route may not use the same track twice (20.1).")
    own = False
    for i, (h, s) in enumerate(stops):
        inner = 0 < i < len(stops) - 1
        if s[0] == "o" and inner:
            raise RouteError(f"The off-board area {h} can only start or end a route (20.1).")
        if s[0] == "c":
            held = city_tokens(tokens, h, int(s[1:]))
            if corp in held:
                own = True
            elif inner and city_blocked(board, tiles, tokens, h, int(s[1:]), corp):
                raise RouteError(f"The city in {h} is full of other companies' tokens; a "
                                 f"route may end there but not pass through (19.0).")
    if not own:
        raise RouteError("Every route must include a city with one of the company's tokens "
                         "(20.1).")
    return sum(hex_tile(board, tiles, h)[0].stop_revenue(s, colour) for h, s in stops)


def check_disjoint(routes: Iterable[RunRoute]) -> None:
    seen: set = set()
    for r in routes:
        for p in set(r.paths):
            if p in seen:
                raise RouteError("Routes of one company may not share track (20.1).")
            seen.add(p)
