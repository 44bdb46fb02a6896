"""Applying actions: every handler validates completely, then mutates."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import get_str
from ...engine.errors import MALFORMED, NOT_ALLOWED, UNKNOWN_ID, WRONG_PHASE, IllegalAction
from .income import city_share
from .rules import RULES, SPACE_RANK
from .state_consts import POPCOUNT

if TYPE_CHECKING:
    from .state import AmericanRailsState

ACTION_TYPES = ("offer", "bid", "pass", "place", "space", "finance", "urbanise", "take2",
                "levy", "build", "stop", "forgo")

STEP_TYPES = {
    "offer": ("offer", "forgo"),
    "bid": ("bid", "pass"),
    "place": ("place",),
    "space": ("space",),
    "finance": ("finance", "forgo"),
    "urbanise": ("urbanise", "forgo"),
    "take2": ("take2", "levy", "build", "forgo"),
    "expand": ("build", "stop"),
}

STEP_TEXT = {
    "offer": "choose a share to auction", "bid": "bid or pass in the auction",
    "place": "place the company's first cube on a free city", "space": "choose an action space",
    "finance": "choose the company to fund", "urbanise": "choose the city to develop",
    "take2": "take $2, levy $2 or expand 2", "expand": "place cubes or stop",
}


class TransitionMixin:
    # ---- parsing helpers --------------------------------------------------------------
    def _company(self: "AmericanRailsState", action: Mapping[str, Any]) -> int:
        cid = get_str(action, "company")
        c = _COMPANY_INDEX.get(cid)
        if c is None:
            names = ", ".join(co.id for co in RULES.companies)
            raise IllegalAction(f"There is no company {cid!r} (companies: {names}).",
                                UNKNOWN_ID, field="company") from None
        if c not in self.in_play:
            raise IllegalAction(f"{RULES.companies[c].name} is not in this game "
                                f"(removed for 3 players).", NOT_ALLOWED, field="company")
        return c

    def _hex(self: "AmericanRailsState", action: Mapping[str, Any]) -> int:
        hid = get_str(action, "hex")
        b = self.board
        if hid in b.index:
            return b.index[hid]
        if hid in b.city_by_name:
            return b.city_by_name[hid]
        raise IllegalAction(f"There is no hex {hid!r} on the board.", UNKNOWN_ID, field="hex")

    # ---- dispatch ------------------------------------------------------------------
    def _apply(self: "AmericanRailsState", action: Mapping[str, Any]) -> dict[str, Any]:
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise IllegalAction(f"Unknown action type {kind!r}.", MALFORMED, field="type")
        if kind not in STEP_TYPES[self.step]:
            raise IllegalAction(f"Now {self.players[self.actor]} must {STEP_TEXT[self.step]}; "
                                f"'{kind}' does not fit.", WRONG_PHASE)
        return self._handlers[kind](self, self.actor, action)

    # ---- auctions ------------------------------------------------------------------
    def _do_space(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        space = get_str(action, "space")
        if space not in SPACE_RANK:
            raise IllegalAction(f"There is no action space {space!r} "
                                f"(spaces: {', '.join(RULES.spaces)}).", UNKNOWN_ID,
                                field="space")
        col = self.columns[self.phase - 1]
        i = SPACE_RANK[space]
        if col[i] is not None:
            raise IllegalAction(f"{RULES.space_labels[space]} is already taken in this phase by "
                                f"{self.players[col[i]]}.", NOT_ALLOWED, field="space")
        self._space(p, i, space)
        return {"type": "space", "player": p, "space": space}

    def _space(self, p: int, i: int, space: str) -> None:
        """Player ``p`` takes the free action space ``space`` (index ``i`` of the column);
        the caller has checked that it is free (``_do_space``; playouts draw a free one)."""
        col = self.columns[self.phase - 1]
        col[i] = p
        self.space = space
        if space == "pass":
            self._end_turn()
        elif space == "auction":
            self.step = "offer"
        elif space in ("expand3", "expand4"):
            self.step = "expand"
            self.expand_left = 3 if space == "expand3" else 4
            self.expand_built = 0
        else:
            self.step = space

    def _do_forgo(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        if self.phase == 0:
            raise IllegalAction("Before the game a share must be offered.", NOT_ALLOWED)
        self._end_turn()
        return {"type": "forgo", "player": p}

    # ---- simple actions ------------------------------------------------------------
    def _do_finance(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        c = self._company(action)
        self._finance(p, c)
        return {"type": "finance", "player": p, "company": RULES.companies[c].id}

    def _finance(self, p: int, c: int) -> None:
        """The bank funds company ``c`` (in play; checked by the caller)."""
        amt = RULES.finance_amount
        self.bank -= amt
        self.ccash[c] += amt
        self._end_turn()

    def _do_urbanise(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        h = self._hex(action)
        b = self.board
        if self.markers_left <= 0:
            raise IllegalAction("No development marker is left.", NOT_ALLOWED)
        if b.terrain[h] != "city":
            raise IllegalAction(f"{b.ids[h]} is not a city.", NOT_ALLOWED, field="hex")
        if not b.urbanisable[h]:
            raise IllegalAction(f"{b.names[h]} has black squares and cannot be developed.",
                                NOT_ALLOWED, field="hex")
        if self.urban[h]:
            raise IllegalAction(f"{b.names[h]} is already developed.", NOT_ALLOWED, field="hex")
        if not self.hexmask[h]:
            raise IllegalAction(f"{b.names[h]} has no cube yet; only a city with a cube can be "
                                f"developed.", NOT_ALLOWED, field="hex")
        self._urbanise(p, h)
        return {"type": "urbanise", "player": p, "hex": b.ids[h]}

    def _urbanise(self, p: int, h: int) -> None:
        """City ``h`` gets a development marker; the caller has checked that this is legal
        (``_do_urbanise``; playouts take ``h`` from the same conditions)."""
        b = self.board
        mask = self.hexmask[h]
        old = city_share(b, h, mask, False)
        new = city_share(b, h, mask, True)
        for c in range(len(RULES.companies)):
            if mask >> c & 1:
                self.income[c] += new - old
        self.urban[h] = True
        if b.counts_markers[h]:
            self._add_piece(h, POPCOUNT[mask])
        self.markers_left -= 1
        self._end_turn()

    def _do_take2(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        amt = RULES.take_amount
        self.bank -= amt
        self.cash[p] += amt
        if self._notes is not None:
            self.note("take2", p, amt)
        self._end_turn()
        return {"type": "take2", "player": p}

    def _do_levy(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        amt = RULES.take_amount
        levied = [0] * self.n
        for s in range(self.n):
            if s != p:
                paid = min(amt, self.cash[s])   # ruling: a player short of $2 pays what he has
                self.cash[s] -= paid
                self.bank += paid
                levied[s] = paid
        self.note("levy", p, tuple(levied))
        self._end_turn()
        return {"type": "levy", "player": p}

    # ---- expansion ---------------------------------------------------------------


_COMPANY_INDEX = {co.id: co.index for co in RULES.companies}
