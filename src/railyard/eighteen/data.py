"""The static facts every 18xx title reads from its data files (issue 27): the parts of a
title's frozen ``Static`` both titles have, and reading a data file once."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .board import Board
from .market import Market


@dataclass(frozen=True)
class StaticCore:
    """A title's ``Static`` adds its certificate limits and its own facts."""
    board: Board
    market: Market
    corps: dict[str, Any]           # the title's CorpDef by symbol
    corp_order: tuple[str, ...]
    privates: dict[str, Any]        # the title's PrivateDef by symbol (``value``)
    trains: tuple[Any, ...]         # the title's TrainDef in selling order
    phases: tuple[dict, ...]
    starting_cash: dict[int, int]   # by number of players
    bank_cash: int


@lru_cache(maxsize=None)
def data_file(package: str, name: str) -> dict:
    """``data/<name>`` of a title's package, read once (shared: never change it)."""
    return json.loads(resources.files(package).joinpath(f"data/{name}").read_text("utf-8"))
