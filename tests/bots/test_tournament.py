"""``railyard tournament`` (issue 14, point 4) on short runs."""
import json

import pytest
from click.testing import CliRunner

from railyard.bots.tournament import percentile, seating, summary, wilson, GameRecord
from railyard.cli.main import main


def test_wilson_interval_textbook_values():
    # Wilson 95 % intervals: 0 of 10 -> [0, 0.2775]; 5 of 10 -> [0.2366, 0.7634]
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=5e-4)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=5e-4) and hi == pytest.approx(0.7634, abs=5e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentile():
    assert percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile(list(map(float, range(101))), 0.95) == pytest.approx(95.0)


def test_seats_rotate():
    seats = ["mcts:normal", "random", "rules"]
    assert seating(seats, 0) == seats
    assert seating(seats, 1) == ["random", "rules", "mcts:normal"]
    assert seating(seats, 3) == seats


def test_summary_shares_tied_wins():
    recs = [GameRecord(0, 0, ["a", "b", "b"], [10, 10, 5], [0.5, 0.5, 0.0], [[1.0], [2.0], [3.0]]),
            GameRecord(1, 0, ["b", "b", "a"], [1, 2, 9], [0.0, 0.0, 1.0], [[4.0], [5.0], [6.0]])]
    out = summary(recs)
    assert out["games"] == 2
    a, b = out["bots"]["a"], out["bots"]["b"]
    assert (a["games"], a["wins"], a["win_rate"]) == (2, 1.5, 0.75)
    assert (b["games"], b["wins"]) == (4, 0.5)
    assert a["mean_score"] == 9.5 and b["mean_score"] == 4.5
    assert a["move_ms_p50"] == 3.5


def run_cli(*args):
    return CliRunner().invoke(main, ["tournament", *args])


def test_tournament_json_short_run():
    r = run_cli("north-american-railways", "--seats", "rules,random,random", "--games", "3",
                "--seed", "4", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    bots = out["bots"]
    assert set(bots) == {"rules", "random"}
    assert bots["rules"]["games"] == 3 and bots["random"]["games"] == 6
    assert bots["rules"]["wins"] + bots["random"]["wins"] == pytest.approx(3)
    for d in bots.values():
        assert set(d) >= {"games", "wins", "win_rate", "ci95", "mean_score", "move_ms_p50",
                          "move_ms_p95"}
        assert 0 <= d["ci95"][0] <= d["win_rate"] <= d["ci95"][1] <= 1
    assert out["errors"] == []


def test_tournament_table_with_two_workers():
    r = run_cli("chicago-express", "--seats", "random,random,random", "--games", "2",
                "--workers", "2")
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and "random" in r.output


@pytest.mark.parametrize("seats, words", [
    ("mcts:extreme,random,random", "Unknown level 'extreme'"),
    ("random", "played by 2 to 6 players; --seats lists 1"),
    ("chess,random,random", "Unknown bot kind 'chess'"),
])
def test_tournament_bad_seats(seats, words):
    r = run_cli("chicago-express", "--seats", seats, "--games", "1")
    assert r.exit_code == 2
    assert words in r.output
    assert "Traceback" not in r.output


def test_tournament_refuses_a_kind_the_title_has_not():
    r = run_cli("1830", "--seats", "rules,random,random", "--games", "1")
    assert r.exit_code == 2 and "no rules bot for 1830" in r.output
