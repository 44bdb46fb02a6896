"""Bot-only games: the loop behind ``railyard simulate`` and ``railyard bench``.

Games run on the bare state (no log, no save digests) so that the measured speed is the
engine's and the bot's.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..engine import GameState, TitleInfo
from .random_bot import RandomBot

#: a random game longer than this is reported as an error (a game must end)
DEFAULT_MAX_ACTIONS = 100_000


class GameDidNotEnd(RuntimeError):
    pass


def start(info: TitleInfo, players: list[str], seed: int,
          options: Mapping[str, Any] | None = None) -> GameState:
    return info.factory(info.check_players(players), seed, info.resolve_options(options))


def play_out(state: GameState, bot: RandomBot, max_actions: int = DEFAULT_MAX_ACTIONS) -> int:
    """Let ``bot`` play every seat until the game ends; returns the number of actions."""
    n = 0
    while state.current_player is not None:
        if n >= max_actions:
            raise GameDidNotEnd(f"the game did not end within {max_actions} actions")
        state.apply(bot.choose(state))
        n += 1
    if state.result() is None:
        raise RuntimeError("the game ended without a result")
    return n


def random_game(info: TitleInfo, players: list[str], seed: int,
                options: Mapping[str, Any] | None = None,
                max_actions: int = DEFAULT_MAX_ACTIONS) -> tuple[GameState, int]:
    """One complete random game; the bot is seeded from the game's seed."""
    state = start(info, players, seed, options)
    return state, play_out(state, RandomBot(seed), max_actions)


def seat_names(count: int) -> list[str]:
    return [f"P{i + 1}" for i in range(count)]
