"""The sale of the privates (seed: KAUFEN DER PRIVATBAHNEN; supplement 4.1-4.8, T19)."""
from __future__ import annotations

from railyard.engine.errors import MALFORMED, UNAFFORDABLE, UNKNOWN_ID, WRONG_PHASE
from railyard.games.g1870 import auction

from .helpers import act, finish_auction, illegal, new, total_money


def test_setup_starting_cash_and_bank():
    """1.5 / STARTKAPITAL: $2100 / players; the bank starts with $12000."""
    for n, cash in [(2, 1050), (3, 700), (4, 525), (5, 420), (6, 350), (7, 300)]:
        g = new(n)
        assert g.s["cash"] == [cash] * n
        assert total_money(g) == 12000


def test_only_the_cheapest_private_can_be_bought():
    """4.1: a player buys the cheapest unsold private or bids on another one."""
    g = new()
    illegal(g, {"type": "buy_private", "player": 0, "company": "MRBC"})
    act(g, "buy_private", company="GRSC")
    assert g.s["companies"]["GRSC"]["owner"] == "p0"
    assert g.s["cash"][0] == 525 - 20
    assert g.current_player == 1


def test_bids_minimum_and_increment():
    """4.2: first bid >= face + $5, later bids >= highest + $5."""
    g = new()
    illegal(g, {"type": "bid", "player": 0, "company": "SCC", "amount": 54})
    act(g, "bid", company="SCC", amount=55)
    illegal(g, {"type": "bid", "player": 1, "company": "SCC", "amount": 59})
    act(g, "bid", company="SCC", amount=60)
    assert g.s["auction"]["bids"]["SCC"] == {"0": 55, "1": 60}


def test_cannot_bid_on_the_cheapest_private():
    """4.1: the cheapest private is bought at its price, not bid for."""
    g = new()
    illegal(g, {"type": "bid", "player": 0, "company": "GRSC", "amount": 30})


def test_committed_money_cannot_be_used_again():
    """4.2: money bid is set aside until that private is sold."""
    g = new(2)   # $1050 each
    act(g, "bid", company="MKT", amount=1000)
    act(g, "pass")
    illegal(g, {"type": "bid", "player": 0, "company": "SLSF", "amount": 145}, UNAFFORDABLE)
    assert auction.free_cash(g, 0) == 50
    act(g, "buy_private", company="GRSC")      # $20 fits in the $50 left
    illegal(g, {"type": "bid", "player": 1, "company": "MKT", "amount": 1060}, UNAFFORDABLE)


def test_single_bid_sells_at_once_without_moving_the_turn():
    """4.3/4.4: after a purchase, a next private with one bid goes to its bidder; play
    continues left of the buyer."""
    g = new(3)
    act(g, "pass")                               # P1
    act(g, "bid", company="MRBC", amount=50)     # P2
    act(g, "buy_private", company="GRSC")        # P3 buys -> MRBC sold to P2
    assert g.s["companies"]["MRBC"]["owner"] == "p1"
    assert g.s["cash"][1] == 700 - 50
    assert g.current_player == 0


def test_two_bids_start_an_auction_lowest_bidder_first():
    """4.3 (ruling: the lowest current bidder acts), only bidders take part; the last one
    left pays his bid."""
    g = new(3)
    act(g, "bid", company="MRBC", amount=45)     # P1
    act(g, "bid", company="MRBC", amount=50)     # P2
    act(g, "buy_private", company="GRSC")        # P3
    assert g.s["auction"]["fight"] == "MRBC"
    assert g.current_player == 0
    illegal(g, {"type": "buy_private", "player": 0, "company": "SCC"}, WRONG_PHASE)
    act(g, "bid", amount=55)
    assert g.current_player == 1
    act(g, "pass")
    assert g.s["companies"]["MRBC"]["owner"] == "p0"
    assert g.s["cash"][0] == 700 - 55
    assert g.current_player == 0                 # left of the buyer of GRSC (P3)


def test_T19_grsc_drops_five_per_round_of_passes_and_is_free_at_zero():
    """4.5 / T19: all pass: $20 -> $15 -> $10 -> $5 -> $0; at $0 the priority holder gets it
    free and the turn passes left."""
    g = new(4)
    for price in (15, 10, 5):
        for _ in range(4):
            act(g, "pass")
        assert g.s["auction"]["falling_price"] == price
        assert g.s["companies"]["GRSC"]["owner"] is None
    for _ in range(4):
        act(g, "pass")
    assert g.s["companies"]["GRSC"]["owner"] == "p0"
    assert g.s["cash"][0] == 525
    assert g.current_player == 1


def test_reduced_grsc_price_is_paid():
    """4.5: the reduced price applies to this sale."""
    g = new(2)
    act(g, "pass")
    act(g, "pass")
    act(g, "buy_private", company="GRSC")
    assert g.s["cash"][0] == 1050 - 15


def test_all_pass_after_grsc_is_sold_pays_the_privates_and_keeps_bids():
    """4.5 / seed: the 'operating round' of the initial round pays the sold privates;
    bids from earlier rounds stay valid."""
    g = new(2)
    act(g, "buy_private", company="GRSC")       # P1
    act(g, "bid", company="SCC", amount=60)     # P2
    act(g, "pass")
    act(g, "pass")
    assert g.s["cash"][0] == 1050 - 20 + 5
    assert g.s["auction"]["bids"]["SCC"] == {"1": 60}


def test_slsf_buyer_sets_par_gets_the_president_certificate_and_slsf_floats():
    """4.6: SLSF private -> par chosen, president's certificate free, 10 x par, private
    closes."""
    g = new(3)
    for sym in ("GRSC", "MRBC", "SCC", "GSC"):
        act(g, "buy_private", company=sym)
    seat = g.current_player
    act(g, "buy_private", company="SLSF")
    assert g.current_player == seat
    illegal(g, {"type": "pass", "player": seat}, WRONG_PHASE)
    illegal(g, {"type": "par", "player": seat, "corporation": "SLSF", "price": 95})
    act(g, "par", corporation="SLSF", price=82)
    c = g.s["corps"]["SLSF"]
    assert c["floated"] and c["cash"] == 820 and c["president"] == seat
    assert "SLSF_0" in g.s["holders"]["SLSF"][str(seat)]
    assert g.s["companies"]["SLSF"]["closed"]
    assert total_money(g) == 12000


def test_T20_mkt_private_gives_a_share_and_stock_round_one_follows():
    """4.7/4.8: the MKT buyer holds 10 % of MKT; the last sale ends the auction; priority
    left of the last buyer."""
    g = new(3)
    finish_auction(g)
    buyer = int(g.s["companies"]["MKT"]["owner"][1:])
    assert "MKT_1" in g.s["holders"]["MKT"][str(buyer)]
    assert g.s["round"] == "stock" and g.s["sr"] == 1
    assert g.s["priority"] == (buyer + 1) % 3 == g.current_player


def test_illegal_auction_actions_leave_the_state_unchanged():
    """Contract: typed errors for every auction action type."""
    g = new()
    illegal(g, {"type": "buy_private", "player": 0, "company": "XX"}, UNKNOWN_ID)
    illegal(g, {"type": "bid", "player": 0, "company": "SCC", "amount": "a"}, MALFORMED)
    illegal(g, {"type": "bid", "player": 0, "company": "SCC", "amount": 9999}, UNAFFORDABLE)
    illegal(g, {"type": "sell_shares", "player": 0}, WRONG_PHASE)
    illegal(g, {"type": "pass", "player": 1}, "wrong_player")


def test_unknown_action_type_is_malformed_in_every_round():
    """An action type 1870 does not know is malformed input, not a move at the wrong time
    (engine contract: ``action_types``)."""
    g = new(4)
    for t in ("take_loan", "exchange", "buy_company"):
        err = illegal(g, {"type": t, "player": 0}, "malformed")
        assert "no action" in err.message
    finish_auction(g)
    illegal(g, {"type": "take_loan", "player": g.current_player}, "malformed")
