"""Dividends (9.4, T8, T9)."""
from __future__ import annotations

import pytest

from railyard.games.g1870 import dividends

from .helpers import float_corp, give, new, place


def setup():
    """T8 holdings: A 40 %, B 20 %, pool 20 %, IPO 10 %, redeemed 10 %."""
    g = new(4)
    float_corp(g, "IC", 100, 0, n_certs=3)            # A: 40 %
    give(g, "IC", 1, ["IC_3", "IC_4"])                # B: 20 %
    give(g, "IC", "pool", ["IC_5", "IC_6"])
    give(g, "IC", "treasury", ["IC_7"])               # IPO keeps IC_8
    place(g, "IC", 4, 9)
    g.s["corps"]["IC"]["cash"] = 0
    return g


def test_T8_full_payout_recipients_and_move_right():
    """9.4.1 / T8: $150: A $60, B $30, corporation $30 (IPO + redeemed), pool nothing."""
    g = setup()
    bank = g.s["bank"]
    dividends.pay(g, "IC", 150, "full")
    assert g.s["cash"][0] == 525 + 60 and g.s["cash"][1] == 525 + 30
    assert g.s["corps"]["IC"]["cash"] == 30
    assert g.s["bank"] == bank - 120
    assert g.s["corps"]["IC"]["pos"] == [4, 10]


@pytest.mark.parametrize("revenue,keeps,per_share", [(110, 50, 6), (150, 70, 8)])
def test_T9_half_payout_company_half_rounded_down_no_move(revenue, keeps, per_share):
    """9.4.2 (ruling) / T9."""
    g = setup()
    dividends.pay(g, "IC", revenue, "half")
    assert g.s["cash"][0] == 525 + 4 * per_share
    assert g.s["corps"]["IC"]["cash"] == keeps + 2 * per_share
    assert g.s["corps"]["IC"]["pos"] == [4, 9]


def test_T9_half_of_ten_is_a_full_payout_and_moves_right():
    """9.4.4 / T9: $10 half: corporation keeps $0, $1 per share, moves right."""
    g = setup()
    dividends.pay(g, "IC", 10, "half")
    assert g.s["cash"][0] == 525 + 4
    assert g.s["corps"]["IC"]["pos"] == [4, 10]


def test_withhold_and_nothing_earned_move_left():
    """9.4.3 / 5.4."""
    g = setup()
    dividends.pay(g, "IC", 120, "withhold")
    assert g.s["corps"]["IC"]["cash"] == 120 and g.s["corps"]["IC"]["pos"] == [4, 8]
    dividends.pay(g, "IC", 0, "full")
    assert g.s["corps"]["IC"]["pos"] == [4, 7]


def test_withhold_into_the_closed_zone_closes_the_corporation():
    """3.2.4 / T6: 10 (r7,c0) withholds into 0: closes; shares vanish, cash to the bank,
    trains to the pool, certificate limit recomputed."""
    g = setup()
    g.s["corps"]["IC"]["trains"] = ["2-1"]
    g.s["corps"]["IC"]["cash"] = 77
    place(g, "IC", 7, 0)
    bank = g.s["bank"]
    dividends.pay(g, "IC", 0, "withhold")
    c = g.s["corps"]["IC"]
    assert c["closed"] and c["pos"] is None and c["cash"] == 0
    assert g.s["bank"] == bank + 77 and g.s["train_pool"] == ["2-1"]
    assert g.s["holders"]["IC"] == {"ipo": [], "pool": []}
    assert g.cert_limit() == 14
