"""American Rails (Tim Harrison, Quined Games 2013): the six-company cube-rails game
(1851-1857) of the German rulebook, seed 002.  Former slug ``six-companies``."""
from __future__ import annotations

from typing import Any

from ...engine.registry import OptionSpec, TitleInfo
from .state import AmericanRailsState


def _factory(players: list[str], seed: int, options: dict[str, Any]) -> AmericanRailsState:
    return AmericanRailsState(players, seed, options)


TITLE = TitleInfo(
    slug="american-rails",
    name="American Rails",
    min_players=3,
    max_players=5,
    factory=_factory,
    options=(OptionSpec("board", "", "Path of a board file (JSON); empty = the built-in "
                                     "RECONSTRUCTED eastern-US board."),),
    notes="The board is reconstructed (the rulebook does not print it).",
    extra={"reconstructed_board": True},
    aliases=("six-companies",),
)

__all__ = ["TITLE", "AmericanRailsState"]
