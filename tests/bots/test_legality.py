"""Every kind of bot plays complete games with legal actions only (issue 14, point 1):
``apply`` raises on any illegal action, so a finished game is the check."""
import pytest

from railyard.bots import make_bot, observe
from railyard.bots.mcts import MctsBot
from railyard.bots.selfplay import seat_names, start
from railyard.engine import available


@pytest.mark.parametrize("title", ["chicago-express", "american-rails",
                                   "north-american-railways"])
def test_mcts_rules_and_random_finish_a_game(title):
    info = available()[title]
    st = start(info, seat_names(4), 11, None)
    bots = [MctsBot(1, "easy", iterations=4, seconds=60), make_bot("rules", title, 2),
            make_bot("random", title, 3), MctsBot(4, "easy", iterations=3, seconds=60)]
    actions = 0
    while st.current_player is not None:
        p = st.current_player
        view = observe(st)
        act = bots[p].choose(view)
        assert act["player"] == p
        assert any(ch.matches(act) for ch in st.legal_actions())
        st.apply(act)
        actions += 1
    res = st.result()
    assert res is not None and len(res.scores) == 4
    assert actions > 20


def test_mcts_answers_a_forced_move_without_searching():
    title = "chicago-express"
    info = available()[title]
    st = start(info, seat_names(3), 2, None)
    bot = MctsBot(0, "easy")
    # find a decision with one candidate (a seat that cannot afford to bid must pass)
    rnd = make_bot("random", title, 0)
    for _ in range(500):
        if st.current_player is None:
            break
        choices = st.legal_actions()
        if len(choices) == 1 and not choices[0].ranges:
            assert bot.choose(observe(st)) == choices[0].base()
            assert bot.last_iterations == 0
            return
        st.apply(rnd.choose(st))
    pytest.fail("no forced decision found in a random game")
