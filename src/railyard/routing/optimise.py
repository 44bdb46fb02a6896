"""The exact route optimiser: ``best_routes(network, trains)``.

Tie-break (documented in docs/routing.md): trains are ordered by stop limit (unlimited
first, then larger first), identical trains kept together, otherwise in the given order;
each train's legal routes are ranked by revenue (higher first), then by their stop indices
in canonical direction (first stop listed earlier in ``Network.stops`` than the last), then
by piece mask; "no route" ranks last.  Among all optimal route sets the one whose tuple of
ranks in train order is lexicographically smallest is returned.
"""
from __future__ import annotations

import time
from collections import OrderedDict

from .candidates import TrainSearch, sort_candidates
from .check import check_run
from .compiled import Compiled
from .model import ModelError, Network, Route, RunResult, Train
from .search import best_combination

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 16


def compiled(net: Network) -> Compiled:
    """The compiled network, cached per position (by value of the network)."""
    cp = _CACHE.get(net)
    if cp is None:
        cp = Compiled(net)
        _CACHE[net] = cp
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(net)
    return cp


def signature(t: Train) -> tuple:
    return (t.limit, t.counts, tuple(sorted(t.values, key=repr)))


def train_order(trains: list[Train]) -> list[Train]:
    first_of: dict = {}
    for i, t in enumerate(trains):
        first_of.setdefault(signature(t), i)
    pos = {id(t): i for i, t in enumerate(trains)}

    def key(t: Train):
        lim = -(10 ** 9) if t.limit is None else -t.limit
        return (lim, first_of[signature(t)], pos[id(t)])
    return sorted(trains, key=key)


def best_routes(net: Network, trains: list[Train], fixed: dict | None = None,
                max_nodes: int | None = None) -> RunResult:
    """One route (or None) per train maximising total revenue.  ``fixed`` maps train ids to
    routes the player chose (checked, then kept).  ``optimal`` is False only if the search
    stopped at ``max_nodes`` before completing."""
    t0 = time.perf_counter()
    if len({t.id for t in trains}) != len(trains):
        raise ModelError("train ids must be unique")
    cp = compiled(net)
    fixed = dict(fixed or {})
    fixed_rev = check_run(net, [t for t in trains if t.id in fixed], fixed, cp.index)
    used0 = 0
    for route in fixed.values():
        if route is not None:
            for li in route.links:
                used0 |= cp.link_mask[li]
    free = train_order([t for t in trains if t.id not in fixed])
    searchers: dict = {}
    for t in free:
        sig = signature(t)
        key = ("search", sig)
        if key not in cp.cache:
            cp.cache[key] = TrainSearch(cp, t)
        searchers[sig] = cp.cache[key]
    # upper bound per train alone, and a greedy route set as lower bound
    ub = {sig: ts.best_single(used0)[0] for sig, ts in searchers.items()}
    lower, used = 0, used0
    for t in free:
        rev, route = searchers[signature(t)].best_single(used)
        if route is not None:
            used |= route[1]
            lower += rev
    sum_ub = sum(ub[signature(t)] for t in free)
    same = [i > 0 and signature(free[i - 1]) == signature(t) for i, t in enumerate(free)]

    def listing(lower: int) -> list:
        """Per train the routes worth at least ``lower - sum of the others' UB`` (a route
        of train t can be in a set worth >= lower only then)."""
        out: list = []
        for i, t in enumerate(free):
            if same[i]:
                out.append(out[-1])
                continue
            sig = signature(t)
            threshold = lower - (sum_ub - ub[sig])
            out.append(sort_candidates(searchers[sig].search(threshold, used0)))
        return out
    cands = listing(lower)
    seg_masks: dict = {}
    link_mask = cp.link_mask

    def part_mask(links: tuple) -> int:
        m = seg_masks.get(links)
        if m is None:
            m = 0
            for li in links:
                m |= link_mask[li]
            m &= ~used0
            seg_masks[links] = m
        return m
    total, choice, complete, nodes = best_combination(cands, same, used0, max_nodes,
                                                      part_mask)
    routes: dict = {tid: r for tid, r in fixed.items()}
    for t, k, lst in zip(free, choice, cands):
        if k >= len(lst):
            routes[t.id] = None
        else:
            _rev, _mask, stops, segs = lst[k]
            routes[t.id] = Route(*cp.walk_nodes(stops[0], segs))
    revenues = check_run(net, trains, routes, cp.index)
    total = sum(revenues.values())
    stats = {"ms": (time.perf_counter() - t0) * 1000, "nodes": nodes, "lower": lower,
             "upper": sum_ub,
             "candidates": {t.id: len(c) for t, c in zip(free, cands)},
             "fixed_revenue": sum(fixed_rev.values())}
    return RunResult({t.id: routes.get(t.id) for t in trains}, revenues, total, complete, stats)
