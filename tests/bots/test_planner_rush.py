"""The late train rush of 1830 (issue 22, "done when": the median game of four planners
reaches phase D): saving over several runs for a train that never rusts, saving for and
buying the D-train with a train given in at the train limit (1830 21.0: $800 with a 4, 5
or 6 given in), and not doing so when it does not pay.

The positions are built from an early 1830 dividend decision of a game of planner seats,
moved on to phase 6 (the 2- to 5-trains and one 6 sold, the D on offer, two trains per
company).  The route optimiser's revenue is replaced by a fixed value per train type
(``FakeRevenue``), so that the train values the tests ask for are known without reading
them from the bot: each test fails against a bot that lacks the judgement it names."""

from railyard.bots.planner import PlannerBot
from railyard.bots.planner import economy as eco
from railyard.bots.planner.search import SearchBot
from railyard.bots.strategic import _type, train_limit
from railyard.bots.views import observe

from .planner_helpers import dividend_position

#: revenue per train type of the test positions: a D runs far more than a 5 or a 6
STRONG_D = {"2": 30, "3": 60, "4": 100, "5": 130, "6": 150, "D": 300}
#: the same, but a D runs hardly more than the 5 it would replace
WEAK_D = {**STRONG_D, "D": 140}


class FakeRevenue:
    """A revenue estimate that is the sum of a fixed value per train (own and extra)."""

    def __init__(self, values):
        self.values = values
        self.work = self.charged = 0

    def __call__(self, g, corp, extra=(), own=True):
        trains = [_type(t) for t in g.s["corps"][corp]["trains"]] if own else []
        return sum(self.values[t] for t in trains + list(extra))


def _phase6_dividend(trains, cash):
    """An 1830 dividend decision moved on to phase 6: every 2- to 5-train and one 6 sold
    (the D is offered, 21.0), the company runs ``trains`` and holds ``cash``; no other
    company owns a train (so that no rush value enters).  (state, company)."""
    st, corp = dividend_position(21)
    st.s["depot"].update({"2": 0, "3": 0, "4": 0, "5": 0, "6": 1})
    st.s["bought_types"] = list(dict.fromkeys(list(st.s.get("bought_types") or []) +
                                              ["2", "3", "4", "5", "6"]))
    st.s["phase"] = "6"
    for c, v in st.s["corps"].items():
        v["trains"] = []
    st.s["corps"][corp]["trains"] = list(trains)
    st.s["corps"][corp]["cash"] = cash
    st.s["bank"] = 8000
    assert train_limit(st) == 2
    return st, corp


def _bot(cls, st, corp, values, level="normal"):
    bot = cls(0, level)
    bot.seat = st.s["corps"][corp]["president"]
    bot.rev = FakeRevenue(values)
    return bot


def _dividend(bot, st, revenue):
    st.s["op"]["revenue"] = revenue
    return bot.choose(observe(st))


def test_1830_phase6_buys_the_d_with_a_train_given_in():
    """1830 21.0: a company at the train limit with a 5- and a 6-train and $900 buys a D for
    $800, giving in the 5 (the train it loses least by): the D adds $170 a run for the
    rest of the game.  With a D that runs hardly more than the 5 it keeps its money."""
    st, corp = _phase6_dividend(["5-0", "6-0"], 900)
    bot = _bot(PlannerBot, st, corp, STRONG_D)
    st.apply(_dividend(bot, st, 280))
    act = bot.choose(observe(st))
    assert act["type"] == "buy_train" and act["train"].startswith("D-"), act
    assert act.get("exchange") == "5-0" and act["price"] == 800, act

    st, corp = _phase6_dividend(["5-0", "6-0"], 900)
    bot = _bot(PlannerBot, st, corp, WEAK_D)
    st.apply(_dividend(bot, st, 280))
    act = bot.choose(observe(st))
    assert act["type"] in ("pass", "done"), act


def test_1830_phase6_withholds_over_two_runs_for_the_d_trade_in():
    """A company at the limit (5 and 6) with $450, earning $280: two runs pay the $800 of a
    D with a train given in - it withholds (session 12: such companies paid out, at the
    limit nothing was saved for, and no game reached phase D).  It pays out when the D
    is not worth it (runs hardly more than the 5), when even ``SAVE_RUNS`` runs would not
    pay it, and when the bank would break before the money is together."""
    st, corp = _phase6_dividend(["5-0", "6-0"], 450)
    bot = _bot(PlannerBot, st, corp, STRONG_D)
    assert _dividend(bot, st, 280)["kind"] == "withhold"

    st, corp = _phase6_dividend(["5-0", "6-0"], 450)
    bot = _bot(PlannerBot, st, corp, WEAK_D)
    assert _dividend(bot, st, 280)["kind"] == "payout"

    st, corp = _phase6_dividend(["5-0", "6-0"], 0)
    bot = _bot(PlannerBot, st, corp, STRONG_D)
    assert 800 > eco.SAVE_RUNS * 250
    assert _dividend(bot, st, 250)["kind"] == "payout"

    st, corp = _phase6_dividend(["5-0", "6-0"], 450)
    floated = sum(1 for v in st.s["corps"].values() if v["floated"])
    st.s["bank"] = 280 * floated * 2 + 1      # runs out before two more runs of everyone
    assert st.s["bank"] >= 4 * 280
    bot = _bot(PlannerBot, st, corp, STRONG_D)
    assert _dividend(bot, st, 280)["kind"] == "payout"


def test_saves_three_runs_for_a_lasting_train_but_not_for_one_that_rusts():
    """A company with one 5-train (room for a second) earning $130 and $300 saves over
    three runs for the last 6-train (never rusts, $630: the run and two more); the same
    gap to a train that rusts a phase later (an 1830 4-train, position of
    test_planner_pace) is saved for over two runs at most."""
    st, corp = _phase6_dividend(["5-0"], 300)
    bot = _bot(PlannerBot, st, corp, STRONG_D)
    assert eco.save_for(bot, st, corp)[0] == 630
    assert _dividend(bot, st, 130)["kind"] == "withhold"
    # four runs away: pays out
    st, corp = _phase6_dividend(["5-0"], 100)
    bot = _bot(PlannerBot, st, corp, STRONG_D)
    assert _dividend(bot, st, 130)["kind"] == "payout"


def test_search_leaves_a_saving_withhold_to_the_policy():
    """``strategic:normal``'s search plays a dividend on to the round's end only: a
    withhold that saves over several runs loses the dividend there and buys nothing yet.
    The search keeps the policy's withhold (a play-on would have to see the D bought)."""
    st, corp = _phase6_dividend(["5-0", "6-0"], 450)
    bot = _bot(SearchBot, st, corp, STRONG_D)
    act = _dividend(bot, st, 280)
    assert act["kind"] == "withhold", act
    assert bot.saving and bot.searched == 0
