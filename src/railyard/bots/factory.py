"""Which bot sits in a bot seat: one factory for ``railyard play`` and the web server.

A title may bring bots of its own and name its default in ``TitleInfo.extra``::

    extra={"bots": {"rules": "railyard.games.nar.bot:rules_bot"}, "default_bot": "rules"}

(``"module:function"`` strings, imported when a bot is made; the function takes the seed).
A bot seat without a kind gets the title's default bot, else the generic random bot.
"""
from __future__ import annotations

import importlib
from typing import Any

from ..engine.registry import TitleInfo, get_title
from . import KINDS


def bot_kinds(title: str | TitleInfo) -> list[str]:
    """The bot kinds a seat of ``title`` may take, the default first."""
    info = title if isinstance(title, TitleInfo) else get_title(title)
    kinds = [*(info.extra.get("bots") or {}), *(k for k in KINDS)]
    default = default_kind(info)
    return [default, *dict.fromkeys(k for k in kinds if k != default)]


def default_kind(title: str | TitleInfo) -> str:
    info = title if isinstance(title, TitleInfo) else get_title(title)
    return str(info.extra.get("default_bot") or "random")


def make_bot(title: str | TitleInfo, seed: int | None = None, kind: str | None = None) -> Any:
    """A bot for a seat of ``title`` (a slug or its TitleInfo): ``kind`` names one of
    ``bot_kinds(title)``; ``None`` is the title's default."""
    info = title if isinstance(title, TitleInfo) else get_title(title)
    kind = kind or default_kind(info)
    own = info.extra.get("bots") or {}
    if kind in own:
        module, _, name = str(own[kind]).partition(":")
        return getattr(importlib.import_module(module), name)(seed)
    if kind in KINDS:
        return KINDS[kind](seed)
    raise ValueError(f"{info.name} has no bot {kind!r}; its bots: "
                     f"{', '.join(bot_kinds(info))}.")
