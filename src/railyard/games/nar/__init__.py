"""North American Railways (Peer Sylvester, Spielworxx 2016), by its printed German rules.

The card values are not printed in the rulebook: the built-in deck is a reconstruction
(``data/deck.json``); players may play with their own: the option ``deck`` holds the deck's
content (its JSON text or object, never a file name), so it is stored in saves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.registry import OptionSpec, TitleInfo
from . import hidden
from .deck import MAX_DECK_BYTES, check_deck_option, deck_from_option
from .state import NarState


@dataclass(frozen=True)
class DeckOption(OptionSpec):
    """The option ``deck``: a text (the deck's JSON, or empty) or a JSON object, checked as a
    deck when the game is created (``deck.deck_from_option``)."""

    def check(self, value: Any) -> Any:
        return check_deck_option(value)


def _factory(players: list[str], seed: int, options: dict[str, Any]) -> NarState:
    return NarState(players, seed, options, deck_from_option(options.get("deck", "")))


TITLE = TitleInfo(
    slug="north-american-railways",
    name="North American Railways",
    min_players=3,
    max_players=5,
    factory=_factory,
    options=(DeckOption("deck", "", "a city deck of your own: its content, the JSON text (or "
                                    f"object) of docs/games/north-american-railways.md, at "
                                    f"most {MAX_DECK_BYTES // 1024} KiB - not a file name "
                                    "(in the terminal: --deck FILE); empty: the built-in "
                                    "reconstructed deck", label="A city deck of your own"),),
    notes="The built-in city deck is RECONSTRUCTED: the rulebook does not print the card "
          "values. Players' money is secret during the game (public_view hides it).",
    extra={"reconstructed_deck": True, "docs": "docs/games/north-american-railways.md",
           # bot seats get the rule-of-thumb bot (railyard.bots.factory)
           "default_bot": "rules",
           # what a seat may not know, for bots (railyard.bots.views)
           "seat_world": (hidden.canonical, hidden.sample, hidden.remembered)},
)

__all__ = ["TITLE", "NarState"]
