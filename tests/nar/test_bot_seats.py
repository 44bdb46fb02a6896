"""Issue 13 point 5: bot seats of North American Railways get the game's rule-of-thumb bot
(kind ``rules``) in ``railyard play`` and on the web server, through one factory in which each
title names its default bot; other titles keep the random bot."""
from __future__ import annotations

import pytest

from railyard.bots.factory import bot_kinds, make_bot
from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.games.nar.bot import NarBot

SLUG = "north-american-railways"


def test_the_factory_seats_the_titles_default_bot():
    bot = make_bot(SLUG, 5)
    assert bot.kind == "rules"
    assert isinstance(bot.inner.inner, NarBot) and bot.inner.inner.style == "value"
    assert bot_kinds(SLUG)[0] == "rules" and "random" in bot_kinds(SLUG)
    assert isinstance(make_bot(SLUG, 5, "random").inner, RandomBot)
    assert isinstance(make_bot("chicago-express", 5).inner, RandomBot)   # its default
    assert bot_kinds("chicago-express")[0] == "random"
    assert isinstance(make_bot("1830", 5).inner, RandomBot)
    with pytest.raises(ValueError, match="no mcts bot for 1830.*random"):
        make_bot("1830", 5, "mcts")


def _expected_log(players: int, seed: int, bot_seed: int) -> list[dict]:
    """The game as rules bots with the seeds ``railyard play`` gives its seats play it."""
    game = Game(SLUG, [f"Bot {i + 1}" for i in range(players)], seed)
    bots = [NarBot(bot_seed * 1000 + seat, "value") for seat in range(players)]
    while not game.is_terminal:
        game.apply(bots[game.current_player].choose(game.state))
    return game.log


def test_railyard_play_seats_the_rules_bot(tmp_path):
    from click.testing import CliRunner

    from railyard.cli.main import main
    save = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["play", SLUG, "--seats", "bot,bot,bot", "--seed", "11",
                                       "--save", str(save)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert Game.load(str(save)).log == _expected_log(3, 11, 11)
    # the random bot would have played another game
    game = Game(SLUG, ["Bot 1", "Bot 2", "Bot 3"], 11)
    bots = [RandomBot(11 * 1000 + s) for s in range(3)]
    while not game.is_terminal:
        game.apply(bots[game.current_player].choose(game.state))
    assert game.log != _expected_log(3, 11, 11)


def test_the_web_server_seats_the_rules_bot(tmp_path):
    from railyard.web.service import MAX_SEED, Service
    from railyard.web.storage import Storage
    svc = Service(Storage(str(tmp_path / "railyard.sqlite3")))
    try:
        # the server picks the seed of a title with hidden information (issue 15, point 4)
        made = svc.create(SLUG, [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}])
        svc.wait_bots_idle()
        live = svc.get(made["id"])
        assert live.game.is_terminal
        seed = live.game.seed
        # replay: every bot action is the rules bot's choice with the seed the server uses
        game = Game(SLUG, live.game.players, seed)
        for version, action in enumerate(live.game.log):
            bot = NarBot((seed * 1_000_003 + version) % MAX_SEED, "value")
            assert bot.choose(game.state) == action, version
            game.apply(action)
    finally:
        svc.close()
