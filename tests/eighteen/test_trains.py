"""The train depot of the core (21.0 of 1830 as the example)."""
from __future__ import annotations

from railyard.eighteen.trains import next_type, offers, rusting, take, ttype
from railyard.games.g1830.data import static

DEFS = {t.name: t for t in static().trains}


def test_smallest_type_first_and_one_copy_each():
    depot = {"2": 2, "3": 5, "4": 4}          # of six 2-trains, the 2-4 and 2-5 are left
    assert offers(depot, [], ["2"], DEFS) == [("2-4", 80)]


def test_type_available_early_and_returned_trains():
    depot = {"2": 0, "5": 0, "6": 1, "D": 6}  # the second of two 6s, six Ds
    assert offers(depot, ["5-0", "3-4", "5-2"], ["2", "3", "4", "5", "6"], DEFS) == [
        ("6-1", 630), ("D-0", 1100), ("5-0", 450), ("3-4", 180)]
    assert offers(depot, [], ["2", "3", "4", "5"], DEFS) == [("6-1", 630)]


def test_rusting_1830():
    assert rusting("4", DEFS) == {"2"}
    assert rusting("6", DEFS) == {"3"}
    assert rusting("D", DEFS) == {"4"}
    assert rusting("5", DEFS) == set()
    assert ttype("D-12") == "D"


def test_depot_sells_types_in_order_and_unlimited_ones_forever():
    depot: dict[str, int | None] = {"2": 1, "3": 2, "D": None}
    assert next_type(depot) == "2"
    take(depot, "2")
    assert depot == {"2": 0, "3": 2, "D": None} and next_type(depot) == "3"
    take(depot, "D")
    assert depot["D"] is None
    assert next_type({"2": 0, "D": None}) == "D"
    assert next_type({"2": 0}) is None
