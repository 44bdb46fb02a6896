"""Issue 24 point 5: in the stock round (1830 11.0-13.0, 1870 6.0) a player who bought or
sold and then ends the turn has not passed (a pass is a turn without buying or selling, and
only passes end the round); the log says "ends the turn" then, "passes" otherwise."""
from __future__ import annotations

import re

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_a_pass_after_a_purchase_or_sale_is_logged_as_the_end_of_the_turn(title):
    g, bot = Game(title, ["Ann", "Bob", "Cy", "Di"], 3), RandomBot(5)
    while len(g.log) < 160 and not g.is_terminal:
        g.apply(bot.choose(g.state))
    story = [e for e in g.story() if not e["auto"]]
    said = {e["i"]: e["text"] for e in story}
    ends = passes = 0
    for i, action in enumerate(g.log):
        if action.get("type") != "pass":
            continue
        before = g.state_at(i).s
        if before.get("round") != "stock":
            continue
        name = g.players[action["player"]]
        turn = before["stock"]
        if turn.get("acted") or turn.get("bought"):        # bought or sold this turn
            assert said[i] == f"{name} ends the turn", said[i]
            ends += 1
        else:
            assert said[i] == f"{name} passes", said[i]
            passes += 1
        previous = said.get(i - 1, "")
        if re.match(rf"{re.escape(name)} (buys a 10% share|sells \d+% of|starts )", previous):
            assert said[i] == f"{name} ends the turn", (previous, said[i])
    assert ends >= 5 and passes >= 5, (ends, passes)


def test_a_pass_in_an_operating_turn_says_what_is_left_undone():
    """1830 operating turn (16.0-22.0): declining a step is logged as what is not done
    ("lays no track", "places no station", "buys no more trains"), not as "passes"."""
    g, bot = Game("1830", ["Ann", "Bob", "Cy", "Di"], 1), RandomBot(2)
    while len(g.log) < 500:
        g.apply(bot.choose(g.state))
    said = {e["i"]: e["text"] for e in g.story() if not e["auto"]}
    seen = set()
    for i, action in enumerate(g.log):
        before = g.state_at(i).s
        if action.get("type") != "pass" or before.get("round") != "operating":
            continue
        step = before["op"].get("step")
        want = {"track": "lays no track", "token": "places no station",
                "buy_train": "buys no more trains"}.get(step)
        if want and not before["op"].get("discard"):
            assert said[i].endswith(f") {want}"), (step, said[i])
            seen.add(step)
        assert not said[i].endswith(" passes"), said[i]
    assert {"track", "token", "buy_train"} <= seen, seen
