"""Issue 26 point 3: a field of the wrong kind is refused by the title with a typed error
before any rule runs, in every title: for every action type met in a random game, every
field of the action is replaced by values of other kinds (a word, a number, a negative or
absurd number, nothing, a truth value, a list, an object, a fraction) and the action must
be refused with an ``IllegalAction`` (never a Python error caught by ``Game.apply``'s
guard: tests/conftest.py fails the test if the guard's warning is logged), the state
untouched."""
from __future__ import annotations

import random

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.engine.errors import IllegalAction
from railyard.engine.registry import available

SEATS = {"chicago-express": 4, "north-american-railways": 4, "american-rails": 4,
         "1830": 4, "1870": 4}
BAD = ["x", 7, -1, 10 ** 12, None, True, [], {}, ["PRR"], {"a": 1}, 1.5, ""]
#: actions played per title (1830/1870 reach their operating rounds)
STEPS = {"1830": 400, "1870": 400}


@pytest.mark.parametrize("title", [t for t in SEATS if t in available()])
def test_every_field_of_the_wrong_kind_is_refused_before_any_rule_runs(title):
    rng = random.Random(11)
    g = Game(title, [f"P{i}" for i in range(SEATS[title])], 5)
    bot = RandomBot(5)
    types: dict[str, set[str]] = {}
    while not g.is_terminal and len(g.log) < STEPS.get(title, 160):
        act = bot.choose(g.state)
        fields = [k for k in act if k != "type"]
        if len(types.setdefault(act["type"], set()) & set(fields)) < len(fields) \
                or rng.random() < 0.05:
            before, n = g.state.fingerprint(), len(g.log)
            for k in fields:
                types[act["type"]].add(k)
                for bad in [["PRR"], {"a": 1}] + rng.sample(BAD, 3):
                    if bad == act[k] and type(bad) is type(act[k]):
                        continue
                    wrong = dict(act, **{k: bad})
                    try:
                        g.apply(wrong)
                    except IllegalAction:
                        assert g.state.fingerprint() == before and len(g.log) == n
                        continue
                    g.undo(1)                # another legal choice: fine, taken back
                    assert len(g.log) == n
        g.apply(act)
    assert sum(len(v) for v in types.values()) >= 5, types
