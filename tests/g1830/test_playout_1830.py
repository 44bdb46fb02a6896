"""1830's own random playout (``games/g1830/playout.py``) against the apply loop: whole
games played in chunks of random length (so the listing a stock action leaves for the
next step is used across many steps, and a playout also starts in every kind of
position), with every kept listing compared with a new one (``CHECK_KEPT``); after every
chunk the states (all of ``s``), the acts counter and the generators must be equal."""
from __future__ import annotations

import random

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.games.g1830 import playout
from railyard.games.g1830.state import G1830State


@pytest.mark.parametrize("seed,players,options", [
    (11, 4, {}), (12, 3, {}), (13, 5, {"multiple_brown_from_ipo": True}), (14, 6, {}),
    (15, 2, {"agreed_prices_need_consent": False}),
    (16, 4, {"withhold_moves_at_once": True, "train_limit_purchase_then_discard": True})])
def test_playout_in_chunks_is_the_apply_loop(monkeypatch, seed, players, options):
    monkeypatch.setattr(playout, "CHECK_KEPT", True)
    a = G1830State([f"P{i}" for i in range(players)], seed, options)
    b = a.clone()
    bot_a, bot_b = RandomBot(seed), RandomBot(seed)
    sizes = random.Random(seed)
    steps = 0
    while a.current_player is not None:
        n = sizes.choice([1, 2, 3, 7, 20, 60])
        done = 0
        while done < n and a.current_player is not None:
            a.apply(bot_a.choose(a))
            done += 1
        assert b.random_playout(bot_b, n) == done
        steps += done
        assert a.s == b.s, f"after {steps} actions"
        assert a.acts == b.acts
        assert bot_a.rng.getstate() == bot_b.rng.getstate(), f"after {steps} actions"
        assert "keep_options" not in b.__dict__
    assert b.current_player is None and b.random_playout(bot_b, 3) == 0
    assert a.result() == b.result()
    assert steps > 300
