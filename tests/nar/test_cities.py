"""Rulebook section 5, phase II (buying cities)."""
import pytest

from railyard.engine import IllegalAction

from .helpers import BLUE, RED, give, money, table


def city_table(red=1000, blue=600, start=0):
    """P0 directs red and blue, P1 holds a red share too, P2 and P3 hold nothing.
    Lowest cities: column 0 city 0 ($500, income 200, 1 symbol), column 1 city 1 ($200),
    column 2 city 2 ($900), column 3 city 3 ($1200)."""
    special = {0: (500, 200, 1), 1: (200, 100, 0), 2: (900, 300, 2), 3: (1200, 400, 3),
               4: (100, 0, 3)}
    cols = [[10, 11, 4, 0], [12, 13, 1], [14, 2], [15, 3]]
    st = table(cities=cols, special=special)
    give(st, 0, RED)
    give(st, 1, RED)
    give(st, 0, BLUE)
    st.comp_cash[RED], st.comp_cash[BLUE] = red, blue
    st.bank -= red + blue
    st.start_player = start
    st.start_city_phase()
    return st


def buy(st, p, company, column):
    return st.apply({"type": "buy_city", "player": p, "company": company, "column": column})


def test_s5_phase2_starts_with_the_start_player_and_skips_players_without_shares():
    st = city_table(start=1)
    assert st.phase == "cities" and st.current_player == 1
    st = city_table(start=2)  # P2 and P3 hold no share and must pass
    assert st.current_player == 0 and st.passed == [False, False, True, True]


def test_s5_phase2_buy_lowest_city_paid_from_company_treasury():
    """Phase II: the cost is paid from the company's treasury; the city joins its network."""
    st = city_table()
    cash0, bank = st.cash[0], st.bank
    buy(st, 0, "red", 0)
    assert st.comp_cash[RED] == 500 and st.bank == bank + 500 and st.cash[0] == cash0
    assert st.comp_cities[RED] == [0] and st.city_cols[0] == [10, 11, 4]
    assert money(st) == 0


def test_s5_phase2_only_affordable_cities_are_offered():
    """'Der Spieler darf nur eine Stadt wählen, die er mit dem Gesellschaftsvermögen bezahlen
    kann; er darf der Gesellschaft nicht mit eigenem Geld aushelfen.'"""
    st = city_table()
    offered = {(ch.fixed["company"], ch.fixed["column"]) for ch in st.legal_actions()
               if ch.type == "buy_city"}
    assert offered == {("red", 0), ("red", 1), ("red", 2), ("blue", 0), ("blue", 1)}
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        buy(st, 0, "blue", 2)
    assert err.value.code == "unaffordable" and st.fingerprint() == before


def test_s5_phase2_once_per_company_per_player_but_each_shareholder_may_buy():
    """'Der Spieler darf für dieselbe Gesellschaft in dieser Phase nur eine Stadt kaufen' and
    every shareholder may buy a city for the same company."""
    st = city_table(red=2000)
    buy(st, 0, "red", 1)          # P0 for red
    assert st.current_player == 1
    buy(st, 1, "red", 0)          # P1 for red as well
    assert st.current_player == 0
    offered = {ch.fixed.get("company") for ch in st.legal_actions()}
    assert "red" not in offered and "blue" in offered
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        buy(st, 0, "red", 2)
    assert err.value.code == "not_allowed" and st.fingerprint() == before


def test_s5_phase2_needs_a_share_of_the_company():
    st = city_table()
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        buy(st, 0, "green", 0)
    assert err.value.code == "not_allowed" and st.fingerprint() == before


def test_s5_phase2_rounds_repeat_until_all_passed_and_passing_is_final():
    """Players act again and again until they pass; a player who passed stays out."""
    st = city_table(red=2000, blue=600)
    st.apply({"type": "pass", "player": 0})
    assert st.current_player == 1
    buy(st, 1, "red", 1)
    # P0 passed, P2/P3 hold nothing, P1 used red: the phase is over.
    assert st.phase != "cities"
    assert st.comp_cities[BLUE] == []


def test_s5_phase2_player_goes_round_again_after_others():
    st = city_table(red=2000, blue=600)
    buy(st, 0, "red", 1)
    st.apply({"type": "pass", "player": 1})
    assert st.current_player == 0  # P2, P3 cannot buy; P0 acts a second time
    buy(st, 0, "blue", 0)
    assert st.comp_cities == [[1], [0], [], [], []]


def test_s5_phase2_must_pass_when_no_company_can_pay():
    """'Sind alle Gesellschaften ... nicht liquide genug ..., muss der Spieler passen.'"""
    st = city_table(red=100, blue=0)
    # cheapest lowest city costs $200: nobody can buy, the phase ends by itself
    assert st.phase != "cities"
    assert st.bought == 0


def test_s5_phase2_a_cheaper_city_uncovered_by_a_purchase_can_be_bought():
    st = city_table(red=700, blue=600)
    buy(st, 0, "red", 0)        # uncovers city 4 ($100) in column 0; red has $200 left
    st.apply({"type": "pass", "player": 1})
    assert st.current_player == 0
    offered = {(ch.fixed.get("company"), ch.fixed.get("column")) for ch in st.legal_actions()}
    assert ("blue", 0) in offered and ("blue", 1) in offered


def test_illegal_actions_of_phase2_change_nothing():
    st = city_table()
    bad = [
        ({"type": "buy_city", "player": 0, "company": "pink", "column": 0}, "unknown_id"),
        ({"type": "buy_city", "player": 0, "company": "red", "column": 4}, "unknown_id"),
        ({"type": "buy_city", "player": 0, "company": 3, "column": 0}, "malformed"),
        ({"type": "buy_city", "player": 0, "company": "red"}, "malformed"),
        ({"type": "buy_city", "player": 1, "company": "red", "column": 0}, "wrong_player"),
        ({"type": "found", "player": 0, "column": 0, "hundreds": 1}, "wrong_phase"),
        ({"type": "propose", "player": 0, "column": 0, "hundreds": 1}, "wrong_phase"),
        ({"type": "allow", "player": 0}, "wrong_phase"),
        ({"type": "take_200", "player": 0}, "wrong_phase"),
        ({"type": "pass", "player": 2}, "wrong_player"),
    ]
    for action, code in bad:
        before = st.fingerprint()
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert err.value.code == code, action
        assert st.fingerprint() == before
    st.city_cols[2] = []
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        buy(st, 0, "red", 2)
    assert err.value.code == "not_allowed" and st.fingerprint() == before
