"""Helpers that set up Chicago Express positions for rule tests."""
from __future__ import annotations

from railyard.engine.game import Game
from railyard.games.chicago_express.state import ChicagoExpressState

PLAYERS = ["Andy", "Bert", "Charly", "Dora", "Emil", "Fay"]


def new_state(n: int = 4) -> ChicagoExpressState:
    return ChicagoExpressState(PLAYERS[:n], 0, {})


def cidx(st: ChicagoExpressState, cid: str) -> int:
    return st.board.company_index[cid]


def hidx(st: ChicagoExpressState, hid: str) -> int:
    return st.board.index[hid]


def act(st: ChicagoExpressState, type_: str, **fields) -> dict:
    a = {"type": type_, "player": st.current_player, **fields}
    return st.apply(a)


def bid(st: ChicagoExpressState, amount: int) -> dict:
    """Bid ``amount`` on the share on auction, naming it as a bid must."""
    return act(st, "bid", company=st.board.companies[st.auction.lot].id, amount=amount)


def finish_opening(st: ChicagoExpressState, winners=(0, 1, 2, 3)) -> None:
    """Run the four opening auctions: seat ``winners[k]`` wins auction k at the minimum bid
    (everybody else passes)."""
    minimums = {"PRR": 7, "B&O": 6, "C&O": 5, "NYC": 8}
    for k, w in enumerate(winners):
        cid = st.board.companies[st.auction.lot].id
        while st.auction is not None and st.phase == "opening_auction" \
                and st.board.companies[st.auction.lot].id == cid:
            if st.current_player == w and st.auction.high_bid is None:
                bid(st, minimums[cid])
            else:
                act(st, "pass")


def give_share(st: ChicagoExpressState, cid: str, player: int, k: int = 1) -> None:
    c = cidx(st, cid)
    st.held[c][player] += k
    st.treasury[c] -= k


def place(st: ChicagoExpressState, cid: str, hid: str) -> None:
    """Put a locomotive of ``cid`` on ``hid`` without rules (test set-up only)."""
    st._place(cidx(st, cid), hidx(st, hid))


def money_total(st: ChicagoExpressState) -> int:
    return sum(st.cash) + sum(st.ccash) + st.bank
