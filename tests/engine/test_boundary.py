"""The engine's boundary (issue 15, "Why" 2): for every title, an action with a field of the
wrong kind (a list or object as the seat, a list as a corporation, fractions, deep nesting)
is refused with a typed ``malformed`` error and leaves the game exactly as it was; a crafted
save holding such an action, or nested too deep, is refused with a clear message (also by
``railyard show``, without a traceback)."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from railyard.bots.random_bot import RandomBot
from railyard.engine.errors import MALFORMED, IllegalAction, SaveError
from railyard.engine.game import MAX_SAVE_DEPTH, Game, _chain
from railyard.engine.registry import available

SEATS = {"chicago-express": 3, "1830": 4, "1870": 4, "north-american-railways": 3,
         "six-companies": 3, "american-rails": 3}
TITLES = [t for t in available() if t in SEATS]


def _game(title: str, steps: int = 0, seed: int = 3) -> Game:
    g = Game(title, [f"P{i}" for i in range(SEATS[title])], seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if g.is_terminal:
            break
        g.apply(bot.choose(g.state))
    return g


def _refused(g: Game, action) -> IllegalAction:
    before, n = g.state.fingerprint(), len(g.log)
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.code == MALFORMED, err.value.message
    assert g.state.fingerprint() == before and len(g.log) == n
    return err.value


@pytest.mark.parametrize("title", TITLES)
def test_player_of_the_wrong_kind_is_refused_in_every_title(title):
    g = _game(title, 5)
    legal = g.legal_actions()[0].sample(random.Random(1))
    for player in ([0], {"seat": 0}, "0", 0.0, True, None):
        err = _refused(g, dict(legal, player=player))
        assert "player" in err.message
    g.apply(legal)                    # the game goes on


@pytest.mark.parametrize("title", TITLES)
def test_fields_of_the_wrong_shape_are_refused_in_every_title(title):
    g = _game(title, 5)
    legal = g.legal_actions()[0].sample(random.Random(1))
    deep: object = "x"
    for _ in range(50):
        deep = [deep]
    for value, words in ((1.5, "fraction"), (float("nan"), "fraction"), (deep, "nested"),
                         ("x" * 5000, "too long"), (list(range(5000)), "too many"),
                         ({1: 2}, "keys"), (object(), "must be")):
        err = _refused(g, dict(legal, extra=value))
        assert "'extra'" in err.message and words in err.message
    _refused(g, {**legal, **{f"f{i}": 0 for i in range(40)}})


@pytest.mark.parametrize("title", TITLES)
def test_every_field_replaced_by_a_list_or_object_changes_nothing(title):
    """Whatever a title does with a list or an object where it expects a text or a
    number, the game is unchanged and the answer is a typed error."""
    rng = random.Random(7)
    g = _game(title, 40)
    for choice in g.legal_actions()[:30]:
        act = choice.sample(rng)
        for key in [k for k in act if k not in ("type", "player")]:
            for value in ([act[key]], {"id": act[key]}, [], {}):
                before, n = g.state.fingerprint(), len(g.log)
                try:
                    g.apply(dict(act, **{key: value}))
                except IllegalAction:
                    assert g.state.fingerprint() == before and len(g.log) == n
                else:          # a title may read a one-element list like its item: then undo
                    g.undo()


def _1870_operating() -> tuple[Game, dict]:
    """A 1870 game played by random bots until a company operates; its first choice that
    names the corporation."""
    for seed in range(20):
        g = Game("1870", ["A", "B", "C", "D"], seed)
        bot = RandomBot(seed)
        for _ in range(3000):
            if g.is_terminal:
                break
            if g.state.s["round"] == "operating":
                for c in g.legal_actions():
                    if "corporation" in c.fixed and c.type != "run_routes":
                        return g, c.base()
            g.apply(bot.choose(g.state))
    raise AssertionError("no operating round reached")


def test_1870_corporation_as_a_list_in_an_operating_round_is_refused():
    pytest.importorskip("railyard.games.g1870")
    g, legal = _1870_operating()
    err = _refused(g, dict(legal, corporation=[legal["corporation"]]))
    assert "corporation" in err.message
    g.apply(legal)


def _crafted_save(g: Game, bad: dict) -> dict:
    save = g.to_save()
    prev = save["head"]
    digest = _chain(prev, bad)
    save["actions"].append({"action": bad, "digest": digest})
    save["action_count"] += 1
    save["head"] = digest
    return save


def test_crafted_save_with_a_list_as_corporation_is_refused_clearly(tmp_path):
    pytest.importorskip("railyard.games.g1870")
    from railyard.cli.main import main
    g, legal = _1870_operating()
    save = _crafted_save(g, dict(legal, corporation=[legal["corporation"]]))
    with pytest.raises(SaveError) as err:
        Game.from_save(save)
    assert err.value.code == "illegal_action" and err.value.action_index == len(g.log)
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(save))
    res = CliRunner().invoke(main, ["show", str(path)])
    assert res.exit_code == 1, res.output
    assert f"Action {len(g.log) + 1} of the save is illegal" in res.output
    assert "Traceback" not in res.output and res.exception is None or \
        isinstance(res.exception, SystemExit)


def test_deeply_nested_save_is_refused_by_engine_and_terminal(tmp_path):
    from railyard.cli.main import main
    g = _game(TITLES[0], 3)
    save = g.to_save()
    for depth in (MAX_SAVE_DEPTH + 5, 100_000):
        text = json.dumps(save)[:-1] + ', "junk": ' + "[" * depth + "]" * depth + "}"
        with pytest.raises(SaveError) as err:
            Game.loads(text)
        assert err.value.code == "corrupt" and "nested" in err.value.message
        path = tmp_path / f"deep{depth}.json"
        path.write_text(text)
        res = CliRunner().invoke(main, ["show", str(path)])
        assert res.exit_code == 1 and "nested" in res.output, res.output
        assert isinstance(res.exception, SystemExit)
    deep: object = 1
    for _ in range(MAX_SAVE_DEPTH + 1):
        deep = [deep]
    with pytest.raises(SaveError):
        Game.from_save(dict(save, options={"x": deep}))


@pytest.mark.title_failure
def test_the_safety_net_rebuilds_the_state_when_a_title_fails():
    """A title that fails half-way through an action leaves the record as it was: the state
    is rebuilt from the log.  On an action that is not one of the legal choices (here: a
    field no choice has, holding a list) the failure is answered as ``malformed``; on a
    legal action it is a bug of the title and raised as it is."""
    from dataclasses import replace

    from railyard.engine.registry import register, unregister
    from tests.web.toy import TITLE, Stones

    class Faulty(Stones):
        def _apply(self, action):
            self.pile -= 1                       # mutate, then fail
            if "extra" in action:
                return {}[action["extra"]]       # TypeError: unhashable list
            if action.get("amount") == 2:
                raise KeyError("boom")
            self.pile += 1
            return super()._apply(action)

        def clone(self):
            other = Faulty.__new__(Faulty)
            other.__dict__.update(self.__dict__)
            other.taken = list(self.taken)
            return other

    register(replace(TITLE, slug="toy-faulty", factory=Faulty))
    try:
        g = Game("toy-faulty", ["A", "B"], 0, {"pile": 12})
        g.apply({"type": "take", "player": 0, "amount": 1})
        before = g.state.fingerprint()
        with pytest.raises(IllegalAction) as err:
            g.apply({"type": "take", "player": 1, "amount": 1, "extra": [1]})
        assert err.value.code == MALFORMED and "'extra' is a list" in err.value.message
        assert g.state.fingerprint() == before and g.state.pile == 11 and len(g.log) == 1
        with pytest.raises(KeyError):            # legal: the title's bug is not hidden
            g.apply({"type": "take", "player": 1, "amount": 2})
        assert g.state.fingerprint() == before and g.state.pile == 11 and len(g.log) == 1
        g.apply({"type": "take", "player": 1, "amount": 3})
        assert g.state.pile == 8
    finally:
        unregister("toy-faulty")
