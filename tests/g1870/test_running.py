"""Running trains (9.3) and stop values (2.2)."""
from __future__ import annotations

import pytest

from railyard.games.g1870 import running

from .helpers import act, float_corp, new


def ic_with_track(trains):
    """IC home Jackson K16 (tile 57: sides to K14 and K18); K14 a town (tile 4)."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    g.s["tokens"]["K16"] = [["IC"]]
    g.s["corps"]["IC"]["operated"] = True
    g.s["tiles"]["K16"] = ["57", 1]           # sides 1 (K14) and 4 (K18)
    g.s["tiles"]["K14"] = ["4", 1]            # sides 1 (K12) and 4 (K16)
    g.s["corps"]["IC"]["trains"] = trains
    return g


def test_a_2_train_counts_a_city_and_a_town():
    """9.3.2/9.3.5: Jackson $20 + town $10 = $30."""
    g = ic_with_track(["2-1"])
    assert running.revenue(g, "IC") == 30


def test_no_train_no_revenue():
    """5.4/9.3: without a train nothing is earned."""
    g = ic_with_track([])
    assert running.revenue(g, "IC") == 0


def test_two_trains_may_not_share_track():
    """9.3.4: the second 2-train finds no route of its own here."""
    g = ic_with_track(["2-1", "2-2"])
    assert running.revenue(g, "IC") == 30


def test_dividend_action_pays_the_run_revenue():
    """9.4.1 with the run: $30 full -> $3 per share; president (60 %) gets $18."""
    from railyard.games.g1870 import operating
    g = ic_with_track(["2-1"])
    g.s["or_total"] = 1
    operating.next_round(g)
    cash = g.s["cash"][0]
    out = act(g, "dividend", corporation="IC", kind="full")
    assert out["revenue"] == 30 and g.s["cash"][0] == cash + 18


@pytest.mark.parametrize("phase,denver,chicago", [("1", 30, 40), ("3", 30, 40), ("4", 40, 50),
                                                  ("5", 40, 50), ("6", 50, 60), ("8", 50, 60)])
def test_offboard_values_by_phase(phase, denver, chicago):
    """2.2: Denver 30/40/50, Chicago 40/50/60 (top in 1-3, middle in 4-5, bottom from 6)."""
    g = new(4)
    g.s["phase"] = phase
    assert running.stop_value(g, "A2", "c0") == denver
    assert running.stop_value(g, "A22", "c0") == chicago
