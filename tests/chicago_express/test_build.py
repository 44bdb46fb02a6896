"""Rules of "Streckenausbau einer Eisenbahngesellschaft"."""
import pytest

from railyard.engine.errors import IllegalAction

from .helpers import act, cidx, finish_opening, give_share, hidx, new_state, place


def opened():
    st = new_state(4)
    finish_opening(st, winners=(0, 1, 2, 3))  # Andy PRR, Bert B&O, Charly C&O, Dora NYC
    return st


def at_dora_build(st):
    """Let Andy, Bert and Charly forgo auctions/develops so it is Dora's (NYC) turn to build."""
    for a in ("auction", "develop", "develop"):
        act(st, "choose", action=a)
        act(st, "forgo")
    assert st.current_player == 3
    act(st, "choose", action="build")


def test_streckenausbau_example_nyc_forest_and_binghamton_costs_6():
    """Streckenausbau, example: NYC builds from New York through a forest ($2) to Binghamton
    where a PRR loco stands ($2 x 2 locos): 2 + 4 = 6 $, from the NYC's cash."""
    st = opened()
    place(st, "PRR", "Q3")
    nyc = cidx(st, "NYC")
    st.ccash[nyc] = 10
    at_dora_build(st)
    income = st.income[nyc]
    act(st, "build", company="NYC", hex="R3")
    act(st, "build", company="NYC", hex="Q3")
    assert st.ccash[nyc] == 4
    # Binghamton (town, income 1) raises the NYC's income by 1; forest by nothing
    assert st.income[nyc] == income + 1
    act(st, "end_build")
    assert st.current_player == 0


def test_streckenausbau_only_for_company_with_share():
    """Streckenausbau: only for a company the player holds at least one share of."""
    st = opened()
    act(st, "choose", action="build")   # Andy holds PRR only
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="NYC", hex="R3")
    assert e.value.code == "not_allowed" and "share" in e.value.message
    assert st.fingerprint() == before
    assert {c.fixed["company"] for c in st.legal_actions() if c.type == "build"} == {"PRR"}


def test_streckenausbau_must_connect_to_network():
    """Streckenausbau: every hex must be connected to the company's start through its locos."""
    st = opened()
    act(st, "choose", action="build")
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="A3")
    assert "next to" in e.value.message and st.fingerprint() == before


def test_streckenausbau_start_hexes_cannot_be_built():
    """Streckenausbau: start hexes may not be built on."""
    st = opened()
    place(st, "PRR", "Q6")  # next to Baltimore Q7
    act(st, "choose", action="build")
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="Q7")
    assert "start hex" in e.value.message


def test_streckenausbau_forest_and_mountain_take_one_loco_only():
    """Streckenausbau: on forest and mountain hexes only a single loco may stand."""
    st = opened()
    place(st, "NYC", "R2")   # forest next to New York, also next to ... the PRR? use R4 path
    place(st, "PRR", "R4")
    place(st, "PRR", "R3")   # forest taken by the PRR
    prr = cidx(st, "PRR")
    st.ccash[prr] = 50
    at_dora_build(st)
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="NYC", hex="R3")
    assert "only one locomotive" in e.value.message and st.fingerprint() == before


def test_streckenausbau_one_loco_per_company_per_hex_and_cost_times_locos():
    """Streckenausbau: a company has at most one loco in a hex; the red value is multiplied
    by all locos present including the new one."""
    st = opened()
    place(st, "B&O", "Q6")
    place(st, "C&O", "Q6")
    prr = cidx(st, "PRR")
    st.ccash[prr] = 50
    act(st, "choose", action="build")
    q6 = hidx(st, "Q6")
    cost = st.board.cost[q6] * 3
    act(st, "build", company="PRR", hex="Q6")
    assert st.ccash[prr] == 50 - cost
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="Q6")
    assert "already" in e.value.message


def test_streckenausbau_company_cash_only():
    """Streckenausbau: only the company's cash pays; players cannot add money."""
    st = opened()
    prr = cidx(st, "PRR")
    st.ccash[prr] = 0
    act(st, "choose", action="build")
    assert [c.type for c in st.legal_actions()] == ["forgo"]
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="R4")
    assert e.value.code == "unaffordable" and st.fingerprint() == before


def test_streckenausbau_up_to_three_hexes_one_company():
    """Streckenausbau: up to 3 hexes for one company; then the turn ends."""
    st = opened()
    give_share(st, "NYC", 0)
    prr = cidx(st, "PRR")
    st.ccash[prr] = 100
    act(st, "choose", action="build")
    act(st, "build", company="PRR", hex="Q6")
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="NYC", hex="R3")
    assert "one company" in e.value.message
    act(st, "build", company="PRR", hex="P6")
    act(st, "build", company="PRR", hex="O6")
    assert st.current_player == 1 and st.phase == "choose_action"
    assert st.locos[prr] == 19 - 3


def test_streckenausbau_income_developed_town_and_industry():
    """Einkommenserhöhung: developed town: income + house value; industry city: its current
    industry value; plain and forest: nothing."""
    st = opened()
    prr = cidx(st, "PRR")
    st.ccash[prr] = 100
    # Binghamton Q3 (town income 1, house +1) developed already
    q3 = hidx(st, "Q3")
    st.houses_mask |= 1 << q3
    place(st, "PRR", "R3")
    act(st, "choose", action="build")
    inc = st.income[prr]
    act(st, "build", company="PRR", hex="Q3")
    assert st.income[prr] == inc + 1 + 1
    # industry: Pittsburgh (K4) pays its current track value 4
    st2 = opened()
    place(st2, "PRR", "L4")
    st2.ccash[prr] = 100
    act(st2, "choose", action="build")
    inc = st2.income[prr]
    act(st2, "build", company="PRR", hex="K4")
    assert st2.income[prr] == inc + 4


def test_streckenausbau_no_locos_left_no_building():
    """Streckenausbau (Anmerkung): when a company's locos are used up it cannot build."""
    st = opened()
    prr = cidx(st, "PRR")
    st.ccash[prr] = 100
    st.locos[prr] = 0
    act(st, "choose", action="build")
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="R4")
    assert "no locomotives" in e.value.message


def test_streckenausbau_wrong_phase_and_end_build_before_building():
    st = opened()
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="R4")
    assert e.value.code == "wrong_phase" and st.fingerprint() == before
    act(st, "choose", action="build")
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "end_build")
    assert e.value.code == "wrong_phase" and st.fingerprint() == before
    with pytest.raises(IllegalAction) as e:
        act(st, "build", company="PRR", hex="ZZ9")
    assert e.value.code == "unknown_id" and st.fingerprint() == before
