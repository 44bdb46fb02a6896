"""Measurements behind ``railyard bench``: random games per second on one core, and the
time of ``clone()``, ``apply()``, ``legal_actions()`` on states taken from a random game.

Times are CPU time of this (single-threaded) process, ``time.process_time``, so that a busy
shared machine does not distort them; the wall-clock rate is reported next to it.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any, Mapping

from ..engine import GameState, TitleInfo
from .random_bot import RandomBot
from .selfplay import DEFAULT_MAX_ACTIONS, GameDidNotEnd, play_out, random_game, start


CLOCK = time.process_time


@dataclass
class Throughput:
    games: int
    actions: int
    seconds: float  # CPU seconds
    wall_seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def wall_games_per_second(self) -> float:
        return self.games / self.wall_seconds if self.wall_seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def throughput(info: TitleInfo, players: list[str], options: Mapping[str, Any] | None = None,
               games: int | None = None, seconds: float | None = 5.0,
               first_seed: int = 1) -> Throughput:
    """Random games until ``games`` are played or ``seconds`` of CPU time have passed
    (whichever comes first; at least one game)."""
    played = actions = 0
    start_time, start_wall = CLOCK(), time.perf_counter()
    while True:
        _, n = random_game(info, players, first_seed + played, options)
        played += 1
        actions += n
        spent = CLOCK() - start_time
        if games is not None and played >= games:
            break
        if seconds is not None and spent >= seconds:
            break
    return Throughput(played, actions, CLOCK() - start_time, time.perf_counter() - start_wall)


def playout_throughput(info: TitleInfo, players: list[str],
                       options: Mapping[str, Any] | None = None, games: int | None = None,
                       seconds: float | None = 5.0, first_seed: int = 1) -> Throughput | None:
    """Random games as search plays them out: each game's start position is made first
    (not timed), then ``clone()`` and the title's ``random_playout`` to the end are timed:
    the same games as :func:`throughput` without their setup and what each title's
    playout leaves out (the small games: Choices, action dicts and re-validation; 1830 and
    1870: the engine wrapper's turn and shape checks, and in their
    frequent steps Choices and the drawn action's second check; see each title's
    ``playout.py``).  None when the title
    has no ``random_playout``."""
    played = actions = 0
    spent = wall = 0.0
    while True:
        state = start(info, players, first_seed + played, options)
        if getattr(state, "random_playout", None) is None:
            return None
        bot = RandomBot(first_seed + played)
        t0, w0 = CLOCK(), time.perf_counter()
        copy = state.clone()
        n = copy.random_playout(bot, DEFAULT_MAX_ACTIONS)
        spent += CLOCK() - t0
        wall += time.perf_counter() - w0
        if copy.current_player is not None:
            raise GameDidNotEnd(f"the game did not end within {DEFAULT_MAX_ACTIONS} actions")
        played += 1
        actions += n
        if games is not None and played >= games:
            break
        if seconds is not None and spent >= seconds:
            break
    return Throughput(played, actions, spent, wall)


def setup_micros(info: TitleInfo, players: list[str], options: Mapping[str, Any] | None = None,
                 count: int = 50) -> float:
    """Mean µs of making a new game's start position (part of every complete game)."""
    t0 = CLOCK()
    for seed in range(count):
        start(info, players, seed, options)
    return (CLOCK() - t0) / count * 1e6


def sample_states(info: TitleInfo, players: list[str], options: Mapping[str, Any] | None = None,
                  seed: int = 0, samples: int = 25) -> list[GameState]:
    """Copies of states spread over one random game (start, middle, late)."""
    _, length = random_game(info, players, seed, options)
    every = max(1, length // samples)
    state = start(info, players, seed, options)
    bot = RandomBot(seed)
    out = []
    for i in range(length):
        if i % every == 0:
            out.append(state.clone())
        state.apply(bot.choose(state))
    return out


def median_micros(func, states: list[GameState], repeat: int = 200) -> float:
    """Median over states of the mean time of ``func(state)`` in µs (the same state is
    passed ``repeat`` times, so ``func`` must not change it)."""
    per_state = []
    for s in states:
        t0 = CLOCK()
        for _ in range(repeat):
            func(s)
        per_state.append((CLOCK() - t0) / repeat * 1e6)
    return statistics.median(per_state)


@dataclass
class StepCosts:
    """Mean µs per call over states spread through a random game (means, not medians, so
    that rare expensive steps count as they do in a playout): ``apply`` of a bot's action,
    then ``legal_actions`` on the state just produced (no cache can help), and the bot's
    ``choose`` (which includes its own ``legal_actions`` call)."""
    apply: float
    legal_actions: float
    choose: float


def step_costs(states: list[GameState], repeat: int = 50, seed: int = 0) -> StepCosts:
    applies, legals, chooses = [], [], []
    for k, s in enumerate(states):
        if s.current_player is None:
            continue
        bot = RandomBot(seed + k)
        action = bot.choose(s.clone())
        copies = [s.clone() for _ in range(repeat)]
        t0 = CLOCK()
        for c in copies:
            c.apply(dict(action))
        t1 = CLOCK()
        for c in copies:
            if c.current_player is not None:
                c.legal_actions()
        t2 = CLOCK()
        fresh = [s.clone() for _ in range(repeat)]
        t3 = CLOCK()
        for c in fresh:
            bot.choose(c)
        t4 = CLOCK()
        applies.append((t1 - t0) / repeat * 1e6)
        legals.append((t2 - t1) / repeat * 1e6)
        chooses.append((t4 - t3) / repeat * 1e6)
    mean = statistics.fmean
    return StepCosts(mean(applies), mean(legals), mean(chooses)) if applies else \
        StepCosts(0.0, 0.0, 0.0)
