"""The legal actions of the seat to act, as engine Choices."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.actions import Choice
from .rules import RULES
from .state_consts import POPCOUNT

if TYPE_CHECKING:
    from .state import AmericanRailsState

# Choices are immutable and recur in every game: each is built once and reused.
_CACHE: dict[tuple, Choice] = {}
_SPACES: dict[int, list[Choice]] = {}


def _choice(kind: str, p: int, label: str, **fixed: str) -> Choice:
    key = (kind, p, label, *fixed.items())
    ch = _CACHE.get(key)
    if ch is None:
        ch = _CACHE[key] = Choice(kind, p, fixed, label=label)
    return ch


def _bid(p: int, lo: int, hi: int) -> Choice:
    key = ("bid", p, lo, hi)
    ch = _CACHE.get(key)
    if ch is None:
        ch = _CACHE[key] = Choice("bid", p, ranges={"amount": (lo, hi)}, label="Bid")
    return ch


class LegalMixin:
    def legal_actions(self: "AmericanRailsState") -> list[Choice]:
        p = self.actor
        if p is None:
            return []
        step = self.step
        comps = RULES.companies
        if step == "space":
            col = self.columns[self.phase - 1]
            mine = _SPACES.get(p)
            if mine is None:
                mine = _SPACES[p] = [Choice("space", p, {"space": s},
                                            label=RULES.space_labels[s]) for s in RULES.spaces]
            return [mine[i] for i, s in enumerate(col) if s is None]
        if step == "bid":
            lo = self._min_bid()
            pas = _choice("pass", p, "Pass")
            return [_bid(p, lo, self.cash[p]), pas] if self.cash[p] >= lo else [pas]
        if step == "expand":
            return self._build_choices(p) + [_choice("stop", p, "Stop expanding")]
        if step == "offer":
            out = [_choice("offer", p, f"Auction {comps[c].name}", company=comps[c].id)
                   for c in self.in_play if self.shares_left[c] > 0
                   and not (self.phase == 0 and self.setup_offered[c])]
            if self.phase > 0:
                out.append(_choice("forgo", p, "Do not auction"))
            return out
        b = self.board
        if step == "place":
            return [_choice("place", p, f"First cube on {b.names[h]}", hex=b.ids[h])
                    for h in self.free_cities()]
        if step == "finance":
            amount = RULES.finance_amount
            return [_choice("finance", p, f"Fund {comps[c].name} with ${amount} from the bank",
                            company=comps[c].id)
                    for c in self.in_play] + [_choice("forgo", p, "Do not fund a company")]
        if step == "urbanise":
            out = []
            if self.markers_left > 0:
                out = [_choice("urbanise", p, f"Develop {b.names[h]} (a development marker)",
                               hex=b.ids[h])
                       for h in b.cities if b.urbanisable[h] and not self.urban[h]
                       and self.hexmask[h]]
            return out + [_choice("forgo", p, "Do not develop")]
        if step == "take2":
            amt = RULES.take_amount
            out = [_choice("take2", p, f"Take ${amt} from the bank"),
                   _choice("levy", p, f"Each other player pays ${amt} to the bank")]
            if self.n >= 4:
                out += self._build_choices(p)
            return out + [_choice("forgo", p, "Do nothing")]
        return []

    def build_mask(self: "AmericanRailsState", c: int) -> int:
        """The hexes company ``c`` may put a cube on now (given a player who may build for it
        and a cube in its supply), as a bit mask: next to its cubes, none of its own, not a
        forest or mountain already holding a cube, and affordable: the cost at the hex's
        number of pieces (``pieces_at``) within the company's cash (``afford_masks``)."""
        cand = self.reach[c] & ~self.closed[c] & ~self.full_single
        cash = self.ccash[c]
        if not cand or cash < 0:
            return 0
        afford = afford_masks(self.board)
        top = len(afford[0]) - 1
        if cash > top:
            cash = top
        lv = self.pieces_at
        ok = 0
        taken = 0
        for k in range(1, len(lv)):
            level = lv[k]
            if level:
                taken |= level
                level &= cand
                if level:
                    ok |= level & afford[k][cash]
        level = cand & ~taken
        if level:
            ok |= level & afford[0][cash]
        return ok

    def legal_builds(self: "AmericanRailsState", p: int) -> list[tuple[int, int, int]]:
        """(company, hex, cost) of every cube ``p`` may place now (company by company, each
        company's hexes in board order)."""
        out = []
        held = self.held[p]
        cubes_left = self.cubes_left
        b = self.board
        hm, urban = self.hexmask, self.urban
        base, per, counts = b.cost_base, b.cost_per, b.counts_markers
        for c in self.in_play:
            if held[c] <= 0 or cubes_left[c] <= 0:
                continue
            m = self.build_mask(c)
            while m:
                low = m & -m
                h = low.bit_length() - 1
                m ^= low
                # the cost as build_cost gives it
                pieces = POPCOUNT[hm[h]] + (1 if urban[h] and counts[h] else 0)
                out.append((c, h, base[h] + per[h] * pieces))
        return out

    def _build_choices(self: "AmericanRailsState", p: int) -> list[Choice]:
        b = self.board
        places = b.places
        out = []
        for c, h, cost in self.legal_builds(p):
            where = places[h]
            key = (p, c, where, cost)        # the label depends on the board: key on it
            ch = _BUILDS.get(key)
            if ch is None:
                co = RULES.companies[c]
                ch = _BUILDS[key] = Choice("build", p, {"company": co.id, "hex": b.ids[h]},
                                           label=f"{co.name} cube to {where} (${cost})")
            out.append(ch)
        return out


_BUILDS: dict[tuple, Choice] = {}


_AFFORD: dict[int, tuple] = {}


def afford_masks(board) -> tuple:
    """Per number of pieces k (0 .. companies + 1), per amount of cash v (0 .. the highest
    cost on the board): the mask of the hexes whose cost at k pieces (terrain base + per
    piece x k) is at most v.  Made once per board; cash above the highest cost reads the
    last entry."""
    entry = _AFFORD.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    if len(_AFFORD) > 64:
        _AFFORD.clear()
    n = len(board.ids)
    levels = range(len(RULES.companies) + 2)
    top = max((board.cost_base[h] + board.cost_per[h] * k for h in range(n) for k in levels),
              default=0)
    tables = []
    for k in levels:
        at = [0] * (top + 1)                    # [v]: the hexes costing exactly v
        for h in range(n):
            at[board.cost_base[h] + board.cost_per[h] * k] |= 1 << h
        masks, acc = [], 0
        for m in at:
            acc |= m
            masks.append(acc)
        tables.append(tuple(masks))
    out = tuple(tables)
    _AFFORD[id(board)] = (board, out)
    return out
