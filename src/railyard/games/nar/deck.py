"""The city deck (36 cities, 5 start cities) and the fixed game numbers.

The built-in deck is ``data/deck.json``.  A deck of the players' own is the *content* of the
option ``deck`` - never the name of a file: the option holds the deck's JSON text (a string,
as ``railyard play --deck FILE`` reads it once from the file) or the same JSON as an object
(as a program or the web API may send it).  It is stored with the game's options, hence in
every save, so a save replays the same game whatever happens to any file.  Nothing here opens
a path taken from options.

Deck format (JSON)::

    {
     "name": "My deck",                 optional text
     "reconstructed": false,            optional true/false (shown to the players)
     "note": "...",                     optional text
     "start_cities": [ {"name": "New York", "income": 100}, ... ],            exactly 5
     "cities": [ {"name": "Chicago", "cost": 1000, "income": 500,
                  "coast_to_coast": 0}, ... ]                                 exactly 36
    }

Money values are whole dollars in steps of $100 (the game has no smaller notes); ``cost`` is
at least $100, ``income`` at least $0, ``coast_to_coast`` 0 to 3.  Names must be unique and at
most 60 characters long.  Any other field is refused so that a typo ("incme") is not silently
ignored.  At most 256 KiB.  Every error of a deck text names the line and the field; every
error of a deck object names the field by its path (``cities[3].cost``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ...engine.errors import BadOptions
from .jsonpos import Arr, JsonPosError, Obj, loads


class DeckError(BadOptions):
    """A deck that cannot be used; the message names the line (deck text) and the field.
    ``details``: ``line`` (or None) and ``field`` (or None)."""

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
    #: the cities' costs and incomes by index (``cities[i].cost`` / ``.income``), for the
    #: city phase's quick tests and the income phase
    costs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    incomes: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "costs", tuple(c.cost for c in self.cities))
        object.__setattr__(self, "incomes", tuple(c.income for c in self.cities))


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


#: the largest deck accepted, as UTF-8 text (the built-in deck is about 4 KiB)
MAX_DECK_BYTES = 256 * 1024
#: the longest name of a deck or a city
MAX_NAME = 60

def _at(where: int | str, field: str | None) -> str:
    """``line 18, field 'cost'`` (text) or ``field 'cities[3].cost'`` (object)."""
    if isinstance(where, int):
        return f"line {where}" + (f", field '{field}'" if field else "")
    path = ".".join(p for p in (where, field) if p)
    return f"field '{path or 'deck'}'"


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, where: int | str, field: str | None, message: str) -> DeckError:
        if isinstance(where, int):
            return DeckError(f"{self.source}, {_at(where, field)}: {message}", line=where,
                             field=field)
        path = ".".join(p for p in (where, field) if p)
        return DeckError(f"{self.source}, {_at(where, field)}: {message}", line=None,
                         field=path or None)

    def obj(self, value: Any, where: int | str, what: str, allowed: set[str]) -> Obj:
        if not isinstance(value, Obj):
            raise self.error(where, None, f"{what} must be an object {{...}}.")
        for key in value:
            if key not in allowed:
                raise self.error(value.key_lines[key], key if isinstance(key, str) else
                                 repr(key)[:40],
                                 f"unknown field; {what[0].lower()}{what[1:]} has only "
                                 f"{', '.join(sorted(allowed))}.")
        return value

    def need(self, obj: Obj, key: str, what: str) -> Any:
        if key not in obj:
            raise self.error(obj.line, key, f"{what[0].lower()}{what[1:]} lacks this field.")
        return obj[key]

    def text(self, obj: Obj, key: str, value: Any, limit: int) -> str:
        where = obj.key_lines[key]
        if not isinstance(value, str):
            raise self.error(where, key, "must be a text.")
        if len(value) > limit:
            raise self.error(where, key, f"must be at most {limit} characters long, not "
                                         f"{len(value)}.")
        return value

    def name(self, obj: Obj, what: str, seen: dict[str, int | str]) -> str:
        value = self.need(obj, "name", what)
        where = obj.key_lines["name"]
        if not isinstance(value, str) or not value.strip():
            raise self.error(where, "name", "must be a non-empty text.")
        name = self.text(obj, "name", value, MAX_NAME).strip()
        if name in seen:
            first = seen[name]
            used = f"on line {first}" if isinstance(first, int) else f"by {_at(first, 'name')}"
            raise self.error(where, "name", f"the name {name!r} is already used {used}; "
                                            "names must be unique.")
        seen[name] = where
        return name

    def money(self, obj: Obj, key: str, what: str, lowest: int, step: int) -> int:
        value = self.need(obj, key, what)
        where = obj.key_lines[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(where, key, f"must be a whole number of dollars, not "
                                         f"{_short(value)}.")
        if value < lowest or value % step or value > 10**9:
            raise self.error(where, key, f"must be a multiple of ${step} of at least "
                                         f"${lowest}, not {_short(value)}.")
        return value

    def symbols(self, obj: Obj, what: str) -> int:
        value = self.need(obj, "coast_to_coast", what)
        where = obj.key_lines["coast_to_coast"]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
            raise self.error(where, "coast_to_coast",
                             f"must be a whole number from 0 to 3, not {_short(value)}.")
        return value

    def array(self, top: Obj, key: str, count: int) -> Arr:
        value = self.need(top, key, "The deck")
        where = top.key_lines[key]
        if not isinstance(value, Arr):
            raise self.error(where, key, "must be a list [...].")
        if len(value) != count:
            raise self.error(where, key, f"must hold exactly {count} cards, not {len(value)}.")
        return value


def _short(value: Any) -> str:
    """A value as a refusal quotes it: short, whatever its size or type."""
    if isinstance(value, (dict, list)):
        return "a list" if isinstance(value, list) else "an object"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**12:
        return "so large a number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _annotate(value: Any, path: str) -> Any:
    """A deck object (plain dicts and lists, as JSON gives them) with the field paths where a
    deck text would have line numbers, so that one checker serves both.  Only the levels a
    deck has are wrapped (top, its two lists, their cards); deeper values stay as they are and
    are refused by the type checks."""
    def wrap_obj(d: dict, here: str, deeper: bool) -> Obj:
        out = Obj()
        out.line = here  # type: ignore[assignment]
        out.key_lines = {}
        for k, v in d.items():
            out[k] = v
            out.key_lines[k] = here  # type: ignore[assignment]
            if deeper and isinstance(v, list) and k in ("cities", "start_cities"):
                arr = Arr()
                arr.line = f"{here}.{k}" if here else k  # type: ignore[assignment]
                arr.item_lines = []
                for i, item in enumerate(v):
                    where = f"{arr.line}[{i}]"
                    arr.item_lines.append(where)  # type: ignore[arg-type]
                    arr.append(wrap_obj(item, where, False) if isinstance(item, dict) else item)
                out[k] = arr
        return out
    return wrap_obj(value, path, True) if isinstance(value, dict) else value


def parse_deck(text: str, source: str = "The deck") -> Deck:
    """Read and check a deck text; raises :class:`DeckError` naming line and field."""
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) <= MAX_DECK_BYTES else None
    if size is None or size > MAX_DECK_BYTES:
        raise DeckError(f"{source} is larger than {MAX_DECK_BYTES // 1024} KiB; a deck of 41 "
                        "cards needs a few KiB.", line=None, field=None)
    try:
        top = loads(text)
    except JsonPosError as exc:
        raise DeckError(f"{source}, line {exc.line}: not valid JSON: {exc.message}.",
                        line=exc.line, field=None) from None
    return _check(top, source, 1)


def parse_deck_object(value: Any, source: str = "The deck") -> Deck:
    """Check a deck given as JSON data (dicts and lists); errors name the field's path."""
    if isinstance(value, dict) and len(value) > 10:
        raise DeckError(f"{source} has {len(value)} fields; a deck has only "
                        f"{', '.join(sorted(_TOP_FIELDS))}.", line=None, field=None)
    deck = _check(_annotate(value, ""), source, "")
    try:
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError):  # pragma: no cover - checked values are plain JSON
        size = MAX_DECK_BYTES + 1
    if size > MAX_DECK_BYTES:
        raise DeckError(f"{source} is larger than {MAX_DECK_BYTES // 1024} KiB.", line=None,
                        field=None)
    return deck


def _check(top: Any, source: str, where: int | str) -> Deck:
    r = rules()
    step = r.money_step
    chk = _Checker(source)
    top = chk.obj(top, getattr(top, "line", where), "The deck", _TOP_FIELDS)
    name = chk.text(top, "name", top["name"], MAX_NAME) if "name" in top else "your deck"
    if "note" in top:
        chk.text(top, "note", top["note"], 4000)
    reconstructed = top.get("reconstructed", False)
    if not isinstance(reconstructed, bool):
        raise chk.error(top.key_lines["reconstructed"], "reconstructed",
                        "must be true or false.")
    seen: dict[str, int | str] = {}
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
    return Deck(name, reconstructed, "the game's own deck", tuple(cities), tuple(starts))


@lru_cache(maxsize=1)
def builtin_deck() -> Deck:
    text = resources.files(__package__).joinpath("data/deck.json").read_text("utf-8")
    deck = parse_deck(text, "data/deck.json")
    return Deck(deck.name, deck.reconstructed, "data/deck.json", deck.cities,
                deck.start_cities)


@lru_cache(maxsize=8)
def _parse_cached(text: str) -> Deck:
    """``parse_deck`` of an option's text, kept for the next game with the same deck (a Deck
    is immutable; creating a game checks the option and builds the state, and simulations
    create many games)."""
    return parse_deck(text)


def _not_a_deck(value: str) -> DeckError:
    shown = _short(value)
    return DeckError(
        f"The option 'deck' holds the deck itself - its JSON text, beginning with '{{' - or is "
        f"empty for the built-in deck; {shown} is not a deck (a file name is never read from "
        "options).  In the terminal, --deck FILE reads a deck file and stores its content "
        "with the game.  (Saves made before decks were stored with the game hold a file name "
        "here and cannot be loaded: start the game again with --deck FILE.)", line=None,
        field="deck")


def deck_from_option(value: Any) -> Deck:
    """The deck of the option ``deck``: ``""`` is the built-in reconstructed deck; a text is a
    deck's JSON text; a dict is a deck's JSON object.  Anything else - among it every text
    that is not JSON, such as a file name - is refused without looking at any file."""
    if isinstance(value, str):
        if not value.strip():
            return builtin_deck()
        if not value.lstrip().startswith("{"):
            raise _not_a_deck(value)
        return _parse_cached(value)
    if isinstance(value, dict):
        return parse_deck_object(value)
    if isinstance(value, list):
        raise DeckError("The deck must be an object {...} with its start_cities and cities, "
                        "not a list.", line=None, field="deck")
    raise DeckError(f"The option 'deck' must be the deck's JSON text or object (or empty for "
                    f"the built-in deck), not {_short(value)}.", line=None, field="deck")


def check_deck_option(value: Any) -> Any:
    """``OptionSpec.check`` of the option ``deck``: the value, once it is a usable deck."""
    deck_from_option(value)
    return value
