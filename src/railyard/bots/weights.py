"""How the random bot leans in titles where uniform play never ends.

A title that needs a lean registers a function ``choices -> weights`` as
``TitleInfo.extra["random_lean"]`` (1870: :mod:`railyard.games.g1870.lean`); every other
title is played uniformly.  The bot stays random and plays only legal actions: a lean
changes which legal action it picks, never the rules."""
from __future__ import annotations

from typing import Callable

from ..engine.actions import Choice
from ..engine.errors import UnknownTitle
from ..engine.registry import get_title

_LEANS: dict[str, Callable[[list[Choice]], list[float]] | None] = {}


def lean_of(title: str | None) -> Callable[[list[Choice]], list[float]] | None:
    """The lean ``title`` registered, or None (uniform; also for an unknown title)."""
    if not title:
        return None
    try:
        return _LEANS[title]
    except KeyError:
        try:
            fn = get_title(title).extra.get("random_lean")
        except UnknownTitle:
            fn = None
        _LEANS[title] = fn
        return fn


def weights(title: str | None, choices: list[Choice]) -> list[float] | None:
    """Weights for ``choices`` in ``title``, or None (uniform) for titles without a lean."""
    fn = lean_of(title)
    return None if fn is None else fn(choices)
