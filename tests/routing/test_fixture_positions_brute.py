"""Real positions: at the run_routes positions of the 18xx.games fixtures whose track is
small enough for the brute-force enumerator (tests/routing/brute.py: every trail of links,
checked by the rule checker, every disjoint combination), the optimiser finds the same
total and the same route set under the documented tie-break (1830 20.1/20.3, 1870 9.3)."""
from __future__ import annotations

import pytest

from railyard.eighteen.import18xx import load_export
from railyard.routing import best_routes
from railyard.routing.import_check import importer_for
from railyard.routing.problem import route_problem

from tests.fixture_files import fixture_files

from .brute import brute_best, legal_routes, route_key

MAX_WALKS = 3000
MAX_COMBINATIONS = 20_000


def few_walks(net, cap: int) -> bool:
    """True if the network has at most ``cap`` trails of links from a stop (counted with
    an early stop, so that big networks cost little)."""
    adj: dict = {}
    for i, link in enumerate(net.links):
        adj.setdefault(link.a, []).append((i, link.b))
        adj.setdefault(link.b, []).append((i, link.a))
    count = 0

    def go(node, used):
        nonlocal count
        for i, other in adj.get(node, ()):
            if i not in used:
                count += 1
                if count > cap:
                    return False
                if not go(other, used | {i}):
                    return False
        return True

    return all(go(s.id, frozenset()) for s in net.stops)


FILES = [(t, p) for t in ("1830", "1870") for p in fixture_files(t)]


@pytest.mark.parametrize("title,path", FILES, ids=[f"{t}/{p.name}" for t, p in FILES])
def test_small_fixture_positions_equal_brute_force(title, path):
    data = load_export(path.read_text("utf-8"))
    checked: list = []

    def before(game, action, ident):
        if action.get("type") != "run_routes" or action.get("entity") is None:
            return
        prob = route_problem(game.state, action["entity"])
        if not prob.trains or not few_walks(prob.network, MAX_WALKS):
            return
        combos = 1
        for t in prob.trains:
            combos *= len(legal_routes(prob.network, t)) + 1
        if combos > MAX_COMBINATIONS:
            return
        res = best_routes(prob.network, prob.trains)
        total, keys = brute_best(prob.network, prob.trains)
        got = {t: None if r is None else route_key(prob.network, r)
               for t, r in res.routes.items()}
        assert (res.total, got) == (total, keys), ident
        checked.append(ident)

    importer_for(title)(data, before=before)
    assert len(checked) >= 5
