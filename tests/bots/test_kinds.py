"""Bot kinds are named the same everywhere (issue 14, point 3)."""
import pytest

from railyard.bots import BotSpecError, make_bot, parse_kind
from railyard.bots.kinds import Kind, available_kinds, parse_seat
from railyard.bots.mcts import MctsBot
from railyard.bots.random_bot import RandomBot
from railyard.bots.rules import GreedyBot, NarRulesBot

SMALL = ("chicago-express", "american-rails", "north-american-railways")


def test_parse_kind_levels():
    assert parse_kind("mcts") == Kind("mcts", "normal")
    assert parse_kind("MCTS:Hard") == Kind("mcts", "hard")
    assert parse_kind(" random ") == Kind("random")
    assert str(parse_kind("mcts:easy")) == "mcts:easy"


@pytest.mark.parametrize("spec, words", [
    ("", "kind is needed"), ("alphazero", "Unknown bot kind 'alphazero'"),
    ("mcts:extreme", "Unknown level 'extreme'"), ("random:hard", "has no levels"),
])
def test_parse_kind_errors(spec, words):
    with pytest.raises(BotSpecError, match=words):
        parse_kind(spec)


@pytest.mark.parametrize("title", SMALL)
def test_make_bot_every_kind_for_the_small_games(title):
    assert isinstance(make_bot("random", title, 1), RandomBot)
    rules = make_bot("rules", title, 1)
    assert isinstance(rules, NarRulesBot if title == "north-american-railways" else GreedyBot)
    easy, hard = make_bot("mcts:easy", title, 1), make_bot("mcts:hard", title, 1)
    assert isinstance(easy, MctsBot) and easy.level == "easy" and hard.level == "hard"
    assert easy.iterations < make_bot("mcts", title).iterations < hard.iterations


def test_make_bot_refuses_a_kind_the_title_has_not():
    with pytest.raises(BotSpecError, match="no mcts bot for 1830"):
        make_bot("mcts:normal", "1830")
    assert available_kinds("1830") == ["random", "strategic:easy", "strategic:normal",
                                       "strategic:hard"]
    assert "mcts:hard" in available_kinds("chicago-express")


def test_parse_seat():
    assert parse_seat("human:Ann").is_human and parse_seat("human:Ann").name == "Ann"
    s = parse_seat("mcts:hard")
    assert (s.kind, s.level, s.name, s.bot_spec) == ("mcts", "hard", None, "mcts:hard")
    s = parse_seat("mcts:Rob")
    assert (s.level, s.name, s.bot_spec) == ("normal", "Rob", "mcts:normal")
    s = parse_seat("rules:Eve")
    assert (s.kind, s.name, s.bot_spec) == ("rules", "Eve", "rules")
    assert parse_seat("bot").bot_spec == "bot"
    with pytest.raises(BotSpecError, match="Unknown seat kind 'robot'"):
        parse_seat("robot")


@pytest.mark.parametrize("title,kind", [
    ("chicago-express", "mcts:normal"), ("american-rails", "mcts:normal"),
    ("north-american-railways", "mcts:normal"), ("1830", "strategic:normal"),
    ("1870", "strategic:normal")])
def test_recommended_kind_is_the_strongest_at_the_normal_level(title, kind):
    from railyard.bots.factory import bot_kinds, recommended_kind
    assert recommended_kind(title) == kind
    assert kind in bot_kinds(title)
