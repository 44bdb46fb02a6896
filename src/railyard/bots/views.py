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
- North American Railways: the players' money (section 4, "Hinweis": money is kept secret)
  and the two shares put back into the box.  The box shares follow from what is public (each
  company has a fixed number of shares; the columns and the players' shares are open), so
  they are recomputed.  The other players' money is unknown: the canonical world gives every
  other player the seat's own money; :meth:`SeatView.sample` spreads it at random.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from ..engine.actions import Choice
from ..engine.state import GameState


def _nar_canonical(state: Any, seat: int) -> Any:
    r = state.rules
    counts = [r.shares_per_company] * len(r.company_ids)
    for col in state.share_cols:
        for c in col:
            counts[c] -= 1
    for h in state.holdings:
        for c, k in enumerate(h):
            counts[c] -= k
    state.removed = sorted(c for c, k in enumerate(counts) for _ in range(max(0, k)))
    own = state.cash[seat]
    state.cash = [own] * state.n
    _pending_floor(state)
    state.bank = -(sum(state.cash) + sum(state.comp_cash))
    return state


def _pending_floor(state: Any) -> None:
    """A player who proposed a price can pay it (public: the rules let him propose only
    what he has)."""
    if state.phase == "respond" and state.pending is not None:
        proposer = state.order()[state.turn]
        state.cash[proposer] = max(state.cash[proposer], state.pending[2])


def _nar_sample(state: Any, seat: int, rng: random.Random) -> Any:
    own = state.cash[seat]
    step = 100
    cash = []
    for s in range(state.n):
        if s == seat:
            cash.append(own)
        else:
            guess = own * rng.uniform(0.5, 1.5) + rng.uniform(-300, 300)
            cash.append(max(0, int(round(guess / step)) * step))
    state.cash = cash
    _pending_floor(state)
    state.bank = -(sum(state.cash) + sum(state.comp_cash))
    return state


#: title slug -> (canonical(state copy, seat), sample(canonical copy, seat, rng)); titles not
#: listed have no hidden information
HIDERS: dict[str, tuple[Callable[[Any, int], Any], Callable[[Any, int, random.Random], Any]]] = {
    "north-american-railways": (_nar_canonical, _nar_sample),
}


class SeatView:
    """The game as ``seat`` sees it.  ``legal_actions()`` are the seat's own (when it is its
    turn); ``public`` is the title's public view (plus ``you``: the seat's private facts where
    the title has them); ``world()`` the canonical world, ``sample(rng)`` a determinised one
    (both fresh copies a bot may play on)."""

    def __init__(self, state: GameState, seat: int) -> None:
        self.seat = seat
        self.title = state.title
        self.players = list(state.players)
        hider = HIDERS.get(state.title)
        world = state.clone()
        self._hidden = hider is not None
        self._world = hider[0](world, seat) if hider else world
        self._sample = hider[1] if hider else None

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


def observe(state: GameState, seat: int | None = None) -> SeatView:
    """The view of ``seat`` (default: the seat to act)."""
    if seat is None:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: no seat is to act")
    return SeatView(state, seat)
