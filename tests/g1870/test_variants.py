"""The variants as options (seed VARIANTEN; supplement 3.1.1, 7.4.2, 9.1.8, 9.6.8, 12)."""
from __future__ import annotations

import dataclasses

import pytest

from railyard.engine.errors import BadOptions
from railyard.engine.game import Game
from railyard.engine.registry import get_title
from railyard.games.g1870 import operating, running, stations, stock

from .helpers import act, float_corp, give, illegal, new, place, to_stock_round


# ---- options ------------------------------------------------------------------------------
def test_options_are_validated_and_use_the_18xx_games_names():
    info = get_title("1870")
    names = {o.name for o in info.options}
    assert {"diesels", "station_wars", "finish_on_400", "original_rules", "original_tiles",
            "original_market", "max_reissue_200", "can_protect_if_sold",
            "historical_start"} <= names
    with pytest.raises(BadOptions):
        info.resolve_options({"station_war": True})
    with pytest.raises(BadOptions):
        info.resolve_options({"diesels": "yes"})
    g = Game("1870", ["a", "b", "c"], 1, {"diesels": True, "station_wars": True})
    assert g.state.options["diesels"] and g.state.options["station_wars"]


def test_12_6_original_rules_switch_on_their_parts_and_the_T12_column():
    """12.6 / T12: original rules include station wars, ...; 4 players: 16, one closure
    14, a second closure 12 (standard rules stay at 14)."""
    g = new(4, original_rules=True)
    for name in ("station_wars", "original_tiles", "max_reissue_200", "can_protect_if_sold",
                 "original_market"):
        assert g.options[name] is True
    std = new(4)
    limits = []
    for closed in (0, 1, 2):
        g.s["closed_count"] = std.s["closed_count"] = closed
        limits.append((g.cert_limit(), std.cert_limit()))
    assert limits == [(16, 16), (14, 14), (12, 14)]


def test_12_5_original_market_changes_three_cells():
    """12.5: 40 (r4,c0) brown -> green; 60 (r6,c5) and 60 (r7,c6) yellow -> white."""
    std, orig = new(4).st.market, new(4, original_market=True).st.market
    assert (std.zone((4, 0)), orig.zone((4, 0))) == ("b", "o")
    assert not std.counts_for_cert_limit((6, 5)) and orig.counts_for_cert_limit((6, 5))
    assert not std.counts_for_cert_limit((7, 6)) and orig.counts_for_cert_limit((7, 6))
    assert std.multiple_buy((4, 0)) and not orig.multiple_buy((4, 0))


def test_9_1_8_original_tiles_have_fewer_copies():
    g, std = new(4, original_tiles=True), new(4)
    assert (std.s["supply"]["4"], g.s["supply"]["4"]) == (6, 4)
    assert (std.s["supply"]["8"], g.s["supply"]["8"]) == (22, 20)
    assert g.s["supply"]["57"] == std.s["supply"]["57"]


def test_T10_max_reissue_200():
    """7.4.2 / T10: par 76, market 300 -> 225; with max_reissue_200 -> 200."""
    for options, expected in (({}, 225), ({"max_reissue_200": True}, 200)):
        g = new(4, **options)
        float_corp(g, "IC", 76, 0)
        give(g, "IC", 1, ["IC_5", "IC_6", "IC_7"])
        give(g, "IC", "treasury", ["IC_8"])
        place(g, "IC", 1, 17)                     # 300
        to_stock_round(g)
        act(g, "reissue", corporation="IC")
        assert g.s["corps"]["IC"]["ipo_price"] == expected


# ---- station wars (9.6.8) -------------------------------------------------------------------
def tp_to_fort_worth(station_wars=True, j3_tile=("57", 1)):
    """TP (home Dallas J5) is given Fort Worth J3, next door, as destination; FW has its
    station in Fort Worth; TP owns a 2-train and the two cities are joined."""
    g = new(4, station_wars=station_wars)
    corps = dict(g.st.corps)
    corps["TP"] = dataclasses.replace(corps["TP"], destination="J3")
    g.st = dataclasses.replace(g.st, corps=corps)
    float_corp(g, "TP", 100, 0)
    float_corp(g, "FW", 68, 1)
    g.s["corps"]["TP"]["operated"] = g.s["corps"]["FW"]["operated"] = True
    g.s["tokens"]["J5"] = [["TP"]]
    g.s["tokens"]["J3"] = [["FW"]]
    g.s["tiles"]["J5"] = ["57", 1]                # sides 1 (to J3) and 4
    g.s["tiles"]["J3"] = list(j3_tile)
    g.s["corps"]["TP"]["trains"] = ["2-1"]
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["connections"] == ["TP"]
    return g


def test_9_6_8_station_wars_marker_takes_the_free_space_and_blocks():
    """9.6.8: Fort Worth green #14 (2 spaces, FW in one): TP's map marker fills the free
    space; the city is then full for everybody else; TP's charter markers are unchanged."""
    g = tp_to_fort_worth(j3_tile=("14", 0))
    price = stations.next_price(g, "TP")
    act(g, "connection_run", corporation="TP", marker="map", kind="withhold")
    assert g.s["tokens"]["J3"] == [["FW", "TP"]]
    assert stations.next_price(g, "TP") == price
    from railyard.eighteen.graph import city_blocked
    assert city_blocked(g.st.board, g.s["tiles"], g.s["tokens"], "J3", 0, "MP")


def test_9_6_8_no_free_space_gives_an_extra_space_absorbed_by_an_upgrade():
    """9.6.8 (18xx.games): yellow Fort Worth (1 space, FW): the marker takes an extra
    space; after an upgrade to 2 spaces the city is full (the extra space absorbed)."""
    g = tp_to_fort_worth(j3_tile=("57", 1))
    act(g, "connection_run", corporation="TP", marker="map", kind="withhold")
    assert g.s["tokens"]["J3"] == [["FW", "TP"]]
    g.s["tiles"]["J3"] = ["14", 0]
    from railyard.eighteen.graph import city_blocked
    assert city_blocked(g.st.board, g.s["tiles"], g.s["tokens"], "J3", 0, "MP")


def test_9_6_3_without_station_wars_the_marker_is_no_station():
    g = tp_to_fort_worth(station_wars=False, j3_tile=("14", 0))
    act(g, "connection_run", corporation="TP", marker="map", kind="withhold")
    assert g.s["tokens"]["J3"] == [["FW"]]


# ---- diesels (12.2) -------------------------------------------------------------------------
def diesel_turn(phase="5", trains=("5-1",), cash=2000):
    """IC has run in phase 5 (two 6s still in the bank) and may buy trains."""
    g = new(4, diesels=True)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["cash"] = cash
    g.s["bank"] -= cash - 1000
    g.s["phase"] = phase
    g.s["depot"].update({"2": 0, "3": 0, "4": 0, "5": 0, "6": 2})
    g.s["bought"] = ["2-90", "3-91", "4-92", "5-93", "6-94"]
    g.s["corps"]["IC"]["trains"] = list(trains)
    g.s["or_total"] = 1
    operating.next_round(g)
    act(g, "dividend", corporation="IC", kind="withhold")
    return g


def test_12_2_diesel_trains_replace_8_10_and_12():
    g = new(4, diesels=True)
    assert [t.name for t in g.st.trains] == ["2", "3", "4", "5", "6", "D"]
    assert running.distance("D-3") == 999


def test_12_2_diesel_on_sale_beside_the_6s_from_phase_5_with_trade_in():
    """12.2 (ruling 18xx.games): $1100, or $800 trading in a 4/5/6 (to the pool); the first
    diesel starts phase D: 4s rust, 5s do not."""
    g = diesel_turn()
    buys = {(c.fixed.get("variant"), c.fixed.get("exchange")) for c in g.legal_actions()
            if c.type == "buy_train"}
    assert {(None, None), ("D", None), ("D", "5-1")} <= buys
    g.s["train_pool"] = ["4-7"]
    act(g, "buy_train", corporation="IC", source="depot", variant="D", exchange="5-1")
    c = g.s["corps"]["IC"]
    assert c["cash"] == 2000 - 800 and [t.split("-")[0] for t in c["trains"]] == ["D"]
    assert g.s["phase"] == "D" and g.s["train_pool"] == ["5-1"]      # the 4 rusted
    assert g.phase_info()["train_limit"] == 2


@pytest.mark.parametrize("exchange", [None, "5-1"])
def test_12_2_a_logged_diesel_purchase_buys_the_diesel_again(exchange):
    """The action a diesel purchase beside the 6s (12.2) leaves in the log (what a save
    holds) buys the diesel again when replayed; it once lost the ``variant`` and a load
    bought the next 6 instead, or refused the trade-in ("Only a diesel is bought with a
    trade-in (12.2)": issue 26, an 18xx.games import that could not be loaded)."""
    g = diesel_turn()
    before = g.clone()
    extra = {"exchange": exchange} if exchange else {}
    logged = act(g, "buy_train", corporation="IC", source="depot", variant="D", **extra)
    again = before.apply(dict(logged))
    assert again == logged and before.s == g.s
    assert [t.split("-")[0] for t in g.s["corps"]["IC"]["trains"]][-1] == "D"


def test_12_2_illegal_diesel_purchases():
    g = diesel_turn(phase="4", trains=("3-1",))
    base = {"type": "buy_train", "player": 0, "corporation": "IC", "source": "depot"}
    illegal(g, {**base, "variant": "D"}, "unknown_id")              # not before phase 5
    g = diesel_turn(trains=("3-1",))
    illegal(g, {**base, "variant": "D", "exchange": "3-1"}, "not_allowed")
    illegal(g, {**base, "variant": "D", "exchange": "5-9"}, "unknown_id")
    illegal(g, {**base, "exchange": "3-1"}, "not_allowed")          # the next train is a 6
    act(g, "buy_train", corporation="IC", source="depot", variant="D")
    assert g.s["corps"]["IC"]["cash"] == 2000 - 1100


def test_without_the_option_no_diesel():
    g = new(4)
    assert "D" not in [t.name for t in g.st.trains]


# ---- historical start (seed VARIANTEN) ----------------------------------------------------
def test_historical_start_five_shares_until_the_earlier_corporations_float():
    """Historical order GMO, IC, ...: IC may sell only five shares (50 %) while GMO has
    not had six sold; once GMO floats, IC's sixth share floats IC."""
    g = new(4, historical_start=True)
    to_stock_round(g)
    stock.set_par(g, "IC", 100)
    give(g, "IC", 1, ["IC_0", "IC_1", "IC_2", "IC_3"])      # 50 % sold
    g.s["corps"]["IC"]["president"] = 1
    g.check_float("IC")
    assert not g.s["corps"]["IC"]["floated"]
    problem = stock.buy_problem(g, 0, "IC", "ipo")
    assert problem and "historical" in problem
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "ipo"},
            "not_allowed")
    float_corp(g, "GMO", 90, 2, 6)
    act(g, "buy_share", corporation="IC", source="ipo")
    assert g.s["corps"]["IC"]["floated"] and g.s["corps"]["IC"]["cash"] == 1000


def test_historical_start_slsf_pays_20_until_it_floats_at_60_percent():
    """SLSF (4th) floats only with six shares sold; until then its private pays $20."""
    from railyard.games.g1870 import auction
    g = new(4, historical_start=True)
    g.s["companies"]["SLSF"]["owner"] = "p0"
    g.s["auction"]["pending_par"] = 0
    auction.apply(g, {"type": "par", "player": 0, "corporation": "SLSF", "price": 100})
    assert not g.s["corps"]["SLSF"]["floated"] and not g.s["companies"]["SLSF"]["closed"]
    cash = g.s["cash"][0]
    operating.pay_privates(g)
    assert g.s["cash"][0] == cash + 20
    for corp, seat in (("GMO", 1), ("IC", 2), ("MP", 3)):
        float_corp(g, corp, 100, seat, 6)
    give(g, "SLSF", 1, ["SLSF_1", "SLSF_2", "SLSF_3", "SLSF_4"])
    g.check_float("SLSF")
    assert g.s["corps"]["SLSF"]["floated"] and g.s["companies"]["SLSF"]["closed"]


def test_12_2_trade_in_at_the_train_limit():
    """Ruling 17: a trade-in keeps the number of trains, so it is allowed at the limit."""
    g = diesel_turn(trains=("5-1", "6-2"))
    assert len(g.s["corps"]["IC"]["trains"]) == g.phase_info()["train_limit"]
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "depot",
                "variant": "D"}, "not_allowed")
    act(g, "buy_train", corporation="IC", source="depot", variant="D", exchange="6-2")
    assert sorted(t.split("-")[0] for t in g.s["corps"]["IC"]["trains"]) == ["5", "D"]
