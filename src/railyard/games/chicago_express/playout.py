"""Fast random playouts of Chicago Express, for search and ``railyard bench``.

``random_playout(state, bot)`` plays the game on as the random bot would through
``legal_actions()`` / ``apply()``, but without building Choices and action dicts and without
re-validating what it counts itself by the rules of the state's listings (``build_mask``,
``legal_develops``, the dials, the offerable companies).  It draws from the bot's generator
exactly as ``RandomBot.choose`` does (one uniform index over the listed choices, drawn as
``Random._randbelow`` draws it, then ``pick_value`` for a bid), so a playout from a state and
seed reaches the same position as the bot's game through ``apply()``:
``tests/bots/test_playouts.py`` checks this after every action and after chunks of several.

What it does not do: it keeps no action log, and it records nothing that only ``apply()``
records (a playout is thrown away after its result is read).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from ...cube.auction import Auction, random_bidding
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
    and ``pick_value``).

    One uniform index below ``n`` is drawn as ``Random._randbelow`` draws it (what
    ``Random.choice`` uses): ``getrandbits(n.bit_length())`` until the value is below ``n``.
    An auction is played on local values and stored as one :class:`Auction` when it ends
    (or when ``max_actions`` stops it; :func:`railyard.cube.auction.random_bidding`); a
    build action's steps reuse the company's build mask computed after the previous step."""
    getrandbits = bot.rng.getrandbits
    pick = bot.pick_value
    b = st.board
    nc = len(b.companies)
    comps = range(nc)
    bdials = b.dials
    cost, nbr, industry_of = b.cost, b.neighbor_mask, b.industry_of
    hex_income, bonus = b.income, b.bonus
    ind_values = tuple(ind.values for ind in b.industries)
    dev_inds = b.developable_industries
    once = b.once
    buildable, single = b.buildable, b.single
    le = b.cost_at_most
    top = len(le) - 1
    chicago = b.chicago
    opened, treasury, held, cash, ccash = st.opened, st.treasury, st.held, st.cash, st.ccash
    income, locos, network, frontier = st.income, st.locos, st.network, st.frontier
    occ, stacked, industry = st.occ, st.stacked, st.industry
    levels = range(1, len(stacked))
    players = len(st.players)
    played = 0
    while played < max_actions and not st.over:
        ph = st.phase
        if ph == AUCTION or ph == OPENING:
            st.auction, done, n = random_bidding(st.auction, cash, getrandbits, pick,
                                                 max_actions - played)
            played += n
            if done:
                st._finish_auction()
        elif ph == CHOOSE:
            played += 1
            dials = st.dials
            avail = _OPEN[(dials[0] < bdials[0]) | (dials[1] < bdials[1]) << 1
                          | (dials[2] < bdials[2]) << 2]
            n = len(avail)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            i = avail[r]
            dials[i] += 1
            st.phase = _NEXT[i]
        elif ph == BUILD:
            # count the legal builds by the companies' build masks (the rules of
            # ``build_mask``); list only the one drawn
            p = st.turn
            bc = st.build_company
            occupied = st.occupied
            cs = []                                 # the companies that can build, in order
            masks = []                              # and their build masks
            total = 0
            for c in (comps if bc is None else (bc,)):
                if not held[c][p] or not opened[c] or not locos[c]:
                    continue
                cand = frontier[c] & buildable & ~network[c] & ~(single & occupied)
                cash_c = ccash[c]
                if not cand or cash_c < 0:
                    continue
                ok = cand & ~occupied & le[cash_c if cash_c < top else top]
                for k in levels:
                    level = stacked[k] & cand
                    if level:
                        v = cash_c // (k + 1)
                        ok |= level & le[v if v < top else top]
                if ok:
                    cs.append(c)
                    masks.append(ok)
                    total += ok.bit_count()
            while True:
                played += 1
                n = total + 1
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                if r == total:                      # end_build / forgo
                    st._end_turn()
                    break
                j = 0
                m = masks[0]
                size = m.bit_count()
                while r >= size:
                    r -= size
                    j += 1
                    m = masks[j]
                    size = m.bit_count()
                c = cs[j]
                for _ in range(r):                  # the r-th hex of m (nth_bit)
                    m &= m - 1
                h = (m & -m).bit_length() - 1
                # the build (as ChicagoExpressState._build and _place)
                bit = 1 << h
                o = occ[h]
                cnt = o.bit_count()
                price = cost[h] * (cnt + 1)
                ccash[c] -= price
                st.bank += price
                i = industry_of[h]
                if i is not None:
                    income[c] += ind_values[i][industry[i]]
                elif st.houses_mask & bit:
                    income[c] += hex_income[h] + bonus[h]
                else:
                    income[c] += hex_income[h]
                stacked[cnt] &= ~bit
                stacked[cnt + 1] |= bit
                occ[h] = o | 1 << c
                occupied = st.occupied = occupied | bit
                network[c] |= bit
                frontier[c] |= nbr[h]
                locos[c] -= 1
                st.build_company = c
                built = st.built = st.built + 1
                if h == chicago:
                    # "Chicago-Phase": the extra dividend after the income was raised
                    st._pay_dividend(c, "chicago_dividend")
                    if not st.chicago_reached:
                        st.chicago_reached = True
                        st._open_wabash(p)
                        break
                if built >= 3 or not locos[c]:
                    st._end_turn()
                    break
                cand = frontier[c] & buildable & ~network[c] & ~(single & occupied)
                cash_c = ccash[c]
                if not cand or cash_c < 0:
                    st._end_turn()
                    break
                ok = cand & ~occupied & le[cash_c if cash_c < top else top]
                for k in levels:
                    level = stacked[k] & cand
                    if level:
                        v = cash_c // (k + 1)
                        ok |= level & le[v if v < top else top]
                if not ok:
                    st._end_turn()
                    break
                if played >= max_actions:
                    break
                cs = [c]
                masks = [ok]
                total = ok.bit_count()
        elif ph == DEVELOP:
            played += 1
            occupied = st.occupied
            cand = occupied & once & ~st.houses_mask if st.houses_left else 0
            for i, hbit, last in dev_inds:
                if industry[i] < last:
                    cand |= occupied & hbit
            total = cand.bit_count()
            n = total + 1
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r < total:
                for _ in range(r):                  # the r-th hex of cand (nth_bit)
                    cand &= cand - 1
                st._develop(st.turn, (cand & -cand).bit_length() - 1)
            else:
                st._end_turn()
        elif ph == OFFER:
            played += 1
            p = st.turn
            offer = [c for c in comps if opened[c] and treasury[c]]
            n = len(offer) + 1
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            if r < n - 1:
                c = offer[r]
                st.auction = Auction.start(c, p, players, st.minimum_bid(c), "share")
                st.phase = AUCTION
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
