"""8.1: a corporation may buy any player's private in phases 2-3; the price is agreed
between the owner and the president, so a purchase from another player is an offer the
owner accepts or refuses (a private of the president changes hands at once)."""
from __future__ import annotations

from .helpers import act, float_corp, illegal, new
from .test_operating import start_or


def mp_and_gsc_of_player_1():
    g = new(4)
    float_corp(g, "MP", 100, 0)
    g.s["companies"]["GSC"]["owner"] = "p1"
    g.s["phase"] = "2"
    start_or(g)
    assert g.s["op"]["corp"] == "MP"
    return g


def test_8_1_offer_accepted_by_the_owner():
    """GSC ($80): $40 to $160 (8.2); MP pays $100 to player 1 once he accepts."""
    g = mp_and_gsc_of_player_1()
    cash_mp, cash_p1 = g.s["corps"]["MP"]["cash"], g.s["cash"][1]
    out = act(g, "buy_private", corporation="MP", company="GSC", price=100)
    assert out["offer"] and g.current_player == 1
    assert g.s["companies"]["GSC"]["owner"] == "p1"
    illegal(g, {"type": "done", "player": 1, "corporation": "MP"})
    act(g, "accept_offer", company="GSC")
    assert g.s["companies"]["GSC"]["owner"] == "MP"
    assert g.s["corps"]["MP"]["cash"] == cash_mp - 100 and g.s["cash"][1] == cash_p1 + 100
    assert g.current_player == 0


def test_8_1_offer_refused_changes_nothing():
    g = mp_and_gsc_of_player_1()
    cash_mp = g.s["corps"]["MP"]["cash"]
    act(g, "buy_private", corporation="MP", company="GSC", price=100)
    act(g, "refuse_offer", company="GSC")
    assert g.s["companies"]["GSC"]["owner"] == "p1" and g.s["corps"]["MP"]["cash"] == cash_mp
    assert g.current_player == 0
    # railyard's ruling (eighteen/offers.py): a new offer in this turn must be higher
    assert [c.ranges["price"][0] for c in g.legal_actions()
            if c.type == "buy_private" and c.fixed["company"] == "GSC"] == [101]
    err = illegal(g, {"type": "buy_private", "player": 0, "corporation": "MP",
                      "company": "GSC", "price": 100})
    assert "must be higher" in str(err)


def test_8_2_price_range_also_for_another_players_private():
    g = mp_and_gsc_of_player_1()
    illegal(g, {"type": "buy_private", "player": 0, "corporation": "MP", "company": "GSC",
                "price": 39})
    illegal(g, {"type": "buy_private", "player": 0, "corporation": "MP", "company": "GSC",
                "price": 161})
