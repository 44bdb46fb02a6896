"""Where a company's track can go next: the *prospect* of its network.

``prospect(g, corp)`` follows the company's track from its stations (the title's route
network, as the route optimiser sees it: a city full of other companies' stations cannot
be passed) to its *open ends* - track edges that lead into a hex with no track joining
them - and measures how close those ends are to revenue it does not reach yet: each
unreached city, town or off-board counts its revenue times ``DECAY`` per hex still to be
built, the best ``TARGETS`` of them summed, and every stop it reaches counts its
revenue in full.  A tile lay that extends the track toward a
city therefore raises the prospect before it raises any run, which is what makes a company
build a line to its second city over several rounds.
"""
from __future__ import annotations

from collections import deque

DECAY = 0.55
TARGETS = 3
DEPTH = 7


def _targets(g) -> dict:
    """hex -> best printed revenue of a city, town or off-board there (cached per board)."""
    board = g.st.board
    cache = getattr(board, "_planner_targets", None)
    if cache is None:
        cache = {}
        for h, hx in board.hexes.items():
            p = hx.printed
            vals = list(p.city_revenue or ()) + list(p.town_revenue or ()) + \
                list(p.offboard_revenue or ())
            vals = [v if isinstance(v, int) else max(v.values()) if isinstance(v, dict)
                    else max(v) if isinstance(v, (list, tuple)) and v else 0 for v in vals]
            if vals and max(vals) > 0:
                cache[h] = max(vals)
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


def prospect(g, corp: str) -> float:
    """Revenue within reach of the company's open track ends, discounted per hex to build,
    plus the revenue its track already reaches (so reaching a city never lowers it)."""
    try:
        reached, hexes, open_hexes = network_reach(g, corp)
    except Exception:                                       # noqa: BLE001 - a guess only
        return 0.0
    have = {st.id[0] if isinstance(st.id, tuple) else st.id for st in reached}
    targets = {h: v for h, v in _targets(g).items() if h not in have}
    board = g.st.board
    dist: dict = {}
    q: deque = deque()
    for h in open_hexes:
        if h in board.hexes and h not in dist:
            dist[h] = 0
            q.append(h)
    while q:
        h = q.popleft()
        d = dist[h]
        if d >= DEPTH:
            continue
        for nb in board.hexes[h].neighbors.values():
            if nb not in dist and nb in board.hexes:
                dist[nb] = d + 1
                q.append(nb)
    vals = sorted((v * DECAY ** dist[h] for h, v in targets.items() if h in dist),
                  reverse=True)
    return sum(vals[:TARGETS]) + sum(st.revenue for st in reached)
