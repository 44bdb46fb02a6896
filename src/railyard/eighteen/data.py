"""The static facts every 18xx title reads from its data files (issue 27): the privates and
train types, the parts of a title's frozen ``Static`` both titles have, and reading a data
file once."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .board import Board
from .market import Market


@dataclass(frozen=True)
class PrivateDef:
    sym: str
    name: str
    value: int
    revenue: int
    blocks: tuple[str, ...] = ()        # hexes reserved for its owner (1830 18.0)


@dataclass(frozen=True)
class TrainDef:
    name: str
    distance: int
    price: int
    count: int | None                   # None: no limit (1870's 12-trains, 1.2)
    rusts_on: str | None
    available_on: str | None = None     # sold early once this type is bought (1830 21.0)


def privates_of(d: dict) -> dict[str, PrivateDef]:
    """The privates of a data file by symbol, with the hexes each reserves for its owner
    (the ``blocks_hexes`` ability)."""
    return {p["sym"]: PrivateDef(p["sym"], p["name"], p["value"], p["revenue"], tuple(
        h for a in p.get("abilities", ()) if a["type"] == "blocks_hexes" for h in a["hexes"]))
        for p in d["companies"]}


@dataclass(frozen=True)
class StaticCore:
    """A title's ``Static`` adds its certificate limits and its own facts."""
    board: Board
    market: Market
    corps: dict[str, Any]           # the title's CorpDef by symbol
    corp_order: tuple[str, ...]
    privates: dict[str, PrivateDef]     # by symbol
    trains: tuple[TrainDef, ...]        # in selling order
    phases: tuple[dict, ...]
    starting_cash: dict[int, int]   # by number of players
    bank_cash: int


@lru_cache(maxsize=None)
def data_file(package: str, name: str) -> dict:
    """``data/<name>`` of a title's package, read once (shared: never change it)."""
    return json.loads(resources.files(package).joinpath(f"data/{name}").read_text("utf-8"))
