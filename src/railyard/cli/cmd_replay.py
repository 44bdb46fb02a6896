"""``railyard replay``: step through a saved game action by action."""
from __future__ import annotations

import click
from rich.text import Text

from .common import fail, load_save
from .render import console, result_table, summary


@click.command("replay")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--step", is_flag=True, help="Wait for Enter between actions (q to stop).")
@click.option("--to", "to", type=int, default=None,
              help="Stop after action N and show the state at that point.")
@click.option("--board", is_flag=True, help="Show the board summary after every action.")
def command(save: str, step: bool, to: int | None, board: bool) -> None:
    """Print every action of a saved game in readable form."""
    game = load_save(save)
    total = len(game.log)
    if to is not None and not 0 <= to <= total:
        fail(f"--to must be between 0 and {total} (the save holds {total} actions).")
    last = total if to is None else to
    out = console()
    out.print(Text(f"{game.info.name}: {', '.join(game.players)} · seed {game.seed} · "
                   f"{total} actions"))
    state = previous = None
    for index, action, state in game.states():
        if action is not None:
            out.print(Text(f"{index:>5}. {previous.describe(action)}"))
            if board:
                out.print(summary(state))
        if index == last:
            break
        previous = state
        if step and index > 0:
            try:
                reply = click.prompt("", default="", show_default=False, prompt_suffix="")
            except click.Abort:  # end of input
                return
            if reply.strip().lower() == "q":
                return
    if to is not None and state is not None:
        out.print(Text(f"State after action {last}:"))
        out.print(summary(state))
    elif last == total and game.is_terminal:
        out.print(result_table(game))
