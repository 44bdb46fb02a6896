"""Helpers to reach rulebook positions by playing legal actions."""
from __future__ import annotations

import pytest

from railyard.games.american_rails.state import AmericanRailsState

RICK, MIKE, MARY = 0, 1, 2


def make(n: int = 3, seed: int = 0, **options) -> AmericanRailsState:
    names = ["Rick", "Mike", "Mary", "Ann", "Bob"][:n]
    return AmericanRailsState(names, seed, options)


def act(st: AmericanRailsState, kind: str, **fields):
    """Apply an action for the seat to act."""
    return st.apply({"type": kind, "player": st.current_player, **fields})


def auction(st: AmericanRailsState, company: str, winner: int | None, price: int = 10) -> None:
    """The seat to act offers ``company``; ``winner`` bids ``price``, everybody else passes."""
    act(st, "offer", company=company)
    while st.step == "bid":
        if st.current_player == winner and st.auction.high_bidder != winner:
            act(st, "bid", amount=price)
        else:
            act(st, "pass")


def setup(st: AmericanRailsState, plan: list[tuple[str, int | None, int, str | None]]) -> None:
    """Play the setup auction: plan rows (company, winner, price, first city)."""
    for company, winner, price, city in plan:
        auction(st, company, winner, price)
        if winner is not None:
            assert st.step == "place"
            act(st, "place", hex=st.board.ids[st.board.city_by_name[city]])


def hexid(st: AmericanRailsState, name: str) -> str:
    return st.board.ids[st.board.city_by_name[name]]


def cidx(company: str) -> int:
    from railyard.games.american_rails.rules import RULES
    return RULES.company_index(company)


def rejects(st: AmericanRailsState, action: dict, code: str) -> None:
    """The action is refused with ``code`` and the state is unchanged."""
    from railyard.engine.errors import IllegalAction
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as exc:
        st.apply(action)
    assert exc.value.code == code, exc.value.message
    assert st.fingerprint() == before


def put(st: AmericanRailsState, company: str, hex_or_city: str) -> None:
    """Position building: move a cube of ``company`` from its supply onto a hex (as the game
    does when a cube is placed), without an action."""
    b = st.board
    h = b.index[hex_or_city] if hex_or_city in b.index else b.city_by_name[hex_or_city]
    st._put_cube(cidx(company), h)


def to_action_phase(st: AmericanRailsState, plan=None) -> AmericanRailsState:
    """Finish the setup with a default plan for 3 players (seed 0: Liberty removed):
    Rick buys Majestic, Mike Republic, Mary American; the rest go unsold."""
    plan = plan or [("majestic", RICK, 10, "Memphis"), ("republic", MIKE, 10, "St. Louis"),
                    ("american", MARY, 10, "Pittsburgh"), ("national", None, 0, None),
                    ("continental", None, 0, None)]
    setup(st, plan)
    assert st.phase == 1
    return st
