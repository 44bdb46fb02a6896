"""Single-train search against brute force (1830 20.1): every route found is legal, every
legal route is found or covered by one with the same stops and a subset of its track, and
the best single route (used as an upper bound) is exact.  Checks the pruning bound."""
from hypothesis import HealthCheck, given, settings

from railyard.routing import Route, check_run
from railyard.routing.candidates import TrainSearch
from railyard.routing.optimise import compiled

from .brute import legal_routes
from .test_vs_bruteforce import positions


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_search_covers_every_legal_route(pos):
    net, trains = pos
    cp = compiled(net)
    for t in trains:
        ts = TrainSearch(cp, t)
        found = ts.search(-1)
        for rev, mask, stops, segs in found:
            r = Route(*cp.walk_nodes(stops[0], segs))
            assert check_run(net, [t], {t.id: r}) == {t.id: rev}
        legal = legal_routes(net, t)
        for (stops, mask), (rev, _w) in legal.items():
            assert any(st == stops and m & mask == m for _r, m, st, _s in found)
        best, _route = ts.best_single()
        assert best == max((rev for rev, _w in legal.values()), default=0)
