"""Destinations and the connection run (9.6; T18).  The map has no destination one tile
from a home, so the tests give IC (home Jackson K16) the town K14 as destination."""
from __future__ import annotations

import dataclasses

from railyard.games.g1870 import destinations, operating, stations

from .helpers import act, float_corp, illegal, new


def ic_connected():
    g = new(4)
    st = g.st
    corps = dict(st.corps)
    corps["IC"] = dataclasses.replace(corps["IC"], destination="K14")
    g.st = dataclasses.replace(st, corps=corps)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["operated"] = True
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["tiles"]["K16"] = ["57", 1]           # sides 1 (K14) and 4
    g.s["tiles"]["K14"] = ["4", 1]
    g.s["corps"]["IC"]["trains"] = ["2-1"]
    g.s["or_total"] = 1
    return g


def test_connection_run_at_the_start_of_the_or_with_the_map_marker_doubles():
    """9.6.1-9.6.4, 9.6.6 / T18: eligible at the OR-start check; the map marker doubles the
    destination for this run: 20 + 2 x 10 = 40; full payout moves right."""
    g = ic_connected()
    operating.next_round(g)
    assert g.s["op"]["connections"] == ["IC"]
    illegal(g, {"type": "dividend", "player": 0, "corporation": "IC", "kind": "full"})
    cash = g.s["cash"][0]
    out = act(g, "connection_run", corporation="IC", marker="map", kind="full")
    assert out["revenue"] == 40 and g.s["cash"][0] == cash + 24
    assert g.s["corps"]["IC"]["pos"] == [0, 7]
    assert g.s["op"]["corp"] == "IC"           # its normal turn follows (9.6.5)
    act(g, "dividend", corporation="IC", kind="withhold")
    assert g.s["corps"]["IC"]["cash"] == 1000 + 16 + 40   # IPO 40 % of the run, then $40


def test_charter_marker_no_doubling_withhold_does_not_move_and_adds_a_station():
    """9.6.3 (b), 9.6.5 / T18: $30 withheld, no move; a $100 station marker more."""
    g = ic_connected()
    operating.next_round(g)
    act(g, "connection_run", corporation="IC", marker="charter", kind="withhold")
    c = g.s["corps"]["IC"]
    assert c["cash"] == 1030 and c["pos"] == [0, 6]
    g.s["tokens"]["A2"] = [["IC"]]
    assert stations.next_price(g, "IC") == 100


def test_only_once_and_no_half_payout():
    """9.6.5, 9.6.7."""
    g = ic_connected()
    operating.next_round(g)
    illegal(g, {"type": "connection_run", "player": 0, "corporation": "IC", "marker": "map",
                "kind": "half"})
    act(g, "connection_run", corporation="IC", marker="map", kind="full")
    assert not destinations.eligible(g, "IC")


def test_no_map_marker_where_the_corporation_already_has_a_station():
    """9.6.3: only the charter then."""
    g = ic_connected()
    g.s["tokens"]["K14"] = [["IC"]]
    kinds = {c.fixed["marker"] for c in destinations.choices(g, "IC")}
    assert kinds == {"charter"}


def test_without_a_train_no_connection_run():
    """9.6.1: one of its own trains must be able to run it."""
    g = ic_connected()
    g.s["corps"]["IC"]["trains"] = []
    assert not destinations.eligible(g, "IC")


def test_check_at_the_end_of_the_corporations_turn():
    """9.6.2: a train bought in this turn makes IC eligible when its turn ends; the OR
    goes on after the run."""
    g = ic_connected()
    g.s["corps"]["IC"]["trains"] = []
    operating.next_round(g)
    assert g.s["op"]["connections"] == []
    act(g, "dividend", corporation="IC", kind="withhold")
    act(g, "buy_train", corporation="IC", source="depot")
    act(g, "done", corporation="IC")
    assert g.s["op"]["connections"] == ["IC"] and g.current_player == 0
    act(g, "connection_run", corporation="IC", marker="map", kind="withhold")
    assert g.s["round"] == "stock"              # the only OR of the set is over
