"""The value at the search's cut (``bots/planner/value.py``) on constructed 1830 positions:
future dividends count for the holders over the rounds the bank can still pay, trains about
to rust count for little, a trainless presidency without the money for a train costs its
president, and at the game's end only the worth counts."""
import pytest

from railyard.bots.planner import PlannerBot
from railyard.bots.planner import value as V
from railyard.eighteen import shares as sh

from .test_planner_search import dividend_due, position


def earning(st, bot):
    """An open company with trains that earns, held in part by a player."""
    for c, v in st.s["corps"].items():
        if v.get("floated") and v["trains"] and not v.get("closed") and bot.rev(st, c) > 0:
            return c
    raise AssertionError("no earning company")


def give_share(st, corp, seat):
    """One 10 % certificate of ``corp`` from the bank (IPO or pool) to ``seat``."""
    h = st.s["holders"][corp]
    src = "pool" if h.get("pool") else "ipo"
    cert = next(x for x in h[src] if not x.endswith("_0"))
    sh.move(h, cert, src, str(seat))


def test_ors_left_follow_the_bank():
    st = position("1830", 5, dividend_due)
    rich = V.ors_left(st, 400.0)
    poor = st.clone()
    poor.s["bank"] = 300
    assert V.ors_left(poor, 400.0) < rich <= V.MAX_ORS
    # a higher income empties the bank sooner
    assert V.ors_left(poor, 4000.0) <= V.ors_left(poor, 400.0)
    broken = st.clone()
    broken.s["bank_broken"] = True          # 1830 ends with the set the bank breaks in
    assert V.ors_left(broken, 400.0) <= st.s["or_total"] + 0.5


def test_a_share_of_an_earning_company_is_worth_more_than_its_price():
    """A 10 % share adds its market price to the worth (the score) and a tenth of the
    company's future dividends: more than the price alone, the more the longer the game."""
    st = position("1830", 5, dividend_due)
    bot = PlannerBot(1, "easy")
    corp = earning(st, bot)
    seat = next(p for p in range(4) if st.s["corps"][corp]["president"] != p)
    price = st.st.market.price(st.s["corps"][corp]["pos"])
    base = V.position_value(bot, st, seat)
    more = st.clone()
    give_share(more, corp, seat)
    gain = V.position_value(bot, more, seat) - base
    assert gain > price
    # late in the game (little left in the bank) the same share adds less future
    late, late_more = st.clone(), more.clone()
    late.s["bank"] = late_more.s["bank"] = 100
    late_gain = V.position_value(bot, late_more, seat) - V.position_value(bot, late, seat)
    assert price <= late_gain < gain


def test_trains_about_to_rust_count_for_little():
    """The same company with its trains doomed (the type that rusts them among the next
    two the bank sells: 1830 trains rust when the first train of the named type is bought)
    is worth less to its holders."""
    st = position("1830", 5, dividend_due)
    bot = PlannerBot(1, "easy")
    corp = earning(st, bot)
    pres = st.s["corps"][corp]["president"]
    types = {t.name: t for t in st.st.trains}
    rusts = {types[t.split("-")[0]].rusts_on for t in st.s["corps"][corp]["trains"]}
    rusts.discard(None)
    assert rusts, "the company's trains never rust"
    doomed = st.clone()
    # the bank has sold everything before the rusting type
    rust = min(rusts, key=lambda r: [t.name for t in st.st.trains].index(r))
    names = [x.name for x in st.st.trains]
    for t in doomed.s["depot"]:             # {type: copies left} (issue 27)
        if names.index(t) < names.index(rust) - 1:
            doomed.s["depot"][t] = 0
    futures, _, _ = V.company_futures(bot, st)
    futures_doomed, _, _ = V.company_futures(bot, doomed)
    assert futures_doomed[corp] < futures[corp]
    assert V.position_value(bot, doomed, pres) < V.position_value(bot, st, pres)


def test_a_trainless_presidency_without_money_costs_the_president():
    """1830 14.6: a company without a train must buy one, its president paying what the
    treasury lacks; a holder of the same company who is not its president pays nothing."""
    st = position("1830", 5, dividend_due)
    bot = PlannerBot(1, "easy")
    corp = earning(st, bot)
    v = st.s["corps"][corp]
    pres = v["president"]
    broke = st.clone()
    bv = broke.s["corps"][corp]
    bv["trains"], bv["cash"] = [], 0
    _, short, _ = V.company_futures(bot, broke)
    assert short[corp] > 0
    # the president's loss against the others exceeds what the lost trains and treasury
    # cost a plain 10 % holder of the company
    holder = next(p for p in range(4) if p != pres)
    with_share = st.clone()
    give_share(with_share, corp, holder)
    broke_share = broke.clone()
    give_share(broke_share, corp, holder)
    pres_loss = V.position_value(bot, st, pres) - V.position_value(bot, broke, pres)
    holder_loss = V.position_value(bot, with_share, holder) - \
        V.position_value(bot, broke_share, holder)
    pres_pct = sh.percent(st.s["holders"][corp], str(pres))
    assert pres_loss > holder_loss * pres_pct / 10


def test_at_the_end_only_the_worth_counts():
    st = position("1830", 5, dividend_due)
    bot = PlannerBot(1, "easy")
    over = st.clone()
    over.s["ended"] = True
    assert V.ors_left(over, 500.0) == 0.0
    worths = [over.worth(p) for p in range(4)]
    for seat in range(4):
        others = [w for p, w in enumerate(worths) if p != seat]
        assert V.position_value(bot, over, seat) == pytest.approx(
            worths[seat] - sum(others) / 3)
    # before the end the futures count: some player's value differs from the worth alone
    assert any(V.position_value(bot, st, p) != pytest.approx(
        st.worth(p) - sum(st.worth(q) for q in range(4) if q != p) / 3) for p in range(4))
