"""Rules of "Spielablauf" (dials, forgoing) and "Versteigerung einer Aktie"."""
import pytest

from railyard.engine.errors import IllegalAction

from .helpers import act, bid, cidx, finish_opening, give_share, new_state


def opened(n=4):
    st = new_state(n)
    finish_opening(st, winners=tuple(range(4)) if n >= 4 else (0, 1, 0, 1))
    return st


def test_spielablauf_choose_advances_pointer_then_forgo_allowed():
    """Spielablauf: the chosen action's pointer moves one space, then the player may forgo."""
    st = opened()
    act(st, "choose", action="auction")
    assert st.dials == [1, 0, 0] and st.phase == "offer_share"
    act(st, "forgo")
    assert st.current_player == 1 and st.phase == "choose_action"
    assert st.dials == [1, 0, 0]  # forgoing does not give the space back


def test_spielablauf_red_pointer_cannot_be_chosen():
    """Spielablauf: an action whose pointer is on red cannot be chosen (auction has 3 spaces)."""
    st = opened()
    for _ in range(3):
        act(st, "choose", action="auction")
        act(st, "forgo")
    assert st.dials[0] == 3
    assert {c.fixed["action"] for c in st.legal_actions()} == {"build", "develop"}
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "choose", action="auction")
    assert e.value.code == "not_allowed" and "red" in e.value.message
    assert st.fingerprint() == before


def test_dividenden_phase_runs_when_turn_begins_with_two_red_pointers():
    """Dividenden-Phase: when two pointers are on red at the start of a turn, the dividend
    phase runs first, the pointers return to green and Detroit advances."""
    st = opened()
    cash0 = st.cash[:]
    for _ in range(3):
        act(st, "choose", action="auction")
        act(st, "forgo")
    for _ in range(3):
        act(st, "choose", action="develop")
        act(st, "forgo")
    assert st.general_dividends == 0
    act(st, "choose", action="develop")   # develop pointer now red too (4 spaces)
    assert st.general_dividends == 0
    act(st, "forgo")                      # next turn begins with two red pointers
    assert st.general_dividends == 1
    assert st.dials == [0, 0, 0]
    assert st.industry_value(0) == 2      # Detroit 1 -> 2
    # each player holds one share of a company with one share sold: dividend = income
    assert st.cash == [cash0[0] + 7, cash0[1] + 6, cash0[2] + 5, cash0[3] + 8]


def test_versteigerung_minimum_bid_example_22_over_3_is_8():
    """Versteigerung, example: NYC income 22 $, Bert and Charly hold one share each:
    22 : 3 = 7.33, rounded up: 8 $."""
    st = new_state(4)
    finish_opening(st, winners=(0, 0, 0, 1))  # Bert holds the NYC share
    nyc = cidx(st, "NYC")
    give_share(st, "NYC", 2)
    st.income[nyc] = 22
    act(st, "choose", action="auction")
    act(st, "offer", company="NYC")
    assert st.auction.min_bid == 8 and st.auction.starter == 0


def test_versteigerung_all_pass_share_stays_no_money():
    """Versteigerung: if all pass, the share stays with the company; no money moves."""
    st = opened()
    cash, ccash, treas = st.cash[:], st.ccash[:], st.treasury[:]
    act(st, "choose", action="auction")
    act(st, "offer", company="C&O")
    for _ in range(4):
        act(st, "pass")
    assert st.cash == cash and st.ccash == ccash and st.treasury == treas
    assert st.current_player == 1 and st.phase == "choose_action"


def test_versteigerung_highest_bidder_pays_company_and_next_player_follows():
    st = opened()
    co = cidx(st, "C&O")
    act(st, "choose", action="auction")
    act(st, "offer", company="C&O")      # minimum ceil(5/2) = 3
    assert st.auction.min_bid == 3
    bid(st, 3)             # Andy
    bid(st, 5)             # Bert
    act(st, "pass")                      # Charly
    act(st, "pass")                      # Dora
    act(st, "pass")                      # Andy -> Bert wins
    assert st.held[co] == [0, 1, 1, 0] and st.ccash[co] == 10
    assert st.current_player == 1        # turn passes to Bert as usual


def test_versteigerung_wabash_not_offered_before_chicago():
    """Versteigerung, exception: Wabash shares only once a company has reached Chicago."""
    st = opened()
    act(st, "choose", action="auction")
    offered = {c.fixed.get("company") for c in st.legal_actions() if c.type == "offer"}
    assert offered == {"PRR", "B&O", "C&O", "NYC"}
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "offer", company="WAB")
    assert e.value.code == "not_allowed"
    assert st.fingerprint() == before


def test_versteigerung_sold_out_company_not_offered():
    """Versteigerung (Anmerkung): a company whose shares are all sold offers none."""
    st = opened()
    give_share(st, "PRR", 1, 2)
    act(st, "choose", action="auction")
    with pytest.raises(IllegalAction):
        act(st, "offer", company="PRR")
    assert "PRR" not in {c.fixed.get("company") for c in st.legal_actions()}


def test_versteigerung_unknown_company_is_unknown_id():
    st = opened()
    act(st, "choose", action="auction")
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        act(st, "offer", company="XYZ")
    assert e.value.code == "unknown_id" and st.fingerprint() == before
