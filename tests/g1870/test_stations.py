"""Station markers (9.2)."""
from __future__ import annotations

from railyard.engine.errors import UNAFFORDABLE
from railyard.games.g1870 import operating, stations

from .helpers import act, float_corp, illegal, new


def ic_reaching_baton_rouge(cash=1000):
    """IC (Jackson K16) has track through L15 to Baton Rouge M14 (yellow city)."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["cash"] = cash
    g.s["tiles"].update({"K16": ["57", 0], "L15": ["9", 0], "M14": ["57", 0]})
    g.s["or_total"] = 1
    operating.next_round(g)
    return g


def test_second_marker_costs_40_and_only_one_per_turn():
    """9.2.1 / 7.1.5: the next marker on the charter ($40); one per turn."""
    g = ic_reaching_baton_rouge()
    assert [c.fixed["hex"] for c in g.legal_actions() if c.type == "place_token"] == ["M14"]
    act(g, "place_token", corporation="IC", hex="M14", city=0)
    assert g.s["tokens"]["M14"] == [["IC"]] and g.s["corps"]["IC"]["cash"] == 960
    assert "one station" in stations.token_error(g, "IC", "M14", 0)


def test_marker_needs_reach_a_free_space_and_cash():
    """9.2.2: reachable city with a free space; the corporation pays."""
    g = ic_reaching_baton_rouge(cash=30)
    illegal(g, {"type": "place_token", "player": 0, "corporation": "IC", "hex": "M14",
                "city": 0}, UNAFFORDABLE)
    g = ic_reaching_baton_rouge()
    assert "reach" in stations.token_error(g, "IC", "N17", 0)
    g.s["tokens"]["M14"] = [["GMO"]]
    assert "free space" in stations.token_error(g, "IC", "M14", 0)


def test_no_second_marker_in_the_same_hex_and_none_when_used_up():
    """9.2.2 / 7.1.5: one marker per hex; IC has two markers in all."""
    g = ic_reaching_baton_rouge()
    assert "already" in stations.token_error(g, "IC", "K16", 0)
    g.s["tokens"]["A2"] = [["IC"]]
    assert "no station marker left" in stations.token_error(g, "IC", "M14", 0)


def test_no_track_after_the_marker():
    """5.3: track (1) before the station marker (2)."""
    g = ic_reaching_baton_rouge()
    act(g, "place_token", corporation="IC", hex="M14", city=0)
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "J17",
                "tile": "9", "rotation": 0})


def test_home_space_of_an_unstarted_corporation_is_reserved():
    """9.2.3: Mobile (M20) is GMO's home; while GMO has not operated nobody else may use its
    only space (checked before reach)."""
    g = ic_reaching_baton_rouge()
    assert "free space" in stations.token_error(g, "IC", "M20", 0)
    g.s["corps"]["GMO"]["closed"] = True
    assert "reach" in stations.token_error(g, "IC", "M20", 0)


def _ic_with_destination_k12(marker: str | None):
    """White-box: IC's destination is K12 (yellow city, track to L11 and J13); L11 has a
    yellow city joined to K12 only; IC's home station is gone, so only a destination
    marker on the map reaches L11."""
    import dataclasses
    g = new(4)
    corps = dict(g.st.corps)
    corps["IC"] = dataclasses.replace(corps["IC"], destination="K12")
    g.st = dataclasses.replace(g.st, corps=corps)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["operated"] = True
    g.s["tiles"].update({"K12": ["57", 0], "L11": ["57", 0]})
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["corp"] == "IC"
    g.s["tokens"]["K16"] = [[]]
    g.s["corps"]["IC"]["connected"] = True
    if marker:
        g.s["corps"]["IC"]["dest_marker"] = marker
    return g


def test_9_6_3_a_a_city_reached_only_from_the_destination_marker_takes_a_station():
    """9.6.3 (a): the destination marker on the map counts as IC's station in K12; rulebook
    "Legen von Bahnhofsmarkern": a station goes where track reaches "von einem der bereits
    gesetzten Bahnhofsmarker aus".  L11 is reached from K12 only: listed and allowed."""
    g = _ic_with_destination_k12("map")
    assert [(c.fixed["hex"], c.fixed["city"]) for c in g.legal_actions()
            if c.type == "place_token"] == [("L11", 0)]
    assert act(g, "place_token", corporation="IC", hex="L11", city=0)["hex"] == "L11"


def test_9_6_3_without_the_map_marker_the_city_is_out_of_reach():
    for marker in (None, "charter"):
        g = _ic_with_destination_k12(marker)
        assert not [c for c in g.legal_actions() if c.type == "place_token"]
        err = illegal(g, {"type": "place_token", "player": 0, "corporation": "IC",
                          "hex": "L11", "city": 0})
        assert "9.2.2" in err.message


def test_9_2_2_no_second_station_beside_the_destination_marker():
    """D5, rulebook "nicht mehr als einen Bahnhofsmarker auf einem Feld": K12 holds IC's
    destination marker (its station there, 9.6.3 a), so IC may not put a station in K12,
    although the city has a free space and is reached."""
    g = _ic_with_destination_k12("map")
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["tiles"].update({"K16": ["57", 4], "K14": ["4", 1]})   # home joined to K12 too
    err = illegal(g, {"type": "place_token", "player": 0, "corporation": "IC",
                      "hex": "K12", "city": 0})
    assert "9.2.2" in err.message and "destination marker" in err.message
    assert "K12" not in [c.fixed["hex"] for c in g.legal_actions() if c.type == "place_token"]


def test_the_log_line_of_a_station_names_what_the_corporation_pays():
    """9.2.1: the second marker costs $40; the log says so (issue 24: every movement of
    money has its line), from the action as the player gives it (no price in it)."""
    g = ic_reaching_baton_rouge()
    given = {"type": "place_token", "player": g.current_player, "corporation": "IC",
             "hex": "M14", "city": 0}
    line = g.describe(given)
    cash = g.s["corps"]["IC"]["cash"]
    g.apply(given)
    assert cash - g.s["corps"]["IC"]["cash"] == 40
    assert line.endswith("places a station in M14 for $40")
