"""`railyard replay` (issue 2 §4: step through a saved game)."""
from railyard.engine import Game

ACTIONS = [{"type": "step", "player": 0, "amount": 3}, {"type": "pass", "player": 1},
           {"type": "step", "player": 0, "amount": 2}, {"type": "step", "player": 1,
                                                          "amount": 1}]


def save(tmp_path):
    game = Game("dummy-race", ["Ann", "Bob"], 1, {"target": 20})
    for act in ACTIONS:
        game.apply(act)
    path = tmp_path / "g.json"
    game.save(str(path))
    return str(path)


def test_replay_prints_every_action_in_order(run, tmp_path):
    result = run("replay", save(tmp_path))
    assert result.exit_code == 0, result.output
    lines = [ln.strip() for ln in result.output.splitlines()]
    assert lines[1:5] == ["1. Ann steps 3", "2. Bob passes", "3. Ann steps 2", "4. Bob steps 1"]


def test_replay_to_shows_the_state_after_that_action(run, tmp_path):
    result = run("replay", save(tmp_path), "--to", "3")
    assert result.exit_code == 0
    assert "4. Bob steps 1" not in result.output
    assert "State after action 3:" in result.output
    assert "total: 5" in result.output  # Ann 3 + 2


def test_replay_to_out_of_range(run, tmp_path):
    result = run("replay", save(tmp_path), "--to", "9")
    assert result.exit_code == 2
    assert "between 0 and 4" in result.stderr


def test_replay_step_waits_and_q_stops(run, tmp_path):
    result = run("replay", save(tmp_path), "--step", input="\nq\n")
    assert result.exit_code == 0
    assert "2. Bob passes" in result.output
    assert "3. Ann steps 2" not in result.output


def test_replay_corrupt_save(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "railyard-save", "version": 99}')
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert "version 99" in result.stderr


def test_replay_board_shows_the_state_after_each_action(run, tmp_path):
    result = run("replay", save(tmp_path), "--board")
    assert result.exit_code == 0
    totals = [ln for ln in result.output.splitlines() if "total: " in ln]
    # after each of the 4 actions: 3, 3, 5, 6 steps in all
    assert [t.split("total: ")[1].split()[0] for t in totals] == ["3", "3", "5", "6"]
