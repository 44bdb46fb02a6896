"""The train depot of the core (21.0 of 1830 as the example)."""
from __future__ import annotations

from railyard.eighteen.trains import offers, rusting, ttype
from railyard.games.g1830.data import static

DEFS = {t.name: t for t in static().trains}


def test_smallest_type_first_and_one_copy_each():
    depot = ["2-4", "2-5", "3-0", "3-1"]
    assert offers(depot, [], ["2"], DEFS) == [("2-4", 80)]


def test_type_available_early_and_returned_trains():
    depot = ["6-1", "D-0", "D-1"]
    assert offers(depot, ["5-0", "3-4", "5-2"], ["2", "3", "4", "5", "6"], DEFS) == [
        ("6-1", 630), ("D-0", 1100), ("5-0", 450), ("3-4", 180)]
    assert offers(depot, [], ["2", "3", "4", "5"], DEFS) == [("6-1", 630)]


def test_rusting_1830():
    assert rusting("4", DEFS) == {"2"}
    assert rusting("6", DEFS) == {"3"}
    assert rusting("D", DEFS) == {"4"}
    assert rusting("5", DEFS) == set()
    assert ttype("D-12") == "D"
