"""What a seat of North American Railways may not know, for bots (``railyard.bots.views``
finds these three functions through ``TitleInfo.extra["seat_world"]``).

Hidden: the players' money (section 4, "Hinweis": money is kept secret) and the two shares
put back into the box.  The box shares follow from what is public (each company has a fixed
number of shares; the columns and the players' shares are open), so they are recomputed.
The other players' money is not shown: the canonical world gives every other player the
seat's own money; :func:`sample` spreads it at random.  But no money changes hands unseen
(every price is named aloud, the income split follows from the open shares and cities), so
a player who remembers every public move knows everybody's money: the state keeps that
memory (``NarState.heard``) and :func:`remembered` gives the world as such a player sees it
(the search bot ``mcts:hard`` plays in it; the other bots sample).
"""
from __future__ import annotations

import random
from typing import Any

from .money import STEP


def canonical(state: Any, seat: int) -> Any:
    """``state`` (a copy) with everything ``seat`` may not know replaced by values computed
    from what it knows: equal for two states that look alike to the seat."""
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


def sample(state: Any, seat: int, rng: random.Random) -> Any:
    """A canonical world (a copy) with the other players' money drawn at random around the
    seat's own, in the game's steps of money."""
    own = state.cash[seat]
    cash = []
    for s in range(state.n):
        if s == seat:
            cash.append(own)
        else:
            guess = own * rng.uniform(0.5, 1.5) + rng.uniform(-300, 300)
            cash.append(max(0, int(round(guess / STEP)) * STEP))
    state.cash = cash
    _pending_floor(state)
    state.bank = -(sum(state.cash) + sum(state.comp_cash))
    return state


def remembered(state: Any, seat: int) -> Any:
    """A canonical world (a copy) with every player's money as a player who remembers every
    public move since the start knows it (``NarState.heard``: the starting money and every
    amount paid in public); ``None`` for a state that does not keep that memory."""
    heard = getattr(state, "heard", None)
    if heard is None:
        return None
    state.cash = list(heard)
    _pending_floor(state)
    state.bank = -(sum(state.cash) + sum(state.comp_cash))
    return state
