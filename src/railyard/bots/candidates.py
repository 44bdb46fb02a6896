"""Concrete actions a bot considers for a list of legal choices.

A choice with a number (a bid, a price) stands for many actions; a bot looks at a few of
them: for a share of a known company the lowest, two steps above it and a half, three
quarters and all of the share's estimated value (``heuristics.share_value``); otherwise the
lowest, one above it and an eighth, a quarter and half of the way to the highest.  Every returned action is legal: values lie inside the
choice's range.
"""
from __future__ import annotations

from typing import Any

from ..engine.actions import Action, Choice
from .heuristics import SHARE, share_value

MAX_VALUES = 6


def lot_of(st: Any, choice: Choice) -> int | None:
    """The company a ranged choice is about (an auctioned share, a proposed price)."""
    title = st.title
    if title == "north-american-railways":
        col = choice.fixed.get("column")
        if isinstance(col, int) and st.share_cols[col]:
            c = st.share_cols[col][-1]
            return c if st.director[c] is not None else None
        return None
    a = getattr(st, "auction", None)
    return a.lot if a is not None else None


def range_values(st: Any, choice: Choice, key: str, lo: int, hi: int) -> list[int]:
    span = hi - lo
    c = lot_of(st, choice) if st.title in SHARE else None
    if c is None:
        vals = [lo, lo + 1, lo + span // 8, lo + span // 4, lo + span // 2]
    else:
        v = share_value(st, c, 1)
        if st.title == "north-american-railways":
            v /= 100.0                         # prices there are in hundreds
        vals = [lo, lo + 1, lo + 2, int(v * 0.5), int(v * 0.75), int(v)]
    out = sorted({min(hi, max(lo, x)) for x in vals})
    return out[:MAX_VALUES] if len(out) > MAX_VALUES else out


def candidates(st: Any, choices: list[Choice]) -> list[Action]:
    out: list[Action] = []
    for ch in choices:
        if not ch.ranges:
            out.append(ch.base())
            continue
        per_key = [(k, range_values(st, ch, k, lo, hi)) for k, (lo, hi) in ch.ranges.items()]
        partial = [ch.base()]
        for k, vals in per_key:
            partial = [{**a, k: v} for a in partial for v in vals]
        out.extend(partial)
    return out


def action_key(action: Action) -> tuple:
    return tuple(sorted(action.items()))
