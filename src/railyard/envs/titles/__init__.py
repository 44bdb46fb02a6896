"""The encoders of the titles, by slug, imported on first use.

Each module ``railyard.envs.titles.<module>`` has ``make_encoder(players, options=None)``
returning an encoder with the interface of docs/research.md ("The encoder interface").
A title whose module is not present (yet) is left out of :func:`available`;
:func:`make_encoder` then raises :class:`MissingEncoder` naming it.

``CAPS`` is the episode cap of every title: the number of actions after which an
environment ends the episode (truncated) when the rules have not ended it (an encoder's own
``action_cap`` takes precedence).  The game is then scored by the rules' score at that
moment, the highest winning (``core.Episode.returns``; docs/research.md, "Episodes that
end").
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

#: slug -> module name in this package
MODULES = {
    "chicago-express": "chicago_express",
    "north-american-railways": "nar",
    "american-rails": "american_rails",
    "1830": "g1830",
    "1870": "g1870",
}

#: the episode cap per title, in actions (all seats together); random play ends by the
#: rules far below it in the small games (docs/research.md gives the lengths)
CAPS = {
    "chicago-express": 2_000,
    "north-american-railways": 2_000,
    "american-rails": 2_000,
    "1830": 6_000,
    "1870": 8_000,
}


class MissingEncoder(LookupError):
    """A title without an encoder module in this checkout, or an unknown slug."""


def module(slug: str) -> ModuleType:
    """The encoder module of ``slug`` (MissingEncoder if there is none)."""
    name = MODULES.get(slug)
    if name is None:
        raise MissingEncoder(f"There is no environment for {slug!r}; titles: "
                             f"{', '.join(MODULES)}.")
    full = f"{__name__}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name == full:
            raise MissingEncoder(f"The encoder of {slug} ({full}) is not in this checkout.") \
                from None
        raise


def available() -> list[str]:
    """The slugs whose encoder module is present, in ``MODULES`` order."""
    out = []
    for slug in MODULES:
        try:
            module(slug)
        except MissingEncoder:
            continue
        out.append(slug)
    return out


def make_encoder(slug: str, players: int, options: dict | None = None) -> Any:
    """The encoder of ``slug`` for ``players`` seats and the game's ``options``."""
    return module(slug).make_encoder(players, options)


def cap(slug: str) -> int:
    return CAPS.get(slug, 10_000)
