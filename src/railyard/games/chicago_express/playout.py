"""Fast random playouts of Chicago Express, for search and ``railyard bench``.

``random_playout(state, bot)`` plays the game on as the random bot would through
``legal_actions()`` / ``apply()``, but without building Choices and action dicts and without
re-validating what it takes from the state's own listings (``legal_builds``,
``legal_develops``, the dials, the offerable companies).  It draws from the bot's generator
exactly as ``RandomBot.choose`` does (one uniform index over the listed choices, then
``pick_value`` for a bid), so a playout from a state and seed reaches the same position as
the bot's game through ``apply()``: ``tests/chicago_express/test_playout.py`` checks this, and
that every step's listing is the one ``legal_actions()`` gives.

What it does not do: it keeps no action log, and it records nothing that only ``apply()``
records (a playout is thrown away after its result is read).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from ...cube.auction import Auction
from ...cube.hexgrid import nth_bit
from .state import AUCTION, BUILD, CHOOSE, DEVELOP, OFFER, OPENING

if TYPE_CHECKING:
    from .state import ChicagoExpressState

_NEXT = (OFFER, BUILD, DEVELOP)
#: [bit i set: dial i is not on red]: the actions that may be chosen, in order
_OPEN = tuple(tuple(i for i in range(3) if m >> i & 1) for m in range(8))


def listing(st: "ChicagoExpressState") -> list[tuple[str, Any]]:
    """The seat's choices as the playout lists them, in ``legal_actions()`` order:
    ("bid", (lo, hi)), ("pass", None), ("choose", i), ("offer", c), ("build", (c, h)),
    ("develop", h), ("forgo" / "end_build", None).  Used by the tests."""
    if st.over:
        return []
    ph = st.phase
    p = st.current_player
    if ph == OPENING or ph == AUCTION:
        a = st.auction
        lo, cash = a.next_minimum, st.cash[p]
        return ([("bid", (lo, cash))] if cash >= lo else []) + [("pass", None)]
    if ph == CHOOSE:
        return [("choose", i) for i in range(3) if st.dials[i] < st.board.dials[i]]
    if ph == OFFER:
        return [("offer", c) for c in st.offerable()] + [("forgo", None)]
    if ph == BUILD:
        bc = st.build_company
        comps = [bc] if bc is not None else range(len(st.board.companies))
        out: list[tuple[str, Any]] = [("build", (c, h)) for c in comps
                                      for h in st.legal_builds(p, c)]
        return out + [("end_build" if st.built else "forgo", None)]
    if ph == DEVELOP:
        return [("develop", h) for h in st.legal_develops()] + [("forgo", None)]
    return []


def random_playout(st: "ChicagoExpressState", bot: Any, max_actions: int) -> int:
    """Play random actions until the game ends or ``max_actions`` were played; returns the
    number played.  ``bot`` is a :class:`~railyard.bots.random_bot.RandomBot` (its ``rng``
    and ``pick_value``)."""
    randbelow = bot.rng._randbelow      # what Random.choice draws with: same sequence
    pick = bot.pick_value
    b = st.board
    ncomp = range(len(b.companies))
    bdials = b.dials
    opened, treasury, held = st.opened, st.treasury, st.held
    played = 0
    while not st.over and played < max_actions:
        played += 1
        ph = st.phase
        if ph == AUCTION or ph == OPENING:
            a = st.auction
            p = a.order[a.pos]
            lo = a.min_bid if a.high_bid is None else a.high_bid + 1
            cash = st.cash[p]
            if cash >= lo:
                if randbelow(2) == 0:
                    a = st.auction = a.bid(pick(lo, cash))
                    if a.done:
                        st._finish_auction()
                    continue
            else:
                randbelow(1)
            a = st.auction = a.pass_turn()         # as _do_pass
            if a.done:
                st._finish_auction()
        elif ph == CHOOSE:
            dials = st.dials
            avail = _OPEN[(dials[0] < bdials[0]) | (dials[1] < bdials[1]) << 1
                          | (dials[2] < bdials[2]) << 2]
            i = avail[randbelow(len(avail))]
            dials[i] += 1
            st.phase = _NEXT[i]
        elif ph == BUILD:
            # count the legal builds by the companies' build masks; list only the one drawn
            p = st.turn
            bc = st.build_company
            if bc is None:
                masks = [st.build_mask(p, c) if held[c][p] else 0 for c in ncomp]
            else:
                masks = [0] * len(ncomp)
                masks[bc] = st.build_mask(p, bc)
            total = 0
            for m in masks:
                if m:
                    total += m.bit_count()
            k = randbelow(total + 1)
            if k < total:
                c = 0
                m = masks[0]
                size = m.bit_count()
                while k >= size:
                    k -= size
                    c += 1
                    m = masks[c]
                    size = m.bit_count()
                st._build(p, c, nth_bit(m, k))
            else:
                st._end_turn()
        elif ph == OFFER:
            p = st.turn
            offer = [c for c in ncomp if opened[c] and treasury[c]]
            k = randbelow(len(offer) + 1)
            if k < len(offer):
                c = offer[k]
                st.auction = Auction.start(c, p, st.n, st.minimum_bid(c), "share")
                st.phase = AUCTION
            else:
                st._end_turn()
        elif ph == DEVELOP:
            devs = st.legal_develops()
            k = randbelow(len(devs) + 1)
            if k < len(devs):
                st._develop(st.turn, devs[k])
            else:
                st._end_turn()
        else:                                       # pragma: no cover - no other phase
            raise AssertionError(f"unknown phase {ph!r}")
    return played


def actions_of(st: "ChicagoExpressState", item: tuple[str, Any]) -> Iterator[dict]:
    """The engine action(s) a listed item stands for (a bid: its lowest and highest)."""
    p = st.current_player
    kind, arg = item
    b = st.board
    if kind == "bid":
        cid = b.companies[st.auction.lot].id
        for amount in sorted(set(arg)):
            yield {"type": "bid", "player": p, "company": cid, "amount": amount}
    elif kind == "choose":
        yield {"type": "choose", "player": p, "action": ("auction", "build", "develop")[arg]}
    elif kind == "offer":
        yield {"type": "offer", "player": p, "company": b.companies[arg].id}
    elif kind == "build":
        c, h = arg
        yield {"type": "build", "player": p, "company": b.companies[c].id, "hex": b.hex_ids[h]}
    elif kind == "develop":
        yield {"type": "develop", "player": p, "hex": b.hex_ids[arg]}
    else:
        yield {"type": kind, "player": p}
