"""The shape of the 1870 state dict (``G1870State.s``): the 18xx core's
(:mod:`railyard.eighteen.types`) plus 1870's corporations, depot, bonus tokens and rounds.
Types only; the keys are the ones the rules, the web table and the bots read."""
# no `from __future__ import annotations`: TypedDict must see NotRequired at run time
from typing import NotRequired, TypedDict

from ...eighteen.types import Auction, CorpCore, OpCore, StateCore, StockCore


class Corp(CorpCore):
    ipo_price: int | None          # price of a share from the initial offering (7.4)
    reissued: bool                 # has reissued shares (7.4)
    closed: bool
    connected: NotRequired[bool]   # has made its destination connection (9.6)
    dest_marker: NotRequired[str]  # where its destination marker is: "map", "charter"
    conn_declared: NotRequired[bool]   # its connection run was declared by an import
    war_marker: NotRequired[str]   # station wars (9.6.8): the hex of its marker


class Sale(TypedDict):
    """A sale whose price drop the corporation's president may protect (6.2)."""
    corporation: str
    count: int
    seller: int
    price: int
    president: int | None
    president_changed: bool


class PlayerOffer(TypedDict):
    """A private offered by a player to another (6.3.1)."""
    buyer: int
    owner: int
    company: str
    price: int


class RedeemOffer(TypedDict):
    """A redemption offered to the share's owner (7.3.4)."""
    corporation: str
    owner: int
    president: int
    price: int


class Stock(StockCore):
    """A stock round (6, 7)."""
    redeemed: list[str]
    queue: list[Sale]                   # sales waiting for protection (6.2)
    protect: int | None                 # index in ``queue`` being decided
    start_cash: dict[str, int]          # corporations' cash at the start of the round
    # the current turn (stock._fresh_turn)
    sold_turn: list[str]
    sold_before_buy: bool
    sold_after_buy: bool
    bought_after_sale: bool
    treasury_done: bool
    offer: NotRequired[PlayerOffer | None]
    next_after: NotRequired[int]
    redeem_offer: NotRequired[RedeemOffer | None]
    refused: NotRequired[dict[str, int]]  # refused offers this turn -> price (eighteen/offers)


class TrainOffer(TypedDict):
    """A train offered to another corporation at an agreed price (9.5.3)."""
    buyer: str
    seller: str
    train: str
    price: int


class PrivateOffer(TypedDict):
    """A private offered by its owner to a corporation (8.1)."""
    buyer: str
    company: str
    price: int


class Op(OpCore):
    """An operating round (8, 9): the open turn of the corporation operating."""
    lays: list[list[str]]               # [hex, colour] of this turn's lays
    connections: list[str]              # corporations with a destination run to make
    ran: NotRequired[bool]
    first_turn: NotRequired[bool]
    mrbc_home: NotRequired[bool]
    home_laid: NotRequired[str | None]
    sales: NotRequired[list[Sale]]
    protecting: NotRequired[bool]
    offer: NotRequired[TrainOffer | None]
    private_offer: NotRequired[PrivateOffer | None]
    mrbc_extra: NotRequired[str]


class Bonus(TypedDict, total=False):
    """The SCC's cattle and the GSC's port token: [hex, corporation(, "open")]."""
    cattle: list[str]
    port: list[str]


class State(StateCore):
    corps: dict[str, Corp]
    closed_count: int
    bonus: Bonus
    train_serial: int                   # the number of the next train id
    auction: Auction
    stock: Stock | None
    op: Op | None
    bought: NotRequired[list[str]]      # trains bought from the bank so far
    used_abilities: NotRequired[list[str]]
    declared_connections: NotRequired[list[str]]
