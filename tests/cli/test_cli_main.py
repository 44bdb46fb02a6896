"""The command group: discovery of cmd_* modules, and `railyard titles` (issue 2 §4)."""
import sys

import click
from click.testing import CliRunner

from railyard.cli.main import discover


def test_discover_adds_commands_and_survives_a_broken_module(tmp_path, monkeypatch, capsys):
    """Issue 2 §4: every cmd_*.py with a `command` joins the group; a module that fails to
    import only prints a warning."""
    pkg = tmp_path / "fakecli"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "cmd_hello.py").write_text(
        "import click\n@click.command('hello')\ndef command():\n    click.echo('hi')\n")
    (pkg / "cmd_broken.py").write_text("raise ImportError('no such thing')\n")
    (pkg / "cmd_nocommand.py").write_text("x = 1\n")
    (pkg / "helper.py").write_text(
        "import click\n@click.command('helper')\ndef command():\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    @click.group()
    def group():
        pass

    failed = discover(group, "fakecli")
    assert failed == ["cmd_broken"]
    assert sorted(group.commands) == ["hello"]
    assert "cmd_broken could not be loaded" in capsys.readouterr().err
    result = CliRunner().invoke(group, ["hello"])
    assert result.exit_code == 0 and result.output == "hi\n"
    for name in list(sys.modules):
        if name.startswith("fakecli"):
            del sys.modules[name]


def test_main_has_the_documented_commands(run):
    result = run("--help")
    assert result.exit_code == 0
    for name in ("new", "play", "show", "replay", "simulate", "bench", "titles"):
        assert f"  {name} " in result.output


def test_titles_lists_games_with_player_counts_and_options(run):
    result = run("titles")
    assert result.exit_code == 0
    assert "dummy-race" in result.output and "2-4" in result.output
    assert "target=int (default 10)" in result.output
    assert "mode=plain|fancy" in result.output


def test_titles_marks_registered_slugs_without_package(run, monkeypatch):
    from railyard.engine import registry
    monkeypatch.setitem(registry.MODULES, "ghost-line", "railyard.games.ghost_line")
    result = run("titles")
    assert result.exit_code == 0
    assert any(ln.split() == ["ghost-line", "not", "available", "yet"]
               for ln in result.output.splitlines())
