"""Terminal rendering: the per-title summary hook, a generic public-view renderer, legal
actions, results.

A game package may provide ``terminal.py`` with ``render(state) -> rich renderable``; it is
used for the board summary.  Otherwise the public view is shown compactly: scalar fields
on one line, lists/maps of records as tables (one line per record when too wide).
"""
from __future__ import annotations

import importlib
import json
import sys
from typing import Any, Callable, Mapping

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..engine import Choice, Game, GameState

MAX_ROWS = 40
MAX_CELL = 48

_hooks: dict[str, Callable[[GameState], RenderableType] | None] = {}


def console() -> Console:
    """A console on the *current* stdout (click's test runner swaps it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def _package_of(state: GameState) -> str:
    module = sys.modules.get(type(state).__module__)
    return (getattr(module, "__package__", None) or "") if module else ""


def renderer_for(state: GameState) -> Callable[[GameState], RenderableType] | None:
    """The ``render`` function of the game package's ``terminal`` module, if any."""
    package = _package_of(state)
    if not package:
        return None
    if package not in _hooks:
        _hooks[package] = getattr(_optional_import(f"{package}.terminal"), "render", None)
    return _hooks[package]


def command_parser_for(state: GameState) -> Callable[[GameState, str], dict] | None:
    """The ``parse`` function of the game package's ``terminal`` module, if any: it turns a
    text command (e.g. ``lay 57 H12 2`` in 1830) into an action, raising ``ValueError``
    with the reason when it cannot."""
    package = _package_of(state)
    if not package:
        return None
    module = _optional_import(f"{package}.terminal")
    return getattr(module, "parse", None)


def _optional_import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def summary(state: GameState) -> RenderableType:
    """The board summary: 1830 and 1870 in words with their map (:func:`.play18xx.
    board_view`), otherwise the game package's ``render`` or the generic view."""
    if getattr(state, "title", None) in ("1830", "1870"):
        from .play18xx import board_view
        return board_view(state)
    hook = renderer_for(state)
    if hook is not None:
        return hook(state)
    return generic_view(state.public_view())


# ---- generic renderer --------------------------------------------------------------------

def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _short(v: Any) -> str:
    if v is None:
        return "-"
    if _scalar(v):
        return str(v)
    if isinstance(v, (list, tuple)) and all(_scalar(x) for x in v):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return json.dumps(v, separators=(",", ":"), default=str)


def compact(v: Any, limit: int = MAX_CELL) -> str:
    """A short one-line text for any JSON value."""
    if isinstance(v, (list, tuple)) and all(_scalar(x) for x in v):
        text = ", ".join(str(x) for x in v) or "-"
    elif isinstance(v, Mapping):
        text = " ".join(f"{k}={_short(x)}" for k, x in v.items()) or "-"
    else:
        text = _short(v)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _records(v: Any) -> list[tuple[str | None, Mapping[str, Any]]] | None:
    """A list of dicts, or a dict of dicts, as (key, record) rows; otherwise None."""
    if isinstance(v, list) and v and all(isinstance(x, Mapping) for x in v):
        return [(None, x) for x in v]
    if isinstance(v, Mapping) and v and all(isinstance(x, Mapping) for x in v.values()):
        return [(str(k), x) for k, x in v.items()]
    return None


class Records:
    """Records as a table when it fits the width, otherwise one line per record."""

    def __init__(self, title: str, rows: list[tuple[str | None, Mapping[str, Any]]]) -> None:
        self.title = title
        self.keyed = rows[0][0] is not None
        self.columns: list[str] = []
        for _, rec in rows:
            for k in rec:
                if k not in self.columns:
                    self.columns.append(k)
        self.header = (["id"] if self.keyed else []) + [str(c) for c in self.columns]
        self.cells = [([key] if self.keyed else []) + [compact(rec.get(c)) for c in self.columns]
                      for key, rec in rows]

    def width(self) -> int:
        widths = [max(len(h), *(len(r[i]) for r in self.cells)) for i, h in
                  enumerate(self.header)]
        return sum(widths) + 3 * (len(widths) - 1)

    def __rich_console__(self, con: Console, options: ConsoleOptions) -> RenderResult:
        if self.width() <= options.max_width:
            table = Table(title=self.title, title_justify="left", show_edge=False,
                          pad_edge=False)
            for h in self.header:
                table.add_column(h)
            for r in self.cells:
                table.add_row(*r)
            yield table
            return
        yield Text(self.title, style="italic")
        for r in self.cells:
            pairs = [v if h == "id" else f"{h}={v}" for h, v in zip(self.header, r)]
            yield Text("  " + " ".join(pairs))


def generic_view(view: Mapping[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    head = [f"{k}: {compact(v)}" for k, v in view.items() if _scalar(v)]
    if head:
        parts.append(Text(" · ".join(head)))
    for key, value in view.items():
        if _scalar(value):
            continue
        rows = _records(value)
        if rows is not None and len(rows) <= MAX_ROWS:
            parts.append(Records(str(key), rows))
        elif rows is not None:
            parts.append(Text(f"{key}: {len(rows)} entries (see `railyard show --json`)"))
        else:
            parts.append(Text(f"{key}: {compact(value, 200)}"))
    return Group(*parts)


# ---- actions, players, results -------------------------------------------------------------

def choice_text(choice: Choice) -> str:
    """How a legal choice is listed: its label (or type and fixed fields) and, for
    numbers, the range, e.g. ``bid PRR · amount 7..30``."""
    if choice.label:
        text = choice.label
    else:
        fields = " ".join(f"{k}={compact(v, 24)}" for k, v in choice.fixed.items())
        text = f"{choice.type} {fields}".strip()
    ranges = [f"{k} {lo}..{hi}" for k, (lo, hi) in choice.ranges.items()]
    if ranges:
        text = " · ".join([text, *ranges])
    return text


def choices_table(choices: list[Choice]) -> RenderableType:
    width = len(str(len(choices)))
    return Group(*(Text(f"{i:>{width}}. {choice_text(c)}") for i, c in enumerate(choices, 1)))


def result_table(game: Game) -> RenderableType:
    res = game.result()
    if res is None:
        return Text("The game is not over.")
    table = Table(title=f"Final result ({res.unit})", title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column(res.unit, justify="right")
    table.add_column("")
    for i, name in enumerate(game.players):
        table.add_row(str(i), name, str(res.scores[i]), "winner" if i in res.winners else "")
    winners = " and ".join(game.players[i] for i in res.winners)
    tie = " (tie)" if len(res.winners) > 1 else ""
    return Group(table, Text(f"Winner{'s' if tie else ''}: {winners}{tie}"))


def turn_line(game: Game) -> str:
    seat = game.current_player
    if seat is None:
        return "The game is over."
    return f"Action {len(game.log) + 1}: {game.players[seat]} (seat {seat}) to act."
