"""Every 1830 export we are given replays to exactly its recorded ``result``: the games
people played (``fixtures/18xx-games/1830``) and the games the reference engine played with
random legal moves (``fixtures/18xx-games-random/1830``), from the copies in tests/fixtures
and any further files in ../shared/fixtures, action by action as its golden trace says
(tests/golden_traces.py, traced during this import).  One test per file; a refusal names
the action and the rule.  The save of each imported game loads back to the same state and result."""
from __future__ import annotations

import pytest

from railyard.eighteen.import18xx import load_export
from tests.fixture_files import assert_round_trip, fixture_files
from tests.golden_traces import compare, fixture_key, traced_import

FILES = fixture_files("1830") + fixture_files("1830", "18xx-games-random")

#: exports that do not replay yet, with the reason (docs/games/1830.md, "Fixtures"); strict:
#: once one replays, its entry must go
OPEN: dict[str, str] = {}


def _param(p):
    if p.name in OPEN:
        return pytest.param(p, id=p.name, marks=pytest.mark.xfail(reason=OPEN[p.name],
                                                                   strict=True))
    return pytest.param(p, id=p.name)


def test_the_fixtures_are_there():
    assert len(fixture_files("1830", "18xx-games-random")) >= 40
    assert fixture_files("1830")


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_export_replays_to_its_recorded_result(path):
    data = load_export(path.read_bytes())
    game, result, trace = traced_import(data)
    assert game.is_terminal
    assert result == {str(k): v for k, v in data["result"].items()}
    compare("1830", fixture_key(path), trace)
    assert_round_trip(game, result)             # the saved import loads back (issue 26)
