"""Titles by slug.  Each game package exposes ``TITLE``, a :class:`TitleInfo`."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import BadOptions, BadPlayers, UnknownTitle
from .state import GameState


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # None: any value of the default's type
    #: the option in a player's words (the web page's name for it); "" = from ``name``
    label: str = ""
    #: the value can be the content of a file of the player's own (a deck, a board): the web
    #: page offers a file chooser and sends the file's text; no file leaves the option out
    upload: bool = False

    @property
    def shown_name(self) -> str:
        """What a player reads: the label, else the name with spaces (``bank_cash`` ->
        "Bank cash")."""
        return self.label or self.name.replace("_", " ").capitalize()

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise BadOptions(f"Option '{self.name}' must be one of {allowed}, not {value!r}.")
            return value
        if type(value) is not type(self.default):
            raise BadOptions(
                f"Option '{self.name}' must be a {type(self.default).__name__}, not {value!r}.")
        return value


@dataclass(frozen=True)
class TitleInfo:
    slug: str
    name: str
    min_players: int
    max_players: int
    factory: Callable[[list[str], int, dict[str, Any]], GameState]
    options: tuple[OptionSpec, ...] = ()
    notes: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: the game hides something the seed fixes (a shuffled deck, removed shares): a server
    #: picks the seed itself and shows it only when the game is over.  (A title whose state
    #: has a ``private_view`` counts as hiding information too: ``Game.hidden_information``.)
    hidden_information: bool = False
    #: former slugs that still name this title: ``get_title`` (CLI, web, saves) resolves them
    aliases: tuple[str, ...] = ()

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            listed = ", ".join(sorted(known)) or "none"
            raise BadOptions(f"Unknown option(s) {', '.join(unknown)} for {self.slug}; "
                             f"options of this game: {listed}.")
        out = {}
        for name, spec in known.items():
            out[name] = spec.check(options[name]) if name in options else spec.default
        return out

    def check_players(self, players: list[str]) -> list[str]:
        if not isinstance(players, (list, tuple)) or not all(
                isinstance(p, str) and p.strip() for p in players):
            raise BadPlayers("Players must be a list of non-empty names.")
        players = [p.strip() for p in players]
        if not self.min_players <= len(players) <= self.max_players:
            raise BadPlayers(f"{self.name} is played by {self.min_players} to "
                             f"{self.max_players} players, not {len(players)}.")
        if len(set(players)) != len(players):
            raise BadPlayers("Player names must be different.")
        return players


#: slug -> module holding ``TITLE``.  Titles whose module is not present are listed as
#: unavailable rather than failing.
MODULES = {
    "chicago-express": "railyard.games.chicago_express",
    "1830": "railyard.games.g1830",
    "1870": "railyard.games.g1870",
    "north-american-railways": "railyard.games.nar",
    "american-rails": "railyard.games.american_rails",
}


_EXTRA: dict[str, TitleInfo] = {}


def register(info: TitleInfo) -> None:
    """Register a title at run time (tests, plug-ins)."""
    _EXTRA[info.slug] = info


def unregister(slug: str) -> None:
    _EXTRA.pop(slug, None)


def _load(slug: str) -> TitleInfo | None:
    if slug in _EXTRA:
        return _EXTRA[slug]
    try:
        module = importlib.import_module(MODULES[slug])
    except ModuleNotFoundError as exc:
        if exc.name and MODULES[slug].startswith(exc.name):
            return None
        raise
    return getattr(module, "TITLE", None)


BROKEN: dict[str, str] = {}


def available() -> dict[str, TitleInfo]:
    """Titles that load.  A title whose package fails to import is left out (its error is
    kept in ``BROKEN``) so one broken game cannot take the others down."""
    out = {}
    for slug in [*MODULES, *_EXTRA]:
        try:
            info = _load(slug)
        except Exception as exc:  # noqa: BLE001 - reported, not hidden
            BROKEN[slug] = f"{type(exc).__name__}: {exc}"
            continue
        if info is not None:
            out[slug] = info
    return out


def get_title(slug: Any) -> TitleInfo:
    """The title of ``slug``: a current slug, or a former one listed in a title's
    ``aliases`` (looked up among the available titles only when the slug is not current)."""
    if isinstance(slug, str) and (slug in MODULES or slug in _EXTRA):
        info = _load(slug)
        if info is not None:
            return info
    if isinstance(slug, str):
        for info in available().values():
            if slug in info.aliases:
                return info
    names = ", ".join(available()) or "none"
    raise UnknownTitle(f"Unknown game {slug!r}; available games: {names}.")
