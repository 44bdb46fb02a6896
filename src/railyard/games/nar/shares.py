"""Phase I, trading shares (rulebook section 5, phase I, and its exceptions).

A turn: the player picks the lowest share of a column.  Three cases:
1. first share of a company: ``found`` at any multiple of $100, all into the company;
2. a company the player directs: ``buy_own`` at $1000, half to the company, half to the bank;
3. a company another player directs: ``propose`` a price; the director answers ``allow``
   (the proposer buys: half rounded up to the company, the rest to the bank) or ``buy``
   (the director buys at that price: half rounded up to the company, the rest to the
   proposer, who may then pick a share of another company or ``end_turn``).
Exceptions: a player without money takes $200 (``take_200``) and no share; a player who
directs every company at the bottom of the columns and has less than $1000 buys one of them
for all his money.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Action, Choice, get_int
from ...engine.errors import NOT_ALLOWED, UNAFFORDABLE, UNKNOWN_ID, WRONG_PHASE, IllegalAction
from .money import STEP, half_up
from .phases import RESPOND, SHARES

if TYPE_CHECKING:
    from .state import NarState

FOUND, OWN, PROPOSE = "found", "buy_own", "propose"


def actor(state: "NarState") -> int:
    return (state.start_player + state.turn) % len(state.players)


def broke(state: "NarState", p: int) -> bool:
    """Exception 1: a player without any money at the start of his turn."""
    return state.cash[p] == 0 and not state.chosen


def all_own_and_poor(state: "NarState", p: int) -> bool:
    """Exception 2: p directs every company at the bottom of the columns and has < $1000."""
    if state.chosen or state.cash[p] >= state.rules.own_share_price:
        return False
    bottoms = [col[-1] for col in state.share_cols if col]
    return bool(bottoms) and all(state.director[c] == p for c in bottoms)


def options(state: "NarState", p: int) -> list[tuple[str, int, int]]:
    """(case, column, company) the player may pick now (ignoring exception 1)."""
    out = []
    poor_exception = all_own_and_poor(state, p)
    for column, col in enumerate(state.share_cols):
        if not col or col[-1] in state.chosen:
            continue
        c = col[-1]
        d = state.director[c]
        if d is None:
            out.append((FOUND, column, c))
        elif d == p:
            if poor_exception or state.cash[p] >= state.rules.own_share_price:
                out.append((OWN, column, c))
        else:
            out.append((PROPOSE, column, c))
    return out


def own_price(state: "NarState", p: int) -> int:
    return state.cash[p] if all_own_and_poor(state, p) else state.rules.own_share_price


def choices(state: "NarState") -> list[Choice]:
    """Phase I choices; every label names the share column (numbered from 1), the company and
    where the money goes, so that two picks of the same kind are told apart."""
    p = actor(state)
    if broke(state, p):
        return [Choice("take_200", p, label=f"take ${state.rules.broke_grant} from the bank "
                                            "(no money: no share this round)")]
    hundreds = (1, state.cash[p] // STEP)
    out = []
    for case, column, c in options(state, p):
        name = state.cname(c)
        where = f"share column {column + 1}"
        if case == FOUND:
            out.append(Choice(FOUND, p, {"column": column}, {"hundreds": hundreds},
                              f"{where}: found {name} and become its director; the price "
                              f"you name (in $100) all goes to {name}"))
        elif case == OWN:
            price = own_price(state, p)
            half = half_up(price)
            out.append(Choice(OWN, p, {"column": column},
                              label=f"{where}: buy a {name} share (your own company) for "
                                    f"${price}: ${half} to {name}, ${price - half} to the "
                                    "bank"))
        else:
            director = state.players[state.director[c]]
            out.append(Choice(PROPOSE, p, {"column": column}, {"hundreds": hundreds},
                              f"{where}: propose a price (in $100) for the {name} share; "
                              f"its director {director} lets you buy it or buys it"))
    if state.chosen:
        out.append(Choice("end_turn", p, label="end the turn without a share"))
    return out


def response_choices(state: "NarState") -> list[Choice]:
    column, c, price = state.pending
    d = state.director[c]
    name = state.cname(c)
    proposer = state.players[actor(state)]
    half = half_up(price)
    share = f"the {name} share of share column {column + 1}"
    out = [Choice("allow", d, label=f"let {proposer} buy {share} for ${price}: ${half} to "
                                    f"{name}, ${price - half} to the bank")]
    if state.cash[d] >= price:
        out.append(Choice("buy", d, label=f"buy {share} yourself for ${price}: ${half} to "
                                          f"{name}, ${price - half} to {proposer}"))
    return out


# ---- validation ------------------------------------------------------------------------

def _picking(state: "NarState", action: Mapping[str, Any]) -> tuple[int, int, int]:
    """Common checks of found/buy_own/propose; returns (player, column, company)."""
    if state.phase != SHARES:
        raise IllegalAction("A director must first answer the proposed price.", WRONG_PHASE)
    p = action["player"]
    if broke(state, p):
        raise IllegalAction(f"Without money you take ${state.rules.broke_grant} from the bank "
                            "and pick no share this round.", NOT_ALLOWED)
    column = get_int(action, "column")
    if not 0 <= column < len(state.share_cols):
        raise IllegalAction(no_column("share", column, len(state.share_cols)), UNKNOWN_ID,
                            field="column")
    c = state.bottom_share(column)
    if c is None:
        raise IllegalAction(f"Share column {column + 1} is empty.", NOT_ALLOWED, field="column")
    if c in state.chosen:
        raise IllegalAction(f"You already picked a {state.cname(c)} share this turn (the "
                            f"lowest share of share column {column + 1} is {state.cname(c)}); "
                            "pick another company.", NOT_ALLOWED)
    return p, column, c


def no_column(kind: str, column: int, count: int) -> str:
    """The refusal of a column index out of range.  Sentences number columns from 1; the
    action field ``column`` counts from 0, so both are named."""
    which = f"{kind} column {column + 1}" if abs(column) < 10**6 else f"such {kind} column"
    return (f"There is no {which}: the {kind} columns are 1 to {count} "
            f"(the field 'column' counts from 0, so 0 to {count - 1}).")


def _price(state: "NarState", action: Mapping[str, Any], p: int) -> int:
    h = get_int(action, "hundreds")
    if h < 1:
        raise IllegalAction("The price must be at least $100.", NOT_ALLOWED, field="hundreds")
    if h * STEP > state.cash[p]:
        raise IllegalAction(f"You cannot pay ${h * STEP}.", UNAFFORDABLE, field="hundreds")
    return h * STEP


def _take(state: "NarState", column: int, seat: int) -> int:
    c = state.share_cols[column].pop()
    state.holdings[seat][c] += 1
    return c


# ---- actions -----------------------------------------------------------------------------

def found(state: "NarState", action: Mapping[str, Any]) -> Action:
    p, column, c = _picking(state, action)
    if state.director[c] is not None:
        raise IllegalAction(f"{state.cname(c)} is already founded.", NOT_ALLOWED)
    price = _price(state, action, p)
    if not state.start_stack:
        raise IllegalAction("No start city is left.", NOT_ALLOWED)
    _found(state, p, column, c, price)
    return {"type": FOUND, "player": p, "column": column, "hundreds": price // STEP}


def _found(state: "NarState", p: int, column: int, c: int, price: int) -> None:
    """``found`` after its checks (playouts: a FOUND entry of ``options``, a price within
    the player's money)."""
    state.cash[p] -= price
    state.heard[p] -= price
    state.comp_cash[c] += price
    state.note("money", p, -price, "companies founded")
    _take(state, column, p)
    state.director[c] = p
    state.comp_start[c] = state.start_stack.pop(0)
    state.end_share_turn()


def buy_own(state: "NarState", action: Mapping[str, Any]) -> Action:
    p, column, c = _picking(state, action)
    if state.director[c] != p:
        raise IllegalAction(f"You are not the director of {state.cname(c)}.", NOT_ALLOWED)
    price = own_price(state, p)
    if state.cash[p] < price:
        raise IllegalAction(f"A share of your own company costs ${price}.", UNAFFORDABLE)
    _buy_own(state, p, column, c, price)
    return {"type": OWN, "player": p, "column": column}


def _buy_own(state: "NarState", p: int, column: int, c: int, price: int) -> None:
    """``buy_own`` after its checks (playouts: an OWN entry of ``options``, the price of
    ``own_price``)."""
    to_company = half_up(price)
    state.cash[p] -= price
    # exception 2 pays "all his money" (an amount not said): he has nothing left
    state.heard[p] = state.heard[p] - price if price == state.rules.own_share_price else 0
    state.comp_cash[c] += to_company
    state.bank += price - to_company
    state.note("money", p, -price, "shares bought")
    _take(state, column, p)
    state.end_share_turn()


def propose(state: "NarState", action: Mapping[str, Any]) -> Action:
    p, column, c = _picking(state, action)
    d = state.director[c]
    if d is None or d == p:
        raise IllegalAction(f"Proposing a price is for a company another player directs; "
                            f"{state.cname(c)} is not one.", NOT_ALLOWED)
    price = _price(state, action, p)
    _propose(state, column, c, price)
    return {"type": PROPOSE, "player": p, "column": column, "hundreds": price // STEP}


def _propose(state: "NarState", column: int, c: int, price: int) -> None:
    """``propose`` after its checks: the director of ``c`` answers next."""
    state.pending = (column, c, price)
    state.phase = RESPOND


def _responding(state: "NarState") -> tuple[int, int, int, int, int]:
    if state.phase != RESPOND:
        raise IllegalAction("No price has been proposed to you.", WRONG_PHASE)
    column, c, price = state.pending
    return actor(state), state.director[c], column, c, price


def allow(state: "NarState", action: Mapping[str, Any]) -> Action:
    d = _allow(state, *_responding(state))
    return {"type": "allow", "player": d}


def _allow(state: "NarState", proposer: int, d: int, column: int, c: int, price: int) -> int:
    """``allow`` after its check (a price is pending); returns the director."""
    to_company = half_up(price)
    state.cash[proposer] -= price
    state.heard[proposer] -= price
    state.comp_cash[c] += to_company
    state.bank += price - to_company
    state.note("money", proposer, -price, "shares bought")
    _take(state, column, proposer)
    if state.holdings[proposer][c] >= state.holdings[d][c]:
        state.director[c] = proposer
        state.note("director", c, d, proposer, state.holdings[proposer][c])
    state.end_share_turn()
    return d


def buy(state: "NarState", action: Mapping[str, Any]) -> Action:
    proposer, d, column, c, price = _responding(state)
    if state.cash[d] < price:
        raise IllegalAction(f"You cannot pay ${price}.", UNAFFORDABLE)
    _buy(state, proposer, d, column, c, price)
    return {"type": "buy", "player": d}


def _buy(state: "NarState", proposer: int, d: int, column: int, c: int, price: int) -> None:
    """``buy`` after its checks (a price is pending; the director has the money)."""
    to_company = half_up(price)
    state.cash[d] -= price
    state.comp_cash[c] += to_company
    state.cash[proposer] += price - to_company
    state.heard[d] -= price
    state.heard[proposer] += price - to_company
    state.note("money", d, -price, "shares bought")
    state.note("money", proposer, price - to_company, "shares bought away by directors")
    _take(state, column, d)
    state.chosen.append(c)
    state.pending = None
    state.phase = SHARES
    if state.shares_left() == 0 or not options(state, proposer):
        state.note("turn_over", proposer, state.shares_left() == 0)
        state.end_share_turn()


def end_turn(state: "NarState", action: Mapping[str, Any]) -> Action:
    if state.phase != SHARES:
        raise IllegalAction("A director must first answer the proposed price.", WRONG_PHASE)
    if not state.chosen:
        raise IllegalAction("You must pick a share; only after a director bought the share "
                            "you picked may you end your turn.", NOT_ALLOWED)
    p = action["player"]
    state.end_share_turn()
    return {"type": "end_turn", "player": p}


def take_200(state: "NarState", action: Mapping[str, Any]) -> Action:
    if state.phase != SHARES:
        raise IllegalAction("A director must first answer the proposed price.", WRONG_PHASE)
    p = action["player"]
    if not broke(state, p):
        raise IllegalAction(f"Only a player without any money takes "
                            f"${state.rules.broke_grant}.", NOT_ALLOWED)
    _take_200(state, p)
    return {"type": "take_200", "player": p}


def _take_200(state: "NarState", p: int) -> None:
    """``take_200`` after its checks (the player has no money and picked nothing)."""
    state.cash[p] += state.rules.broke_grant
    state.heard[p] = state.rules.broke_grant    # he had nothing (exception 1)
    state.bank -= state.rules.broke_grant
    state.note("money", p, state.rules.broke_grant, "taken from the bank without money")
    state.end_share_turn()


HANDLERS = {FOUND: found, OWN: buy_own, PROPOSE: propose, "allow": allow, "buy": buy,
            "end_turn": end_turn, "take_200": take_200}
