"""Hand-built positions, one per rule; optimiser and checker must agree."""
import pytest

from railyard.routing import (Link, ModelError, Network, Route, RouteInvalid, Stop, Train,
                              best_routes, check_run)


def line(*stops, extra=()):
    """Stops joined in a row by one link each; pieces p0, p1, ..."""
    links = tuple(Link(a.id, b.id, (f"p{i}",)) for i, (a, b) in enumerate(zip(stops, stops[1:])))
    return Network(tuple(stops), links + tuple(extra))


def stops_of(res, tid, net):
    ids = {s.id for s in net.stops}
    r = res.routes[tid]
    return None if r is None else [n for n in r.nodes if n in ids]


def test_20_1_blocked_city_is_not_passed_but_may_end_a_route():
    # 19.0: a city full of other tokens is only an end point
    net = line(Stop("A", 10, token=True), Stop("B", 50, blocked=True), Stop("C", 100))
    res = best_routes(net, [Train("4", 4)])
    assert res.total == 60 and stops_of(res, "4", net) == ["A", "B"]
    with pytest.raises(RouteInvalid) as e:
        check_run(net, [Train("4", 4)], {"4": Route(("A", "B", "C"), (0, 1))})
    assert "full of other companies' tokens" in str(e.value)


def test_20_1_offboard_only_at_route_ends():
    net = line(Stop("A", 10, token=True), Stop("X", 40, kind="offboard"), Stop("C", 100))
    res = best_routes(net, [Train("D", None)])
    assert res.total == 50
    with pytest.raises(RouteInvalid) as e:
        check_run(net, [Train("D", None)], {"D": Route(("A", "X", "C"), (0, 1))})
    assert "off-board" in str(e.value)


def test_20_1_offboard_counts_as_a_stop():
    net = line(Stop("X", 40, kind="offboard"), Stop("A", 10, token=True), Stop("C", 20))
    assert best_routes(net, [Train("2", 2)]).total == 50
    assert best_routes(net, [Train("3", 3)]).total == 70


def test_20_1_no_track_reuse_across_trains():
    # two trains but only one stretch of track between the stops
    net = line(Stop("A", 30, token=True), Stop("B", 30))
    res = best_routes(net, [Train("a", 2), Train("b", 2)])
    assert res.total == 60
    assert sorted(v for v in res.revenues.values()) == [0, 60]


def test_20_1_routes_may_share_stops_with_separate_track():
    net = Network((Stop("A", 30, token=True), Stop("B", 30)),
                  (Link("A", "B", ("p0",)), Link("A", "B", ("p1",))))
    assert best_routes(net, [Train("a", 2), Train("b", 2)]).total == 120


def test_20_1_shared_piece_inside_two_links_blocks_second_train():
    net = Network((Stop("A", 30, token=True), Stop("B", 30)),
                  (Link("A", "B", ("p0", "x")), Link("A", "B", ("p1", "x"))))
    assert best_routes(net, [Train("a", 2), Train("b", 2)]).total == 60


def test_20_1_token_required():
    net = line(Stop("A", 10), Stop("B", 50), Stop("C", 100))
    res = best_routes(net, [Train("2", 2)])
    assert res.total == 0 and res.routes["2"] is None and res.optimal
    with pytest.raises(RouteInvalid) as e:
        check_run(net, [Train("2", 2)], {"2": Route(("B", "C"), (1,))})
    assert "no station token" in str(e.value)


def test_20_1_stop_limit_and_no_skipping():
    # a 2-train may not run A-B-C skipping B; so the best is A-B
    net = line(Stop("A", 10, token=True), Stop("B", 0), Stop("C", 100))
    assert best_routes(net, [Train("2", 2)]).total == 10
    assert best_routes(net, [Train("3", 3)]).total == 110
    with pytest.raises(RouteInvalid) as e:
        check_run(net, [Train("2", 2)], {"2": Route(("A", "B", "C"), (0, 1))})
    assert "at most 2 stops" in str(e.value)


def test_20_1_diesel_unlimited():
    stops = [Stop(f"S{i}", 10 * (i + 1), token=(i == 0)) for i in range(9)]
    net = line(*stops)
    assert best_routes(net, [Train("D", None)]).total == sum(10 * (i + 1) for i in range(9))
    # a 6 must include the token S0: S0..S5
    assert best_routes(net, [Train("6", 6)]).total == 10 + 20 + 30 + 40 + 50 + 60


def test_20_1_towns_count_as_stops_in_1830():
    net = line(Stop("A", 20, token=True), Stop("t", 10, kind="town"), Stop("B", 30))
    assert best_routes(net, [Train("2", 2)]).total == 30   # A-t only
    assert best_routes(net, [Train("3", 3)]).total == 60


def test_counting_parameter_towns_free():
    net = line(Stop("A", 20, token=True), Stop("t", 10, kind="town"), Stop("B", 30))
    two = Train("2", 2, counts=frozenset({"city", "offboard"}))
    res = best_routes(net, [two])
    assert res.total == 60
    assert check_run(net, [two], res.routes) == {"2": 60}


def test_20_1_no_reversing_at_a_switch():
    # A's track and C's track join at hex edge j on the same side; B beyond
    net = Network((Stop("A", 10, token=True), Stop("B", 20), Stop("C", 100)),
                  (Link("A", "j", ("a",), None, "h1"), Link("C", "j", ("c",), None, "h1"),
                   Link("j", "B", ("b",), "h2", None)))
    assert best_routes(net, [Train("D", None)]).total == 30
    with pytest.raises(RouteInvalid) as e:
        check_run(net, [Train("D", None)], {"D": Route(("A", "j", "C"), (0, 1))})
    assert "reverses" in str(e.value)


def test_junction_branching_without_stop_gives_two_routes():
    # A -j- B and A -j- C: one piece from A, so two trains cannot both use it
    net = Network((Stop("A", 10, token=True), Stop("B", 20), Stop("C", 30)),
                  (Link("A", "j", ("a",), None, "h1"), Link("j", "B", ("b",), "h2", None),
                   Link("j", "C", ("c",), "h2", None)))
    assert best_routes(net, [Train("a", 2), Train("b", 2)]).total == 40


def test_route_needs_two_stops_and_stop_ends():
    net = line(Stop("A", 10, token=True), Stop("B", 20))
    with pytest.raises(RouteInvalid):
        check_run(net, [Train("2", 2)], {"2": Route(("A",), ())})


def test_1870_9_6_6_end_bonus_only_at_route_end():
    # destination D doubles (end bonus = its value) only when a route starts/ends there
    net = line(Stop("A", 10, token=True), Stop("D", 40, end_bonus=40), Stop("C", 30))
    assert best_routes(net, [Train("2", 2)]).total == 90
    assert best_routes(net, [Train("3", 3)]).total == 90   # A-D-C = 80 < A-D = 90


def test_per_train_values_hook():
    net = line(Stop("A", 10, token=True), Stop("B", 20))
    tr = Train("2", 2, values=(("B", 30),))
    assert best_routes(net, [tr]).total == 40


def test_fixed_route_is_kept_and_its_track_excluded():
    net = Network((Stop("A", 30, token=True), Stop("B", 30), Stop("C", 10)),
                  (Link("A", "B", ("p0",)), Link("A", "C", ("p1",))))
    fixed = {"a": Route(("A", "C"), (1,))}
    res = best_routes(net, [Train("a", 2), Train("b", 2)], fixed=fixed)
    assert res.routes["a"] == fixed["a"] and res.total == 100


def test_model_rejects_link_without_pieces():
    with pytest.raises(ModelError):
        Network((Stop("A", 1),), (Link("A", "B", ()),))


def test_deterministic_tie_break_earlier_stops_first():
    # B and C both worth 20: the route to the stop listed first wins
    net = Network((Stop("A", 10, token=True), Stop("B", 20), Stop("C", 20)),
                  (Link("A", "C", ("p0",)), Link("A", "B", ("p1",))))
    res = best_routes(net, [Train("2", 2)])
    assert res.routes["2"].nodes == ("A", "B")
