"""``railyard show``: the state of a saved game."""
from __future__ import annotations

import json

import click
from rich.text import Text

from .common import load_save
from .render import console, result_table, summary, turn_line


@click.command("show")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the public view as JSON.")
@click.option("--tail", default=10, show_default=True, type=click.IntRange(0),
              help="How many of the last actions to list.")
def command(save: str, as_json: bool, tail: int) -> None:
    """Show a saved game: summary, last actions, and the result if it is finished."""
    game = load_save(save)
    if as_json:
        click.echo(json.dumps(game.public_view(), indent=1, sort_keys=True))
        return
    out = console()
    opts = ", ".join(f"{k}={v}" for k, v in game.options.items()) or "none"
    out.print(Text(f"{game.info.name} ({game.title}) · players: {', '.join(game.players)} · "
                   f"seed {game.seed} · options: {opts} · {len(game.log)} actions"))
    out.print(summary(game.state))
    if tail and game.log:
        lines = game.readable_log()
        start = max(0, len(lines) - tail)
        out.print(Text(f"Last {len(lines) - start} of {len(lines)} actions:"))
        for i in range(start, len(lines)):
            out.print(Text(f"{i + 1:>5}. {lines[i]}"))
    if game.is_terminal:
        out.print(result_table(game))
    else:
        out.print(Text(turn_line(game)))
