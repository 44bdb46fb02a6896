"""``railyard bench``: random games per second on one core and the cost of ``clone()``."""
from __future__ import annotations

import os
import platform
import traceback

import click
from rich.console import Console
from rich.table import Table

from ..bots.measure import (median_micros, playout_throughput, sample_states, setup_micros,
                            step_costs, throughput)
from ..bots.selfplay import seat_names
from ..engine import TitleInfo, available
from .common import fail, option_option, parse_options, resolve_title

COLUMNS = ("game", "players", "games", "actions/game", "games/s", "wall games/s", "actions/s",
           "playout games/s", "setup µs", "clone µs (median)", "apply µs (mean)",
           "legal µs (mean)", "bot µs (mean)")


#: titles whose start position is slow to make (the setup column times fewer of them)
SLOW_SETUP = frozenset({"1830", "1870"})


def measure(info: TitleInfo, count: int, opts: dict, games: int | None,
            seconds: float | None) -> tuple[str, ...]:
    players = seat_names(count)
    result = throughput(info, players, opts, games=games, seconds=seconds)
    fast = playout_throughput(info, players, opts, games=games, seconds=seconds)
    setup_us = setup_micros(info, players, opts, count=5 if info.slug in SLOW_SETUP else 50)
    states = sample_states(info, players, opts)
    clone_us = median_micros(lambda s: s.clone(), states)
    costs = step_costs(states)
    playout = "-" if fast is None else f"{fast.games_per_second:.1f}"
    click.echo(f"{info.slug}: {result.games_per_second:.1f} games/s, "
               f"clone {clone_us:.1f} µs (median); wall clock "
               f"{result.wall_games_per_second:.1f} games/s")
    if fast is not None:
        click.echo(f"{info.slug}: playouts {playout} games/s (clone + random_playout from "
                   f"the start position; setup {setup_us:.0f} µs not timed)")
    return (info.slug, str(count), str(result.games), f"{result.actions / result.games:.0f}",
            f"{result.games_per_second:.1f}", f"{result.wall_games_per_second:.1f}",
            f"{result.actions_per_second:.0f}", playout, f"{setup_us:.0f}",
            f"{clone_us:.1f}", f"{costs.apply:.1f}", f"{costs.legal_actions:.1f}",
            f"{costs.choose:.1f}")


@click.command("bench")
@click.argument("title", required=False)
@click.option("--games", type=click.IntRange(1), default=None,
              help="Stop after this many games.")
@click.option("--seconds", type=click.FloatRange(0, min_open=True), default=None,
              help="Stop after this many seconds (default 10 when --games is not given).")
@click.option("--players", "count", type=int, default=None,
              help="Number of players (default: the game's minimum).")
@option_option
@click.option("--export", "export", type=click.Path(dir_okay=False), default=None,
              help="Instead: time the full import of this 18xx.games export (1830, 1870).")
@click.option("--rounds", type=click.IntRange(1), default=20,
              help="Imports to time with --export (after one warm-up).")
@click.option("--env", "env", is_flag=True, default=False,
              help="Instead: research-environment steps/s with an observation and a mask "
                   "every step (railyard.envs, needs the rl extra; docs/research.md).")
def command(title: str | None, games: int | None, seconds: float | None, count: int | None,
            options: tuple[str, ...], export: str | None = None, rounds: int = 20,
            env: bool = False) -> None:
    """Measure random games/s on one core and clone() µs (median), plus the mean µs of
    apply(), legal_actions() and the random bot's choice, for TITLE (default: every game).

    "games/s": complete games (setup included) played by the random bot through
    legal_actions() and apply(), the engine contract.  "playout games/s": the same games as
    search plays them out: clone() of the start position and the title's random_playout
    (setup not timed; "-" where a title has none).  The small games' playouts build no
    Choices or action dicts and do not re-validate; 1830's and 1870's list the frequent
    steps (1830: stock turns and most operating steps; 1870: tile lays as groups, stock
    turns, route runs) in legal_actions() order without Choices or without re-checking
    the drawn action, and the rest through legal_actions() and the rules' checks; none has
    the engine contract's turn check (no state takes an undo snapshot, and only a Game's
    state records events).  "setup µs": making a
    start position.  Rates and times are CPU time of this
    single-threaded process, so a busy machine distorts them less; the wall-clock rate is
    shown too."""
    if env:
        _bench_env(title, count, seconds or 5.0)
        return
    if export is not None:
        from ..eighteen.import18xx import ExportError
        from ..eighteen.import18xx import bench as import_bench
        try:
            with open(export, "rb") as fh:
                text = fh.read()
            click.echo(import_bench.report(export, import_bench.measure(text, rounds)))
        except (OSError, ExportError) as exc:
            fail(f"Cannot time the import of {export}: {exc}.")
        return
    if seconds is None and games is None:
        seconds = 10.0
    if title is None and options:
        fail("--option needs a TITLE.")
    infos = [resolve_title(title)] if title else list(available().values())
    rows, broken = [], []
    for info in infos:
        n = info.min_players if count is None else count
        if not info.min_players <= n <= info.max_players:
            if title:
                fail(f"{info.name} is played by {info.min_players} to {info.max_players} "
                     f"players, not {n}.")
            continue
        opts = parse_options(info, options) if title else info.resolve_options({})
        try:
            rows.append(measure(info, n, opts, games, seconds))
        except Exception:  # noqa: BLE001 - one broken title must not hide the others
            broken.append(info.slug)
            click.echo(f"{info.slug}: a random game raised an error:\n"
                       f"{traceback.format_exc()}", err=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    table = Table(title=f"railyard bench · Python {platform.python_version()} · "
                        f"{platform.machine()} · one core · CPU time · load average {load:.1f}",
                  title_justify="left")
    for col in COLUMNS:
        table.add_column(col, justify="left" if col == "game" else "right")
    for row in rows:
        table.add_row(*row)
    Console(highlight=False, width=200).print(table)
    if broken:
        raise SystemExit(1)


def _bench_env(title: str | None, count: int | None, seconds: float) -> None:
    """``--env``: steps/s of the environment episode loop (envs/bench.py) per title."""
    try:
        from ..envs import bench, titles
    except ImportError as exc:
        fail(f"The research environments need the rl extra (pip install railyard[rl]): {exc}.")
    slugs = [resolve_title(title).slug] if title else titles.available()
    ref = bench.reference_ms()
    for slug in slugs:
        if slug not in titles.available():
            fail(f"There is no environment encoder for {slug} in this checkout.")
        info = resolve_title(slug)
        n = count or min(max(4, info.min_players), info.max_players)
        if not info.min_players <= n <= info.max_players:
            fail(f"{info.name} is played by {info.min_players} to {info.max_players} "
                 f"players, not {n}.")
        r = bench.episode_rate(slug, n, seconds)
        base = bench.api_rate(slug, n, seconds)
        target = bench.TARGETS.get(slug)
        click.echo(f"{slug} ({n} players): {r.per_second:.0f} env steps/s (CPU time, one "
                   f"core; wall clock {r.wall_per_second:.0f}), observation and mask every "
                   f"step; target {target}; {r.games} games ended; the engine's API alone "
                   f"(random bot, no tensors) at this moment: {base.per_second:.0f} steps/s")
    click.echo(f"reference loop {ref:.0f} ms CPU; load average {bench.load_average():.1f}")
