"""Tournaments: bots of given kinds play complete games against each other.

Seats rotate: game ``g`` seats kind ``seats[(i + g) % n]`` at seat ``i``, and the deal (the
game's seed) is ``seed + g // n``, so every block of ``n`` games plays one deal with every
rotation.  Each bot decides from its seat's view only (``kinds.play_move``).

``opening``: the first ``opening`` actions of every game are drawn at random among the legal
ones (``RandomBot`` seeded by the deal), the same for every rotation of a deal; then the
bots play.  Titles without chance after the set-up (Chicago Express, 1830, American Rails
with four or more players) played by bots that draw no random numbers give one game per
rotation however many deals are played; a random opening makes the deals differ, so that a
long tournament measures more than ``n`` games.  0 (the default): the bots play from the
start.  The opening's actions are no bot's decisions: they count in no bot's figures.

Figures per bot kind (``"mcts:normal"``, ``"random"``, ...), over all seats of that kind
in all games ("seat-games"):

- ``games``: seat-games played; ``wins``: won seat-games, a tie for first place shared
  evenly (two tied winners each count 1/2; North American Railways breaks ties itself);
- ``win_rate`` = wins / games, ``ci95``: the Wilson score interval at 95 %;
- ``mean_score``: mean final score (the title's result, e.g. cash);
- ``bankruptcies``: seat-games in which the bot went bankrupt (1830, 1870);
- ``cpu_ms_p50`` / ``cpu_ms_p95`` / ``cpu_ms_mean``: the bot's thinking time per decision
  as CPU time of the thread that plays it (``time.thread_time``: what the bot computed, not
  how long a busy machine made it wait), decisions with one possible action included;
- ``move_ms_p50`` / ``move_ms_p95``: the same by the wall clock;
- ``work_per_move``: the counted work the bot reports (its ``work`` counter; ``work_unit``
  names it: playout actions for ``mcts``, optimiser nodes plus positions tried for
  ``strategic``/``basic``, positions scored for ``rules``), the mean per decision; ``None``
  for a bot that counts none (``random``);
- ``capped``: decisions the bot's wall-clock safety cap cut short (0 on a machine at normal
  load; more means the machine was too busy for the games to be reproducible).

Per game (``game_facts``): the seats, scores and winners, the actions, and what the title
has of stock rounds, the final phase (1830, 1870), rounds (North American Railways: rounds;
American Rails: years; Chicago Express: general dividends) and how the game ended.

``save_dir``: every game is also written there as a railyard save file
(``game-NNNN.json``, loadable with ``railyard show`` / ``replay`` / ``play --load``); the
players are named ``P1 KIND``, ``P2 KIND`` ... after the seat's bot kind.
"""
from __future__ import annotations

import math
import os
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..engine import available
from .kinds import make_bot, parse_kind, play_move
from .selfplay import DEFAULT_MAX_ACTIONS

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


@dataclass
class GameRecord:
    index: int
    seed: int
    kinds: list[str]                      # kind per seat
    scores: list[float] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    move_ms: list[list[float]] = field(default_factory=list)
    actions: int = 0
    error: str | None = None
    #: CPU ms per decision, per seat (``time.thread_time``)
    cpu_ms: list[list[float]] = field(default_factory=list)
    #: counted work per decision, per seat (empty for a bot that counts none)
    work: list[list[float]] = field(default_factory=list)
    #: the unit of each seat's work (None: it counts none)
    work_unit: list[str | None] = field(default_factory=list)
    #: seats that went bankrupt
    bankrupt: list[int] = field(default_factory=list)
    #: what the title tells of the game's course and end (:func:`game_facts`)
    facts: dict[str, Any] = field(default_factory=dict)
    #: the save file written (``save_dir``), else None
    saved: str | None = None
    #: decisions per seat that the bot's wall-clock safety cap cut short
    capped: list[int] = field(default_factory=list)


def player_names(kinds: list[str]) -> list[str]:
    """Seat names of a tournament game: ``P1 mcts:normal``, ``P2 random``, ..."""
    return [f"P{i + 1} {k}" for i, k in enumerate(kinds)]


def game_facts(state: Any) -> dict[str, Any]:
    """How a finished (or stopped) game went, in the terms the title has: 1830 and 1870
    ``stock_rounds`` and the final ``phase``; the small games ``rounds`` (NAR: rounds played,
    American Rails: years, Chicago Express: general dividends, ``round_unit`` says which);
    ``end``: why it ended (short), ``end_sentence``: the title's own sentence."""
    out: dict[str, Any] = {}
    s = getattr(state, "s", None)
    if isinstance(s, dict) and "sr" in s:
        out["stock_rounds"] = s["sr"]
        out["phase"] = s.get("phase")
        out["end"] = s.get("end_reason")
    elif hasattr(state, "end_reasons"):                          # North American Railways
        out.update(rounds=state.round, round_unit="rounds",
                   end="; ".join(state.end_reasons) or None)
    elif hasattr(state, "year_index"):                           # American Rails
        out.update(rounds=state.year_index + 1, round_unit="years", year=state.year,
                   end=state.end_reason)
    elif hasattr(state, "general_dividends"):                    # Chicago Express
        conds = state.end_conditions() if state.current_player is None else []
        out.update(rounds=state.general_dividends, round_unit="general dividends",
                   end=", ".join(conds) or None)
    if state.current_player is None:
        try:
            out["end_sentence"] = state.end_sentence()
        except Exception:  # noqa: BLE001 - a sentence must never lose a result
            pass
    return out


def seating(seats: list[str], g: int) -> list[str]:
    n = len(seats)
    return [seats[(i + g) % n] for i in range(n)]


def play_game(title: str, seats: list[str], g: int, seed: int,
              options: dict[str, Any] | None = None,
              max_actions: int = DEFAULT_MAX_ACTIONS,
              save_dir: str | None = None, opening: int = 0) -> GameRecord:
    """Game ``g`` of a tournament (seating and deal as in the module docstring); with
    ``save_dir`` it is also written there as a save file, also when it stopped on an error
    (then the save holds the actions up to the error)."""
    info = available()[title]
    n = len(seats)
    kinds = seating(seats, g)
    deal = seed + g // n
    rec = GameRecord(g, deal, kinds, move_ms=[[] for _ in range(n)],
                     cpu_ms=[[] for _ in range(n)], work=[[] for _ in range(n)],
                     capped=[0] * n)
    log: list[dict] = []
    names = player_names(kinds)
    opts = info.resolve_options(options)
    state = None
    try:
        state = info.factory(info.check_players(names), deal, opts)
        bots = [make_bot(k, title, deal * 1009 + g * 31 + i) for i, k in enumerate(kinds)]
        rec.work_unit = [getattr(b, "work_unit", None) if hasattr(b, "work") else None
                         for b in bots]
        if opening:
            from .random_bot import RandomBot
            drawer = RandomBot(deal)            # the same opening for every rotation
            while rec.actions < opening and state.current_player is not None:
                done = state.apply(drawer.choose(state))
                log.append(done)
                rec.actions += 1
        while state.current_player is not None:
            if rec.actions >= max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
            p = state.current_player
            bot = bots[p]
            w0 = getattr(bot, "work", None)
            t0, c0 = time.perf_counter(), time.thread_time()
            act = play_move(bot, state)
            rec.cpu_ms[p].append((time.thread_time() - c0) * 1000.0)
            rec.move_ms[p].append((time.perf_counter() - t0) * 1000.0)
            if w0 is not None:
                rec.work[p].append(float(bot.work - w0))
            if getattr(bot, "capped", False):
                rec.capped[p] += 1
            done = state.apply(act)
            log.append(done)
            if done.get("type") == "bankrupt" and done.get("player") not in rec.bankrupt:
                rec.bankrupt.append(done.get("player"))
            rec.actions += 1
        res = state.result()
        rec.scores = [float(s) for s in res.scores]
        share = 1.0 / len(res.winners)
        rec.win_share = [share if i in res.winners else 0.0 for i in range(n)]
        s = getattr(state, "s", None)
        if isinstance(s, dict) and s.get("bankrupt") is not None and \
                s["bankrupt"] not in rec.bankrupt:
            rec.bankrupt.append(s["bankrupt"])
    except Exception as exc:  # noqa: BLE001 - reported per game, the tournament goes on
        rec.error = f"{type(exc).__name__}: {exc}"
    if state is not None:
        try:
            rec.facts = game_facts(state)
        except Exception:  # noqa: BLE001 - facts are extra; never lose the result
            rec.facts = {}
    if save_dir is not None:
        rec.saved = save_game(title, names, deal, opts, log,
                              os.path.join(save_dir, f"game-{g + 1:04d}.json"))
    return rec


def save_game(title: str, names: list[str], seed: int, options: dict[str, Any],
              log: list[dict], path: str) -> str | None:
    """Write the game as a railyard save file (the log replayed through ``Game``, so the
    file is exactly what ``railyard show`` loads); the path, or None if it failed."""
    from ..engine.game import Game
    try:
        game = Game(title, names, seed, options)
        for act in log:
            game.apply(act)
        game.save(path)
    except Exception:  # noqa: BLE001 - the result counts even if its file cannot be written
        return None
    return path


def _play_star(args: tuple) -> GameRecord:
    return play_game(*args)


def run(title: str, seats: list[str], games: int, seed: int, workers: int = 1,
        options: dict[str, Any] | None = None,
        on_game: Callable[[GameRecord], None] | None = None,
        save_dir: str | None = None, first: int = 0, opening: int = 0) -> list[GameRecord]:
    """Play ``games`` games (in ``workers`` processes when more than one); ``on_game`` is
    called as each game finishes; ``save_dir`` (created if missing) gets every game as a
    save file.  ``first``: the index of the first game, so that a long tournament can be
    played in parts (games ``first`` .. ``first + games - 1`` seated and dealt exactly as in
    one run); ``opening``: random opening actions per game (module docstring)."""
    seats = [str(parse_kind(s)) for s in seats]   # "mcts" -> "mcts:normal"
    for s in seats:
        make_bot(s, title)                      # unknown kinds fail before any game starts
    if save_dir is not None:
        os.makedirs(save_dir, exist_ok=True)
    jobs = [(title, seats, g, seed, options, DEFAULT_MAX_ACTIONS, save_dir, opening)
            for g in range(first, first + games)]
    records: list[GameRecord] = []
    if workers <= 1:
        for job in jobs:
            rec = _play_star(job)
            records.append(rec)
            if on_game:
                on_game(rec)
    else:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(workers) as pool:
            for rec in pool.imap_unordered(_play_star, jobs):
                records.append(rec)
                if on_game:
                    on_game(rec)
    records.sort(key=lambda r: r.index)
    return records


def summary(records: Iterable[GameRecord]) -> dict[str, Any]:
    """The figures per bot kind and per game (see the module docstring) and the errors."""
    per: dict[str, dict[str, Any]] = {}
    errors = []
    games = []
    played = 0
    for rec in records:
        if rec.error is not None:
            errors.append({"game": rec.index, "seed": rec.seed, "seats": rec.kinds,
                           "error": rec.error, "save": rec.saved})
            continue
        played += 1
        games.append({"game": rec.index, "seed": rec.seed, "seats": rec.kinds,
                      "scores": rec.scores,
                      "winners": [i for i, w in enumerate(rec.win_share) if w > 0],
                      "actions": rec.actions, "bankrupt": rec.bankrupt, **rec.facts,
                      "save": rec.saved})
        for i, kind in enumerate(rec.kinds):
            d = per.setdefault(kind, {"games": 0, "wins": 0.0, "scores": [], "ms": [],
                                      "cpu": [], "work": [], "unit": None, "bankrupt": 0,
                                      "capped": 0})
            d["games"] += 1
            d["wins"] += rec.win_share[i]
            d["scores"].append(rec.scores[i])
            d["ms"].extend(rec.move_ms[i])
            if rec.cpu_ms:
                d["cpu"].extend(rec.cpu_ms[i])
            if rec.work and rec.work[i]:
                d["work"].extend(rec.work[i])
                d["unit"] = rec.work_unit[i] if rec.work_unit else None
            d["bankrupt"] += i in rec.bankrupt
            d["capped"] += rec.capped[i] if rec.capped else 0
    bots = {}
    for kind, d in per.items():
        n = d["games"]
        lo, hi = wilson(d["wins"], n)
        bots[kind] = {
            "games": n,
            "wins": round(d["wins"], 4),
            "win_rate": round(d["wins"] / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(sum(d["scores"]) / n, 2) if n else 0.0,
            "bankruptcies": d["bankrupt"],
            "cpu_ms_p50": round(percentile(d["cpu"], 0.50), 3),
            "cpu_ms_p95": round(percentile(d["cpu"], 0.95), 3),
            "cpu_ms_mean": round(statistics.fmean(d["cpu"]), 3) if d["cpu"] else 0.0,
            "move_ms_p50": round(percentile(d["ms"], 0.50), 3),
            "move_ms_p95": round(percentile(d["ms"], 0.95), 3),
            "moves": len(d["ms"]),
            "work_per_move": round(statistics.fmean(d["work"]), 1) if d["work"] else None,
            "work_unit": d["unit"],
            "capped": d["capped"],
        }
    return {"games": played, "bots": bots, "per_game": games, "course": course(games),
            "errors": errors}


def course(games: list[dict[str, Any]]) -> dict[str, Any]:
    """How the games went, summed up: the median of stock rounds (or rounds), the final
    phases and the endings with their counts."""
    out: dict[str, Any] = {}
    for key in ("stock_rounds", "rounds"):
        vals = [g[key] for g in games if isinstance(g.get(key), (int, float))]
        if vals:
            out[f"{key}_median"] = statistics.median(vals)
            out[f"{key}_max"] = max(vals)
    for key, name in (("phase", "phases"), ("end", "endings")):
        counts: dict[str, int] = {}
        for g in games:
            if g.get(key) is not None:
                counts[str(g[key])] = counts.get(str(g[key]), 0) + 1
        if counts:
            out[name] = dict(sorted(counts.items()))
    return out
