"""Static facts of 1870, read once from ``data/1870.json`` (a copy of the shared data file).

Rules live in the other modules; this one only turns the data file into frozen objects."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...eighteen.board import Board
from ...eighteen.data import StaticCore, TrainDef, data_file, privates_of
from .market import Market1870

PRIVATE_ORDER = ("GRSC", "MRBC", "SCC", "GSC", "SLSF", "MKT")  # Spielvorbereitungen / 1.1


@dataclass(frozen=True)
class CorpDef:
    sym: str
    name: str
    home: str
    destination: str
    token_prices: tuple[int, ...]   # first = free home marker (7.1.5)
    float_percent: int              # 60, SLSF 20 (7.1.2)


@dataclass(frozen=True)
class Static(StaticCore):
    market: Market1870
    par_prices: tuple[int, ...]
    cert_limit: dict[int, dict[int, int]]   # players -> corporations in play -> limit


def raw_data() -> dict:
    return data_file(__package__, "1870.json")


@lru_cache(maxsize=None)
def static() -> Static:
    return build(raw_data())


def build(d: dict) -> Static:
    """The frozen facts of one data dict (the standard game or a variant, :mod:`.variants`)."""
    corps = {}
    for c in d["corporations"]:
        dest = next(a["hexes"][0] for a in c["abilities"] if a["type"] == "assign_hexes")
        corps[c["sym"]] = CorpDef(c["sym"], c["name"], c["coordinates"], dest,
                                  tuple(c["tokens"]), c["float_percent"])
    trains = tuple(TrainDef(t["name"], t["distance"], t["price"],
                            t["num"] if isinstance(t["num"], int) else None, t.get("rusts_on"))
                   for t in d["trains"])
    return Static(
        board=Board.from_json(d), market=Market1870(d["market"]), corps=corps,
        corp_order=tuple(corps), privates=privates_of(d), trains=trains,
        phases=tuple(d["phases"]), par_prices=tuple(d["par_prices"]),
        cert_limit={int(k): {int(n): v for n, v in row.items()}
                    for k, row in d["cert_limit"].items()},
        starting_cash={int(k): v for k, v in d["starting_cash"].items()},
        bank_cash=d["bank_cash"])
