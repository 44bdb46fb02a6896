"""Dividenden-Phase and Spielende."""
import pytest

from railyard.engine.state import winners_by_max
from railyard.games.american_rails.rules import RULES

from .helpers import MARY, MIKE, RICK, act, cidx, make, put, setup, to_action_phase


def _play_round(st, space_for=lambda st: "pass"):
    """Everybody takes a harmless space for the three phases of one round."""
    year = st.year
    while st.year == year and st.current_player is not None:
        free = [c.fixed["space"] for c in st.legal_actions()]
        for s in ("pass", "urbanise", "finance", "take2", "auction", "expand3", "expand4"):
            if s in free:
                break
        act(st, "space", space=s)
        if st.step not in ("space", "over"):
            act(st, "forgo" if st.step != "expand" else "stop")


def test_majestic_example_19_over_3_is_7():
    """Beispiel Dividenden-Auszahlung: Majestic earns 19; Rick holds 2, Mary 1: 19/3 rounded up
    = 7 per share; Rick gets 14, Mary 7 from the bank."""
    st = to_action_phase(make(3, 0))    # Rick bought Majestic
    maj = cidx("majestic")
    st.held[MARY][maj] += 1
    st.held[RICK][maj] += 1
    st.shares_left[maj] -= 2
    st.income[maj] = 19
    cash, bank = list(st.cash), st.bank
    _play_round(st)
    rep, am = cidx("republic"), cidx("american")
    others = {MIKE: -(-st.income[rep] // 1), MARY: -(-st.income[am] // 1)}
    assert st.last_dividends["majestic"] == 7
    assert st.cash[RICK] - cash[RICK] == 14
    assert st.cash[MARY] - cash[MARY] == 7 + others[MARY]
    assert st.cash[MIKE] - cash[MIKE] == others[MIKE]
    assert bank - st.bank == sum(st.cash) - sum(cash)


def test_unsold_and_removed_shares_do_not_count():
    """Dividenden-Phase: unsold and removed shares are not counted."""
    st = to_action_phase(make(3, 0))
    maj = cidx("majestic")
    assert st.shares_left[maj] == 3
    st.income[maj] = 10
    assert st.dividend_per_share(maj) == 10
    st.held[MIKE][maj] += 1
    st.shares_left[maj] -= 1
    assert st.dividend_per_share(maj) == 5
    st.income[maj] = 11
    assert st.dividend_per_share(maj) == 6   # rounded up


def test_game_ends_after_the_1857_dividends():
    """Spielende: the year marker on 1857 ends the game after that round's dividends."""
    st = to_action_phase(make(3, 0))
    for year in range(1851, 1857):
        assert st.year == year
        _play_round(st)
        assert not st.is_terminal
    assert st.year == 1857
    _play_round(st)
    assert st.is_terminal and "1857" in st.end_reason
    res = st.result()
    assert res.scores == tuple(st.cash)
    assert res.winners == winners_by_max(st.cash)


def test_game_ends_when_all_shares_sold_or_removed():
    """Spielende: all shares sold and/or removed, checked after the dividend phase."""
    st = to_action_phase(make(3, 0))
    for c in st.in_play:
        st.shares_out[c] += st.shares_left[c]
        st.shares_left[c] = 0
    act(st, "space", space="pass")
    assert not st.is_terminal           # only after the dividend phase
    _play_round(st)
    assert st.is_terminal and st.end_reason.startswith("all shares")
    assert st.year == 1851


@pytest.mark.parametrize("n", [3, 4, 5])
def test_game_ends_when_n_supplies_are_low(n):
    """Spielende: with 3/4/5 players, 3/4/5 supplies (cubes and/or urbanisation markers) with
    2 or fewer pieces."""
    st = make(n, 2)
    comps = [RULES.companies[c].id for c in st.in_play]
    setup(st, [(c, None, 0, None) for c in comps])
    low = [cidx(c) for c in comps][: n - 1]
    for c in low:
        st.cubes_left[c] = 2
    st.markers_left = 3
    _play_round(st)
    assert not st.is_terminal           # only n - 1 low supplies
    st.markers_left = 2
    _play_round(st)
    assert st.is_terminal and "supplies" in st.end_reason


def test_most_money_wins_ties_share():
    """Spielende: most money wins; ties share the victory."""
    st = to_action_phase(make(3, 0))
    while not st.is_terminal:
        _play_round(st)
    st.cash[:] = [30, 45, 45]
    assert st.result().winners == (MIKE, MARY)
    st.cash[:] = [50, 45, 45]
    assert st.result().winners == (RICK,)


def test_income_grows_dividends_paid_each_round():
    st = make(4, 0)
    setup(st, [("national", RICK, 10, "New York"), ("american", None, 0, None),
               ("continental", None, 0, None), ("liberty", None, 0, None),
               ("republic", None, 0, None), ("majestic", None, 0, None)])
    put(st, "national", "Boston")
    inc = st.income[cidx("national")]
    cash = st.cash[RICK]
    _play_round(st)
    assert st.cash[RICK] == cash + inc


def test_removed_company_supply_does_not_count_three_players():
    """Spielende (ruling 13): with 3 players the company back in the box has no supply on the
    table; two low company supplies and a full marker supply do not end the game."""
    st = to_action_phase(make(3, 0))
    assert st.cubes_left[st.removed_company] == 0
    low = [c for c in st.in_play][:2]
    for c in low:
        st.cubes_left[c] = 1
    assert st.low_supplies() == 2
    _play_round(st)
    assert not st.is_terminal
    st.markers_left = 2            # the urbanisation supply is the third low supply
    assert st.low_supplies() == 3
    _play_round(st)
    assert st.is_terminal
