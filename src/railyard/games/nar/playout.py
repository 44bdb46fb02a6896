"""Fast random playouts of North American Railways, for search and ``railyard bench``.

``random_playout(state, bot)`` plays on as the random bot would through ``legal_actions()``
/ ``apply()``: it lists the seat's choices in the order of ``legal_actions()`` as
(handler, column, company) entries, without Choices and their labels, draws from the bot's
generator exactly as ``RandomBot.choose`` does (one uniform index, then ``pick_value`` for a
price in $100) and applies the choice through the phase's handler (whose checks are a few
look-ups).  ``tests/bots/test_playouts.py`` checks, step by step, that the result is the
bot's game through ``apply()``.  No action log is kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cities, shares
from .money import STEP
from .phases import CITIES, RESPOND, SHARES

if TYPE_CHECKING:
    from .state import NarState


def random_playout(st: "NarState", bot: Any, max_actions: int) -> int:
    """Play random actions until the game ends or ``max_actions`` were played; returns the
    number played.  ``bot`` is a :class:`~railyard.bots.random_bot.RandomBot`."""
    randbelow = bot.rng._randbelow      # what Random.choice draws with: same sequence
    pick = bot.pick_value
    played = 0
    while played < max_actions:
        ph = st.phase
        if ph == SHARES:
            p = (st.start_player + st.turn) % len(st.players)
            if shares.broke(st, p):
                randbelow(1)
                shares.take_200(st, {"player": p})
            else:
                opts = shares.options(st, p)
                k = randbelow(len(opts) + (1 if st.chosen else 0))
                if k == len(opts):
                    shares.end_turn(st, {"player": p})
                else:
                    case, column, _ = opts[k]
                    if case == shares.OWN:
                        shares.buy_own(st, {"player": p, "column": column})
                    else:
                        act = {"player": p, "column": column,
                               "hundreds": pick(1, st.cash[p] // STEP)}
                        if case == shares.FOUND:
                            shares.found(st, act)
                        else:
                            shares.propose(st, act)
        elif ph == RESPOND:
            column, c, price = st.pending
            d = st.director[c]
            if randbelow(2 if st.cash[d] >= price else 1) == 0:
                shares.allow(st, {"player": d})
            else:
                shares.buy(st, {"player": d})
        elif ph == CITIES:
            p = st.seat
            opts = cities.buyable(st, p)
            k = randbelow(len(opts) + 1)
            if k < len(opts):
                c, column = opts[k]
                cities.buy_city(st, {"player": p, "company": st.rules.company_ids[c],
                                     "column": column})
            else:
                cities.pass_(st, {"player": p})
        else:
            break
        played += 1
    return played
