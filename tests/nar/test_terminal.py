"""The terminal summary shows the columns, companies and players, and keeps money secret."""
from rich.console import Console

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.games.nar.terminal import render


def text_of(state):
    con = Console(width=160, record=True, file=open("/dev/null", "w"))
    con.print(render(state))
    return con.export_text()


def test_render_shows_columns_companies_players_and_hides_others_money():
    game = Game("north-american-railways", ["Ann", "Bob", "Cy"], 4)
    game.apply({"type": "found", "player": 0, "column": 0, "hundreds": 3})
    out = text_of(game.state)
    assert "RECONSTRUCTED" in out and "column 4" in out and "Companies" in out
    assert "Ann" in out and "secret" in out and "$2000 (yours)" in out  # Bob acts
    assert "$1700" not in out  # Ann's money stays secret


def test_render_of_a_finished_game_shows_all_money():
    game = Game("north-american-railways", ["Ann", "Bob", "Cy"], 4)
    bot = RandomBot(0)
    while not game.is_terminal:
        game.apply(bot.choose(game.state))
    out = text_of(game.state)
    assert "secret" not in out and "Coast-to-coast payout" in out
    for score in game.result().scores:
        assert f"${score}" in out
