"""`railyard simulate` and `railyard bench` (issue 2 §4, §5)."""
import re


def test_simulate_reports_winners_lengths_and_throughput(run):
    result = run("simulate", "dummy-race", "--games", "30", "--seed", "7", "--players", "3")
    assert result.exit_code == 0, result.output
    assert "30 of 30 games finished, 3 players, seeds 7..36" in result.output
    assert re.search(r"^\d+(\.\d+)? games/s$", result.output, re.M)
    # every game of the race takes at least ceil(10/3) = 4 actions
    match = re.search(r"min (\d+), mean ([\d.]+), max (\d+)", result.output)
    assert match and int(match[1]) >= 4 and int(match[1]) <= float(match[2]) <= int(match[3])
    wins = re.findall(r"^\s*│\s+([0-2]) │\s+([\d.]+) │", result.output, re.M)
    assert [seat for seat, _ in wins] == ["0", "1", "2"]
    assert abs(sum(float(w) for _, w in wins) - 30) < 1e-6


def test_simulate_fails_when_a_game_raises(run):
    result = run("simulate", "dummy-broken", "--games", "4", "--seed", "10")
    assert result.exit_code == 1
    # odd seeds break: 11 and 13
    assert "Game with seed 11 raised an error" in result.stderr
    assert "RuntimeError: deliberate failure" in result.stderr
    assert "2 of 4 games raised an error (seeds: 11, 13)" in result.stderr
    assert "Game with seed 10" not in result.stderr


def test_simulate_game_that_does_not_end_is_an_error(run):
    result = run("simulate", "dummy-race", "--games", "1", "--max-actions", "2")
    assert result.exit_code == 1
    assert "did not end within 2 actions" in result.stderr


def test_simulate_unknown_title_and_bad_player_count(run):
    unknown = run("simulate", "nope", "--games", "1")
    assert unknown.exit_code == 2 and "dummy-race" in unknown.stderr
    many = run("simulate", "dummy-race", "--games", "1", "--players", "5")
    assert many.exit_code == 2 and "2 to 4 players, not 5" in many.stderr


def test_bench_prints_games_per_second_and_clone_time(run):
    result = run("bench", "dummy-race", "--games", "3")
    assert result.exit_code == 0, result.output
    line = re.search(r"^dummy-race: ([\d.]+) games/s, clone ([\d.]+) µs \(median\); "
                     r"wall clock ([\d.]+) games/s$", result.output, re.M)
    assert line and float(line[1]) > 0 and float(line[2]) > 0 and float(line[3]) > 0
    assert "apply µs (mean)" in result.output and "legal µs (mean)" in result.output


def test_bench_reports_a_broken_title_and_fails(run):
    result = run("bench", "dummy-broken", "--games", "2")
    assert result.exit_code == 1
    assert "dummy-broken: a random game raised an error" in result.stderr


def test_bench_unknown_title(run):
    result = run("bench", "nope", "--games", "1")
    assert result.exit_code == 2
    assert "dummy-race" in result.stderr
