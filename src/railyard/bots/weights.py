"""How the random bot leans in titles where uniform play never ends (1870: random players
sell everything, leave corporations unfloated and go broke, so nothing ever happens).

A weight table gives each choice *type* a share of the probability, split evenly over the
choices of that type; a few choices get their own factor.  The bot stays random and plays
only legal actions: this changes which legal action it picks, never the rules."""
from __future__ import annotations

from typing import Callable

from ..engine.actions import Choice

# 1870: buy and start corporations, build, pay out and buy trains; sell rarely
W1870 = {
    "buy_private": 3.0, "bid": 1.0, "par": 4.0, "buy_share": 6.0, "sell_shares": 0.2,
    "pass": 1.0, "redeem": 0.2, "reissue": 0.2, "protect": 1.0, "decline": 1.0,
    "lay_tile": 3.0, "place_token": 1.0, "run_routes": 1.0, "dividend": 1.0,
    "buy_train": 6.0, "done": 1.0, "assign": 1.0, "discard_train": 1.0,
    "emergency_sell": 1.0, "bankrupt": 1.0, "accept_offer": 1.0, "refuse_offer": 1.0,
    "connection_run": 1.0,
}


def _factor_1870(c: Choice) -> float:
    if c.type == "dividend" and c.fixed.get("kind") == "full":
        return 4.0                                  # payouts make the game move
    if c.type == "buy_train" and c.fixed.get("source") not in ("depot", "pool"):
        return 0.1                                  # trains between corporations: rarely
    if c.type == "buy_private" and "price" in c.ranges:
        return 0.05                                 # privates changing hands: rarely
    return 1.0


TABLES: dict[str, tuple[dict[str, float], Callable[[Choice], float]]] = {
    "1870": (W1870, _factor_1870),
}


def weights(title: str | None, choices: list[Choice]) -> list[float] | None:
    """Weights for ``choices`` in ``title``, or None (uniform) for titles without a table."""
    table = TABLES.get(title) if title else None
    if table is None:
        return None
    by_type, factor = table
    counts: dict[str, int] = {}
    for c in choices:
        counts[c.type] = counts.get(c.type, 0) + 1
    return [by_type.get(c.type, 1.0) / counts[c.type] * factor(c) for c in choices]
