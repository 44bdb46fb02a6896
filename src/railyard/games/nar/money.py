"""Money arithmetic of the rulebook: halves rounded up to the next $100, the income split."""
from __future__ import annotations

STEP = 100


def half_up(amount: int) -> int:
    """Half of ``amount`` rounded up to whole $100 ("die Hälfte ... ggf. aufrunden")."""
    return -(-amount // (2 * STEP)) * STEP


def split_income(income: int, holdings: list[int], director: int, last_round: bool,
                 bonus: int = STEP) -> tuple[list[int], int]:
    """Section 5, phase III (and 6 for the last round): the income split.

    ``holdings[seat]`` is the number of shares of the company each seat holds.

    Ruling I2: the income is shared "gleichmäßig unter den Besitzern"; a single owner of all
    sold shares has nobody to share with and gets all of it, whatever the number of shares
    (example: "Marion besitzt als einzige rote Aktien und bekommt die vollen $400").
    Ruling I1, several owners (the Hinweis and the $800 example): every share gets the same
    whole-$100 amount; of the indivisible rest the director gets $100 (last round: half of
    it, rounded up) and the company keeps what is left.  Returns (payment per seat, amount
    kept by the company).
    """
    held = sum(holdings)
    pay = [0] * len(holdings)
    if held == 0 or income <= 0:
        return pay, 0
    owners = [seat for seat, count in enumerate(holdings) if count]
    if len(owners) == 1:
        pay[owners[0]] = income
        return pay, 0
    per_share = income // held // STEP * STEP
    rest = income - per_share * held
    extra = half_up(rest) if last_round else min(bonus, rest)
    for seat, count in enumerate(holdings):
        pay[seat] = per_share * count
    pay[director] += extra
    return pay, rest - extra
