"""The sale of the privates in the first stock round (rules 7.0-7.3)."""
from __future__ import annotations

from railyard.games.g1830 import auction

from .helpers import act, finish_auction, illegal, new


def owner(g, sym):
    return g.s["companies"][sym]["owner"]


def test_7_0_privates_offered_in_increasing_value_starting_with_seat_1():
    g = new(4)
    assert g.current_player == 0
    buys = [c for c in g.legal_actions() if c.type == "buy_private"]
    assert [c.fixed["company"] for c in buys] == ["SV"]


def test_7_1_buy_at_face_value_pays_the_bank():
    g = new(4)
    bank = g.s["bank"]
    act(g, "buy_private", company="SV")
    assert owner(g, "SV") == "p0"
    assert g.s["cash"][0] == 600 - 20
    assert g.s["bank"] == bank + 20
    assert g.current_player == 1


def test_7_1_only_the_cheapest_can_be_bought_at_face():
    g = new(4)
    err = illegal(g, {"type": "buy_private", "player": 0, "company": "CS"}, "not_allowed")
    assert "7.1" in err.message


def test_7_2_bid_at_least_face_plus_5_and_5_over_other_bids():
    g = new(4)
    illegal(g, {"type": "bid", "player": 0, "company": "CA", "amount": 164}, "not_allowed")
    act(g, "bid", company="CA", amount=165)
    err = illegal(g, {"type": "bid", "player": 1, "company": "CA", "amount": 169})
    assert "7.2" in err.message
    act(g, "bid", company="CA", amount=170)
    assert g.s["auction"]["bids"]["CA"] == {"0": 165, "1": 170}


def test_7_2_bid_money_is_set_aside():
    g = new(6)  # $400 each
    act(g, "bid", company="BO", amount=300)
    act(g, "pass"); act(g, "pass"); act(g, "pass"); act(g, "pass"); act(g, "pass")
    # seat 0 again: $100 free; CA needs 165
    illegal(g, {"type": "bid", "player": 0, "company": "CA", "amount": 165}, "unaffordable")
    # and the cheapest private only with the money not set aside
    g.s["auction"]["falling_price"] = 20
    g.s["cash"][0] = 310
    illegal(g, {"type": "buy_private", "player": 0, "company": "SV"}, "unaffordable")


def test_7_2_bid_on_the_cheapest_is_not_a_bid():
    g = new(4)
    illegal(g, {"type": "bid", "player": 0, "company": "SV", "amount": 25}, "not_allowed")


def test_7_2_five_player_waterfall_example():
    g = new(5)
    act(g, "buy_private", company="SV")            # a) P1 buys SV for 20
    act(g, "bid", company="CA", amount=165)        # b) P2 bids 165 on C&A
    act(g, "bid", company="MH", amount=115)        # c) P3 bids 115 on M&H
    act(g, "bid", company="CA", amount=170)        # d) P4 bids 170 on C&A
    act(g, "bid", company="DH", amount=75)         # e) P5 bids 75 on D&H
    assert g.current_player == 0
    act(g, "buy_private", company="CS")            # f) P1 buys C&SL for 40
    assert owner(g, "DH") == "p4" and g.s["cash"][4] == 480 - 75      # g)
    assert owner(g, "MH") == "p2" and g.s["cash"][2] == 480 - 115     # h)
    assert g.s["auction"]["fight"] == "CA"                             # i)
    assert g.current_player == 1  # the lowest bidder acts first
    choices = g.legal_actions()
    assert {c.type for c in choices} == {"bid", "pass"}
    act(g, "bid", company="CA", amount=175)
    assert g.current_player == 3
    act(g, "pass")
    assert owner(g, "CA") == "p1" and g.s["cash"][1] == 480 - 175
    # j) whatever the auction's outcome, P2 (left of P1, the last regular buyer) is offered B&O
    assert g.current_player == 1
    assert [c.fixed for c in g.legal_actions() if c.type == "buy_private"] == [{"company": "BO"}]


def test_7_2_waterfall_other_outcome_still_offers_bo_to_player_2():
    g = new(5)
    act(g, "buy_private", company="SV")
    act(g, "bid", company="CA", amount=165)
    act(g, "bid", company="MH", amount=115)
    act(g, "bid", company="CA", amount=170)
    act(g, "bid", company="DH", amount=75)
    act(g, "buy_private", company="CS")
    act(g, "pass")  # P2 drops out
    assert owner(g, "CA") == "p3" and g.s["cash"][3] == 480 - 170
    assert g.current_player == 1


def test_7_3_sv_drops_5_per_round_of_passes_and_is_given_free_at_0():
    g = new(4)
    for price in (15, 10, 5):
        for _ in range(4):
            act(g, "pass")
        assert g.s["auction"]["falling_price"] == price
    cash = list(g.s["cash"])
    for _ in range(4):
        act(g, "pass")
    assert owner(g, "SV") == "p0"  # the player whose turn it is
    assert g.s["cash"] == cash


def test_7_3_free_sv_counts_as_a_purchase_so_the_next_player_is_on_turn():
    # 7.3 "die Transaktion zählt dennoch als Kauf"; 7.0: after a purchase the next private
    # is offered to the next player.  16 passes in 4 players: seat 0 receives the SV, seat 1
    # is to act (not seat 0 again).
    g = new(4)
    for _ in range(16):
        act(g, "pass")
    assert owner(g, "SV") == "p0"
    assert g.current_player == 1
    act(g, "buy_private", company="CS")
    assert owner(g, "CS") == "p1"


def test_7_3_reduced_sv_is_bought_at_the_reduced_price():
    g = new(4)
    for _ in range(4):
        act(g, "pass")
    act(g, "buy_private", company="SV")
    assert g.s["cash"][0] == 600 - 15


def test_7_3_all_pass_after_sv_sold_owned_privates_pay():
    g = new(4)
    act(g, "buy_private", company="SV")
    for _ in range(4):
        act(g, "pass")
    assert g.s["cash"][0] == 600 - 20 + 5
    assert owner(g, "CS") is None


def test_8_1_camden_amboy_gives_10_percent_prr():
    g = new(4)
    for sym in ("SV", "CS", "DH", "MH"):
        act(g, "buy_private", company=sym)
    act(g, "buy_private", company="CA")
    assert g.s["holders"]["PRR"]["0"] == ["PRR_1"]


def test_9_0_bo_private_gives_the_president_certificate_and_par_is_set_at_once():
    g = new(4)
    for sym in ("SV", "CS", "DH", "MH", "CA"):
        act(g, "buy_private", company=sym)
    act(g, "buy_private", company="BO")
    seat = 1  # seats 0..3 bought SV..MH, seat 0 CA, seat 1 BO
    assert g.s["holders"]["B&O"][str(seat)] == ["B&O_0"]
    assert g.current_player == seat
    assert {c.type for c in g.legal_actions()} == {"par"}
    illegal(g, {"type": "par", "player": seat, "corporation": "B&O", "price": 80})
    illegal(g, {"type": "pass", "player": seat}, "wrong_phase")
    act(g, "par", corporation="B&O", price=90)
    assert g.s["corps"]["B&O"]["par"] == 90
    assert g.s["round"] == "stock"
    # 7.0: the player left of the last buyer gets the priority deal
    assert g.current_player == 2


def test_first_stock_round_starts_after_all_privates_sold():
    g = new(3)
    finish_auction(g)
    assert g.s["round"] == "stock" and g.s["sr"] == 1


def test_illegal_auction_actions_leave_the_state_unchanged():
    g = new(4)
    illegal(g, {"type": "bid", "player": 0, "company": "XX", "amount": 50}, "unknown_id")
    illegal(g, {"type": "bid", "player": 0, "company": "CA"}, "malformed")
    illegal(g, {"type": "bid", "player": 1, "company": "CA", "amount": 200}, "wrong_player")
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "PRR"}, "wrong_phase")
    illegal(g, {"type": "lay_tile", "player": 0, "hex": "E19"}, "wrong_phase")


def test_unknown_action_type_is_malformed_in_every_round():
    """An action type 1830 does not know is malformed input, not a move at the wrong time
    (engine contract: ``action_types``)."""
    g = new(4)
    for t in ("take_loan", "redeem", "pass_priority"):
        err = illegal(g, {"type": t, "player": 0}, "malformed")
        assert "no action" in err.message
    finish_auction(g)
    illegal(g, {"type": "take_loan", "player": g.current_player}, "malformed")
