"""1870's stock market (3.2, 3.3): the core grid plus the ledge ("Sims").

Zones: ``""``/``p`` upper area, ``i`` lower area (below the ledge), ``y`` yellow, ``o`` the
rulebook's green zone, ``b`` brown, ``c`` closed.  Positions are ``[row, column]``.
"""
from __future__ import annotations

from typing import Any

from ...eighteen.market import Market


class Market1870(Market):
    def is_lower(self, pos: Any) -> bool:
        return self.zone(pos) == "i"

    def is_closed(self, pos: Any) -> bool:
        return self.zone(pos) == "c"

    def _below(self, pos: Any) -> Any:
        return self.cell((pos[0] + 1, pos[1]))

    def sell(self, pos: Any, shares: int) -> list[int]:
        """3.3.1-3.3.2: one row down per share; a share that would push the marker through
        the ledge is held back and only counts together with a following share of the same
        sale; the bottom of a column stops the marker."""
        r, c = pos
        held = False
        for _ in range(shares):
            below = self.cell((r + 1, c))
            if below is None:
                held = False
                continue
            if not held and not self.is_lower((r, c)) and below.zone == "i":
                held = True
                continue
            steps = 2 if held else 1
            held = False
            for _ in range(steps):
                if self.cell((r + 1, c)) is not None:
                    r += 1
        return [r, c]

    def right(self, pos: Any) -> list[int]:
        """3.3.3: one column right; up instead at a row end or when the right cell lies
        below the ledge while the marker is above it; 400 stays."""
        r, c = pos
        nxt = self.cell((r, c + 1))
        if nxt is not None and not (nxt.zone == "i" and not self.is_lower(pos)):
            return [r, c + 1]
        return self.up(pos)

    def left(self, pos: Any) -> list[int]:
        """3.3.4: one column left; at the left end one row down (stays at the bottom)."""
        r, c = pos
        if c > 0:
            return [r, c - 1]
        return [r + 1, c] if self.cell((r + 1, c)) is not None else [r, c]

    def sold_out_rise(self, pos: Any) -> list[int]:
        """3.3.5: one row up; on the top row one right and one down (same price); 400
        stays."""
        r, c = pos
        if r > 0:
            return [r - 1, c]
        if self.cell((r + 1, c + 1)) is not None:
            return [r + 1, c + 1]
        return [r, c]

    def reissue_price(self, market_price: int, par: int, cap: int | None = None) -> int:
        """7.4.2: the higher of the current par and the top-row value nearest to 75 % of
        the market price (exact ties go up, the 18xx.games ruling); ``cap``: option
        ``max_reissue_200``, the nearest value may not exceed it."""
        target = market_price * 3 / 4
        row = [cell.price for cell in self.grid[0] if cell is not None]
        best = min(row, key=lambda v: (abs(v - target), -v))
        if cap is not None:
            best = min(best, cap)
        return max(par, best)
