"""Property tests over random Chicago Express games (engine contract, issue 2 section 5)."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from railyard.bots.random_bot import RandomBot
from railyard.engine.errors import IllegalAction
from railyard.engine.game import Game

from .helpers import PLAYERS, money_total


def perturb(rng: random.Random, action: dict, n: int) -> dict:
    bad = dict(action)
    k = rng.randrange(7)
    if k == 0:
        bad["player"] = (bad["player"] + rng.randrange(1, n)) % n
    elif k == 1:
        bad["type"] = rng.choice(["bid", "pass", "choose", "offer", "build", "develop",
                                  "end_build", "forgo", "fly"])
    elif k == 2:
        bad["amount"] = rng.choice([-5, 0, 10**9, "12", None, 3.5, True])
    elif k == 3:
        bad["hex"] = rng.choice(["A0", "Z9", "S3", "R5", "", 7])
    elif k == 4:
        bad["company"] = rng.choice(["WAB", "XYZ", "PRR", None])
    elif k == 5:
        bad["action"] = rng.choice(["auction", "build", "develop", "sleep", None])
    else:
        bad = rng.choice([None, [], "bid", {"player": action["player"]}])
    return bad


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**32), n=hs.integers(2, 6))
def test_random_games_end_conserve_money_and_reject_illegal_without_change(seed, n):
    game = Game("chicago-express", PLAYERS[:n], seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    total = money_total(game.state)
    steps = 0
    while not game.is_terminal:
        st = game.state
        assert min(st.cash) >= 0 and min(st.ccash) >= 0
        assert money_total(st) == total
        action = bot.choose(st)
        if rng.random() < 0.1:
            bad = perturb(rng, action, n)
            before = st.fingerprint()
            try:
                st.clone().apply(bad)   # legal by chance? then don't use it
            except IllegalAction:
                try:
                    game.apply(bad)
                    raise AssertionError("an illegal action was accepted")
                except IllegalAction as exc:
                    assert exc.code and exc.message
                assert game.state.fingerprint() == before
        game.apply(action)
        steps += 1
        assert steps < 5000, "game does not end"
    res = game.result()
    assert res is not None and len(res.scores) == n
    assert res.scores == tuple(game.state.cash)
    assert money_total(game.state) == total
    # replaying the log and save -> load give the same state
    replayed = Game("chicago-express", PLAYERS[:n], seed=seed)
    for a in game.log:
        replayed.apply(a)
    assert replayed.state.fingerprint() == game.state.fingerprint()
    loaded = Game.loads(json.dumps(game.to_save()))
    assert loaded.state.fingerprint() == game.state.fingerprint()
    assert loaded.log == game.log


@settings(max_examples=10, deadline=None)
@given(seed=hs.integers(0, 2**32), cut=hs.integers(1, 200))
def test_undo_returns_to_the_earlier_state(seed, cut):
    game = Game("chicago-express", PLAYERS[:3], seed=seed)
    bot = RandomBot(seed)
    snapshots = [game.state.fingerprint()]
    while not game.is_terminal and len(game.log) < cut:
        game.apply(bot.choose(game.state))
        snapshots.append(game.state.fingerprint())
    k = min(len(game.log), 1 + seed % 70)
    game.undo(k)
    assert game.state.fingerprint() == snapshots[len(game.log)]
    assert len(game.log) == len(snapshots) - 1 - k


def test_clone_is_independent():
    game = Game("chicago-express", PLAYERS[:4], seed=5)
    bot = RandomBot(5)
    for _ in range(60):
        game.apply(bot.choose(game.state))
    twin = game.state.clone()
    before = game.state.fingerprint()
    while not twin.is_terminal:
        twin.apply(bot.choose(twin))
    assert game.state.fingerprint() == before
