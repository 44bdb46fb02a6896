"""The per-title summary hook and the generic view (issue 2 §4: board summary)."""
import sys

from railyard.engine import Game, TitleInfo, registry


def test_terminal_module_of_the_game_package_renders_the_summary(run, tmp_path, monkeypatch):
    pkg = tmp_path / "hookgame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from cli_dummy_titles import Race\n"
        "class HookRace(Race):\n    title = 'hook-race'\n")
    (pkg / "terminal.py").write_text(
        "from rich.text import Text\n"
        "def render(state):\n    return Text(f'CUSTOM BOARD total={sum(state.steps)}')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import hookgame
    registry.register(TitleInfo("hook-race", "Hook Race", 2, 2, hookgame.HookRace,
                                options=registry.get_title("dummy-race").options))
    try:
        path = tmp_path / "g.json"
        game = Game("hook-race", ["A", "B"], 0, {})
        game.apply({"type": "step", "player": 0, "amount": 2})
        game.save(str(path))
        result = run("show", str(path))
        assert result.exit_code == 0, result.output
        assert "CUSTOM BOARD total=2" in result.output
    finally:
        registry.unregister("hook-race")
        for name in [n for n in sys.modules if n.startswith("hookgame")]:
            del sys.modules[name]


def test_generic_view_without_hook_shows_fields_and_records(run, tmp_path):
    path = tmp_path / "g.json"
    game = Game("dummy-race", ["Ann", "Bob"], 0, {})
    game.apply({"type": "step", "player": 0, "amount": 2})
    game.save(str(path))
    out = run("show", str(path)).output
    assert "target: 10" in out and "total: 2" in out
    assert "players" in out
    assert any("Ann" in ln and "2" in ln for ln in out.splitlines())
