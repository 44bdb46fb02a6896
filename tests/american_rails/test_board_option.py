"""The ``board`` option is board CONTENT, never a file name (issue 15 point 1): it is
size-limited, checked with errors naming the line or field, embedded in the game's options and
so in its saves.  Saves made on railyard's former invented board are refused with a reason."""
import builtins
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from railyard import Game, SaveError
from railyard.bots import RandomBot
from railyard.cli.main import main
from railyard.engine.errors import BadOptions
from railyard.games.american_rails.board import MAX_TEXT, published_text

FIXTURE = Path(__file__).parent / "fixtures" / "six-companies-invented-board.save.json"


def _own(title="my board", first_full=5):
    data = json.loads(published_text())
    data["title"] = title
    data["cities"][0]["full"] = first_full          # Buffalo, as corrected by a player
    return data


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_board_as_object_and_as_text_is_stored_as_the_object():
    data = _own()
    game = Game("american-rails", ["A", "B", "C"], seed=1, options={"board": data})
    assert game.state.board.title == "my board" and not game.state.board.published
    assert game.state.board.full[game.state.board.city_by_name["Buffalo"]] == 5
    text_game = Game("american-rails", ["A", "B", "C"], seed=1,
                     options={"board": json.dumps(data, indent=2)})
    assert text_game.options["board"] == data
    assert text_game.to_save()["options"]["board"] == data
    assert text_game.to_save()["head"] == game.to_save()["head"]


def test_default_is_the_published_board():
    """The default 'published' (also what the new-game page sends untouched); null and the
    word in other case mean the same."""
    game = Game("american-rails", ["A", "B", "C"], seed=1)
    assert game.options["board"] == "published" and game.state.board.published
    for value in (None, " Published "):
        other = Game("american-rails", ["A", "B", "C"], seed=1, options={"board": value})
        assert other.options["board"] == "published" and other.state.board.published
        assert other.to_save()["head"] == game.to_save()["head"]


def test_a_save_replays_the_same_game_whatever_happens_to_the_file(tmp_path):
    """The terminal reads --board FILE once; editing or deleting the file afterwards changes
    nothing in the save."""
    board_file = tmp_path / "board.json"
    board_file.write_text(json.dumps(_own(first_full=6)))
    save = tmp_path / "game.json"
    res = _run("new", "american-rails", "--players", "A,B,C", "--seed", "3",
               "--board", str(board_file), "--out", str(save))
    assert res.exit_code == 0, res.output
    game = Game.load(str(save))
    bot = RandomBot(2)
    while len(game.log) < 60:
        game.apply(bot.choose(game.state))
    game.save(str(save))
    before = Game.load(str(save)).state.fingerprint()
    board_file.write_text(json.dumps(_own(title="edited", first_full=9)))
    again = Game.load(str(save))
    assert again.state.fingerprint() == before
    assert again.state.board.full[again.state.board.city_by_name["Buffalo"]] == 6
    board_file.unlink()
    assert Game.load(str(save)).state.fingerprint() == before
    res = _run("show", str(save))
    assert res.exit_code == 0, res.output


def test_cli_at_file_is_the_same_as_board_flag(tmp_path):
    board_file = tmp_path / "b.json"
    board_file.write_text(json.dumps(_own()))
    out1, out2 = tmp_path / "1.json", tmp_path / "2.json"
    assert _run("new", "american-rails", "--players", "A,B,C", "--seed", "1", "-o",
                f"board=@{board_file}", "--out", str(out1)).exit_code == 0
    assert _run("new", "american-rails", "--players", "A,B,C", "--seed", "1", "--board",
                str(board_file), "--out", str(out2)).exit_code == 0
    assert json.loads(out1.read_text())["options"] == json.loads(out2.read_text())["options"]
    res = _run("new", "american-rails", "--players", "A,B,C", "--board",
               str(tmp_path / "missing.json"), "--out", str(tmp_path / "3.json"))
    assert res.exit_code != 0 and "cannot read" in res.output.lower()


@pytest.fixture
def no_open(monkeypatch):
    """Fail the test if anything opens a file while the option is checked."""
    def refuse(*args, **kwargs):
        raise AssertionError(f"a file was opened: {args[:1]}")
    from railyard.games.american_rails import board
    board.load_board()                     # the published board is read before the guard
    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(os, "open", refuse)


@pytest.mark.parametrize("path", ["/dev/zero", "/etc/passwd", "board.json", "@/dev/zero"])
def test_a_path_is_refused_without_opening_it(no_open, path):
    with pytest.raises(BadOptions, match="content.*not a file name.*--board FILE"):
        Game("american-rails", ["A", "B", "C"], options={"board": path})


def test_a_fifo_path_is_refused_without_opening_it(tmp_path, monkeypatch):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    real_open = builtins.open

    def guarded(file, *args, **kwargs):
        assert str(file) != str(fifo), "the FIFO was opened"
        return real_open(file, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", guarded)
    with pytest.raises(BadOptions, match="not a file name"):
        Game("american-rails", ["A", "B", "C"], options={"board": str(fifo)})


def test_content_is_size_limited():
    big = "{" + " " * MAX_TEXT + "}"
    with pytest.raises(BadOptions, match=f"at most {MAX_TEXT}"):
        Game("american-rails", ["A", "B", "C"], options={"board": big})
    data = _own()
    data["padding"] = "x" * MAX_TEXT
    with pytest.raises(BadOptions, match=f"at most {MAX_TEXT}"):
        Game("american-rails", ["A", "B", "C"], options={"board": data})


def test_text_errors_name_the_line_and_content_errors_the_field():
    text = '{\n "title": "x",\n "grid": {"rows_top_to_bottom": ["CC"]\n "cities": []\n}'
    with pytest.raises(BadOptions, match="line 4"):
        Game("american-rails", ["A", "B", "C"], options={"board": text})
    data = _own()
    data["cities"][3]["shared"] = 50
    with pytest.raises(BadOptions, match="city Chicago.*'shared'"):
        Game("american-rails", ["A", "B", "C"], options={"board": data})
    with pytest.raises(BadOptions, match="nested too deeply"):
        Game("american-rails", ["A", "B", "C"], options={"board": '{"a":' * 100000})


@pytest.mark.parametrize("value", [3, True, ["grid"], 2.5])
def test_other_types_are_refused(value):
    with pytest.raises(BadOptions, match="board's content"):
        Game("american-rails", ["A", "B", "C"], options={"board": value})


def test_save_on_the_invented_board_is_refused_with_the_reason():
    """A save made before the published board (the committed fixture, made with the former
    six-companies code) is refused: a SaveError saying why, and a clear terminal message."""
    with pytest.raises(SaveError) as exc:
        Game.load(str(FIXTURE))
    assert "invented six-company board" in exc.value.message
    assert "cannot be replayed" in exc.value.message
    res = _run("show", str(FIXTURE))
    assert res.exit_code == 1
    assert "invented six-company board" in res.output and "Traceback" not in res.output


def test_titles_lists_the_board_option():
    res = _run("titles")
    assert "board=published|JSON board content (default published)" in res.output


def test_an_empty_board_option_is_refused_with_the_reason():
    with pytest.raises(BadOptions, match="invented six-company board.*'published'"):
        Game("american-rails", ["A", "B", "C"], options={"board": "  "})
