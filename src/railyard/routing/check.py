"""Validity checker for a submitted route set (the same rules the optimiser obeys)."""
from __future__ import annotations

from .model import ModelError, Network, Route, Train
from .rules import Index, route_problems, route_value


class RouteInvalid(ValueError):
    """A submitted route set breaks a rule; ``reasons`` lists every problem found."""

    def __init__(self, reasons: list[str]):
        super().__init__("; ".join(reasons))
        self.reasons = reasons


def check_run(net: Network, trains: list[Train], routes: dict,
              index: Index | None = None) -> dict:
    """Check ``routes`` (train id -> Route or None) and return train id -> revenue.

    Raises :class:`RouteInvalid` with every reason if a route is illegal or two routes of
    the company share a track piece (20.1: separate over their whole length)."""
    ix = index or Index(net)
    by_id = {t.id: t for t in trains}
    if len(by_id) != len(trains):
        raise ModelError("train ids must be unique")
    reasons: list[str] = []
    revenues: dict = {}
    owner: dict = {}
    for tid, route in routes.items():
        if tid not in by_id:
            reasons.append(f"the company has no train {tid!r}")
            continue
        if route is None:
            revenues[tid] = 0
            continue
        if not isinstance(route, Route):
            route = Route(tuple(route[0]), tuple(route[1]))
        errs, stops, pieces = route_problems(ix, by_id[tid], route)
        reasons.extend(f"train {tid!r}: {e}" for e in errs)
        for p in sorted(pieces, key=repr):
            if p in owner:
                reasons.append(f"trains {owner[p]!r} and {tid!r} both use track piece {p!r} "
                               f"(20.1: routes of one company may not share track)")
            else:
                owner[p] = tid
        if not errs:
            revenues[tid] = route_value(by_id[tid], stops)
    if reasons:
        raise RouteInvalid(reasons)
    for t in trains:
        revenues.setdefault(t.id, 0)
    return revenues
