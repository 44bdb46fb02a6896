"""What a position is worth to a seat at the search's cut (``bots/planner/search.py``).

The game's score is each player's worth at the end (cash + shares at market + privates).
At a cut in the middle of the game the worth misses what the companies will still pay and
how their prices will move, so :func:`position_value` adds, per player and company, the
player's holding of the company's *future*:

- **dividends**: the revenue its trains earn now (the route optimiser) over the operating
  rounds the game is expected to last (:func:`ors_left`: the rounds of the present set,
  then as many as the bank can pay at the present income, at most ``MAX_ORS``); trains
  that rust when one of the next two types is bought (``strategic.doomed``) count for at
  most ``DOOMED_ORS`` rounds of it, the lasting ones for all;
- **price**: a company that earns moves right on the market once per paid round (1830
  8.2c, 1870 7.3; at most ``PRICE_STEPS`` steps), one without revenue left once;
- **a company without a train** buys the next one in its next turn: the run that train
  opens counts from the round after, its price comes out of the treasury;
- **treasury**: ``TREASURY`` of its cash (it buys the trains that pay later);
- **a trainless presidency**: the president of a company without a lasting train and
  without the money for the cheapest one pays the shortfall out of pocket (1830 14.6 / 1870
  forced purchase) while more rounds are to come; counted against the president as the
  shortfall less the president's own share of the train bought.

The seat's total minus the mean of the others' totals is the value: the search compares
candidates of one decision on the same future, so only the seat's standing counts.  At the
game's end the value is the final worth alone.
"""
from __future__ import annotations

from ...eighteen import shares as sh
from ..strategic import _type, cheapest_train, doomed, next_train

#: operating rounds of future revenue counted at most
MAX_ORS = 6.0
#: operating rounds a train that rusts with one of the next two types is counted
DOOMED_ORS = 1.5
#: market steps right counted at most for an earning company
PRICE_STEPS = 3
#: share of a company's treasury counted for its holders
TREASURY = 0.5
#: the income floor when estimating the bank's life (dollars per operating round)
MIN_INCOME = 100.0


def ors_left(g, income: float) -> float:
    """Operating rounds still to come: the rest of the present set, then the rounds the
    bank can pay at ``income`` dollars a round (the game ends with the set in which the
    bank breaks), at most ``MAX_ORS``; 0 at the game's end."""
    s = g.s
    if g.current_player is None or s.get("ended"):
        return 0.0
    total = max(1, int(s.get("or_total") or 1))
    if s["round"] == "operating":
        in_set = max(0, total - int(s.get("or_num") or 0)) + 0.5    # this one half-done
    else:
        in_set = float(max(1, int(g.phase_info().get("operating_rounds", 1))))
    if s.get("bank_broken"):
        return min(MAX_ORS, in_set)
    bank = max(0, int(s.get("bank") or 0))
    return min(MAX_ORS, in_set + bank / max(MIN_INCOME, income))


def company_futures(bot, g) -> tuple[dict[str, float], dict[str, float], float]:
    """Per floated, open company: its future value per 100 % (dividends + price + treasury,
    module docstring) and the shortfall its president pays for a train; and the rounds
    left counted."""
    s = g.s
    revs: dict[str, tuple[int, int]] = {}
    for c, v in s["corps"].items():
        if v.get("closed") or not v.get("floated") or v.get("pos") is None:
            continue
        trains = list(v["trains"])
        rev_all = bot.rev(g, c) if trains else 0
        lasting = [t for t in trains if not doomed(g, t)]
        if len(lasting) == len(trains):
            rev_last = rev_all
        elif lasting:
            rev_last = min(rev_all, bot.rev(g, c, tuple(_type(t) for t in lasting),
                                            own=False))
        else:
            rev_last = 0
        revs[c] = (rev_all, rev_last)
    rounds = ors_left(g, float(sum(a for a, _ in revs.values())))
    market = g.st.market
    low = cheapest_train(g)
    values: dict[str, float] = {}
    short: dict[str, float] = {}
    for c, (rev_all, rev_last) in revs.items():
        v = s["corps"][c]
        future = rev_last * rounds + (rev_all - rev_last) * min(rounds, DOOMED_ORS)
        pos, now = v["pos"], market.price(v["pos"])
        if rounds > 0 and rev_all > 0:
            for _ in range(int(min(PRICE_STEPS, rounds))):
                pos = market.right(pos)
        elif rounds > 0 and rev_last == 0:
            pos = market.left(pos)
        future += 10 * (market.price(pos) - now)
        cash = float(v["cash"])
        nxt = next_train(g)
        if not v["trains"] and nxt is not None and rounds >= 1:
            # it buys the next train in its next turn: the run it opens from then on
            future += bot.rev(g, c, (nxt[0],), own=False) * (rounds - 1)
            if cash < nxt[1]:
                short[c] = nxt[1] - cash
            cash = max(0.0, cash - nxt[1])
        elif rounds >= 1 and rev_last == 0 and low is not None and cash < low:
            short[c] = float(low - cash)
        future += TREASURY * cash
        values[c] = future
    return values, short, rounds


def position_value(bot, g, seat: int) -> float:
    """The seat's worth plus its holdings' futures, minus the mean of the others' (module
    docstring); ``bot`` lends its route optimiser (``bot.rev``)."""
    n = len(g.players)
    over = g.current_player is None or bool(g.s.get("ended"))
    values, short = ({}, {}) if over else company_futures(bot, g)[:2]
    holders = g.s["holders"]
    totals = []
    for p in range(n):
        total = float(g.worth(p))
        for c, fv in values.items():
            total += sh.percent(holders[c], str(p)) * fv / 100.0
        for c, gap in short.items():
            if g.s["corps"][c]["president"] == p:
                mine = sh.percent(holders[c], str(p))
                total -= min(gap, float(g.s["cash"][p])) * (1.0 - mine / 100.0)
        totals.append(total)
    others = [x for i, x in enumerate(totals) if i != seat]
    return totals[seat] - (sum(others) / len(others) if others else 0.0)
