"""9.6.1 exactly: can a train of N stops run from the home station to the destination?

A depth-first search from the home city that stops at the first route reaching the
destination.  It follows the route rules of :func:`railyard.eighteen.routes.find_routes`
(no stop twice, no track twice, blocked cities and off-boards only as ends, 9.2.4, 9.3.2,
9.3.3) and prunes with a lower bound: the fewest stops from each stop to the destination
over any track (ignoring the one-use rule), so it needs no route limit (the search over all
routes of the longest train stopped after 4000 routes and could miss a connection on a
crowded map)."""
from __future__ import annotations

from typing import Any

from collections import deque

from ...eighteen.graph import city_blocked, hex_tile
from ...eighteen.routes import stretches as find_stretches

#: safety net against pathological maps: calls of the search before it gives up
BUDGET = 200_000


def connects(board: Any, tiles: dict, tokens: dict, corp: str, home: str, dest: str,
             distance: int, red: frozenset = frozenset(), stretches: Any = None) -> bool:
    """``tokens`` as the route rules see them; ``red``: off-board hexes (route ends only);
    ``stretches``: the state's stretches of track between stops in this layout
    (:func:`railyard.eighteen.routes.links_of`), else they are found here."""
    cache: dict = {}

    def links(node: Any) -> Any:
        v = cache.get(node)
        if v is None:
            v = cache[node] = (find_stretches(board, tiles, node[0], node[1]) if stretches is None
                               else stretches.get(tiles, node))
        return v

    def passable(node: Any) -> bool:
        kind = node[1][0]
        if kind == "o" or node[0] in red:
            return False
        if kind == "c":
            return not city_blocked(board, tiles, tokens, node[0], int(node[1][1:]), corp)
        return True

    starts = [(home, f"c{i}") for i, held in enumerate(tokens.get(home, [])) if corp in held]
    if not starts:
        return False
    # lower bound: stops from a node to the destination, both counted
    ends = set(_stops_of(board, tiles, dest))
    low: dict = {n: 1 for n in ends}
    queue = deque(ends)
    while queue:
        v = queue.popleft()
        if v not in ends and not passable(v):
            continue                          # only a route end: nothing runs through it
        for u, _, _ in links(v):
            if u not in low:
                low[u] = low[v] + 1
                queue.append(u)
    calls = [0]

    def dfs(stops: list, used: frozenset) -> bool:
        calls[0] += 1
        if calls[0] > BUDGET:
            return False
        last = stops[-1]
        if len(stops) >= 2:
            if last[0] == dest:
                return True
            if not passable(last):
                return False
        options = [(low[t], t, paths) for t, paths, _ in links(last)
                   if t in low and len(stops) + low[t] <= distance and t not in stops
                   and not any(p in used for p in paths)]
        options.sort(key=lambda o: o[0])
        return any(dfs(stops + [t], used | set(paths)) for _, t, paths in options)

    return any(s in low and low[s] <= distance and dfs([s], frozenset()) for s in starts)


def _stops_of(board: Any, tiles: dict, hex_id: str) -> list:
    tile, _ = hex_tile(board, tiles, hex_id)
    return ([(hex_id, f"c{i}") for i in range(tile.n_cities)]
            + [(hex_id, f"t{i}") for i in range(tile.n_towns)]
            + [(hex_id, f"o{i}") for i in range(len(tile.offboard_revenue))])
