"""Privates bought from other players in a stock round (6.3.1, 2.5; seed "KAUF VON
AKTIEN")."""
from __future__ import annotations

from .helpers import act, float_corp, illegal, new, to_stock_round, total_money


def sr(phase="2"):
    """Stock round 2, seat 0 to act; seat 1 owns SCC and GSC; seat 0 has $525."""
    g = new(4)
    g.s["phase"] = phase
    g.s["companies"]["SCC"]["owner"] = "p1"
    g.s["companies"]["GSC"]["owner"] = "p1"
    g.s["companies"]["GRSC"]["owner"] = "p0"
    to_stock_round(g)
    return g


def private_choices(g):
    return {c.fixed["company"]: c.ranges["price"] for c in g.legal_actions()
            if c.type == "buy_private"}


def test_6_3_1_buy_a_private_from_another_player_at_an_agreed_price():
    """6.3.1: instead of a share, a private of another player at any agreed price; the
    owner agrees; it is the turn's purchase."""
    g = sr()
    assert private_choices(g) == {"SCC": (1, 525), "GSC": (1, 525)}
    act(g, "buy_private", company="SCC", price=200)
    assert g.current_player == 1
    act(g, "accept_offer", company="SCC")
    assert g.s["companies"]["SCC"]["owner"] == "p0"
    assert g.s["cash"][0] == 325 and g.s["cash"][1] == 725 and total_money(g) == 12000
    assert g.current_player == 0
    assert private_choices(g) == {} and not any(c.type == "buy_share"
                                               for c in g.legal_actions())
    act(g, "pass")
    assert g.current_player == 1 and g.s["stock"]["passes"] == 0


def test_6_3_1_the_owner_may_refuse_then_the_turn_goes_on():
    g = sr()
    act(g, "buy_private", company="GSC", price=10)
    illegal(g, {"type": "pass", "player": 1}, "wrong_phase")
    illegal(g, {"type": "accept_offer", "player": 1, "company": "SCC"}, "not_allowed")
    act(g, "refuse_offer", company="GSC")
    assert g.s["companies"]["GSC"]["owner"] == "p1" and g.s["cash"][0] == 525
    assert g.current_player == 0 and not g.s["stock"]["acted"]
    assert "SCC" in private_choices(g)
    # railyard's ruling (eighteen/offers.py): a new offer for GSC in this turn must be higher
    assert [c.ranges["price"][0] for c in g.legal_actions()
            if c.type == "buy_private" and c.fixed["company"] == "GSC"] == [11]
    err = illegal(g, {"type": "buy_private", "player": 0, "company": "GSC", "price": 10})
    assert "must be higher" in str(err)


def test_2_5_not_from_phase_4_and_illegal_offers_change_nothing():
    g = sr(phase="4")
    assert private_choices(g) == {}
    g = sr()
    base = {"type": "buy_private", "player": 0}
    illegal(g, {**base, "company": "GRSC", "price": 5}, "not_allowed")   # his own
    illegal(g, {**base, "company": "XX", "price": 5}, "unknown_id")
    illegal(g, {**base, "company": "SCC", "price": 0}, "not_allowed")
    illegal(g, {**base, "company": "SCC", "price": 526}, "unaffordable")
    float_corp(g, "IC", 100, 1)
    act(g, "buy_share", corporation="IC", source="ipo")
    illegal(g, {**base, "company": "SCC", "price": 5}, "not_allowed")     # one purchase


def test_3_1_3_a_private_needs_room_under_the_certificate_limit():
    g = sr()
    float_corp(g, "IC", 100, 0, 5)
    float_corp(g, "GMO", 100, 0, 5)
    float_corp(g, "MP", 100, 0, 5)         # with GRSC: 16 = the limit for 4 players
    assert g.cert_count(0) == 16
    assert private_choices(g) == {}


def test_6_3_1_from_the_first_stock_round_and_from_phase_2_on_the_site():
    """6.3.1 / 2.5 (rulebook "In der Aktienrunde kann ein Spieler eine Privatbahn von einem
    anderen Spieler ... kaufen"): in phase 1 too.  Profile option
    ``private_trades_from_phase_2`` (18xx.games): only in phases 2-3."""
    assert set(private_choices(sr("1"))) == {"SCC", "GSC"}
    g = sr("1")
    g.options["private_trades_from_phase_2"] = True
    assert private_choices(g) == {}
    illegal(g, {"type": "buy_private", "player": 0, "company": "SCC", "price": 10})
    g = sr("2")
    g.options["private_trades_from_phase_2"] = True
    assert set(private_choices(g)) == {"SCC", "GSC"}
