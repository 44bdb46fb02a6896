"""Public view (JSON) and readable sentences for actions."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .rules import RULES

if TYPE_CHECKING:
    from .state import AmericanRailsState


class ViewMixin:
    def public_view(self: "AmericanRailsState") -> dict[str, Any]:
        b = self.board
        comps = RULES.companies
        a = self.auction
        cubes = {b.ids[h]: [comps[c].id for c in range(len(comps)) if m >> c & 1]
                 for h, m in enumerate(self.hexmask) if m}
        hexes = []
        for h, hid in enumerate(b.ids):
            m = self.hexmask[h]
            rec = {"id": hid, "col": b.cols[h], "row": b.rows[h], "terrain": b.terrain[h],
                   "cubes": [comps[c].id for c in range(len(comps)) if m >> c & 1]}
            if b.names[h] is not None:
                rec.update(name=b.names[h], full=b.full[h], shared=b.shared[h],
                           urbanisable=b.urbanisable[h], urbanised=self.urban[h],
                           black_square=not b.urbanisable[h], special=h in b.special)
                if b.names[h] in b.confidence:
                    rec["confidence"] = b.confidence[b.names[h]]
            hexes.append(rec)
        return {
            "title": "american-rails",
            "hexes": hexes,
            "board": {"title": b.title, "source": b.source, "published": b.published,
                      "grid": {"columns": b.columns, "rows": b.nrows,
                               "orientation": "pointy-top",
                               "offset": "odd rows shifted half a hex to the right"},
                      "cubes": cubes,
                      "urbanised": [b.ids[h] for h, u in enumerate(self.urban) if u]},
            "year": self.year,
            "phase": "setup auction" if self.phase == 0 else f"action phase {self.phase}",
            "step": self.step,
            "current_player": self.actor,
            "players": [{"name": self.players[s], "cash": self.cash[s],
                         "shares": {comps[c].id: self.held[s][c] for c in self.in_play
                                    if self.held[s][c]}} for s in range(self.n)],
            "companies": [{"id": comps[c].id, "name": comps[c].name, "color": comps[c].color,
                           "color_name": comps[c].color_name,
                           "cash": self.ccash[c], "income": self.income[c],
                           "dividend_per_share": self.dividend_per_share(c),
                           "shares_unsold": self.shares_left[c],
                           "shares_removed": self.shares_out[c],
                           "cubes_in_supply": self.cubes_left[c],
                           "connections": self.pairs[c],
                           "hexes": [b.ids[h] for h in self.comp_hexes[c]]}
                          for c in self.in_play],
            "removed_company": (comps[self.removed_company].id
                                if self.removed_company is not None else None),
            "bank": self.bank,
            "urbanisation_markers": self.markers_left,
            "player_order": list(self.track),
            "turn_order": list(self.order),
            "turn": self.turn,
            "action_spaces": list(RULES.spaces),
            "action_space_labels": [RULES.space_labels[sp] for sp in RULES.spaces],
            "columns": [{RULES.spaces[i]: s for i, s in enumerate(col) if s is not None}
                        for col in self.columns],
            "space": self.space,
            "expand_left": self.expand_left,
            "setup_offered": [comps[c].id for c in self.in_play if self.setup_offered[c]],
            "auction": None if a is None else {
                "company": comps[a.lot].id, "chooser": a.starter, "setup": a.kind == "setup",
                "minimum": a.next_minimum, "high_bid": a.high_bid, "high_bidder": a.high_bidder,
                "to_bid": None if a.done else a.bidder, "passed": sorted(a.passed)},
            "last_dividends": dict(self.last_dividends),
            "end_reason": self.end_reason,
        }

    def describe(self: "AmericanRailsState", action: Mapping[str, Any]) -> str:
        who = self.players[action.get("player", 0)] if isinstance(action.get("player"), int) \
            and 0 <= action["player"] < self.n else "?"
        t = action.get("type")
        b = self.board

        def cname(cid: Any) -> str:
            for co in RULES.companies:
                if co.id == cid:
                    return co.name
            return str(cid)

        def hname(hid: Any) -> str:
            i = b.index.get(hid)
            if i is not None and b.names[i]:
                return f"{b.names[i]} ({hid})"
            return str(hid)

        if t == "space":
            return f"{who} takes the space '{RULES.space_labels.get(action.get('space'), '?')}'."
        if t == "offer":
            return f"{who} puts a share of {cname(action.get('company'))} up for auction."
        if t == "bid":
            a = self.auction
            lot = f" for the {RULES.companies[a.lot].name} share" if a is not None else ""
            return f"{who} bids ${action.get('amount')}{lot}."
        if t == "pass":
            return f"{who} passes in the auction."
        if t == "place":
            a = self.auction
            comp = RULES.companies[a.lot].name if a is not None and self.step == "place" \
                else "the company"
            i = b.index.get(action.get("hex"))
            value = f" (income ${b.full[i]})" if i is not None and b.names[i] else ""
            return f"{who} places {comp}'s first cube on {hname(action.get('hex'))}{value}."
        if t == "finance":
            return f"{who} funds {cname(action.get('company'))}: ${RULES.finance_amount} from " \
                   f"the bank to the company."
        if t == "urbanise":
            i = b.index.get(action.get("hex"), b.city_by_name.get(action.get("hex")))
            gain = ""
            if i is not None and b.names[i] and self.hexmask[i]:
                from .income import city_share
                m = self.hexmask[i]
                up = city_share(b, i, m, True) - city_share(b, i, m, False)
                names = [RULES.companies[c].name for c in range(len(RULES.companies))
                         if m >> c & 1]
                gain = f": income of {', '.join(names)} +${up}"
            return f"{who} develops {hname(action.get('hex'))} (a development marker){gain}."
        if t == "take2":
            return f"{who} takes ${RULES.take_amount} from the bank."
        if t == "levy":
            p = action.get("player")
            paid = "; ".join(f"{self.players[s]} ${min(RULES.take_amount, self.cash[s])}"
                             for s in range(self.n) if s != p)
            return (f"{who} makes every other player pay ${RULES.take_amount} to the bank "
                    f"(a player short of it pays all they have): {paid}.")
        if t == "build":
            cost = ""
            i = b.index.get(action.get("hex"), b.city_by_name.get(action.get("hex")))
            c = next((co.index for co in RULES.companies if co.id == action.get("company")),
                     None)
            if i is not None and c is not None and self.build_cost(i, c) is not None:
                cost = f" for ${self.build_cost(i, c)} from the company's treasury"
            name = cname(action.get("company"))
            art = "an" if str(name)[:1].upper() in "AEIOU" else "a"
            return f"{who} places {art} {name} cube on " \
                   f"{hname(action.get('hex'))}{cost}."
        if t == "stop":
            return f"{who} stops expanding."
        if t == "forgo":
            return f"{who} does not carry out the action."
        return f"{who}: {t}"
