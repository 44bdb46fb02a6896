"""``railyard tournament``: bots play each other; win rates with 95 % intervals, scores and
move times per bot kind (``railyard.bots.tournament``)."""
from __future__ import annotations

import json
import os

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..bots.kinds import BotSpecError, make_bot, parse_kind
from ..bots.tournament import run, summary
from .common import fail, option_option, parse_options, resolve_title


@click.command("tournament")
@click.argument("title")
@click.option("--seats", required=True,
              help="Bot kind per seat, comma-separated: random; the small games rules and "
                   "mcts[:easy|normal|hard]; 1830 and 1870 strategic[:easy|normal|hard] "
                   "(e.g. mcts:normal,random,random,random).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=20, show_default=True,
              help="Games to play (seats rotate from game to game).")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True,
              help="Seed of the first deal.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Games played at once, in separate processes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@option_option
def command(title: str, seats: str, games: int, seed: int, workers: int, as_json: bool,
            options: tuple[str, ...]) -> None:
    """Play GAMES games of TITLE between bots and report per bot kind: games (seat-games),
    wins (a tie for first counts shared), win rate with its 95 % Wilson interval, mean score
    and the move time p50 / p95 (ms, wall clock)."""
    info = resolve_title(title)
    specs = [t.strip() for t in seats.split(",") if t.strip()]
    if not info.min_players <= len(specs) <= info.max_players:
        fail(f"{info.name} is played by {info.min_players} to {info.max_players} players; "
             f"--seats lists {len(specs)}.")
    try:
        specs = [str(parse_kind(s)) for s in specs]
        for s in specs:
            make_bot(s, info.slug)
    except BotSpecError as exc:
        fail(str(exc))
    opts = parse_options(info, options)
    console = Console(stderr=True, highlight=False)
    progress = Progress(TextColumn(f"{info.name}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=console, transient=as_json,
                        disable=not console.is_terminal and as_json)
    with progress:
        task = progress.add_task("games", total=games)
        records = run(info.slug, specs, games, seed, workers, opts,
                      on_game=lambda rec: progress.advance(task))
    result = summary(records)
    result = {"title": info.slug, "seats": specs, "seed": seed, "workers": workers,
              "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg")
              else None, **result}
    if as_json:
        click.echo(json.dumps(result))
    else:
        table = Table(title=f"{info.name}: {result['games']} games, seats "
                            f"{', '.join(specs)} (rotated), seed {seed}", title_justify="left")
        for col in ("bot", "games", "wins", "win rate", "95 % interval", "mean score",
                    "move ms p50", "move ms p95"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for kind, d in result["bots"].items():
            lo, hi = d["ci95"]
            table.add_row(kind, str(d["games"]), f"{d['wins']:g}", f"{d['win_rate']:.1%}",
                          f"{lo:.1%} - {hi:.1%}", f"{d['mean_score']:.1f}",
                          f"{d['move_ms_p50']:.1f}", f"{d['move_ms_p95']:.1f}")
        Console(highlight=False, width=140).print(table)
    for err in result["errors"]:
        click.echo(f"game {err['game']} (seed {err['seed']}, seats {', '.join(err['seats'])}): "
                   f"{err['error']}", err=True)
    if result["errors"]:
        raise SystemExit(1)
