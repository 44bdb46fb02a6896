"""Random 1870 games end (bank broken, bankruptcy, ...) with the random bot's 1870 lean
(``games/g1870/lean.py``, registered as the title's ``random_lean``), without rules errors,
conserving money and certificates."""
from __future__ import annotations

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.bots.weights import weights
from railyard.engine.actions import Choice
from railyard.engine.registry import get_title
from railyard.bots.selfplay import start

CAP = 20_000


@pytest.mark.parametrize("seed,players,options", [
    (0, 2, {}), (7, 3, {}), (1, 3, {"diesels": True}), (2, 3, {"station_wars": True}),
    (3, 3, {"historical_start": True}), (4, 3, {"original_rules": True})])
def test_random_game_ends_with_a_result(seed, players, options):
    state = start(get_title("1870"), [f"p{i}" for i in range(players)], seed, options)
    bot = RandomBot(seed)
    n = 0
    while state.current_player is not None:
        assert n < CAP, "the random game did not end"
        state.apply(bot.choose(state))
        n += 1
        s = state.s
        assert sum(s["cash"]) + s["bank"] + sum(c["cash"] for c in s["corps"].values()) == 12000
    res = state.result()
    assert res is not None and res.details["reason"] in (
        "bank broken", "bankruptcy", "all corporations closed")


def test_lean_only_for_1870_and_split_over_the_choices_of_a_type():
    choices = [Choice("pass", 0), Choice("buy_share", 0, {"corporation": "IC"}),
               Choice("buy_share", 0, {"corporation": "MP"})]
    assert weights("1830", choices) is None and weights(None, choices) is None
    assert weights("no-such-game", choices) is None
    assert weights("1870", choices) == [1.0, 3.0, 3.0]
