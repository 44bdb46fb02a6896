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
                                       "strategic:hard", "basic:easy", "basic:normal",
                                       "basic:hard"]
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


def test_basic_is_todays_strategic_bot_under_its_own_name():
    """Issue 22, point 4: the first 1830/1870 bot stays available as kind ``basic`` with
    its levels, named so by the CLI's seat parser, the terminal's question and the web
    page's list (factory.bot_kinds); ``strategic`` is the planner bot of issue 22
    (kinds.STRATEGIC)."""
    from railyard.bots import kinds
    from railyard.bots.factory import bot_kinds, recommended_kind
    from railyard.bots.strategic import StrategicBot
    assert parse_kind("basic") == Kind("basic", "normal")
    assert str(parse_kind("BASIC:hard")) == "basic:hard"
    seat = parse_seat("basic:easy:Rob")
    assert (seat.kind, seat.level, seat.name, seat.bot_spec) == ("basic", "easy", "Rob",
                                                                 "basic:easy")
    for title in ("1830", "1870"):
        bot = make_bot("basic:hard", title, 1)
        assert isinstance(bot, StrategicBot) and bot.level == "hard" and bot.name == "basic"
        assert {"basic:easy", "basic:normal", "basic:hard"} <= set(bot_kinds(title))
        assert recommended_kind(title) == "strategic:normal"
    from railyard.bots.planner import PlannerBot
    assert kinds.STRATEGIC == "planner"
    from railyard.bots.planner.search import SearchBot
    assert type(make_bot("strategic", "1830", 1)) is SearchBot          # planner + search
    assert type(make_bot("strategic:easy", "1830", 1)) is PlannerBot
    assert type(make_bot("basic", "1830", 1)) is StrategicBot
    with pytest.raises(BotSpecError, match="no basic bot for chicago-express"):
        make_bot("basic", "chicago-express")
    with pytest.raises(BotSpecError, match="Unknown level 'expert' for basic"):
        parse_kind("basic:expert")


def test_the_terminal_question_offers_basic(monkeypatch):
    """``railyard play 1830`` at a terminal asks the bot kind; ``basic:hard`` is taken."""
    import click
    from railyard.cli.seats import ask_bot_kind
    from railyard.engine import available
    asked = []

    def prompt(text, **kw):
        asked.append(text)
        return "basic:hard"

    monkeypatch.setattr(click, "prompt", prompt)
    out = ask_bot_kind(available()["1830"], ["human", "bot", "bot"])
    assert out == ["human", "basic:hard", "basic:hard"]
    assert "basic:normal" in asked[0] and "strategic:normal" in asked[0]


def test_the_new_game_page_and_the_api_offer_basic(tmp_path):
    """The browser's new-game page lists the seat kinds of each title from the server
    (the option-choices JSON that new.js turns into options), the API names them as
    ``bot_kinds``, and a game with a ``basic:easy`` seat is created."""
    import json
    import re

    from starlette.testclient import TestClient

    from railyard.web.app import create_app
    from railyard.web.storage import Storage
    with TestClient(create_app(storage=Storage(str(tmp_path / "ry.sqlite3")))) as client:
        page = client.get("/new").text
        data = re.search(r'id="option-choices"[^>]*>(.*?)</script>', page, re.S).group(1)
        titles = {t["slug"]: t for t in json.loads(data)}
        for slug in ("1830", "1870"):
            assert {"basic:easy", "basic:normal", "basic:hard"} <= set(titles[slug]["bots"])
        api = {t["slug"]: t for t in client.get("/api/titles").json()["titles"]}
        assert "basic:hard" in api["1870"]["bot_kinds"]
        r = client.post("/api/games", json={"title": "1830", "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "basic:easy"}]})
        assert r.status_code == 201, r.text
