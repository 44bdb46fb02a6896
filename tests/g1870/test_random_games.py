"""Random bots play 1870 without any error other than refused actions; money and
certificates are conserved; every listed choice is accepted."""
from __future__ import annotations

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine.game import Game

CAP = 1500


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 3), (3, 6), (4, 2)])
def test_random_play_raises_nothing_and_conserves_money(seed, players):
    g = Game("1870", [f"p{i}" for i in range(players)], seed)
    bot = RandomBot(seed)
    for _ in range(CAP):
        if g.is_terminal:
            break
        g.apply(bot.choose(g.state))
        s = g.state.s
        assert sum(s["cash"]) + s["bank"] + sum(c["cash"] for c in s["corps"].values()) == 12000
        assert min(s["cash"]) >= 0 and min(c["cash"] for c in s["corps"].values()) >= 0
        for corp, h in s["holders"].items():
            n = sum(len(v) for v in h.values())
            assert n == (0 if s["corps"][corp]["closed"] else 9)
            assert len(h.get("pool", ())) <= 5


def test_clone_is_independent_and_fingerprint_equal():
    g = Game("1870", ["a", "b", "c"], 5)
    bot = RandomBot(5)
    for _ in range(200):
        g.apply(bot.choose(g.state))
    c = g.state.clone()
    assert c.fingerprint() == g.state.fingerprint()
    g.apply(bot.choose(g.state))
    assert c.fingerprint() != g.state.fingerprint() or c.s is not g.state.s


def test_public_view_is_json_and_the_title_is_registered():
    import json

    from railyard.engine.registry import get_title
    info = get_title("1870")
    assert info.min_players == 2 and info.max_players == 7
    g = Game("1870", ["a", "b", "c"], 3)
    bot = RandomBot(3)
    for _ in range(150):
        g.apply(bot.choose(g.state))
        json.dumps(g.state.public_view())
