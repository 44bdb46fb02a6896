"""Stock market movements and zones (8.2, 10.0) on the 1830 chart."""
from __future__ import annotations

from railyard.games.g1830.data import static

M = static().market


def test_par_cells():
    assert {p: M.par_cells[p] for p in (100, 90, 82, 76, 71, 67)} == {
        100: (0, 6), 90: (1, 6), 82: (2, 6), 76: (3, 6), 71: (4, 6), 67: (5, 6)}


def test_8_2a_down_one_row_per_share_not_diagonal():
    assert M.price(M.down([0, 6])) == 90
    assert M.down([10, 3]) == [10, 3]  # bottom row
    assert M.down([7, 7]) == [7, 7]    # nothing below: stays, never diagonally


def test_8_2b_up_one_row_unless_at_top():
    assert M.up([1, 6]) == [0, 6]
    assert M.up([0, 6]) == [0, 6]


def test_8_2c_right_one_cell_or_up_at_the_right_end():
    assert M.price(M.right([0, 6])) == 112
    assert M.right([3, 12]) == [2, 12]  # 130 at the row end -> 140 above
    assert M.right([0, 18]) == [0, 18]  # 350: top right corner stays


def test_8_2d_left_one_cell_or_down_at_the_left_end():
    assert M.price(M.left([0, 6])) == 90
    assert M.left([0, 0]) == [1, 0]
    assert M.left([3, 0]) == [4, 0]  # 39 -> 32 one row down
    assert M.left([8, 1]) == [8, 1]  # nothing left of it nor below: stays


def test_10_0_zones():
    assert not M.counts_for_cert_limit([0, 0])  # 60 yellow
    assert M.counts_for_cert_limit([0, 1])
    assert M.may_exceed_holding_limit([3, 0])   # 39 orange
    assert not M.may_exceed_holding_limit([0, 0])
    assert M.multiple_buy([5, 0])               # 25 brown
    assert not M.multiple_buy([3, 0])
