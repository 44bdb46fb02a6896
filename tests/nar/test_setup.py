"""Rulebook sections 2 and 4: material and setup."""
from collections import Counter

import pytest

from railyard.engine import Game
from railyard.games.nar import TITLE
from railyard.games.nar.deck import builtin_deck

SLUG = "north-american-railways"


def names(n):
    return [f"P{i}" for i in range(n)]


@pytest.mark.parametrize("seed", range(20))
def test_s4_thirty_shares_two_removed_four_columns_of_seven(seed):
    """Sec. 4: 30 shares (six per company), the top two go back to the box, the rest lie in
    four columns of seven."""
    st = Game(SLUG, names(4), seed).state
    assert [len(c) for c in st.share_cols] == [7, 7, 7, 7]
    assert len(st.removed) == 2
    everything = Counter(s for col in st.share_cols for s in col) + Counter(st.removed)
    assert everything == Counter({c: 6 for c in range(5)})


def test_s4_share_layout_depends_on_the_seed_and_only_on_it():
    a, b, c = (Game(SLUG, names(4), s).state for s in (1, 1, 2))
    assert a.share_cols == b.share_cols and a.city_cols == b.city_cols
    assert (a.share_cols, a.city_cols) != (c.share_cols, c.city_cols)


@pytest.mark.parametrize("seed", range(10))
def test_s4_thirty_six_cities_in_four_columns_of_nine(seed):
    st = Game(SLUG, names(3), seed).state
    assert [len(c) for c in st.city_cols] == [9, 9, 9, 9]
    assert sorted(i for col in st.city_cols for i in col) == list(range(36))


def test_s2_deck_has_36_cities_with_0_to_3_symbols_and_5_start_cities():
    deck = builtin_deck()
    assert len(deck.cities) == 36 and len(deck.start_cities) == 5
    assert all(0 <= c.coast_to_coast <= 3 for c in deck.cities)
    assert {c.coast_to_coast for c in deck.cities} == {0, 1, 2, 3}
    assert all(c.cost > 0 and c.income >= 0 for c in deck.cities)


def test_builtin_deck_is_marked_reconstructed_in_data_view_and_title():
    assert builtin_deck().reconstructed
    view = Game(SLUG, names(3), 0).public_view()
    assert view["deck"]["reconstructed"] is True
    assert "RECONSTRUCTED" in TITLE.notes


@pytest.mark.parametrize("n,money", [(3, 2000), (4, 1700), (5, 1400)])
def test_s4_starting_money_by_player_count(n, money):
    """Sec. 4: 3 players $2000, 4 players $1700, 5 players $1400."""
    assert Game(SLUG, names(n), 0).state.cash == [money] * n


@pytest.mark.parametrize("n", [2, 6])
def test_s1_three_to_five_players(n):
    from railyard.engine import BadPlayers
    with pytest.raises(BadPlayers):
        Game(SLUG, names(n), 0)


def test_s4_first_player_starts_and_nothing_is_founded():
    st = Game(SLUG, names(4), 0).state
    assert st.current_player == 0 and st.phase == "shares" and st.round == 1
    assert st.director == [None] * 5 and st.comp_cash == [0] * 5
