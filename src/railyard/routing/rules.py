"""The route rules, once.  The checker applies them to submitted routes; the optimiser
precomputes its tables from the per-stop functions here (``stop_value``, ``stop_counts``)
and its results are re-checked with :func:`route_problems`.

Rule references are to the 1830 rulebook (20.1 routes, 19.0 tokens, 20.3 revenue) and the
1870 rules (9.3, 9.6.6)."""
from __future__ import annotations

from .model import Network, Route, Stop, Train


def stop_value(train: Train, stop: Stop, overrides: dict | None = None) -> int:
    """Revenue of a stop for this train (20.3; per-train override if given)."""
    if overrides is None:
        overrides = train.value_map()
    return overrides.get(stop.id, stop.revenue)


def stop_counts(train: Train, stop: Stop) -> int:
    """1 if the stop counts against the train's stop limit (20.1), else 0."""
    return 1 if stop.kind in train.counts else 0


def junction_side_ok(side_in, side_out) -> bool:
    """Passing a junction must go from one side to another: no reversing at a switch (20.1)."""
    return side_in != side_out


def route_value(train: Train, stops: list[Stop]) -> int:
    """Sum of stop values (20.3) plus the end bonus of the first and last stop (1870 9.6.6)."""
    ov = train.value_map()
    total = sum(stop_value(train, s, ov) for s in stops)
    if stops:
        total += stops[0].end_bonus + (stops[-1].end_bonus if len(stops) > 1 else 0)
    return total


class Index:
    """Lookups over a Network, built once per network."""

    def __init__(self, net: Network):
        self.net = net
        self.stop = {s.id: s for s in net.stops}


def route_problems(ix: Index, train: Train, route: Route) -> tuple[list[str], list[Stop],
                                                                     set]:
    """Reasons why ``route`` is not a legal run of ``train``; also its stops and pieces."""
    net = ix.net
    errs: list[str] = []
    nodes, links = tuple(route.nodes), tuple(route.links)
    stops: list[Stop] = []
    pieces: set = set()
    if len(nodes) != len(links) + 1:
        return [f"a route of {len(links)} links must list {len(links) + 1} nodes"], [], set()
    for i, li in enumerate(links):
        if not isinstance(li, int) or not 0 <= li < len(net.links):
            return [f"link {li!r} does not exist"], [], set()
        link = net.links[li]
        if {nodes[i], nodes[i + 1]} != {link.a, link.b}:
            return [f"link {li} does not join {nodes[i]!r} and {nodes[i + 1]!r} "
                    f"(20.1: a route is continuous)"], [], set()
        for p in link.pieces:
            if p in pieces:
                errs.append(f"track piece {p!r} is used twice (20.1)")
            pieces.add(p)
    for i, n in enumerate(nodes):
        s = ix.stop.get(n)
        inner = 0 < i < len(nodes) - 1
        if s is None:
            if not inner:
                errs.append(f"a route must start and end at a stop, not at {n!r} (20.1)")
            elif not junction_side_ok(net.links[links[i - 1]].side_at(n, links[i - 1]),
                                      net.links[links[i]].side_at(n, links[i])):
                errs.append(f"the route reverses at the switch {n!r} (20.1)")
            continue
        if inner and not s.passable:
            why = ("is full of other companies' tokens (19.0)" if s.blocked
                   else "is an off-board area, only a route end (20.1)")
            errs.append(f"the route passes through {n!r}, which {why}")
        stops.append(s)
    ids = [s.id for s in stops]
    if len(set(ids)) != len(ids):
        errs.append("the route visits a stop twice (20.1)")
    if len(stops) < 2:
        errs.append("a route connects at least two stops (20.1)")
    if not any(s.token for s in stops):
        errs.append("the route has no station token of the company (20.1)")
    if len(stops) >= 2 and stops[0].area is not None and stops[0].area == stops[-1].area:
        errs.append("a route may not start and end in the same red area (27.0)")
    counted = sum(stop_counts(train, s) for s in stops)
    if train.limit is not None and counted > train.limit:
        errs.append(f"train {train.id!r} counts at most {train.limit} stops, the route has "
                    f"{counted} (20.1)")
    return errs, stops, pieces
