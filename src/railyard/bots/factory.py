"""Which bot sits in a bot seat: one factory for ``railyard play`` and the web server.

A seat is either a named kind (``random``, ``rules``, ``mcts:normal`` ... - see
:mod:`.kinds`) or a plain bot seat, which gets the title's default kind
(``TitleInfo.extra["default_bot"]``, else ``random``); a player choosing an opponent is
offered the strongest kind first (:func:`recommended_kind`).  The bot made here answers with
``choose(state)`` but decides from the seat's view only (:func:`.kinds.play_move`).
"""
from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..engine.registry import TitleInfo, get_title
from .kinds import available_kinds, make_bot as make_kind, play_move


def default_kind(title: str | TitleInfo) -> str:
    info = title if isinstance(title, TitleInfo) else get_title(title)
    return str(info.extra.get("default_bot") or "random")


#: the kinds offered first to a player who picks an opponent, strongest first
RECOMMENDED = ("strategic:normal", "mcts:normal")


def recommended_kind(title: str | TitleInfo) -> str:
    """The kind a player is offered first for a bot seat (the web page's preselection, the
    terminal's Enter): the title's strongest bot at the normal level (``strategic:normal``
    in 1830 and 1870, ``mcts:normal`` in the small games), else its default kind."""
    info = title if isinstance(title, TitleInfo) else get_title(title)
    offered = available_kinds(info.slug)
    return next((k for k in RECOMMENDED if k in offered), default_kind(info))


def bot_kinds(title: str | TitleInfo) -> list[str]:
    """The bot kinds a seat of ``title`` may take, the default first."""
    info = title if isinstance(title, TitleInfo) else get_title(title)
    default = default_kind(info)
    return [default, *(k for k in available_kinds(info.slug) if k != default)]


class SeatBot:
    """A bot of some kind, asked with the whole state but shown only its seat's view."""

    def __init__(self, inner: Any, kind: str) -> None:
        self.inner, self.kind = inner, kind
        self.name = getattr(inner, "name", kind)

    def choose(self, state: Any) -> Action:
        return play_move(self.inner, state)


def make_bot(title: str | TitleInfo, seed: int | None = None, kind: str | None = None) -> SeatBot:
    """A bot for a seat of ``title`` (a slug or its TitleInfo): ``kind`` is a kind spec
    (``"mcts:hard"``); ``None`` or ``"bot"`` is the title's default.  An unknown kind raises
    :class:`.kinds.BotSpecError` naming the kinds there are."""
    info = title if isinstance(title, TitleInfo) else get_title(title)
    if kind in (None, "", "bot"):
        kind = default_kind(info)
    return SeatBot(make_kind(kind, info.slug, seed), kind)
