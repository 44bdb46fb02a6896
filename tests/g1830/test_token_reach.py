"""19.0 with 20.1: a token goes only into a city that one route from a company token can
run to, and a route uses no track, no hex side and no stop twice.  The quick reach of
``eighteen/graph.reach`` follows each stop's track independently of the way there, so it
may count a city reached out and back over one hex side; ``walk_reaches`` keeps the whole
walk."""
from __future__ import annotations

from pathlib import Path

import pytest

from railyard.eighteen import graph
from railyard.eighteen.import18xx import import_export, load_export
from railyard.games.g1830 import track

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "18xx-games-random" / "1830" \
    / "1830-p5-seed29.json"


class _Stop(Exception):
    pass


def _position_before(action_id: int):
    data = load_export(FIXTURE.read_bytes())

    def before(game, a, ident):
        if str(ident) == str(action_id):
            raise _Stop(game)
    with pytest.raises(_Stop) as stop:
        import_export(data, before)
    return stop.value.args[0].state


def test_19_0_20_1_no_token_where_only_a_walk_over_one_hex_side_twice_arrives():
    """1830-p5-seed29, NYNH's turn (action 1276): the tiles 46 in E21 and D20 join at one
    hex side; NYC's city in E19 (one free space) is reached only by passing that side out
    and back, so it is no token target (the reference skips NYNH's token step)."""
    g = _position_before(1276)
    s = g.s
    board = g.st.board
    assert ("E19", "c0") in graph.reach(board, s["tiles"], s["tokens"], "NYNH").found
    assert not graph.walk_reaches(board, s["tiles"], s["tokens"], "NYNH", ("E19", "c0"))
    assert ("E19", 0) not in track.token_targets(g, "NYNH")

