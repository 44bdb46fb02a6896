"""Rulebook section 5, phase III (income) and section 6 (end of the game, last round,
final payout, tie-break)."""
import pytest

from railyard.games.nar.money import half_up, split_income

from .helpers import BLACK, BLUE, GREEN, RED, YELLOW, give, money, table

MARION, ANGELIKA, DANIELA, FOURTH = range(4)


def test_s5_phase3_example_red_400_single_owner_gets_all():
    """Example: red earns $400, Marion holds the only red shares and gets the full $400."""
    pay, kept = split_income(400, [2, 0, 0, 0], 0, last_round=False)
    assert pay == [400, 0, 0, 0] and kept == 0


@pytest.mark.parametrize("shares", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("last_round", [False, True])
def test_s5_phase3_sole_holder_of_all_sold_shares_gets_the_whole_income(shares, last_round):
    """Phase III: the income is split "gleichmäßig unter den Besitzern"; example: "Marion
    besitzt als einzige rote Aktien und bekommt die vollen $400" - however many shares she
    holds (with 5 or 6 shares $400 does not divide into $100 per share), also in the last
    round (section 6 changes only the rest between several owners).  Ruling I2."""
    pay, kept = split_income(400, [shares, 0, 0, 0], MARION, last_round=last_round)
    assert pay == [400, 0, 0, 0] and kept == 0


def test_s5_phase3_sole_holder_gets_an_income_that_leaves_a_rest_per_share():
    """$500 over 3 shares of one owner: nothing to divide between owners, all $500 to her
    (the per-share rule would give 3 x $100 + $100 and leave $100 in the treasury)."""
    pay, kept = split_income(500, [3, 0, 0], MARION, last_round=False)
    assert pay == [500, 0, 0] and kept == 0


def test_s5_phase3_example_marion_400_with_five_shares_through_the_income_phase():
    """The example played through phase III: red ($200 start city + a $200 city) earns $400;
    Marion holds all five sold red shares and receives $400, the treasury nothing."""
    st = table(special={7: (500, 200, 0)}, start_income=200)
    give(st, MARION, RED, 5)
    st.comp_cities[RED] = [7]
    cash = list(st.cash)
    st.phase = "cities"
    st.bought = 1
    st.end_city_phase()
    assert st.cash[MARION] - cash[MARION] == 400 and st.comp_cash[RED] == 0
    assert money(st) == 0
    assert st.last_income == [{"company": "red", "income": 400, "paid": [400, 0, 0, 0],
                               "to_company": 0}]


def test_s5_phase3_several_owners_still_share_per_share_in_whole_100():
    """Ruling I1 for several owners (Hinweis: one pile per share): $400 over 5 + 1 shares
    is less than $100 a share, so the director gets $100 and $300 stays in the treasury."""
    pay, kept = split_income(400, [5, 1, 0], MARION, last_round=False)
    assert pay == [100, 0, 0] and kept == 300


def test_s5_phase3_example_800_split_two_to_one_gives_500_200_100():
    """Example: red earns $800; Angelika (director) holds two, Daniela one: Angelika $500
    (2 x $200 + $100), Daniela $200, the company keeps $100."""
    pay, kept = split_income(800, [0, 2, 1, 0], ANGELIKA, last_round=False)
    assert pay == [0, 500, 200, 0] and kept == 100


def test_s5_phase3_example_800_through_the_income_phase():
    """The same example played through phase III: start city $200 + a $600 city."""
    st = table(special={7: (500, 600, 0)}, start_income=200)
    give(st, ANGELIKA, RED, 2)
    give(st, DANIELA, RED)
    st.comp_cities[RED] = [7]
    cash = list(st.cash)
    st.phase = "cities"
    st.bought = 1
    st.end_city_phase()
    assert [st.cash[i] - cash[i] for i in range(4)] == [0, 500, 200, 0]
    assert st.comp_cash[RED] == 100 and money(st) == 0
    assert st.last_income == [{"company": "red", "income": 800, "paid": [0, 500, 200, 0],
                               "to_company": 100}]


def test_s5_phase3_director_gets_only_100_of_a_larger_rest():
    pay, kept = split_income(1000, [1, 1, 1, 3], 3, last_round=False)  # $100 per share
    assert pay == [100, 100, 100, 400] and kept == 300


def test_s6_last_round_director_gets_half_the_rest_rounded_up():
    """Sec. 6: in the last round the director gets half of the indivisible rest (rounded
    up) instead of $100."""
    pay, kept = split_income(1000, [1, 1, 1, 3], 3, last_round=True)   # rest $400
    assert pay == [100, 100, 100, 500] and kept == 200
    pay, kept = split_income(1100, [2, 2, 0, 0], 0, last_round=True)   # rest $300
    assert pay == [600, 400, 0, 0] and kept == 100
    pay, kept = split_income(700, [3, 0, 0, 0], 0, last_round=True)    # rest $100
    assert pay == [700, 0, 0, 0] and kept == 0


def test_half_up_rounds_to_whole_hundreds():
    assert [half_up(x) for x in (100, 200, 300, 800, 900, 1000)] == [100, 100, 200, 400,
                                                                      500, 500]


def test_s5_phase3_income_is_the_sum_of_green_numbers_of_start_and_bought_cities():
    st = table(special={0: (500, 200, 1), 1: (300, 100, 2)}, start_income=300)
    give(st, ANGELIKA, RED, 2)
    give(st, DANIELA, RED)
    st.comp_cities[RED] = [0, 1]
    assert st.company_income(RED) == 600
    cash = list(st.cash)
    st.phase = "cities"
    st.bought = 1
    st.end_city_phase()
    # $600 over 3 shares: $200 each, no rest
    assert st.cash[ANGELIKA] == cash[ANGELIKA] + 400 and st.cash[DANIELA] == cash[DANIELA] + 200
    assert st.comp_cash[RED] == 0 and money(st) == 0


def test_s5_phase3_start_player_passes_clockwise_and_a_new_round_begins():
    st = table()
    st.phase = "cities"
    st.bought = 1
    st.end_city_phase()
    assert st.start_player == 1 and st.round == 2 and st.phase == "shares"
    assert st.current_player == 1


FOUR = [[RED, RED], [GREEN, GREEN], [YELLOW, YELLOW], [BLACK, BLACK]]


def _play_share_phase(st, hundreds=5):
    """Every player founds the company at the bottom of his column (column = turn)."""
    for column in range(st.n):
        p = st.current_player
        st.apply({"type": "found", "player": p, "column": column, "hundreds": hundreds})


def test_s6_case1_fewer_shares_than_players_after_phase1_ends_after_this_round():
    """Sec. 6 case 1; the round is still played to its end (phase II and III)."""
    st = table(shares=[[RED], [GREEN], [YELLOW], [BLUE, BLACK]])
    _play_share_phase(st)
    assert st.last_round and st.phase == "cities"
    for _ in range(4):
        p = st.current_player
        ch = next(c for c in st.legal_actions() if c.type == "buy_city")
        st.apply(ch.base())
    while st.phase == "cities":
        st.apply({"type": "pass", "player": st.current_player})
    assert st.phase == "over" and st.round == 1
    assert sum(len(c) for c in st.comp_cities) == 4
    assert st.result() is not None and money(st) == 0


def test_s6_case1_not_triggered_with_as_many_shares_as_players():
    st = table(shares=[[GREEN, RED], [GREEN, BLUE], [GREEN, YELLOW], [GREEN, BLACK]])
    _play_share_phase(st)
    assert not st.last_round


def test_s6_case2_five_or_fewer_cities_at_start_of_phase2():
    st = table(shares=FOUR, cities=[[0, 1], [2], [3], [4]])
    _play_share_phase(st)
    assert st.last_round
    assert "5 or fewer cities left at the start of the city phase" in st.end_reasons


def test_s6_case2_not_triggered_with_six_cities():
    st = table(shares=FOUR, cities=[[0, 1], [2, 5], [3], [4]])
    _play_share_phase(st)
    assert not st.last_round and st.phase == "cities"


def test_s6_case3_no_city_bought_in_phase2_ends_the_game_after_this_round():
    st = table(shares=FOUR)
    _play_share_phase(st, hundreds=1)   # $100 treasuries, plain cities cost $500
    assert st.phase == "over"
    assert st.end_reasons == ["no city was bought in the city phase"]


def test_s6_final_payout_example_green_nine_symbols_three_shares_2700():
    """Sec. 6 example: green's cities show nine coast-to-coast symbols; Angelika holds three
    green shares and receives another $2700 (3 x $900)."""
    st = table(special={0: (500, 0, 3), 1: (500, 0, 3), 2: (500, 0, 2), 3: (500, 0, 1)})
    give(st, ANGELIKA, GREEN, 3)
    st.comp_cities[GREEN] = [0, 1, 2, 3]
    st.comp_start[GREEN] = None  # no income, to see the payout alone
    cash = list(st.cash)
    st.phase = "cities"
    st.bought = 0
    st.end_city_phase()
    assert st.phase == "over"
    assert st.final_payout == [0, 2700, 0, 0]
    assert st.cash[ANGELIKA] == cash[ANGELIKA] + 2700 and money(st) == 0


def test_s6_final_payout_goes_to_every_share_whoever_holds_it():
    st = table(special={0: (500, 0, 2)})
    give(st, MARION, BLUE, 2)
    give(st, DANIELA, BLUE, 1)
    st.comp_cities[BLUE] = [0]
    st.comp_start[BLUE] = None
    st.phase = "cities"
    st.end_city_phase()
    assert st.final_payout == [400, 0, 200, 0]


@pytest.mark.parametrize("start,winner", [(0, 1), (2, 3), (3, 3), (1, 1)])
def test_s6_tie_goes_to_the_tied_player_first_in_turn_order_of_last_round(start, winner):
    """Sec. 6: 'Bei Gleichstand gewinnt der ..., der in der letzten Runde als erster an der
    Reihe war.'  Seats 1 and 3 tie."""
    st = table(cash=[100, 900, 500, 900])
    st.start_player = start
    st.phase = "cities"
    st.end_city_phase()  # no city bought: last round, then the end
    res = st.result()
    assert res.scores == (100, 900, 500, 900) and res.winners == (winner,)
    assert res.details["tie_broken_by_turn_order"] is True


def test_s6_most_money_wins():
    st = table(cash=[100, 900, 1500, 900])
    st.phase = "cities"
    st.end_city_phase()
    assert st.result().winners == (2,)
