"""The 18xx board core on the 1830 map: neighbours, rotations and the upgrade rule."""
from __future__ import annotations

import pytest

from railyard.eighteen.board import revenue_for, rotate_paths
from railyard.games.g1830.data import static

ST = static()
B = ST.board

# 18.1: the list of allowed replacements printed in the rulebook
UPGRADES = {
    "1": [], "2": [], "55": [], "56": [], "69": [], "3": [], "4": [], "58": [],
    "7": ["18", "26", "27", "28", "29"],
    "8": ["16", "19", "23", "24", "25", "28", "29"],
    "9": ["18", "19", "20", "23", "24", "26", "27"],
    "57": ["14", "15"],
    "14": ["63"], "15": ["63"], "16": ["43", "70"], "18": ["43"], "19": ["45", "46"],
    "20": ["44", "47"], "23": ["41", "43", "45", "47"], "24": ["42", "43", "46", "47"],
    "25": ["40", "45", "46"], "26": ["42", "44", "45"], "27": ["41", "44", "46"],
    # the German table lists 45 for 28 as for 29; 45 would not keep 28's track (28 and 29 are
    # mirror images, as are 45 and 46): ruling in docs/games/1830.md, 46 it is
    "28": ["39", "43", "46", "70"], "29": ["39", "43", "45", "70"],
    "53": ["61"], "54": ["62"], "59": ["64", "65", "66", "67", "68"],
}


def can_upgrade(old: str, new: str) -> bool:
    o, n = B.tiles[old], B.tiles[new]
    if o.label != n.label or not B.colour_may_follow(o, n):
        return False
    return any(B.upgrade_mappings(o, 0, n, r) is not None for r in range(6))


@pytest.mark.parametrize("old", sorted(UPGRADES))
def test_18_1_replacement_list_follows_from_keeping_every_track(old):
    found = sorted((n for n in B.tiles if can_upgrade(old, n)), key=int)
    assert found == sorted(UPGRADES[old], key=int)


def test_neighbours_are_symmetric_except_towards_blank_gray_and_red_sides():
    # the data leaves out a side of a plain hex that faces a blank side of a gray or red hex:
    # 18.0, no track may run there, exactly like off the board
    for h in B.hexes.values():
        for e, nb in h.neighbors.items():
            back = B.hexes[nb].neighbors.get((e + 3) % 6)
            if back is None:
                assert h.printed.colour in ("gray", "red")
            else:
                assert back == h.id


def test_rotation_turns_edges_clockwise():
    assert rotate_paths(((0, "c0"), ("c0", 3)), 2) == ((2, "c0"), ("c0", 5))


def test_offboard_revenue_changes_with_the_phase_colour():
    chicago = B.hexes["F2"].printed.offboard_revenue[0]
    assert revenue_for(chicago, "yellow") == 40
    assert revenue_for(chicago, "green") == 40
    assert revenue_for(chicago, "brown") == 70
    assert revenue_for(chicago, "diesel") == 70


def test_terrain_costs_water_80_mountain_120():
    assert B.hexes["F16"].terrain_cost == 120
    assert B.hexes["F4"].terrain_cost == 80
    assert B.hexes["E11"].terrain_cost == 0  # 18.0: Erie's home costs nothing


def test_18_1_table_entry_45_for_28_would_remove_track():
    assert not can_upgrade("28", "45")
    assert can_upgrade("29", "45")
