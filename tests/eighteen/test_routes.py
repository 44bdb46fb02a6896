"""Routes (20.1): validation and revenue on the 1830 map."""
from __future__ import annotations

import pytest

from railyard.eighteen import graph
from railyard.eighteen.graph import RouteError, RunRoute
from railyard.eighteen.routes import best_route_set, find_routes
from railyard.games.g1830.data import static

B = static().board


def nynh_board():
    tiles = {"F20": ["1", 0], "F22": ["57", 1]}
    tokens = {"G19": [["NYNH"], []]}
    return tiles, tokens


def test_20_3_revenue_is_the_sum_of_the_stops():
    tiles, tokens = nynh_board()
    r = graph.resolve_route(B, tiles, [["G19", "F20"]])
    assert r.stops == [("G19", "c0"), ("F20", "t1")]
    assert graph.check_route(B, tiles, tokens, "NYNH", r, 2, "yellow") == 50


def test_20_1_a_train_counts_stops_and_cannot_pass_a_town_without_stopping():
    tiles, tokens = nynh_board()
    # G19 -> F20 (town) -> F22 (city): three stops
    r = graph.resolve_route(B, tiles, [["G19", "F20"], ["F20", "F22"]])
    assert len(r.stops) == 3
    with pytest.raises(RouteError, match="20.1"):
        graph.check_route(B, tiles, tokens, "NYNH", r, 2, "yellow")
    assert graph.check_route(B, tiles, tokens, "NYNH", r, 3, "yellow") == 40 + 10 + 20


def test_20_1_every_route_includes_a_token_of_the_company():
    tiles, tokens = nynh_board()
    r = graph.resolve_route(B, tiles, [["G19", "F20"]])
    with pytest.raises(RouteError, match="token"):
        graph.check_route(B, tiles, tokens, "B&M", r, 2, "yellow")


def test_20_1_no_jump_where_there_is_no_track():
    tiles, tokens = nynh_board()
    with pytest.raises(RouteError):
        graph.resolve_route(B, tiles, [["G19", "F18"]])  # no track from G19 c0 to F18


def test_20_1_no_reversing_at_a_switch():
    # tile 23 on H14 (paths 0-3 and 0-4 turned by 1: 1-4 and 1-5); a route may not come in
    # on side 4 and leave on side 5 through the shared side 1
    tiles = {"H14": ["23", 1], "H16": ["57", 1]}
    with pytest.raises(RouteError, match="20.1"):
        graph.resolve_route(B, tiles, [["H16", "H14", "I15"]])


def test_20_1_off_board_only_at_the_ends():
    tiles, tokens = nynh_board()
    route = RunRoute([("G19", "c0"), ("F2", "o0"), ("F20", "t1")], [], 0)
    with pytest.raises(RouteError, match="off-board"):
        graph.check_route(B, tiles, tokens, "NYNH", route, 5, "yellow")


def test_20_1_the_same_stop_only_once_and_no_track_twice():
    tiles, tokens = nynh_board()
    twice = RunRoute([("G19", "c0"), ("F20", "t1"), ("G19", "c0")], [], 0)
    with pytest.raises(RouteError, match="same stop"):
        graph.check_route(B, tiles, tokens, "NYNH", twice, 5, "yellow")
    track = RunRoute([("G19", "c0"), ("F20", "t1")], [("G19", 0), ("G19", 0)], 0)
    with pytest.raises(RouteError, match="same track"):
        graph.check_route(B, tiles, tokens, "NYNH", track, 5, "yellow")


def test_19_0_a_city_full_of_other_tokens_ends_a_route_but_is_not_passed():
    tiles, tokens = nynh_board()
    tokens["F22"] = [["B&M"]]
    tiles["F24"] = None  # printed gray town beyond F22
    del tiles["F24"]
    through = RunRoute([("G19", "c0"), ("F22", "c0"), ("F24", "t0")], [], 0)
    with pytest.raises(RouteError, match="19.0"):
        graph.check_route(B, tiles, tokens, "NYNH", through, 5, "yellow")
    end = RunRoute([("G19", "c0"), ("F22", "c0")], [], 0)
    assert graph.check_route(B, tiles, tokens, "NYNH", end, 5, "yellow") == 60


def test_20_1_routes_of_one_company_share_no_track():
    tiles, tokens = nynh_board()
    a = graph.resolve_route(B, tiles, [["G19", "F20"]])
    b = graph.resolve_route(B, tiles, [["G19", "F20"]])
    with pytest.raises(RouteError, match="share"):
        graph.check_disjoint([a, b])


def test_route_search_finds_only_valid_routes():
    tiles, tokens = nynh_board()
    found = find_routes(B, tiles, tokens, "NYNH", 3, "yellow")
    assert found
    for rev, stops, paths, chains in found:
        r = graph.resolve_route(B, tiles, chains)
        assert graph.check_route(B, tiles, tokens, "NYNH", r, 3, "yellow") == rev
    best = best_route_set(B, tiles, tokens, "NYNH", [("3-0", 3)], "yellow")
    assert best and best[0]["train"] == "3-0"


def test_reach_stops_at_cities_blocked_by_others():
    tiles, tokens = nynh_board()
    tokens["F22"] = [["B&M"]]
    r = graph.reach(B, tiles, tokens, "NYNH")
    assert ("F22", "c0") in r.found
    assert ("F24", "t0") not in r.found


def test_20_1_reach_does_not_turn_back_at_a_town():
    """A route never uses the same track twice (20.1), so it cannot run F16 -> F18 -> the
    New Haven town on F20 and back into F18 to take the other branch of its switch towards
    E19: E19 is not reachable from F16, the town is."""
    tiles = {"F16": ["15", 2], "F18": ["26", 4], "F20": ["69", 4], "E19": ["63", 1]}
    tokens = {"F16": [["ERIE"]]}
    r = graph.reach(B, tiles, tokens, "ERIE")
    assert ("F20", "t0") in r.found
    assert ("E19", "c0") not in r.found
    # likewise from E19: into the town, not back through the switch to F16
    r = graph.reach(B, tiles, {"E19": [["NYC"]]}, "NYC")
    assert ("F20", "t0") in r.found and ("F16", "c0") not in r.found


def switches_back_to_back():
    """Two tile-23 switches whose shared sides meet between C19 and D18: one pair of track
    pieces runs B20-C19-D18-E17, another C21-C19-D18-D16; yellow city tiles at the four
    ends (the tiles dict is not checked for legality here), NYNH stations in B20 and C21."""
    tiles = {"C19": ["23", 0], "D18": ["23", 3], "B20": ["57", 0], "E17": ["57", 0],
             "C21": ["57", 1], "D16": ["57", 1]}
    tokens = {"B20": [["NYNH"]], "C21": [["NYNH"]]}
    return tiles, tokens


def test_20_1_routes_may_not_meet_at_a_hex_side_between_two_switches():
    # 20.1: routes of different trains "müssen ... in ganzer Länge getrennt sein, außer in
    # Städten": each route is fine alone, but both pass the side C19|D18
    tiles, tokens = switches_back_to_back()
    a = graph.resolve_route(B, tiles, [["B20", "C19", "D18", "E17"]])
    b = graph.resolve_route(B, tiles, [["C21", "C19", "D18", "D16"]])
    pieces = [{p for p in r.paths if p[1] != -1} for r in (a, b)]   # tile paths only
    assert pieces[0] and pieces[1] and not pieces[0] & pieces[1]
    for r in (a, b):
        assert graph.check_route(B, tiles, tokens, "NYNH", r, 2, "yellow") == 40
    with pytest.raises(RouteError, match="share"):
        graph.check_disjoint([a, b])


def test_20_1_route_search_keeps_routes_apart_at_a_side_between_two_switches():
    tiles, tokens = switches_back_to_back()
    chosen = best_route_set(B, tiles, tokens, "NYNH", [("2-0", 2), ("2-1", 2)], "yellow")
    assert len(chosen) == 1                     # the second train has no separate route
    for rev, stops, paths, chains in find_routes(B, tiles, tokens, "NYNH", 2, "yellow"):
        assert len(set(paths)) == len(paths)


def test_reach_and_stops_and_sides_are_the_plain_reach_of_every_1830_position_seen():
    """graph.reach finds the stops, track, sides and stops run to of the plain search
    (``reference_routes.plain_reach``), and graph.stops_and_sides (the listings' fast
    search) the same stops and sides, on the positions of random 1830 games (blocked
    cities, towns, off-board areas, several tokens)."""
    from railyard.bots.random_bot import RandomBot
    from railyard.bots.selfplay import start
    from railyard.engine.registry import get_title
    from tests.eighteen.reference_routes import plain_reach
    compared = 0
    for seed in (3, 11):
        g = start(get_title("1830"), ["a", "b", "c", "d"], seed, {})
        bot = RandomBot(seed)
        for n in range(4000):
            if g.current_player is None:
                break
            g.apply(bot.choose(g))
            if n % 25:
                continue
            s = g.s
            for corp in sorted({c for cities in s["tokens"].values()
                                for held in cities for c in held}):
                full = graph.reach(B, s["tiles"], s["tokens"], corp)
                fast = graph.stops_and_sides(B, s["tiles"], s["tokens"], corp)
                nodes, paths, edges, found = plain_reach(B, s["tiles"], s["tokens"], corp)
                assert (full.nodes, full.paths, full.edges, full.found) == \
                    (nodes, paths, edges, found)
                assert (fast.nodes, fast.edges) == (nodes, edges)
                compared += 1
    assert compared > 100


def test_20_1_27_0_shared_search_and_greedy_set_are_the_plain_ones_in_1830_positions():
    """The one route search both titles use (issue 27) finds, in random 1830 positions,
    the routes of the plain search (``reference_routes``: every route de-duplicated, in
    the same order, with and without 27.0's one-area rule and a small limit), and the
    greedy set is the plain greedy set (longest train first, its first best route)."""
    from railyard.bots.random_bot import RandomBot
    from railyard.bots.selfplay import start
    from railyard.engine.registry import get_title
    from tests.eighteen.reference_routes import plain_greedy, plain_routes
    compared = with_routes = 0
    g = start(get_title("1830"), ["a", "b", "c", "d"], 5, {})
    bot = RandomBot(5)
    for n in range(3000):
        if g.current_player is None:
            break
        g.apply(bot.choose(g))
        if n % 20 or g.s["round"] != "operating":
            continue
        s, colour = g.s, g.phase_colour()
        for corp, c in s["corps"].items():
            if not c["trains"]:
                continue
            trains = [(t, g.train_def(t).distance) for t in c["trains"]]
            for one_area_ok, d, limit in ((True, 3, 400), (False, 4, 400), (False, 999, 9)):
                expected = [(r, list(st), p, ch) for r, st, p, ch in plain_routes(
                    B, s["tiles"], s["tokens"], corp, d, colour, limit, one_area_ok)]
                got = [(r, st, frozenset(p), ch) for r, st, p, ch in find_routes(
                    B, s["tiles"], s["tokens"], corp, d, colour, limit, one_area_ok)]
                assert got == expected
                chosen = best_route_set(B, s["tiles"], s["tokens"], corp, trains, colour,
                                        one_area_ok)
                assert chosen == plain_greedy(B, s["tiles"], s["tokens"], corp, trains,
                                              colour, one_area_ok=one_area_ok)[1]
                with_routes += bool(chosen)
            compared += 1
    assert compared > 20 and with_routes > 40
