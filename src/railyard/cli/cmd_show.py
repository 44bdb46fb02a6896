"""``railyard show``: the state of a saved game."""
from __future__ import annotations

import json

import click
from rich.text import Text

from .common import load_save
from .render import console, result_table, summary, turn_line
from .terminal_play import end_lines, story_line


def options_said(game) -> str:
    """The game's options as a player reads them: only those that differ from the printed
    rules, by their names in words ("D-trains without limit (18xx.games)"), a number with
    its value; "as printed" when there are none."""
    said = []
    for spec in game.info.options:
        value = game.options.get(spec.name, spec.default)
        if value == spec.default or spec.upload and not value:
            continue
        if isinstance(value, bool):
            said.append(spec.shown_name if value else f"not: {spec.shown_name}")
        elif spec.upload or (isinstance(value, str) and len(value) > 40):
            said.append(f"{spec.shown_name}: given")
        else:
            said.append(f"{spec.shown_name}: {value}")
    return "; ".join(said) or "as printed"


@click.command("show")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the public view as JSON.")
@click.option("--tail", default=10, show_default=True, type=click.IntRange(0),
              help="How many of the last actions to tell (with what happened by itself).")
def command(save: str, as_json: bool, tail: int) -> None:
    """Show a saved game: summary, last actions, and the result if it is finished."""
    game = load_save(save)
    if as_json:
        click.echo(json.dumps(game.public_view(), indent=1, sort_keys=True))
        return
    out = console()
    opts = options_said(game)
    out.print(Text(f"{game.info.name} ({game.title}) · players: {', '.join(game.players)} · "
                   f"seed {game.seed} · options: {opts} · {len(game.log)} actions"))
    out.print(summary(game.state))
    if tail and game.log:
        n = len(game.log)
        start = max(0, n - tail)
        out.print(Text(f"Last {n - start} of {n} actions:"))
        for entry in game.story():
            if entry["i"] >= start:
                out.print(Text(story_line(entry, numbered=True)), soft_wrap=True)
    if game.is_terminal:
        out.print(result_table(game))
        for line in end_lines(game):
            out.print(Text(line), soft_wrap=True)
    else:
        out.print(Text(turn_line(game)))
