"""Paying out or withholding (9.4) and the marker moves that go with it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...eighteen import operating as core
from .closing import close_if_closed

if TYPE_CHECKING:
    from .state import G1870State

KINDS = ("full", "half", "withhold")


def distribute(g: "G1870State", corp: str, amount: int) -> None:
    """9.4.1: each 10 % pays amount/10 to its holder: players, the corporation for IPO and
    redeemed shares; pool shares pay nothing (the money stays in the bank)."""
    core.distribute(g, corp, amount, ("ipo", "treasury"))


def pay(g: "G1870State", corp: str, revenue: int, kind: str) -> None:
    """9.4: full, half (9.4.2, ruling of 18xx.games: the corporation keeps half rounded
    down to $10; 9.4.4: a $10 half is full) or withhold (9.4.3); then the corporation
    closes if its marker reached the closed zone (3.2.4)."""
    core.dividend(g, corp, revenue, "full" if kind == "half" and revenue < 20 else kind,
                  ("ipo", "treasury"))
    close_if_closed(g, corp)
