"""``railyard new``: create a game and write its save file."""
from __future__ import annotations

import click

from .common import (check_players, fail, new_game, option_option, parse_names, parse_options,
                     pick_seed, resolve_title, save_game, seed_option)


@click.command("new")
@click.argument("title")
@click.option("--players", required=True, help='Player names, comma separated: "Ann,Bob,Cy".')
@seed_option
@option_option
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="Save file to write.")
def command(title: str, players: str, seed: int | None, options: tuple[str, ...],
            out: str) -> None:
    """Create a new game of TITLE and save it to --out."""
    info = resolve_title(title)
    seed = pick_seed(seed)
    opts = parse_options(info, options)
    game = new_game(info, check_players(info, parse_names(players)), seed, opts)
    error = save_game(game, out)
    if error:
        fail(error, 1)
    click.echo(f"New {info.name} game for {', '.join(game.players)} (seed {seed}) saved to {out}.")
