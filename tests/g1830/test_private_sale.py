"""23.1: privates sold between players in a stock round (not the first), at any agreed
price, when the buyer or the seller is on turn; no effect on the priority deal."""
from __future__ import annotations

from railyard.bots.random_bot import RandomBot
from railyard.games.g1830 import stock
from railyard.games.g1830.terminal import parse

from .helpers import act, finish_auction, illegal, new


def second_sr(n: int = 4, cash=(100, 300, 250, 50)):
    """Stock round 2, seat 0 to act and holding the priority deal; seat 0 owns SV and CA,
    seat 1 CS and BO, seat 2 DH, seat 3 MH; the cash as given."""
    g = new(n)
    finish_auction(g)
    owners = {"SV": 0, "CA": 0, "CS": 1, "BO": 1, "DH": 2, "MH": 3}
    for sym, seat in owners.items():
        g.s["companies"][sym]["owner"] = f"p{seat}"
    g.s["cash"] = list(cash)
    g.s["sr"] = 2
    g.s["priority"] = 0
    stock.start(g)
    assert g.current_player == 0
    return g


def offer(g, company, buyer, price, player=None):
    return {"type": "offer_private", "player": g.current_player if player is None else player,
            "company": company, "buyer": buyer, "price": price}


def test_23_1_seller_offers_buyer_accepts_money_and_private_change_hands():
    g = second_sr()
    act(g, "offer_private", company="SV", buyer=1, price=45)
    assert g.current_player == 1
    assert [c.type for c in g.legal_actions()] == ["accept_offer", "decline_offer"]
    act(g, "accept_offer")
    # 100 + 45 and 300 - 45
    assert g.s["cash"][:2] == [145, 255]
    assert g.s["companies"]["SV"]["owner"] == "p1"
    # the turn goes on with the seller; the sale is not the turn's action
    assert g.current_player == 0
    assert g.s["stock"]["acted"] is False and g.s["stock"]["last_actor"] is None


def test_23_1_buyer_on_turn_offers_to_buy_and_owner_answers():
    g = second_sr()
    act(g, "offer_private", company="DH", buyer=0, price=70)
    assert g.current_player == 2  # the owner of the D&H answers
    act(g, "accept_offer")
    assert g.s["cash"] == [30, 300, 320, 50]
    assert g.s["companies"]["DH"]["owner"] == "p0"
    # with $30 seat 0 can buy no share (no company has a price yet, par 67 costs $134), but
    # he may still offer a sale of a private (23.1): his turn stays open until he passes
    assert g.current_player == 0
    assert {c.type for c in g.legal_actions()} == {"offer_private", "pass"}
    act(g, "pass")
    assert g.current_player == 1
    assert g.s["stock"]["passes"] == 1


def test_23_1_a_possible_private_sale_keeps_the_turn_open_and_without_one_he_passes():
    """4.0 / 23.1: a player who can do nothing passes automatically; an offer to buy or to
    sell a private is something he can do, so he is asked."""
    g = second_sr(cash=(0, 300, 250, 50))
    # seat 0 has no money: he can buy nothing, but can offer SV or CA to the others
    assert g.current_player == 0
    assert {c.type for c in g.legal_actions()} == {"offer_private", "pass"}
    act(g, "pass")
    assert g.current_player == 1
    # seat 3 with $0 and no private of his own can neither buy nor offer anything
    g2 = second_sr(cash=(100, 300, 250, 0))
    g2.s["companies"]["MH"]["owner"] = "p0"
    for _ in range(3):
        act(g2, "pass")
    # so he is passed automatically: the fourth pass in a row ends the round
    assert g2.s["round"] == "stock" and g2.s["sr"] == 3


def test_23_1_declined_offer_changes_nothing_but_the_log():
    g = second_sr()
    before = g.fingerprint()
    act(g, "offer_private", company="CA", buyer=2, price=200)
    assert g.public_view()["private_offer"]["price"] == 200
    act(g, "decline_offer")
    assert g.fingerprint() == before
    assert g.current_player == 0


def test_23_1_offers_are_listed_with_the_price_as_a_range_up_to_the_buyers_cash():
    g = second_sr()
    offers = {(c.fixed["company"], c.fixed["buyer"]): c.ranges["price"]
              for c in g.legal_actions() if c.type == "offer_private"}
    # seat 0 sells SV or CA to seats 1-3 (cash 300, 250, 50) or buys any other private
    expected = {}
    for sym in ("SV", "CA"):
        expected.update({(sym, 1): (1, 300), (sym, 2): (1, 250), (sym, 3): (1, 50)})
    for sym in ("CS", "BO", "DH", "MH"):
        expected[(sym, 0)] = (1, 100)
    assert offers == expected


def test_23_1_no_private_sale_in_the_first_stock_round():
    g = new(4)
    finish_auction(g)
    assert g.s["round"] == "stock" and g.s["sr"] == 1
    seat = g.current_player
    mine = next(s for s, c in g.s["companies"].items() if c["owner"] == f"p{seat}")
    assert not [c for c in g.legal_actions() if c.type == "offer_private"]
    err = illegal(g, offer(g, mine, (seat + 1) % 4, 10), "not_allowed")
    assert "first stock round" in err.message


def test_23_1_price_above_the_buyers_cash_is_unaffordable():
    g = second_sr()
    illegal(g, offer(g, "SV", 3, 51), "unaffordable")
    illegal(g, offer(g, "DH", 0, 101), "unaffordable")


def test_23_1_refused_offers_leave_the_state_unchanged():
    g = second_sr()
    illegal(g, offer(g, "SV", 1, 0), "not_allowed")           # price at least $1
    illegal(g, offer(g, "CS", 3, 10), "not_allowed")          # seat 0 neither buys nor sells
    illegal(g, offer(g, "SV", 0, 10), "not_allowed")          # to himself
    illegal(g, offer(g, "XX", 1, 10), "unknown_id")
    illegal(g, offer(g, "SV", 1, 10, player=1), "wrong_player")  # not on turn
    illegal(g, {"type": "offer_private", "player": 0, "company": "SV", "buyer": 1},
            "malformed")
    g.s["companies"]["DH"]["owner"] = "cPRR"                  # companies never sell (23.1)
    illegal(g, offer(g, "DH", 0, 10), "not_allowed")
    g.s["companies"]["MH"]["closed"] = True
    illegal(g, offer(g, "MH", 0, 10), "not_allowed")
    illegal(g, {"type": "accept_offer", "player": 0}, "wrong_phase")  # nothing open


def test_23_1_an_open_offer_must_be_answered_first_and_only_by_the_other_party():
    g = second_sr()
    act(g, "offer_private", company="SV", buyer=1, price=45)
    illegal(g, {"type": "accept_offer", "player": 0}, "wrong_player")
    illegal(g, {"type": "pass", "player": 1}, "wrong_phase")
    illegal(g, {"type": "accept_offer", "player": 1, "price": 40}, "not_allowed")
    illegal(g, offer(g, "CS", 0, 10, player=1), "wrong_phase")


def test_10_0_buyer_must_stay_within_the_certificate_limit():
    g = second_sr()
    limit = g.cert_limit()  # 16 with four players (10.0)
    assert limit == 16
    g.s["holders"]["PRR"]["1"] = [f"PRR_{i}" for i in range(1, 5)]
    stock.set_par(g, "PRR", 67)
    g.s["holders"]["NYC"]["1"] = [f"NYC_{i}" for i in range(1, 7)]
    stock.set_par(g, "NYC", 67)
    g.s["holders"]["ERIE"]["1"] = [f"ERIE_{i}" for i in range(1, 4)]
    stock.set_par(g, "ERIE", 67)
    for corp in ("PRR", "NYC", "ERIE"):
        g.s["holders"][corp]["ipo"] = [x for x in g.s["holders"][corp]["ipo"]
                                       if x not in g.s["holders"][corp]["1"]]
    assert g.cert_count(1) == 16  # CS, BO, the B&O president's certificate + 13 shares
    err = illegal(g, offer(g, "SV", 1, 10), "not_allowed")
    assert "certificate limit" in err.message
    assert ("SV", 1) not in {(c.fixed["company"], c.fixed["buyer"])
                             for c in g.legal_actions() if c.type == "offer_private"}


def test_23_1_sale_does_not_move_the_priority_deal():
    g = second_sr()
    act(g, "offer_private", company="SV", buyer=1, price=20)
    act(g, "accept_offer")
    # seats 0-3 pass (seat 3, $50, can buy no share but may offer for a private, 23.1):
    # the round ends, the (private-only) operating round runs and stock round 3 begins
    for _ in range(4):
        act(g, "pass")
    assert g.s["round"] == "stock" and g.s["sr"] == 3
    assert g.s["priority"] == 0 and g.current_player == 0


def test_23_1_readable_log_and_public_view():
    g = second_sr()
    a = offer(g, "CA", 2, 150)
    assert g.describe(a) == "P1 offers CA to P3 for $150"
    g.apply(a)
    assert g.public_view()["private_offer"] == {"company": "CA", "seller": 0, "buyer": 2,
                                                "price": 150, "by": 0, "to": 2}
    assert g.describe({"type": "decline_offer", "player": 2}) == \
        "P3 declines the offer of $150 for CA"      # the bare answer names the offer
    done = act(g, "accept_offer")
    assert g.describe(done) == "P3 accepts the offer of $150 for CA"
    assert g.describe(offer(g, "BO", 0, 99, player=0)) == "P1 offers to buy BO for $99"


def test_23_1_terminal_commands_offer_accept_decline():
    g = second_sr()
    a = parse(g, "offer sv 1 45")
    assert a == {"player": 0, "type": "offer_private", "company": "SV", "buyer": 1, "price": 45}
    g.apply(a)
    assert parse(g, "decline") == {"player": 1, "type": "decline_offer"}
    g.apply(parse(g, "accept"))
    assert g.s["companies"]["SV"]["owner"] == "p1"


def test_random_bot_answers_offers_and_does_not_make_them():
    g = second_sr()
    bot = RandomBot(1)
    for _ in range(30):
        assert bot.choose(g)["type"] != "offer_private"
    act(g, "offer_private", company="SV", buyer=1, price=45)
    seen = {bot.choose(g)["type"] for _ in range(30)}
    assert seen == {"accept_offer", "decline_offer"}


def test_17_0_mh_exchange_waits_while_an_offer_is_open():
    g = second_sr()
    stock.set_par(g, "NYC", 67)
    g.s["holders"]["NYC"]["ipo"].remove("NYC_0")
    g.s["holders"]["NYC"]["2"] = ["NYC_0"]
    g.s["corps"]["NYC"]["president"] = 2
    act(g, "offer_private", company="MH", buyer=0, price=60)
    illegal(g, {"type": "exchange", "player": 3, "company": "MH", "source": "ipo"},
            "wrong_phase")


# ---- 24.0c: a president short of money for a train may sell privates to players -----------
def short_president():
    """PRR (president seat 0, $0 in the treasury) must buy a train; seat 0 has $10, holds
    only the president's certificate and owns SV and CA (the helpers' auction)."""
    from .test_trains import emergency
    g = emergency(10, 0, 1)
    assert g.s["companies"]["SV"]["owner"] == "p0" and g.s["companies"]["CA"]["owner"] == "p0"
    return g


def test_24_0c_short_president_offers_his_private_and_then_pays_the_train():
    g = short_president()
    offers = {(c.fixed["company"], c.fixed["buyer"]): c.ranges["price"]
              for c in g.legal_actions() if c.type == "offer_private"}
    cash = g.s["cash"]
    assert offers == {(sym, b): (1, cash[b]) for sym in ("SV", "CA") for b in (1, 2, 3)}
    act(g, "offer_private", company="CA", buyer=2, price=150)
    assert g.current_player == 2
    before2 = g.s["cash"][2]
    act(g, "accept_offer")
    assert g.s["cash"][0] == 160 and g.s["cash"][2] == before2 - 150
    assert g.s["companies"]["CA"]["owner"] == "p2"
    assert g.current_player == 0
    # now $0 + $160 pay the cheapest train ($80, 24.0b); no sale or bankruptcy is offered
    types = {c.type for c in g.legal_actions()}
    assert "bankrupt" not in types and "offer_private" not in types
    act(g, "buy_train", train="2-0", price=80)
    assert g.s["cash"][0] == 80 and g.s["corps"]["PRR"]["trains"] == ["2-0"]


def test_24_0c_declined_offer_leaves_bankruptcy_open():
    g = short_president()
    act(g, "offer_private", company="SV", buyer=1, price=30)
    act(g, "decline_offer")
    assert {c.type for c in g.legal_actions()} == {"bankrupt", "offer_private"}


def test_24_0c_private_sale_in_an_operating_round_only_when_short_of_money():
    from .helpers import operating
    g = operating(corps={"PRR": (67, 0)})
    assert g.s["op"]["step"] == "track"
    assert not [c for c in g.legal_actions() if c.type == "offer_private"]
    err = illegal(g, {"type": "offer_private", "player": 0, "company": "SV", "buyer": 1,
                      "price": 10}, "not_allowed")
    assert "24.0c" in err.message
    g = short_president()
    illegal(g, {"type": "offer_private", "player": 0, "company": "CS", "buyer": 0,
                "price": 10}, "not_allowed")  # he cannot buy, only sell his own
    act(g, "offer_private", company="SV", buyer=1, price=30)
    illegal(g, {"type": "bankrupt", "player": 0}, "wrong_player")
    illegal(g, {"type": "bankrupt", "player": 1}, "wrong_phase")
