"""Connection checks recorded by 18xx.games (9.6.1, 9.6.2; export notes 5.2): the
position of ``34110.json`` before action 220, where the export starts MP's connection run.

MP: home C18, destination J5 (data ``corporations``).  Its only track
from home to J5 is C18 - D17 (town) - E12 - H13 - J5: five stops, and its longest train is
a 4 (9.3.2: every stop passed counts, towns too).  So by 9.6.1 MP is not connected; the
reference's test of that time said it was (notes 5.2: today's reference agrees with us)."""
from __future__ import annotations

import json

import pytest

from railyard.games.g1870.import18xx import _Replay
from railyard.engine.errors import IllegalAction
from railyard.engine.game import Game
from railyard.games.g1870 import destinations

from tests.fixture_files import fixture

from .helpers import act, illegal
from .test_destinations import ic_connected

MP_RUN = [{"train": "4-17", "chains": [["E12", "F13", "G14", "H15", "H13"],
                                       ["H13", "H11", "H9", "I8", "J7", "J5"]]}]


class _Stop(Exception):
    pass


@pytest.fixture(scope="module")
def before_220() -> Game:
    data = json.loads(fixture("1870", "34110.json").read_text("utf-8"))

    def stop(game, a, ident):
        if ident == 220:
            raise _Stop
    rp = _Replay(data, stop)
    with pytest.raises(_Stop):
        rp.run()
    return rp.game


def test_9_6_1_towns_count_a_4_train_does_not_join_home_and_destination_five_stops_apart(
        before_220):
    g = before_220.clone().state
    assert g.s["corps"]["MP"]["trains"] == ["3-11", "4-17"]
    assert not destinations.eligible(g, "MP")
    g.s["corps"]["MP"]["trains"] = ["3-11", "5-0"]       # a 5-train reaches: eligible
    assert destinations.eligible(g, "MP")


def test_9_6_4_without_a_declaration_mp_has_no_connection_run(before_220):
    game = before_220.clone()
    game.apply({"type": "done", "player": game.current_player, "corporation": "SLSF"})
    assert game.state.s["op"]["connections"] == []


def test_recorded_check_starts_the_run_and_the_save_reloads(before_220):
    """The declared run: normal route rules (9.3), no home-destination route needed; the
    save holds the declaration, so it reloads to the same state."""
    game = before_220.clone()
    seat = game.current_player
    game.apply({"type": "recorded_connections", "player": seat, "corporations": ["MP"]})
    game.apply({"type": "done", "player": seat, "corporation": "SLSF"})
    g = game.state
    assert g.s["op"]["connections"] == ["MP"] and g.s["corps"]["MP"]["conn_declared"]
    out = game.apply({"type": "connection_run", "player": g.s["corps"]["MP"]["president"],
                      "corporation": "MP", "marker": "map", "kind": "full",
                      "routes": MP_RUN})
    assert out["revenue"] > 0 and g.s["corps"]["MP"]["connected"]
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == game.state.fingerprint()


def test_an_ordinary_run_still_needs_home_and_destination(before_220):
    """9.6.4: the same routes for a run our test found (no declaration) are refused."""
    game = before_220.clone()
    g = game.state
    g.s["corps"]["MP"]["trains"] = ["3-11", "5-0"]
    MP5 = [{"train": "5-0", "chains": MP_RUN[0]["chains"]}]
    game.apply({"type": "done", "player": game.current_player, "corporation": "SLSF"})
    assert g.s["op"]["connections"] == ["MP"]
    with pytest.raises(IllegalAction, match="9.6.4"):
        game.apply({"type": "connection_run", "player": g.s["corps"]["MP"]["president"],
                    "corporation": "MP", "marker": "map", "kind": "full", "routes": MP5})


def test_a_recorded_empty_check_leaves_out_a_run_our_test_finds():
    """The declaration replaces our result at the next check only (9.6.2: the next check
    finds the run again)."""
    from railyard.games.g1870 import operating
    g = ic_connected()
    act(g, "recorded_connections", corporations=[])
    operating.next_round(g)
    assert g.s["op"]["connections"] == [] and g.s["op"]["corp"] == "IC"
    assert "declared_connections" not in g.s


@pytest.mark.parametrize("corps", [["XX"], ["IC", "IC"], "IC", ["GMO"]])
def test_bad_declarations_are_refused_unchanged(corps):
    """Unknown, repeated, malformed, or a corporation that cannot run (GMO not floated,
    9.6.1)."""
    g = ic_connected()
    illegal(g, {"type": "recorded_connections", "player": g.current_player,
                "corporations": corps})


def test_recorded_connections_is_never_a_legal_choice():
    g = ic_connected()
    assert all(c.type != "recorded_connections" for c in g.legal_actions())
