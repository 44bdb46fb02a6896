"""Rule data of American Rails (from ``data/game.json``) and the action-space order."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Company:
    index: int
    id: str
    name: str
    color: str
    shares: int
    cubes: int        # as listed in the material, including the income-track marker cube


@dataclass(frozen=True)
class Rules:
    companies: tuple[Company, ...]
    income_marker_cubes: int
    urbanisation_markers: int
    starting_money: dict[int, int]
    money_total: int
    years: tuple[int, ...]
    phases: int
    minimum_bid: int
    finance_amount: int
    take_amount: int
    connection_bonus: int
    special_names: tuple[str, ...]
    urban_full: int
    urban_shared: int
    end_supplies_low: int
    spaces: tuple[str, ...]          # top to bottom of a column
    space_labels: dict[str, str]

    def company_index(self, cid: str) -> int:
        for c in self.companies:
            if c.id == cid:
                return c.index
        raise KeyError(cid)


def _load() -> Rules:
    text = resources.files(__package__).joinpath("data").joinpath("game.json").read_text("utf-8")
    d = json.loads(text)
    comps = tuple(Company(i, c["id"], c["name"], c["color"], c["shares"], c["cubes"])
                  for i, c in enumerate(d["companies"]))
    specials: list[str] = []
    for a, b in d["special_pairs"]:
        for n in (a, b):
            if n not in specials:
                specials.append(n)
    return Rules(
        companies=comps,
        income_marker_cubes=d["income_marker_cubes"],
        urbanisation_markers=d["urbanisation_markers"],
        starting_money={int(k): v for k, v in d["starting_money"].items()},
        money_total=d["money_total"],
        years=tuple(d["years"]),
        phases=d["action_phases_per_round"],
        minimum_bid=d["minimum_bid"],
        finance_amount=d["finance_amount"],
        take_amount=d["take_amount"],
        connection_bonus=d["connection_bonus"],
        special_names=tuple(specials),
        urban_full=d["urbanisation_bonus"]["full"],
        urban_shared=d["urbanisation_bonus"]["shared"],
        end_supplies_low=d["end_supplies_low"],
        spaces=tuple(s["id"] for s in d["action_spaces"]),
        space_labels={s["id"]: s["label"] for s in d["action_spaces"]},
    )


RULES = _load()
SPACE_RANK = {s: i for i, s in enumerate(RULES.spaces)}
