"""Hex map, tile definitions, rotations and upgrade checks.

Conventions (see the data README): pointy hexes, edges 0-5 clockwise from the south-west
side; laying a tile with rotation ``r`` turns edge ``e`` into ``(e + r) % 6``.  Inside a tile
a path joins two endpoints: an edge (an ``int``) or a stop (``"c0"``, ``"c1"`` cities,
``"t0"``, ``"t1"`` towns, ``"o0"`` an off-board).
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations
from typing import Any

REVENUE_COLOURS = ("yellow", "green", "brown", "gray", "diesel")

Endpoint = int | str
Path = tuple[Endpoint, Endpoint]


def _endpoint(raw: str) -> Endpoint:
    return int(raw[1:]) if raw[0] == "e" else raw


def revenue_for(revenue: dict[str, int], colour: str) -> int:
    """The value of a stop in the phase colour ``colour`` (the last value given for a colour
    at or before it)."""
    best = 0
    for c in REVENUE_COLOURS:
        if c in revenue:
            best = revenue[c]
        if c == colour:
            break
    return best


@dataclass(frozen=True)
class TileDef:
    name: str
    colour: str
    label: str | None
    paths: tuple[Path, ...]
    city_revenue: tuple[dict, ...]
    city_slots: tuple[int, ...]
    town_revenue: tuple[dict, ...]
    offboard_revenue: tuple[dict, ...]
    count: int = 0

    @staticmethod
    def from_json(raw: dict[str, Any]) -> "TileDef":
        return TileDef(
            name=raw["name"], colour=raw["color"], label=raw.get("label"),
            paths=tuple((_endpoint(p[0]), _endpoint(p[1])) for p in raw["paths"]),
            city_revenue=tuple(c["revenue"] for c in raw["cities"]),
            city_slots=tuple(c.get("slots", 1) for c in raw["cities"]),
            town_revenue=tuple(t["revenue"] for t in raw["towns"]),
            offboard_revenue=tuple(o["revenue"] for o in raw["offboards"]),
            count=raw.get("count", 0) if isinstance(raw.get("count", 0), int) else 0)

    @property
    def n_cities(self) -> int:
        return len(self.city_slots)

    @property
    def n_towns(self) -> int:
        return len(self.town_revenue)

    def stop_revenue(self, stop: str, colour: str) -> int:
        kind, idx = stop[0], int(stop[1:])
        table = {"c": self.city_revenue, "t": self.town_revenue, "o": self.offboard_revenue}[kind]
        return revenue_for(table[idx], colour)


@lru_cache(maxsize=None)
def rotate_paths(paths: tuple[Path, ...], rotation: int) -> tuple[Path, ...]:
    def rot(p: Endpoint) -> Endpoint:
        return (p + rotation) % 6 if isinstance(p, int) else p
    return tuple((rot(a), rot(b)) for a, b in paths)


_ROTATIONS: dict[int, tuple[TileDef, tuple[int, ...]]] = {}


def distinct_rotations(tdef: TileDef) -> tuple[int, ...]:
    """The rotations of a tile that give different track, in order (a symmetric tile
    repeats its track; remembered per tile definition)."""
    hit = _ROTATIONS.get(id(tdef))
    if hit is None or hit[0] is not tdef:
        seen: set = set()
        out = []
        for rot in range(6):
            key = frozenset(frozenset(p) for p in rotate_paths(tdef.paths, rot))
            if key not in seen:
                seen.add(key)
                out.append(rot)
        hit = _ROTATIONS[id(tdef)] = (tdef, tuple(out))
    return hit[1]


def exits(paths: tuple[Path, ...]) -> frozenset[int]:
    return frozenset(p for path in paths for p in path if isinstance(p, int))


@dataclass(frozen=True)
class HexDef:
    id: str
    name: str | None
    neighbors: dict[int, str]
    printed: TileDef
    terrain_cost: int
    reservations: tuple[tuple[str, ...], ...]  # per city: corporations whose home it is

    @property
    def layable(self) -> bool:
        return self.printed.colour not in ("red", "gray")


@dataclass
class Board:
    """The static map and tile manifest of one title."""

    hexes: dict[str, HexDef]
    tiles: dict[str, TileDef]
    _upgrade_cache: dict = field(default_factory=dict)

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Board":
        hexes = {}
        for raw in data["hexes"]:
            t = raw["tile"]
            printed = TileDef.from_json({**t, "name": raw["id"]})
            hexes[raw["id"]] = HexDef(
                id=raw["id"], name=raw.get("name"),
                neighbors={int(k): v for k, v in raw["neighbors"].items()},
                printed=printed,
                terrain_cost=sum(x["cost"] for x in t.get("terrain", [])),
                reservations=tuple(tuple(c.get("reservations", [])) for c in t["cities"]))
        tiles = {raw["name"]: TileDef.from_json(raw) for raw in data["tiles"]}
        return Board(hexes, tiles)

    def offboard_area(self, hex_id: str) -> str | None:
        """The red off-board area ``hex_id`` belongs to, named by its first hex id (None for
        other hexes): off-board hexes next to each other on the map form one area (1830
        27.0: Canadian West is A9 and A11, the Gulf I1 and J2).  Neighbours by coordinates
        (letter = row, number = column; same row two columns apart, or next row one column
        apart), since the map data leaves out the blank sides between red hexes."""
        areas = self.__dict__.get("_areas")
        if areas is None:
            red = sorted(h for h, hx in self.hexes.items() if hx.printed.offboard_revenue)

            def rc(h: str) -> tuple[int, int]:
                m = re.fullmatch(r"([A-Z]+)(\d+)", h)
                return (ord(m.group(1)[-1]) - 65, int(m.group(2))) if m else (-99, -99)

            areas = {}
            for h in red:
                if h in areas:
                    continue
                stack, areas[h] = [h], h
                while stack:
                    r, c = rc(stack.pop())
                    for o in red:
                        ro, co = rc(o)
                        if o not in areas and ((ro == r and abs(co - c) == 2) or
                                               (abs(ro - r) == 1 and abs(co - c) == 1)):
                            areas[o] = h
                            stack.append(o)
            self.__dict__["_areas"] = areas
        return areas.get(hex_id)

    def upgrade_mappings(self, old: TileDef, old_rot: int, new: TileDef,
                         new_rot: int) -> tuple[int, ...] | None:
        """If ``new`` (rotated) keeps every path of ``old`` (rotated), the city mapping
        (old city index -> new city index) that does it; ``None`` otherwise (18.1: a
        replacement must keep the existing track; changes are additions only)."""
        key = (old.name, old_rot, new.name, new_rot)
        if key in self._upgrade_cache:
            return self._upgrade_cache[key]
        result = None
        if (old.n_cities == new.n_cities and old.n_towns == new.n_towns
                and len(old.offboard_revenue) == 0):
            old_paths = rotate_paths(old.paths, old_rot)
            new_paths = {frozenset(p) for p in rotate_paths(new.paths, new_rot)}
            for cmap in permutations(range(new.n_cities), old.n_cities):
                for tmap in permutations(range(new.n_towns), old.n_towns):
                    def m(p: Endpoint) -> Endpoint:
                        if isinstance(p, int):
                            return p
                        if p[0] == "c":
                            return f"c{cmap[int(p[1:])]}"
                        return f"t{tmap[int(p[1:])]}"
                    if all(frozenset((m(a), m(b))) in new_paths for a, b in old_paths):
                        result = tuple(cmap)
                        break
                if result is not None:
                    break
        self._upgrade_cache[key] = result
        return result

    def colour_may_follow(self, current: TileDef, new: TileDef) -> bool:
        """Yellow goes on plain hexes, green replaces yellow, brown replaces green (18.0,
        18.1); printed yellow hexes (OO, NY, B) take green first (18.2)."""
        order = {"white": 0, "yellow": 1, "green": 2, "brown": 3, "gray": 4}
        return order.get(new.colour, -1) == order.get(current.colour, -9) + 1
