"""Chicago Express board and component facts, loaded from ``data/chicago-express.json``.

Everything here is immutable and shared by all states.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ...cube.hexgrid import mask_of

ACTIONS = ("auction", "build", "develop")


@dataclass(frozen=True)
class Company:
    index: int
    id: str
    name: str
    color: str
    shares: int
    locomotives: int
    preplaced: int
    start_hex: int
    start_income: int
    start_income_developed: int | None
    opening_bid: int | None
    opens_at_start: bool


@dataclass(frozen=True)
class Industry:
    name: str
    hex: int
    values: tuple[int, ...]
    player_developable: bool
    advances_after_dividend: bool
    game_end_at: int | None


@dataclass(frozen=True)
class Board:
    hex_ids: tuple[str, ...]
    index: dict[str, int]
    terrain: tuple[str, ...]
    names: tuple[str | None, ...]
    cost: tuple[int, ...]
    income: tuple[int, ...]            # undeveloped income (0 for plain/forest/industry)
    development: tuple[str, ...]       # once / industry_track / automatic / none
    bonus: tuple[int, ...]             # income added by a house (0 where none)
    dev_cash: tuple[int, ...]
    industry_of: tuple[int | None, ...]  # index into ``industries`` or None
    single: int                        # mask: hexes holding one locomotive in total
    once: int                          # mask: hexes that take one house (town/mountain/forest)
    buildable: int                     # mask: hexes a company may build on
    neighbor_mask: tuple[int, ...]
    cost_at_most: tuple[int, ...]      # [v]: mask of hexes whose base cost <= v (0..max)
    cols: tuple[int, ...]
    rows: tuple[int, ...]
    companies: tuple[Company, ...]
    company_index: dict[str, int]
    industries: tuple[Industry, ...]
    dials: tuple[int, int, int]        # auction, build, develop
    houses: int
    money_per_player: dict[int, int]
    min_players: int
    max_players: int
    opening_order: tuple[int, ...]
    chicago: int
    raw: dict[str, Any]
    #: (index, hex bit, last index of its values) of the industries players may develop
    developable_industries: tuple[tuple[int, int, int], ...] = ()


def _build(data: dict[str, Any]) -> Board:
    hexes = data["hexes"]
    ids = tuple(h["id"] for h in hexes)
    index = {hid: i for i, hid in enumerate(ids)}
    industry_names = list(data["industry_track"])
    industries = []
    for name in industry_names:
        t = data["industry_track"][name]
        industries.append(Industry(name, index[t["hex"]], tuple(t["values"]),
                                   t["player_developable"], t["advances_after_general_dividend"],
                                   t["game_end_at"]))
    companies = []
    for i, c in enumerate(data["companies"]):
        companies.append(Company(i, c["id"], c["name"], c["color"], c["shares"], c["locomotives"],
                                 c["preplaced_locomotives"], index[c["start_hex"]],
                                 c["start_income"], c["start_income_developed"], c["opening_bid"],
                                 c["opens"] == "start"))
    chicago = [i for i, h in enumerate(hexes) if h["name"] == "Chicago"]
    if len(chicago) != 1:
        raise ValueError("board data must name exactly one Chicago hex")
    dials = data["action_dials"]
    return Board(
        hex_ids=ids,
        index=index,
        terrain=tuple(h["terrain"] for h in hexes),
        names=tuple(h["name"] for h in hexes),
        cost=tuple(h["build_cost"] for h in hexes),
        income=tuple(h["income"] or 0 for h in hexes),
        development=tuple(h["development"] for h in hexes),
        bonus=tuple(h["development_bonus"] or 0 for h in hexes),
        dev_cash=tuple(h["development_cash"] for h in hexes),
        industry_of=tuple(industry_names.index(h["industry"]) if h["industry"] else None
                          for h in hexes),
        single=mask_of(i for i, h in enumerate(hexes) if h["max_companies"] == 1),
        once=mask_of(i for i, h in enumerate(hexes) if h["development"] == "once"),
        buildable=mask_of(i for i, h in enumerate(hexes) if h["buildable"]),
        neighbor_mask=tuple(mask_of(index[n] for n in h["neighbors"]) for h in hexes),
        cost_at_most=tuple(mask_of(i for i, h in enumerate(hexes) if h["build_cost"] <= v)
                           for v in range(max(h["build_cost"] for h in hexes) + 1)),
        cols=tuple(h["col"] for h in hexes),
        rows=tuple(h["row"] for h in hexes),
        companies=tuple(companies),
        company_index={c.id: c.index for c in companies},
        industries=tuple(industries),
        dials=(dials["auction"], dials["build"], dials["develop"]),
        houses=data["houses"],
        money_per_player={int(k): v for k, v in data["starting_money_per_player"].items()},
        min_players=min(data["player_counts"]),
        max_players=max(data["player_counts"]),
        opening_order=tuple(index_of for index_of in
                            (next(c.index for c in companies if c.id == cid)
                             for cid in data["opening_auction_order"])),
        chicago=chicago[0],
        raw=data,
        developable_industries=tuple((i, 1 << ind.hex, len(ind.values) - 1)
                                     for i, ind in enumerate(industries)
                                     if ind.player_developable),
    )


@lru_cache(maxsize=1)
def board() -> Board:
    text = resources.files(__package__).joinpath("data/chicago-express.json").read_text("utf-8")
    return _build(json.loads(text))
