"""The route optimiser's work, counted: what a budget in work (the 1830/1870 bots', issue 22
point 3) charges for a route estimate.

The exact optimiser (:func:`railyard.routing.optimise.best_routes`) works in two stages: per
train a depth-first search lists its routes (:class:`~railyard.routing.candidates.
TrainSearch`: its best route alone, then every route that can be in an optimal set), then a
branch and bound combines them.  Its ``nodes`` statistic counts the second stage only; the
bots' budgets counted those nodes, but in late 1870 positions (long trains on a large
network, the hypothetical pair of 10-trains a lay is scored with) the first stage is
nearly all of the time: one estimate searched ~7,000 steps and ~3 combination nodes
(docs/benchmarks.md, "Route search counted", i22t).

:func:`counted_routes` runs the same optimiser and also returns its per-train search
*steps*: the revenue bounds the depth-first search evaluates (each is one node of that
search that was not answered from its memo; they track the CPU time of an estimate,
correlation 0.85 over the estimates of a late 1870 decision, about 10 us each here).
The count is that of a search from scratch: it does not depend on what the process has
cached before, so a budget in steps gives the same decisions in any process.

The per-train searchers are routing's own class with a counter
(:class:`CountedSearch`), placed in the compiled network's cache of searchers where
``best_routes`` looks them up; a searcher also remembers its best single route per set of
used track (``best_routes`` asks for the best route alone twice - as every train's upper
bound and as the greedy set's first route - and the bots ask the same network again with
other trains): the same answers, computed once, each answer charged its steps every time
it is asked.
"""
from __future__ import annotations

from typing import Any

from .candidates import TrainSearch
from .model import Network, RunResult, Train
from .optimise import signature, best_routes, compiled


class CountedSearch(TrainSearch):
    """routing's per-train search, counting its steps (:attr:`steps`, bound evaluations)
    and remembering its best single routes (charged again when reused)."""

    def __init__(self, cp, train: Train) -> None:
        super().__init__(cp, train)
        self.steps = 0
        self._best: dict[int, tuple[Any, int]] = {}

    def bound(self, cur: int, visited: int, count: int) -> int:
        self.steps += 1
        return super().bound(cur, visited, count)

    def best_single(self, used: int = 0):
        hit = self._best.get(used)
        if hit is None:
            s0 = self.steps
            best = super().best_single(used)
            hit = self._best[used] = (best, self.steps - s0)
            if len(self._best) > 64:
                self._best.pop(next(iter(self._best)))
            return best
        self.steps += hit[1]
        return hit[0]


def searchers(net: Network, trains: list[Train]) -> list[CountedSearch]:
    """The counting searchers ``best_routes`` will use for ``trains`` on ``net`` (one per
    kind of train), put in the compiled network's cache."""
    cp = compiled(net)
    out: list[CountedSearch] = []
    for t in trains:
        key = ("search", signature(t))
        s = cp.cache.get(key)
        if not isinstance(s, CountedSearch):
            s = cp.cache[key] = CountedSearch(cp, t)
        if all(s is not x for x in out):
            out.append(s)
    return out


def counted_routes(net: Network, trains: list[Train],
                   max_nodes: int | None = None) -> tuple[RunResult, int]:
    """``best_routes(net, trains, None, max_nodes)`` and the per-train search steps it
    took (module docstring)."""
    ss = searchers(net, trains)
    before = [s.steps for s in ss]
    res = best_routes(net, trains, None, max_nodes)
    return res, sum(s.steps - b for s, b in zip(ss, before))
