"""The 1870 stock chart: the ledge on sales (3.3.2), right/left moves (3.3.3-3.3.4), the
end-of-round rise (3.3.5), zones (3.1.2) and the reissue price table (7.4.2-7.4.3).
Cases T1-T7 and T10 of the rules supplement (section 14)."""
from __future__ import annotations

import pytest

from railyard.games.g1870.data import static

M = static().market


def at(pos):
    return M.price(pos)


@pytest.mark.parametrize("shares,expected", [(1, [5, 9]), (2, [5, 9]), (3, [7, 9]), (4, [7, 9])])
def test_T1_seed_example_sales_from_90_two_rows_above_the_ledge(shares, expected):
    """3.3.2 / seed BEWEGUNG DER AKTIENMARKER: from $90 two rows above the ledge, two shares
    move only one row, three or more go to the bottom ($72)."""
    assert M.sell([4, 9], shares) == expected
    assert at(expected) == (82 if expected[0] == 5 else 72)


def test_T2_a_single_share_never_pushes_through_the_ledge():
    """3.3.2: directly above the ledge one share does not move the marker, two do."""
    assert M.sell([4, 10], 1) == [4, 10]
    assert M.sell([4, 10], 2) == [6, 10] and at([6, 10]) == 82
    assert M.sell([3, 10], 2) == [4, 10] and at([4, 10]) == 100
    assert M.sell([3, 10], 3) == [6, 10]


def test_T3_the_bottom_of_a_column_stops_the_marker():
    """3.3.1: a marker on the bottom cell of its column does not move further."""
    assert M.sell([7, 7], 2) == [8, 7] and at([8, 7]) == 60
    assert M.sell([1, 20], 1) == [1, 20]
    assert M.sell([1, 20], 2) == [3, 20] and at([3, 20]) == 325


def test_T4_columns_without_a_lower_area_and_the_closed_zone():
    """3.3.1, 3.2.4: par 76 sells 4 down to $60 (yellow); $40 sells 4 into the closed zone."""
    assert M.sell([3, 6], 4) == [7, 6] and at([7, 6]) == 60 and M.zone([7, 6]) == "y"
    assert M.sell([4, 0], 4) == [8, 0] and M.is_closed([8, 0])


@pytest.mark.parametrize("start,end", [
    ([4, 9], [4, 10]), ([5, 9], [4, 9]), ([2, 15], [1, 15]), ([3, 12], [2, 12]),
    ([1, 20], [0, 20]), ([2, 20], [1, 20]), ([0, 20], [0, 20])])
def test_T5_full_payout_moves_right_but_not_through_the_ledge(start, end):
    """3.3.3 (erratum ruling): right; up instead at a row end or when the right cell is
    below the ledge; $400 stays."""
    assert M.right(start) == end


@pytest.mark.parametrize("start,end", [([2, 16], [2, 15]), ([0, 0], [1, 0]), ([7, 0], [8, 0])])
def test_T6_withholding_moves_left(start, end):
    """3.3.4: left; at the left end down."""
    assert M.left(start) == end


def test_T6_withholding_from_the_lower_area_crosses_the_ledge_freely():
    """3.3.4: crossing from the lower into the upper area is free."""
    assert M.left([4, 11]) == [4, 10] and M.is_lower([4, 11]) and not M.is_lower([4, 10])


@pytest.mark.parametrize("start,end", [([0, 6], [1, 7]), ([2, 16], [1, 16]), ([0, 20], [0, 20]),
                                       ([4, 9], [3, 9])])
def test_T7_sold_out_rise(start, end):
    """3.3.5: up one row; on the top row one right and one down (same price); 400 stays."""
    assert M.sold_out_rise(start) == end
    if start[0] == 0 and start != [0, 20]:
        assert at(end) == at(start)


def test_zones_for_the_certificate_limit():
    """3.1.2 / BEREICHE AUF DER KURSTABELLE: yellow, green and brown do not count; white,
    par and lower area do; green and brown allow more than 60 %; brown multiple buys."""
    assert not M.counts_for_cert_limit([0, 0])           # 64 yellow
    assert not M.counts_for_cert_limit([3, 0])           # 50 green ("o")
    assert not M.counts_for_cert_limit([4, 0])           # 40 brown
    assert M.counts_for_cert_limit([0, 6]) and M.counts_for_cert_limit([4, 11])
    assert M.may_exceed_holding_limit([3, 0]) and not M.may_exceed_holding_limit([0, 0])
    assert M.multiple_buy([4, 0]) and not M.multiple_buy([3, 0])


@pytest.mark.parametrize("market,expected", [
    (90, 68), (100, 76), (110, 82), (120, 90), (140, 110), (160, 120), (180, 140),
    (200, 160), (225, 160), (250, 180), (275, 200), (300, 225), (325, 250), (350, 275),
    (375, 275), (400, 300)])
def test_reissue_price_table(market, expected):
    """7.4.3 (ruling: ties round up, as 18xx.games) for a corporation with a low par."""
    assert M.reissue_price(market, 64) == expected


def test_T10_reissue_never_below_the_current_par():
    """7.4.2 / T10: par 100 at market 120 stays 100; par 76 at 140 becomes 110."""
    assert M.reissue_price(120, 100) == 100
    assert M.reissue_price(140, 76) == 110
