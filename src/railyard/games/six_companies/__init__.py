"""The six-company cube-rails game (1851-1857) on a reconstructed eastern-US board."""
from __future__ import annotations

from typing import Any

from ...engine.registry import OptionSpec, TitleInfo
from .state import SixCompaniesState


def _factory(players: list[str], seed: int, options: dict[str, Any]) -> SixCompaniesState:
    return SixCompaniesState(players, seed, options)


TITLE = TitleInfo(
    slug="six-companies",
    name="Six Companies (cube rails, 1851-1857)",
    min_players=3,
    max_players=5,
    factory=_factory,
    options=(OptionSpec("board", "", "Path of a board file (JSON); empty = the built-in "
                                     "RECONSTRUCTED eastern-US board."),),
    notes="The board is reconstructed (the rulebook does not print it).",
    extra={"reconstructed_board": True},
)

__all__ = ["TITLE", "SixCompaniesState"]
