"""``railyard play``: a game in the terminal, any mix of human and bot seats."""
from __future__ import annotations

import click

from .common import (check_players, fail, load_save, new_game, option_option, parse_options,
                     pick_seed, resolve_title, seed_option, stored_seats)
from .seats import ask_bot_kind, loaded_kinds, new_seats
from .terminal_play import TerminalPlay


def interactive() -> bool:
    """Whether a person types at this terminal (then the bot kind is asked for)."""
    import sys
    return sys.stdin.isatty() and sys.stdout.isatty()


@click.command("play")
@click.argument("title", required=False)
@click.option("--players", default=None,
              help='Names of the human players, comma separated: "Ann,Bob".')
@click.option("--bots", type=click.IntRange(0), default=None,
              help="Number of bot seats (after the humans; with --load: the last N seats).")
@click.option("--seats", default=None,
              help="Every seat in order: human[:NAME], bot[:NAME] (the default bot) or a bot "
                   "kind KIND[:LEVEL][:NAME]: random; rules and mcts:easy|normal|hard in "
                   "Chicago Express, American Rails and North American Railways; "
                   "strategic:easy|normal|hard and basic:easy|normal|hard in 1830 and 1870. "
                   "E.g. human:Ann,mcts:hard,rules.")
@seed_option
@option_option
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Save file used by 's', when quitting, and at the end of the game.")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), default=None,
              help="Continue a saved game.")
def command(title: str | None, players: str | None, bots: int | None, seats: str | None,
            seed: int | None, options: tuple[str, ...], save_path: str | None,
            load_path: str | None) -> None:
    """Play TITLE in the terminal (or continue a game with --load).  At an interactive
    terminal without --seats/--players/--bots the bot kind is asked for; a save keeps each
    seat's kind for --load."""
    if load_path:
        game = load_save(load_path)
        if title and resolve_title(title).slug != game.title:
            fail(f"{load_path} is a {game.title} game, not {title}.")
        meta = click.get_current_context().meta
        if options or meta.get("railyard.deck") or meta.get("railyard.board"):
            fail("--option/--deck/--board cannot be used with --load: the save holds the "
                 "options.")
        kinds = loaded_kinds(game.players, bots, seats, players,
                             stored_seats(load_path, len(game.players)))
        bot_seed = pick_seed(seed)
        click.echo(f"{game.info.name}: "
                   f"{', '.join(f'{n} ({k})' for n, k in zip(game.players, kinds))}"
                   f" · continuing after {len(game.log)} actions")
    else:
        if not title:
            fail("Name the game to play (e.g. `railyard play chicago-express`), or --load a save.")
        info = resolve_title(title)
        opts = parse_options(info, options)
        names, kinds = new_seats(info, players, bots, seats)
        if seats is None and players is None and bots is None and interactive():
            kinds = ask_bot_kind(info, kinds)
        seed = pick_seed(seed)
        game = new_game(info, check_players(info, names), seed, opts)
        bot_seed = seed
        click.echo(f"{info.name}: {', '.join(f'{n} ({k})' for n, k in zip(game.players, kinds))}"
                   f" · seed {seed}")
    TerminalPlay(game, kinds, save_path, bot_seed).run()
