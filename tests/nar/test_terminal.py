"""The terminal summary shows the columns, companies and players, and keeps money secret."""
from rich.console import Console

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.games.nar.terminal import render


def text_of(state):
    con = Console(width=160, record=True, file=open("/dev/null", "w"))
    con.print(render(state))
    return con.export_text()


def test_render_shows_columns_companies_players_and_hides_others_money():
    game = Game("north-american-railways", ["Ann", "Bob", "Cy"], 4)
    game.apply({"type": "found", "player": 0, "column": 0, "hundreds": 3})
    out = text_of(game.state)
    assert "RECONSTRUCTED" in out and "column 4" in out and "Companies" in out
    assert "Ann" in out and "secret" in out and "$2000 (yours)" in out  # Bob acts
    assert "$1700" not in out  # Ann's money stays secret


def test_render_of_a_finished_game_shows_all_money():
    game = Game("north-american-railways", ["Ann", "Bob", "Cy"], 4)
    bot = RandomBot(0)
    while not game.is_terminal:
        game.apply(bot.choose(game.state))
    out = text_of(game.state)
    assert "secret" not in out and "Coast-to-coast payout" in out
    for score in game.result().scores:
        assert f"${score}" in out


# ---- issue 13 point 5: choices name their column; columns are numbered from 1 -------------

def _labels(state):
    from railyard.cli.render import choices_table
    con = Console(width=200, record=True, file=open("/dev/null", "w"))
    con.print(choices_table(state.legal_actions()))
    return con.export_text().splitlines()


def test_s5_phase1_two_own_shares_of_one_company_are_told_apart_by_their_column():
    """Case 2 twice: Red at the bottom of share columns 1 and 3, both the player's own
    company.  The terminal lines name the column (from 1) and what the pick does."""
    from .helpers import BLUE, GREEN, RED, give, table
    st = table(shares=[[RED], [BLUE], [RED], [GREEN]])
    give(st, 0, RED)
    give(st, 0, BLUE)
    give(st, 1, GREEN)
    lines = _labels(st)
    assert len(lines) == len(set(lines)) == 4
    assert lines[0].startswith("1. share column 1: buy a Red share (your own company) for $1000")
    assert lines[2].startswith("3. share column 3: buy a Red share (your own company) for $1000")
    assert "$500 to Red, $500 to the bank" in lines[0]
    assert lines[3].startswith("4. share column 4: propose a price (in $100) for the Green share")
    assert "P1" in lines[3]   # the director who answers
    # the director's answer names the share and its column too
    st.apply({"type": "propose", "player": 0, "column": 3, "hundreds": 5})
    answer = _labels(st)
    assert answer[0].startswith("1. let P0 buy the Green share of share column 4 for $500")
    assert answer[1].startswith("2. buy the Green share of share column 4 yourself for $500")


def test_s5_phase2_city_choices_name_the_city_column_from_1():
    from .helpers import RED, give, table
    st = table(cities=[[0], [1], [2], [3]], special={2: (300, 200, 2)})
    give(st, 0, RED)
    st.comp_cash[RED] = 1000
    st.phase, st.seat = "cities", 0
    lines = _labels(st)
    assert lines[2] == ("3. city column 3: Red buys City 2 for $300 from its treasury "
                        "(income +$200, 2 coast-to-coast symbols)")
    assert lines[-1] == "5. pass (out of the city phase)"


def test_every_choice_label_names_its_column_from_1_in_whole_games():
    """In random games every choice that has a column names it counted from 1, and no two
    choices of one decision read the same."""
    for seed in range(6):
        game = Game("north-american-railways", ["Ann", "Bob", "Cy", "Di"][:3 + seed % 2], seed)
        bot = RandomBot(seed)
        while not game.is_terminal:
            choices = game.legal_actions()
            labels = [c.label for c in choices]
            assert len(set(labels)) == len(labels), labels
            for c in choices:
                if "column" in c.fixed:
                    assert f"column {c.fixed['column'] + 1}:" in c.label, c.label
            for line in game.readable_log()[-1:]:
                assert "column 0" not in line
            game.apply(bot.choose(game.state))


def test_engine_refusals_number_columns_from_1():
    """The action field ``column`` counts from 0; every sentence counts from 1 and says so."""
    import pytest

    from railyard.engine import IllegalAction

    from .helpers import RED, give, table
    st = table(shares=[[RED], [], [RED], [RED]])
    for column, words in [(4, "There is no share column 5: the share columns are 1 to 4"),
                          (-1, "There is no share column 0: the share columns are 1 to 4"),
                          (1, "Share column 2 is empty.")]:
        with pytest.raises(IllegalAction) as e:
            st.apply({"type": "found", "player": 0, "column": column, "hundreds": 1})
        assert e.value.message.startswith(words), e.value.message
        assert e.value.details["field"] == "column"
    give(st, 0, RED)
    st.phase, st.seat, st.city_cols = "cities", 0, [[0], [1], [], [3]]
    st.comp_cash[RED] = 1000
    with pytest.raises(IllegalAction) as e:
        st.apply({"type": "buy_city", "player": 0, "company": "red", "column": 4})
    assert "no city column 5: the city columns are 1 to 4" in e.value.message
    assert "(the field 'column' counts from 0, so 0 to 3)" in e.value.message
    with pytest.raises(IllegalAction) as e:
        st.apply({"type": "buy_city", "player": 0, "company": "red", "column": 2})
    assert e.value.message == "City column 3 is empty."


def test_terminal_pending_proposal_names_company_and_column():
    from .helpers import BLUE, RED, give, table
    st = table(3, shares=[[BLUE], [RED], [BLUE], []])
    give(st, 0, RED)
    st.turn = 1   # P1's turn: he proposes a price for P0's Red share in share column 2
    st.apply({"type": "propose", "player": 1, "column": 1, "hundreds": 2})
    out = text_of(st)
    assert "P1 proposes $200 for the Red share of share column 2; P0 lets it happen" in out
