"""Building tables of North American Railways with known cards for the rule tests."""
from __future__ import annotations

from railyard.games.nar.deck import City, Deck, StartCity
from railyard.games.nar.state import NarState

RED, BLUE, GREEN, YELLOW, BLACK = range(5)
PLAIN = (500, 100, 0)  # cost, income, coast-to-coast of a city a test does not care about


def deck(special: dict[int, tuple[int, int, int]] | None = None,
         start_income: int = 100) -> Deck:
    """A test deck: every city is PLAIN unless ``special`` gives (cost, income, symbols)."""
    special = special or {}
    cities = tuple(City(f"City {i}", *special.get(i, PLAIN)) for i in range(36))
    starts = tuple(StartCity(f"Start {i}", start_income) for i in range(5))
    return Deck("test deck", False, "tests", cities, starts)


def table(n: int = 4, *, shares: list[list[int]] | None = None,
          cities: list[list[int]] | None = None, cash: list[int] | None = None,
          special: dict[int, tuple[int, int, int]] | None = None, seed: int = 0,
          start_income: int = 100) -> NarState:
    """A fresh game with, optionally, chosen share columns, city columns (lists from the top
    down: the last item is the lowest card) and player money."""
    st = NarState([f"P{i}" for i in range(n)], seed, {"deck": ""},
                  deck(special, start_income))
    if shares is not None:
        st.share_cols = [list(c) for c in shares]
    if cities is not None:
        st.city_cols = [list(c) for c in cities]
    if cash is not None:
        st.cash = list(cash)
        st.heard = list(cash)       # as if this money had come about in public
        st.bank = -sum(cash)
    return st


def give(st: NarState, seat: int, company: int, count: int = 1) -> None:
    """Hand shares to a seat as if bought earlier (the seat becomes director if first)."""
    st.holdings[seat][company] += count
    if st.director[company] is None:
        st.director[company] = seat
        st.comp_start[company] = st.start_stack.pop(0)


def money(st: NarState) -> int:
    """All money in play plus the bank's ledger: constant (zero) throughout a game."""
    return sum(st.cash) + sum(st.comp_cash) + st.bank
