"""The board: the published American Rails board (``data/board.json``, a transcription) or a
board of the player's own in the same format, given as CONTENT (never as a file name).

Format (``docs/games/american-rails.md`` describes it): ``grid.rows_top_to_bottom`` is one
string per row, one letter per hex (``O`` no hex, ``P`` plains, ``F`` forest, ``M`` mountain,
``C`` city); pointy-top hexes, odd rows shifted half a hex to the right.  ``cities`` lists every
``C`` cell once: ``col``, ``row``, ``name``, ``full``, ``shared``, ``black_square``,
``special_connection``.  ``terrain_costs`` is optional (the rulebook's costs by default).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ...engine.errors import BadOptions
from .hexgrid import ROW_LETTERS, hex_id, offset_neighbors

TERRAINS = ("plain", "forest", "mountain", "city")
LETTERS = {"P": "plain", "F": "forest", "M": "mountain", "C": "city"}
NO_HEX = "O"
BUILTIN = "board.json"
MIN_CITIES = 6           # the setup auction places the first cube of up to six companies
MAX_TEXT = 512 * 1024    # board content, as text or as the JSON of an object
MAX_ROWS = len(ROW_LETTERS)
MAX_COLUMNS = 60
MAX_NAME = 40
MAX_VALUE = 99


class BoardError(BadOptions):
    """Board content that cannot be used; the message names the line, field or city."""

    code = "bad_board"


@dataclass(frozen=True)
class Board:
    title: str
    ids: tuple[str, ...]                 # hex index -> id
    index: dict[str, int]                # id -> hex index
    terrain: tuple[str, ...]
    neighbors: tuple[tuple[int, ...], ...]
    names: tuple[str | None, ...]
    full: tuple[int, ...]                # 0 for non-cities
    shared: tuple[int, ...]
    urbanisable: tuple[bool, ...]        # False for plain/forest/mountain and black squares
    cities: tuple[int, ...]              # hex indices of cities
    special: tuple[int, ...]             # special-connection cities, in the rules' order
    city_by_name: dict[str, int]
    costs: dict[str, dict[str, Any]]
    provenance: str
    source: str                          # "published board" or "own board"
    cost_base: tuple[int, ...] = ()       # per hex, from terrain_costs
    cost_per: tuple[int, ...] = ()
    single_cube: tuple[bool, ...] = ()
    counts_markers: tuple[bool, ...] = ()
    nbrmask: tuple[int, ...] = ()         # per hex: bit mask of its neighbours
    cols: tuple[int, ...] = ()
    rows: tuple[int, ...] = ()
    columns: int = 0                      # grid size
    nrows: int = 0
    #: city name -> confidence of its printed values ("high", "medium", "low"), as the file
    #: says; empty for a board without that information
    confidence: dict[str, str] = field(default_factory=dict)
    #: per hex, how choices name it: "St. Louis (G2)", "G3, plains"
    places: tuple[str, ...] = ()

    @property
    def published(self) -> bool:
        return self.source == PUBLISHED

    def hex_of(self, name_or_id: str) -> int:
        if name_or_id in self.index:
            return self.index[name_or_id]
        return self.city_by_name[name_or_id]


PUBLISHED = "published board"
OWN = "own board"

_DEFAULT_COSTS = {"city": {"base": 2, "per_piece": 2, "counts_markers": True, "single_cube": False},
                  "plain": {"base": 2, "per_piece": 2, "counts_markers": False,
                            "single_cube": False},
                  "forest": {"base": 3, "per_piece": 0, "counts_markers": False,
                             "single_cube": True},
                  "mountain": {"base": 5, "per_piece": 0, "counts_markers": False,
                               "single_cube": True}}

_CACHE: dict[str, Board] = {}
_CACHE_SIZE = 32
SPECIAL = ("Chicago", "New York", "Atlanta")


def published_text() -> str:
    return resources.files(__package__).joinpath("data").joinpath(BUILTIN).read_text("utf-8")


#: the ``board`` option's value (and default) for the published board
PUBLISHED_OPTION = "published"


def load_board(content: Any = PUBLISHED_OPTION,
               special_names: tuple[str, ...] = SPECIAL) -> Board:
    """The board of the ``board`` option: ``"published"`` (or ``None``) is the published
    board; a JSON object or its text is a board of one's own.  Nothing here opens a file
    named by the caller.  Boards are cached by content."""
    if content is None or content == PUBLISHED_OPTION:
        key = f"published:{special_names}"
        if key not in _CACHE:
            _CACHE[key] = parse_board(json.loads(published_text()), PUBLISHED, special_names)
        return _CACHE[key]
    data = board_content(content)
    key = hashlib.sha256(_canonical(data).encode()).hexdigest() + str(special_names)
    board = _CACHE.get(key)
    if board is None:
        board = parse_board(data, OWN, special_names)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(k for k in _CACHE if not k.startswith("published:")))
        _CACHE[key] = board
    return board


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def board_content(value: Any) -> dict[str, Any]:
    """The board content of an option value as a JSON object: a dict as it is, a string parsed
    as JSON (errors name the line).  Anything else, or more than ``MAX_TEXT`` of it, is a
    :class:`BoardError`.  A string is never taken for a file name."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise BoardError(f"The board content is {len(value)} characters long; at most "
                             f"{MAX_TEXT} are accepted.")
        value = value.removeprefix("\ufeff")      # a byte-order mark some editors write
        if not value.lstrip().startswith("{"):
            raise BoardError(
                "The 'board' option takes the board's content (a JSON object), not a file "
                "name: in the terminal use --board FILE or -o board=@FILE, which read the file "
                "once and put its content into the game (and its saves).")
        try:
            data = json.loads(value)
        except json.JSONDecodeError as exc:
            raise BoardError(f"The board content is not valid JSON: line {exc.lineno}, "
                             f"column {exc.colno}: {exc.msg}.") from None
        except RecursionError:
            raise BoardError("The board content is nested too deeply.") from None
    elif isinstance(value, dict):
        data = value
        try:
            size = len(_canonical(data))
        except (TypeError, ValueError, RecursionError):
            raise BoardError("The board content must be plain JSON (objects, lists, texts, "
                             "numbers).") from None
        if size > MAX_TEXT:
            raise BoardError(f"The board content is {size} characters long as JSON; at most "
                             f"{MAX_TEXT} are accepted.")
    else:
        raise BoardError("The 'board' option takes the board's content: a JSON object (or its "
                         f"text), not {type(value).__name__}.")
    if not isinstance(data, dict):
        raise BoardError("The board content must be a JSON object.")
    return data


def check_option(value: Any, special_names: tuple[str, ...] = SPECIAL) -> str | dict[str, Any]:
    """Check a ``board`` option value; returns what the game stores: ``"published"`` (also
    for ``None`` and for the word with other case or spaces) or the board's JSON object, a
    text having been parsed."""
    if value is None or (isinstance(value, str) and value.strip().lower() == PUBLISHED_OPTION):
        return PUBLISHED_OPTION
    if isinstance(value, str) and value.strip() == "":
        raise BoardError(
            "The 'board' option is empty. Games saved before railyard had the published "
            "American Rails board store an empty 'board' option: they were set up on "
            "railyard's invented six-company board, whose hexes and city values differ, so "
            "their moves cannot be replayed. For a new game, give 'published' (the default) "
            "or the content of a board of your own.")
    data = board_content(value)
    load_board(data, special_names)
    return data


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise BoardError(f"Board, {where}: {msg}")


def _whole(v: Any, lo: int = 0, hi: int = MAX_VALUE) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def parse_board(data: Any, source: str = OWN,
                special_names: tuple[str, ...] = SPECIAL) -> Board:
    """Check board content (a JSON object) and build the :class:`Board`; every error names
    the field, row or city."""
    _need(isinstance(data, dict), "top level", "must be a JSON object.")
    grid = data.get("grid")
    _need(isinstance(grid, dict), "field 'grid'", "must be an object with 'rows_top_to_bottom'.")
    orient = grid.get("orientation", "pointy-top")
    _need(orient == "pointy-top", "field 'grid.orientation'",
          "must be 'pointy-top' (odd rows shifted half a hex to the right).")
    rows = grid.get("rows_top_to_bottom")
    _need(isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows),
          "field 'grid.rows_top_to_bottom'", "must be a list of texts, one per row.")
    _need(len(rows) <= MAX_ROWS, "field 'grid.rows_top_to_bottom'",
          f"at most {MAX_ROWS} rows, not {len(rows)}.")
    width = len(rows[0])
    _need(0 < width <= MAX_COLUMNS, "grid row 1", f"must have 1 to {MAX_COLUMNS} letters.")
    terrain_at: dict[tuple[int, int], str] = {}
    for r, text in enumerate(rows):
        _need(len(text) == width, f"grid row {r + 1}",
              f"has {len(text)} letters; row 1 has {width}.")
        for c, ch in enumerate(text):
            _need(ch == NO_HEX or ch in LETTERS, f"grid row {r + 1}, column {c + 1}",
                  f"letter {ch!r} is none of O (no hex), P, F, M, C.")
            if ch != NO_HEX:
                terrain_at[(c, r)] = LETTERS[ch]
    raw_cities = data.get("cities")
    _need(isinstance(raw_cities, list), "field 'cities'", "must be a list.")
    city_at: dict[tuple[int, int], dict[str, Any]] = {}
    for i, city in enumerate(raw_cities):
        where = f"city #{i + 1}"
        _need(isinstance(city, dict), where, "must be an object.")
        name = city.get("name")
        _need(isinstance(name, str) and name.strip() != "" and len(name) <= MAX_NAME, where,
              f"field 'name' must be a text of 1 to {MAX_NAME} characters.")
        where = f"city {name}"
        _need(_whole(city.get("col"), 0, width - 1), where,
              f"field 'col' must be a whole number from 0 to {width - 1}.")
        _need(_whole(city.get("row"), 0, len(rows) - 1), where,
              f"field 'row' must be a whole number from 0 to {len(rows) - 1}.")
        pos = (city["col"], city["row"])
        _need(terrain_at.get(pos) == "city", where,
              f"grid row {pos[1] + 1}, column {pos[0] + 1} is not a C (city) hex.")
        _need(pos not in city_at, where, "is on the same hex as another city.")
        for f in ("full", "shared"):
            _need(_whole(city.get(f)), where, f"field '{f}' must be a whole number from 0 to "
                                              f"{MAX_VALUE}.")
        _need(city["shared"] <= city["full"], where, "field 'shared' must not exceed 'full'.")
        for f in ("black_square", "special_connection"):
            _need(isinstance(city.get(f, False), bool), where,
                  f"field '{f}' must be true or false.")
        city_at[pos] = city
    for pos, t in terrain_at.items():
        _need(t != "city" or pos in city_at, f"grid row {pos[1] + 1}, column {pos[0] + 1}",
              "is a C (city) hex but no entry of 'cities' names it.")
    order = sorted(terrain_at, key=lambda p: (p[1], p[0]))
    ids = [hex_id(c, r) for c, r in order]
    index = {hid: i for i, hid in enumerate(ids)}
    at = {p: i for i, p in enumerate(order)}
    neighbors = tuple(tuple(at[q] for q in offset_neighbors(*p) if q in at) for p in order)
    names = tuple(str(city_at[p]["name"]) if p in city_at else None for p in order)
    city_by_name: dict[str, int] = {}
    for i, n in enumerate(names):
        if n is not None:
            _need(n not in city_by_name, f"city {n}", "the name is used twice.")
            city_by_name[n] = i
    for n in special_names:
        _need(n in city_by_name, "field 'cities'", f"the board needs the city {n!r} (the "
                                                   "rules' special connections).")
    flagged = {n for n in city_by_name if city_at[order[city_by_name[n]]].get(
        "special_connection", False)}
    _need(flagged == set(special_names), "field 'cities'",
          f"'special_connection' must be true for exactly {', '.join(special_names)} (the "
          "rules pay the connection bonus between them).")
    _need(len(city_by_name) >= MIN_CITIES, "field 'cities'",
          f"the board needs at least {MIN_CITIES} cities (one free city per company).")
    costs = data.get("terrain_costs", _DEFAULT_COSTS)
    _need(isinstance(costs, dict) and all(t in costs for t in TERRAINS), "field 'terrain_costs'",
          f"must give costs for {', '.join(TERRAINS)}.")
    for t in TERRAINS:
        c = costs[t]
        _need(isinstance(c, dict) and all(_whole(c.get(k)) for k in ("base", "per_piece")),
              f"field 'terrain_costs.{t}'", f"needs whole numbers 'base' and 'per_piece' from "
                                           f"0 to {MAX_VALUE}.")
        _need(all(isinstance(c.get(k, False), bool) for k in ("counts_markers", "single_cube")),
              f"field 'terrain_costs.{t}'", "'counts_markers' and 'single_cube' must be true "
                                            "or false.")
    terrain = tuple(terrain_at[p] for p in order)
    confidence = {}
    for p, city in city_at.items():
        conf = city.get("confidence")
        if isinstance(conf, dict) and isinstance(conf.get("values"), str):
            confidence[str(city["name"])] = conf["values"]
    title = data.get("title")
    return Board(
        title=title[:80] if isinstance(title, str) and title.strip() else "own board",
        ids=tuple(ids), index=index, terrain=terrain, neighbors=neighbors, names=names,
        full=tuple(city_at[p]["full"] if p in city_at else 0 for p in order),
        shared=tuple(city_at[p]["shared"] if p in city_at else 0 for p in order),
        urbanisable=tuple(p in city_at and not city_at[p].get("black_square", False)
                          for p in order),
        cities=tuple(i for i, p in enumerate(order) if p in city_at),
        special=tuple(city_by_name[n] for n in special_names),
        city_by_name=city_by_name, costs=costs,
        provenance=str(data.get("provenance", ""))[:2000], source=source,
        cost_base=tuple(costs[t]["base"] for t in terrain),
        cost_per=tuple(costs[t]["per_piece"] for t in terrain),
        single_cube=tuple(bool(costs[t].get("single_cube")) for t in terrain),
        counts_markers=tuple(bool(costs[t].get("counts_markers")) for t in terrain),
        nbrmask=tuple(sum(1 << n for n in nb) for nb in neighbors),
        cols=tuple(p[0] for p in order), rows=tuple(p[1] for p in order),
        columns=width, nrows=len(rows), confidence=confidence,
        places=tuple(f"{n} ({hid})" if n is not None else f"{hid}, {_WORD[t]}"
                     for hid, n, t in zip(ids, names, terrain)))


_WORD = {"plain": "plains", "forest": "forest", "mountain": "mountain", "city": "city"}
