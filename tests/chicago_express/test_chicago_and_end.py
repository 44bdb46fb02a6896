"""Rules of "Chicago-Phase" and "Spielende"."""
import pytest

from railyard.engine.errors import IllegalAction

from .helpers import act, bid, cidx, finish_opening, give_share, hidx, new_state, place


def at_chicago_gate(n=4):
    """Andy (PRR) can build into Chicago from B2."""
    st = new_state(n)
    finish_opening(st, winners=(0, 1, 2, 3) if n >= 4 else (0, 1, 2, 0))
    prr = cidx(st, "PRR")
    place(st, "PRR", "B2")
    st.ccash[prr] = 100
    return st, prr


def test_chicago_phase_extra_dividend_after_income_rise():
    """Chicago-Phase: reaching Chicago raises the income first, then an extra dividend is
    paid to that company's shareholders at once."""
    st, prr = at_chicago_gate()
    give_share(st, "PRR", 1)
    inc = st.income[prr]
    cash = st.cash[:]
    act(st, "choose", action="build")
    act(st, "build", company="PRR", hex="A2")
    assert st.income[prr] == inc + 7
    per_share = -(-(inc + 7) // 2)
    assert st.cash[0] == cash[0] + per_share and st.cash[1] == cash[1] + per_share


def test_chicago_phase_first_arrival_opens_wabash_and_auction_by_reaching_player():
    """Chicago-Phase, Wabash eröffnet: free loco on Fort Wayne, income 1, and the player who
    reached Chicago auctions the first Wabash share and bids first; afterwards the next
    player clockwise continues."""
    st, prr = at_chicago_gate()
    wab = cidx(st, "WAB")
    act(st, "choose", action="build")
    act(st, "build", company="PRR", hex="A2")
    assert st.opened[wab] and st.occ[hidx(st, "D3")] >> wab & 1
    assert st.locos[wab] == 10 and st.ccash[wab] == 0 and st.income[wab] == 1
    assert st.phase == "auction" and st.current_player == 0 and st.auction.min_bid == 1
    bid(st, 4)
    for _ in range(3):
        act(st, "pass")
    assert st.held[wab] == [1, 0, 0, 0] and st.ccash[wab] == 4
    assert st.current_player == 1 and st.phase == "choose_action"


def test_chicago_phase_wabash_income_3_if_fort_wayne_developed_and_no_bid_still_open():
    """Chicago-Phase: income 3 if Fort Wayne is developed; if nobody bids the share stays and
    the Wabash is open all the same; its shares can then be offered."""
    st, prr = at_chicago_gate()
    wab = cidx(st, "WAB")
    place(st, "NYC", "D3")
    st.houses_mask |= 1 << hidx(st, "D3")
    act(st, "choose", action="build")
    act(st, "build", company="PRR", hex="A2")
    assert st.income[wab] == 3 and st.auction.min_bid == 3
    for _ in range(4):
        act(st, "pass")
    assert st.opened[wab] and st.treasury[wab] == 2
    act(st, "choose", action="auction")
    assert "WAB" in {c.fixed.get("company") for c in st.legal_actions()}


def test_chicago_phase_second_arrival_dividend_only_and_build_continues():
    st, prr = at_chicago_gate()
    st.chicago_reached = True
    st.opened[cidx(st, "WAB")] = True
    place(st, "PRR", "B3")
    act(st, "choose", action="build")
    act(st, "build", company="PRR", hex="A2")
    assert st.phase == "build" and st.current_player == 0
    act(st, "build", company="PRR", hex="A3")


def test_chicago_phase_before_general_dividend():
    """Chicago-Phase (Anmerkung): if reaching Chicago also triggers the general dividend,
    the Chicago phase comes first, then the general dividend."""
    st, prr = at_chicago_gate()
    st.dials = [3, 4, 3]       # building now fills the build pointer: two red
    act(st, "choose", action="build")
    cash0 = st.cash[0]
    act(st, "build", company="PRR", hex="A2")
    assert st.general_dividends == 0          # Wabash auction runs first
    inc = st.income[prr]
    for _ in range(4):
        act(st, "pass")
    assert st.general_dividends == 1
    # Andy got the Chicago dividend and then the general dividend of the PRR
    assert st.cash[0] == cash0 + inc + inc


@pytest.mark.parametrize("setup,reason", [
    (lambda st: [st.locos.__setitem__(c, 0) for c in range(3)], "no locomotives"),
    (lambda st: [st.treasury.__setitem__(c, 0) for c in range(3)], "no shares"),
    (lambda st: setattr(st, "houses_left", 3), "houses"),
    (lambda st: st.industry.__setitem__(0, 7), "Detroit"),
])
def test_spielende_four_conditions_end_after_next_general_dividend(setup, reason):
    """Spielende: any of the four conditions ends the game right after the next general
    dividend; most cash wins."""
    st, _ = at_chicago_gate()
    setup(st)
    assert any(reason in r for r in st.end_conditions())
    assert not st.is_terminal
    st.dials = [3, 0, 3]
    act(st, "choose", action="develop")
    act(st, "forgo")
    assert st.is_terminal and st.current_player is None
    res = st.result()
    assert res.scores == tuple(st.cash)
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        st.apply({"type": "choose", "player": 1, "action": "build"})
    assert e.value.code == "game_over" and st.fingerprint() == before


def test_spielende_two_companies_out_of_locos_is_not_enough():
    st, _ = at_chicago_gate()
    st.locos[0] = st.locos[1] = 0
    st.houses_left = 4
    assert st.end_conditions() == []


def test_spielende_detroit_reaching_8_ends_after_the_following_dividend():
    """Spielende: Detroit advances at the end of a dividend phase; standing on 8 ends the
    game after the next general dividend (not the same one)."""
    st, _ = at_chicago_gate()
    st.industry[0] = 6            # Detroit at 7
    st._general_dividend()
    assert st.industry_value(0) == 8 and not st.over
    st._general_dividend()
    assert st.over


def test_spielende_ties_share_the_win():
    """Spielende: at equal cash the players share the victory."""
    st, _ = at_chicago_gate()
    st.cash = [50, 61, 61, 10]
    st.income = [0] * len(st.income)   # no dividend changes the tie
    st.houses_left = 0
    st._general_dividend()
    assert st.result().winners == (1, 2)
    assert st.returns() == [0.0, 0.5, 0.5, 0.0]
