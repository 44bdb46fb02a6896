"""The story of a North American Railways game: a sentence, with its amounts, for every
automatic event of the rulebook (seed 003): players passed because they cannot buy a city
(section 5, phase II), the end of phases I and II, the income of phase III with its split,
director changes, the last round and its end condition (section 6, cases 1-3), the final
payout, and the end of the game with the winner.  Amounts are worked out from the rules.
"""
from railyard.engine.game import Game

from .helpers import BLUE, GREEN, RED, YELLOW, give, table


def told(st, action):
    """Apply ``action`` as ``Game.apply`` does; the sentences of what happened by itself."""
    mark = st.begin_notes()
    st.apply(action)
    return st.tell(st.take_notes(mark))


def test_three_clicks_no_company_can_afford_a_city_end_condition_3():
    """Three players found a company for $100 each; every city costs $500, so nobody can buy
    one: all are passed automatically (phase II, "muss der Spieler passen"), no city is
    bought (section 6, case 3: the last round), the income is paid (each sole owner gets his
    start city's $100) and the game ends; all tie, and the start player, first in the last
    round, wins."""
    st = table(3, shares=[[YELLOW, RED], [GREEN, BLUE], [RED, GREEN], [BLUE, YELLOW]])
    start = st.cash[0]
    lines = []
    for p, column in ((0, 0), (1, 1), (2, 2)):
        lines += told(st, {"type": "found", "player": p, "column": column, "hundreds": 1})
    assert st.phase == "over"
    assert lines[0] == "The share phase (I) is over. The city phase (II) begins with P0."
    passes = [t for t in lines if "(passed automatically)" in t]
    assert [t.split(" (")[0].split()[-1] for t in passes] == ["P0", "P1", "P2"]
    assert all("the cheapest costs $500" in t and "has $100" in t for t in passes)
    assert any("no city was bought in the city phase (end condition 3 of the rulebook)" in t
               for t in lines)
    income = [t for t in lines if " earns $" in t]
    names = {RED: "Red", BLUE: "Blue", GREEN: "Green"}
    for seat, c in ((0, RED), (1, BLUE), (2, GREEN)):
        assert (f"{names[c]} earns $100 from its cities; P{seat}, its only shareholder, gets "
                f"all of it from the bank.") in income
    assert lines[-1] == ("Final payout: no company has a coast-to-coast symbol; nothing is "
                         "paid.")
    end = st.end_summary()
    assert end["reason"] == ("The game ends after round 1: no city was bought in the city "
                             "phase (end condition 3 of the rulebook). Players tie for the "
                             "most money: the one who came first in the last round wins.")
    assert [p["score"] for p in end["players"]] == [start - 100 + 100] * 3
    assert [p["winner"] for p in end["players"]] == [True, False, False]
    for row in end["players"]:
        assert sum(a for _, a in row["parts"]) == row["score"]


def test_income_split_example_800_two_to_one_and_the_new_round():
    """Phase III example: red earns $800; Angelika (director) holds two shares, Daniela one:
    $200 a share, Angelika $100 more as director, the last $100 stays with red.  Then the
    start player passes to the next seat and round 2 begins."""
    st = table(4, special={7: (500, 600, 0)}, start_income=200)
    give(st, 1, RED, 2)
    give(st, 2, RED, 1)
    st.comp_cities[RED] = [7]
    st.phase, st.bought = "cities", 1
    mark = st.begin_notes()
    st.end_city_phase()
    lines = st.tell(st.take_notes(mark))
    assert lines == [
        "All players have passed: the city phase (II) is over. Income (phase III):",
        "Red earns $800 from its cities, paid by the bank: $200 a share over 3 shares; of the "
        "$200 that cannot be shared the director P1 gets $100 and Red keeps $100. P1 $500; "
        "P2 $200.",
        "Round 2 begins; the new start player: P1."]


def test_last_round_director_gets_half_the_rest_and_final_payout():
    """Section 6: in the last round the director gets half the indivisible rest (rounded up
    to $100); then every company pays $100 per coast-to-coast symbol to every share."""
    st = table(4, special={7: (500, 600, 3)}, start_income=200)
    give(st, 1, RED, 2)
    give(st, 2, RED, 1)
    st.comp_cities[RED] = [7]
    st.phase, st.bought = "cities", 0          # no city bought: case 3
    mark = st.begin_notes()
    st.end_city_phase()
    lines = st.tell(st.take_notes(mark))
    assert lines[0].startswith("The game ends with this round: no city was bought")
    # $800 over 3 shares: $200 each, rest $200, half of it ($100) to the director, $100 kept
    assert ("of the $200 that cannot be shared the director P1 gets $100 (half, rounded up: "
            "last round) and Red keeps $100. P1 $500; P2 $200.") in lines[2]
    assert lines[-1] == ("Final payout, $100 per coast-to-coast symbol to every share, from "
                         "the bank: Red $300 a share. P1 $600; P2 $300.")


def test_director_change_when_the_proposer_draws_level():
    """Phase I, case 3a: the director allows the purchase; holding as many shares as the
    director makes the buyer the new director (the engine's ruling)."""
    st = table(3, shares=[[RED], [BLUE], [GREEN], [YELLOW]])
    give(st, 1, RED, 1)
    told(st, {"type": "propose", "player": 0, "column": 0, "hundreds": 3})
    lines = told(st, {"type": "allow", "player": 1})
    assert lines[0] == "P0 now holds as many Red shares as P1 (1) and becomes its director."
    assert st.director[RED] == 0


def test_game_story_through_the_engine_tells_the_end():
    """Through ``Game``: the story's last line gives the end condition and the winner."""
    game = Game("north-american-railways", ["Ann", "Bob", "Cy"], 3)
    from railyard.bots.random_bot import RandomBot
    bots = [RandomBot(i) for i in range(3)]
    while not game.is_terminal:
        game.apply(bots[game.current_player].choose(game.state))
    story = game.story()
    st = game.state
    winner = st.players[st.result().winners[0]]
    assert story[-1]["text"].startswith(f"The game ends after round {st.round}: ")
    assert f"{winner} wins with ${max(st.cash)}." in story[-1]["text"]
    rounds = [e for e in story if e["text"].startswith("Round ") and e["auto"]]
    assert len(rounds) == st.round - 1
