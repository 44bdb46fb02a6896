"""`railyard new` and `railyard show`, including their error paths (issue 2 §4)."""
import json

from railyard.engine import Game


def make_save(path, actions, players=("Ann", "Bob"), target=10):
    game = Game("dummy-race", list(players), 5, {"target": target})
    for act in actions:
        game.apply(act)
    game.save(str(path))
    return game


def step(player, amount):
    return {"type": "step", "player": player, "amount": amount}


def test_new_writes_a_loadable_save(run, tmp_path):
    out = tmp_path / "g.json"
    result = run("new", "dummy-race", "--players", "Ann, Bob,Cy", "--seed", "42",
                 "--option", "target=7", "-o", "mode=fancy", "--out", str(out))
    assert result.exit_code == 0, result.output
    game = Game.load(str(out))
    assert game.title == "dummy-race"
    assert game.players == ["Ann", "Bob", "Cy"]
    assert game.seed == 42
    assert game.options == {"target": 7, "mode": "fancy"}
    assert game.log == []


def test_new_unknown_title_lists_available_games(run, tmp_path):
    result = run("new", "1831", "--players", "A,B", "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "Unknown game '1831'" in result.stderr
    assert "dummy-race (2-4 players)" in result.stderr
    assert not (tmp_path / "x.json").exists()


def test_new_unknown_option_lists_options(run, tmp_path):
    result = run("new", "dummy-race", "--players", "A,B", "-o", "speed=3",
                 "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "speed" in result.stderr
    assert "target=int (default 10)" in result.stderr and "mode=plain|fancy" in result.stderr


def test_new_bad_option_value_and_form(run, tmp_path):
    out = str(tmp_path / "x.json")
    bad_choice = run("new", "dummy-race", "--players", "A,B", "-o", "mode=weird", "--out", out)
    assert bad_choice.exit_code == 2 and "'plain', 'fancy'" in bad_choice.stderr
    bad_type = run("new", "dummy-race", "--players", "A,B", "-o", "target=many", "--out", out)
    assert bad_type.exit_code == 2 and "must be a int" in bad_type.stderr
    no_equals = run("new", "dummy-race", "--players", "A,B", "-o", "target", "--out", out)
    assert no_equals.exit_code == 2 and "key=value" in no_equals.stderr


def test_new_wrong_player_count(run, tmp_path):
    result = run("new", "dummy-race", "--players", "A,B,C,D,E", "--out",
                 str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "2 to 4 players, not 5" in result.stderr


def test_show_summary_log_and_result(run, tmp_path):
    path = tmp_path / "g.json"
    make_save(path, [step(0, 3), step(1, 1), step(0, 3), {"type": "pass", "player": 1},
                     step(0, 3)])
    result = run("show", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ann" in out and "Bob" in out and "5 actions" in out
    assert "Ann steps 3" in out and "Bob passes" in out
    # Ann 9 steps, Bob 1: total 10 reaches the target, Ann wins alone
    assert "Winner: Ann" in out
    assert "9" in out


def test_show_running_game_names_the_player_to_act(run, tmp_path):
    path = tmp_path / "g.json"
    make_save(path, [step(0, 1)])
    result = run("show", str(path))
    assert result.exit_code == 0
    assert "Action 2: Bob (seat 1) to act." in result.output


def test_show_json_is_the_public_view(run, tmp_path):
    path = tmp_path / "g.json"
    make_save(path, [step(0, 2), step(1, 3)])
    result = run("show", str(path), "--json")
    assert result.exit_code == 0
    view = json.loads(result.output)
    assert view["total"] == 5
    assert view["players"] == [{"name": "Ann", "steps": 2}, {"name": "Bob", "steps": 3}]
    assert view["action_count"] == 2


def test_show_corrupt_save_is_refused(run, tmp_path):
    path = tmp_path / "g.json"
    make_save(path, [step(0, 2), step(1, 3)])
    text = path.read_text()
    (tmp_path / "cut.json").write_text(text[: len(text) // 2])
    result = run("show", str(tmp_path / "cut.json"))
    assert result.exit_code == 1
    assert "not valid JSON" in result.stderr


def test_show_tampered_save_names_the_first_bad_action(run, tmp_path):
    path = tmp_path / "g.json"
    make_save(path, [step(0, 2), step(1, 3), step(0, 1)])
    data = json.loads(path.read_text())
    data["actions"][1]["action"]["amount"] = 1
    path.write_text(json.dumps(data))
    result = run("show", str(path))
    assert result.exit_code == 1
    assert "Action 2" in result.stderr


def test_show_missing_file(run, tmp_path):
    result = run("show", str(tmp_path / "nope.json"))
    assert result.exit_code == 1
    assert "Cannot read the save file" in result.stderr


def test_show_names_only_the_options_that_differ_from_the_printed_rules(run, tmp_path):
    """Issue 24 point 5: `show` tells a game's options in words (their names as the
    new-game page shows them), only those that differ from the printed rules; no
    "key=False" list."""
    printed, varied = tmp_path / "p.json", tmp_path / "v.json"
    assert run("new", "1830", "--players", "Ann,Bob,Cy", "--seed", "1", "--out",
               str(printed)).exit_code == 0
    assert run("new", "1830", "--players", "Ann,Bob,Cy", "--seed", "1", "-o",
               "extra_6_train=true", "-o", "diesels=false", "--out",
               str(varied)).exit_code == 0
    out = run("show", str(printed)).output
    assert "options: as printed" in out and "=False" not in out
    out = " ".join(run("show", str(varied)).output.split())
    assert "A third 6-train" in out and "not: D-trains (diesels)" in out
    assert "extra_6_train" not in out and "=" not in out.split("options:")[1].split("·")[0]
