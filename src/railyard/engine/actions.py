"""Actions and the description of legal actions.

An action is a plain JSON object: ``{"type": "bid", "player": 0, "amount": 12}``.  ``player``
is the acting seat (0-based).  Games list what the seat to act may do as :class:`Choice`
objects: fixed fields plus, where a choice is a number (a bid, a price), an inclusive integer
range per numeric field.  A UI shows a choice as a button or a number input; a bot can
enumerate or sample it.
"""
from __future__ import annotations

import itertools
import random
from types import MappingProxyType
from typing import Any, Iterator, Mapping, NamedTuple

from .errors import MALFORMED, IllegalAction

Action = dict[str, Any]


_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Choice(NamedTuple):
    """One family of legal actions: ``fixed`` fields and integer ``ranges`` (inclusive).

    A named tuple: cheap to create in the hot path of bots and search."""

    type: str
    player: int
    fixed: Mapping[str, Any] = _EMPTY
    ranges: Mapping[str, tuple[int, int]] = _EMPTY
    label: str = ""

    def base(self) -> Action:
        act: Action = {"type": self.type, "player": self.player}
        act.update(self.fixed)
        return act

    @property
    def size(self) -> int:
        n = 1
        for lo, hi in self.ranges.values():
            n *= hi - lo + 1
        return n

    def actions(self) -> Iterator[Action]:
        """Every concrete action of this choice (careful with wide ranges)."""
        if not self.ranges:
            yield self.base()
            return
        keys = list(self.ranges)
        spans = [range(lo, hi + 1) for lo, hi in self.ranges.values()]
        for values in itertools.product(*spans):
            act = self.base()
            act.update(zip(keys, values))
            yield act

    def sample(self, rng: random.Random) -> Action:
        act = self.base()
        for key, (lo, hi) in self.ranges.items():
            act[key] = rng.randint(lo, hi)
        return act

    def matches(self, action: Mapping[str, Any]) -> bool:
        if action.get("type") != self.type or action.get("player") != self.player:
            return False
        for key, value in self.fixed.items():
            if action.get(key) != value:
                return False
        for key, (lo, hi) in self.ranges.items():
            v = action.get(key)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                return False
        return True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "player": self.player}
        if self.fixed:
            out["fixed"] = dict(self.fixed)
        if self.ranges:
            out["ranges"] = {k: {"min": lo, "max": hi} for k, (lo, hi) in self.ranges.items()}
        if self.label:
            out["label"] = self.label
        return out


def expand(choices: list[Choice]) -> list[Action]:
    return [a for c in choices for a in c.actions()]


# ---- field readers used by games to validate incoming actions -------------------------------

def require_mapping(action: Any) -> Mapping[str, Any]:
    if type(action) is not dict and not isinstance(action, Mapping):
        raise IllegalAction("An action must be an object with a 'type' and a 'player'.", MALFORMED)
    if not isinstance(action.get("type"), str):
        raise IllegalAction("The action has no 'type'.", MALFORMED)
    return action


def get_int(action: Mapping[str, Any], key: str, *, lo: int | None = None,
            hi: int | None = None) -> int:
    v = action.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise IllegalAction(f"'{key}' must be a whole number.", MALFORMED, field=key)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise IllegalAction(f"'{key}' = {v} is out of range.", MALFORMED, field=key)
    return v


def get_str(action: Mapping[str, Any], key: str) -> str:
    v = action.get(key)
    if not isinstance(v, str) or not v:
        raise IllegalAction(f"'{key}' must be a non-empty text.", MALFORMED, field=key)
    return v
