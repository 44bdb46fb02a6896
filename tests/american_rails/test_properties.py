"""Property tests over random games (random bot, seeds from hypothesis)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from railyard.bots.random_bot import RandomBot
from railyard.engine.errors import IllegalAction
from railyard.engine.game import Game
from railyard.games.american_rails.income import company_income
from railyard.games.american_rails.rules import RULES

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
MAX_ACTIONS = 5000


def _connected(board, hexes):
    if not hexes:
        return True
    own = set(hexes)
    seen, stack = {hexes[0]}, [hexes[0]]
    while stack:
        for n in board.neighbors[stack.pop()]:
            if n in own and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == own


def play(n, seed, bot_seed, probe=False):
    game = Game("american-rails", NAMES[:n], seed=seed)
    bot = RandomBot(bot_seed)
    st = game.state
    total = st.total_money()
    for i in range(MAX_ACTIONS):
        if game.is_terminal:
            break
        if probe and i % 7 == 0:
            before = st.fingerprint()
            try:
                st.apply({"type": "stop" if st.step != "expand" else "bid",
                          "player": st.current_player, "amount": 1})
            except IllegalAction:
                pass
            assert st.fingerprint() == before
        game.apply(bot.choose(st))
        st = game.state
        assert st.total_money() == total
        assert min(st.cash) >= 0 and min(st.ccash) >= 0
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_.integers(3, 5), st_.integers(0, 2**32), st_.integers(0, 2**32))
def test_random_games_end_conserve_money_and_replay(n, seed, bot_seed):
    game = play(n, seed, bot_seed, probe=True)
    st = game.state
    assert st.is_terminal, "the game must end within 7 rounds"
    assert st.year <= 1857 and st.end_reason
    res = st.result()
    assert res.scores == tuple(st.cash) and set(res.winners) <= set(range(n))
    # income equals a computation from scratch; every company network is connected
    for c in st.in_play:
        assert st.income[c] == company_income(st.board, st.hexmask, st.urban, c,
                                              st.comp_hexes[c])
        assert _connected(st.board, st.comp_hexes[c])
        placed = len(st.comp_hexes[c])
        assert st.cubes_left[c] + placed == RULES.companies[c].cubes - 1
        held = sum(h[c] for h in st.held)
        assert held + st.shares_left[c] + st.shares_out[c] == RULES.companies[c].shares
    # replay of the saved log gives the same state
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == st.fingerprint()


@settings(max_examples=10, deadline=None)
@given(st_.integers(3, 5), st_.integers(0, 2**32))
def test_same_seed_same_game(n, seed):
    a = play(n, seed, seed)
    b = play(n, seed, seed)
    assert a.log == b.log and a.state.fingerprint() == b.state.fingerprint()


def test_undo_restores_the_state():
    game = play(4, 11, 12)
    fp = [s.fingerprint() for _, _, s in game.states()]
    game.undo(40)
    assert game.state.fingerprint() == fp[-41]
