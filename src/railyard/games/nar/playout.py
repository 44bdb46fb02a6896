"""Fast random playouts of North American Railways, for search and ``railyard bench``.

``random_playout(state, bot)`` plays on as the random bot would through ``legal_actions()``
/ ``apply()``: it lists the seat's choices in the order of ``legal_actions()`` as
(case, column, company) entries, without Choices and their labels, draws from the bot's
generator exactly as ``RandomBot.choose`` does (one uniform index, drawn as
``Random._randbelow`` draws it, then ``pick_value`` for a price in $100) and applies the
choice through the rule code after the handlers' checks (``shares._found``, ``_buy_own``,
``_propose``, ``_allow``, ``_buy``, ``_take_200``, ``cities._buy_city``, ``_pass``).
``tests/bots/test_playouts.py`` checks, step by step, that the result is the bot's game
through ``apply()``.  No action log is kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cities, shares
from .money import STEP
from .phases import CITIES, RESPOND, SHARES
from .shares import FOUND, OWN, PROPOSE

if TYPE_CHECKING:
    from .state import NarState


def random_playout(st: "NarState", bot: Any, max_actions: int) -> int:
    """Play random actions until the game ends or ``max_actions`` were played; returns the
    number played.  ``bot`` is a :class:`~railyard.bots.random_bot.RandomBot`."""
    getrandbits = bot.rng.getrandbits
    pick = bot.pick_value
    n_players = len(st.players)
    cash, director, share_cols = st.cash, st.director, st.share_cols
    own_share_price = st.rules.own_share_price
    played = 0
    while played < max_actions:
        ph = st.phase
        if ph == SHARES:
            played += 1
            p = (st.start_player + st.turn) % n_players
            chosen = st.chosen
            money = cash[p]
            if money == 0 and not chosen:           # exception 1 (``shares.broke``)
                while getrandbits(1):               # randbelow(1): the only choice
                    pass
                shares._take_200(st, p)
                continue
            # the choices of ``shares.options``; exception 2 (``all_own_and_poor``)
            poor = False
            if not chosen and money < own_share_price:
                bottoms = [col[-1] for col in share_cols if col]
                poor = bool(bottoms) and all(director[c] == p for c in bottoms)
            opts = []
            for column, col in enumerate(share_cols):
                if not col or col[-1] in chosen:
                    continue
                c = col[-1]
                d = director[c]
                if d is None:
                    opts.append((FOUND, column, c))
                elif d == p:
                    if poor or money >= own_share_price:
                        opts.append((OWN, column, c))
                else:
                    opts.append((PROPOSE, column, c))
            n = len(opts) + (1 if chosen else 0)
            if not n:                               # pragma: no cover - never empty
                raise ValueError("no legal action in the share phase")
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r == len(opts):
                st.end_share_turn()                 # end_turn
                continue
            case, column, c = opts[r]
            if case is OWN:
                shares._buy_own(st, p, column, c, money if poor else own_share_price)
            else:
                price = pick(1, money // STEP) * STEP
                if case is FOUND:
                    shares._found(st, p, column, c, price)
                else:
                    shares._propose(st, column, c, price)
        elif ph == RESPOND:
            played += 1
            column, c, price = st.pending
            d = director[c]
            proposer = (st.start_player + st.turn) % n_players
            if cash[d] >= price:
                r = getrandbits(2)
                while r >= 2:
                    r = getrandbits(2)
            else:
                while getrandbits(1):               # randbelow(1): only "allow"
                    pass
                r = 0
            if r == 0:
                shares._allow(st, proposer, d, column, c, price)
            else:
                shares._buy(st, proposer, d, column, c, price)
        elif ph == CITIES:
            played += 1
            p = st.seat
            opts = cities.buyable(st, p)
            n = len(opts) + 1
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r < n - 1:
                c, column = opts[r]
                cities._buy_city(st, p, c, column)
            else:
                cities._pass(st, p)
        else:
            break
    return played
