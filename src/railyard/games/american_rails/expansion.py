"""Ausdehnen: placing cubes, their cost, and the income changes a cube causes."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine.errors import NOT_ALLOWED, UNAFFORDABLE, IllegalAction
from .income import city_share, connection_pairs
from .rules import RULES
from .state_consts import POPCOUNT


class ExpansionMixin:
    def _do_build(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        if self.step == "take2" and self.n < 4:
            raise IllegalAction("Expand 2 is only possible with 4 or 5 players.", NOT_ALLOWED)
        c = self._company(action)
        h = self._hex(action)
        name = RULES.companies[c].name
        b = self.board
        if self.held[p][c] <= 0:
            raise IllegalAction(f"{self.players[p]} holds no share of {name}.", NOT_ALLOWED,
                                field="company")
        if self.cubes_left[c] <= 0:
            raise IllegalAction(f"{name} has no cube left in its supply.", NOT_ALLOWED,
                                field="company")
        cost = self.build_cost(h, c)
        if cost is None:
            raise IllegalAction(f"{name} cannot put a cube on {b.ids[h]}: "
                                + ("it already has one there." if self.hexmask[h] >> c & 1 else
                                   f"a {b.terrain[h]} holds only one cube."), NOT_ALLOWED,
                                field="hex")
        if not self.adjacent_to(h, c):
            raise IllegalAction(f"{b.ids[h]} does not touch a cube of {name}.", NOT_ALLOWED,
                                field="hex")
        if cost > self.ccash[c]:
            raise IllegalAction(f"{name} has ${self.ccash[c]}, the cube costs ${cost}.",
                                UNAFFORDABLE, field="hex")
        self._build(p, c, h, cost)
        return {"type": "build", "player": p, "company": RULES.companies[c].id,
                "hex": b.ids[h]}

    def _build(self, p: int, c: int, h: int, cost: int) -> None:
        """Company ``c`` puts a cube on ``h`` for ``cost``; the caller has checked that this
        is legal (``_do_build``; playouts take it from ``legal_builds``)."""
        if self.step == "take2":
            self.step = "expand"
            self.expand_left = 2
            self.expand_built = 0
        self.ccash[c] -= cost
        self.bank += cost
        self._put_cube(c, h)
        self.expand_left -= 1
        self.expand_built += 1
        if self.expand_left == 0:
            self._end_turn()

    def _do_stop(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        self._end_turn()
        return {"type": "stop", "player": p}

    def _put_cube(self, c: int, h: int) -> None:
        """Move a cube of ``c`` from its supply to hex ``h`` and adjust incomes."""
        b = self.board
        told = self._notes is not None and tuple(self.income)   # only for the story
        old = self.hexmask[h]
        new = old | (1 << c)
        self.hexmask[h] = new
        u = self.urban[h]
        # _add_piece: h held ``before`` pieces that count for the cost, now one more
        before = POPCOUNT[old] + (1 if u and b.counts_markers[h] else 0)
        bit = 1 << h
        lv = self.pieces_at
        if before:
            lv[before] ^= bit
        lv[before + 1] |= bit
        self.cubes_left[c] -= 1
        self.comp_hexes[c].append(h)
        self.reach[c] |= b.nbrmask[h]
        # masks for legal_builds: hexes no cube of c may go to (its own; full single hexes)
        self.closed[c] |= bit
        if b.single_cube[h]:
            self.full_single |= bit
        if b.terrain[h] == "city":
            income = self.income
            # city_share: the full value alone, the shared value with others (+ development)
            if u:
                after = b.shared[h] + RULES.urban_shared if old else b.full[h] + RULES.urban_full
            else:
                after = b.shared[h] if old else b.full[h]
            if old:
                gain = after - city_share(b, h, old, u)
                k = 0
                rest = old
                while rest:                     # the companies already there
                    if rest & 1:
                        income[k] += gain
                    rest >>= 1
                    k += 1
            income[c] += after
            if h in b.special:
                pairs = connection_pairs(b, self.comp_hexes[c])
                self.income[c] += RULES.connection_bonus * (pairs - self.pairs[c])
                if pairs > self.pairs[c]:
                    self.note("connection", c, pairs - self.pairs[c])
                self.pairs[c] = pairs
        if told:
            self.note("income", h, told, tuple(self.income))

    def _add_piece(self, h: int, before: int) -> None:
        """Hex ``h``, which held ``before`` pieces that count for the cost (cubes, and a
        development marker where it counts), holds one more (``pieces_at``)."""
        bit = 1 << h
        lv = self.pieces_at
        if before:
            lv[before] ^= bit
        lv[before + 1] |= bit

    # ---- phases, rounds, dividends -----------------------------------------------
