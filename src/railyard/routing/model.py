"""The game-independent routing model: plain, immutable data.

A position is a :class:`Network` of *nodes* joined by :class:`Link` s.  Nodes are either
stops (:class:`Stop`: cities, towns, off-boards) or junctions (every node id used by a link
that is not a stop, e.g. a hex edge where track branches without a stop).  Each link is one
stretch of track and names the *track pieces* it uses (e.g. ``("E19", 2)`` for path 2 of hex
E19); a company's routes may use no piece twice, neither within one route nor across its
trains (1830 rules 20.1).

Passing a junction: every link end at a junction carries a *side* label; a route may pass a
junction only from one side to a different side (no reversing at a switch, 1830 20.1).  A
side of ``None`` is a side of its own.  For a hex edge the two sides are the two hexes.

Trains (:class:`Train`) have a stop limit (``None`` = any number, the diesel) and say which
stop kinds count against it; per-train revenue overrides are the hook for game bonuses.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable

KINDS = ("city", "town", "offboard")
ALL_KINDS = frozenset(KINDS)


class ModelError(ValueError):
    """The network or train list is malformed (not a rule violation of a route)."""


@dataclass(frozen=True)
class Stop:
    """A city, town or off-board.

    ``token``: the company has a station token here (a route needs one, 20.1).
    ``blocked``: every token space is held by other companies: a route may start or end
    here but not pass through (19.0).  ``terminal``: only a route end (off-boards are always
    treated so, 20.1).  ``end_bonus``: extra revenue when the stop is the first or last
    stop of a route (1870 destination doubling, 9.6.6).  ``area``: stops of one red area
    (same value, not None) may not be both ends of a route (1830 27.0)."""

    id: Hashable
    revenue: int
    kind: str = "city"
    token: bool = False
    blocked: bool = False
    terminal: bool = False
    end_bonus: int = 0
    area: Hashable | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ModelError(f"stop {self.id!r}: kind must be one of {KINDS}")

    @property
    def passable(self) -> bool:
        """A route may run through this stop (not only start or end there)."""
        return not (self.blocked or self.terminal or self.kind == "offboard")


@dataclass(frozen=True)
class Link:
    """Track between nodes ``a`` and ``b`` using ``pieces`` (at least one)."""

    a: Hashable
    b: Hashable
    pieces: tuple
    side_a: Hashable = None
    side_b: Hashable = None

    def side_at(self, node: Hashable, index: int) -> Hashable:
        side = self.side_a if node == self.a else self.side_b
        return ("link", index) if side is None else side


@dataclass(frozen=True)
class Train:
    """``limit``: most stops counted (``None``: unlimited, 1830 20.1 diesel); ``counts``:
    stop kinds that count against the limit; ``values``: ``(stop id, revenue)`` pairs that
    replace a stop's revenue for this train (bonus hooks)."""

    id: Hashable
    limit: int | None
    counts: frozenset = ALL_KINDS
    values: tuple = ()

    def value_map(self) -> dict:
        return dict(self.values)


@dataclass(frozen=True)
class Network:
    stops: tuple
    links: tuple

    def __post_init__(self) -> None:
        ids = [s.id for s in self.stops]
        if len(set(ids)) != len(ids):
            raise ModelError("stop ids must be unique")
        for i, link in enumerate(self.links):
            if link.a == link.b:
                raise ModelError(f"link {i} joins node {link.a!r} to itself")
            if not link.pieces:
                raise ModelError(f"link {i} uses no track piece")


@dataclass(frozen=True)
class Route:
    """A walk: ``nodes[i]`` and ``nodes[i + 1]`` are joined by link ``links[i]`` (an index
    into ``Network.links``).  The first and last nodes are stops."""

    nodes: tuple
    links: tuple


@dataclass
class RunResult:
    """Result of the optimiser.  ``routes`` maps train id -> Route or None; ``optimal`` is
    True only if the search ran to completion (exhaustive with bounds)."""

    routes: dict
    revenues: dict
    total: int
    optimal: bool
    stats: dict = field(default_factory=dict)
