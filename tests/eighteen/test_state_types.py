"""The types of the 18xx state (issue 27: eighteen/types.py, games/g1830/types.py,
games/g1870/types.py) describe the states real games reach: every key, required or not,
and the kind of every value, with no key the types do not name.  Checked on seeded random
games and on an 18xx.games export per title, every few actions."""
from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.bots.selfplay import seat_names, start
from railyard.eighteen.import18xx import import_export, load_export
from railyard.engine.game import Game
from railyard.engine.registry import get_title
from railyard.games.g1830 import types as t1830
from railyard.games.g1870 import types as t1870
from tests.fixture_files import fixture

STATE = {"1830": t1830.State, "1870": t1870.State}
EVERY = 13


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def conform(value: Any, tp: Any, path: str = "s") -> None:
    """Raise AssertionError naming the first place where ``value`` is not of type ``tp``."""
    if tp is Any:
        return
    if _is_typeddict(tp):
        assert isinstance(value, dict), f"{path}: {value!r} is not a dict"
        hints = get_type_hints(tp)
        missing = tp.__required_keys__ - set(value)
        assert not missing, f"{path}: keys {sorted(missing)} missing"
        extra = set(value) - set(hints)
        assert not extra, f"{path}: keys {sorted(extra)} not in {tp.__name__}"
        for k, v in value.items():
            conform(v, hints[k], f"{path}[{k!r}]")
        return
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arm in get_args(tp):
            try:
                conform(value, arm, path)
                return
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(" / ".join(errors))
    if tp is type(None):
        assert value is None, f"{path}: {value!r} is not None"
        return
    if origin is list:
        assert isinstance(value, list), f"{path}: {value!r} is not a list"
        (item,) = get_args(tp)
        for i, v in enumerate(value):
            conform(v, item, f"{path}[{i}]")
        return
    if origin is dict:
        assert isinstance(value, dict), f"{path}: {value!r} is not a dict"
        kt, vt = get_args(tp)
        for k, v in value.items():
            conform(k, kt, f"{path} key")
            conform(v, vt, f"{path}[{k!r}]")
        return
    if tp is int:
        assert isinstance(value, int) and not isinstance(value, bool), \
            f"{path}: {value!r} is not an int"
        return
    assert isinstance(value, tp), f"{path}: {value!r} is not a {tp.__name__}"


def test_the_checker_finds_a_missing_an_extra_and_a_wrong_value():
    good = {"owner": None, "closed": False}
    company = get_type_hints(t1830.State)["companies"].__args__[1]
    conform(good, company)
    for bad in ({"owner": None}, {**good, "x": 1}, {**good, "closed": 0},
                {**good, "owner": 3}):
        with pytest.raises(AssertionError):
            conform(bad, company)


@pytest.mark.parametrize("title,players,seed,options", [
    ("1830", 4, 11, {}), ("1830", 6, 12, {"diesels": False}),
    ("1870", 3, 21, {}), ("1870", 5, 22, {"original_rules": True, "diesels": True})])
def test_random_game_states_have_the_declared_shape(title, players, seed, options):
    state = start(get_title(title), seat_names(players), seed, options)
    bot = RandomBot(seed)
    n = 0
    while state.current_player is not None:
        if n % EVERY == 0:
            conform(state.s, STATE[title], f"{title} after {n} actions: s")
        state.apply(bot.choose(state))
        n += 1
    conform(state.s, STATE[title], f"{title} at the end: s")


@pytest.mark.parametrize("title,name", [("1830", "26855.json"), ("1870", "34110.json")])
def test_imported_game_states_have_the_declared_shape(title, name):
    seen = []
    original = Game.apply

    def apply(game: Game, action: Any) -> Any:
        out = original(game, action)
        if len(game.log) % EVERY == 0:
            seen.append(len(game.log))
            conform(game.state.s, STATE[title], f"{name} after {len(game.log)} actions: s")
        return out

    Game.apply = apply
    try:
        game, _ = import_export(load_export(fixture(title, name).read_bytes()))
    finally:
        Game.apply = original
    assert seen and game.is_terminal
    conform(game.state.s, STATE[title], f"{name} at the end: s")
