"""American Rails (Tim Harrison, Quined Games 2013): the six-company cube-rails game
(1851-1857) of the German rulebook, seed 002, on the published board (a transcription, in
``data/board.json``).  Former slug ``six-companies``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.registry import OptionSpec, TitleInfo
from .board import PUBLISHED_OPTION, check_option
from .rules import RULES
from .state import AmericanRailsState


@dataclass(frozen=True)
class BoardOption(OptionSpec):
    """The ``board`` option: ``"published"`` = the published board, or the content of a board
    of one's own (a JSON object, or its text, which is parsed and stored as the object)."""

    values_text: str = "published|JSON board content"
    upload: bool = True

    def check(self, value: Any) -> Any:
        return check_option(value, RULES.special_names)


def _factory(players: list[str], seed: int, options: dict[str, Any]) -> AmericanRailsState:
    return AmericanRailsState(players, seed, options)


TITLE = TitleInfo(
    slug="american-rails",
    name="American Rails",
    min_players=3,
    max_players=5,
    factory=_factory,
    options=(BoardOption("board", PUBLISHED_OPTION,
                         "'published' (the published board), or a board of your own: its "
                         "content (a JSON object in the format of the published board, "
                         "docs/games/american-rails.md), never a file name; in the terminal "
                         "--board FILE or -o board=@FILE reads the file once.",
                         label="A board of your own"),),
    notes="The published board, transcribed: city values other than New York, Buffalo, "
          "Atlanta, Philadelphia and Pittsburgh were read from a low-resolution image.",
    aliases=("six-companies",),
)

__all__ = ["TITLE", "AmericanRailsState"]
