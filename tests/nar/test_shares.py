"""Rulebook section 5, phase I (trading shares): the three cases, the chain of proposals and
the exceptions."""
import pytest

from railyard.engine import IllegalAction

from .helpers import BLACK, BLUE, GREEN, RED, YELLOW, give, money, table

MARION, ANGELIKA, DANIELA, FOURTH = range(4)


def columns(st):
    return {ch.fixed.get("column") for ch in st.legal_actions()}


def test_s5_phase1_only_the_lowest_share_of_a_column_may_be_taken():
    """Phase I: 'muss er die unterste Aktie aus einer der vier Spalten wählen'."""
    st = table(shares=[[RED, BLUE], [GREEN], [], [YELLOW, BLACK]])
    founds = {(ch.fixed["column"]) for ch in st.legal_actions() if ch.type == "found"}
    assert founds == {0, 1, 3}
    st.apply({"type": "found", "player": 0, "column": 3, "hundreds": 2})
    assert st.holdings[0][BLACK] == 1 and st.holdings[0][YELLOW] == 0
    assert st.share_cols[3] == [YELLOW]


def test_s5_case1_example_marion_founds_blue_for_600():
    """Case 1 example: Marion pays $600 for the first blue share; all of it goes into the
    company, she lays a start city and becomes director."""
    st = table(shares=[[RED, BLUE], [GREEN], [YELLOW], [BLACK]])
    st.apply({"type": "found", "player": MARION, "column": 0, "hundreds": 6})
    assert st.cash[MARION] == 1700 - 600
    assert st.comp_cash[BLUE] == 600
    assert st.director[BLUE] == MARION
    assert st.comp_start[BLUE] == 0 and st.start_stack == [1, 2, 3, 4]
    assert st.bank == -4 * 1700  # nothing to the bank
    assert st.current_player == ANGELIKA


def test_s5_case1_price_is_any_multiple_of_100_up_to_own_money():
    st = table(shares=[[RED], [GREEN], [YELLOW], [BLACK]], cash=[800, 1700, 1700, 1700])
    found = [ch for ch in st.legal_actions() if ch.type == "found"]
    assert found and all(ch.ranges["hundreds"] == (1, 8) for ch in found)
    for bad, code in ((0, "not_allowed"), (9, "unaffordable")):
        before = st.fingerprint()
        with pytest.raises(IllegalAction) as err:
            st.apply({"type": "found", "player": 0, "column": 0, "hundreds": bad})
        assert err.value.code == code and st.fingerprint() == before


def test_s5_case2_own_company_costs_1000_half_to_company_half_to_bank():
    st = table(shares=[[RED, RED], [GREEN], [YELLOW], [BLACK]])
    give(st, MARION, RED)
    bank = st.bank
    st.apply({"type": "buy_own", "player": MARION, "column": 0})
    assert st.cash[MARION] == 700 and st.comp_cash[RED] == 500 and st.bank == bank + 500
    assert st.holdings[MARION][RED] == 2


def test_s5_case2_needs_1000_when_other_shares_are_available():
    st = table(shares=[[RED], [GREEN], [YELLOW], [BLACK]], cash=[900, 1700, 1700, 1700])
    give(st, MARION, RED)
    assert "buy_own" not in {ch.type for ch in st.legal_actions()}
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "buy_own", "player": MARION, "column": 0})
    assert err.value.code == "unaffordable" and st.fingerprint() == before


def _proposal_table():
    st = table(shares=[[GREEN, RED], [BLUE, GREEN], [YELLOW], [BLACK]])
    give(st, ANGELIKA, RED)
    give(st, DANIELA, GREEN)
    return st


def test_s5_case3_example_angelika_buys_red_then_daniela_lets_marion_buy_green():
    """Case 3 example: Marion names $800 for red; director Angelika buys it herself: $400 to
    the company, $400 to Marion.  Marion picks green at $900; Daniela lets her: $500 to the
    company (half rounded up), $400 to the bank."""
    st = _proposal_table()
    start = money(st)
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 8})
    assert st.current_player == ANGELIKA
    st.apply({"type": "buy", "player": ANGELIKA})
    assert st.cash[ANGELIKA] == 900 and st.comp_cash[RED] == 400
    assert st.cash[MARION] == 2100 and st.holdings[ANGELIKA][RED] == 2
    assert st.current_player == MARION  # she may pick another share
    bank = st.bank
    st.apply({"type": "propose", "player": MARION, "column": 1, "hundreds": 9})
    assert st.current_player == DANIELA
    st.apply({"type": "allow", "player": DANIELA})
    assert st.cash[MARION] == 1200 and st.comp_cash[GREEN] == 500 and st.bank == bank + 400
    assert st.holdings[MARION][GREEN] == 1
    assert st.current_player == ANGELIKA  # Marion's turn is over
    assert money(st) == start


def test_s5_case3a_proposer_with_as_many_shares_becomes_director():
    """3a: 'Hat der Spieler nun mindestens so viele Aktien ... wird zum neuen Direktor'."""
    st = _proposal_table()
    st.apply({"type": "propose", "player": MARION, "column": 1, "hundreds": 1})
    st.apply({"type": "allow", "player": DANIELA})
    assert st.director[GREEN] == MARION


def test_s5_case3a_proposer_with_fewer_shares_does_not_become_director():
    st = _proposal_table()
    give(st, DANIELA, GREEN)  # Daniela holds two
    st.apply({"type": "propose", "player": MARION, "column": 1, "hundreds": 3})
    st.apply({"type": "allow", "player": DANIELA})
    assert st.director[GREEN] == DANIELA
    assert st.comp_cash[GREEN] == 200  # half of $300 rounded up


def test_s5_case3_price_may_exceed_directors_money_then_he_can_only_allow():
    """Case 3: 'Er darf aber einen Kaufpreis nennen, den der Direktor nicht zahlen kann.'"""
    st = _proposal_table()
    st.cash[ANGELIKA] = 500
    st.bank = -sum(st.cash)
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 6})
    assert [ch.type for ch in st.legal_actions()] == ["allow"]
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "buy", "player": ANGELIKA})
    assert err.value.code == "unaffordable" and st.fingerprint() == before


def test_s5_case3_proposer_may_not_name_more_than_he_has():
    st = _proposal_table()
    props = [ch for ch in st.legal_actions() if ch.type == "propose"]
    assert props and all(ch.ranges["hundreds"] == (1, 17) for ch in props)
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 18})
    assert err.value.code == "unaffordable" and st.fingerprint() == before


def test_s5_case3b_next_pick_must_be_another_company_even_from_another_column():
    """3b: 'Wählt er eine neue Aktie, muss er eine andere Gesellschaft wählen.'"""
    st = table(shares=[[RED], [BLUE, RED], [YELLOW], [BLACK]])
    give(st, ANGELIKA, RED)
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 2})
    st.apply({"type": "buy", "player": ANGELIKA})
    assert 1 not in columns(st)  # red again at the bottom of column 2
    assert "end_turn" in {ch.type for ch in st.legal_actions()}
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "propose", "player": MARION, "column": 1, "hundreds": 2})
    assert err.value.code == "not_allowed" and st.fingerprint() == before


def test_s5_case3b_proposer_may_end_turn_voluntarily():
    st = _proposal_table()
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 2})
    st.apply({"type": "buy", "player": ANGELIKA})
    st.apply({"type": "end_turn", "player": MARION})
    assert st.current_player == ANGELIKA and st.holdings[MARION] == [0] * 5


def test_s5_case3b_chain_ends_when_every_available_company_was_bought_away():
    """3b: the turn ends once he has picked every company in the display."""
    st = table(shares=[[RED], [GREEN], [RED], [GREEN]])
    give(st, ANGELIKA, RED)
    give(st, DANIELA, GREEN)
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 1})
    st.apply({"type": "buy", "player": ANGELIKA})
    st.apply({"type": "propose", "player": MARION, "column": 1, "hundreds": 1})
    st.apply({"type": "buy", "player": DANIELA})
    assert st.current_player == ANGELIKA and st.turn == 1


def test_s5_chain_may_continue_with_founding_a_company():
    st = _proposal_table()
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 4})
    st.apply({"type": "buy", "player": ANGELIKA})
    st.apply({"type": "found", "player": MARION, "column": 2, "hundreds": 3})
    assert st.director[YELLOW] == MARION and st.current_player == ANGELIKA


def test_s5_end_turn_is_illegal_before_a_share_was_bought_away():
    st = _proposal_table()
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "end_turn", "player": MARION})
    assert err.value.code == "not_allowed" and st.fingerprint() == before


def test_s5_exception_no_money_take_200_and_no_share():
    """Exceptions: 'Wenn ein Spieler überhaupt kein Geld hat, nimmt er sich $200 ...'"""
    st = table(shares=[[RED], [GREEN], [YELLOW], [BLACK]], cash=[0, 1700, 1700, 1700])
    assert [ch.type for ch in st.legal_actions()] == ["take_200"]
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "found", "player": 0, "column": 0, "hundreds": 1})
    assert err.value.code == "not_allowed" and st.fingerprint() == before
    st.apply({"type": "take_200", "player": 0})
    assert st.cash[0] == 200 and st.holdings[0] == [0] * 5 and st.current_player == 1
    assert money(st) == 0


def test_s5_take_200_is_illegal_with_money():
    st = table()
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as err:
        st.apply({"type": "take_200", "player": 0})
    assert err.value.code == "not_allowed" and st.fingerprint() == before


def test_s5_exception_director_of_every_available_company_pays_all_his_money():
    """Exceptions: director of all companies at the bottom with < $1000 buys one for all his
    money, half (rounded up) to the company, half to the bank."""
    st = table(shares=[[RED], [BLUE], [RED], []], cash=[700, 1700, 1700, 1700])
    give(st, MARION, RED)
    give(st, MARION, BLUE)
    choices = st.legal_actions()
    assert {ch.type for ch in choices} == {"buy_own"} and len(choices) == 3
    bank = st.bank
    st.apply({"type": "buy_own", "player": MARION, "column": 1})
    assert st.cash[MARION] == 0 and st.comp_cash[BLUE] == 400 and st.bank == bank + 300


def test_s5_exception_does_not_apply_when_another_company_is_available():
    st = table(shares=[[RED], [GREEN], [], []], cash=[700, 1700, 1700, 1700])
    give(st, MARION, RED)
    assert {ch.type for ch in st.legal_actions()} == {"found"}


def test_s5_phase1_each_player_one_turn_from_the_start_player():
    """Phase I: from the start player clockwise, every player has exactly one turn."""
    st = table(shares=[[RED] * 7, [GREEN] * 7, [YELLOW] * 7, [BLACK] * 7])
    st.start_player = 2
    seen = []
    for column in range(4):
        p = st.current_player
        seen.append(p)
        st.apply({"type": "found", "player": p, "column": column, "hundreds": 1})
    assert seen == [2, 3, 0, 1]
    assert st.phase != "shares" or st.round == 2


def test_s5_phase1_ends_at_once_when_the_display_is_empty():
    """Exceptions: 'Sollten keine Aktien mehr ... ist die Phase "Aktien handeln" sofort
    beendet!'"""
    st = table(shares=[[RED], [], [], []])
    st.apply({"type": "found", "player": 0, "column": 0, "hundreds": 1})
    assert st.phase != "shares" and st.turn == 1


def test_illegal_actions_of_phase1_change_nothing():
    st = _proposal_table()
    bad = [
        ({"type": "found", "player": MARION, "column": 0, "hundreds": 1}, "not_allowed"),
        ({"type": "buy_own", "player": MARION, "column": 0}, "not_allowed"),
        ({"type": "propose", "player": MARION, "column": 2, "hundreds": 1}, "not_allowed"),
        ({"type": "propose", "player": MARION, "column": 7, "hundreds": 1}, "unknown_id"),
        ({"type": "propose", "player": MARION, "column": "x", "hundreds": 1}, "malformed"),
        ({"type": "allow", "player": MARION}, "wrong_phase"),
        ({"type": "buy", "player": MARION}, "wrong_phase"),
        ({"type": "buy_city", "player": MARION, "company": "red", "column": 0}, "wrong_phase"),
        ({"type": "pass", "player": MARION}, "wrong_phase"),
        ({"type": "fly", "player": MARION}, "malformed"),
        ({"type": "found", "player": ANGELIKA, "column": 2, "hundreds": 1}, "wrong_player"),
    ]
    st.share_cols[3] = []
    for action, code in bad:
        before = st.fingerprint()
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert err.value.code == code, action
        assert st.fingerprint() == before


def test_illegal_actions_while_a_director_answers_change_nothing():
    st = _proposal_table()
    st.apply({"type": "propose", "player": MARION, "column": 0, "hundreds": 2})
    for action, code in (
            ({"type": "found", "player": ANGELIKA, "column": 2, "hundreds": 1}, "wrong_phase"),
            ({"type": "end_turn", "player": ANGELIKA}, "wrong_phase"),
            ({"type": "take_200", "player": ANGELIKA}, "wrong_phase"),
            ({"type": "allow", "player": MARION}, "wrong_player")):
        before = st.fingerprint()
        with pytest.raises(IllegalAction) as err:
            st.apply(action)
        assert err.value.code == code and st.fingerprint() == before
