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

#: limits of an action's shape (far above what any title's actions need: the largest are
#: 18xx route sets, a few trains of a few dozen hexes, nested four deep)
MAX_FIELDS = 32
MAX_DEPTH = 8
MAX_ITEMS = 4096
MAX_TEXT = 512


def require_mapping(action: Any) -> Mapping[str, Any]:
    """The action as a mapping whose fields all have a JSON shape (see :func:`check_shape`)."""
    if type(action) is not dict and not isinstance(action, Mapping):
        raise IllegalAction("An action must be an object with a 'type' and a 'player'.", MALFORMED)
    if not isinstance(action.get("type"), str):
        raise IllegalAction("The action has no 'type'.", MALFORMED)
    check_shape(action)
    return action


def check_shape(action: Mapping[str, Any]) -> None:
    """Refuse, for every title alike, an action whose fields are not plain JSON values a game
    can take: ``type`` must be a text and ``player`` (when present) a whole number; every
    other field a text, a whole number, true/false, null, or a list/object of those, nested
    at most :data:`MAX_DEPTH` deep with at most :data:`MAX_ITEMS` values in all.  Fractions,
    NaN and infinities, over-long texts and non-text keys are refused with the field's name.
    Cheap (no legal-action listing), so it runs on every action."""
    if len(action) > MAX_FIELDS:
        raise IllegalAction(f"An action has at most {MAX_FIELDS} fields.", MALFORMED)
    if not isinstance(action.get("type"), str) or len(action["type"]) > MAX_TEXT:
        raise IllegalAction("The action's 'type' must be a short text.", MALFORMED,
                            field="type")
    if "player" in action:
        p = action["player"]
        if type(p) is not int:
            raise IllegalAction("The action must name the acting seat as 'player', a whole "
                                "number.", MALFORMED, field="player")
    budget = [MAX_ITEMS]
    for key, value in action.items():
        if type(key) is not str or len(key) > MAX_TEXT:
            raise IllegalAction("The action's field names must be short texts.", MALFORMED)
        if key in ("type", "player"):
            continue
        t = type(value)
        if (t is int or t is bool or value is None
                or (t is str and len(value) <= MAX_TEXT)) and budget[0] > 0:
            budget[0] -= 1                  # a plain value (the common case), as below
            continue
        problem = _shape_problem(value, 0, budget)
        if problem:
            raise IllegalAction(f"'{key}' {problem}.", MALFORMED, field=key)


def _shape_problem(value: Any, depth: int, budget: list[int]) -> str | None:
    budget[0] -= 1
    if budget[0] < 0:
        return f"holds too many values (at most {MAX_ITEMS} in one action)"
    if value is None or type(value) in (bool, int):
        return None
    if type(value) is str:
        return None if len(value) <= MAX_TEXT else f"is too long a text (at most {MAX_TEXT})"
    if type(value) is float:
        return "must be a whole number, not a fraction"
    if isinstance(value, (list, tuple, Mapping)):
        if depth >= MAX_DEPTH:
            return f"is nested too deeply (at most {MAX_DEPTH} levels)"
        if isinstance(value, Mapping):
            for k, v in value.items():
                if type(k) is not str:
                    return "must have texts as keys"
                problem = _shape_problem(v, depth + 1, budget)
                if problem:
                    return problem
        else:
            for v in value:
                problem = _shape_problem(v, depth + 1, budget)
                if problem:
                    return problem
        return None
    return f"must be a text, a whole number, true/false or a list, not {type(value).__name__}"


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
