"""9.6.1 connection test (``connect.py``): home K16 (IC), the town K14, the city K12 in a
line (tiles as in ``test_routes.ic_turn``): K16 to K12 is three stops, the town counted
(9.3.2)."""
from __future__ import annotations

from railyard.games.g1870 import running
from railyard.games.g1870.connect import connects

from .test_routes import ic_turn


def _connects(g, dest, distance):
    s = g.s
    return connects(g.st.board, s["tiles"], s["tokens"], "IC", "K16", dest, distance,
                    running.red_hexes(g.st.board))


def test_9_6_1_three_stops_need_a_3_train():
    g = ic_turn(["2-1"], k12=True)
    assert not _connects(g, "K12", 2)
    assert _connects(g, "K12", 3)
    assert _connects(g, "K14", 2)                 # the town next door: two stops


def test_9_6_1_no_track_no_connection():
    g = ic_turn(["2-1"])                          # K12 has no tile: not joined
    assert not _connects(g, "K12", 12)


def test_9_2_4_a_full_city_is_still_a_route_end():
    """9.2.4: a city whose spaces all hold other corporations' markers may end a route:
    K12 (tile 57, one space) taken by GMO is still IC's destination reached."""
    g = ic_turn(["2-1"], k12=True)
    g.s["tokens"]["K12"] = [["GMO"]]              # tile 57: one space, taken
    assert _connects(g, "K12", 3)
