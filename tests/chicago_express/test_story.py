"""The story of a Chicago Express game: a sentence, with its amounts, for every automatic
event of the rulebook (seed 004): the dividend phase ("Dividenden-Phase", "Allgemeine
Dividende"), the Chicago dividend and the Wabash opening ("Chicago-Phase"), Detroit stepping
up ("Detroit entwickeln"), auctions ending ("Versteigerung einer Aktie") and the end of the
game with its reason ("Spielende").  Expected amounts are worked out here from the rules.
"""
from railyard.engine.game import Game

from .helpers import act, bid, cidx, finish_opening, give_share, hidx, new_state, place


def told(st, type_, **fields):
    """Apply an action as ``Game.apply`` does and return the sentences of what happened by
    itself."""
    mark = st.begin_notes()
    act(st, type_, **fields)
    return st.tell(st.take_notes(mark))


def at_chicago_gate():
    """Andy (PRR) can build into Chicago (A2) from B2; Bert holds a PRR share too."""
    st = new_state(4)
    finish_opening(st)
    place(st, "PRR", "B2")
    st.ccash[cidx(st, "PRR")] = 100
    give_share(st, "PRR", 1)
    return st


def test_opening_auction_sold_and_first_turn():
    """Spielvorbereitung: the winner pays his bid into the company; nobody bidding gives the
    starting bidder the share free; the PRR share's owner starts."""
    st = new_state(4)
    act(st, "pass")                                   # Andy starts the PRR auction
    lines = []
    for _ in range(3):
        lines += told(st, "pass")
    assert lines == ["Nobody bids: Andy, who started the auction, gets the PRR share for free."]
    assert told(st, "bid", company="B&O", amount=9) == []
    lines = []
    for _ in range(3):
        lines += told(st, "pass")
    assert lines == ["Andy wins the B&O share for $9; the $9 go into the B&O's treasury."]


def test_chicago_dividend_and_wabash_opening_with_amounts():
    """Chicago-Phase: the income rises first, then the extra dividend (income / shares sold,
    rounded up, from the bank); the first arrival opens the Wabash with income 1 on Fort
    Wayne, and the player who reached Chicago auctions its first share."""
    st = at_chicago_gate()
    prr = cidx(st, "PRR")
    chicago = hidx(st, "A2")
    income = st.income[prr] + st.board.income[chicago]     # Chicago's value is added first
    per = -(-income // 2)                                  # two shares sold, rounded up
    act(st, "choose", action="build")
    lines = told(st, "build", company="PRR", hex="A2")
    assert lines[0] == (f"The Chicago dividend: the PRR pays its income of ${income} over 2 "
                        f"shares: ${per} a share{', rounded up' if income % 2 else ''}, from "
                        f"the bank. Andy gets ${per}; Bert gets ${per}.")
    assert lines[1] == ("The WAB opens: its first locomotive stands on Fort Wayne at no cost, "
                        "its income is $1. Andy, who reached Chicago, auctions its first share.")
    sold = []
    for _ in range(4):
        sold += told(st, "pass")
    assert sold == ["Nobody bids for the first WAB share: it stays on the company's tableau; "
                    "the WAB is open all the same."]


def test_dividend_phase_every_company_pays_and_detroit_steps_up():
    """Dividenden-Phase: when a turn begins with two pointers on red every company pays
    income / shares sold (rounded up) per share from the bank, the pointers go back to green
    and Detroit develops by one, raising the income of companies there by 1."""
    st = at_chicago_gate()
    give_share(st, "NYC", 0, 2)                    # NYC: Dora 1, Andy 2 -> 3 shares
    place(st, "NYC", "E0")                         # a NYC locomotive in Detroit
    nyc, prr = cidx(st, "NYC"), cidx(st, "PRR")
    st.dials = [3, 0, 3]
    cash = st.cash[:]
    act(st, "choose", action="develop")
    lines = told(st, "forgo")
    assert lines[0].startswith("Two action pointers stand on red: before Bert's turn")
    by_company = {line.split()[1]: line for line in lines if line.startswith("The ")}
    pays = {c: -(-st.income[c] // sum(st.held[c])) for c in (prr, nyc)}
    pays[nyc] = -(-(st.income[nyc] - 1) // 3)      # Detroit's +1 came after the payment
    assert f"${pays[prr]} a share" in by_company["PRR"]
    assert f"Andy gets ${pays[prr]}; Bert gets ${pays[prr]}." in by_company["PRR"]
    assert f"over 3 shares: ${pays[nyc]} a share" in by_company["NYC"]
    assert f"Andy gets ${2 * pays[nyc]} for 2 shares; Dora gets ${pays[nyc]}" in by_company["NYC"]
    assert "The three action pointers go back to green." in lines
    assert lines[-1] == "Detroit develops by itself from 1 to 2; the income of NYC rises by $1."
    # every dollar a player received in the phase has its line
    got = [st.cash[p] - cash[p] for p in range(4)]
    paid_in_lines = [0] * 4
    for line in lines:
        for p, name in enumerate(st.players):
            for part in line.split("; "):
                part = part.split(". ")[-1]
                if part.startswith(f"{name} gets $"):
                    paid_in_lines[p] += int(part.split("$")[1].split()[0].rstrip(".;"))
    assert paid_in_lines == got


def test_end_of_game_reason_and_winner_in_the_last_line():
    """Spielende: a condition holding at a dividend phase ends the game after the dividend;
    the story's last line names the condition and the player with the most cash."""
    game = Game("chicago-express", ["Ann", "Bob", "Cy"], 1)
    st = game.state
    while st.phase == "opening_auction":
        game.apply({"type": "pass", "player": st.current_player})
    st.houses_left = 3                            # "3 oder weniger Häuschen"
    st.dials = [3, 0, 3]
    p = st.current_player
    game.apply({"type": "choose", "player": p, "action": "develop"})
    game.apply({"type": "forgo", "player": p})
    assert game.is_terminal
    last = game.story()[-1]
    best = max(st.cash)
    winners = [st.players[i] for i, c in enumerate(st.cash) if c == best]
    assert last["auto"] and last["seat"] is None
    assert last["text"].startswith("The game ends after the general dividend because three "
                                   "or fewer houses are left in the supply.")
    assert " and ".join(winners) in last["text"] and f"${best}" in last["text"]
    end = game.end_summary()
    for row in end["players"]:
        assert sum(a for _, a in row["parts"]) == row["score"] == st.cash[row["seat"]]


def test_a_whole_game_tells_every_dividend_phase():
    """Over a game played by bots, each general dividend has its line, and each company with
    shares sold its payment line."""
    from railyard.bots.random_bot import RandomBot
    game = Game("chicago-express", ["A", "B", "C", "D"], 5)
    bots = [RandomBot(i) for i in range(4)]
    while not game.is_terminal:
        game.apply(bots[game.current_player].choose(game.state))
    lines = [e["text"] for e in game.story()]
    phases = sum(1 for t in lines if t.startswith("Two action pointers stand on red"))
    assert phases == game.state.general_dividends
    assert lines[-1].startswith("The game ends after the general dividend because")
