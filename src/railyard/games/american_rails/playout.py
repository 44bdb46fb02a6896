"""Fast random playouts of American Rails, for search and ``railyard bench``.

``random_playout(state, bot)`` plays on as the random bot would through ``legal_actions()``
/ ``apply()``: it counts the seat's choices in the same order as ``legal_actions()`` lists
them (without Choices), draws from the bot's generator exactly as ``RandomBot.choose`` does
(one uniform index, drawn as ``Random._randbelow`` draws it, then ``pick_value`` for a bid)
and applies the choice through the rule code after its checks (``_space``, ``_offer``,
``_place_first``, ``_finance``, ``_urbanise``, ``_build`` with the cost ``build_cost``
gives, ``_take2`` / ``_levy``).  Legal cubes are counted by the companies' build masks (the
rules of ``build_mask``) and only the drawn one is located; between the cubes of one
expansion only the building company's mask is made again (a cube on hex h changes the other
companies' masks only at h).  An auction is played on local values and stored as one
:class:`Auction` when it ends or ``max_actions`` stops it
(:func:`railyard.cube.auction.random_bidding`).  ``tests/bots/test_playouts.py``
checks, step by step, that the result is the bot's game through ``apply()``.  No action log
is kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cube.auction import random_bidding
from .legal import afford_masks
from .rules import RULES
from .state_consts import POPCOUNT

if TYPE_CHECKING:
    from .state import AmericanRailsState

_NONE: dict = {}
_TABLES: dict[int, tuple] = {}


def _tables(b: Any) -> tuple:
    """Per board (made once): ``afford_masks``, its highest cost, and the cities that may be
    developed (no black squares)."""
    entry = _TABLES.get(id(b))
    if entry is not None and entry[0] is b:
        return entry[1]
    if len(_TABLES) > 64:
        _TABLES.clear()
    afford = afford_masks(b)
    out = (afford, len(afford[0]) - 1, tuple(h for h in b.cities if b.urbanisable[h]))
    _TABLES[id(b)] = (b, out)
    return out


def random_playout(st: "AmericanRailsState", bot: Any, max_actions: int) -> int:
    """Play random actions until the game ends or ``max_actions`` were played; returns the
    number played.  ``bot`` is a :class:`~railyard.bots.random_bot.RandomBot`."""
    getrandbits = bot.rng.getrandbits
    pick = bot.pick_value
    b = st.board
    afford, top, developable = _tables(b)
    cost_base, cost_per, counts, single = b.cost_base, b.cost_per, b.counts_markers, b.single_cube
    cities = b.cities
    in_play = st.in_play
    cash, ccash, cubes_left = st.cash, st.ccash, st.cubes_left
    reach, closed, lv, hexmask, urban = st.reach, st.closed, st.pieces_at, st.hexmask, st.urban
    shares_left, setup_offered = st.shares_left, st.setup_offered
    levels = range(1, len(lv))
    take_builds = st.n >= 4
    spaces = RULES.spaces
    played = 0
    while played < max_actions:
        p = st.actor
        if p is None:
            break
        step = st.step
        if step == "space":
            played += 1
            col = st.columns[st.phase - 1]
            n = col.count(None)                     # the free spaces, top first
            if not n:                               # pragma: no cover - never empty
                raise ValueError("no free action space")
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            i = col.index(None)                     # the r-th free space
            while r:
                i = col.index(None, i + 1)
                r -= 1
            st._space(p, i, spaces[i])
        elif step == "bid":
            st.auction, done, n = random_bidding(st.auction, cash, getrandbits, pick,
                                                 max_actions - played)
            played += n
            if not done:
                st.actor = st.auction.bidder        # as _next_bidder
            elif st.auction.high_bidder is None:
                st._auction_unsold()
            else:
                st._auction_won()
        elif step == "expand" or step == "take2":
            # count the legal cubes by the companies' build masks; locate only the drawn one
            cs = []
            masks = []
            total = 0
            expand = step == "expand"
            if expand or take_builds:
                held = st.held[p]
                fs = st.full_single
                # the hexes by number of pieces (those holding some, and their costs)
                taken = 0
                nz = []
                for k in levels:
                    level = lv[k]
                    if level:
                        taken |= level
                        nz.append((level, afford[k]))
                for c in in_play:
                    if held[c] > 0 and cubes_left[c] > 0:
                        cand = reach[c] & ~closed[c] & ~fs
                        v = ccash[c]
                        if not cand or v < 0:
                            continue
                        if v > top:
                            v = top
                        ok = cand & ~taken & afford[0][v]
                        for level, costs in nz:
                            level &= cand
                            if level:
                                ok |= level & costs[v]
                        if ok:
                            cs.append(c)
                            masks.append(ok)
                            total += ok.bit_count()
            first = 0 if expand else 2              # take2: take $2, levy $2 first
            while True:
                n = total + first + 1
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                played += 1
                r -= first
                if r < 0:
                    if r == -2:
                        st._do_take2(p, _NONE)
                    else:
                        st._do_levy(p, _NONE)
                    break
                if r >= total:
                    st._end_turn()                  # stop / forgo
                    break
                j = 0
                m = masks[0]
                size = m.bit_count()
                while r >= size:
                    r -= size
                    j += 1
                    m = masks[j]
                    size = m.bit_count()
                for _ in range(r):                  # the r-th hex of m (nth_bit)
                    m &= m - 1
                bit = m & -m
                h = bit.bit_length() - 1
                c = cs[j]
                pieces = POPCOUNT[hexmask[h]] + (1 if urban[h] and counts[h] else 0)
                st._build(p, c, h, cost_base[h] + cost_per[h] * pieces)
                if st.actor != p or st.step != "expand" or played >= max_actions:
                    break
                # the next cube of this expansion: the builder's mask anew; the others'
                # change only at h (its cost rose by a piece; a single hex is now full)
                first = 0
                cost = cost_base[h] + cost_per[h] * (pieces + 1)
                full = single[h]
                taken |= bit
                total = 0
                keep_c = []
                keep_m = []
                for c2, m2 in zip(cs, masks):
                    if c2 == c:
                        if not cubes_left[c]:
                            continue
                        cand = reach[c] & ~closed[c] & ~st.full_single
                        v = ccash[c]
                        if not cand or v < 0:
                            continue
                        if v > top:
                            v = top
                        ok = cand & ~taken & afford[0][v]
                        for k in levels:
                            level = lv[k] & cand
                            if level:
                                ok |= level & afford[k][v]
                        m2 = ok
                    elif m2 & bit and (full or cost > ccash[c2]):
                        m2 ^= bit
                    if m2:
                        keep_c.append(c2)
                        keep_m.append(m2)
                        total += m2.bit_count()
                cs = keep_c
                masks = keep_m
        elif step == "offer":
            played += 1
            setup = st.phase == 0
            offer = [c for c in in_play if shares_left[c] > 0
                     and not (setup and setup_offered[c])]
            n = len(offer) + (0 if setup else 1)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r < len(offer):
                st._offer(p, offer[r])
            else:
                st._end_turn()
        elif step == "place":
            played += 1
            free = [h for h in cities if not hexmask[h]]                    # free_cities
            n = len(free)
            if not n:                               # pragma: no cover - never empty
                raise ValueError("no free city")
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            st._place_first(p, free[r])
        elif step == "finance":
            played += 1
            n = len(in_play) + 1
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r < n - 1:
                st._finance(p, in_play[r])
            else:
                st._end_turn()
        elif step == "urbanise":
            played += 1
            opts = ([h for h in developable if not urban[h] and hexmask[h]]
                    if st.markers_left > 0 else [])
            n = len(opts) + 1
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r < n - 1:
                st._urbanise(p, opts[r])
            else:
                st._end_turn()
        else:                                       # pragma: no cover - no other step
            raise AssertionError(f"unknown step {step!r}")
    return played
