"""The route optimiser's work counted in the planner's budgets (issue 22, point 3;
``routing/counted.py``): the per-train search steps of an estimate are counted (they were
not, and in late 1870 positions they were nearly all of a decision's time), a cached
estimate is charged what it cost, and a play-on and a tile lay decision stop at their
budget of those steps."""
import pytest

from railyard.bots.planner import PlannerBot
from railyard.bots.planner.search import SearchBot
from railyard.routing.counted import counted_routes
from railyard.bots.strategic import Revenue
from railyard.bots.views import observe
from railyard.routing.model import Train
from railyard.routing.optimise import best_routes
from railyard.routing.problem import route_problem

from .planner_helpers import new_game, play_until

_POS: dict = {}


def lay_with_trains(title):
    """A tile lay of a company whose train runs (earns), in a game of four easy planners
    (a copy; played once per test run)."""
    if title not in _POS:
        st = new_game(title, 5)
        bots = [PlannerBot(20 + i, "easy") for i in range(4)]

        def cond(s):
            corp = s.s["op"].get("corp") if s.s["round"] == "operating" else None
            if corp is None or not s.s["corps"][corp]["trains"]:
                return False
            lays = [c for c in s.legal_actions() if c.type == "lay_tile"]
            return len(lays) >= 10 and Revenue(800)(s, corp) > 0
        assert play_until(st, bots, cond)
        _POS[title] = st
    return _POS[title].clone()


def dividend_due(title):
    key = (title, "dividend")
    if key not in _POS:
        st = new_game(title, 5)
        bots = [PlannerBot(20 + i, "easy") for i in range(4)]
        assert play_until(st, bots, lambda s: any(
            c.type == "dividend" for c in s.legal_actions()))
        _POS[key] = st
    return _POS[key].clone()


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_an_estimate_counts_its_search_steps_and_finds_the_optimisers_routes(title):
    st = lay_with_trains(title)
    corp = st.s["op"]["corp"]
    prob = route_problem(st, corp)
    trains = list(prob.trains) + [Train("x0", 4), Train("x1", 4)]
    ref = best_routes(prob.network, trains, None, 4000)
    res, steps = counted_routes(prob.network, trains, 4000)
    assert res.total == ref.total > 0 and res.routes == ref.routes
    assert steps > 0
    # the count is that of a search from scratch: asked again (the searchers now remember
    # their best single routes) it is the same
    _, again = counted_routes(prob.network, trains, 4000)
    assert again == steps


def test_a_cached_estimate_costs_no_work_and_is_charged_what_it_cost():
    st = lay_with_trains("1870")
    corp = st.s["op"]["corp"]
    rev = Revenue(4000)
    v = rev(st, corp, ("4", "4"), own=False)
    work, charged = rev.work, rev.charged
    assert v > 0 and charged > 0 and work >= charged
    assert rev(st, corp, ("4", "4"), own=False) == v
    assert rev.work == work and rev.charged == 2 * charged


def test_a_play_on_stops_at_its_share_of_route_steps():
    """The same play-on to the end of the operating round, once with no limit on route
    steps and once with a tiny one: the second stops after the first decision whose
    estimates were charged any step, and says so."""
    st = dividend_due("1870")
    seat = st.current_player
    act = next(c.base() for c in st.legal_actions() if c.type == "dividend")
    free = SearchBot(1, "normal")
    free.play_on(st, seat, act, 10000, 7, 1, None)
    assert free.cut_by_routes == 0 and free.simulated > 3
    tight = SearchBot(1, "normal")
    tight.play_on(st, seat, act, 10000, 7, 1, 1)
    assert tight.cut_by_routes == 1 and tight.cut_short == 1
    assert 1 <= tight.simulated < free.simulated
    assert tight.route_charged() >= 1


def test_a_tile_lay_stops_at_its_route_steps():
    """The planner's lay scoring with its budget of route steps spent after the first lay
    scores two lays (one quick, one full) instead of all it would; the answer is legal."""
    st = lay_with_trains("1870")
    free = PlannerBot(3, "normal")
    free.cfg["steps"] = None
    a1 = free.choose(observe(st))
    tight = PlannerBot(3, "normal")
    tight.cfg["steps"] = 1
    a2 = tight.choose(observe(st))
    assert free.planned > tight.planned >= 2
    for a in (a1, a2):
        assert any(c.matches(a) for c in st.legal_actions())


def test_a_searched_decision_charges_the_same_steps_in_a_warm_process():
    """Two fresh bots answer the same searched decision; the second finds the route
    searchers the first left in the optimiser's cache (they remember their best routes):
    the same answer and the same charged steps, so a budget in steps does not depend on
    what the process computed before."""
    st = dividend_due("1870")
    seat = st.current_player
    out = []
    for _ in range(2):
        bot = SearchBot(4, "normal")
        act = bot.choose(observe(st))
        out.append((act, bot.route_charged(), bot.simulated))
        assert bot.route_charged() > 0 and bot.searched == 1
    assert out[0] == out[1]
    assert seat == st.current_player
