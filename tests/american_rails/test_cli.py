"""`railyard simulate` and `railyard play` run American Rails (smoke tests)."""
from click.testing import CliRunner

from railyard.cli.main import main


def _run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_simulate_runs_games():
    res = _run("simulate", "american-rails", "--games", "2", "--players", "4")
    assert res.exit_code == 0, res.output
    assert "2 of 2 games finished" in res.output


def test_play_with_bots_shows_reconstructed_board_and_result():
    res = _run("play", "american-rails", "--seats", "bot,bot,bot", "--seed", "4")
    assert res.exit_code == 0, res.output
    assert "RECONSTRUCTED board" in res.output
    assert "Final result" in res.output


def test_titles_lists_the_board_option():
    res = _run("titles")
    assert "american-rails" in res.output and "board=str" in res.output
