"""Golden traces of 1830 and 1870: what every reference game and a set of seeded random
games did, action by action, kept as two rolling hashes so that a change of behaviour (or a
refactoring that was meant to change none, issue 27) is noticed and located.

For each game, after every action (and before the first) two records are made:

- **play**: the action as the log keeps it, the seat to act next, the ordered legal actions
  (type, seat, fixed fields, ranges, label; a lazily computed field such as 1870's route
  set by its ``repr``, so that listing stays cheap) and the events the action recorded
  (the log's story);
- **state**: the whole state dict ``s`` (the fingerprint of an 18xx state).

Each kind is folded into a rolling BLAKE2b hash; a checkpoint (12 hex digits) is kept every
:data:`EVERY` actions and after the last one, with the action count and the final scores.
A mismatch names the first checkpoint that differs, i.e. the stretch of :data:`EVERY`
actions where the game first went another way.  Values are serialised with ``marshal``
format 2, which writes no back-references or interning flags, so equal values give equal
bytes in every process (dict order counts, as it does for the rules' iteration order).

The games:

- every 18xx.games export of ``tests/fixtures/18xx-games`` and ``18xx-games-random`` (and
  further files in ``../shared/fixtures``), traced while the existing fixture replay tests
  import them (:func:`traced_import`: no second replay);
- :data:`RANDOM_GAMES`: random-bot games with fixed seeds and player counts, played as
  ``railyard simulate`` plays them (``RandomBot(seed)`` on every seat).

The traces live in ``tests/fixtures/golden/<title>.json``.  Regenerate them **only for an
intended change of behaviour** (and say so in the commit)::

    .venv/bin/python -m tests.golden_traces            # every title and game
    .venv/bin/python -m tests.golden_traces --title 1870
    .venv/bin/python -m tests.golden_traces --state-only

``--state-only`` is for a change of the state's representation that keeps behaviour (e.g.
one shape for shared data): it rewrites the state chains and refuses to write anything if
a single play chain differs.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import marshal
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from railyard.engine.game import Game

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "fixtures" / "golden"
FORMAT = "railyard-golden-trace"
VERSION = 1
#: actions between two checkpoints of a chain
EVERY = 50
#: digits of a checkpoint
DIGITS = 12
TITLES = ("1830", "1870")
#: seeded random games per title: (players, seed, options)
RANDOM_GAMES: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "1830": [(2, 101, {}), (3, 102, {}), (4, 103, {}), (5, 104, {}), (6, 105, {}),
             (4, 106, {"diesels": False, "extra_6_train": True}),
             (3, 107, {"agreed_prices_need_consent": False, "withhold_moves_at_once": True})],
    "1870": [(2, 201, {}), (3, 202, {}), (4, 203, {}), (5, 204, {}), (6, 205, {}),
             (7, 206, {}), (4, 207, {"original_rules": True, "diesels": True}),
             (3, 208, {"historical_start": True, "finish_on_400": True})],
}
#: the fixture folders traced, as ``fixture_files`` kinds
KINDS = ("18xx-games", "18xx-games-random")

_PLAIN = (dict, MappingProxyType)


def _bytes(value: Any) -> bytes:
    try:
        return marshal.dumps(value, 2)
    except ValueError:                       # something marshal cannot write: its repr
        return repr(value).encode()


def _fixed(fixed: Any) -> Any:
    if type(fixed) in _PLAIN:
        return dict(fixed)
    return repr(fixed)                       # a lazy field (1870's LazyRun): not computed


def play_record(state: Any, action: Any, events: Any, choices: Any = None) -> bytes:
    """The play record of ``state`` reached by ``action`` (``None`` for the start), which
    recorded ``events``; ``choices``: its legal actions if already listed."""
    if choices is None:
        choices = state.legal_actions()
    listed = [(c.type, c.player, _fixed(c.fixed), dict(c.ranges), c.label) for c in choices]
    return hashlib.blake2b(_bytes((action, state.current_player, listed, list(events))),
                           digest_size=16).digest()


def state_record(state: Any) -> bytes:
    s = getattr(state, "s", None)
    return hashlib.blake2b(_bytes(s if isinstance(s, dict) else state.fingerprint()),
                           digest_size=16).digest()


def _events(state: Any) -> list:
    return state.__dict__.get("events", ()) if hasattr(state, "__dict__") else ()


class Trace:
    """The records of one game, one pair per state from the start (index 0) on."""

    def __init__(self) -> None:
        self.play: list[bytes] = []
        self.state: list[bytes] = []

    def start(self, state: Any, choices: Any = None) -> None:
        self.play[:] = [play_record(state, None, (), choices)]
        self.state[:] = [state_record(state)]

    def after(self, n: int, state: Any, action: Any, events: Any,
              choices: Any = None) -> None:
        """Record the state after the ``n``-th action (records past it are dropped: an undo
        took them back)."""
        del self.play[n:], self.state[n:]
        if len(self.play) != n:
            raise AssertionError(f"trace has {len(self.play)} records before action {n}")
        self.play.append(play_record(state, action, events, choices))
        self.state.append(state_record(state))

    def summary(self, result: Any) -> dict[str, Any]:
        return {"actions": len(self.play) - 1, "play": _chain(self.play),
                "state": _chain(self.state), "result": result}


def _chain(records: list[bytes]) -> list[str]:
    h = hashlib.blake2b(digest_size=16)
    out = []
    last = len(records) - 1
    for k, rec in enumerate(records):
        h.update(rec)
        if (k and k % EVERY == 0) or k == last:
            out.append(h.hexdigest()[:DIGITS])
    return out


# ---- tracing a game while something else (an import) drives it ---------------------------
@contextlib.contextmanager
def tracing() -> Iterator[dict[int, tuple[Game, Trace]]]:
    """While active, every ``Game.apply`` is traced: yields ``{id(game): (game, trace)}``."""
    traces: dict[int, tuple[Game, Trace]] = {}
    original = Game.apply

    def apply(game: Game, action: Any) -> Any:
        entry = traces.get(id(game))
        if entry is None or entry[0] is not game:
            if game.log:
                raise AssertionError("a game already under way cannot be traced")
            game.keep_events()               # the trace reads the events
            entry = traces[id(game)] = (game, Trace())
            entry[1].start(game.state)
        state = game.state
        mark = len(_events(state))
        out = original(game, action)
        entry[1].after(len(game.log), game.state, out,
                       _events(game.state)[mark:] if game.state is state else ())
        return out

    Game.apply = apply                       # type: ignore[method-assign]
    try:
        yield traces
    finally:
        Game.apply = original                # type: ignore[method-assign]


def traced_import(data: dict) -> tuple[Game, dict, dict[str, Any]]:
    """``import_export(data)`` with the trace of the game it builds:
    ``(game, result, trace summary)``."""
    from railyard.eighteen.import18xx import import_export
    with tracing() as traces:
        game, result = import_export(data)
    entry = traces.get(id(game))
    if entry is None or entry[0] is not game:
        raise AssertionError("the import applied no action through Game.apply")
    trace = entry[1]
    if len(trace.play) != len(game.log) + 1:
        raise AssertionError(f"traced {len(trace.play) - 1} actions, the log has "
                             f"{len(game.log)}")
    return game, result, trace.summary([[k, v] for k, v in sorted(result.items())])


# ---- seeded random games -----------------------------------------------------------------
def random_key(players: int, seed: int, options: dict[str, Any]) -> str:
    return f"random:p{players}-seed{seed}" + "".join(
        f",{k}={json.dumps(v)}" for k, v in sorted(options.items()))


def fixture_key(path: Path) -> str:
    return f"{path.parent.parent.name}:{path.name}"


def random_trace(title: str, players: int, seed: int,
                 options: dict[str, Any]) -> tuple[Trace, list[int] | None]:
    """The trace and final scores of the random-bot game ``railyard simulate`` plays with
    this seed, player count and options (``RandomBot(seed)`` on every seat)."""
    from railyard.bots.random_bot import RandomBot
    from railyard.bots.selfplay import DEFAULT_MAX_ACTIONS, seat_names, start
    from railyard.engine.registry import get_title
    state = start(get_title(title), seat_names(players), seed, options)
    state.record_events(True)                # the trace reads the events
    bot = RandomBot(seed)
    trace = Trace()
    choices = state.legal_actions()
    trace.start(state, choices)
    n = 0
    while state.current_player is not None:
        if n >= DEFAULT_MAX_ACTIONS:
            raise AssertionError(f"{title} {random_key(players, seed, options)} did not end")
        mark = len(_events(state))
        # what RandomBot.choose does, on the list the record already made
        out = state.apply(bot.choose_from(choices, state.title))
        n += 1
        choices = state.legal_actions()
        trace.after(n, state, out, _events(state)[mark:], choices)
    result = state.result()
    return trace, list(result.scores) if result else None


def play_random(title: str, players: int, seed: int,
                options: dict[str, Any]) -> dict[str, Any]:
    """The trace summary of :func:`random_trace`."""
    trace, scores = random_trace(title, players, seed, options)
    return trace.summary(scores)


# ---- the golden files ----------------------------------------------------------------
_LOADED: dict[str, dict[str, Any]] = {}


def golden_path(title: str) -> Path:
    return GOLDEN / f"{title}.json"


def load(title: str) -> dict[str, Any]:
    if title not in _LOADED:
        data = json.loads(golden_path(title).read_text("utf-8"))
        if data.get("format") != FORMAT or data.get("version") != VERSION or \
                data.get("every") != EVERY:
            raise AssertionError(f"{golden_path(title)} is not a version-{VERSION} golden "
                                 f"trace with checkpoints every {EVERY} actions")
        _LOADED[title] = data["games"]
    return _LOADED[title]


def compare(title: str, key: str, got: dict[str, Any]) -> None:
    """Fail with the stretch of actions where ``got`` first leaves the golden trace."""
    want = load(title).get(key)
    if want is None:
        raise AssertionError(f"no golden trace for {title} {key}: a new reference game? "
                             "Run `python -m tests.golden_traces` (see its docstring).")
    problems = []
    for chain, what in (("play", "the actions, seat to act, legal actions or events"),
                        ("state", "the state")):
        for i, (a, b) in enumerate(zip(got[chain], want[chain])):
            if a != b:           # checkpoint i folds the records up to action (i + 1) * EVERY
                end = min((i + 1) * EVERY, got["actions"])
                problems.append(f"{chain} chain ({what}) first differs in actions "
                                f"{i * EVERY + 1}..{end}" if i else
                                f"{chain} chain ({what}) first differs at the start or in "
                                f"actions 1..{end}")
                break
    if got["actions"] != want["actions"]:
        problems.append(f"{got['actions']} actions, golden {want['actions']}")
    if not problems and got != want:
        problems.append(f"result {got['result']}, golden {want['result']}")
    if problems:
        raise AssertionError(
            f"{title} {key} left its golden trace: {'; '.join(problems)}.  If this change "
            "of behaviour is intended, regenerate (python -m tests.golden_traces) and say "
            "so in the commit.")


def _fixture_summaries(title: str) -> Iterator[tuple[str, dict[str, Any]]]:
    from railyard.eighteen.import18xx import load_export
    from tests.fixture_files import fixture_files
    for kind in KINDS:
        for path in fixture_files(title, kind):
            _game, _result, summary = traced_import(load_export(path.read_bytes()))
            yield fixture_key(path), summary


def compute(title: str) -> dict[str, dict[str, Any]]:
    games = dict(_fixture_summaries(title))
    for players, seed, options in RANDOM_GAMES[title]:
        games[random_key(players, seed, options)] = play_random(title, players, seed, options)
    return games


def write(title: str, games: dict[str, dict[str, Any]]) -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    lines = [f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
             for k, v in sorted(games.items())]
    head = json.dumps({"format": FORMAT, "version": VERSION, "every": EVERY})[:-1]
    text = head + ', "games": {\n' + ",\n".join(lines) + "\n}}\n"
    golden_path(title).write_text(text, "utf-8")
    _LOADED.pop(title, None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.golden_traces",
        description="Regenerate the golden traces (only for an intended behaviour change).")
    parser.add_argument("--title", choices=TITLES, action="append")
    parser.add_argument("--state-only", action="store_true",
                        help="rewrite only the state chains; refuse if a play chain differs")
    args = parser.parse_args(argv)
    for title in args.title or TITLES:
        games = compute(title)
        if args.state_only:
            old = load(title)
            bad = [k for k in games if k not in old or old[k]["play"] != games[k]["play"]
                   or old[k]["result"] != games[k]["result"]]
            if bad or set(old) != set(games):
                print(f"{title}: play chains differ for {', '.join(bad) or 'the set of games'}"
                      "; nothing written", file=sys.stderr)
                return 1
        write(title, games)
        print(f"{title}: {len(games)} games, "
              f"{sum(g['actions'] for g in games.values())} actions -> {golden_path(title)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
