"""Where a company's track can go next: the *prospect* of its network.

``prospect(g, corp)`` follows the company's track from its stations (the title's route
network, as the route optimiser sees it: a city full of other companies' stations cannot
be passed) to its *open ends* - track edges that lead into a hex with no track joining
them - and measures how close those ends are to revenue it does not reach yet: each
unreached city, town or off-board counts its revenue times ``DECAY`` per lay still to be
made (the hex an open end leads into, and each hex between it and the stop), the best
``TARGETS`` of them summed, and every stop it reaches counts ``REACHED`` x its revenue.  A tile lay that extends the track toward a
city therefore raises the prospect before it raises any run, which is what makes a company
build a line to its second city over several rounds.  In 1870 an unreached destination
(9.6) may be given: it pulls with its own value and a slower decay (:func:`dest_pull`).
"""
from __future__ import annotations

from collections import deque

DECAY = 0.55
#: weight of the revenue already reached (above DECAY: reaching a stop never lowers it)
REACHED = 0.6
TARGETS = 3
DEPTH = 7


def _targets(g) -> dict:
    """hex -> best printed revenue of a city, town or off-board there (a plain city 20, a
    plain town 10: what their first tiles print); cached per board."""
    board = g.st.board
    cache = getattr(board, "_planner_targets", None)
    if cache is None:
        cache = {}
        for h, hx in board.hexes.items():
            p = hx.printed
            best = 0
            for kind, revs in (("city", p.city_revenue), ("town", p.town_revenue),
                               ("offboard", p.offboard_revenue)):
                for v in revs or ():
                    if isinstance(v, dict):
                        v = max(v.values(), default=0)
                    elif isinstance(v, (list, tuple)):
                        v = max(v, default=0)
                    # a plain city or town earns what its first tile prints: 20 / 10
                    v = v or (20 if kind == "city" else 10 if kind == "town" else 0)
                    best = max(best, int(v))
            if best > 0:
                cache[h] = best
        try:
            object.__setattr__(board, "_planner_targets", cache)
        except Exception:                                   # noqa: BLE001 - no cache then
            pass
    return cache


def network_reach(g, corp: str):
    """(stops reached, hexes reached, open hexes) of ``corp``'s track from its stations."""
    from ...routing.problem import route_problem
    net = route_problem(g, corp).network
    stops = {st.id: st for st in net.stops}
    adj: dict = {}
    for link in net.links:
        adj.setdefault(link.a, []).append(link)
        adj.setdefault(link.b, []).append(link)
    start = [st.id for st in net.stops if st.token]
    seen = set(start)
    todo = list(start)
    hexes: set = set()
    open_hexes: set = set()
    board = g.st.board
    for node in start:
        if not adj.get(node) and isinstance(node, tuple):
            hx = board.hexes.get(node[0])
            if hx is not None:
                hexes.add(node[0])
                open_hexes.update(hx.neighbors.values())
    while todo:
        node = todo.pop()
        st = stops.get(node)
        if st is not None and node not in start and not st.passable:
            continue
        links = adj.get(node, ())
        if isinstance(node, tuple) and node and node[0] == "edge" and len(links) == 1:
            inside = links[0].pieces[0][0] if links[0].pieces else None
            for h in node[1:3]:
                if h != inside:
                    open_hexes.add(h)
        for link in links:
            for piece in link.pieces:
                hexes.add(piece[0])
            other = link.b if link.a == node else link.a
            if other not in seen:
                seen.add(other)
                todo.append(other)
    reached = [stops[n] for n in seen if n in stops]
    return reached, hexes, open_hexes


def prospect(g, corp: str, dest: str | None = None, dest_value: float = 0.0) -> float:
    """Revenue within reach of the company's open track ends, discounted per lay still to
    make, plus ``REACHED`` x the revenue its track already reaches (more than a stop one lay
    away counts, so reaching a city never lowers the prospect).  With a destination
    ``dest`` (1870 9.6, not yet reached) also ``dest_value`` x ``DEST_DECAY`` per lay still
    to make toward it (:func:`dest_pull`)."""
    try:
        reached, hexes, open_hexes = network_reach(g, corp)
    except Exception:                                       # noqa: BLE001 - a guess only
        return 0.0
    out = _prospect(g, reached, open_hexes)
    if dest and dest_value:
        out += dest_pull(g, reached, hexes, open_hexes, dest, dest_value)
    return out


#: per lay still to make toward a destination: a destination pays a whole extra run, so
#: its pull reaches farther than a stop's (``DECAY``)
DEST_DECAY = 0.75
#: hexes beyond the open ends within which a destination pulls
DEST_DEPTH = 12


def dest_pull(g, reached, hexes, open_hexes, dest: str, value: float) -> float:
    """``value`` when the company's track reaches the destination hex, else ``value`` x
    ``DEST_DECAY`` ** (lays still to make: the hex an open end leads into counts one, each
    hex between it and the destination one more); 0 beyond ``DEST_DEPTH``."""
    have = {st.id[0] if isinstance(st.id, tuple) else st.id for st in reached}
    if dest in have or dest in hexes:
        return value
    dist = _distances(g.st.board, open_hexes, DEST_DEPTH, stop=dest)
    return value * DEST_DECAY ** (dist[dest] + 1) if dest in dist else 0.0


def _distances(board, starts, depth: int, stop: str | None = None) -> dict:
    """The hexes of the board within ``depth`` steps of ``starts`` and their distance
    (breadth first; the search ends once it reaches ``stop``)."""
    dist = {h: 0 for h in starts if h in board.hexes}
    q: deque = deque(dist)
    while q:
        h = q.popleft()
        if h == stop:
            break
        d = dist[h]
        if d >= depth:
            continue
        for nb in board.hexes[h].neighbors.values():
            if nb not in dist and nb in board.hexes:
                dist[nb] = d + 1
                q.append(nb)
    return dist


def _prospect(g, reached, open_hexes) -> float:
    have = {st.id[0] if isinstance(st.id, tuple) else st.id for st in reached}
    targets = {h: v for h, v in _targets(g).items() if h not in have}
    dist = _distances(g.st.board, open_hexes, DEPTH)
    vals = sorted((v * DECAY ** (dist[h] + 1) for h, v in targets.items() if h in dist),
                  reverse=True)
    return sum(vals[:TARGETS]) + REACHED * sum(st.revenue for st in reached)


def home_prospect(g, home: str | None) -> float:
    """The revenue around a home hex: each city, town or off-board within ``DEPTH`` hexes
    counts its printed revenue times ``DECAY`` per hex between (the home's own counts in
    full); the best ``TARGETS + 1`` summed."""
    board = g.st.board
    if not home or home not in board.hexes:
        return 0.0
    targets = _targets(g)
    dist = _distances(board, [home], DEPTH)
    vals = sorted((v * DECAY ** max(0, dist[h] - 1) for h, v in targets.items()
                   if h in dist and h != home), reverse=True)
    return targets.get(home, 0) + sum(vals[:TARGETS + 1])
