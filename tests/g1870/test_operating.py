"""Operating rounds: privates pay (5.1), operating order (3.3.7), trains and phases (1.2-1.4,
2.1-2.6, 9.5), private purchases by corporations (8.1-8.3)."""
from __future__ import annotations

from railyard.engine.errors import UNAFFORDABLE, UNKNOWN_ID, WRONG_PHASE
from railyard.games.g1870 import operating

from .helpers import act, float_corp, illegal, new, place, total_money


def start_or(g):
    g.s["stock"] = None
    g.s["or_total"] = 1
    g.s["or_num"] = 0
    operating.next_round(g)


def run(g):
    """The operating corporation runs (earning nothing here) and withholds."""
    act(g, "dividend", corporation=g.s["op"]["corp"], kind="withhold")


def test_privates_pay_their_owners_at_the_start_of_each_or():
    """5.1: each open private pays its owner (player or corporation)."""
    g = new(4)
    g.s["companies"]["GSC"]["owner"] = "p2"
    g.s["companies"]["MKT"]["owner"] = "p1"
    operating.pay_privates(g)
    assert g.s["cash"][2] == 525 + 15 and g.s["cash"][1] == 525 + 20


def test_operating_order_price_then_column_then_stack():
    """3.3.7: higher price first; same price further right first; same cell top first."""
    g = new(4)
    for corp, pos in [("IC", [2, 8]), ("GMO", [3, 9]), ("TP", [0, 6]), ("FW", [3, 9])]:
        float_corp(g, corp, 100, 0, n_certs=1)
        place(g, corp, *pos)
    # IC 100 (c8), GMO 100 (c9), TP 100 (c6), FW under GMO
    assert operating.operating_order(g) == ["GMO", "FW", "IC", "TP"]


def test_first_turn_places_the_home_marker_and_earning_nothing_withholds():
    """5.3 (0), 5.4: home marker free; no revenue counts as withholding (left), even when
    the president asks for a payout."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    start_or(g)
    assert g.s["op"]["corp"] == "IC"
    assert g.s["tokens"]["K16"] == [["IC"]]
    act(g, "dividend", corporation="IC", kind="full")
    assert g.s["corps"]["IC"]["pos"] == [0, 5]


def test_turn_order_track_then_dividend_then_trains():
    """5.3: trains are bought after the dividend; no track after running."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    start_or(g)
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "depot"})
    illegal(g, {"type": "done", "player": 0, "corporation": "IC"})
    act(g, "dividend", corporation="IC", kind="withhold")
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "K16",
                "tile": "57", "rotation": 0})
    act(g, "buy_train", corporation="IC", source="depot")
    act(g, "done", corporation="IC")


def test_trains_are_sold_in_order_and_the_first_3_starts_phase_2():
    """1.4/2.1: the bank sells in type order; the first 3 starts phase 2."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["depot"]["2"] = 1
    start_or(g)
    run(g)
    act(g, "buy_train", corporation="IC", source="depot")
    assert g.s["corps"]["IC"]["trains"][0].startswith("2-") and g.s["phase"] == "1"
    act(g, "buy_train", corporation="IC", source="depot")
    assert g.s["phase"] == "2" and g.s["corps"]["IC"]["cash"] == 1000 - 80 - 180
    assert total_money(g) == 12000


def test_first_4_rusts_the_2s_and_lowers_the_limit_to_3():
    """1.3 / 2.1: 2s rust at the first 4 (also in the pool)."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["cash"] = 2000
    g.s["corps"]["IC"]["trains"] = ["2-90", "3-91"]
    g.s["train_pool"] = ["2-92"]
    g.s["depot"].update({"2": 0, "3": 0})
    g.s["phase"] = "2"
    start_or(g)
    run(g)
    act(g, "buy_train", corporation="IC", source="depot")
    assert g.s["phase"] == "3"
    assert [t[0] for t in g.s["corps"]["IC"]["trains"]] == ["3", "4"]
    assert g.s["train_pool"] == []


def test_T20_limit_drop_makes_the_president_return_a_train():
    """2.4 / T20: a 3, 4, 4 when the first 5 comes (limit 2): one train to the pool, the
    president's choice; all privates close (2.5)."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    float_corp(g, "GMO", 90, 1)
    place(g, "GMO", 1, 6)
    g.s["corps"]["GMO"]["trains"] = ["3-1", "4-2", "4-3"]
    g.s["corps"]["IC"]["cash"] = 2000
    g.s["depot"].update({"2": 0, "3": 0, "4": 0})
    g.s["phase"] = "3"
    g.s["companies"]["GRSC"]["owner"] = "p1"
    start_or(g)
    run(g)
    act(g, "buy_train", corporation="IC", source="depot")
    assert g.s["phase"] == "4" and g.s["companies"]["GRSC"]["closed"]
    assert g.current_player == 1
    illegal(g, {"type": "done", "player": 1, "corporation": "GMO"}, WRONG_PHASE)
    act(g, "discard_train", corporation="GMO", train="3-1")
    assert g.s["train_pool"] == ["3-1"] and g.current_player == 0


def test_train_limit():
    """2.1 / 9.5.1: no purchase at the limit."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["trains"] = ["2-1", "2-2", "2-3", "2-4"]
    start_or(g)
    run(g)
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "depot"})


def test_private_purchase_ranges():
    """8.1/8.2: phases 2-3 half to double face; phase 1 only MRBC by MP or SSW for $20-$40."""
    g = new(4)
    float_corp(g, "MP", 100, 0)
    g.s["companies"]["MRBC"]["owner"] = "p0"
    g.s["companies"]["GSC"]["owner"] = "p0"
    assert operating.private_price_range(g, "MP", "MRBC") == (20, 40)
    assert operating.private_price_range(g, "MP", "GSC") is None
    float_corp(g, "IC", 100, 0)
    assert operating.private_price_range(g, "IC", "MRBC") is None
    g.s["phase"] = "2"
    assert operating.private_price_range(g, "MP", "MRBC") == (20, 80)
    assert operating.private_price_range(g, "MP", "GSC") == (40, 160)
    g.s["phase"] = "4"
    assert operating.private_price_range(g, "MP", "GSC") is None


def test_buying_a_private_pays_the_owner_and_revenue_then_goes_to_the_corporation():
    """8.1/8.3."""
    g = new(4)
    float_corp(g, "MP", 100, 0)
    g.s["companies"]["MRBC"]["owner"] = "p0"
    start_or(g)
    illegal(g, {"type": "buy_private", "player": 0, "corporation": "MP", "company": "MRBC",
                "price": 41})
    act(g, "buy_private", corporation="MP", company="MRBC", price=25)
    assert g.s["companies"]["MRBC"]["owner"] == "MP"
    assert g.s["cash"][0] == 525 + 10 + 25           # its revenue at the start of the OR, the price
    cash = g.s["corps"]["MP"]["cash"]
    operating.pay_privates(g)
    assert g.s["corps"]["MP"]["cash"] == cash + 10


def test_illegal_operating_actions_leave_the_state_unchanged():
    """Contract: every operating action type."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["corps"]["IC"]["cash"] = 50
    start_or(g)
    run(g)
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "depot"},
            UNAFFORDABLE)
    illegal(g, {"type": "buy_train", "player": 0, "corporation": "IC", "source": "pool",
                "train": "9-9"}, UNKNOWN_ID)
    illegal(g, {"type": "done", "player": 0, "corporation": "GMO"})
    illegal(g, {"type": "buy_private", "player": 0, "corporation": "IC", "company": "ZZ",
                "price": 10}, UNKNOWN_ID)
    illegal(g, {"type": "discard_train", "player": 0, "corporation": "IC", "train": "x"},
            WRONG_PHASE)
    illegal(g, {"type": "sell_shares", "player": 0}, WRONG_PHASE)


def test_ruling_game_ends_when_every_corporation_has_closed():
    """Ruling (docs/games/1870.md): with all ten corporations closed nothing can change any
    more; the game ends after the operating rounds."""
    g = new(4)
    for c in g.s["corps"].values():
        c["closed"] = True
    start_or(g)
    assert g.is_terminal and g.result().details["reason"] == "all corporations closed"


def test_bank_break_ends_the_game_after_the_set():
    """10.1.1: broken in an OR: finish the set, then the game ends."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["bank_broken"] = True
    start_or(g)
    assert not g.is_terminal
    run(g)
    act(g, "done", corporation="IC")
    assert g.is_terminal and g.result().details["reason"] == "bank broken"
