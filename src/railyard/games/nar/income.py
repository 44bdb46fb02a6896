"""Phase III, income (rulebook section 5, phase III) and the final payout (section 6)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .money import split_income

if TYPE_CHECKING:
    from .state import NarState


def pay_income(state: "NarState") -> None:
    """Each company's income (sum of its cities' green numbers) goes to its owners: all of it
    to a single owner of all sold shares; among several owners it is split evenly per share
    held, the director gets $100 of the indivisible rest (in the last round half of it,
    rounded up) and the company keeps what is left (``money.split_income``).  The bank
    pays."""
    records = []
    by_company = list(zip(*state.holdings))     # [c]: the shares of c each seat holds
    for c in range(len(state.comp_cash)):
        d = state.director[c]
        if d is None:
            continue
        total = state.company_income(c)
        holdings = by_company[c]
        pay, kept = split_income(total, holdings, d, state.last_round,
                                 state.rules.director_bonus)
        heard = state.heard
        for seat, amount in enumerate(pay):
            state.cash[seat] += amount
            heard[seat] += amount
        state.comp_cash[c] += kept
        state.bank -= total
        if state._notes is not None:         # only while the story is told
            state.note("income", c, total, tuple(pay), kept, d, state.last_round,
                       tuple(holdings))
        records.append({"company": state.rules.company_ids[c], "income": total,
                        "paid": pay, "to_company": kept})
    state.last_income = records


def final_payout(state: "NarState") -> None:
    """Every company pays $100 per coast-to-coast symbol of its cities to every share.

    Ruling F1: the bank pays this, not the company treasury (the rulebook calls it the
    shares' market value; treasuries are far too small for it)."""
    value = state.rules.coast_to_coast_value
    paid = [0] * state.n
    for c in range(len(state.comp_cash)):
        per_share = value * state.company_symbols(c)
        for seat in range(state.n):
            paid[seat] += per_share * state.holdings[seat][c]
    for seat, amount in enumerate(paid):
        state.cash[seat] += amount
        state.heard[seat] += amount
        state.bank -= amount
    state.final_payout = paid
    state.note("final_payout", tuple(value * state.company_symbols(c)
                                     for c in range(len(state.comp_cash))), tuple(paid))
