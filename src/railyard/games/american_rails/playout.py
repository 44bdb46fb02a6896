"""Fast random playouts of American Rails, for search and ``railyard bench``.

``random_playout(state, bot)`` plays on as the random bot would through ``legal_actions()``
/ ``apply()``: it lists the seat's choices in the same order as ``legal_actions()`` (as
indices, without Choices), draws from the bot's generator exactly as ``RandomBot.choose``
does (one uniform index, then ``pick_value`` for a bid) and applies the choice.  Cubes are
placed by ``_build`` (the part of ``_do_build`` after its checks) with the cost
``legal_builds`` computed; the other choices go through their handlers with prepared action
dicts (their checks are a few dict look-ups).  ``tests/bots/test_playouts.py`` checks, step by
step, that the result is the bot's game through ``apply()``.  No action log is kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cube.hexgrid import nth_bit
from .rules import RULES

if TYPE_CHECKING:
    from .state import AmericanRailsState

_SPACE_ACTS = tuple({"type": "space", "space": s} for s in RULES.spaces)
_COMPANY_ACTS = tuple({"company": co.id} for co in RULES.companies)
_NONE: dict = {}
_HEX_ACTS: dict[int, tuple[dict, ...]] = {}


def _hex_acts(st: "AmericanRailsState") -> tuple[dict, ...]:
    b = st.board
    acts = _HEX_ACTS.get(id(b))
    if acts is None or acts[0]["hex"] != b.ids[0]:
        if len(_HEX_ACTS) > 64:
            _HEX_ACTS.clear()
        acts = _HEX_ACTS[id(b)] = tuple({"hex": hid} for hid in b.ids)
    return acts


def random_playout(st: "AmericanRailsState", bot: Any, max_actions: int) -> int:
    """Play random actions until the game ends or ``max_actions`` were played; returns the
    number played.  ``bot`` is a :class:`~railyard.bots.random_bot.RandomBot`."""
    randbelow = bot.rng._randbelow      # what Random.choice draws with: same sequence
    pick = bot.pick_value
    b = st.board
    hex_acts = _hex_acts(st)
    cities = b.cities
    in_play = st.in_play
    played = 0
    while st.actor is not None and played < max_actions:
        played += 1
        p = st.actor
        step = st.step
        if step == "space":
            col = st.columns[st.phase - 1]
            free = [i for i, s in enumerate(col) if s is None]
            st._do_space(p, _SPACE_ACTS[free[randbelow(len(free))]])
        elif step == "bid":
            a = st.auction
            lo = a.min_bid if a.high_bid is None else a.high_bid + 1
            cash = st.cash[p]
            if cash >= lo:
                if randbelow(2) == 0:
                    st.auction = a.bid(pick(lo, cash))
                    st._next_bidder()
                    continue
            else:
                randbelow(1)
            st.auction = a.pass_turn()
            st._next_bidder()
        elif step == "expand" or step == "take2":
            # count the legal cubes by the companies' build masks; list only the one drawn
            masks = []
            total = 0
            if step == "expand" or st.n >= 4:
                held, cubes_left = st.held[p], st.cubes_left
                for c in in_play:
                    if held[c] > 0 and cubes_left[c] > 0:
                        m = st.build_mask(c)
                        if m:
                            masks.append((c, m))
                            total += m.bit_count()
            first = 0 if step == "expand" else 2         # take2: take $2, levy $2 first
            k = randbelow(total + first + 1) - first
            if k < 0:
                if k == -2:
                    st._do_take2(p, _NONE)
                else:
                    st._do_levy(p, _NONE)
            elif k < total:
                for c, m in masks:
                    size = m.bit_count()
                    if k < size:
                        break
                    k -= size
                h = nth_bit(m, k)
                st._build(p, c, h, st.build_cost(h, c))
            else:
                st._end_turn()
        elif step == "offer":
            setup = st.phase == 0
            offer = [c for c in in_play if st.shares_left[c] > 0
                     and not (setup and st.setup_offered[c])]
            k = randbelow(len(offer) + (0 if setup else 1))
            if k < len(offer):
                st._do_offer(p, _COMPANY_ACTS[offer[k]])
            else:
                st._end_turn()
        elif step == "place":
            free = st.free_cities()
            st._do_place(p, hex_acts[free[randbelow(len(free))]])
        elif step == "finance":
            k = randbelow(len(in_play) + 1)
            if k < len(in_play):
                st._do_finance(p, _COMPANY_ACTS[in_play[k]])
            else:
                st._end_turn()
        elif step == "urbanise":
            hm, urban, able = st.hexmask, st.urban, b.urbanisable
            opts = ([h for h in cities if able[h] and not urban[h] and hm[h]]
                    if st.markers_left > 0 else [])
            k = randbelow(len(opts) + 1)
            if k < len(opts):
                st._do_urbanise(p, hex_acts[opts[k]])
            else:
                st._end_turn()
        else:                                       # pragma: no cover - no other step
            raise AssertionError(f"unknown step {step!r}")
    return played
