"""Routes named by the president (9.3, 9.3.5) with the ``run_routes`` action, then the
dividend (9.4).  Expected revenues are the printed stop values: IC's home Jackson K16 on
tile 57 ($20), a town on tile 4 in K14 ($10), a city on tile 57 in K12 ($20)."""
from __future__ import annotations

import dataclasses

from railyard.games.g1870 import operating

from .helpers import act, float_corp, illegal, new

ROUTE_K16_K14 = [["K16", "K14"]]


def ic_turn(trains, k12=False):
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["corps"]["IC"]["operated"] = True
    g.s["tiles"]["K16"] = ["57", 1]           # sides 1 (K14) and 4 (K18)
    g.s["tiles"]["K14"] = ["4", 1]            # sides 1 (K12) and 4 (K16)
    if k12:
        g.s["tiles"]["K12"] = ["57", 1]       # a $20 city joined to K14
    g.s["corps"]["IC"]["trains"] = list(trains)
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["corp"] == "IC"
    return g


def run(g, routes):
    return {"type": "run_routes", "player": 0, "corporation": "IC", "routes": routes}


def test_9_3_5_the_president_names_the_route_and_the_dividend_pays_it():
    """9.3.5: $20 + $10 = $30; 9.4.1 full payout: $3 per share, the president's 60 % $18."""
    g = ic_turn(["2-1"])
    out = act(g, "run_routes", corporation="IC", routes=[{"train": "2-1",
                                                          "chains": ROUTE_K16_K14}])
    assert out["revenue"] == 30
    cash = g.s["cash"][0]
    act(g, "dividend", corporation="IC", kind="full")
    assert g.s["cash"][0] == cash + 18


def test_9_3_2_every_stop_counts_against_the_train():
    """9.3.2: K16-K14-K12 has three stops: too long for a 2-train; a 3-train earns
    20 + 10 + 20 = $50."""
    chains = [["K16", "K14"], ["K14", "K12"]]
    g = ic_turn(["2-1"], k12=True)
    err = illegal(g, run(g, [{"train": "2-1", "chains": chains}]))
    assert "2 stops" in err.message
    g = ic_turn(["3-1"], k12=True)
    assert act(g, "run_routes", corporation="IC",
               routes=[{"train": "3-1", "chains": chains}])["revenue"] == 50


def test_9_3_4_two_trains_may_not_share_track():
    g = ic_turn(["2-1", "2-2"])
    err = illegal(g, run(g, [{"train": "2-1", "chains": ROUTE_K16_K14},
                             {"train": "2-2", "chains": ROUTE_K16_K14}]))
    assert "9.3.4" in err.message


def test_9_3_1_a_route_needs_a_station_of_the_corporation():
    """K14-K12 touches no IC station marker."""
    g = ic_turn(["2-1"], k12=True)
    err = illegal(g, run(g, [{"train": "2-1", "chains": [["K14", "K12"]]}]))
    assert "9.3" in err.message


def test_a_train_runs_once_and_must_belong_to_the_corporation():
    g = ic_turn(["2-1"])
    illegal(g, run(g, [{"train": "3-9", "chains": ROUTE_K16_K14}]), "unknown_id")
    illegal(g, run(g, [{"train": "2-1", "chains": ROUTE_K16_K14},
                       {"train": "2-1", "chains": ROUTE_K16_K14}]))
    illegal(g, run(g, "K16-K14"), "malformed")


def test_5_4_no_revenue_withholds_and_moves_the_marker_left():
    """5.4: a run earning nothing counts as withholding; the turn goes on to trains."""
    g = ic_turn([])
    pos = list(g.s["corps"]["IC"]["pos"])
    act(g, "run_routes", corporation="IC", routes=[])
    assert g.s["op"]["ran"] and g.s["corps"]["IC"]["pos"] == [pos[0], pos[1] - 1]


def test_5_3_no_track_or_station_after_the_run():
    g = ic_turn(["2-1"])
    act(g, "run_routes", corporation="IC", routes=[{"train": "2-1", "chains": ROUTE_K16_K14}])
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "K18",
                "tile": "9", "rotation": 1})
    illegal(g, run(g, []))


def test_legal_actions_offer_a_computed_route_set():
    """Bots: the listed run_routes carries a legal set (here the only route, $30)."""
    g = ic_turn(["2-1"])
    choice = next(c for c in g.legal_actions() if c.type == "run_routes")
    out = g.apply({"type": "run_routes", "player": 0, **choice.fixed})
    assert out["revenue"] == 30
    assert {c.type for c in g.legal_actions()} >= {"dividend"}


def ic_destination_k14(**options):
    g = new(4, **options)
    corps = dict(g.st.corps)
    corps["IC"] = dataclasses.replace(corps["IC"], destination="K14")
    g.st = dataclasses.replace(g.st, corps=corps)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["operated"] = True
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["tiles"]["K16"] = ["57", 1]
    g.s["tiles"]["K14"] = ["4", 1]
    g.s["corps"]["IC"]["trains"] = ["2-1"]
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["connections"] == ["IC"]
    return g


def test_9_6_4_9_6_6_named_connection_run_with_the_map_marker_doubles():
    """20 + 2 x 10 = $40 (the destination's value counts twice at a route end)."""
    g = ic_destination_k14()
    out = act(g, "connection_run", corporation="IC", marker="map", kind="withhold",
              routes=[{"train": "2-1", "chains": ROUTE_K16_K14}])
    assert out["revenue"] == 40


def test_9_6_4_a_connection_run_needs_a_home_to_destination_route():
    g = ic_destination_k14()
    err = illegal(g, {"type": "connection_run", "player": 0, "corporation": "IC",
                      "marker": "map", "kind": "full", "routes": []})
    assert "9.6.4" in err.message


def test_9_6_4_site_accepts_a_connection_run_without_routes():
    """18xx.games profile ``connection_run_without_routes``: no routes is a run of $0; the
    marker is placed and the run is used up (9.6.7; 1870-p2-seed1 action 1326)."""
    g = ic_destination_k14(connection_run_without_routes=True)
    cash = g.s["corps"]["IC"]["cash"]
    out = act(g, "connection_run", corporation="IC", marker="map", kind="withhold", routes=[])
    assert out["revenue"] == 0 and g.s["corps"]["IC"]["cash"] == cash
    assert g.s["corps"]["IC"]["connected"] and g.s["corps"]["IC"]["dest_marker"] == "map"
    assert g.s["op"]["connections"] == []


def test_9_6_3_the_destination_marker_counts_as_a_station():
    """Destination K12 (a $20 city): the connection run K16-K14-K12 earns 20 + 10 + 2 x 20
    = $70; afterwards, with the home station gone, K14-K12 is still IC's route thanks to
    the marker: 10 + 2 x 20 = $50."""
    g = new(4)
    corps = dict(g.st.corps)
    corps["IC"] = dataclasses.replace(corps["IC"], destination="K12")
    g.st = dataclasses.replace(g.st, corps=corps)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["operated"] = True
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["tiles"]["K16"] = ["57", 1]
    g.s["tiles"]["K14"] = ["4", 1]
    g.s["tiles"]["K12"] = ["57", 1]
    g.s["corps"]["IC"]["trains"] = ["3-1"]
    g.s["or_total"] = 1
    operating.next_round(g)
    out = act(g, "connection_run", corporation="IC", marker="map", kind="withhold",
              routes=[{"train": "3-1", "chains": [["K16", "K14"], ["K14", "K12"]]}])
    assert out["revenue"] == 70
    g.s["tokens"]["K16"] = [[]]
    out = act(g, "run_routes", corporation="IC", routes=[{"train": "3-1",
                                                          "chains": [["K14", "K12"]]}])
    assert out["revenue"] == 50


def test_9_6_3_the_destination_marker_counts_as_a_station_for_track():
    """9.1.3 with 9.6.3 (a): track may be laid from the destination marker.  IC's only
    marker is its map marker in K12 (white-box): the straight tile in K10 (sides to K8 and
    K12) is connected by it, and refused without it."""
    g = new(4)
    corps = dict(g.st.corps)
    corps["IC"] = dataclasses.replace(corps["IC"], destination="K12")
    g.st = dataclasses.replace(g.st, corps=corps)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["operated"] = True
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["tiles"]["K12"] = ["57", 1]
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["corp"] == "IC"
    g.s["tokens"]["K16"] = [[]]
    g.s["corps"]["IC"]["connected"] = True
    lay = {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "K10", "tile": "9",
           "rotation": 1}
    illegal(g, lay)
    g.s["corps"]["IC"]["dest_marker"] = "map"
    assert g.apply(lay)["hex"] == "K10"


def test_the_offered_set_is_legal_and_uses_the_longer_train():
    """9.3.4/9.3.5: a 2-train and a 3-train on K16-K14-K12 cannot both run (shared track);
    the offered set runs the 3-train over all three stops: 20 + 10 + 20 = $50."""
    g = ic_turn(["2-1", "3-1"], k12=True)
    choice = next(c for c in g.legal_actions() if c.type == "run_routes")
    out = g.apply({"type": "run_routes", "player": 0, **choice.fixed})
    assert out["revenue"] == 50


def test_11_3_11_4_bonuses_count_for_the_named_route():
    """White-box tokens in K14: the owner's open port +$20 (11.4), its cattle +$10 (11.3):
    20 + 10 + 20 + 10 = $60; with another corporation's open port only +$10: $40."""
    g = ic_turn(["2-1"])
    g.s["bonus"] = {"port": ["K14", "IC", "open"], "cattle": ["K14", "IC"]}
    out = act(g, "run_routes", corporation="IC", routes=[{"train": "2-1",
                                                          "chains": ROUTE_K16_K14}])
    assert out["revenue"] == 60
    g = ic_turn(["2-1"])
    g.s["bonus"] = {"port": ["K14", "GMO", "open"]}
    out = act(g, "run_routes", corporation="IC", routes=[{"train": "2-1",
                                                          "chains": ROUTE_K16_K14}])
    assert out["revenue"] == 40


def test_2_2_offboard_values_follow_the_phase_in_a_named_route():
    """Chicago A22 (an off-board) as a route end: $40 in phases 1-3, $50 in 4-5, $60 from 6
    (2.2).  MP's home St. Louis C18 on tile 57 ($20) is not the route here: B19 (tile 57,
    $20) - A20 (straight) - A22."""
    g = new(4)
    float_corp(g, "MP", 100, 0)
    g.s["corps"]["MP"]["operated"] = True
    g.s["tokens"]["B19"] = [["MP"]]
    g.s["tiles"]["B19"] = ["57", 0]
    g.s["tiles"]["A20"] = ["8", 4]
    g.s["corps"]["MP"]["trains"] = ["2-1"]
    g.s["or_total"] = 1
    for phase, value in (("3", 40), ("4", 50), ("6", 60)):
        g2 = g.clone()
        g2.s["phase"] = phase
        operating.next_round(g2)
        out = g2.apply({"type": "run_routes", "player": 0, "corporation": "MP",
                        "routes": [{"train": "2-1", "chains": [["B19", "A20", "A22"]]}]})
        assert out["revenue"] == 20 + value


def test_9_3_2_an_off_board_is_only_a_route_end():
    """Chicago A22 has track to A20 and to B21: B19 - A20 - A22 - B21 (a city on tile 57)
    would pass through the off-board and is refused (9.3.2); ending in Chicago is fine."""
    g = new(4)
    float_corp(g, "MP", 100, 0)
    g.s["corps"]["MP"]["operated"] = True
    g.s["tokens"]["B19"] = [["MP"]]
    g.s["tiles"]["B19"] = ["57", 0]
    g.s["tiles"]["A20"] = ["8", 4]
    g.s["tiles"]["B21"] = ["57", 0]           # city joined to C20 and to A22
    g.s["corps"]["MP"]["trains"] = ["3-1"]
    g.s["or_total"] = 1
    operating.next_round(g)
    err = illegal(g, {"type": "run_routes", "player": 0, "corporation": "MP",
                      "routes": [{"train": "3-1", "chains": [["B19", "A20", "A22"],
                                                             ["A22", "B21"]]}]})
    assert "9.3.2" in err.message
    out = act(g, "run_routes", corporation="MP",
              routes=[{"train": "3-1", "chains": [["B19", "A20", "A22"]]}])
    assert out["revenue"] == 20 + 40


def test_9_3_2_a_12_train_and_the_diesel_count_stops():
    """K16-K14-K12 (3 stops): a 12 counts at most 12 stops, the diesel any number (12.2):
    both run it for 20 + 10 + 20 = $50; a 2-train may not."""
    chains = [["K16", "K14"], ["K14", "K12"]]
    for train in ("12-1", "D-1"):
        g = ic_turn([train], k12=True)
        assert act(g, "run_routes", corporation="IC",
                   routes=[{"train": train, "chains": chains}])["revenue"] == 50
