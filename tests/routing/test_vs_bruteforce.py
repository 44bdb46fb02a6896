"""The optimiser against the brute-force enumerator (tests/routing/brute.py) on many small
random track graphs: same optimal revenue, same route set under the documented tie-break
(docs/routing.md), and the result passes the rule checker (1830 20.1, 20.3)."""
from hypothesis import HealthCheck, given, settings, strategies as st

from railyard.routing import Link, Network, Stop, Train, best_routes, check_run

from .brute import brute_best, route_key

KIND = st.sampled_from(["city", "city", "town", "offboard"])


@st.composite
def positions(draw):
    n_stops = draw(st.integers(2, 6))
    n_junctions = draw(st.integers(0, 3))
    stops = []
    for i in range(n_stops):
        kind = draw(KIND)
        stops.append(Stop(f"s{i}", draw(st.sampled_from([0, 10, 20, 30, 40])), kind,
                          token=draw(st.booleans()) if i else True,
                          blocked=kind == "city" and i and draw(st.integers(0, 4)) == 0,
                          end_bonus=draw(st.sampled_from([0, 0, 0, 20]))))
    nodes = [s.id for s in stops] + [f"j{i}" for i in range(n_junctions)]
    links = []
    for i in range(draw(st.integers(1, 8))):
        a, b = draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2, unique=True))
        pieces = (f"p{i}",) if draw(st.integers(0, 5)) else (f"p{i}", "shared")
        side = st.sampled_from([None, "x", "y"])
        links.append(Link(a, b, pieces, draw(side), draw(side)))
    trains = []
    for i in range(draw(st.integers(1, 3))):
        limit = draw(st.sampled_from([1, 2, 2, 3, 4, None]))
        counts = draw(st.sampled_from([frozenset({"city", "town", "offboard"}),
                                       frozenset({"city", "offboard"})]))
        trains.append(Train(f"t{i}", limit, counts))
    return Network(tuple(stops), tuple(links)), trains


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_optimiser_equals_brute_force(pos):
    net, trains = pos
    res = best_routes(net, trains)
    assert res.optimal
    total, keys = brute_best(net, trains)
    assert res.total == total
    assert check_run(net, trains, res.routes) == res.revenues
    got = {tid: None if r is None else route_key(net, r) for tid, r in res.routes.items()}
    assert got == keys


@settings(max_examples=40, deadline=None)
@given(positions())
def test_fixing_the_optimal_route_of_one_train_keeps_the_optimum(pos):
    net, trains = pos
    res = best_routes(net, trains)
    first = trains[0].id
    again = best_routes(net, trains, fixed={first: res.routes[first]})
    assert again.total == res.total
