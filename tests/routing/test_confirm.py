"""One source of truth (issue 7): the optimiser's route set is handed to the game's own
``run_routes`` check (the code that checks the routes players submit, 1830 20.1) before
it is returned; a refusal or a different revenue is a loud error, not a silent answer."""
from __future__ import annotations

import pytest

from railyard.routing.problem import RulesDisagree, auto_routes, confirm, solve

from tests.web.positions import play_1830_until, routes_step


@pytest.fixture(scope="module")
def position():
    pytest.importorskip("railyard.games.g1830")
    return play_1830_until(routes_step)


def test_the_optimal_set_is_accepted_by_the_game_with_the_same_revenue(position):
    corp = position.state.s["op"]["corp"]
    action = auto_routes(position.state, corp)          # confirm() ran inside
    _, result = solve(position.state, corp)
    assert position.state.clone().apply(action)["revenue"] == result.total


def test_a_different_revenue_is_reported(position):
    corp = position.state.s["op"]["corp"]
    _, result = solve(position.state, corp)
    action = auto_routes(position.state, corp)
    with pytest.raises(RulesDisagree, match="values"):
        confirm(position.state, action, result.total + 10)


def test_a_route_the_game_refuses_is_reported(position):
    corp = position.state.s["op"]["corp"]
    action = auto_routes(position.state, corp)
    assert action["routes"]
    bad = dict(action, routes=[dict(action["routes"][0], chains=[["A1", "A3"]])])
    with pytest.raises(RulesDisagree, match="refuses"):
        confirm(position.state, bad, 0)


def test_nothing_to_check_away_from_the_corporations_run(position):
    corp = position.state.s["op"]["corp"]
    action = auto_routes(position.state, corp)
    other = position.clone()
    other.apply(action)                          # the run is over: no run_routes step now
    confirm(other.state, action, 0)              # no error: nothing to apply it to
