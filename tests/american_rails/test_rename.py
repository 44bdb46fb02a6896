"""The title is American Rails, slug ``american-rails``; ``six-companies`` is its former slug
and still names it wherever a slug is taken (registry, CLI, saves)."""
import pytest
from click.testing import CliRunner

from railyard import Game, get_title
from railyard.cli.main import main
from railyard.engine.errors import UnknownTitle
from railyard.engine.registry import available


def test_the_title_is_american_rails():
    info = get_title("american-rails")
    assert info.slug == "american-rails" and info.name == "American Rails"
    assert "six-companies" in info.aliases


def test_the_former_slug_names_the_same_title_but_is_not_listed():
    assert get_title("six-companies") is get_title("american-rails")
    assert "six-companies" not in available()
    game = Game("six-companies", ["A", "B", "C"], seed=1)
    assert game.title == "american-rails"
    assert game.to_save()["title"] == "american-rails"


def test_an_unknown_slug_is_still_refused():
    with pytest.raises(UnknownTitle):
        get_title("seven-companies")
    with pytest.raises(UnknownTitle):
        get_title(["six-companies"])


def test_cli_titles_lists_american_rails_and_accepts_the_former_slug(tmp_path):
    res = CliRunner().invoke(main, ["titles"])
    assert res.exit_code == 0 and "american-rails" in res.output
    assert "American Rails" in res.output and "six-companies" not in res.output
    out = tmp_path / "g.json"
    res = CliRunner().invoke(main, ["new", "six-companies", "--players", "A,B,C", "--out",
                                    str(out)])
    assert res.exit_code == 0, res.output
    assert Game.load(str(out)).title == "american-rails"
