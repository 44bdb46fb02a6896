"""``railyard tournament``: bots play each other; per bot kind the win rate with its 95 %
interval, mean score, bankruptcies, CPU time and counted work per move; per game how it
went and ended; ``--save DIR`` keeps every game as a save file
(``railyard.bots.tournament``)."""
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
                   "and basic[:easy|normal|hard] (e.g. mcts:normal,random,random,random).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=20, show_default=True,
              help="Games to play (seats rotate from game to game).")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True,
              help="Seed of the first deal.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Games played at once, in separate processes.")
@click.option("--first-game", type=click.IntRange(0, 10_000_000), default=0, show_default=True,
              help="Index of the first game: play a long tournament in parts, each game "
                   "seated and dealt as in one run (game g: rotation g, deal SEED + g // "
                   "players).")
@click.option("--opening", type=click.IntRange(0, 1000), default=0, show_default=True,
              help="Random opening actions per game (the same for every rotation of a "
                   "deal), so that bots without chance play different games from deal to "
                   "deal; 0: the bots play from the start.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--save", "save_dir", type=click.Path(file_okay=False, writable=True),
              default=None, help="Write every game to this directory as a save file "
                                 "(game-0001.json, ...; railyard show / replay load them).")
@option_option
def command(title: str, seats: str, games: int, seed: int, workers: int, first_game: int,
            opening: int, as_json: bool, save_dir: str | None,
            options: tuple[str, ...]) -> None:
    """Play GAMES games of TITLE between bots and report per bot kind: games (seat-games),
    wins (a tie for first counts shared), win rate with its 95 % Wilson interval, mean
    score, bankruptcies, CPU time per move (p50 / p95, ms), wall-clock p95 and the work the
    bot counted per move; then per game its seats, winner, stock rounds and final phase
    (1830, 1870) or rounds, and how it ended."""
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
    if save_dir is not None:
        try:
            os.makedirs(save_dir, exist_ok=True)
        except OSError as exc:
            fail(f"Cannot create the directory {save_dir} for the saves: {exc.strerror}.")
    console = Console(stderr=True, highlight=False)
    progress = Progress(TextColumn(f"{info.name}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=console, transient=as_json,
                        disable=not console.is_terminal and as_json)
    with progress:
        task = progress.add_task("games", total=games)
        records = run(info.slug, specs, games, seed, workers, opts,
                      on_game=lambda rec: progress.advance(task), save_dir=save_dir,
                      first=first_game, opening=opening)
    result = summary(records)
    result = {"title": info.slug, "seats": specs, "seed": seed, "first_game": first_game,
              "opening": opening,
              "workers": workers,
              "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg")
              else None, **result}
    if as_json:
        click.echo(json.dumps(result))
    else:
        print_tables(info.name, specs, seed, result)
    for err in result["errors"]:
        click.echo(f"game {err['game']} (seed {err['seed']}, seats {', '.join(err['seats'])}): "
                   f"{err['error']}", err=True)
    if result["errors"]:
        raise SystemExit(1)


def print_tables(name: str, specs: list[str], seed: int, result: dict) -> None:
    """The figures per bot kind, then one row per game."""
    out = Console(highlight=False, width=160)
    table = Table(title=f"{name}: {result['games']} games, seats {', '.join(specs)} "
                        f"(rotated), seed {seed}", title_justify="left")
    for col in ("bot", "games", "wins", "win rate", "95 % interval", "mean score",
                "bankrupt", "CPU ms p50", "CPU ms p95", "wall ms p95", "work / move"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for kind, d in result["bots"].items():
        lo, hi = d["ci95"]
        work = "-" if d["work_per_move"] is None else \
            f"{d['work_per_move']:,.0f} {d['work_unit'] or ''}".strip()
        table.add_row(kind, str(d["games"]), f"{d['wins']:g}", f"{d['win_rate']:.1%}",
                      f"{lo:.1%} - {hi:.1%}", f"{d['mean_score']:.1f}",
                      str(d["bankruptcies"]), f"{d['cpu_ms_p50']:.1f}",
                      f"{d['cpu_ms_p95']:.1f}", f"{d['move_ms_p95']:.1f}", work)
    out.print(table)
    capped = {k: d["capped"] for k, d in result["bots"].items() if d.get("capped")}
    if capped:
        out.print("The wall-clock safety cap cut decisions short (the machine was too busy; "
                  "these games are not reproducible): " +
                  ", ".join(f"{k} {n}" for k, n in capped.items()) + ".")
    rows = result["per_game"]
    if not rows:
        return
    eighteen = any("stock_rounds" in g for g in rows)
    unit = next((g.get("round_unit") for g in rows if g.get("round_unit")), "rounds")
    per = Table(title="Games", title_justify="left")
    cols = ["game", "deal", "seats", "winner", "actions"]
    cols += ["stock rounds", "phase"] if eighteen else [unit]
    cols += ["bankrupt", "how it ended"]
    if any(g.get("save") for g in rows):
        cols.append("save")
    for col in cols:
        per.add_column(col, justify="right" if col in ("game", "deal", "actions",
                                                       "stock rounds", unit) else "left")
    for g in rows:
        winners = ", ".join(f"P{w + 1} {g['seats'][w]}" for w in g["winners"])
        cells = [str(g["game"] + 1), str(g["seed"]), ", ".join(g["seats"]), winners,
                 str(g["actions"])]
        if eighteen:
            cells += [str(g.get("stock_rounds", "")), str(g.get("phase", ""))]
        else:
            cells.append(str(g.get("rounds", "")))
        cells += [", ".join(f"P{b + 1}" for b in g["bankrupt"]) or "-",
                  str(g.get("end") or g.get("end_sentence") or "")]
        if "save" in cols:
            cells.append(g.get("save") or "")
        per.add_row(*cells)
    out.print(per)
    course = result.get("course") or {}
    if course:
        parts = []
        for key, label in (("stock_rounds_median", "median stock rounds"),
                           ("rounds_median", f"median {unit}")):
            if key in course:
                parts.append(f"{label} {course[key]:g}")
        for key, label in (("phases", "final phases"), ("endings", "endings")):
            if key in course:
                parts.append(f"{label}: " + ", ".join(f"{k} x{v}" for k, v in
                                                      course[key].items()))
        out.print("; ".join(parts))
