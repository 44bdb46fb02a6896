"""Where the 18xx.games fixture exports are: a copy kept in ``tests/fixtures`` (so a clone
is self-contained), plus any further files in ``../shared/fixtures`` beside the clone.
``kind`` "18xx-games" are games people played, "18xx-games-random" games the reference
engine played with random legal moves."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCAL = HERE / "fixtures" / "18xx-games"
SHARED = HERE.parents[1] / "shared" / "fixtures" / "18xx-games"


def fixture_files(title: str, kind: str = "18xx-games") -> list[Path]:
    local = HERE / "fixtures" / kind / title
    shared = HERE.parents[1] / "shared" / "fixtures" / kind / title
    files = {p.name: p for p in sorted(local.glob("*.json"))}
    if shared.is_dir():
        for p in sorted(shared.glob("*.json")):
            files.setdefault(p.name, p)
    return [files[name] for name in sorted(files)]


def fixture(title: str, name: str) -> Path:
    for p in fixture_files(title):
        if p.name == name:
            return p
    raise FileNotFoundError(f"fixture {title}/{name} not found in {LOCAL} or {SHARED}")


def assert_round_trip(game, result: dict) -> None:
    """The save of an imported ``game`` loads back to the same state and result (issue 26,
    point 2: the import and a later load play by the same options and rulings);
    ``result``: the import's {player id: worth}, in seat order."""
    from railyard.engine.game import Game
    again = Game.loads(game.dumps())
    assert again.log == game.log
    assert again.state.s == game.state.s
    assert again.is_terminal == game.is_terminal
    if game.is_terminal:
        assert list(again.result().scores) == list(result.values())
