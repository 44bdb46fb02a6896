"""Harder cases for the branch and bound's pruning (search.py: bitsets of available
candidates, the bound for trains sharing one candidate list, the scan of the last train):
several identical trains, also next to a different one, on denser random graphs; the
optimiser must equal the brute-force enumerator (total and route set under the documented
tie-break, docs/routing.md; 1830 20.1 separate track, 20.3 revenue)."""
from hypothesis import HealthCheck, given, settings, strategies as st

from railyard.routing import Link, Network, Stop, Train, best_routes
from railyard.routing import search

from .brute import brute_best, route_key


@st.composite
def dense(draw):
    n_stops = draw(st.integers(3, 6))
    stops = [Stop(f"s{i}", draw(st.sampled_from([10, 20, 30, 40])),
                  draw(st.sampled_from(["city", "city", "town", "offboard"])) if i else "city",
                  token=i == 0 or draw(st.integers(0, 3)) == 0) for i in range(n_stops)]
    nodes = [s.id for s in stops] + ["j0", "j1"]
    links = []
    for i in range(draw(st.integers(4, 10))):
        a, b = draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=2, unique=True))
        links.append(Link(a, b, (f"p{i}",), draw(st.sampled_from([None, "x"])),
                          draw(st.sampled_from([None, "y"]))))
    limit = draw(st.sampled_from([2, 3, None]))
    k = draw(st.integers(2, 3))
    trains = [Train(f"t{i}", limit) for i in range(k)]
    if draw(st.booleans()):
        trains.append(Train("other", draw(st.sampled_from([2, 4]))))
    return Network(tuple(stops), tuple(links)), trains


def check(pos):
    net, trains = pos
    res = best_routes(net, trains)
    total, keys = brute_best(net, trains)
    assert res.optimal and res.total == total
    got = {tid: None if r is None else route_key(net, r) for tid, r in res.routes.items()}
    assert got == keys


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dense())
def test_identical_trains_equal_brute_force(pos):
    check(pos)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dense())
def test_without_the_last_train_scan_same_result(pos):
    # the scan of the last train and the bitset update must agree: force each in turn
    old = search.SCAN_LAST
    try:
        search.SCAN_LAST = -1          # always bitsets
        check(pos)
        search.SCAN_LAST = 10 ** 9     # always scan when allowed
        check(pos)
    finally:
        search.SCAN_LAST = old
