"""The shape of the 1830 state dict (``G1830State.s``): the 18xx core's
(:mod:`railyard.eighteen.types`) plus 1830's corporations, depot and rounds.  Types only;
the keys are the ones the rules, the web table and the bots read."""
# no `from __future__ import annotations`: TypedDict must see NotRequired at run time
from typing import Any, NotRequired, TypedDict

from ...eighteen.types import Auction, CorpCore, OpCore, StateCore, StockCore


class Corp(CorpCore):
    tokens_used: int              # station tokens placed (home included)
    home_done: bool               # the home station is placed (Erie: chosen, 19.1)


class Offer(TypedDict):
    """A private offered between players (23.1): by ``by``, answered by ``to``."""
    company: str
    seller: int
    buyer: int
    price: int
    by: int
    to: int


class Stock(StockCore):
    """A stock round (Aktienrunde, 20.0)."""
    offer: Offer | None


class Deal(TypedDict):
    """A purchase at an agreed price waiting for the seller's answer (21.0, 23.1)."""
    kind: str                            # "train" or "company"
    buyer: str                           # the buying corporation
    price: int
    seat: int                            # its president
    to: int                              # the seller's seat, who answers
    company: NotRequired[str]
    seller: NotRequired[str]             # the selling corporation (a train)
    train: NotRequired[str]


class Op(OpCore):
    """An operating round (Betriebsrunde, 17.0): the step of the company operating."""
    step: str | None                     # "home_token", "track", "token", "routes", ...
    laid: bool                           # the track step is over (laid or passed)
    routes: list[dict[str, Any]] | None
    dh_token: bool
    relay: list[str]                     # tokens to place again on an upgraded hex (19.1)
    emergency: bool
    withheld: NotRequired[list[str]]     # 8.2d: move left at the end of the round
    deal: NotRequired[Deal | None]
    offer: NotRequired[Offer | None]
    relay_hex: NotRequired[str]
    step_before_relay: NotRequired[str]


class State(StateCore):
    corps: dict[str, Corp]
    bought_types: list[str]              # train types sold so far (phases, 13.0)
    ability_used: list[str]              # privates whose special ability is used
    auction: Auction
    stock: Stock | None
    op: Op | None
    bankrupt: int | None                 # seat that went bankrupt (25.0)
