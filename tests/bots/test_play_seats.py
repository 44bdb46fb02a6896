"""``railyard play --seats`` takes every bot kind (issue 14, points 3 and 5, terminal)."""
from click.testing import CliRunner

from railyard.cli.main import main


def play(*args, stdin=""):
    return CliRunner().invoke(main, ["play", *args], input=stdin)


def test_bots_of_every_kind_play_a_whole_game():
    r = play("north-american-railways", "--seats", "mcts:easy,rules:Rob,random", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert "mcts:easy" in r.output and "Rob (rules)" in r.output
    assert "Winner" in r.output


def test_a_human_next_to_a_search_bot():
    r = play("chicago-express", "--seats", "human:Ann,mcts:hard,rules", "--seed", "1",
             stdin="q\n")
    assert r.exit_code == 0, r.output
    assert "Ann (human)" in r.output and "(mcts:hard)" in r.output


def test_unknown_seat_kinds_and_titles_without_the_kind():
    r = play("chicago-express", "--seats", "human:Ann,robot")
    assert r.exit_code == 2 and "Unknown seat kind 'robot'" in r.output
    r = play("1830", "--seats", "human:Ann,mcts:hard,rules,random", stdin="q\n")
    assert r.exit_code == 2 and "no mcts bot for 1830" in r.output
    assert "Traceback" not in r.output
