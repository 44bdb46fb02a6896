"""The story of an American Rails game: a sentence, with its amounts, for every automatic
event of the rulebook (seed 002): auctions won or unsold ("Wenn niemand für eine Aktie
bietet kommt diese aus dem Spiel"), all shares of a company removed when no city is free
("Versteigere eine Aktie"), the action phases, the year ending with the dividend phase
("Dividenden-Phase": income / shares in players' hands, rounded up, from the bank), the new
year, and the end of the game with its reason ("Spielende").  Amounts are worked out here
from the rules.
"""
from railyard.engine.game import Game
from railyard.games.american_rails.rules import RULES

from .helpers import MARY, MIKE, RICK, cidx, make, to_action_phase


def told(st, kind, **fields):
    """Apply an action for the seat to act as ``Game.apply`` does; the sentences of what
    happened by itself."""
    mark = st.begin_notes()
    st.apply({"type": kind, "player": st.current_player, **fields})
    return st.tell(st.take_notes(mark))


def test_setup_auction_won_and_unsold_share_removed():
    """Spielbeginn: the winner pays the company and places its first cube; a share nobody
    bids for leaves the game and the last to pass chooses the next share."""
    st = make(3, 0)
    assert told(st, "offer", company="majestic") == []
    assert told(st, "bid", amount=12) == []
    lines = told(st, "pass") + told(st, "pass")
    assert lines == ["Rick wins the Majestic share for $12, paid into Majestic's treasury; "
                     "Rick now places its first cube on a free city."]
    memphis = st.board.city_by_name["Memphis"]
    lines = told(st, "place", hex=st.board.ids[memphis])
    assert lines == [f"Income at Memphis: Majestic +${st.board.full[memphis]} "
                     f"(now ${st.board.full[memphis]})."]
    told(st, "offer", company="republic")
    lines = told(st, "pass") + told(st, "pass") + told(st, "pass")
    last = st.players[(RICK + 2) % 3]           # bidding from Rick round the table
    assert lines == [f"Nobody bids: the Republic share is removed from the game; {last}, "
                     "the last to pass, chooses the next share."]
    assert st.shares_out[cidx("republic")] == 1


def test_no_free_city_removes_all_remaining_shares_with_the_count():
    st = to_action_phase(make(3, 0))
    for h in st.board.cities:
        st.hexmask[h] |= 1 << cidx("majestic")
    told(st, "space", space="auction")
    left = st.shares_left[cidx("national")]
    lines = told(st, "offer", company="national")
    assert lines == [f"National has no cube on the board and no city is free for its first "
                     f"cube: this share and all {left} remaining National shares are removed "
                     f"from the game."]


def test_phases_year_end_dividends_and_new_year():
    """A round: three action phases, then every company pays income / shares held (rounded
    up) per share from the bank; the order of the next year follows the last column."""
    st = to_action_phase(make(3, 0))
    maj = cidx("majestic")
    st.held[MARY][maj] += 1
    st.held[RICK][maj] += 1
    st.shares_left[maj] -= 2
    st.income[maj] = 19                  # the rulebook's example: 19 / 3 -> 7 a share
    year = st.year
    cash = list(st.cash)
    lines = []
    while st.year == year:              # everybody takes a space and does nothing with it
        free = [c.fixed["space"] for c in st.legal_actions()]
        space = next(s for s in ("pass", "urbanise", "finance", "take2", "auction",
                                 "expand3", "expand4") if s in free)
        lines += told(st, "space", space=space)
        if st.step not in ("space", "over"):
            lines += told(st, "forgo" if st.step != "expand" else "stop")
    assert lines[0].startswith("Action phase 2 begins;")
    assert lines[1].startswith("Action phase 3 begins;")
    assert lines[2].startswith(f"The three action phases of {year} are over: dividend phase")
    assert ("Majestic pays its income of $19 over 3 shares: $7 a share, rounded up. "
            "Rick $14 for 2 shares; Mary $7.") in lines
    paid = {}
    for c in st.in_play:
        held = [st.held[s][c] for s in range(3)]
        if sum(held) and st.income[c]:
            per = -(-st.income[c] // sum(held))
            for s, k in enumerate(held):
                paid[s] = paid.get(s, 0) + per * k
    assert [st.cash[s] - cash[s] for s in range(3)] == [paid.get(s, 0) for s in range(3)]
    order = ", ".join(st.players[s] for s in st.order)
    assert lines[-1] == f"The year {year + 1} begins; player order: {order}."


def test_three_players_tell_the_company_drawn_out_and_the_end_reason():
    """Setup C: with three players one company leaves the game by lot; Spielende: the game
    ends after the dividend phase of 1857 at the latest; the last line names the reason and
    the player with the most money."""
    from railyard.bots.random_bot import RandomBot
    game = Game("american-rails", ["Ann", "Bob", "Cy"], 4)
    story = game.story()
    gone = RULES.companies[game.state.removed_company].name
    assert story[0]["text"].endswith(f"drawn by lot: {gone}.") and story[0]["auto"]
    bots = [RandomBot(i) for i in range(3)]
    while not game.is_terminal:
        game.apply(bots[game.current_player].choose(game.state))
    st = game.state
    last = game.story()[-1]["text"]
    assert last.startswith(f"The game ends after the dividend phase of {st.year}: "
                           f"{st.end_reason}.")
    best = max(st.cash)
    assert f"${best}" in last and st.players[st.cash.index(best)] in last
    years = [e for e in game.story() if e["text"].startswith("The three action phases of")]
    assert len(years) == st.year - RULES.years[0] + 1
    for row in game.end_summary()["players"]:
        assert sum(a for _, a in row["parts"]) == row["score"] == st.cash[row["seat"]]
