"""Static facts of 1830, read once from ``data/1830.json`` (a copy of the shared data file)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...eighteen.board import Board
from ...eighteen.data import StaticCore, TrainDef, data_file, privates_of
from ...eighteen.market import Market

PAR_PRICES = (67, 71, 76, 82, 90, 100)            # 8.1
PRIVATE_ORDER = ("SV", "CS", "DH", "MH", "CA", "BO")  # 7.0: increasing value
UNLIMITED_D = 16                                   # 8 companies x train limit 2 (22.0)


@dataclass(frozen=True)
class CorpDef:
    sym: str
    name: str
    home: str
    home_city: int | None
    n_tokens: int  # station tokens for the map (one more goes on the stock chart, 11.0)


@dataclass(frozen=True)
class Static(StaticCore):
    cert_limit: dict[int, int]                     # by number of players


def raw_data() -> dict:
    return data_file(__package__, "1830.json")


@lru_cache(maxsize=None)
def static(extra_6_train: bool = False, diesels: bool = True,
           unlimited_d: bool = False) -> Static:
    d = raw_data()
    corps = {}
    for c in d["corporations"]:
        corps[c["sym"]] = CorpDef(c["sym"], c["name"], c["coordinates"], c.get("city"),
                                  len(c["tokens"]))
    trains = []
    for t in d["trains"]:
        count = t.get("num")
        if t["name"] == "6":
            # 21.0: two 6-trains; the variant of 26.0 adds a third (data leaves num empty)
            count = 3 if extra_6_train else 2
        if t["name"] == "D":
            count = 6  # 21.0: six D-trains (the data file says "unlimited"; the seed rules)
            if unlimited_d:
                # 18xx.games: unlimited D-trains.  No company loses a D-train (they never
                # rust and are never over the limit of 2), so at most 8 x 2 are ever
                # bought: 16 copies (D-0..D-15) are as many as "unlimited"
                count = UNLIMITED_D
            if not diesels:
                continue  # 26.0 variant: no D-trains
        trains.append(TrainDef(t["name"], t["distance"], t["price"], count,
                               t.get("rusts_on"), t.get("available_on")))
    return Static(
        board=Board.from_json(d), market=Market(d["market"]), corps=corps,
        corp_order=tuple(corps), privates=privates_of(d), trains=tuple(trains),
        phases=tuple(d["phases"]),
        cert_limit={int(k): v for k, v in d["cert_limit"].items()},
        starting_cash={int(k): v for k, v in d["starting_cash"].items()},
        bank_cash=d["bank_cash"])
