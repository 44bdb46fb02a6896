"""``railyard simulate``: many random-bot games, with winners, lengths and throughput."""
from __future__ import annotations

import statistics
import time
import traceback

import click
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn,
                           TimeElapsedColumn)
from rich.table import Table
from rich.text import Text

from ..bots.selfplay import DEFAULT_MAX_ACTIONS, random_game, seat_names
from .common import fail, option_option, parse_options, resolve_title
from .render import console


def tick(progress: Progress, task: TaskID, shown: float) -> float:
    """Advance the bar; redraw if the last redraw is 0.1 s old.  Returns the redraw time."""
    progress.advance(task)
    now = time.perf_counter()
    if now - shown >= 0.1:
        progress.refresh()
        return now
    return shown


@click.command("simulate")
@click.argument("title")
@click.option("--games", default=100, show_default=True, type=click.IntRange(1),
              help="Number of games.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**63 - 1),
              help="Seed of the first game; game i uses seed+i.")
@click.option("--players", "count", type=int, default=None,
              help="Number of players (default: the game's minimum).")
@option_option
@click.option("--max-actions", default=DEFAULT_MAX_ACTIONS, show_default=True,
              type=click.IntRange(1), help="A game longer than this counts as an error.")
def command(title: str, games: int, seed: int, count: int | None, options: tuple[str, ...],
            max_actions: int) -> None:
    """Play GAMES random-bot games of TITLE and report winners, lengths and games/s."""
    info = resolve_title(title)
    opts = parse_options(info, options)
    count = info.min_players if count is None else count
    if not info.min_players <= count <= info.max_players:
        fail(f"{info.name} is played by {info.min_players} to {info.max_players} players, "
             f"not {count}.")
    players = seat_names(count)
    out = console()
    wins = [0.0] * count
    sole = [0] * count
    lengths: list[int] = []
    failures: list[tuple[int, str]] = []
    elapsed = cpu = shown = 0.0
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
               MofNCompleteColumn(), TimeElapsedColumn())
    # refreshed by hand (at most 10 times a second) so no refresh thread eats game time
    with Progress(*columns, console=out, transient=True, auto_refresh=False) as progress:
        task = progress.add_task(f"{info.slug}", total=games)
        for i in range(games):
            game_seed = seed + i
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                state, n = random_game(info, players, game_seed, opts, max_actions)
                res = state.result()
            except Exception:  # noqa: BLE001 - every failure is reported with its seed
                elapsed += time.perf_counter() - t0
                cpu += time.process_time() - c0
                failures.append((game_seed, traceback.format_exc()))
                shown = tick(progress, task, shown)
                continue
            elapsed += time.perf_counter() - t0
            cpu += time.process_time() - c0
            lengths.append(n)
            for w in res.winners:
                wins[w] += 1 / len(res.winners)
            if len(res.winners) == 1:
                sole[res.winners[0]] += 1
            shown = tick(progress, task, shown)

    done = len(lengths)
    click.echo(f"{info.name}: {done} of {games} games finished, {count} players, "
               f"seeds {seed}..{seed + games - 1}")
    table = Table(title="Winners per seat", title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("wins (ties shared)", justify="right")
    table.add_column("sole wins", justify="right")
    table.add_column("share", justify="right")
    for s in range(count):
        share = f"{100 * wins[s] / done:.1f}%" if done else "-"
        table.add_row(str(s), f"{wins[s]:g}", str(sole[s]), share)
    out.print(table)
    if lengths:
        out.print(Text(f"Game length (actions): min {min(lengths)}, "
                       f"mean {statistics.fmean(lengths):.1f}, max {max(lengths)}"))
    rate = done / elapsed if elapsed > 0 else 0.0
    click.echo(f"{rate:.1f} games/s")
    if done:
        click.echo(f"(wall clock; CPU time per game {1000 * cpu / len(lengths):.2f} ms)")
    if failures:
        for game_seed, trace in failures[:5]:
            click.echo(f"Game with seed {game_seed} raised an error:\n{trace}", err=True)
        seeds = ", ".join(str(s) for s, _ in failures)
        click.echo(f"{len(failures)} of {games} games raised an error (seeds: {seeds}).",
                   err=True)
        raise SystemExit(1)
