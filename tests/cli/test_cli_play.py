"""`railyard play`: terminal games with scripted input (issue 2 §4: any mix of human and
bot seats; bad input re-prompts with the reason; undo; save)."""
import json

from railyard.engine import Game

HOT_SEAT = ("play", "dummy-race", "--seats", "human:Ann,human:Bob", "--seed", "1")


def test_bad_input_reprompts_with_the_reason(run):
    result = run(*HOT_SEAT, input="x\n9\n1 9\n1 abc\n1 2\nq\nn\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'x' is not an action number" in out
    assert "There is no action 9; choose 1 to 2." in out
    # the engine's own sentence for an illegal amount
    assert "Not allowed: You may step 1 to 3 spaces." in out
    assert "'abc' is not a whole number; amount must be from 1 to 3." in out
    # "1 2" finally moves: Bob is asked next
    assert out.index("Bob, choose 1-2") > out.index("Not allowed")
    assert "Game left." in out


def test_lists_numbered_actions_with_ranges(run):
    result = run(*HOT_SEAT, input="q\nn\n")
    assert "1. step · amount 1..3" in result.output
    assert "2. Pass" in result.output
    assert "Action 1: Ann (seat 0) to act." in result.output


def test_value_asked_when_not_given(run, tmp_path):
    path = tmp_path / "g.json"
    result = run(*HOT_SEAT, "--save", str(path), input="1\n3\ns\nq\nn\n")
    assert result.exit_code == 0
    assert "amount (1..3)" in result.output
    assert Game.load(str(path)).log == [{"type": "step", "player": 0, "amount": 3}]


def test_undo_then_save(run, tmp_path):
    path = tmp_path / "g.json"
    result = run(*HOT_SEAT, "--save", str(path), input="1 3\n2\nu\ns\nq\nn\n")
    assert result.exit_code == 0, result.output
    assert "Undone: 1 action(s)." in result.output
    assert "Saved 1 actions to" in result.output
    game = Game.load(str(path))
    assert game.log == [{"type": "step", "player": 0, "amount": 3}]
    assert game.current_player == 1


def test_undo_with_nothing_to_undo(run):
    result = run(*HOT_SEAT, input="u\nq\nn\n")
    assert "There is nothing to undo." in result.output


def test_bots_act_at_once_and_undo_takes_back_the_humans_move(run, tmp_path):
    path = tmp_path / "g.json"
    result = run("play", "dummy-race", "--seats", "human:Ann,bot", "--seed", "3",
                 "--save", str(path), input="1 3\nu\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "Bot 1 (bot): Bot 1 " in result.output
    # Ann's step and the bot's answer are both taken back
    assert "Undone: 2 action(s)." in result.output
    assert Game.load(str(path)).log == []


def test_quit_offers_save_to_a_new_file(run, tmp_path):
    path = tmp_path / "q.json"
    result = run(*HOT_SEAT, input=f"1 2\nq\ny\n{path}\n")
    assert result.exit_code == 0
    assert Game.load(str(path)).log == [{"type": "step", "player": 0, "amount": 2}]


def test_full_game_ends_with_result_and_autosave(run, tmp_path):
    path = tmp_path / "g.json"
    result = run(*HOT_SEAT, "-o", "target=6", "--save", str(path), input="1 3\n1 1\n1 3\n")
    assert result.exit_code == 0, result.output
    # Ann 6, Bob 1: total 7 >= 6 ends the game
    assert "Winner: Ann" in result.output
    game = Game.load(str(path))
    assert game.is_terminal and game.result().scores == (6, 1)


def test_end_of_input_leaves_the_game(run):
    result = run(*HOT_SEAT, input="")
    assert result.exit_code == 0
    assert "End of input: leaving the game." in result.output


def test_bots_only_game_runs_to_the_end(run):
    result = run("play", "dummy-race", "--seats", "bot,bot,bot", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Final result (steps)" in result.output
    assert "Winner" in result.output


def test_default_seats_are_you_and_bots(run):
    result = run("play", "dummy-race", "--seed", "2", input="q\nn\n")
    assert "You (human), Bot 1 (bot)" in result.output
    named = run("play", "dummy-race", "--players", "Ann", "--bots", "2", input="q\nn\n")
    assert "Ann (human), Bot 1 (bot), Bot 2 (bot)" in named.output


def test_load_continues_a_saved_game_with_bot_seats(run, tmp_path):
    path = tmp_path / "g.json"
    game = Game("dummy-race", ["Ann", "Bob"], 4, {"target": 10})
    game.apply({"type": "step", "player": 0, "amount": 1})
    game.save(str(path))
    result = run("play", "--load", str(path), "--seats", "bot,human", "--save", str(path),
                 input="2\ns\nq\nn\n")
    assert result.exit_code == 0, result.output
    saved = json.loads(path.read_text())
    assert saved["action_count"] >= 3  # the step, Bob's pass, and Ann (bot)'s answer
    assert saved["actions"][1]["action"] == {"type": "pass", "player": 1}
    assert "Ann (bot): " in result.output


def test_play_errors_exit_2(run, tmp_path):
    assert run("play", "nope").exit_code == 2
    bad_kind = run("play", "dummy-race", "--seats", "robot,human")
    assert bad_kind.exit_code == 2 and "human[:NAME] or bot[:NAME]" in bad_kind.stderr
    assert run("play").exit_code == 2
    path = tmp_path / "g.json"
    Game("dummy-race", ["Ann", "Bob"], 4, {}).save(str(path))
    mismatch = run("play", "--load", str(path), "--seats", "bot,bot,bot")
    assert mismatch.exit_code == 2 and "has 2 seats" in mismatch.stderr
    too_many = run("play", "dummy-race", "--seats", "bot,bot,bot,bot,bot")
    assert too_many.exit_code == 2 and "not 5" in too_many.stderr


def test_play_corrupt_save(run, tmp_path):
    path = tmp_path / "g.json"
    path.write_text("{")
    result = run("play", "--load", str(path))
    assert result.exit_code == 1 and "not valid JSON" in result.stderr


def test_save_remembers_bot_seats_for_load(run, tmp_path):
    path = tmp_path / "g.json"
    first = run("play", "dummy-race", "--seats", "human:Ann,bot", "--seed", "3",
                "--save", str(path), input="1 1\ns\nq\nn\n")
    assert first.exit_code == 0
    assert Game.load(str(path)).players == ["Ann", "Bot 1"]
    assert json.loads(path.read_text())["seats"] == ["human", "bot"]
    again = run("play", "--load", str(path), input="1 1\nq\nn\n")
    assert again.exit_code == 0
    # the bot seat plays again by itself after Ann's step
    assert again.output.count("Bot 1 (bot): ") == 1


def test_find_and_log_commands(run):
    result = run(*HOT_SEAT, input="f pass\nf zzz\nl\n1 2\nl\nq\nn\n")
    out = result.output
    assert "   2. Pass" in out
    assert "No action matches 'zzz'." in out
    assert "No action yet." in out
    assert "    1. Ann steps 2" in out


def test_a_bug_in_the_game_code_stops_with_status_1_and_keeps_the_log(run, tmp_path):
    """The broken dummy raises RuntimeError once 3 steps are taken in odd-seeded games."""
    path = tmp_path / "g.json"
    result = run("play", "dummy-broken", "--seats", "human:Ann,human:Bob", "--seed", "1",
                 "--save", str(path), input="1 3\n1 1\n")
    assert result.exit_code == 1
    assert "RuntimeError: deliberate failure" in result.stderr
    assert "internal error after 1 actions" in result.stderr
    assert Game.load(str(path)).log == [{"type": "step", "player": 0, "amount": 3}]
