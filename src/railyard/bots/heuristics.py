"""Rough values of a position, per title, used by the rule-of-thumb bots and to score the end
of a search bot's short look-ahead.

``worth(state)`` estimates each seat's money at the end of the game: its cash plus, for each
share it holds, the dividends the share is likely still to pay and a part of the company's
treasury (money a company spends on track raises its income).  ``share_value(state, c,
extra)`` is the value to a new holder of one more share of company ``c``.  The figures are
rules of thumb; no rule of the game depends on them.  They read the state handed to them,
which for a bot is always a :class:`~railyard.bots.views.SeatView` world.
"""
from __future__ import annotations

import math
from typing import Any, Callable

#: the share of a company's treasury counted as the holders' money
TREASURY_WEIGHT = 0.5
#: a lead of this share of the mean worth counts as a 73 % chance to win in ``values``
VALUE_SCALE = 0.25
#: the share of a company's unsold shares counted as sold by the end (they dilute dividends)
DILUTION = 0.5


# ---- Chicago Express ---------------------------------------------------------------------
def _ce_rounds(st: Any) -> float:
    """Expected general dividends still to come.  The game mostly ends when three companies
    have sold all their shares; in self-play (rule-of-thumb and random bots) the dividends
    left were about 0.5-1 per share left in the three emptiest treasuries."""
    low3 = sum(sorted(st.treasury)[:3])
    return max(1.0, 0.5 + 0.55 * low3)


def _ce_share(st: Any, c: int, extra: int = 0, rounds: float | None = None) -> float:
    """``rounds``: ``_ce_rounds(st)`` when the caller has it already."""
    holders = sum(st.held[c]) + extra
    if holders <= 0:
        return 0.0
    later = holders + DILUTION * st.treasury[c]        # shares likely sold before the end
    if rounds is None:
        rounds = _ce_rounds(st)
    return (st.income[c] / later * rounds
            + TREASURY_WEIGHT * st.ccash[c] / holders)


def _ce_worth(st: Any) -> list[float]:
    out = [float(x) for x in st.cash]
    rounds = None
    for c, row in enumerate(st.held):
        if not any(row):
            continue
        if rounds is None:
            rounds = _ce_rounds(st)
        v = _ce_share(st, c, 0, rounds)
        for p, k in enumerate(row):
            if k:
                out[p] += k * v
    return out


# ---- American Rails ----------------------------------------------------------------------
_AR_YEARS: list[int] = []


def _ar_rounds(st: Any) -> float:
    if not _AR_YEARS:                      # imported once, on first use (bots import no game)
        from ..games.american_rails.rules import RULES
        _AR_YEARS.append(len(RULES.years))
    return float(_AR_YEARS[0] - st.year_index)


def _ar_share(st: Any, c: int, extra: int = 0) -> float:
    holders = st.holders_shares(c) + extra
    if holders <= 0:
        return 0.0
    later = holders + DILUTION * st.shares_left[c]
    income = st.income[c]
    if not st.comp_hexes[c]:
        # not on the board yet: its first cube goes on a free city; count an average one
        free = [st.board.full[h] for h in st.board.cities if not st.hexmask[h]]
        income = sum(free) / len(free) if free else 0
    return (income / later * _ar_rounds(st)
            + TREASURY_WEIGHT * st.ccash[c] / holders)


def _ar_worth(st: Any) -> list[float]:
    out = [float(x) for x in st.cash]
    for c in st.in_play:
        v = None
        for p in range(st.n):
            k = st.held[p][c]
            if k:
                if v is None:
                    v = _ar_share(st, c)
                out[p] += k * v
    return out


# ---- North American Railways -------------------------------------------------------------
def _nar_rounds(st: Any) -> float:
    if st.last_round:
        return 1.0
    return 1.0 + st.cities_left() / 8.0


def _nar_share(st: Any, c: int, extra: int = 0) -> float:
    holders = sum(h[c] for h in st.holdings) + extra
    if holders <= 0:
        return 0.0
    symbols = st.rules.coast_to_coast_value * st.company_symbols(c)
    return (st.company_income(c) / holders * _nar_rounds(st) + symbols
            + TREASURY_WEIGHT * st.comp_cash[c] / holders)


def _nar_worth(st: Any) -> list[float]:
    out = [float(x) for x in st.cash]
    for c in range(len(st.comp_cash)):
        if st.director[c] is None:
            continue
        v = _nar_share(st, c)
        for p in range(st.n):
            k = st.holdings[p][c]
            if k:
                out[p] += k * v
    return out


WORTH: dict[str, Callable[[Any], list[float]]] = {
    "chicago-express": _ce_worth,
    "american-rails": _ar_worth,
    "north-american-railways": _nar_worth,
}
SHARE: dict[str, Callable[..., float]] = {
    "chicago-express": _ce_share,
    "american-rails": _ar_share,
    "north-american-railways": _nar_share,
}


def worth(st: Any) -> list[float]:
    """Estimated final money per seat (the final result once the game is over)."""
    res = st.result()
    if res is not None:
        return [float(s) for s in res.scores]
    f = WORTH.get(st.title)
    return f(st) if f else [float(x) for x in getattr(st, "cash", [0] * len(st.players))]


def share_value(st: Any, c: int, extra: int = 1) -> float:
    return SHARE[st.title](st, c, extra)


def values(st: Any) -> list[float]:
    """Per seat a number in [0, 1]: the game's returns (1 to the winner, ties shared) when it
    is over, else a smooth guess of the chance to win from the estimated worth (a logistic of
    the lead over the best other seat, scaled by ``VALUE_SCALE`` times the mean worth)."""
    if st.current_player is None:
        return st.returns()
    w = worth(st)
    n = len(w)
    scale = max(1.0, VALUE_SCALE * sum(abs(x) for x in w) / n)
    out = []
    for i in range(n):
        best_other = max(w[j] for j in range(n) if j != i)
        z = (w[i] - best_other) / scale
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return out
