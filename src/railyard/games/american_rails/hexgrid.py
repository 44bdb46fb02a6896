"""Pointy-top hex grid with odd rows shifted half a hex to the right ("odd-r"), as on the
published American Rails board: columns west to east, rows north to south, both from 0."""
from __future__ import annotations

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def offset_neighbors(col: int, row: int) -> list[tuple[int, int]]:
    """The six positions around (col, row): east, south-east, south-west, west, north-west,
    north-east.  Same row: col ± 1; an even row touches columns col-1 and col of the rows
    above and below, an odd row (shifted right) columns col and col+1."""
    lo = col - 1 if row % 2 == 0 else col
    return [(col + 1, row), (lo + 1, row + 1), (lo, row + 1), (col - 1, row), (lo, row - 1),
            (lo + 1, row - 1)]


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    aq, ar = to_axial(*a)
    bq, br = to_axial(*b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_id(col: int, row: int) -> str:
    """A hex's name: row letter (A = top row) and column number from 1 (``A12``)."""
    return f"{ROW_LETTERS[row]}{col + 1}"
