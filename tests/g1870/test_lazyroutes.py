"""The run_routes choice computes its route set when read, once per position (9.3: the
set offered is the engine's greedy set; the listing stays exact)."""
from __future__ import annotations

import pytest

from railyard.games.g1870 import running

from .test_routes import ic_turn


def _run_choice(g):
    return next(c for c in g.legal_actions() if c.type == "run_routes")


def test_the_listed_set_is_the_greedy_set_of_the_position():
    """9.3.2: K16 ($20), the town K14 ($10) and the city K12 ($20, tile 57) in a line: a
    3-train runs all three stops, $50."""
    g = ic_turn(["3-1"], k12=True)
    fixed = dict(_run_choice(g).fixed)
    assert fixed["corporation"] == "IC"
    assert fixed["routes"] == running.greedy(g, "IC")[1]
    assert running.greedy(g, "IC")[0] == 50


def test_the_set_is_computed_once_per_position(monkeypatch):
    g = ic_turn(["2-1"])
    calls = []
    real = running.greedy
    monkeypatch.setattr(running, "greedy", lambda *a, **k: calls.append(1) or real(*a, **k))
    choices = [_run_choice(g) for _ in range(3)]
    assert calls == []                         # listing alone computes nothing
    assert all(c.fixed["routes"] == choices[0].fixed["routes"] for c in choices)
    assert len(calls) == 1


def test_reading_a_listing_of_an_earlier_position_is_refused():
    g = ic_turn(["2-1"])
    choice = _run_choice(g)
    g.s["corps"]["IC"]["trains"] = ["3-1"]
    with pytest.raises(RuntimeError, match="earlier position"):
        dict(choice.fixed)
