"""Finding routes (for bots and for listing legal choices): stop-to-stop links and a bounded
depth-first search.  Validation of a given route is in :mod:`.graph`; every route found here
is built only from moves that validation accepts."""
from __future__ import annotations

from typing import Any

import marshal

from .board import Board, revenue_for
from .graph import city_blocked, hex_tile, path_ends, side_key


def stretches(board: Board, tiles: dict, h: str, stop: str, touched: set | None = None) -> Any:
    """Every stretch of track from stop (h, stop) to the next stop: (target, paths, hexes).
    ``touched``, when given, receives every hex the walk entered (the stretches depend on
    the tiles of those hexes and ``h`` only)."""
    out: list[Any] = []
    for idx, other in path_ends(board, tiles, h).get(stop, ()):
        if isinstance(other, int):
            _walk(board, tiles, h, other, [(h, idx)], [h], out, 0, touched)
        else:
            out.append(((h, other), [(h, idx)], [h]))
    return out


def _walk(board: Any, tiles: Any, h: Any, edge: Any, used: Any, hexes: Any, out: Any,
          depth: Any = 0, touched: Any = None) -> Any:
    if depth > 40:
        return
    nb = board.hexes[h].neighbors.get(edge)
    if nb is None:
        return
    if touched is not None:
        touched.add(nb)
    ein = (edge + 3) % 6
    side = side_key(h, nb)
    if side in used:
        return
    for idx, other in path_ends(board, tiles, nb).get(ein, ()):
        if (nb, idx) in used:
            continue
        u = used + [side, (nb, idx)]
        hx = hexes + [nb]
        if isinstance(other, int):
            _walk(board, tiles, nb, other, u, hx, out, depth + 1, touched)
        else:
            out.append(((nb, other), u, hx))


def find_routes(board: Board, tiles: dict, tokens: dict, corp: str, distance: int,
                colour: str, limit: int = 400,
                one_area_ends_ok: bool = True) -> list[tuple[int, list, list, list]]:
    """Up to ``limit`` valid routes: (revenue, stops, paths, chains).  With
    ``one_area_ends_ok`` false a route may not start and end in the same red off-board
    area (1830 27.0, :meth:`Board.offboard_area`)."""
    starts = [(h, f"c{i}") for h, cities in tokens.items()
              for i, held in enumerate(cities) if corp in held]
    link_cache = stretch_cache(board, tiles)
    found: list = []
    seen: set = set()

    def links(node: Any) -> Any:
        v = link_cache.get(node)
        if v is None:
            v = link_cache[node] = stretches(board, tiles, node[0], node[1])
        return v

    values: dict = {}

    def value(node: Any) -> Any:
        v = values.get(node)
        if v is None:
            tile, _ = hex_tile(board, tiles, node[0])
            kind, i = node[1][0], int(node[1][1:])
            table = {"c": tile.city_revenue, "t": tile.town_revenue,
                     "o": tile.offboard_revenue}
            v = values[node] = revenue_for(table[kind][i], colour)
        return v

    passes: dict = {}

    def passable(node: Any) -> Any:
        ok = passes.get(node)
        if ok is None:
            if node[1][0] == "o":
                ok = False
            elif node[1][0] == "c":
                ok = not city_blocked(board, tiles, tokens, node[0], int(node[1][1:]), corp)
            else:
                ok = True
            passes[node] = ok
        return ok

    def dfs(stops: Any, used: Any, chains: Any) -> Any:
        if len(found) >= limit:
            return
        n = len(stops)
        if n >= 2 and (one_area_ends_ok or not _one_area(board, stops[0], stops[-1])):
            a, b = stops[0], stops[-1]
            key = ((a, b) if a <= b else (b, a), frozenset(stops), used)
            if key not in seen:
                seen.add(key)
                found.append((sum(value(n) for n in stops), list(stops), list(used),
                              [list(c) for c in chains]))
        if n >= distance:
            return
        last = stops[-1]
        if n >= 2 and not passable(last):
            return
        for target, paths, hexes in links(last):
            if target in stops or not used.isdisjoint(paths):
                continue
            dfs(stops + [target], used.union(paths), chains + [hexes])

    for s in starts:
        dfs([s], frozenset(), [])
    return found


_LINKS: dict = {}


def stretch_cache(board: Board, tiles: dict) -> dict:
    """The stretches of track between stops (:func:`stretches`) found so far on this board
    with these tiles: they depend on nothing else, so searches in the same track layout
    (several trains, several corporations, the check of a route) share them."""
    key = (id(board), marshal.dumps(tiles, 2))
    hit = _LINKS.get(key)
    if hit is None or hit[0] is not board:
        if len(_LINKS) >= 64:
            _LINKS.clear()
        hit = _LINKS[key] = (board, {})
    return hit[1]


def _one_area(board: Board, a: tuple, b: tuple) -> bool:
    """Both stops are off-boards of the same red area (27.0)."""
    return a[1][0] == "o" and b[1][0] == "o" and \
        board.offboard_area(a[0]) is not None and \
        board.offboard_area(a[0]) == board.offboard_area(b[0])


def best_route_set(board: Board, tiles: dict, tokens: dict, corp: str,
                   trains: list[tuple[str, int]], colour: str,
                   one_area_ends_ok: bool = True) -> list[dict]:
    """A greedy set of disjoint routes, longest trains first (not necessarily optimal)."""
    used: set = set()
    out = []
    by_distance: dict = {}                  # trains of one length: the same routes exist
    for train_id, distance in sorted(trains, key=lambda t: -t[1]):
        routes = by_distance.get(distance)
        if routes is None:
            routes = by_distance[distance] = find_routes(
                board, tiles, tokens, corp, distance, colour,
                one_area_ends_ok=one_area_ends_ok)
            routes.sort(key=lambda r: -r[0])
        for rev, stops, paths, chains in routes:
            if any(p in used for p in paths):
                continue
            used.update(paths)
            out.append({"train": train_id, "chains": chains})
            break
    return out
