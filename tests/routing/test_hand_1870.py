"""Hand-built 1870 positions through the 1870 hook (games/g1870/routes.py: route_network).  Track: tile 57 on
M2 (rotation 0: a city joined to side 0 towards N1 and to side 3); N1 is the red off-board
(value 20 / 40 / 50 by phase, 2.2); tile 57's city is worth 20.  SSW has a station in M2
and one 2-train.  Expected totals are computed by hand from those printed values."""
from __future__ import annotations

from dataclasses import replace

import pytest

from railyard.engine.game import Game
from railyard.routing import best_routes
from railyard.routing.problem import route_problem as route_network


def position(phase="1", bonus=None, trains=("2-0",)):
    st = Game("1870", ["a", "b", "c"], 0, {}).state
    s = st.s
    s["tiles"] = {"M2": ["57", 0]}
    s["tokens"] = {"M2": [["SSW"]]}
    s["phase"] = phase
    s["bonus"] = bonus or {}
    s["corps"]["SSW"]["trains"] = list(trains)
    return st


def total(st, corp="SSW"):
    prob = route_network(st, corp)
    res = best_routes(prob.network, prob.trains)
    assert res.optimal
    return res.total


@pytest.mark.parametrize("phase,offboard", [("1", 20), ("3", 20), ("4", 40), ("5", 40),
                                             ("6", 50)])
def test_2_2_offboard_value_by_phase(phase, offboard):
    assert total(position(phase)) == 20 + offboard


def test_9_3_2_offboard_is_a_route_end_only():
    prob = route_network(position(), "SSW")
    n1 = [s for s in prob.network.stops if s.id[0] == "N1"]
    # a route end only (the red hex's stop may hold a destination marker, 9.6.3 a, so the
    # game models it as a city that cannot be passed)
    assert n1 and all(s.terminal and not s.passable for s in n1)


def test_11_3_cattle_bonus_for_its_owner_only():
    assert total(position(bonus={"cattle": ["M2", "SSW"]})) == 20 + 20 + 10
    assert total(position(bonus={"cattle": ["M2", "ATSF"]})) == 20 + 20


def test_11_4_port_bonus_owner_20_others_10_while_open():
    assert total(position(bonus={"port": ["M2", "SSW", "open"]})) == 40 + 20
    assert total(position(bonus={"port": ["M2", "ATSF", "open"]})) == 40 + 10
    assert total(position(bonus={"port": ["M2", "ATSF", "closed"]})) == 40


def test_9_6_6_destination_on_the_map_doubles_it_as_a_route_end(monkeypatch):
    st = position()
    # SSW's destination moved to M2 for this position (facts: corporations' data)
    monkeypatch.setitem(st.st.corps, "SSW", replace(st.st.corps["SSW"], destination="M2"))
    assert total(st) == 40
    st.s["corps"]["SSW"]["dest_marker"] = "map"
    assert total(st) == 40 + 20
    st.s["corps"]["SSW"]["dest_marker"] = "charter"
    assert total(st) == 40


def test_12_2_diesel_runs_any_number_of_stops():
    prob = route_network(position(trains=("D-0", "8-0")), "SSW")
    limits = {t.id: t.limit for t in prob.trains}
    assert limits == {"D-0": None, "8-0": 8}


def test_unknown_corporation_is_refused():
    with pytest.raises(KeyError):
        route_network(position(), "XYZ")
