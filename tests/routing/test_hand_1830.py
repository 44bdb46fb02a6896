"""Hand-built 1830 positions.  On the printed map: tile 57 (a city worth 20 with track on
two opposite sides) on F4, turned so that one side faces the red off-board F2 (Chicago,
40 before the first 5-train, 70 after: 20.3).  Values below are added by hand."""
from __future__ import annotations

import pytest

from railyard.games.g1830.data import static
from railyard.routing import Link, Network, Stop, Train, best_routes
from railyard.routing.adapter18xx import network_for

B = static().board
TILES = {"F4": ["57", 1]}          # rotation 1: sides 1 (towards F2) and 4
TOKENS = {"F4": [["PRR"]]}


@pytest.mark.parametrize("colour,chicago", [("yellow", 40), ("green", 40), ("brown", 70),
                                             ("gray", 70)])
def test_20_3_offboard_value_before_and_after_the_first_5_train(colour, chicago):
    net = network_for(B, TILES, TOKENS, "PRR", colour)
    res = best_routes(net, [Train("2", 2)])
    assert res.optimal and res.total == 20 + chicago


def test_20_1_offboard_is_a_route_end_and_counts_as_a_stop():
    net = network_for(B, TILES, TOKENS, "PRR", "yellow")
    f2 = [s for s in net.stops if s.id[0] == "F2"]
    assert f2 and all(s.kind == "offboard" and not s.passable for s in f2)
    # a 1-stop "train" cannot run F4-F2: both stops count (20.1)
    assert best_routes(net, [Train("1", 1)]).total == 0


def test_20_1_a_route_needs_the_company_token():
    net = network_for(B, TILES, {"F4": [["NYC"]]}, "PRR", "yellow")
    assert best_routes(net, [Train("2", 2)]).total == 0


def test_20_1_the_two_cities_of_nyc_are_two_stops_one_route_may_use_both():
    # upper NY (token) leaves towards the north-east, the track loops round and enters
    # lower NY from the west: one route NY upper - NY lower = 40 + 40
    stops = (Stop("NY upper", 40, token=True), Stop("NY lower", 40))
    links = (Link("NY upper", "ne", (("NY", 1),), None, "NY"),
             Link("ne", "w", (("loop", 1),), "out", "out"),
             Link("w", "NY lower", (("NY", 2),), "NY", None))
    res = best_routes(Network(stops, links), [Train("2", 2)])
    assert res.total == 80
    # the same tile as one city would give 40 only: the two circles count separately
    one = Network((Stop("NY", 40, token=True), Stop("X", 0)),
                  (Link("NY", "X", (("NY", 1),)),))
    assert best_routes(one, [Train("2", 2)]).total == 40
