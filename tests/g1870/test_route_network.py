"""The routing library's view of an 1870 position (``games/g1870/routes.route_network``)
agrees with the route rules of ``games/g1870/routes.check_run``: on every normal run of
the fixture exports the optimiser's best set is legal under our rules with the same
revenue, and is worth at least what the players ran (their routes are legal, 9.3.5)."""
from __future__ import annotations

import pytest

from railyard.eighteen.import18xx import load_export
from railyard.games.g1870.import18xx import import_1870
from railyard.games.g1870 import routes
from railyard.routing.problem import action_of, solve

from tests.fixture_files import fixture_files

FILES = fixture_files("1870")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_optimiser_sets_are_legal_and_at_least_the_recorded_run(path):
    data = load_export(path.read_text("utf-8"))
    seen = []

    def before(game, action, ident):
        g = game.state
        if action.get("type") != "run_routes" or g.s["op"]["connections"]:
            return                                # connection runs: marker not yet chosen
        corp = action["entity"]
        prob, res = solve(g, corp)
        assert res.optimal
        chains = action_of(prob, res)["routes"]
        _, revenues, _ = routes.check_run(g, corp, chains)
        assert sum(revenues.values()) == res.total, ident
        recorded = sum(int(r["revenue"]) for r in action["routes"])
        assert res.total >= recorded, ident
        seen.append(ident)

    import_1870(data, before=before)
    assert seen


def test_hand_built_position_with_bonus_and_doubling():
    """IC: Jackson K16 ($20) - town K14 ($10), destination K14 with the map marker: 20 +
    2 x 10 = $40 (9.6.6); with IC's cattle token in K14 (white-box) +$10 (11.3) = $50."""
    from tests.g1870.test_routes import ic_turn
    g = ic_turn(["2-1"])
    assert solve(g, "IC")[1].total == 30
    import dataclasses
    corps = dict(g.st.corps)
    corps["IC"] = dataclasses.replace(corps["IC"], destination="K14")
    g.st = dataclasses.replace(g.st, corps=corps)
    g.s["corps"]["IC"]["dest_marker"] = "map"
    assert solve(g, "IC")[1].total == 40
    g.s["bonus"] = {"cattle": ["K14", "IC"]}
    assert solve(g, "IC")[1].total == 50
    _, revenues, _ = routes.check_run(g, "IC", [{"train": "2-1", "chains": [["K16", "K14"]]}])
    assert revenues == {"2-1": 50}
