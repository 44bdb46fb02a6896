"""The stock market: a grid of prices with zones, and the movements of price markers.

A marker position is ``[row, column]`` (row 0 = top row of the chart).  Zones (data README):
``p`` par, ``y`` yellow (certificates not counted against the limit), ``o`` orange (also: a
player may hold more than 60 %), ``b`` brown (also: several shares per turn), ``c`` closed.
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass


@dataclass(frozen=True)
class Cell:
    price: int
    zone: str  # "", "p", "y", "o", "b", "c"


class Market:
    def __init__(self, rows: list[list[str]]) -> None:
        self.grid: list[list[Cell | None]] = []
        for row in rows:
            out: list[Cell | None] = []
            for raw in row:
                if not raw:
                    out.append(None)
                    continue
                zone = raw[-1] if raw[-1].isalpha() else ""
                price = int(raw[:-1] if zone else raw)
                out.append(Cell(price, zone))
            self.grid.append(out)
        self.par_cells = {c.price: (r, k) for r, row in enumerate(self.grid)
                          for k, c in enumerate(row) if c is not None and c.zone == "p"}
        #: per cell ``[row][column]``: (counts for the certificate limit, may exceed 60 %,
        #: several shares per turn, price): the zone tests made once, for the listings
        self.cells = [[None if c is None else (
            self.counts_for_cert_limit((r, k)), self.may_exceed_holding_limit((r, k)),
            self.multiple_buy((r, k)), c.price) for k, c in enumerate(row)]
            for r, row in enumerate(self.grid)]

    def par_cell(self, price: int) -> list[int]:
        """The cell of a par price (1830 8.1, 1870 7.1.1)."""
        r, c = self.par_cells[price]
        return [r, c]

    def cell(self, pos: Any) -> Cell | None:
        r, c = pos
        if 0 <= r < len(self.grid) and 0 <= c < len(self.grid[r]):
            return self.grid[r][c]
        return None

    def price(self, pos: Any) -> int:
        return self.grid[pos[0]][pos[1]].price

    def zone(self, pos: Any) -> str:
        return self.grid[pos[0]][pos[1]].zone

    # ---- movements (8.2) -------------------------------------------------------------
    def down(self, pos: Any) -> list[int]:
        """One row down per share sold; stays on the bottom row, never diagonally (8.2a)."""
        r, c = pos
        return [r + 1, c] if self.cell((r + 1, c)) is not None else [r, c]

    def up(self, pos: Any) -> list[int]:
        """Sold out at the end of a stock round: one row up unless at the top (8.2b)."""
        r, c = pos
        return [r - 1, c] if self.cell((r - 1, c)) is not None else [r, c]

    def right(self, pos: Any) -> list[int]:
        """Dividend paid: one cell right; at the right end one row up instead (8.2c)."""
        r, c = pos
        if self.cell((r, c + 1)) is not None:
            return [r, c + 1]
        return self.up(pos)

    def left(self, pos: Any) -> list[int]:
        """Dividend withheld: one cell left; at the left end one row down instead (8.2d)."""
        r, c = pos
        if c > 0 and self.cell((r, c - 1)) is not None:
            return [r, c - 1]
        return self.down(pos)

    # ---- zones (1830 10.0, 1870 3.1.2-3.1.4; 1870's "green" is the zone ``o``) ------------
    def counts_for_cert_limit(self, pos: Any) -> bool:
        return self.zone(pos) not in ("y", "o", "b")

    def may_exceed_holding_limit(self, pos: Any) -> bool:
        return self.zone(pos) in ("o", "b")

    def multiple_buy(self, pos: Any) -> bool:
        return self.zone(pos) == "b"
