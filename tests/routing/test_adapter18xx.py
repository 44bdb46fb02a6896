"""Adapter from the 18xx core: on the printed 1830 map, the optimiser's routes are accepted
by the core's own route check (graph.resolve_route / check_route, 20.1) with the same
revenue, and use separate track (check_disjoint)."""
import pytest

from railyard.eighteen.graph import check_disjoint, check_route, resolve_route
from railyard.games.g1830.data import static
from railyard.routing import Train, best_routes
from railyard.routing.adapter18xx import chains_of, network_for

B = static().board


def lay(tiles, h, name, edge):
    """Lay tile ``name`` on ``h`` in the first rotation that has track at ``edge``."""
    from railyard.eighteen.board import rotate_paths
    rot = next(r for r in range(6)
               if any(edge in p for p in rotate_paths(B.tiles[name].paths, r)))
    tiles[h] = [name, rot]


TILES: dict = {}
lay(TILES, "H10", "57", 4)   # Pittsburgh: a city with track towards H12
lay(TILES, "H14", "9", 1)    # plain straight from H12's bypass side


@pytest.mark.parametrize("home", ["H12", "H10"])
def test_routes_pass_the_core_check(home):
    tokens = {home: [["X"]]}
    net = network_for(B, TILES, tokens, "X", "yellow")
    trains = [Train("4", 4), Train("D", None)]
    res = best_routes(net, trains)
    assert res.optimal
    assert res.total > 0
    resolved = []
    for t in trains:
        r = res.routes[t.id]
        if r is None:
            continue
        run = resolve_route(B, TILES, chains_of(net, r))
        limit = 99 if t.limit is None else t.limit
        assert check_route(B, TILES, tokens, "X", run, limit, "yellow") == res.revenues[t.id]
        resolved.append(run)
    check_disjoint(resolved)


def test_h12_bypass_track_is_a_junction_not_a_stop():
    # H12 (gray) has a city on sides 1 and 4 and a straight 1-4 past it
    net = network_for(B, {}, {}, "X", "yellow")
    bypass = [l for l in net.links if l.pieces[0][0] == "H12" and l.a[0] == "edge"
              and l.b[0] == "edge"]
    assert len(bypass) == 1
