"""The shape of an 18xx state dict (``DictState.s``), as types.

A state is one plain dict of lists, dicts, strings, numbers and booleans (so that it is
cheap to snapshot and clone, :mod:`.state`); these :class:`TypedDict` classes describe the
parts every 18xx title shares, and each title (``games/g1830/types.py``,
``games/g1870/types.py``) adds its own corporations, rounds and depot.  They change
nothing at run time: the dict keys are the ones the rules, the web table and the bots read.
``tests/eighteen/test_state_types.py`` checks that the states of real games have exactly
these shapes.
"""
# no `from __future__ import annotations`: TypedDict must see NotRequired at run time
from typing import Any, NotRequired, TypedDict

#: a cell of the stock market: ``[row, column]``
Pos = list[int]
#: one corporation's certificates by holder: ``"ipo"``, ``"pool"``, a seat as a string
#: (``"0"``), 1870's ``"treasury"``; each a list of certificate ids (``"PRR_0"`` is the
#: president's certificate, :mod:`.shares`)
Holders = dict[str, list[str]]
#: laid tiles: hex -> ``[tile name, rotation]``
Tiles = dict[str, list[Any]]
#: station tokens: hex -> per city of its tile the corporations holding a station there
Tokens = dict[str, list[list[str]]]


class Company(TypedDict):
    """A private company: ``owner`` is ``"p<seat>"``, ``"c<corporation>"`` or ``None``
    (still for sale)."""
    owner: str | None
    closed: bool


class Auction(TypedDict):
    """The sale of the privates (:mod:`.auction`; 1830 7.0-7.3, 1870 4.1-4.8)."""
    turn: int
    passes: int                   # passes in succession
    bids: dict[str, dict[str, int]]   # private -> {seat as a string: amount}, bid-on only
    fight: str | None             # the private whose bidders are bidding it up
    falling_price: int            # the first private's price as passes lower it
    pending_par: int | None       # seat that must set a par price (B&O, SLSF)


class StockCore(TypedDict):
    """A stock round's bookkeeping (:mod:`.stock`; 1830 4.0, 1870 6)."""
    turn: int
    passes: int                   # passes in succession
    last_actor: int | None        # who bought or sold last
    acted: bool                   # the seat to act has bought or sold this turn
    buys: list[list[str]]         # [source, corporation] per purchase this turn (par: ipo)
    sold_round: dict[str, list[str]]  # seat -> corporations sold this round


class OpCore(TypedDict):
    """An operating round's bookkeeping (:mod:`.operating`; 1830 16.0-17.0, 1870 5.3)."""
    order: list[str]              # the corporations that operate this round (floated when
                                  # it began; 1870 in the order of then)
    done: list[str]               # those whose turn is over
    corp: str | None              # the one operating (None between turns)
    discard: list[str]            # corporations above the train limit, in order
    token: bool                   # the turn's station token is placed (1830: or passed)
    revenue: NotRequired[int]     # the run's revenue, until the dividend
    refused: NotRequired[dict[str, int]]  # refused offers this turn -> price (.offers)


class CorpCore(TypedDict):
    """The fields every title's corporation has."""
    par: int | None               # par price, once started
    pos: Pos | None               # market cell, once started
    floated: bool
    cash: int
    trains: list[str]             # train ids, e.g. "4-1"
    president: int | None         # seat
    operated: bool                # has operated in the current operating round


class StateCore(TypedDict):
    """The fields of ``s`` every 18xx title has (the titles' ``State`` types add
    ``corps``, ``auction``, ``stock``, ``op`` and their own)."""
    round: str                    # "auction", "stock", "operating"
    phase: str                    # the phase, named by its train ("2", "3", ...)
    sr: int                       # number of the stock round
    or_num: int                   # operating round in the current set
    or_total: int                 # operating rounds in the current set
    cash: list[int]               # by seat
    bank: int
    bank_broken: bool
    priority: int                 # seat holding the priority deal
    companies: dict[str, Company]
    holders: dict[str, Holders]   # by corporation
    stacks: dict[str, list[str]]  # market cell "row,col" -> corporations there, top last
    tiles: Tiles
    tokens: Tokens
    supply: dict[str, int]        # tile name -> copies left
    depot: dict[str, int | None]  # train type -> copies the bank sells (selling order;
                                  # None: no limit)
    train_pool: list[str]         # trains in the bank pool
    ended: bool
    end_reason: str | None

