"""Flat-topped, odd-q offset hex grid (columns west to east, rows north to south)."""
from __future__ import annotations


def offset_neighbors(col: int, row: int) -> list[tuple[int, int]]:
    """The six positions around (col, row): N, NE, SE, S, SW, NW."""
    if col % 2 == 0:
        return [(col, row - 1), (col + 1, row - 1), (col + 1, row), (col, row + 1),
                (col - 1, row), (col - 1, row - 1)]
    return [(col, row - 1), (col + 1, row), (col + 1, row + 1), (col, row + 1),
            (col - 1, row + 1), (col - 1, row)]


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col, row - (col - (col & 1)) // 2


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    aq, ar = to_axial(*a)
    bq, br = to_axial(*b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
