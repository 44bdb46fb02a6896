"""The board: loading and checking a board file (the shipped one is reconstructed)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...engine.errors import BadOptions
from .hexgrid import offset_neighbors

TERRAINS = ("plain", "forest", "mountain", "city")
BUILTIN = "board.json"
MIN_CITIES = 6   # the setup auction places the first cube of up to six companies


class BoardError(BadOptions):
    """A board file that cannot be used; the message names the hex and the field."""

    code = "bad_board"


@dataclass(frozen=True)
class Board:
    title: str
    reconstructed: bool
    ids: tuple[str, ...]                 # hex index -> id
    index: dict[str, int]                # id -> hex index
    terrain: tuple[str, ...]
    neighbors: tuple[tuple[int, ...], ...]
    names: tuple[str | None, ...]
    full: tuple[int, ...]                # 0 for non-cities
    shared: tuple[int, ...]
    urbanisable: tuple[bool, ...]
    cities: tuple[int, ...]              # hex indices of cities
    special: tuple[int, ...]             # connection cities, in file order of names
    city_by_name: dict[str, int]
    costs: dict[str, dict[str, Any]]
    provenance: str
    source: str
    cost_base: tuple[int, ...] = ()       # per hex, from terrain_costs
    cost_per: tuple[int, ...] = ()
    single_cube: tuple[bool, ...] = ()
    counts_markers: tuple[bool, ...] = ()
    nbrmask: tuple[int, ...] = ()         # per hex: bit mask of its neighbours
    cols: tuple[int, ...] = ()
    rows: tuple[int, ...] = ()

    def hex_of(self, name_or_id: str) -> int:
        if name_or_id in self.index:
            return self.index[name_or_id]
        return self.city_by_name[name_or_id]


_DEFAULT_COSTS = {"city": {"base": 2, "per_piece": 2, "counts_markers": True, "single_cube": False},
                  "plain": {"base": 2, "per_piece": 2, "counts_markers": False,
                            "single_cube": False},
                  "forest": {"base": 3, "per_piece": 0, "counts_markers": False,
                             "single_cube": True},
                  "mountain": {"base": 5, "per_piece": 0, "counts_markers": False,
                               "single_cube": True}}

_CACHE: dict[str, Board] = {}


def load_board(path: str = "", special_names: tuple[str, ...] = ("Chicago", "New York",
                                                                  "Atlanta")) -> Board:
    """Load the shipped board (``path == ""``) or a board file; cached per path."""
    key = path or BUILTIN
    if key in _CACHE:
        return _CACHE[key]
    if path:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise BoardError(f"Cannot read the board file {path}: {exc.strerror}.") from None
        source = path
    else:
        text = resources.files(__package__).joinpath("data").joinpath(BUILTIN).read_text("utf-8")
        source = "built-in reconstructed board"
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise BoardError(f"The board file {source} is not valid JSON: {exc}.") from None
    board = parse_board(data, source, special_names)
    _CACHE[key] = board
    return board


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise BoardError(f"Board file, {where}: {msg}")


def parse_board(data: Any, source: str = "board",
                special_names: tuple[str, ...] = ("Chicago", "New York", "Atlanta")) -> Board:
    _need(isinstance(data, dict), "top level", "must be a JSON object.")
    raw = data.get("hexes")
    _need(isinstance(raw, list) and raw, "field 'hexes'", "must be a non-empty list.")
    ids: list[str] = []
    pos: dict[tuple[int, int], str] = {}
    for i, h in enumerate(raw):
        where = f"hex #{i + 1}"
        _need(isinstance(h, dict), where, "must be an object.")
        hid = h.get("id")
        _need(isinstance(hid, str) and hid != "", where, "field 'id' must be a text.")
        where = f"hex {hid}"
        _need(hid not in ids, where, "field 'id' is used twice.")
        for f in ("col", "row"):
            v = h.get(f)
            _need(isinstance(v, int) and not isinstance(v, bool) and v >= 0, where,
                  f"field '{f}' must be a whole number >= 0.")
        _need((h["col"], h["row"]) not in pos, where, "fields 'col'/'row' repeat another hex.")
        pos[(h["col"], h["row"])] = hid
        _need(h.get("terrain") in TERRAINS, where,
              f"field 'terrain' must be one of {', '.join(TERRAINS)}.")
        if h["terrain"] == "city":
            _need(isinstance(h.get("name"), str) and h["name"] != "", where,
                  "field 'name' must name the city.")
            for f in ("full", "shared"):
                v = h.get(f)
                _need(isinstance(v, int) and not isinstance(v, bool) and v >= 0, where,
                      f"field '{f}' must be a whole number >= 0.")
            _need(h["shared"] <= h["full"], where, "field 'shared' must not exceed 'full'.")
            _need(isinstance(h.get("urbanisable"), bool), where,
                  "field 'urbanisable' must be true or false.")
        ids.append(hid)
    index = {hid: i for i, hid in enumerate(ids)}
    neighbors = []
    for h in raw:
        computed = [pos[p] for p in offset_neighbors(h["col"], h["row"]) if p in pos]
        listed = h.get("neighbors", computed)
        _need(isinstance(listed, list) and sorted(listed) == sorted(computed), f"hex {h['id']}",
              f"field 'neighbors' must list exactly the adjacent hexes {computed}.")
        neighbors.append(tuple(index[x] for x in computed))
    names = tuple(h.get("name") if h["terrain"] == "city" else None for h in raw)
    city_by_name: dict[str, int] = {}
    for i, n in enumerate(names):
        if n is not None:
            _need(n not in city_by_name, f"hex {ids[i]}", f"city name {n!r} is used twice.")
            city_by_name[n] = i
    for n in special_names:
        _need(n in city_by_name, "field 'hexes'", f"the board needs the city {n!r}.")
    _need(len(city_by_name) >= MIN_CITIES, "field 'hexes'",
          f"the board needs at least {MIN_CITIES} cities (one free city per company).")
    costs = data.get("terrain_costs", _DEFAULT_COSTS)
    _need(isinstance(costs, dict) and all(t in costs for t in TERRAINS), "field 'terrain_costs'",
          f"must give costs for {', '.join(TERRAINS)}.")
    for t in TERRAINS:
        c = costs[t]
        _need(isinstance(c, dict) and all(isinstance(c.get(k), int) and c[k] >= 0
                                          for k in ("base", "per_piece")),
              f"terrain_costs.{t}", "needs whole numbers 'base' and 'per_piece'.")
    return Board(
        title=str(data.get("title", "board")),
        reconstructed=bool(data.get("reconstructed", False)),
        ids=tuple(ids), index=index,
        terrain=tuple(h["terrain"] for h in raw),
        neighbors=tuple(neighbors), names=names,
        full=tuple(h.get("full", 0) if h["terrain"] == "city" else 0 for h in raw),
        shared=tuple(h.get("shared", 0) if h["terrain"] == "city" else 0 for h in raw),
        urbanisable=tuple(bool(h.get("urbanisable")) and h["terrain"] == "city" for h in raw),
        cities=tuple(i for i, h in enumerate(raw) if h["terrain"] == "city"),
        special=tuple(city_by_name[n] for n in special_names),
        city_by_name=city_by_name, costs=costs,
        provenance=str(data.get("provenance", "")), source=source,
        cost_base=tuple(costs[h["terrain"]]["base"] for h in raw),
        cost_per=tuple(costs[h["terrain"]]["per_piece"] for h in raw),
        single_cube=tuple(bool(costs[h["terrain"]].get("single_cube")) for h in raw),
        counts_markers=tuple(bool(costs[h["terrain"]].get("counts_markers")) for h in raw),
        nbrmask=tuple(sum(1 << n for n in nb) for nb in neighbors),
        cols=tuple(h["col"] for h in raw), rows=tuple(h["row"] for h in raw))
