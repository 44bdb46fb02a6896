"""Brute force for the tests: every trail of links from a stop, filtered by the rule checker;
every combination of routes (one or none per train) with disjoint track.  Slow, simple."""
from __future__ import annotations

from railyard.routing import Route, RouteInvalid, check_run


def all_walks(net):
    stop_ids = {s.id for s in net.stops}
    adj: dict = {}
    for i, l in enumerate(net.links):
        adj.setdefault(l.a, []).append((i, l.b))
        adj.setdefault(l.b, []).append((i, l.a))
    out = []

    def go(nodes, links):
        if len(nodes) >= 2 and nodes[-1] in stop_ids:
            out.append(Route(tuple(nodes), tuple(links)))
        for i, other in adj.get(nodes[-1], ()):
            if i not in links:
                go(nodes + [other], links + [i])

    for s in net.stops:
        go([s.id], [])
    return out


def piece_bits(net):
    bits: dict = {}
    for l in net.links:
        for p in l.pieces:
            bits.setdefault(p, len(bits))
    return bits


def route_key(net, route):
    """(stop indices in canonical direction, piece mask): the documented rank key."""
    pos = {s.id: i for i, s in enumerate(net.stops)}
    stops = [pos[n] for n in route.nodes if n in pos]
    if stops[0] > stops[-1]:
        stops.reverse()
    bits = piece_bits(net)
    mask = 0
    for li in route.links:
        for p in net.links[li].pieces:
            mask |= 1 << bits[p]
    return tuple(stops), mask


def legal_routes(net, train):
    """train's legal routes: key -> (revenue, route), one per key."""
    found: dict = {}
    for w in all_walks(net):
        try:
            rev = check_run(net, [train], {train.id: w})[train.id]
        except RouteInvalid:
            continue
        found.setdefault(route_key(net, w), (rev, w))
    return found


def documented_order(trains):
    sig = lambda t: (t.limit, t.counts, tuple(sorted(t.values, key=repr)))
    first: dict = {}
    for i, t in enumerate(trains):
        first.setdefault(sig(t), i)
    return [t for _, _, _, t in sorted(
        (-(10 ** 9) if t.limit is None else -t.limit, first[sig(t)], i, t)
        for i, t in enumerate(trains))]


def brute_best(net, trains):
    """(total, {train id: route key or None}) by the documented tie-break."""
    order = documented_order(trains)
    ranked = []
    for t in order:
        lst = sorted(((rev, key) for key, (rev, _w) in legal_routes(net, t).items()),
                     key=lambda x: (-x[0], x[1]))
        ranked.append(lst)
    best = (-1, None)
    results = []

    def rec(i, used, total, ranks, keys):
        if i == len(order):
            results.append((-total, tuple(ranks), dict(keys)))
            return
        for r, (rev, key) in enumerate(ranked[i]):
            if key[1] & used:
                continue
            keys[order[i].id] = key
            rec(i + 1, used | key[1], total + rev, ranks + [r], keys)
        keys[order[i].id] = None
        rec(i + 1, used, total, ranks + [len(ranked[i])], keys)

    rec(0, 0, 0, [], {})
    neg, _ranks, keys = min(results, key=lambda x: (x[0], x[1]))
    return -neg, keys
