"""Operating rounds: order, home tokens, tiles, tokens, routes, dividends (16.0-20.3, 23.1)."""
from __future__ import annotations

from railyard.games.g1830 import operating as op

from .helpers import act, float_corp, give, illegal, operating


def corp_turn(g):
    return g.s["op"]["corp"]


def test_16_0_privates_pay_first_then_highest_price_operates_first():
    g = operating(corps={"PRR": (67, 0), "NYC": (100, 1), "B&M": (67, 2)})
    # seat 0 owns SV (5) and CA (25): paid at the start of the operating round
    assert g.s["cash"][0] == 600 - 20 - 160 - 2 * 67 * 0 + 5 + 25
    assert corp_turn(g) == "NYC"


def test_16_0_same_row_rightmost_first_then_top_of_stack():
    g = operating(corps={"PRR": (67, 0), "NYC": (67, 1), "B&M": (67, 2)})
    assert corp_turn(g) == "PRR"  # stacked on 67: the first to arrive is on top
    g.set_pos("B&M", [5, 7])     # 71 right of 67 on the same row: B&M would be first
    assert min(["PRR", "NYC", "B&M"], key=lambda c: op.order_key(g, c)) == "B&M"


def test_19_0_home_token_placed_free_at_the_first_turn():
    g = operating(corps={"NYC": (90, 1)})
    assert g.s["tokens"]["E19"] == [["NYC"]]
    assert g.s["corps"]["NYC"]["cash"] == 900


def test_18_0_nyc_lays_57_on_its_home_without_other_track():
    g = operating(corps={"NYC": (90, 1)})
    act(g, "lay_tile", hex="E19", tile="57", rotation=1)
    assert g.s["tiles"]["E19"] == ["57", 1]
    assert g.s["tokens"]["E19"] == [["NYC"]]
    assert g.s["supply"]["57"] == 3


def test_18_0_new_track_must_connect_to_the_companys_track():
    g = operating(corps={"NYC": (90, 1)})
    err = illegal(g, {"type": "lay_tile", "player": 1, "hex": "H10", "tile": "57",
                      "rotation": 1})
    assert "18.0" in err.message


def test_18_0_mountain_costs_120_water_80():
    g = operating(corps={"NYC": (90, 1)})
    g.s["tiles"]["E19"] = ["57", 1]  # track from E19 towards E21
    cash = g.s["corps"]["NYC"]["cash"]
    act(g, "lay_tile", hex="E21", tile="9", rotation=1)  # E19 -> E23 across the mountain
    assert g.s["corps"]["NYC"]["cash"] == cash - 120


def test_18_0_terrain_cost_must_be_affordable():
    g = operating(corps={"NYC": (90, 1)})
    g.s["tiles"]["E19"] = ["57", 1]
    g.s["corps"]["NYC"]["cash"] = 100
    illegal(g, {"type": "lay_tile", "player": 1, "hex": "E21", "tile": "9", "rotation": 1},
            "unaffordable")


def test_18_0_no_track_off_the_board_or_into_a_blank_gray_side():
    from railyard.games.g1830.track import lay_error
    g = operating(corps={"PRR": (67, 0)})
    # I1 region: H2 is a plain hex on the west edge (no neighbour on its side 1)
    assert 1 not in g.st.board.hexes["H2"].neighbors
    err, _ = lay_error(g, "PRR", "H2", "9", 1)
    assert "off the board" in err
    # F8 faces the blank side 4 of the gray C&O hex F6 with its side 1
    assert g.st.board.hexes["F6"].neighbors[4] == "F8"
    err, _ = lay_error(g, "PRR", "F8", "9", 1)
    assert "18.0" in err and "off the board" in err


def test_18_0_private_hex_blocked_while_a_player_owns_it():
    g = operating(corps={"PRR": (67, 0)})
    act(g, "lay_tile", hex="H14", tile="9", rotation=1)
    g.s["op"].update({"corp": "PRR", "step": "track", "laid": False})
    err = illegal(g, {"type": "lay_tile", "player": 0, "hex": "G15", "tile": "9",
                      "rotation": 0})
    assert "reserved by a private" in err.message


def test_22_0_only_yellow_in_phase_2_and_upgrades_keep_track():
    g = operating(corps={"NYC": (90, 1)})
    act(g, "lay_tile", hex="E19", tile="57", rotation=1)
    g.s["op"].update({"step": "track", "laid": False})
    err = illegal(g, {"type": "lay_tile", "player": 1, "hex": "E19", "tile": "14",
                      "rotation": 1})
    assert "22.0" in err.message
    g.s["phase"] = "3"
    err = illegal(g, {"type": "lay_tile", "player": 1, "hex": "E19", "tile": "15",
                      "rotation": 3})
    assert "18.1" in err.message
    act(g, "lay_tile", hex="E19", tile="14", rotation=1)
    assert g.s["supply"]["57"] == 4  # the replaced tile returns


def test_18_2_oo_tiles_only_on_oo_hexes():
    g = operating(corps={"ERIE": (67, 2)})
    g.s["phase"] = "3"
    illegal(g, {"type": "lay_tile", "player": 2, "hex": "E11", "tile": "14", "rotation": 0})


def test_19_1_erie_chooses_its_home_city_and_the_token_is_never_moved():
    """19.1: "Die Basismarke der Erie RR kann auf jeder Stadt im gelben Feld installiert
    werden ... Danach darf sie aber nicht bewegt werden."  At its first turn Erie chooses one
    of E11's two cities; a tile laid there later leaves the token in its city."""
    g = operating(corps={"ERIE": (67, 2)})
    assert g.s["op"]["step"] == "home_token"
    assert {(c.type, c.fixed.get("city")) for c in g.legal_actions()} == \
        {("place_token", 0), ("place_token", 1)}
    act(g, "place_token", hex="E11", city=1)
    assert g.s["tokens"]["E11"] == [[], ["ERIE"]]
    assert g.s["corps"]["ERIE"]["cash"] == 670
    g.s["phase"] = "3"
    act(g, "lay_tile", hex="E11", tile="59", rotation=3)
    assert g.s["tokens"]["E11"] == [[], ["ERIE"]]
    assert g.s["op"]["step"] != "home_token" and not g.s["op"]["relay"]   # nothing to re-place


def test_option_erie_token_replaced_as_18xx_games():
    """The site: the token goes to the first city by itself, and the company that lays the
    first tile on E11 places it again."""
    g = operating(corps={"ERIE": (67, 2)}, erie_token_replaced=True)
    g.s["phase"] = "3"
    assert g.s["tokens"]["E11"] == [["ERIE"], []]
    act(g, "lay_tile", hex="E11", tile="59", rotation=3)
    assert g.s["op"]["step"] == "home_token"
    assert {c.type for c in g.legal_actions()} == {"place_token"}
    act(g, "place_token", hex="E11", city=1)
    assert g.s["tokens"]["E11"] == [[], ["ERIE"]]
    assert g.s["corps"]["ERIE"]["cash"] == 670


def run_prr_line(g):
    """PRR: H12 (home) - H14 (tile 9) - H16 (tile 57)."""
    g.s["tiles"]["H14"] = ["9", 1]
    g.s["tiles"]["H16"] = ["57", 1]
    g.s["supply"]["9"] -= 1
    g.s["supply"]["57"] -= 1


def test_19_0_tokens_cost_40_then_100_and_need_a_connection():
    g = operating(corps={"PRR": (67, 0)})
    run_prr_line(g)
    act(g, "pass")  # no tile
    assert ("H16", 0) in [(c.fixed["hex"], c.fixed["city"]) for c in g.legal_actions()
                          if c.type == "place_token"]
    illegal(g, {"type": "place_token", "player": 0, "hex": "E19", "city": 0})
    act(g, "place_token", hex="H16", city=0)
    assert g.s["corps"]["PRR"]["cash"] == 670 - 40
    from railyard.games.g1830.track import token_cost
    assert token_cost(g, "PRR") == 100


def test_19_0_home_city_of_a_company_not_yet_operating_stays_free():
    g = operating(corps={"PRR": (67, 0)})
    g.s["tiles"]["H14"] = ["8", 0]  # H12 -> I15 (B&O home) ... connect and try
    from railyard.games.g1830.track import _token_room_error
    assert _token_room_error(g, "PRR", "I15", 0) is not None


def test_19_0_a_home_reserved_on_the_printed_map_follows_its_city_through_upgrades():
    """19.0/18.1: NYNH's home is the New York city whose track leads to F20 (printed city 0,
    side 3).  After G19 was upgraded (tile 54) with a PRR token in the other city, NYNH's
    home token goes into the city that still has that track, not into city 0 of the new
    tile; that city also stays open for NYNH until it operates."""
    from railyard.eighteen import graph
    from railyard.games.g1830 import stock, track
    from .helpers import finish_auction, new
    g = new(4)
    finish_auction(g)
    g.s["tiles"]["G19"] = ["54", 0]
    exits = {i: {a if isinstance(a, int) else b for a, b in
                 graph.hex_paths(g.st.board, g.s["tiles"], "G19")
                 if f"c{i}" in (a, b) and (isinstance(a, int) or isinstance(b, int))}
             for i in range(2)}
    home = next(i for i in range(2) if 3 in exits[i])
    assert home != 0        # the upgrade moved New York's F20 city to index 1
    g.s["tokens"]["G19"] = [[], []]
    g.s["tokens"]["G19"][1 - home] = ["PRR"]
    assert track.reserved_for(g, "G19", home) == ("NYNH",)
    assert track._token_room_error(g, "B&O", "G19", home) is not None
    float_corp(g, "NYNH", 67, 0)
    g.s["stock"] = None
    op.start_set(g)
    assert "NYNH" in g.s["tokens"]["G19"][home]


def test_20_1_route_revenue_and_20_3_payout():
    g = operating(corps={"PRR": (67, 0)})
    run_prr_line(g)
    g.s["corps"]["PRR"]["trains"] = ["2-0"]
    g.s["depot"]["2"] -= 1
    act(g, "pass")
    act(g, "pass")  # no token
    act(g, "run_routes", routes=[{"train": "2-0", "chains": [["H12", "H14", "H16"]]}])
    assert g.s["op"]["revenue"] == 30
    cash = g.s["cash"][0]
    act(g, "dividend", kind="payout")
    assert g.s["cash"][0] == cash + 18  # 60 % of 30
    assert g.price("PRR") == 71  # one to the right


def test_20_3_example_pool_shares_pay_the_company_ipo_shares_nobody():
    # president 50 %, 30 % unsold, 20 % in the pool; revenue 50: 25 / 10 / 15 stays in the bank
    g = operating(corps={"PRR": (67, 0)})
    h = g.s["holders"]["PRR"]
    give(g, "PRR", "ipo", ["PRR_4"])
    give(g, "PRR", "pool", ["PRR_5", "PRR_6"])
    cash, ccash, bank = g.s["cash"][0], g.s["corps"]["PRR"]["cash"], g.s["bank"]
    op.pay(g, "PRR", 50, "payout")
    assert g.s["cash"][0] == cash + 25
    assert g.s["corps"]["PRR"]["cash"] == ccash + 10
    assert g.s["bank"] == bank - 35


def test_8_2d_withhold_moves_left_and_the_company_keeps_all():
    g = operating(corps={"PRR": (67, 0)})
    ccash = g.s["corps"]["PRR"]["cash"]
    op.pay(g, "PRR", 50, "withhold")
    assert g.s["corps"]["PRR"]["cash"] == ccash + 50
    assert g.price("PRR") == 67          # "am Ende der Aktionsrunde"
    op.end_or(g)
    assert g.price("PRR") == 65


def test_8_2d_withheld_prices_move_at_the_end_of_the_operating_round():
    """8.2d: the marker of a company that pays nothing moves left "am Ende der
    Aktionsrunde".  PRR (76) and NYC (71) operate in one round; PRR withholds, so its
    price is still 76 while NYC operates, and moves when the round ends."""
    g = operating(corps={"PRR": (76, 0), "NYC": (71, 1)})
    g.s["or_total"] = 2
    assert g.s["op"]["corp"] == "PRR"
    act(g, "pass")              # no tile, no train: nothing run, nothing paid (ruling 6)
    while g.s["op"]["corp"] == "PRR":
        act(g, "pass")
    assert g.s["op"]["corp"] == "NYC" and g.price("PRR") == 76
    while g.s["op"]["corp"] == "NYC":
        act(g, "pass")
    assert g.s["or_num"] == 2
    assert g.price("PRR") == 71 and g.price("NYC") == 67


def test_option_withhold_moves_at_once_as_18xx_games():
    g = operating(corps={"PRR": (76, 0), "NYC": (71, 1)}, withhold_moves_at_once=True)
    while g.s["op"]["corp"] == "PRR":
        act(g, "pass")
    assert g.price("PRR") == 71


def test_first_turn_without_train_withholds_nothing_and_moves_left():
    g = operating(corps={"PRR": (67, 0)})
    act(g, "pass")  # no tile: no train, so no route and no dividend
    assert g.s["op"]["step"] == "buy_train"
    assert g.s["op"]["withheld"] == ["PRR"]     # 8.2d: left at the end of the round
    op.end_or(g)
    assert g.price("PRR") == 65


def test_23_1_companies_buy_privates_from_phase_3_for_half_to_double_face():
    g = operating(corps={"PRR": (67, 0)})
    act(g, "pass")
    illegal(g, {"type": "buy_company", "player": 0, "company": "CS", "price": 40})
    g.s["phase"] = "3"
    illegal(g, {"type": "buy_company", "player": 0, "company": "CS", "price": 19})
    illegal(g, {"type": "buy_company", "player": 0, "company": "CS", "price": 81})
    illegal(g, {"type": "buy_company", "player": 0, "company": "BO", "price": 220})
    owner = int(g.s["companies"]["CS"]["owner"][1:])
    cash = g.s["cash"][owner]
    act(g, "buy_company", company="CS", price=80)
    if owner != 0:      # another player's private: he agrees to the price (23.1, D1)
        assert g.current_player == owner
        act(g, "accept_offer")
    assert g.s["companies"]["CS"]["owner"] == "cPRR"
    assert g.s["cash"][owner] == cash + 80


def test_illegal_operating_actions_leave_the_state_unchanged():
    g = operating(corps={"PRR": (67, 0)})
    illegal(g, {"type": "lay_tile", "player": 0, "hex": "ZZ9", "tile": "9", "rotation": 0})
    illegal(g, {"type": "lay_tile", "player": 0, "hex": "H14", "tile": "9", "rotation": 9},
            "malformed")
    illegal(g, {"type": "run_routes", "player": 0, "routes": []}, "wrong_phase")
    illegal(g, {"type": "dividend", "player": 0, "kind": "payout"}, "wrong_phase")
    illegal(g, {"type": "buy_train", "player": 0, "train": "2-0"}, "wrong_phase")
    illegal(g, {"type": "discard_train", "player": 0, "train": "2-0"}, "wrong_phase")
    illegal(g, {"type": "bankrupt", "player": 0}, "wrong_phase")
    illegal(g, {"type": "par", "player": 0, "corporation": "NYC", "price": 67}, "wrong_phase")
    illegal(g, {"type": "pass", "player": 1}, "wrong_player")


def test_11_0_token_counts_one_less_than_the_table_for_the_stock_chart_marker():
    from railyard.games.g1830.data import static
    table = {"PRR": 5, "NYC": 5, "CPR": 5, "B&O": 4, "C&O": 4, "ERIE": 4, "NYNH": 3, "B&M": 3}
    assert {c: d.n_tokens + 1 for c, d in static().corps.items()} == table


def test_19_0_only_one_token_per_company_per_hex():
    from railyard.games.g1830.track import _token_room_error
    g = operating(corps={"NYNH": (67, 0)})
    err = _token_room_error(g, "NYNH", "G19", 1)
    assert "one token per hex" in err


def test_19_0_third_token_costs_100():
    from railyard.games.g1830.track import token_cost
    g = operating(corps={"PRR": (67, 0)})
    assert token_cost(g, "PRR") == 40
    g.s["corps"]["PRR"]["tokens_used"] = 2
    assert token_cost(g, "PRR") == 100
    g.s["corps"]["PRR"]["tokens_used"] = 4
    from railyard.games.g1830.track import token_targets
    assert token_targets(g, "PRR") == []  # no token left (11.0)


def _canadian_west(**options):
    """PRR with a 3-train and a token in Toronto (B10, tile 15 towards A9 and A11, the two
    hexes of the Canadian West), at its run."""
    g = operating(corps={"PRR": (67, 0)}, **options)
    g.s["tiles"]["B10"] = ["15", 1]
    g.s["tokens"]["B10"] = [["PRR"]]
    g.s["corps"]["PRR"]["trains"] = ["3-0"]
    g.s["depot"]["3"] -= 1
    act(g, "pass")          # no tile
    if g.s["op"]["step"] == "token":
        act(g, "pass")
    assert g.s["op"]["step"] == "routes"
    return g


def test_27_0_a_route_may_not_start_and_end_in_the_same_red_area():
    """27.0: "die rote Fläche [kann] nicht Anfang und Ende einer Strecke sein": A9 - Toronto -
    A11 is refused; A9 - Toronto alone is a route."""
    g = _canadian_west()
    err = illegal(g, {"type": "run_routes", "player": 0, "routes": [
        {"train": "3-0", "chains": [["A9", "B10"], ["B10", "A11"]]}]})
    assert "27.0" in err.message
    listed = [c for c in g.legal_actions() if c.type == "run_routes"][0].fixed["routes"]
    assert len(listed[0]["chains"]) == 1     # the listed run is one red hex and Toronto
    from railyard.routing import auto_routes
    chosen = auto_routes(g, "PRR")
    assert len(chosen["routes"][0]["chains"]) == 1
    act(g, "run_routes", routes=[{"train": "3-0", "chains": [["A9", "B10"]]}])


def test_option_route_may_start_and_end_in_one_red_area_as_18xx_games():
    g = _canadian_west(route_may_start_and_end_in_one_red_area=True)
    from railyard.routing import auto_routes
    assert len(auto_routes(g, "PRR")["routes"][0]["chains"]) == 2
    act(g, "run_routes", routes=[{"train": "3-0", "chains": [["A9", "B10"], ["B10", "A11"]]}])
    assert g.s["op"]["revenue"] > 0


def test_11_0_a_company_floated_by_the_mh_exchange_in_an_operating_round_waits_a_round():
    """11.0: with 60 % sold a company "kann in der nächsten Runde handeln".  NYC (50 % sold,
    priced above PRR) reaches 60 % through the M&H exchange during PRR's turn: it does not
    operate in this operating round but in the next one."""
    from railyard.games.g1830 import stock as st
    g = operating(corps={"PRR": (67, 0)})
    g.s["or_total"] = 2
    st.set_par(g, "NYC", 100)
    give(g, "NYC", 1, ["NYC_0", "NYC_2", "NYC_3", "NYC_4"])
    g.s["corps"]["NYC"]["president"] = 1
    g.s["companies"]["MH"]["owner"] = "p2"
    g.s["companies"]["MH"]["closed"] = False
    assert g.s["op"]["corp"] == "PRR"
    g.apply({"type": "exchange", "player": 2, "company": "MH", "source": "ipo"})
    assert g.s["corps"]["NYC"]["floated"]
    while g.s["or_num"] == 1:
        assert g.s["op"]["corp"] != "NYC"
        act(g, "pass")
    assert g.s["or_num"] == 2 and g.s["op"]["corp"] == "NYC"   # 100 > 67: NYC first
