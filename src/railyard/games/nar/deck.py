"""The city deck (36 cities, 5 start cities) and the fixed game numbers, read from data files.

Deck file format (JSON, see ``data/deck.json``)::

    {
     "name": "My deck",                 optional text
     "reconstructed": false,            optional true/false (shown to the players)
     "start_cities": [ {"name": "New York", "income": 100}, ... ],            exactly 5
     "cities": [ {"name": "Chicago", "cost": 1000, "income": 500,
                  "coast_to_coast": 0}, ... ]                                 exactly 36
    }

Money values are whole dollars in steps of $100 (the game has no smaller notes); ``cost`` is
at least $100, ``income`` at least $0, ``coast_to_coast`` 0 to 3.  Names must be unique.  Any
other field is refused so that a typo ("incme") is not silently ignored.  Every error names
the file, the line and the field.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ...engine.errors import BadOptions
from .jsonpos import Arr, JsonPosError, Obj, loads


class DeckError(BadOptions):
    """A deck file that cannot be used; the message names the line and field."""

    code = "bad_deck"


@dataclass(frozen=True)
class City:
    name: str
    cost: int
    income: int
    coast_to_coast: int


@dataclass(frozen=True)
class StartCity:
    name: str
    income: int


@dataclass(frozen=True)
class Deck:
    name: str
    reconstructed: bool
    source: str
    cities: tuple[City, ...]
    start_cities: tuple[StartCity, ...]


@dataclass(frozen=True)
class Rules:
    """The fixed numbers of the rulebook (data/game.json)."""

    company_ids: tuple[str, ...]
    company_names: tuple[str, ...]
    shares_per_company: int
    removed_shares: int
    share_columns: int
    city_columns: int
    cities: int
    start_cities: int
    starting_money: dict[int, int]
    money_step: int
    own_share_price: int
    broke_grant: int
    director_bonus: int
    coast_to_coast_value: int
    last_round_city_threshold: int


@lru_cache(maxsize=1)
def rules() -> Rules:
    raw = json.loads(resources.files(__package__).joinpath("data/game.json").read_text("utf-8"))
    return Rules(
        company_ids=tuple(c["id"] for c in raw["companies"]),
        company_names=tuple(c["name"] for c in raw["companies"]),
        shares_per_company=raw["shares_per_company"], removed_shares=raw["removed_shares"],
        share_columns=raw["share_columns"], city_columns=raw["city_columns"],
        cities=raw["cities"], start_cities=raw["start_cities"],
        starting_money={int(k): v for k, v in raw["starting_money"].items()},
        money_step=raw["money_step"], own_share_price=raw["own_share_price"],
        broke_grant=raw["broke_grant"], director_bonus=raw["director_bonus"],
        coast_to_coast_value=raw["coast_to_coast_value"],
        last_round_city_threshold=raw["last_round_city_threshold"])


_CITY_FIELDS = {"name", "cost", "income", "coast_to_coast"}
_START_FIELDS = {"name", "income"}
_TOP_FIELDS = {"name", "reconstructed", "note", "start_cities", "cities"}


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, line: int, field: str | None, message: str) -> DeckError:
        where = f"{self.source}, line {line}" + (f", field '{field}'" if field else "")
        return DeckError(f"Deck {where}: {message}", line=line, field=field)

    def obj(self, value: Any, line: int, what: str, allowed: set[str]) -> Obj:
        if not isinstance(value, Obj):
            raise self.error(line, None, f"{what} must be an object {{...}}.")
        for key in value:
            if key not in allowed:
                raise self.error(value.key_lines[key], key,
                                 f"unknown field; {what} has only {', '.join(sorted(allowed))}.")
        return value

    def need(self, obj: Obj, key: str, what: str) -> Any:
        if key not in obj:
            raise self.error(obj.line, key, f"{what} lacks this field.")
        return obj[key]

    def name(self, obj: Obj, what: str, seen: dict[str, int]) -> str:
        value = self.need(obj, "name", what)
        line = obj.key_lines["name"]
        if not isinstance(value, str) or not value.strip():
            raise self.error(line, "name", "must be a non-empty text.")
        name = value.strip()
        if name in seen:
            raise self.error(line, "name", f"the name {name!r} is already used on line "
                                           f"{seen[name]}; names must be unique.")
        seen[name] = line
        return name

    def money(self, obj: Obj, key: str, what: str, lowest: int, step: int) -> int:
        value = self.need(obj, key, what)
        line = obj.key_lines[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(line, key, f"must be a whole number of dollars, not {value!r}.")
        if value < lowest or value % step:
            raise self.error(line, key, f"must be a multiple of ${step} of at least ${lowest}, "
                                        f"not {value}.")
        return value

    def symbols(self, obj: Obj, what: str) -> int:
        value = self.need(obj, "coast_to_coast", what)
        line = obj.key_lines["coast_to_coast"]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
            raise self.error(line, "coast_to_coast",
                             f"must be a whole number from 0 to 3, not {value!r}.")
        return value

    def array(self, top: Obj, key: str, count: int) -> Arr:
        value = self.need(top, key, "The deck")
        line = top.key_lines[key]
        if not isinstance(value, Arr):
            raise self.error(line, key, "must be a list [...].")
        if len(value) != count:
            raise self.error(line, key, f"must hold exactly {count} cards, not {len(value)}.")
        return value


def parse_deck(text: str, source: str = "deck") -> Deck:
    """Read and check a deck; raises :class:`DeckError` naming line and field."""
    try:
        top = loads(text)
    except JsonPosError as exc:
        raise DeckError(f"Deck {source}, line {exc.line}: not valid JSON: {exc.message}.",
                        line=exc.line, field=None) from None
    r = rules()
    step = r.money_step
    chk = _Checker(source)
    top = chk.obj(top, getattr(top, "line", 1), "The deck", _TOP_FIELDS)
    name = top.get("name", source)
    if not isinstance(name, str):
        raise chk.error(top.key_lines["name"], "name", "must be a text.")
    reconstructed = top.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise chk.error(top.key_lines["reconstructed"], "reconstructed",
                        "must be true or false.")
    seen: dict[str, int] = {}
    starts = []
    raw_starts = chk.array(top, "start_cities", r.start_cities)
    for item, line in zip(raw_starts, raw_starts.item_lines):
        card = chk.obj(item, line, "A start city", _START_FIELDS)
        starts.append(StartCity(chk.name(card, "A start city", seen),
                                chk.money(card, "income", "A start city", 0, step)))
    cities = []
    raw_cities = chk.array(top, "cities", r.cities)
    for item, line in zip(raw_cities, raw_cities.item_lines):
        card = chk.obj(item, line, "A city", _CITY_FIELDS)
        cities.append(City(chk.name(card, "A city", seen),
                           chk.money(card, "cost", "A city", step, step),
                           chk.money(card, "income", "A city", 0, step),
                           chk.symbols(card, "A city")))
    return Deck(name, reconstructed, source, tuple(cities), tuple(starts))


@lru_cache(maxsize=1)
def builtin_deck() -> Deck:
    text = resources.files(__package__).joinpath("data/deck.json").read_text("utf-8")
    return parse_deck(text, "data/deck.json")


def load_deck(path: str) -> Deck:
    """The deck of the ``deck`` option: ``""`` is the built-in reconstructed deck."""
    if not path:
        return builtin_deck()
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise DeckError(f"Cannot read the deck file {path}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise DeckError(f"The deck file {path} is not UTF-8 text.") from None
    return parse_deck(text, path)
