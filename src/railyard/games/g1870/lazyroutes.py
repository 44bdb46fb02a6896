"""The ``run_routes`` choice of the legal-action list with its route set computed on first
use (the engine's greedy set, :func:`running.greedy`): listing the choices of an
operating turn no longer pays for the route search unless the set is read, and a
position's set is computed once however often it is listed (cached under the exact
position: the marshalled state).  Exact: reading the fields gives what an eager listing
would have given; reading them after the position has changed is refused."""
from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any, Iterator, Mapping

if TYPE_CHECKING:
    from .state import G1870State

KEYS = ("corporation", "routes")


def _position(g: "G1870State") -> bytes:
    return marshal.dumps(g.s, 2)      # version 2: no object references, same bytes for equal states


def routes_at(g: "G1870State", corp: str, position: bytes | None = None) -> list[dict]:
    """The greedy set of ``corp`` at the current position (cached per position)."""
    from . import running
    key = (_position(g) if position is None else position, corp)
    hit = g.__dict__.get("_route_set")
    if hit is not None and hit[0] == key:
        return hit[1]
    out = running.greedy(g, corp)[1]
    g.__dict__["_route_set"] = (key, out)
    return out


class LazyRun(Mapping):
    """``{"corporation": corp, "routes": <greedy set>}``, the set computed when read."""

    __slots__ = ("_g", "_corp", "_position")

    def __init__(self, g: "G1870State", corp: str) -> None:
        self._g = g
        self._corp = corp
        self._position = _position(g)

    def __getitem__(self, key: str) -> Any:
        if key == "corporation":
            return self._corp
        if key == "routes":
            if _position(self._g) != self._position:
                raise RuntimeError("This legal-action list belongs to an earlier position "
                                   "of the game; list the choices again.")
            return routes_at(self._g, self._corp, self._position)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(KEYS)

    def __len__(self) -> int:
        return len(KEYS)

    def __repr__(self) -> str:
        return f"LazyRun({self._corp!r})"
