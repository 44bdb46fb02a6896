"""North American Railways (Peer Sylvester, Spielworxx 2016), by its printed German rules.

The card values are not printed in the rulebook: the built-in deck is a reconstruction
(``data/deck.json``); players may load their own with the option ``deck`` (a file path).
"""
from __future__ import annotations

from typing import Any

from ...engine.registry import OptionSpec, TitleInfo
from .deck import load_deck
from .state import NarState


def _factory(players: list[str], seed: int, options: dict[str, Any]) -> NarState:
    return NarState(players, seed, options, load_deck(options.get("deck", "")))


TITLE = TitleInfo(
    slug="north-american-railways",
    name="North American Railways",
    min_players=3,
    max_players=5,
    factory=_factory,
    options=(OptionSpec("deck", "", "path of a deck file (JSON, see the docs); empty: the "
                                    "built-in reconstructed deck"),),
    notes="The built-in city deck is RECONSTRUCTED: the rulebook does not print the card "
          "values. Players' money is secret during the game (public_view hides it).",
    extra={"reconstructed_deck": True, "docs": "docs/games/north-american-railways.md",
           # bot seats get the rule-of-thumb bot (railyard.bots.factory)
           "bots": {"rules": "railyard.games.nar.bot:rules_bot"}, "default_bot": "rules"},
)

__all__ = ["TITLE", "NarState"]
