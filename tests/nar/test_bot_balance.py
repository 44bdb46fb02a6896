"""The rule-of-thumb bot plays only legal actions; the balance runner reports sane numbers."""
import pytest

from railyard.games.nar.balance import run
from railyard.games.nar.bot import NarBot
from railyard.games.nar.deck import builtin_deck
from railyard.engine import Game

from .helpers import money


@pytest.mark.parametrize("style", ["income", "coast", "value"])
def test_bot_plays_complete_legal_games(style):
    for seed in range(5):
        game = Game("north-american-railways", ["a", "b", "c", "d"], seed)
        bot = NarBot(seed, style)
        while not game.is_terminal:
            game.apply(bot.choose(game.state))  # raises if illegal
            assert money(game.state) == 0
        assert game.result() is not None


def test_balance_runner_counts_every_game_once():
    report = run(["value", "random", "random"], 6, builtin_deck(), rotate=True)
    assert sum(report["seat_win_rate"]) == pytest.approx(1.0, abs=0.005)
    assert report["rounds"] >= 1 and report["end_reasons"]


def test_random_player_plays_as_the_random_bot():
    """The balance runner's random seat (kept in the game package: layers) draws the same
    actions as ``bots.random_bot.RandomBot`` from the same seed, so the balance tables in
    docs/games/north-american-railways.md stay what they were."""
    from railyard.bots.random_bot import RandomBot
    from railyard.games.nar.bot import RandomPlayer
    for seed in range(3):
        a = Game("north-american-railways", ["a", "b", "c"], seed)
        b = Game("north-american-railways", ["a", "b", "c"], seed)
        mine, theirs = RandomPlayer(seed), RandomBot(seed)
        ranged = 0
        while not a.is_terminal:
            ranged += any(c.ranges for c in a.state.legal_actions())
            act = mine.choose(a.state)
            assert act == theirs.choose(b.state)
            a.apply(act)
            b.apply(act)
        assert ranged > 0
