"""What a bot may see: a :class:`SeatView` of a game state for one seat.

A bot never receives the game state itself.  ``observe(state, seat)`` copies the state and
replaces everything the seat may not know by values computed only from what it does know
(the *canonical world* of the seat).  Two states that look the same to the seat therefore
give the same view, whatever their hidden parts are; a bot that decides from the view cannot
use a hidden fact even by accident.  Search bots call :meth:`SeatView.sample` for worlds
consistent with the seat's information (determinisation): the canonical world with its
hidden parts drawn at random.

Hidden information per title:

- Chicago Express, American Rails: none after the set-up (open auctions, no dice, no
  cards drawn later): the view is a plain copy.
- North American Railways: the players' money and the two shares put back into the box
  (its rules in ``games/nar/hidden.py``).

A title with hidden information registers its functions as
``TitleInfo.extra["seat_world"]``: ``canonical(state copy, seat)`` and
``sample(canonical copy, seat, rng)``, and optionally a third, ``remembered(canonical copy,
seat)``: the world as a seat that remembers every public move since the start knows it
(North American Railways: everybody's money, since no money changes hands unseen), or
``None`` when the state cannot tell.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from ..engine.actions import Choice
from ..engine.errors import RailyardError
from ..engine.registry import get_title
from ..engine.state import GameState


def _hiders(title: str) -> tuple[Callable[[Any, int], Any],
                                 Callable[[Any, int, random.Random], Any]] | None:
    """The title's ``(canonical(state copy, seat), sample(canonical copy, seat, rng))``,
    registered as ``TitleInfo.extra["seat_world"]``; ``None``: nothing is hidden."""
    try:
        return get_title(title).extra.get("seat_world")
    except RailyardError:
        return None


class SeatView:
    """The game as ``seat`` sees it.  ``legal_actions()`` are the seat's own (when it is its
    turn); ``public`` is the title's public view (plus ``you``: the seat's private facts where
    the title has them); ``world()`` the canonical world, ``sample(rng)`` a determinised one
    (both fresh copies a bot may play on)."""

    def __init__(self, state: GameState, seat: int) -> None:
        self.seat = seat
        self.title = state.title
        self.players = list(state.players)
        hider = _hiders(state.title)
        world = state.clone()
        self._hidden = hider is not None
        self._world = hider[0](world, seat) if hider else world
        self._sample = hider[1] if hider else None
        self._remembered = hider[2] if hider and len(hider) > 2 else None

    @property
    def hidden_information(self) -> bool:
        return self._hidden

    @property
    def current_player(self) -> int | None:
        return self._world.current_player

    def legal_actions(self) -> list[Choice]:
        return self._world.legal_actions()

    @property
    def public(self) -> dict[str, Any]:
        private = getattr(self._world, "private_view", None)
        return private(self.seat) if private else self._world.public_view()

    def world(self) -> GameState:
        return self._world.clone()

    def sample(self, rng: random.Random) -> GameState:
        w = self._world.clone()
        return self._sample(w, self.seat, rng) if self._sample else w

    def remembered(self) -> GameState | None:
        """The world as the seat knows it from remembering every public move since the start
        (a fresh copy), or ``None`` when the title (or this state) does not keep that
        memory; without hidden information, the world."""
        if not self._hidden:
            return self.world()
        if self._remembered is None:
            return None
        return self._remembered(self._world.clone(), self.seat)


def observe(state: GameState, seat: int | None = None) -> SeatView:
    """The view of ``seat`` (default: the seat to act)."""
    if seat is None:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: no seat is to act")
    return SeatView(state, seat)
