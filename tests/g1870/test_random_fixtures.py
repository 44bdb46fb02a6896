"""Every 1870 game of 18xx.games' random-play fixtures (``tests/fixtures/18xx-games-random/1870``,
copied from ``shared/fixtures/18xx-games-random/1870``; further files there are walked too)
replays through our rules, with the import's 18xx.games profile, to exactly its recorded
``result`` (issue 12), action by action as its golden trace says (tests/golden_traces.py,
traced during this import).  One test per file, so xdist spreads them.

The games still refused or ending with other worths are listed in ``OPEN`` with the first
divergence and what is known of it (docs/games/1870.md, "Random fixtures"); they are
expected failures with ``strict=True``: a listed game that starts to replay fails the test
until it is taken off the list."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fixture_files import assert_round_trip
from tests.golden_traces import compare, fixture_key, traced_import

HERE = Path(__file__).resolve().parents[1]
LOCAL = HERE / "fixtures" / "18xx-games-random" / "1870"
SHARED = HERE.parents[1] / "shared" / "fixtures" / "18xx-games-random" / "1870"


def _files() -> list[Path]:
    files = {p.name: p for p in sorted(LOCAL.glob("*.json"))}
    if SHARED.is_dir():
        for p in sorted(SHARED.glob("*.json")):
            files.setdefault(p.name, p)
    return [files[n] for n in sorted(files)]


#: file -> the first divergence (see docs/games/1870.md, "Random fixtures"); none open now
OPEN: dict[str, str] = {}

FILES = _files()


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(reason=OPEN[p.name], strict=True))
    if p.name in OPEN else p for p in FILES], ids=[p.name for p in FILES])
def test_random_fixture_replays_to_its_recorded_result(path):
    data = json.loads(path.read_text("utf-8"))
    game, result, trace = traced_import(data)
    assert result == {str(k): v for k, v in data["result"].items()}
    assert game.is_terminal
    compare("1870", fixture_key(path), trace)
    assert_round_trip(game, result)             # the saved import loads back (issue 26)


def test_the_random_fixtures_are_there():
    assert len(FILES) >= 40
