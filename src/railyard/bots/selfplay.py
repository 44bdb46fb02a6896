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


def fast_play_out(state: GameState, bot: RandomBot,
                  max_actions: int = DEFAULT_MAX_ACTIONS) -> int:
    """Like :func:`play_out`, through the title's ``random_playout`` where it has one (the
    same game: the small games' without Choices, action dicts and re-validation; 1830's and
    1870's without the engine wrapper's turn and shape checks), which is what search playouts need; otherwise :func:`play_out`."""
    fast = getattr(state, "random_playout", None)
    if fast is None or type(bot) is not RandomBot or bot.auto_routes:
        return play_out(state, bot, max_actions)
    n = fast(bot, max_actions)
    if state.current_player is not None:
        raise GameDidNotEnd(f"the game did not end within {max_actions} actions")
    if state.result() is None:
        raise RuntimeError("the game ended without a result")
    return n


def random_game(info: TitleInfo, players: list[str], seed: int,
                options: Mapping[str, Any] | None = None,
                max_actions: int = DEFAULT_MAX_ACTIONS,
                fast: bool = False) -> tuple[GameState, int]:
    """One complete random game; the bot is seeded from the game's seed.  ``fast``: through
    the title's playout (:func:`fast_play_out`), the same game."""
    state = start(info, players, seed, options)
    loop = fast_play_out if fast else play_out
    return state, loop(state, RandomBot(seed), max_actions)


def seat_names(count: int) -> list[str]:
    return [f"P{i + 1}" for i in range(count)]
