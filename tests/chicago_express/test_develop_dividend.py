"""Rules of "Entwicklung eines Spielfeldes" and "Dividenden-Phase"."""
import pytest

from railyard.engine.errors import IllegalAction

from .helpers import act, cidx, finish_opening, give_share, hidx, new_state, place


def opened():
    st = new_state(4)
    finish_opening(st, winners=(0, 1, 2, 3))
    return st


def test_entwicklung_wheeling_example_3_to_4():
    """Entwicklung, example: Wheeling developed from 3 to 4: PRR 17 -> 18, B&O 14 -> 15."""
    st = opened()
    prr, bo = cidx(st, "PRR"), cidx(st, "B&O")
    place(st, "PRR", "I6")
    place(st, "B&O", "I6")
    st.income[prr], st.income[bo] = 17, 14
    act(st, "choose", action="develop")
    act(st, "develop", hex="I6")
    assert st.industry_value(1) == 4
    assert (st.income[prr], st.income[bo]) == (18, 15)
    assert st.houses_left == 20  # industry markers are not supply houses


def test_entwicklung_pittsburgh_steps_by_two_and_stops_at_end():
    """Entwicklung: Pittsburgh gains 2 per development; a marker on the last field stays."""
    st = opened()
    prr = cidx(st, "PRR")
    place(st, "PRR", "K4")
    inc = st.income[prr]
    for _ in range(2):
        act(st, "choose", action="develop")
        act(st, "develop", hex="K4")
        for a in ("build", "build", "auction"):   # the other three forgo
            act(st, "choose", action=a)
            act(st, "forgo")
    assert st.income[prr] == inc + 4 and st.industry_value(2) == 8
    act(st, "choose", action="develop")
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "develop", hex="K4")
    assert "end of its industry track" in e.value.message and st.fingerprint() == before


def test_entwicklung_town_adds_house_value_for_every_company_present():
    """Entwicklung, example (Charleston +1: C&O 12 -> 13): every company present gains the
    house value; a house leaves the supply."""
    st = opened()
    co, nyc = cidx(st, "C&O"), cidx(st, "NYC")
    place(st, "C&O", "I9")   # a +1 town in the south
    place(st, "NYC", "I9")
    st.income[co] = 12
    nyc_inc = st.income[nyc]
    act(st, "choose", action="develop")
    act(st, "develop", hex="I9")
    assert st.income[co] == 13 and st.income[nyc] == nyc_inc + 1
    assert st.houses_left == 19


def test_entwicklung_only_once_and_needs_a_loco():
    """Entwicklung: a town/mountain/forest needs a loco and is developed only once."""
    st = opened()
    act(st, "choose", action="develop")
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "develop", hex="Q3")
    assert "no locomotive" in e.value.message and st.fingerprint() == before
    place(st, "NYC", "Q3")
    act(st, "develop", hex="Q3")
    act(st, "choose", action="develop")
    with pytest.raises(IllegalAction) as e:
        act(st, "develop", hex="Q3")
    assert "already developed" in e.value.message


def test_entwicklung_forest_pays_company_2_no_income():
    """Entwicklung: developing a forest gives the company there 2 $ from the bank; its income
    does not change."""
    st = opened()
    nyc = cidx(st, "NYC")
    place(st, "NYC", "R3")
    cash, inc = st.ccash[nyc], st.income[nyc]
    act(st, "choose", action="develop")
    act(st, "develop", hex="R3")
    assert st.ccash[nyc] == cash + 2 and st.income[nyc] == inc and st.houses_left == 19


@pytest.mark.parametrize("hid", ["A3", "S3", "R5", "Q7", "Q9", "A2", "E0"])
def test_entwicklung_plain_start_chicago_detroit_not_developable(hid):
    """Entwicklung: plains, start hexes, Chicago and Detroit cannot be developed by players."""
    st = opened()
    place(st, "PRR", hid) if not st.occ[hidx(st, hid)] else None
    act(st, "choose", action="develop")
    before = st.fingerprint()
    with pytest.raises(IllegalAction):
        act(st, "develop", hex=hid)
    assert st.fingerprint() == before
    assert hid not in {c.fixed.get("hex") for c in st.legal_actions()}


def test_entwicklung_fort_wayne_developable_before_wabash():
    """Entwicklung: Fort Wayne, though the Wabash start, may be built and developed."""
    st = opened()
    place(st, "PRR", "D3")
    act(st, "choose", action="develop")
    act(st, "develop", hex="D3")
    assert st.houses_mask >> hidx(st, "D3") & 1


def test_entwicklung_no_houses_left():
    st = opened()
    st.houses_left = 0
    place(st, "NYC", "Q3")
    act(st, "choose", action="develop")
    with pytest.raises(IllegalAction) as e:
        act(st, "develop", hex="Q3")
    assert "No houses" in e.value.message


def test_dividende_examples_16_over_3_and_17_over_2():
    """Dividenden-Phase, examples: NYC income 16, Andy 2 shares, Ben 1: 5.33 -> 6 per share:
    Andy 12 $, Ben 6 $.  Andy alone with 2 shares of income 17: 8.5 -> 9 each: 18 $."""
    st = opened()
    nyc = cidx(st, "NYC")
    st.held[nyc] = [2, 1, 0, 0]
    st.income[nyc] = 16
    cash = st.cash[:]
    st._pay_dividend(nyc)
    assert st.cash[0] - cash[0] == 12 and st.cash[1] - cash[1] == 6
    st.held[nyc] = [2, 0, 0, 0]
    st.income[nyc] = 17
    cash = st.cash[:]
    st._pay_dividend(nyc)
    assert st.cash[0] - cash[0] == 18


def test_dividende_paid_by_bank_company_shares_unpaid():
    """Dividenden-Phase: the bank pays; shares still on the company's tableau pay nothing."""
    st = opened()
    co = cidx(st, "C&O")
    bank, ccash = st.bank, st.ccash[co]
    st._pay_dividend(co)
    assert st.bank == bank - 5 and st.ccash[co] == ccash


def test_dividende_detroit_advances_and_raises_income_of_companies_there():
    """Dividenden-Phase, Detroit entwickeln: +1 for every company on Detroit, without a loco
    needed; maximum 8."""
    st = opened()
    prr = cidx(st, "PRR")
    place(st, "PRR", "E0")
    inc = st.income[prr]
    st._general_dividend()
    assert st.industry_value(0) == 2 and st.income[prr] == inc + 1
