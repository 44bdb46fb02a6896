"""What the players see (public view) and readable sentences for actions.

Hidden: the two shares put back into the box (section 4) and the players' money, which the
rulebook lets (and advises) players keep secret (section 4, "Hinweis").  Both are shown once
the game is over.  ``NarState.private_view(seat)`` adds the seat's own money.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .money import STEP

if TYPE_CHECKING:
    from .state import NarState


def city_card(state: "NarState", index: int) -> dict[str, Any]:
    city = state.deck.cities[index]
    return {"id": index, "name": city.name, "cost": city.cost, "income": city.income,
            "coast_to_coast": city.coast_to_coast}


def public_view(state: "NarState") -> dict[str, Any]:
    from .state import CITIES, OVER, RESPOND
    ids = state.rules.company_ids
    over = state.phase == OVER
    companies = []
    for c, cid in enumerate(ids):
        start = state.comp_start[c]
        companies.append({
            "id": cid, "name": state.cname(c), "founded": state.director[c] is not None,
            "director": state.director[c], "cash": state.comp_cash[c],
            "shares_held": sum(h[c] for h in state.holdings),
            "start_city": None if start is None else {
                "name": state.deck.start_cities[start].name,
                "income": state.deck.start_cities[start].income},
            "cities": [city_card(state, i) for i in state.comp_cities[c]],
            "income": state.company_income(c),
            "coast_to_coast": state.company_symbols(c),
        })
    players = []
    for seat, name in enumerate(state.players):
        players.append({
            "seat": seat, "name": name,
            "shares": {cid: state.holdings[seat][c] for c, cid in enumerate(ids)},
            "director_of": [cid for c, cid in enumerate(ids) if state.director[c] == seat],
            "cash": state.cash[seat] if over else None,
            "passed": state.passed[seat] if state.phase == CITIES else None,
            "bought_for": [cid for c, cid in enumerate(ids) if state.used[seat] >> c & 1]
            if state.phase == CITIES else [],
        })
    pending = None
    if state.phase == RESPOND:
        column, c, price = state.pending
        pending = {"proposer": state.order()[state.turn], "company": ids[c],
                   "column": column, "price": price, "director": state.director[c]}
    result = state.result()
    return {
        "title": "North American Railways",
        "deck": {"name": state.deck.name, "reconstructed": state.deck.reconstructed,
                 "source": state.deck.source},
        "round": state.round, "phase": state.phase, "start_player": state.start_player,
        "current_player": state.current_player, "turn_order": state.order(),
        "last_round": state.last_round, "end_reasons": list(state.end_reasons),
        "share_columns": [[ids[c] for c in col] for col in state.share_cols],
        "shares_removed": len(state.removed),
        "removed_shares": [ids[c] for c in state.removed] if over else None,
        "city_columns": [[city_card(state, i) for i in col] for col in state.city_cols],
        "start_cities_left": [state.deck.start_cities[i].name for i in state.start_stack],
        "companies": companies, "players": players,
        "cash_secret": not over,
        "chain_chosen": [ids[c] for c in state.chosen], "pending": pending,
        "last_income": [dict(r, paid=list(r["paid"])) for r in state.last_income],
        "final_payout": list(state.final_payout) if state.final_payout is not None else None,
        "result": result.to_json(state.players) if result else None,
    }


def describe(state: "NarState", action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    p = action.get("player")
    who = state.players[p] if isinstance(p, int) and 0 <= p < state.n else f"seat {p}"
    ids = state.rules.company_ids

    def share_company() -> str:
        col = action.get("column")
        if isinstance(col, int) and 0 <= col < len(state.share_cols) and state.share_cols[col]:
            return f"{state.cname(state.share_cols[col][-1])} (share column {col + 1})"
        return "a company"

    price = action.get("hundreds")
    price = f"${price * STEP}" if isinstance(price, int) else "a price"
    if kind == "found":
        start = ""
        if state.start_stack:
            city = state.deck.start_cities[state.start_stack[0]]
            start = f"; it starts in {city.name} (income ${city.income})"
        return (f"{who} founds {share_company()} for {price}, all of it into the company's "
                f"treasury, and becomes its director{start}.")
    if kind == "buy_own":
        from .money import half_up
        from .shares import own_price
        cost = own_price(state, p) if isinstance(p, int) and 0 <= p < state.n else 1000
        return (f"{who} buys a share of their own company {share_company()} for ${cost}: "
                f"${half_up(cost)} to the company, ${cost - half_up(cost)} to the bank.")
    if kind == "propose":
        return f"{who} proposes {price} for the share of {share_company()}."
    if kind in ("allow", "buy") and state.pending:
        column, c, amount = state.pending
        proposer = state.players[state.order()[state.turn]]
        from .money import half_up
        half = half_up(amount)
        if kind == "allow":
            return (f"{who} lets {proposer} buy the {state.cname(c)} share for ${amount}: "
                    f"${half} to {state.cname(c)}, ${amount - half} to the bank.")
        return (f"{who} buys the {state.cname(c)} share himself for ${amount}: ${half} to "
                f"{state.cname(c)}, ${amount - half} to {proposer}.")
    if kind == "end_turn":
        return f"{who} ends the turn without a share."
    if kind == "take_200":
        return f"{who} has no money and takes ${state.rules.broke_grant} from the bank."
    if kind == "buy_city":
        cid = action.get("company")
        col = action.get("column")
        name = state.cname(ids.index(cid)) if cid in ids else str(cid)
        city = "a city"
        if isinstance(col, int) and 0 <= col < len(state.city_cols) and state.city_cols[col]:
            card = state.deck.cities[state.city_cols[col][-1]]
            city = (f"{card.name} (city column {col + 1}) for ${card.cost} from its treasury; "
                    f"income +${card.income}")
            if card.coast_to_coast:
                city += f", {card.coast_to_coast} coast-to-coast symbol" + \
                    ("s" if card.coast_to_coast > 1 else "")
        return f"{who} buys {city} for {name}." if city == "a city" else \
            f"{who} buys for {name} {city}."
    if kind == "pass":
        return f"{who} passes and leaves the city phase."
    return f"{who}: {kind}"
