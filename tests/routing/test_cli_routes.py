"""``railyard routes SAVE COMPANY`` (issue 7): the optimal run of a company in a saved 1830
/ 1870 game.  Expected totals come from the brute-force enumerator (tests/routing/brute.py)
on the same position; bad input (unknown company, corrupt save, a title without routes) is
refused with a message and a non-zero status."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from railyard.cli.main import main
from railyard.engine.game import Game
from railyard.routing.import_check import importer_for
from railyard.eighteen.import18xx import load_export
from railyard.routing.problem import route_problem

from tests.fixture_files import fixture_files

from .brute import brute_best


def save_before_run(title: str, nth: int, path) -> tuple[str, int]:
    """Save the game at the position before the ``nth`` run_routes action of the first
    fixture of ``title``; returns (company, brute-force optimum)."""
    data = load_export(fixture_files(title)[0].read_text("utf-8"))
    found: list = []

    def before(game, action, ident):
        if action.get("type") == "run_routes" and not found:
            count.append(ident)
            if len(count) == nth:
                game.save(str(path))
                prob = route_problem(game.state, action["entity"])
                found.append((action["entity"], brute_best(prob.network, prob.trains)[0]))

    count: list = []
    importer_for(title)(data, before=before)
    return found[0]


def run(*args):
    return CliRunner().invoke(main, ["routes", *map(str, args)])


@pytest.mark.parametrize("title,nth", [("1830", 1), ("1830", 5), ("1870", 3)])
def test_routes_prints_the_optimal_run(tmp_path, title, nth):
    save = tmp_path / "g.json"
    corp, best = save_before_run(title, nth, save)
    res = run(save, corp)
    assert res.exit_code == 0, res.output
    assert f"total ${best} " in res.output
    assert "proven optimal" in res.output
    out = json.loads(run(save, corp, "--json").output)
    assert out["total"] == best and out["optimal"] is True
    assert sum(t["revenue"] for t in out["trains"]) == best
    for t in out["trains"]:
        if t["revenue"]:
            assert len(t["stops"]) >= 2 and t["chains"]


def test_routes_of_unknown_company_is_refused(tmp_path):
    save = tmp_path / "g.json"
    save_before_run("1830", 1, save)
    res = run(save, "XYZ")
    assert res.exit_code == 2
    assert "Unknown company 'XYZ'" in res.output and "PRR" in res.output


def test_routes_of_a_corrupt_save_is_refused(tmp_path):
    save = tmp_path / "g.json"
    save_before_run("1830", 1, save)
    text = save.read_text()
    save.write_text(text[: len(text) // 2])
    res = run(save, "PRR")
    assert res.exit_code == 1
    assert "Error" in res.output


def test_routes_of_a_missing_file_is_refused(tmp_path):
    res = run(tmp_path / "nope.json", "PRR")
    assert res.exit_code != 0


def test_routes_of_a_game_without_companies_is_refused(tmp_path):
    save = tmp_path / "ce.json"
    Game("american-rails", ["a", "b", "c"], 1, {}).save(str(save))
    res = run(save, "PRR")
    assert res.exit_code == 2
    assert "Error" in res.output
