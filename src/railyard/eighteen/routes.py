"""Finding routes (for bots and for listing legal choices): stop-to-stop stretches of track,
ONE bounded depth-first search both 18xx titles use (:func:`search`), and the greedy route
set built on it (:func:`greedy`).  Validation of a given route is in :mod:`.graph`; every
route found here is built only from moves that validation accepts.

The titles differ only by parameters: which two ends may not end one route (1830 27.0:
not both in one red off-board area), which hexes are route ends only (1870 9.3.2: the red
off-board areas), how a route is valued (the stops by phase, bonuses) and where the
stretches of track are kept (:class:`Links` per state, or :func:`stretch_cache`)."""
from __future__ import annotations

from typing import Any, Callable, Iterable

import marshal

from ..engine.errors import UNKNOWN_ID
from .board import Board, revenue_for
from .graph import (RouteError, RunRoute, check_disjoint, city_blocked, hex_tile, path_ends,
                    side_key)

Stop = tuple[str, str]
#: a found route: (stops, track paths in the order run, chains of hexes per stretch); the
#: chains' hex lists are shared with the stretches' cache (copy before changing them)
Found = tuple[tuple, tuple, tuple]


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


_LINKS: dict = {}


def stretch_cache(board: Board, tiles: dict) -> "Links":
    """The stretches of track between stops (:func:`stretches`) found so far on this board
    with these tiles, as :class:`Links`: they depend on nothing else, so searches in the
    same track layout (several trains, several corporations, the check of a route) share
    them."""
    key = (id(board), marshal.dumps(tiles, 2))
    hit = _LINKS.get(key)
    if hit is None or hit.board is not board:
        if len(_LINKS) >= 64:
            _LINKS.clear()
        hit = _LINKS[key] = Links(board)
    return hit


class Links:
    """The stretches of track from each stop found so far in one tile layout, kept per
    layout (:func:`stretch_cache`) or in the state (:func:`links_of`, not copied by
    ``clone``): when the state's layout changed, only the stops whose walks looked at a
    changed hex are forgotten."""

    __slots__ = ("board", "tiles", "links", "by_hex")

    def __init__(self, board: Any) -> None:
        self.board = board
        self.tiles: dict = {}
        self.links: dict = {}          # stop -> its stretches
        self.by_hex: dict = {}         # hex -> stops whose walks looked at it

    def get(self, tiles: dict, node: Any) -> Any:
        found = self.links.get(node)
        if found is None:
            touched = {node[0]}
            found = self.links[node] = stretches(self.board, tiles, node[0], node[1], touched)
            for h in touched:
                self.by_hex.setdefault(h, set()).add(node)
        return found


def links_of(g: Any) -> Links:
    """The :class:`Links` kept in state ``g`` (``g.__dict__``), brought up to date with its
    tiles (``g.s["tiles"]`` on the board ``g.st.board``)."""
    board = g.st.board
    tiles = g.s["tiles"]
    cache = g.__dict__.get("_links")
    if cache is None or cache.board is not board:
        cache = g.__dict__["_links"] = Links(board)
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


def search(board: Board, tiles: dict, tokens: dict, corp: str, distance: int,
           limit: int = 400, links: Links | None = None,
           ends_ok: Callable[[Stop, Stop], bool] | None = None,
           ends_only: frozenset = frozenset(), complete: list | None = None) -> list[Found]:
    """The routes of a train of ``distance`` stops of ``corp`` (1830 20.1-20.3, 1870
    9.3.1-9.3.3): from each of its stations (in the order of ``tokens``), depth first
    along the stretches of track in their order, no track used twice, no stop twice, no
    passing through an off-board (``o`` stop) or a city filled by other corporations.
    Up to ``limit`` routes are counted; two routes with the same two ends, stops and
    track count once (the first found).

    - ``ends_ok(first, last)`` false: the route is neither counted nor kept (the search
      goes on through its last stop);
    - ``ends_only``: hexes a route may only start or end at; a route through one in its
      middle is counted towards ``limit`` but not kept;
    - ``links``: the state's stretches (:func:`links_of`), else :func:`stretch_cache`;
    - ``complete``: True is appended when the search ended below ``limit`` (it found
      every route).

    De-duplication: from one start a route is fixed by its track (every stop and hex side
    of a route is passed once), so two routes with the same key start at different ends,
    both stations: the key is made only for routes ending at a station."""
    starts = [(h, f"c{i}") for h, cities in tokens.items()
              for i, held in enumerate(cities) if corp in held]
    start_set = set(starts)
    links_at = (links or stretch_cache(board, tiles)).get
    out: list = []
    seen: set = set()
    count = 0
    passes: dict = {}
    cur: set = set()

    def dfs(stops: tuple, trail: tuple, chains: tuple, inner: bool) -> None:
        nonlocal count
        if count >= limit:
            return
        n = len(stops)
        if n >= 2 and (ends_ok is None or ends_ok(stops[0], stops[-1])):
            b = stops[-1]
            if b in start_set:
                a = stops[0]
                key = ((a, b) if a <= b else (b, a), frozenset(stops), frozenset(trail))
                if key not in seen:
                    seen.add(key)
                    count += 1
                    if not inner:
                        out.append((stops, trail, chains))
            else:
                count += 1
                if not inner:
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
            if not inner and last[0] in ends_only:
                inner = True
        for target, paths, hexes in links_at(tiles, last):
            if target in stops or not cur.isdisjoint(paths):
                continue
            cur.update(paths)
            dfs(stops + (target,), trail + tuple(paths), chains + (hexes,), inner)
            cur.difference_update(paths)

    for start in starts:
        dfs((start,), (), (), False)
    dfs = None  # type: ignore[assignment]  # the search's closure refers to itself: free it now, not by gc
    if complete is not None and count < limit:
        complete.append(True)
    return out


def check_run(g: Any, corp: str, routes: Any, own: Iterable[str],
              check: Callable[[str, Any], RunRoute], once: str,
              shared: str | None = None) -> list[tuple[str, Any, RunRoute]]:
    """A route set named by ``corp``'s president (1830 20.1, 1870 9.3): a list of
    ``{"train", "chains"}``, each train one of ``own`` and named at most once (``once``: the
    end of that refusal's words), each route checked by ``check(train, chains)`` (a broken
    rule raises :class:`~.graph.RouteError`), no track used by two routes (``shared``: the
    title's words for that, else the core's).  Returns ``(train, chains, route)`` in order;
    a refusal goes through ``g.fail``."""
    if not isinstance(routes, list):
        g.fail("'routes' must be a list of {train, chains}.", "malformed")
    out: list[tuple[str, Any, RunRoute]] = []
    for r in routes:
        if not isinstance(r, dict) or not isinstance(r.get("train"), str):
            g.fail("Each route names its 'train' and its 'chains'.", "malformed")
        tid = r["train"]
        if tid not in own:
            g.fail(f"{corp} does not own the train {tid}.", UNKNOWN_ID)
        if any(tid == t for t, _, _ in out):
            g.fail(f"The train {tid} runs only once {once}.")
        try:
            out.append((tid, r.get("chains"), check(tid, r.get("chains"))))
        except RouteError as exc:
            g.fail(f"Route of train {tid}: {exc}")
    try:
        check_disjoint(x[2] for x in out)
    except RouteError as exc:
        g.fail(shared or str(exc))
    return out


def stop_name(stop_id: Stop) -> str:
    """A stop for people, e.g. ``"E19 city 0"`` (the routing problems' ``stop_name``)."""
    h, s = stop_id
    return f"{h} {dict(c='city', t='town', o='off-board')[s[0]]} {s[1:]}"


def stop_values(board: Board, tiles: dict, colour: str) -> Callable[[Stop], int]:
    """A stop's printed revenue in the phase's ``colour`` (cached per call)."""
    values: dict = {}

    def value(node: Stop) -> int:
        v = values.get(node)
        if v is None:
            tile, _ = hex_tile(board, tiles, node[0])
            kind, i = node[1][0], int(node[1][1:])
            table = {"c": tile.city_revenue, "t": tile.town_revenue,
                     "o": tile.offboard_revenue}
            v = values[node] = revenue_for(table[kind][i], colour)
        return v
    return value


def one_area_ends(board: Board) -> Callable[[Stop, Stop], bool]:
    """``ends_ok`` of 1830 27.0: a route may not start and end in the same red off-board
    area (:meth:`Board.offboard_area`)."""
    def ends_ok(a: Stop, b: Stop) -> bool:
        return not (a[1][0] == "o" and b[1][0] == "o" and
                    board.offboard_area(a[0]) is not None and
                    board.offboard_area(a[0]) == board.offboard_area(b[0]))
    return ends_ok


def find_routes(board: Board, tiles: dict, tokens: dict, corp: str, distance: int,
                colour: str, limit: int = 400,
                one_area_ends_ok: bool = True) -> list[tuple[int, list, list, list]]:
    """Up to ``limit`` routes of :func:`search` as (revenue, stops, paths, chains), the
    revenue the stops' printed values in ``colour``.  With ``one_area_ends_ok`` false a
    route may not start and end in the same red off-board area (1830 27.0)."""
    value = stop_values(board, tiles, colour)
    found = search(board, tiles, tokens, corp, distance, limit,
                   ends_ok=None if one_area_ends_ok else one_area_ends(board))
    return [(sum(value(n) for n in stops), list(stops), list(trail), [list(c) for c in chains])
            for stops, trail, chains in found]


def greedy(board: Board, tiles: dict, tokens: dict, corp: str,
           trains: Iterable[tuple[str, int]], worth: Callable[[tuple], int],
           used: set | None = None, links: Links | None = None,
           ends_ok: Callable[[Stop, Stop], bool] | None = None,
           ends_only: frozenset = frozenset()) -> tuple[int, list[dict], dict[str, int]]:
    """A greedy route set (not necessarily the best): longest train first, each train the
    first route of highest ``worth`` (above 0, in the search's order) on track no earlier
    train (nor ``used``) runs on.  ``trains``: (id, stops); the search's parameters as in
    :func:`search`.  Returns (total, [{"train", "chains"}], {train: revenue})."""
    used = set() if used is None else set(used)
    total = 0
    out: list = []
    revenues: dict = {}
    by_distance: dict = {}                  # trains of one length: the same routes exist
    route_values: dict = {}                 # id of a found route -> its worth
    whole = None                            # every route of the longest train searched
    for tid, d in sorted(trains, key=lambda t: -t[1]):
        found = by_distance.get(d)
        if found is None:
            if whole is not None:
                # the search for a longer train ended below the limit: the routes of at
                # most d stops are, in the same order, those a search for d would find
                found = by_distance[d] = [r for r in whole if len(r[0]) <= d]
            else:
                complete: list = []
                found = by_distance[d] = search(board, tiles, tokens, corp, d, links=links,
                                                ends_ok=ends_ok, ends_only=ends_only,
                                                complete=complete)
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


def best_route_set(board: Board, tiles: dict, tokens: dict, corp: str,
                   trains: list[tuple[str, int]], colour: str,
                   one_area_ends_ok: bool = True) -> list[dict]:
    """:func:`greedy` with the stops' printed values in ``colour`` (1830):
    [{"train", "chains"}]."""
    value = stop_values(board, tiles, colour)
    return greedy(board, tiles, tokens, corp, trains,
                  lambda stops: sum(value(n) for n in stops),
                  ends_ok=None if one_area_ends_ok else one_area_ends(board))[1]
