"""Bots see only their seat's view (issue 14, point 2): a state whose hidden parts are
scrambled gives the same view and the same choice."""
import random

import pytest

from railyard.bots import make_bot, observe, play_move
from railyard.bots.mcts import MctsBot
from railyard.bots.selfplay import seat_names, start
from railyard.engine import available

NAR = "north-american-railways"


def nar_positions(count=6, seed=3):
    """States of a NAR game between rule-of-thumb bots, spread over the game."""
    info = available()[NAR]
    st = start(info, seat_names(4), seed, None)
    bots = [make_bot("rules", NAR, i) for i in range(4)]
    out = []
    k = 0
    while st.current_player is not None:
        if k % 5 == 2:
            out.append(st.clone())
        st.apply(play_move(bots[st.current_player], st))
        k += 1
    return out[:count]


def scrambled(st, rng):
    """The same position with other players' money and the box shares changed."""
    s = st.clone()
    me = s.current_player
    for p in range(s.n):
        if p != me:
            s.cash[p] = rng.randrange(0, 60) * 100
    if s.phase == "respond":
        proposer = s.order()[s.turn]
        s.cash[proposer] = max(s.cash[proposer], s.pending[2])
    s.removed = [rng.randrange(5), rng.randrange(5)]
    s.bank = rng.randrange(-100000, 0)
    return s


def test_nar_view_hides_money_and_box_shares():
    rng = random.Random(0)
    for st in nar_positions():
        me = st.current_player
        other = scrambled(st, rng)
        v1, v2 = observe(st), observe(other)
        assert v1.hidden_information
        assert v1.world().fingerprint() == v2.world().fingerprint()
        w = v1.world()
        assert w.cash[me] == st.cash[me]                       # its own money it knows
        assert all(w.cash[p] == st.cash[me] for p in range(st.n) if p != me)
        # the box shares follow from the open columns and holdings: the true ones
        assert sorted(w.removed) == sorted(st.removed)


def test_nar_samples_keep_what_the_seat_knows():
    st = nar_positions()[3]
    me = st.current_player
    view = observe(st)
    rng = random.Random(1)
    seen = set()
    for _ in range(20):
        w = view.sample(rng)
        assert w.cash[me] == st.cash[me]
        assert w.share_cols == st.share_cols and w.holdings == st.holdings
        assert all(c >= 0 and c % 100 == 0 for c in w.cash)
        seen.add(tuple(w.cash))
    assert len(seen) > 1                                        # other money is drawn


@pytest.mark.parametrize("kind", ["rules", "mcts", "random"])
def test_nar_choice_does_not_change_when_hidden_parts_are_scrambled(kind):
    rng = random.Random(2)
    for i, st in enumerate(nar_positions(4)):
        other = scrambled(st, rng)
        if kind == "mcts":
            a = MctsBot(i, "easy", iterations=12, seconds=60).choose(observe(st))
            b = MctsBot(i, "easy", iterations=12, seconds=60).choose(observe(other))
        else:
            a = make_bot(kind, NAR, i).choose(observe(st))
            b = make_bot(kind, NAR, i).choose(observe(other))
        assert a == b


@pytest.mark.parametrize("title", ["chicago-express", "american-rails"])
def test_perfect_information_views_are_the_state(title):
    info = available()[title]
    st = start(info, seat_names(4), 5, None)
    bot = make_bot("random", title, 0)
    for _ in range(40):
        st.apply(bot.choose(st))
    view = observe(st)
    assert not view.hidden_information
    assert view.world().fingerprint() == st.fingerprint()
    assert view.sample(random.Random(0)).fingerprint() == st.fingerprint()
    assert view.legal_actions() == st.legal_actions()


def test_observe_a_finished_game_is_refused():
    info = available()[NAR]
    st = start(info, seat_names(3), 1, None)
    bot = make_bot("random", NAR, 0)
    while st.current_player is not None:
        st.apply(bot.choose(st))
    with pytest.raises(ValueError, match="over"):
        observe(st)
