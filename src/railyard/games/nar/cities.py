"""Phase II, buying cities (rulebook section 5, phase II).

From the start player on, players act in turn again and again until all have passed.  On a
turn a player buys the lowest city of a column for a company of which he holds a share, paid
from that company's treasury only, at most once per company per player in this phase; or he
passes and is out of the phase.  A player who cannot buy anything must pass: the engine passes
for him (ruling C1), as that is his only move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Action, Choice, get_int, get_str
from ...engine.errors import NOT_ALLOWED, UNAFFORDABLE, UNKNOWN_ID, IllegalAction
from .shares import no_column

if TYPE_CHECKING:
    from .state import NarState


def buyable(state: "NarState", p: int) -> list[tuple[int, int]]:
    """(company, column) pairs the player may buy now."""
    out = []
    held = state.holdings[p]
    used = state.used[p]
    costs = state.deck.costs
    bottoms = [(column, costs[col[-1]]) for column, col in enumerate(state.city_cols) if col]
    if not bottoms:
        return out
    cheapest = min([cost for _, cost in bottoms])
    comp_cash = state.comp_cash
    for c, count in enumerate(held):
        if not count or used >> c & 1:
            continue
        money = comp_cash[c]
        if money < cheapest:
            continue
        for column, cost in bottoms:
            if cost <= money:
                out.append((c, column))
    return out


def cheapest_city(state: "NarState") -> int | None:
    """The lowest cost among the cities at the bottom of the columns (None: all empty)."""
    costs = state.deck.costs
    bottoms = [costs[col[-1]] for col in state.city_cols if col]
    return min(bottoms) if bottoms else None


def can_buy(state: "NarState", p: int, cheapest: int | None) -> bool:
    """``buyable(state, p)`` is not empty: a company the player holds a share of, not yet
    bought for in this phase, has the money for the cheapest bottom city."""
    if cheapest is None:
        return False
    used = state.used[p]
    comp_cash = state.comp_cash
    for c, count in enumerate(state.holdings[p]):
        if count and not used >> c & 1 and comp_cash[c] >= cheapest:
            return True
    return False


def settle(state: "NarState") -> None:
    """Move to the next player still in the phase who can buy; pass for those who cannot;
    end the phase when everybody has passed."""
    n = len(state.players)
    cheapest = cheapest_city(state)
    for _ in range(n + 1):
        p = state.seat
        if not state.passed[p]:
            if can_buy(state, p, cheapest):
                return
            state.passed[p] = True
            if state._notes is not None:         # only while the story is told
                state.note("auto_pass", p, why_no_city(state, p))
        if all(state.passed):
            state.end_city_phase()
            return
        state.seat = (p + 1) % n
    raise AssertionError("city phase did not settle")  # pragma: no cover


def why_no_city(state: "NarState", p: int) -> str:
    """Why seat ``p`` cannot buy a city now (for the story; ``buyable`` found nothing)."""
    cards = state.deck.cities
    costs = [cards[col[-1]].cost for col in state.city_cols if col]
    if not costs:
        return "no city is left"
    held = [c for c, k in enumerate(state.holdings[p]) if k]
    if not held:
        return "no share is held"
    left = [c for c in held if not state.used[p] >> c & 1]
    if not left:
        return "a city has been bought for each company whose share is held"
    cash = ", ".join(f"{state.cname(c)} has ${state.comp_cash[c]}" for c in left)
    return f"no company held can afford a city (the cheapest costs ${min(costs)}; {cash})"


#: Choices are immutable and recur: each is made once (keyed by what its label shows)
_CHOICES: dict[tuple, Choice] = {}


def choices(state: "NarState") -> list[Choice]:
    p = state.seat
    ids = state.rules.company_ids
    out = []
    cache = _CHOICES
    for c, column in buyable(state, p):
        city = state.deck.cities[state.city_cols[column][-1]]
        key = (p, c, column, city.name, city.cost, city.income, city.coast_to_coast)
        ch = cache.get(key)
        if ch is None:
            symbols = city.coast_to_coast
            stars = f", {symbols} coast-to-coast symbol{'s' if symbols > 1 else ''}" \
                if symbols else ""
            ch = cache[key] = Choice("buy_city", p, {"company": ids[c], "column": column},
                                     label=f"city column {column + 1}: {state.cname(c)} buys "
                                           f"{city.name} for ${city.cost} from its treasury "
                                           f"(income +${city.income}{stars})")
        out.append(ch)
    ch = cache.get(("pass", p))
    if ch is None:
        ch = cache[("pass", p)] = Choice("pass", p, label="pass (out of the city phase)")
    out.append(ch)
    return out


def buy_city(state: "NarState", action: Mapping[str, Any]) -> Action:
    p = action["player"]
    cid = get_str(action, "company")
    ids = state.rules.company_ids
    if cid not in ids:
        raise IllegalAction(f"There is no company {cid!r}.", UNKNOWN_ID, field="company")
    c = ids.index(cid)
    column = get_int(action, "column")
    if not 0 <= column < len(state.city_cols):
        raise IllegalAction(no_column("city", column, len(state.city_cols)), UNKNOWN_ID,
                            field="column")
    city_id = state.bottom_city(column)
    if city_id is None:
        raise IllegalAction(f"City column {column + 1} is empty.", NOT_ALLOWED, field="column")
    if not state.holdings[p][c]:
        raise IllegalAction(f"You hold no {state.cname(c)} share.", NOT_ALLOWED)
    if state.used[p] >> c & 1:
        raise IllegalAction(f"You already bought a city for {state.cname(c)} in this phase.",
                            NOT_ALLOWED)
    city = state.deck.cities[city_id]
    if city.cost > state.comp_cash[c]:
        raise IllegalAction(f"{state.cname(c)} has ${state.comp_cash[c]}; {city.name} costs "
                            f"${city.cost} (only the company's money may be used).",
                            UNAFFORDABLE)
    _buy_city(state, p, c, column)
    return {"type": "buy_city", "player": p, "company": cid, "column": column}


def _buy_city(state: "NarState", p: int, c: int, column: int) -> None:
    """``buy_city`` after its checks (playouts take (c, column) from ``buyable``)."""
    city_id = state.city_cols[column].pop()
    cost = state.deck.costs[city_id]
    state.comp_cash[c] -= cost
    state.bank += cost
    state.comp_cities[c].append(city_id)
    state.used[p] |= 1 << c
    state.bought += 1
    state.seat = (p + 1) % len(state.players)
    settle(state)


def pass_(state: "NarState", action: Mapping[str, Any]) -> Action:
    p = action["player"]
    _pass(state, p)
    return {"type": "pass", "player": p}


def _pass(state: "NarState", p: int) -> None:
    """Seat ``p`` passes and is out of the city phase."""
    state.passed[p] = True
    state.seat = (p + 1) % len(state.players)
    settle(state)


HANDLERS = {"buy_city": buy_city, "pass": pass_}
