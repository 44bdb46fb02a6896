"""18xx positions for the web tests, reached by bots (deterministic: fixed seeds)."""
from __future__ import annotations

from typing import Any, Callable


def play_1830_until(stop: Callable[[Any], bool], seed: int = 1, bot_seed: int = 2,
                    limit: int = 3000) -> Any:
    """A 4-player 1830 game played by random bots until ``stop(game)`` holds."""
    return play_until("1830", stop, seed, bot_seed, limit)


def play_until(title: str, stop: Callable[[Any], bool], seed: int = 1, bot_seed: int = 2,
               limit: int = 3000) -> Any:
    """A 4-player game of ``title`` played by random bots until ``stop(game)`` holds."""
    from railyard.bots.random_bot import RandomBot
    from railyard.engine import Game
    game, bot = Game(title, ["Ann", "Bob", "Cy", "Di"], seed), RandomBot(bot_seed)
    while not stop(game):
        assert not game.is_terminal and len(game.log) < limit, "position not reached"
        game.apply(bot.choose(game.state))
    return game


def routes_step(game: Any) -> bool:
    return any(c.type == "run_routes" for c in game.legal_actions())


def several_trains_running(game: Any) -> bool:
    """A run_routes turn where two trains can run and one route has several stretches
    (seed 1 with bot seed 6: NYC, log index 721; bot seed 2 reached one at 724 until declined
    offers could be made again only higher)."""
    if not routes_step(game):
        return False
    from railyard.routing import auto_routes
    corp = game.state.s["op"]["corp"]
    routes = auto_routes(game.state, corp)["routes"]
    return len(routes) >= 2 and any(len(r["chains"]) >= 2 for r in routes)
