"""Bot kinds by name, the same everywhere (CLI, web, tournaments): ``random``, ``rules``
(rule of thumb), ``mcts`` (Monte Carlo search over playouts of the candidate moves) for the
small games, and ``strategic`` and ``basic`` for 1830 and 1870; the last three with a level
``easy``, ``normal`` or ``hard`` (``mcts:normal``; default ``normal``).  ``basic`` is the
first 1830/1870 bot (``strategic.StrategicBot``), kept as a baseline; ``strategic`` is the
title's strongest bot, chosen by the one line :data:`STRATEGIC`.

``make_bot(spec, title, seed)`` builds one; ``parse_kind(spec)`` checks a spec.  Every bot
has ``choose(view) -> action`` where ``view`` is the seat's
:class:`~railyard.bots.views.SeatView`; ``play_move(bot, state)`` makes the view of the seat
to act and asks the bot.  ``parse_seat(token)`` reads one seat of ``railyard play --seats``:
``human[:NAME]``, ``bot[:NAME]`` (the title's default bot) or ``KIND[:LEVEL][:NAME]``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.actions import Action
from .views import SeatView, observe

LEVELS = ("easy", "normal", "hard")
KIND_NAMES = ("random", "rules", "mcts", "strategic", "basic")
#: kinds that take a level, and the level used when none is given
LEVELLED = {"mcts": "normal", "strategic": "normal", "basic": "normal"}
#: the bot behind kind ``strategic``: ``"basic"`` (``strategic.StrategicBot``, the baseline)
#: or ``"planner"`` (``planner.PlannerBot``, issue 22) - the one-line switch
STRATEGIC = "planner"
SMALL_GAMES = ("chicago-express", "american-rails", "north-american-railways")
EIGHTEEN_XX = ("1830", "1870")
#: titles each kind can play (None: every title)
TITLES: dict[str, tuple[str, ...] | None] = {
    "random": None,
    "rules": SMALL_GAMES,
    "mcts": SMALL_GAMES,
    "strategic": EIGHTEEN_XX,
    "basic": EIGHTEEN_XX,
}


class BotSpecError(ValueError):
    """An unknown bot kind or level, or a kind the title has no bot of."""


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView) -> Action: ...


@dataclass(frozen=True)
class Kind:
    kind: str
    level: str | None = None

    def __str__(self) -> str:
        return f"{self.kind}:{self.level}" if self.level else self.kind


def _known() -> str:
    return ("random, rules, mcts[:easy|normal|hard], strategic[:easy|normal|hard], "
            "basic[:easy|normal|hard]")


def parse_kind(spec: str) -> Kind:
    """``"mcts:hard"`` -> Kind("mcts", "hard"); ``"mcts"`` -> level normal."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError(f"A bot kind is needed; kinds: {_known()}.")
    kind, _, level = spec.strip().lower().partition(":")
    kind, level = kind.strip(), level.strip()
    if kind not in KIND_NAMES:
        raise BotSpecError(f"Unknown bot kind {kind!r}; kinds: {_known()}.")
    if kind in LEVELLED:
        level = level or LEVELLED[kind]
        if level not in LEVELS:
            raise BotSpecError(f"Unknown level {level!r} for {kind}; levels: "
                               f"{', '.join(LEVELS)}.")
        return Kind(kind, level)
    if level:
        raise BotSpecError(f"The {kind} bot has no levels (got {spec!r}).")
    return Kind(kind)


def make_bot(spec: str | Kind, title: str, seed: int | None = None) -> Bot:
    """A new bot of kind ``spec`` for ``title`` (a slug)."""
    k = spec if isinstance(spec, Kind) else parse_kind(spec)
    allowed = TITLES[k.kind]
    if allowed is not None and title not in allowed:
        raise BotSpecError(f"There is no {k.kind} bot for {title} yet; it has: "
                           f"{', '.join(available_kinds(title))}.")
    if k.kind == "random":
        from .random_bot import RandomBot
        return RandomBot(seed)
    if k.kind == "rules":
        if title == "north-american-railways":
            from .rules import NarRulesBot
            return NarRulesBot(seed)
        from .rules import GreedyBot
        return GreedyBot(seed)
    if k.kind == "strategic" and STRATEGIC == "planner":
        # easy: the planner policy alone at its easy setting; normal, hard: the policy
        # with a look-ahead over its candidate moves (planner.search, budgets SEARCH)
        level = k.level or "normal"
        from .planner import PlannerBot
        from .planner.search import SEARCH, SearchBot
        return SearchBot(seed, level) if level in SEARCH else PlannerBot(seed, level)
    if k.kind in ("strategic", "basic"):
        from .strategic import StrategicBot
        bot = StrategicBot(seed, k.level or "normal")
        bot.name = k.kind
        return bot
    from .mcts import MctsBot
    return MctsBot(seed, k.level or "normal")


def available_kinds(title: str) -> list[str]:
    out = []
    for kind in KIND_NAMES:
        allowed = TITLES[kind]
        if allowed is None or title in allowed:
            out += [f"{kind}:{lv}" for lv in LEVELS] if kind in LEVELLED else [kind]
    return out


def play_move(bot: Any, state: Any) -> Action:
    """The action of ``bot`` for the seat to act, decided from that seat's view only."""
    return bot.choose(observe(state))


@dataclass(frozen=True)
class SeatSpec:
    kind: str                 # "human", "bot" (the title's default bot) or a bot kind
    level: str | None = None
    name: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def bot_spec(self) -> str | None:
        if self.is_human:
            return None
        if self.kind == "bot":
            return "bot"
        return f"{self.kind}:{self.level}" if self.level else self.kind


def parse_seat(token: str) -> SeatSpec:
    """One seat of ``--seats``: ``human[:NAME]``, ``bot[:NAME]`` or ``KIND[:LEVEL][:NAME]``
    (``mcts:hard``, ``mcts:hard:Rob``, ``rules:Ann``)."""
    parts = [p.strip() for p in token.strip().split(":")]
    kind = parts[0].lower()
    if kind in ("human", "bot"):
        name = ":".join(parts[1:]).strip() or None
        return SeatSpec(kind, None, name)
    if kind not in KIND_NAMES:
        raise BotSpecError(f"Unknown seat kind {kind!r}; seats are human[:NAME] or bot[:NAME] "
                           f"or a bot kind KIND[:LEVEL][:NAME] ({_known()}), e.g. "
                           f"human:Ann,mcts:hard,rules.")
    rest = parts[1:]
    level = None
    if kind in LEVELLED:
        if rest and rest[0].lower() in LEVELS:
            level = rest.pop(0).lower()
        else:
            level = LEVELLED[kind]
    name = ":".join(rest).strip() or None
    return SeatSpec(kind, level, name)
