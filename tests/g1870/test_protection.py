"""Price protection (6.2, T13)."""
from __future__ import annotations

from .helpers import act, float_corp, give, illegal, new, place, to_stock_round


def setup5():
    """T13: five players; P4 (seat 3) is president of IC at 100; P2 (seat 1) holds 2."""
    g = new(5)
    to_stock_round(g)
    float_corp(g, "IC", 100, 3)
    give(g, "IC", 1, ["IC_5", "IC_6"])
    g.s["cash"][3] = 300
    g.s["stock"]["turn"] = 1
    return g


def test_T13_protection_keeps_the_price_and_skips_players():
    """6.2.1/6.2.4 / T13: P4 pays $200 to the bank, IC stays at 100, P5 acts next."""
    g = setup5()
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    assert g.current_player == 3
    assert {c.type for c in g.legal_actions()} == {"protect", "decline"}
    bank = g.s["bank"]
    act(g, "protect", corporation="IC")
    assert g.s["cash"][3] == 100 and g.s["bank"] == bank + 200
    assert g.price("IC") == 100 and len(g.s["holders"]["IC"]["3"]) == 7
    assert g.current_player == 4


def test_declining_lets_the_price_drop_and_play_goes_on_left_of_the_seller():
    """6.2.5."""
    g = setup5()
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    act(g, "decline", corporation="IC")
    assert g.s["corps"]["IC"]["pos"] == [2, 6]
    assert g.current_player == 2


def test_T13_no_protection_after_selling_the_same_corporation_this_round():
    """6.2.2: a president who sold this corporation in this round may not protect..."""
    g = setup5()
    g.s["stock"]["sold_round"]["3"] = ["IC"]
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    assert g.s["stock"]["protect"] is None and g.current_player == 2


def test_T13_can_protect_if_sold_option():
    """6.2.2 option ``can_protect_if_sold``: ...unless the original rules are used."""
    g = setup5()
    g.options["can_protect_if_sold"] = True
    g.s["stock"]["sold_round"]["3"] = ["IC"]
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    assert g.current_player == 3


def test_protection_needs_cash():
    """6.2.2: enough cash for the whole block."""
    g = setup5()
    g.s["cash"][3] = 199
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    assert g.s["stock"]["protect"] is None


def test_T13_cert_limit_applies_only_in_counting_zones():
    """6.2.2 / T13: at the limit he cannot protect a white-zone block, but can in yellow."""
    g = setup5()                                  # limit 13
    float_corp(g, "GMO", 100, 3, n_certs=7)
    g.s["companies"]["GRSC"]["owner"] = "p3"
    assert g.cert_count(3) == 13
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    assert g.s["stock"]["protect"] is None
    g = setup5()
    float_corp(g, "GMO", 100, 3, n_certs=7)
    g.s["companies"]["GRSC"]["owner"] = "p3"
    place(g, "IC", 1, 0)                          # 60 yellow
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    assert g.current_player == 3


def test_illegal_protection_actions_leave_the_state_unchanged():
    """Contract: only protect/decline of the queued corporation, by its president."""
    g = setup5()
    act(g, "sell_shares", corporation="IC", count=2)
    act(g, "pass")
    illegal(g, {"type": "pass", "player": 3}, "wrong_phase")
    illegal(g, {"type": "protect", "player": 3, "corporation": "GMO"})
    illegal(g, {"type": "protect", "player": 1, "corporation": "IC"}, "wrong_player")
