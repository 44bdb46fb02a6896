"""End of turns, phases and rounds; dividends; the end of the game."""
from __future__ import annotations

from .rules import RULES


class RoundsMixin:
    def _end_turn(self) -> None:
        self.space = None
        self.expand_left = 0
        self.expand_built = 0
        self.turn += 1
        if self.turn < len(self.order):
            self.actor = self.order[self.turn]
            self.step = "space"
            return
        nxt = self.space_order(self.columns[self.phase - 1])
        if self.phase < RULES.phases:
            self.phase += 1
            if self._notes is not None:
                self.note("phase", self.phase, tuple(nxt))
            self.order = nxt
            self.turn = 0
            self.actor = nxt[0]
            self.step = "space"
            return
        if self._notes is not None:
            self.note("year_over", self.year)
        self._pay_dividends()
        reason = self._end_reason()
        if reason is not None:
            self.end_reason = reason
            self.actor = None
            self.step = "over"
            return
        self.year_index += 1
        if self._notes is not None:
            self.note("year", self.year, tuple(nxt))
        self.track = nxt
        self.columns = [[None] * len(RULES.spaces) for _ in range(RULES.phases)]
        self.phase = 1
        self.order = list(nxt)
        self.turn = 0
        self.actor = nxt[0]
        self.step = "space"

    def dividend_per_share(self, c: int) -> int:
        held = self.holders_shares(c)
        if held == 0:
            return 0
        return -(-self.income[c] // held)    # rounded up

    def _pay_dividends(self) -> None:
        paid: dict[str, int] = {}
        cash, income = self.cash, self.income
        by_company = list(zip(*self.held))      # [c]: the shares of c each seat holds
        for c in self.in_play:
            shares = by_company[c]
            out = sum(shares)
            if out == 0:
                continue
            per = -(-income[c] // out)       # dividend_per_share: rounded up
            if per <= 0:
                continue
            paid[RULES.companies[c].id] = per
            if self._notes is not None:      # only while the story is told
                self.note("dividend", c, income[c], per, shares)
            for s, k in enumerate(shares):
                if k:
                    cash[s] += per * k
            self.bank -= per * out
        self.last_dividends = paid

    def low_supplies(self) -> int:
        low = RULES.end_supplies_low
        left = self.cubes_left
        n = 0
        for c in self.in_play:
            if left[c] <= low:
                n += 1
        return n + (1 if self.markers_left <= low else 0)

    def _end_reason(self) -> str | None:
        if self.year_index == len(RULES.years) - 1:
            return f"the year marker stands on {self.year}"
        if all(self.shares_left[c] == 0 for c in self.in_play):
            return "all shares are sold or removed"
        if self.low_supplies() >= self.n:
            return (f"{self.low_supplies()} supplies hold {RULES.end_supplies_low} pieces or "
                    f"fewer ({self.n} players)")
        return None
