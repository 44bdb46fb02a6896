"""``import-18xx --check-routes`` (issue 7): at every run_routes position of every fixture
the optimiser's total is at least what the players ran (20.1/20.3: the players' run is one
legal route set), and the optimiser's own run, submitted to the game as the action
``auto_routes`` builds, is accepted by the game's route check with the same revenue."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railyard.cli.cmd_import18xx import command
from railyard.eighteen.import18xx import load_export
from railyard.routing.import_check import check_routes, importer_for
from railyard.routing.problem import action_of, solve

from tests.fixture_files import fixture_files


def _importable(title: str) -> bool:
    try:
        importer_for(title)
        return True
    except Exception:
        return False


FILES = [(t, p) for t in ("1830", "1870") for p in fixture_files(t)]


@pytest.mark.parametrize("title,path", FILES, ids=[f"{t}/{p.name}" for t, p in FILES])
def test_optimal_at_least_recorded_and_accepted_by_the_game(title, path):
    if not _importable(title):
        pytest.skip(f"no {title} import yet")
    data = load_export(path.read_text("utf-8"))
    accepted: list = []

    def emit(rec):
        pass

    def before(game, action, ident):
        if action.get("type") != "run_routes":
            return
        prob, res = solve(game.state, action["entity"])
        act = action_of(prob, res)
        clone = game.state.clone()
        out = clone.apply(act)
        accepted.append((ident, out.get("revenue"), res.total))

    _game, _result, records = check_routes(data, emit)
    assert records, "the fixture has run_routes actions"
    for r in records:
        assert r["optimal"] >= r["recorded"], r
        assert r.get("proven", True), r
    importer_for(title)(data, before=before)
    assert len(accepted) == len(records)
    for ident, game_rev, ours in accepted:
        assert game_rev == ours, (ident, game_rev, ours)


def test_cli_prints_one_json_line_per_run_routes_position():
    path = fixture_files("1830")[0]
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
