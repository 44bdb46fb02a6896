"""How the random bot leans in 1870 (registered as ``TitleInfo.extra["random_lean"]``, read
by :func:`railyard.bots.weights.weights`).

Uniform random players never end a game of 1870: they sell everything, leave corporations
unfloated and go broke, so nothing ever happens.  The table gives each choice *type* a share
of the probability, split evenly over the choices of that type; a few choices get their own
factor.  The bot stays random and plays only legal actions: this changes which legal action
it picks, never the rules.  :mod:`.playout` computes the same floats in its own loop."""
from __future__ import annotations

from ...engine.actions import Choice

#: buy and start corporations, build, pay out and buy trains; sell rarely
BY_TYPE = {
    "buy_private": 3.0, "bid": 1.0, "par": 4.0, "buy_share": 6.0, "sell_shares": 0.2,
    "pass": 1.0, "redeem": 0.2, "reissue": 0.2, "protect": 1.0, "decline": 1.0,
    "lay_tile": 3.0, "place_token": 1.0, "run_routes": 1.0, "dividend": 1.0,
    "buy_train": 6.0, "done": 1.0, "assign": 1.0, "discard_train": 1.0,
    "emergency_sell": 1.0, "bankrupt": 1.0, "accept_offer": 1.0, "refuse_offer": 1.0,
    "connection_run": 1.0,
}
FULL_PAYOUT = 4.0       # a full payout: payouts make the game move
OTHER_TRAIN = 0.1       # a train bought from another corporation: rarely
PRIVATE_PRICE = 0.05    # a private changing hands at a price: rarely


def factor(c: Choice) -> float:
    """The choice's own factor on top of its type's share."""
    if c.type == "dividend" and c.fixed.get("kind") == "full":
        return FULL_PAYOUT
    if c.type == "buy_train" and c.fixed.get("source") not in ("depot", "pool"):
        return OTHER_TRAIN
    if c.type == "buy_private" and "price" in c.ranges:
        return PRIVATE_PRICE
    return 1.0


def lean(choices: list[Choice]) -> list[float]:
    """A weight per choice: its type's share split over the choices of that type, times
    :func:`factor`."""
    counts: dict[str, int] = {}
    for c in choices:
        counts[c.type] = counts.get(c.type, 0) + 1
    return [BY_TYPE.get(c.type, 1.0) / counts[c.type] * factor(c) for c in choices]
