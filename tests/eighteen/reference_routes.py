"""The route search written plainly, as ``eighteen.routes`` had it before the two titles'
searches became one (issue 27): the reference the shared search (its de-duplication made
only for routes ending at a station, routes through an ``ends_only`` hex counted but not
kept, the reuse of a longer train's search) is compared with on real positions.

Rules: from each station of the corporation, depth first over the stretches of track, no
track or stop twice, no passing an off-board or a city filled by others; a route with the
same two ends, stops and track counted once; at most ``limit`` routes."""
from __future__ import annotations

from railyard.eighteen.board import revenue_for
from railyard.eighteen.graph import city_blocked, hex_paths, hex_tile
from railyard.eighteen.routes import stretches


def plain_routes(board, tiles, tokens, corp, distance, colour, limit=400, one_area_ok=True):
    """(revenue, stops, paths as a set, chains) of every route found, in search order."""
    starts = [(h, f"c{i}") for h, cities in tokens.items()
              for i, held in enumerate(cities) if corp in held]
    found, seen = [], set()

    def value(node):
        tile, _ = hex_tile(board, tiles, node[0])
        table = {"c": tile.city_revenue, "t": tile.town_revenue, "o": tile.offboard_revenue}
        return revenue_for(table[node[1][0]][int(node[1][1:])], colour)

    def passable(node):
        if node[1][0] == "o":
            return False
        if node[1][0] == "c":
            return not city_blocked(board, tiles, tokens, node[0], int(node[1][1:]), corp)
        return True

    def one_area(a, b):
        return a[1][0] == "o" and b[1][0] == "o" and board.offboard_area(a[0]) is not None \
            and board.offboard_area(a[0]) == board.offboard_area(b[0])

    def dfs(stops, used, chains):
        if len(found) >= limit:
            return
        n = len(stops)
        if n >= 2 and (one_area_ok or not one_area(stops[0], stops[-1])):
            a, b = stops[0], stops[-1]
            key = ((a, b) if a <= b else (b, a), frozenset(stops), used)
            if key not in seen:
                seen.add(key)
                found.append((sum(value(s) for s in stops), list(stops), used,
                              [list(c) for c in chains]))
        if n >= distance or (n >= 2 and not passable(stops[-1])):
            return
        for target, paths, hexes in stretches(board, tiles, *stops[-1]):
            if target in stops or not used.isdisjoint(paths):
                continue
            dfs(stops + [target], used.union(paths), chains + [hexes])

    for s in starts:
        dfs([s], frozenset(), [])
    return found


def plain_greedy(board, tiles, tokens, corp, trains, colour, worth=None, skip=frozenset(),
                 one_area_ok=True):
    """Longest train first, each the first best-valued route (``worth(stops)``, else the
    stops' values) on track not used yet, routes through a ``skip`` hex left out:
    (total, [{"train", "chains"}], {train: revenue})."""
    used, total, out, revenues = set(), 0, [], {}
    for tid, d in sorted(trains, key=lambda t: -t[1]):
        best, best_route = 0, None
        for rev, stops, paths, chains in plain_routes(board, tiles, tokens, corp, d, colour,
                                                      one_area_ok=one_area_ok):
            if any(h in skip for h, _ in stops[1:-1]) or not used.isdisjoint(paths):
                continue
            value = rev if worth is None else worth(stops)
            if value > best:
                best, best_route = value, (paths, chains)
        total += best
        if best_route is not None:
            used.update(best_route[0])
            out.append({"train": tid, "chains": best_route[1]})
            revenues[tid] = best
    return total, out, revenues


def plain_reach(board, tiles, tokens, corp):
    """``graph.reach`` as it was written before it shared its search with
    ``stops_and_sides`` (issue 27): (nodes, paths, edges, found), from each stop by every
    path but the one it was reached by, over ``hex_paths``."""
    start = [(h, f"c{i}") for h, cities in tokens.items()
             for i, held in enumerate(cities) if corp in held]
    nodes, found, paths, edges = set(start), set(), set(), set()
    seen = {(h, n, None) for h, n in start}
    stack = [(False, h, n, None) for h, n in start]   # (came across a side, hex, end, path)
    while stack:
        by_edge, h, end, came = stack.pop()
        for idx, (a, b) in enumerate(hex_paths(board, tiles, h)):
            if idx == came or end not in (a, b):
                continue
            other = b if a == end else a
            paths.add((h, idx))
            if isinstance(other, int):
                nb = board.hexes[h].neighbors.get(other)
                if nb is not None and (nb, (other + 3) % 6) not in edges:
                    edges.add((nb, (other + 3) % 6))
                    stack.append((True, nb, (other + 3) % 6, None))
                continue
            node = (h, other)
            if by_edge or other != end:
                found.add(node)
            nodes.add(node)
            if other[0] == "o" or other[0] == "c" and city_blocked(
                    board, tiles, tokens, h, int(other[1:]), corp):
                continue
            if (h, other, idx) not in seen:
                seen.add((h, other, idx))
                stack.append((False, h, other, idx))
    return nodes, paths, edges, found
