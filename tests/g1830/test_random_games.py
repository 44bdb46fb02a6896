"""Random bots play 1830 without any error other than refused actions; money is conserved
and nobody's cash goes negative (the bank may, 25.0)."""
from __future__ import annotations

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine.game import Game

CAP = 3000


def total_money(s):
    return sum(s["cash"]) + s["bank"] + sum(c["cash"] for c in s["corps"].values())


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 3), (3, 5)])
def test_random_game_runs_to_the_end_with_money_conserved(seed, players):
    g = Game("1830", [f"p{i}" for i in range(players)], seed)
    bot = RandomBot(seed)
    steps = 0
    while not g.is_terminal and steps < CAP:
        g.apply(bot.choose(g.state))
        steps += 1
        s = g.state.s
        assert total_money(s) == 12000
        assert min(s["cash"]) >= 0
        assert min(c["cash"] for c in s["corps"].values()) >= 0
        for corp, h in s["holders"].items():
            assert sum(len(v) for v in h.values()) == 9
            assert sum(20 if c.endswith("_0") else 10 for c in h.get("pool", [])) <= 50
    assert g.is_terminal, f"no end within {CAP} actions"
    res = g.result()
    assert len(res.scores) == players


def test_replay_of_a_random_game_from_its_save_is_identical():
    g = Game("1830", ["a", "b", "c", "d"], 7)
    bot = RandomBot(7)
    for _ in range(300):
        if g.is_terminal:
            break
        g.apply(bot.choose(g.state))
    again = Game.loads(g.dumps())
    assert again.state.fingerprint() == g.state.fingerprint()
    g.undo(5)
    assert len(g.log) == len(again.log) - 5


PREF = {"buy_train": 6, "lay_tile": 4, "place_token": 3, "run_routes": 9, "buy_share": 5,
        "par": 3, "buy_private": 5, "dividend": 3, "discard_train": 1, "pass": 1,
        "sell_shares": 0.2, "bid": 0.5, "buy_company": 0.3, "exchange": 0.2, "bankrupt": 1}


def eager_choice(state, rng):
    """A random policy biased towards building and buying trains, so that games reach the
    late phases (brown tiles, 6- and D-trains)."""
    choices = state.legal_actions()
    weights = [PREF.get(c.type, 1) * (3 if c.fixed.get("kind") == "payout" else 1)
               for c in choices]
    c = rng.choices(choices, weights)[0]
    act = c.base()
    for key, (lo, hi) in c.ranges.items():
        act[key] = lo if not (c.type == "buy_train" and key == "price") else max(lo, min(hi, 80))
    return act


# seeds whose eager games reach the D phase (seed 0 stopped doing so, ending by the bank in
# phase 5, when 24.0b allowed emergency purchases from any other company; seed 2 when the
# sellers' answers to agreed-price offers (21.0, 23.1) entered the random play, seed 4 when
# withheld prices moved at the end of the operating round, 8.2d; seed 2 again when a declined
# offer could be made again in the same turn only at a higher price)
@pytest.mark.parametrize("seed", [3, 8])
def test_eager_random_game_reaches_the_diesel_phase_without_errors(seed):
    import random
    rng = random.Random(seed)
    g = Game("1830", [f"p{i}" for i in range(3 + seed % 4)], seed)
    phases = set()
    while not g.is_terminal:
        g.apply(eager_choice(g.state, rng))
        s = g.state.s
        phases.add(s["phase"])
        assert total_money(s) == 12000
        assert min(s["cash"]) >= 0
        for c in s["corps"].values():
            assert len(c["trains"]) <= 4
    assert "D" in phases
