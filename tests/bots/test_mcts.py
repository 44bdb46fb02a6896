"""The rollout search of ``mcts`` (issue 14): legal answers in every kind of decision,
the same answer from the same seed and view, the rule of thumb's answer when no playout
turn was completed, playouts that never see NAR's hidden state, and the wall-clock safety
cap that holds inside a playout (issue 22: the budget itself is counted in playout
actions, test_work_budgets.py)."""
import pytest

from railyard.bots import make_bot, observe, play_move
from railyard.bots.candidates import candidates
from railyard.bots.mcts import LEVELS, MctsBot, rollout_policy
from railyard.bots.rules import GreedyBot, auction_move, in_auction
from railyard.bots.selfplay import seat_names, start
from railyard.engine import available

TITLES = ["chicago-express", "american-rails", "north-american-railways"]


def positions(title, every=7, count=8, seed=5, opponent="rules"):
    """Positions of a game between ``opponent`` bots, one every ``every`` actions."""
    info = available()[title]
    st = start(info, seat_names(4), seed, None)
    bots = [make_bot(opponent, title, i) for i in range(4)]
    out = []
    k = 0
    while st.current_player is not None and len(out) < count:
        if k % every == 3:
            out.append(st.clone())
        st.apply(play_move(bots[st.current_player], st))
        k += 1
    return out


@pytest.mark.parametrize("title", TITLES)
def test_rollout_answers_are_legal_in_every_kind_of_decision(title):
    seen = set()
    for st in positions(title, every=13, count=14) + positions(title, every=23, count=6,
                                                               opponent="random"):
        bot = MctsBot(1, "normal", iterations=2, seconds=60)
        act = bot.choose(observe(st))
        assert act["player"] == st.current_player
        assert any(ch.matches(act) for ch in st.legal_actions())
        st.clone().apply(act)                       # apply() refuses an illegal action
        seen.add(tuple(sorted({c.type for c in st.legal_actions()})))
    assert len(seen) >= 3                           # several kinds of decisions were asked


@pytest.mark.parametrize("title", TITLES)
def test_same_seed_and_view_give_the_same_answer(title):
    for st in positions(title, every=9, count=4):
        a = MctsBot(7, "normal", iterations=3, seconds=60).choose(observe(st))
        b = MctsBot(7, "normal", iterations=3, seconds=60).choose(observe(st))
        assert a == b


@pytest.mark.parametrize("title", ["chicago-express", "american-rails"])
def test_no_completed_turn_gives_the_rule_of_thumb_answer(title):
    """With no playout turn allowed the answer is the rules bot's (GreedyBot one step deep,
    rules.auction_move in an auction)."""
    checked = 0
    for st in positions(title, every=4, count=15):
        choices = st.legal_actions()
        me = st.current_player
        bot = MctsBot(2, "normal", iterations=0, seconds=60)
        act = bot.choose(observe(st))
        if in_auction(st):
            expected = auction_move(st.clone(), me, choices)
        else:
            expected = GreedyBot(0).pick(st.clone(), me, choices)
        assert act == expected
        assert bot.last_iterations == 0
        checked += 1
    assert checked == 15


def test_rollout_turns_are_counted_and_capped():
    st = positions("chicago-express", every=13, count=3)[-1]
    bot = MctsBot(3, "normal", iterations=2, seconds=60)
    bot.choose(observe(st))
    assert bot.last_iterations <= 2


def test_nar_rollouts_play_only_sampled_worlds(monkeypatch):
    """Every playout of NAR starts from ``view.sample`` (the seat's information with the
    hidden parts drawn), never from the true state: the cash of another seat that the
    samples draw differs from the true one in some playout."""
    from railyard.bots import views

    calls = []
    real = views.SeatView.sample
    searched = 0
    for st in positions("north-american-railways", every=4, count=6):
        me = st.current_player
        calls.clear()

        def spy(self, rng):
            w = real(self, rng)
            calls.append([w.cash[p] for p in range(len(w.cash)) if p != me])
            return w

        monkeypatch.setattr(views.SeatView, "sample", spy)
        bot = MctsBot(4, "normal", iterations=5, seconds=60)
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
        if bot.last_iterations:                     # the decision was searched
            searched += 1
            assert bot.last_iterations == 5 and len(calls) >= 10
            true_other = [st.cash[p] for p in range(len(st.cash)) if p != me]
            assert any(c != true_other for c in calls)
    assert searched >= 2


def test_levels_grow():
    """More playout actions, turns and candidates per level, in every title (the budgets
    and caps themselves: test_work_budgets.py)."""
    for title in TITLES:
        assert LEVELS["easy"].actions[title] < LEVELS["normal"].actions[title] \
            < LEVELS["hard"].actions[title]
    assert LEVELS["easy"].iterations < LEVELS["normal"].iterations <= LEVELS["hard"].iterations


def test_uct_method_still_plays_legally():
    title = "chicago-express"
    for st in positions(title, every=17, count=3):
        bot = MctsBot(1, "easy", method="uct", iterations=5, seconds=60)
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
    with pytest.raises(ValueError, match="unknown method"):
        MctsBot(1, method="alphazero")


@pytest.mark.parametrize("title", TITLES)
def test_no_playout_action_after_the_time_limit(title, monkeypatch):
    """The safety cap holds inside a playout: on a clock that advances 1 ms each time it is
    read and each time a playout action is chosen, no playout action is chosen after the
    cap (so a decision overruns it by at most one action), and the answer is still legal."""
    from railyard.bots import mcts

    clock = [0.0]

    def tick():
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(mcts.time, "perf_counter", tick)
    late = []
    searched = 0
    for st in positions(title, every=11, count=6):
        clock[0] = 0.0
        bot = MctsBot(5, "normal", seconds=0.2)
        limit = 0.2 + 0.001                 # the deadline is set on the first reading
        inner = mcts.rollout_policy(title, 9)

        def policy(s, choices, inner=inner, limit=limit):
            if clock[0] > limit:
                late.append(clock[0])
            clock[0] += 0.001               # choosing takes time too
            return inner(s, choices)

        bot.policy = policy
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
        searched += clock[0] > 0.1          # the search ran into its limit
    assert searched >= 2
    assert late == []


def test_halving_answers_among_the_survivors():
    """Successive halving (``halve_to``, CE/AR; no level uses it since hard nests): after
    turns 2, 4, 8, ... the worse half of the candidates stops; the answer is one of those
    that went on, and those were played deeper with the same budget."""
    halved = 0
    for st in positions("chicago-express", every=9, count=6):
        bot = MctsBot(3, "hard", actions=400, nest=0, halve_to=3)
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
        if bot.contenders is not None:
            halved += 1
            from railyard.bots.candidates import action_key
            kept = {action_key(bot.last_order[i]) for i in bot.contenders}
            assert action_key(act) in kept
            assert 3 <= len(bot.contenders) < len(bot.last_order)
    assert halved >= 2


def test_hard_nests_a_search_only_at_the_searching_seats_next_decision(monkeypatch):
    """mcts:hard's playouts (nested rollout) ask the inner search only for the searching
    seat, at most ``nest`` (1) times per candidate playout (CE/AR: one playout per
    candidate); every other decision is the rule of thumb's.  The answer is legal and the
    decision spends at most its budget."""
    from railyard.bots import mcts

    real = mcts.MctsBot._inner_pick
    calls = []

    def spy(self, s, me, *args):
        calls.append((s.current_player, me))
        return real(self, s, me, *args)

    monkeypatch.setattr(mcts.MctsBot, "_inner_pick", spy)
    nested = 0
    for title in ("chicago-express", "american-rails"):
        for st in positions(title, every=19, count=4):
            calls.clear()
            bot = MctsBot(3, "hard", actions=900)
            act = bot.choose(observe(st))
            assert any(ch.matches(act) for ch in st.legal_actions())
            assert bot.work <= 900
            assert all(p == me == st.current_player for p, me in calls)
            assert len(calls) <= max(1, len(bot.last_order)) * LEVELS["hard"].nest
            nested += bool(calls)
    assert nested >= 4


def test_the_inner_search_picks_the_candidate_with_the_best_lead():
    """``_inner_pick`` against a re-computation: the rule of thumb's answer and the best
    others by its score (five in all), each played on by ``GreedyBot`` (one step) for the
    inner horizon; the answer has the largest lead, the rule of thumb's on ties."""
    from railyard.bots import mcts
    from railyard.bots.candidates import action_key, candidates
    from railyard.bots.heuristics import worth

    checked = 0
    for st in positions("chicago-express", every=5, count=30):
        if in_auction(st):
            continue
        me = st.current_player
        choices = st.legal_actions()
        acts = candidates(st, choices)
        if len(acts) < 2:
            continue
        g = GreedyBot(0)
        scored = sorted(acts, key=lambda a: -g.score(st, a, me, 1))
        base = g.pick(st.clone(), me, choices)
        pool = [base] + [a for a in scored[:5] if action_key(a) != action_key(base)]
        horizon = LEVELS["hard"].inner_horizon["chicago-express"]
        leads = []
        for a in pool:
            t = st.clone()
            t.apply(dict(a))
            for _ in range(horizon):
                if t.current_player is None:
                    break
                t.apply(g.pick(t, t.current_player, t.legal_actions()))
            w = worth(t)
            leads.append(w[me] - max(w[j] for j in range(len(w)) if j != me))
        best = max(leads)
        bot = MctsBot(1, "hard")
        bot.policy = mcts.rollout_policy("chicago-express", 0)
        got = bot._inner_pick(st.clone(), me, choices, horizon, 10 ** 9, 1e18, [0])
        assert got is not None
        winners = [action_key(a) for a, v in zip(pool, leads) if v >= best - 1e-9]
        if leads[0] >= best - 1e-9:
            assert action_key(got) == action_key(base)      # the rule of thumb on ties
        else:
            assert action_key(got) in winners
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("title", ["chicago-express", "american-rails"])
def test_nested_playouts_judge_candidates_otherwise_than_plain_ones(title):
    """The nested search is not the one-step search under another name: on the same
    positions and candidates, the values of the nested playouts differ from those of
    playouts where the seat's own next decision is the rule of thumb's (``nest`` 0) in some
    decisions."""
    differ = searched = 0
    for st in positions(title, every=10, count=5):
        view = observe(st)
        world = view.world()
        order = candidates(world, world.legal_actions())[:4]
        if len(order) < 2:
            continue
        vals = []
        for nest in (1, 0):
            bot = MctsBot(2, "hard", nest=nest)
            bot.policy = rollout_policy(title, 5)
            vals.append(bot._nested_values(view, world, order, st.current_player, 10 ** 6,
                                           1e18))
        searched += 1
        differ += vals[0] != vals[1]
    assert searched >= 2 and differ >= 1


def test_nar_hard_compares_candidates_in_the_same_worlds(monkeypatch):
    """North American Railways' ``hard`` (``crn``, issue 22 point 6, i22n): one sampled world
    per turn for all candidates (common random numbers; never the true hidden money), the
    opponents' next decision searched from their own seat (``reply``) besides the seat's
    own (``nest``); legal answers, the same answer from the same seed and view, at most the
    budget in playout actions."""
    from railyard.bots import mcts, views

    import dataclasses

    title = "north-american-railways"
    assert title in LEVELS["hard"].crn and LEVELS["hard"].reply[title] == 1
    # sampled worlds as in i22n (i22v's ``memory`` and ``noisy`` have their own tests)
    monkeypatch.setitem(mcts.LEVELS, "hard", dataclasses.replace(
        LEVELS["hard"], memory=frozenset(), noisy=frozenset()))
    real_sample = views.SeatView.sample
    real_pick = mcts.MctsBot._crn_pick
    samples, picks = [], []

    def sample(self, rng):
        samples.append(1)
        return real_sample(self, rng)

    def pick(self, s, p, *args):
        picks.append(p)
        return real_pick(self, s, p, *args)

    monkeypatch.setattr(views.SeatView, "sample", sample)
    monkeypatch.setattr(mcts.MctsBot, "_crn_pick", pick)
    searched = 0
    for st in positions(title, every=7, count=5):
        me = st.current_player
        samples.clear()
        picks.clear()
        bot = MctsBot(3, "hard", actions=6000)
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
        assert bot.work <= 6000
        drawn, replied = len(samples), any(p != me for p in picks)
        again = MctsBot(3, "hard", actions=6000).choose(observe(st))
        assert again == act
        if bot.last_iterations:
            searched += 1
            # one world per turn (the turn the budget cut short drew one too)
            assert bot.last_iterations <= drawn <= bot.last_iterations + 1
            assert replied
    assert searched >= 2


def test_nar_hard_with_memory_plays_in_the_world_the_seat_remembers(monkeypatch):
    """``Budget.memory`` (i22v): a seat that remembers every public move of North American
    Railways knows everybody's money (``NarState.heard``), so ``hard`` plays its candidates
    in that one world (``view.remembered()``) and never samples the money; only the playout
    policy's draws differ from turn to turn.  Legal answers, the same answer from the same
    seed and view, at most the budget."""
    import dataclasses

    from railyard.bots import mcts, views

    title = "north-american-railways"
    monkeypatch.setitem(mcts.LEVELS, "hard", dataclasses.replace(
        LEVELS["hard"], memory=frozenset({title})))

    def no_sample(self, rng):
        raise AssertionError("sampled")

    real_remembered = views.SeatView.remembered
    worlds = []

    def remembered(self):
        w = real_remembered(self)
        worlds.append(list(w.cash))
        return w

    monkeypatch.setattr(views.SeatView, "sample", no_sample)
    monkeypatch.setattr(views.SeatView, "remembered", remembered)
    searched = 0
    for st in positions(title, every=7, count=5):
        worlds.clear()
        bot = MctsBot(3, "hard", actions=6000)
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
        assert bot.work <= 6000
        assert MctsBot(3, "hard", actions=6000).choose(observe(st)) == act
        if bot.last_iterations:
            searched += 1
            assert bot.last_iterations > 1
            assert worlds and all(w == st.cash for w in worlds)    # the true money
    assert searched >= 2


def test_nar_noisy_opponents_vary_per_turn_and_not_the_searching_seat(monkeypatch):
    """``Budget.noisy`` (i22v): each turn draws the rule of thumb's figures of the other
    seats (``nar_opponents``; the searching seat keeps the rule of thumb), shared by all
    candidates of the turn; answers legal, the same from the same seed and view."""
    import dataclasses

    from railyard.bots import mcts
    from railyard.games.nar.bot import NarBot

    title = "north-american-railways"
    params = mcts.nar_opponents(11, 2, 4)
    assert params[2] is None and all(q is not None for i, q in enumerate(params) if i != 2)
    assert params == mcts.nar_opponents(11, 2, 4) != mcts.nar_opponents(12, 2, 4)
    # the figures' defaults are the rule of thumb's
    st = positions(title, every=5, count=3)[2]
    assert NarBot(4).choose(st) == NarBot(4, worth_scale=1.0, found_percent=45,
                                          own_from=1500).choose(st)
    monkeypatch.setitem(mcts.LEVELS, "hard", dataclasses.replace(
        LEVELS["hard"], noisy=frozenset({title})))
    drawn = []
    real = mcts.nar_opponents

    def spy(seed, me, n):
        out = real(seed, me, n)
        drawn.append((me, out))
        return out

    monkeypatch.setattr(mcts, "nar_opponents", spy)
    searched = 0
    for st in positions(title, every=7, count=5):
        me = st.current_player
        drawn.clear()
        bot = MctsBot(3, "hard", actions=6000)
        act = bot.choose(observe(st))
        assert any(ch.matches(act) for ch in st.legal_actions())
        assert bot.work <= 6000
        assert MctsBot(3, "hard", actions=6000).choose(observe(st)) == act
        if bot.last_iterations > 1:
            searched += 1
            assert all(m == me and out[me] is None for m, out in drawn)
            assert len({str(out) for _, out in drawn}) > 1
    assert searched >= 2


def test_crn_is_not_used_in_titles_without_hidden_information(monkeypatch):
    """Chicago Express and American Rails keep the nested rollout of ``hard`` (their moves
    unchanged by i22n): ``_crn_values`` is never called there."""
    from railyard.bots import mcts

    def boom(*args, **kwargs):
        raise AssertionError("crn used")

    monkeypatch.setattr(mcts.MctsBot, "_crn_values", boom)
    for title in ("chicago-express", "american-rails"):
        for st in positions(title, every=19, count=2):
            act = MctsBot(3, "hard", actions=300).choose(observe(st))
            assert any(ch.matches(act) for ch in st.legal_actions())


def _ar_build_position():
    """A position of an American Rails game (random bots: they expand) where the player to
    act places a cube and will place another right after (a run of builds)."""
    info = available()["american-rails"]
    st = start(info, seat_names(4), 5, None)
    bots = [make_bot("random", "american-rails", i) for i in range(4)]
    while st.current_player is not None:
        builds = [a for a in candidates(st, st.legal_actions()) if a["type"] == "build"]
        if len(builds) >= 3:
            after = st.clone()
            after.apply(builds[0])
            if after.current_player == st.current_player and any(
                    c.type == "build" for c in after.legal_actions()):
                return st, builds
        st.apply(play_move(bots[st.current_player], st))
    raise AssertionError("no run of builds in the game")


def test_american_rails_playouts_score_a_build_alone():
    """American Rails' playouts score a cube placement by itself, not with the same player's
    best next one (mcts.SINGLE_BUILD_PLAYOUTS: that follow-up made a late playout action cost
    about 100 positions and hard's move times three times its cap); the ``rules`` bot keeps
    its follow-up, and a choice of what to do is still scored by its best first build."""
    st, builds = _ar_build_position()
    me = st.current_player
    alone = GreedyBot(0, depth=1, follow_builds=False)
    for a in builds:
        alone.score(st, a, me, 1)
    assert alone.work == len(builds)                 # one position per build
    follow = GreedyBot(0, depth=1)
    for a in builds:
        follow.score(st, a, me, 1)
    assert follow.work > 2 * len(builds)             # each build and every next one
    assert make_bot("rules", "american-rails", 0).follow_builds
    # the playout policy of the title plays the single-build greedy choice
    policy = rollout_policy("american-rails", 3)
    expected = GreedyBot(3, depth=1, follow_builds=False).pick(st.clone(), me,
                                                               st.legal_actions())
    assert policy(st.clone(), st.legal_actions()) == expected
    # Chicago Express unchanged: its playouts still score a build with the next one
    ce_st = next(s for s in positions("chicago-express", every=5, count=30)
                 if any(c.type == "build" for c in s.legal_actions()))
    ce_me = ce_st.current_player
    assert rollout_policy("chicago-express", 3)(ce_st.clone(), ce_st.legal_actions()) == \
        GreedyBot(3, depth=1).pick(ce_st.clone(), ce_me, ce_st.legal_actions())
