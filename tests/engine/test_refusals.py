"""Issue 26 point 4: a refused action leaves the state untouched without a snapshot.

The 18xx states (:class:`railyard.eighteen.state.DictState`) take no copy of the state
before an action: the rules must check an action completely before they change anything.
These tests try many refused actions at many positions of random games of 1830 and 1870,
on the state itself (not through ``Game``, whose ``apply`` would rebuild the state from its
checkpoint after a refusal from inside the rules), and require the state to be exactly as
before each refusal: actions near the legal ones (another hex, tile, rotation, company,
train, price or count than the choices offer, a field of another choice, a route with a
stop less or a train twice), so that the checks deep inside a rule are reached.

And through ``Game``: a refusal raised by the rules after they changed the state (a toy
title that changes its state and then refuses) leaves the game as before, also where the
game records no events; undo and the story are as before."""
from __future__ import annotations

import marshal
import random
from typing import Any

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.engine.errors import IllegalAction
from railyard.engine.registry import available

TITLES = [t for t in ("1830", "1870") if t in available()]
#: (seed, actions per game, a position tried every ``EVERY`` actions)
GAMES = [(1, 2500), (2, 2500), (3, 2500)]
EVERY = 9
#: candidates tried per position
PER_POSITION = 40


def _values(choices: list[Any]) -> dict[str, list[Any]]:
    """Every value each field has in the position's choices."""
    out: dict[str, list[Any]] = {}
    for c in choices:
        for k, v in c.fixed.items():
            if v not in out.setdefault(k, []):
                out[k].append(v)
        for k, (lo, hi) in c.ranges.items():
            for v in (lo, hi):
                if v not in out.setdefault(k, []):
                    out[k].append(v)
    return out


def _route_variants(act: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """``run_routes`` actions near ``act``: a stop or a chain less, a train twice, another
    train's id, a hex of another route."""
    routes = act.get("routes")
    if not isinstance(routes, list) or not routes:
        return []
    out = []
    for _ in range(4):
        rs = marshal.loads(marshal.dumps(routes))
        r = rng.choice(rs)
        how = rng.randrange(5)
        if how == 0 and len(rs) > 0:
            rs.append(marshal.loads(marshal.dumps(r)))          # the same train twice
        elif how == 1 and isinstance(r, dict):
            r["train"] = rng.choice(["2-0", "3-1", "4-2", "5-0", "6-1", "D-0", "8-0"])
        else:
            # a stop or a chain less, or two swapped, wherever the route lists them
            for key in ("chains", "hexes", "stops", "paths"):
                seq = r.get(key) if isinstance(r, dict) else None
                if isinstance(seq, list) and seq:
                    if how == 2:
                        del seq[rng.randrange(len(seq))]
                    elif how == 3 and len(seq) > 1:
                        i = rng.randrange(len(seq) - 1)
                        seq[i], seq[i + 1] = seq[i + 1], seq[i]
                    else:
                        seq.append(seq[0])
                    break
        out.append(dict(act, routes=rs))
    out.append(dict(act, routes=[]))
    return out


def _candidates(state: Any, choices: list[Any], rng: random.Random) -> list[dict[str, Any]]:
    values = _values(choices)
    out: list[dict[str, Any]] = []
    for c in choices:
        base = c.sample(rng)
        for k, (lo, hi) in c.ranges.items():
            out += [dict(base, **{k: lo - 1}), dict(base, **{k: hi + 1}),
                    dict(base, **{k: hi * 2 + 7})]
        for k in c.fixed:
            others = [v for v in values.get(k, []) if v != base[k]]
            for v in rng.sample(others, min(3, len(others))):
                out.append(dict(base, **{k: v}))
            if k not in ("type", "player"):
                out.append({x: y for x, y in base.items() if x != k})
        # the fields of another choice
        o = rng.choice(choices)
        out.append({**base, **o.fixed, "type": base["type"]})
        if c.type == "connection_run":           # the president names routes (9.6.4)
            owned = state.s["corps"][base["corporation"]]["trains"]
            out += [dict(base, routes=[{"train": t, "chains": []}]) for t in owned[:2]]
            out.append(dict(base, routes=[{"train": "no-such-train", "chains": []}]))
        if c.type == "run_routes":
            try:
                full = RandomBot.optimal_run(state, base)
            except Exception:  # noqa: BLE001 - no optimiser here: the base only
                full = base
            out += _route_variants(full, rng)
    rng.shuffle(out)
    return out[:PER_POSITION]


def _snapshot(state: Any) -> tuple[bytes, list[str]]:
    """All of the state's changing part (marshal version 2: the same bytes for equal values,
    whatever objects they share) and its attributes."""
    return marshal.dumps(state.s, 2), sorted(k for k in state.__dict__
                                             if k != "refused_inside")


def _probe(state: Any, rng: random.Random, seen: dict[str, int],
           errors: list[str]) -> list[str]:
    """Try the candidates at ``state`` (each on a copy); the refusals that changed it."""
    bad = []
    choices = state.legal_actions()
    for act in _candidates(state, choices, rng):
        w = state.clone()
        before = _snapshot(w)
        try:
            w.apply(act)
        except IllegalAction as exc:
            seen[act.get("type", "?")] = seen.get(act.get("type", "?"), 0) + 1
            if _snapshot(w) != before:
                bad.append(f"{act!r}: {exc.message}")
        except Exception as exc:  # noqa: BLE001 - a Python error: reported below
            errors.append(f"{act!r}: {type(exc).__name__}: {exc}")
    return bad


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("seed,steps", GAMES)
def test_a_refused_action_leaves_the_state_untouched(title, seed, steps):
    state = Game(title, ["A", "B", "C", "D"], seed, events=False).state
    bot, rng = RandomBot(seed), random.Random(seed * 7)
    seen: dict[str, int] = {}
    bad: list[str] = []
    errors: list[str] = []
    n = 0
    while not state.is_terminal and n < steps:
        if n % EVERY == 0:
            bad += _probe(state, rng, seen, errors)
        state.apply(bot.choose(state))
        n += 1
    assert not bad, f"{len(bad)} refusals changed the state, e.g.\n" + "\n".join(bad[:8])
    assert not errors, f"{len(errors)} Python errors, e.g.\n" + "\n".join(errors[:8])
    # the refusals reached the operating rounds' rules, not only the stock round's
    assert sum(seen.values()) > 500 and {"lay_tile", "buy_train"} <= set(seen), seen


def test_the_probe_finds_a_refusal_that_changed_the_state(monkeypatch):
    """The check above can fail: rules that change the state before they refuse (here
    every action first takes $1 from the bank) are caught."""
    state = Game("1830", ["A", "B", "C", "D"], 1, events=False).state
    cls = type(state)
    original = cls._dispatch

    def careless(self, action):
        self.s["bank"] -= 1
        return original(self, action)

    monkeypatch.setattr(cls, "_dispatch", careless)
    seen: dict[str, int] = {}
    errors: list[str] = []
    assert _probe(state, random.Random(1), seen, errors) and not errors


def _play(g: Game, n: int, seed: int) -> None:
    bot = RandomBot(seed)
    for _ in range(n):
        if g.is_terminal:
            break
        g.apply(bot.choose(g.state))


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("events", [True, False])
def test_game_rebuilds_the_state_after_a_refusal_from_inside_the_rules(title, events):
    """``Game.apply``'s part of the contract: a refusal raised by the rules after they
    changed the state (a title with a bug of that kind, made here by hand) leaves the game
    exactly as before: state, log, story, undo; play goes on as if it had not happened."""
    g = Game(title, ["A", "B", "C", "D"], 4, events=events)
    twin = Game(title, ["A", "B", "C", "D"], 4)
    _play(g, 150, 4)
    _play(twin, 150, 4)
    before, story = g.state.fingerprint(), g.story()
    state = g.state

    def careless(action):
        state.s["bank"] -= 1000
        state.s["cash"][0] += 1000
        state.fail("Refused after a change (a test).")

    state._dispatch = careless              # this object only; the rebuilt state has none
    act = RandomBot(5).choose(state)
    with pytest.raises(IllegalAction, match="a test"):
        g.apply(act)
    assert g.state is not state and g.state.fingerprint() == before
    assert len(g.log) == len(twin.log) and g.story() == story == twin.story()
    assert g.state.__dict__.get("events", ()) == twin.state.__dict__.get("events", ())
    g.apply(act)
    twin.apply(act)
    _play(g, 80, 6)
    _play(twin, 80, 6)
    assert g.state.fingerprint() == twin.state.fingerprint() and g.story() == twin.story()
    g.undo(100)
    twin.undo(100)
    assert g.state.fingerprint() == twin.state.fingerprint() and g.story() == twin.story()


@pytest.mark.parametrize("title", TITLES)
def test_events_are_the_same_when_recorded_later(title):
    """A game made with ``events=False`` records no events while it is played; its story,
    its states' events (``state_at``) and its end summary are those of a game that recorded
    them all along, also after an undo and further play."""
    lazy = Game(title, ["A", "B", "C"], 9, events=False)
    eager = Game(title, ["A", "B", "C"], 9)
    _play(lazy, 700, 9)
    _play(eager, 700, 9)
    assert not lazy.state.__dict__.get("events") and eager.state.events
    assert all(notes == () for _, _, notes in lazy._story)
    k = len(lazy.log) // 2
    assert lazy.state_at(k).events == eager.state_at(k).events       # asks for them
    assert lazy.story() == eager.story() and lazy.end_summary() == eager.end_summary()
    assert lazy.state.events == eager.state.events
    lazy.undo(130)
    eager.undo(130)
    _play(lazy, 200, 10)
    _play(eager, 200, 10)
    assert lazy.story() == eager.story() and lazy.state.events == eager.state.events
    assert lazy.state.fingerprint() == eager.state.fingerprint()


def test_bare_states_record_no_events():
    """States no ``Game`` holds (bots' playouts, environments) record nothing; a clone of
    a state that records keeps recording (the web's previews read the copy's events)."""
    bare = Game("1870", ["A", "B", "C"], 2, events=False).state
    bot = RandomBot(2)
    for _ in range(400):
        bare.apply(bot.choose(bare))
    assert not bare.__dict__.get("events")
    g = Game("1870", ["A", "B", "C"], 2)
    _play(g, 400, 2)
    assert g.state.events and g.state.clone().records_events


#: real games of 18xx.games (tests/fixtures/18xx-games): positions random play rarely
#: reaches (emergency purchases and sales, connection runs, bankruptcy)
EXPORTS = ["1830/26855.json", "1870/34110.json", "1870/1870_game_end_bankrupt.json"]


@pytest.mark.parametrize("rel", EXPORTS)
def test_refusals_at_the_positions_of_real_games_leave_the_state_untouched(rel):
    from pathlib import Path

    from railyard.eighteen.import18xx import import_export, load_export
    path = Path(__file__).resolve().parents[1] / "fixtures" / "18xx-games" / rel
    if not path.exists():
        pytest.skip(f"no {rel}")
    rng = random.Random(3)
    seen: dict[str, int] = {}
    bad: list[str] = []
    errors: list[str] = []
    count = [0]

    def before(game: Any, action: Any, ident: Any) -> None:
        count[0] += 1
        if count[0] % 4 == 0 and not game.state.is_terminal:
            bad.extend(_probe(game.state, rng, seen, errors))

    import_export(load_export(path.read_bytes()), before)
    assert not bad, f"{len(bad)} refusals changed the state, e.g.\n" + "\n".join(bad[:8])
    assert not errors, f"{len(errors)} Python errors, e.g.\n" + "\n".join(errors[:8])
    assert sum(seen.values()) > 1000, seen
