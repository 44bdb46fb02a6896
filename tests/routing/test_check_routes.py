"""``import-18xx --check-routes`` (issue 7): at every run_routes position of every fixture
the optimiser's total is at least what the players ran (1830 20.1/20.3, 1870 9.3: the
players' run is one legal route set), and the optimiser's own run, given to the game's own
route check, is accepted with the same revenue (one set of rules)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railyard.cli.cmd_import18xx import command
from railyard.eighteen.import18xx import load_export
from railyard.routing.import_check import check_routes
from railyard.routing.problem import action_of

from tests.fixture_files import fixture_files


def game_revenue(state, prob, res) -> int:
    """The revenue the game's own rules give the optimiser's routes."""
    act = action_of(prob, res)
    if state.title == "1870":
        from railyard.games.g1870 import routes as r1870
        _out, revenues, _stops = r1870.check_run(state, prob.corporation, act["routes"])
        return sum(revenues.values())
    return state.clone().apply(act)["revenue"]


FILES = [(t, p) for t in ("1830", "1870") for p in fixture_files(t)]


@pytest.mark.parametrize("title,path", FILES, ids=[f"{t}/{p.name}" for t, p in FILES])
def test_optimal_at_least_recorded_and_accepted_by_the_game(title, path):
    data = load_export(path.read_text("utf-8"))
    seen: list = []

    def inspect(state, prob, res, rec):
        seen.append((rec, game_revenue(state, prob, res)))

    _game, _result, records = check_routes(data, lambda r: None, inspect=inspect)
    assert records, "the fixture has run_routes actions"
    for rec, by_game in seen:
        assert rec["optimal"] >= rec["recorded"], rec
        assert rec.get("proven", True), rec
        assert by_game == rec["optimal"], rec


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_cli_prints_one_json_line_per_run_routes_position(title):
    path = fixture_files(title)[0]
    data = json.loads(path.read_text("utf-8"))
    want = sum(1 for a in data["actions"] if a.get("type") == "run_routes")
    res = CliRunner().invoke(command, [str(path), "--check-routes"])
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in res.output.splitlines()]
    recs = [x for x in lines if "action_id" in x]
    assert set(recs[0]) >= {"action_id", "company", "recorded", "optimal", "ms"}
    assert "result" in lines[-1]
    # undone actions are not replayed, so at most the export's run_routes count
    assert 0 < len(recs) <= want
    assert all(r["optimal"] >= r["recorded"] for r in recs)
