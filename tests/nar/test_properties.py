"""Property tests over random games: termination, money conservation, no negative money,
legal actions agree with the rules checks, replay and save/load reproduce the state."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game, IllegalAction

from .helpers import money

SLUG = "north-american-railways"
MAX_ACTIONS = 3000
TYPES = ["found", "buy_own", "propose", "allow", "buy", "end_turn", "take_200", "buy_city",
         "pass", "bogus"]
COMPANIES = ["red", "blue", "green", "yellow", "black", "pink"]

games = st_.tuples(st_.integers(0, 2**32), st_.integers(3, 5), st_.integers(0, 2**32))
relaxed = settings(max_examples=40, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])


def play(seed, n, bot_seed, check=None):
    game = Game(SLUG, [f"P{i}" for i in range(n)], seed)
    bot = RandomBot(bot_seed)
    for _ in range(MAX_ACTIONS):
        if game.is_terminal:
            break
        if check:
            check(game)
        game.apply(bot.choose(game.state))
    return game


@relaxed
@given(games)
def test_random_games_end_conserve_money_and_never_go_negative(params):
    seed, n, bot_seed = params

    def check(game):
        st = game.state
        assert money(st) == 0
        assert min(st.cash) >= 0 and min(st.comp_cash) >= 0
        assert st.legal_actions()

    game = play(seed, n, bot_seed, check)
    assert game.is_terminal, "game did not end"
    st = game.state
    assert money(st) == 0 and min(st.cash) >= 0
    res = game.result()
    assert res is not None and len(res.winners) == 1
    assert res.scores[res.winners[0]] == max(res.scores)
    assert st.end_reasons


@relaxed
@given(games)
def test_replay_and_save_load_give_the_same_state(params):
    game = play(*params)
    replayed = Game(SLUG, game.players, game.seed)
    for act in game.log:
        replayed.apply(act)
    assert replayed.state.fingerprint() == game.state.fingerprint()
    loaded = Game.loads(game.dumps())
    assert loaded.state.fingerprint() == game.state.fingerprint()
    assert json.dumps(game.public_view())


def candidates(st, rng):
    p = st.current_player
    for kind in TYPES:
        act = {"type": kind, "player": p}
        if rng.random() < 0.9:
            act["column"] = rng.randint(-1, 4)
        if rng.random() < 0.9:
            act["hundreds"] = rng.randint(-1, 25)
        if rng.random() < 0.9:
            act["company"] = rng.choice(COMPANIES)
        yield act


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_an_action_is_accepted_exactly_when_a_legal_choice_matches_it(params):
    """Soundness and completeness of legal_actions; refused actions change nothing."""
    seed, n, bot_seed = params
    rng = random.Random(bot_seed)
    game = Game(SLUG, [f"P{i}" for i in range(n)], seed)
    bot = RandomBot(bot_seed)
    steps = 0
    while not game.is_terminal and steps < MAX_ACTIONS:
        st = game.state
        choices = st.legal_actions()
        for act in candidates(st, rng):
            matched = any(ch.matches(act) for ch in choices)
            trial = st.clone()
            before = trial.fingerprint()
            try:
                trial.apply(act)
            except IllegalAction:
                assert not matched, act
                assert trial.fingerprint() == before
            else:
                assert matched, act
        game.apply(bot.choose(st))
        steps += 1
    assert game.is_terminal


@relaxed
@given(games)
def test_hidden_information_stays_out_of_the_public_view(params):
    """Sec. 4: the two removed shares are unseen; players' money may be kept secret."""
    seed, n, bot_seed = params
    game = Game(SLUG, [f"P{i}" for i in range(n)], seed)
    bot = RandomBot(bot_seed)
    while not game.is_terminal:
        view = game.public_view()
        assert view["removed_shares"] is None and view["cash_secret"] is True
        assert all(pl["cash"] is None for pl in view["players"])
        game.apply(bot.choose(game.state))
    view = game.public_view()
    assert view["removed_shares"] is not None
    assert [pl["cash"] for pl in view["players"]] == list(game.result().scores)


def test_two_states_differing_only_in_removed_shares_have_different_fingerprints():
    a = Game(SLUG, ["a", "b", "c"], 0).state
    b = a.clone()
    b.removed = [(b.removed[0] + 1) % 5, b.removed[1]]
    assert a.public_view() == b.public_view()
    assert a.fingerprint() != b.fingerprint()


def test_clone_is_independent():
    st = Game(SLUG, ["a", "b", "c"], 0).state
    twin = st.clone()
    bot = RandomBot(1)
    before = st.fingerprint()
    for _ in range(30):
        if twin.is_terminal:
            break
        twin.apply(bot.choose(twin))
    assert st.fingerprint() == before


@relaxed
@given(games)
def test_mixed_bot_games_stay_consistent(params):
    """Rule-of-thumb bots propose high prices, buy their directors' shares and their own, so
    their games take other paths than random bots' (chains, players at $0)."""
    from railyard.games.nar.bot import NarBot
    seed, n, bot_seed = params
    game = Game(SLUG, [f"P{i}" for i in range(n)], seed)
    bots = [NarBot(bot_seed + i, ("income", "coast", "value")[i % 3]) if (bot_seed + i) % 2
            else RandomBot(bot_seed + i) for i in range(n)]
    while not game.is_terminal:
        st = game.state
        game.apply(bots[st.current_player].choose(st))
        assert money(game.state) == 0 and min(game.state.cash) >= 0
        assert min(game.state.comp_cash) >= 0
    loaded = Game.loads(game.dumps())
    assert loaded.state.fingerprint() == game.state.fingerprint()


@relaxed
@given(games, st_.integers(1, 80))
def test_undo_gives_the_state_of_the_shorter_log_and_views_are_json(params, back):
    game = play(*params)
    for _, _, state in game.states():
        json.dumps(state.public_view())
    back = min(back, len(game.log))
    fresh = Game(SLUG, game.players, game.seed)
    for act in game.log[:len(game.log) - back]:
        fresh.apply(act)
    game.undo(back)
    assert game.state.fingerprint() == fresh.state.fingerprint()
