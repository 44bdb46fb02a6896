"""A game record: creation parameters + ordered action log + the current state.

This is the object programs and UIs hold.  Every state is the replay of the log; undo
replays from the nearest checkpoint (a clone every :data:`CHECKPOINT_EVERY` actions, no
snapshot per action).  Save files are versioned JSON with a hash chain over the actions, so
a corrupt, truncated, wrong-version or tampered save is refused with an error naming the
first bad action, and nothing half-loads.  The chain is computed when it is asked for
(:meth:`Game.digests`, :meth:`Game.to_save`), not per action: each link depends only on
the previous one and the logged action, so the digests are the same either way.
"""
from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Iterator, Mapping

from .actions import Action, Choice, check_shape, require_mapping
from .errors import MALFORMED, BadOptions, IllegalAction, NothingToUndo, RailyardError, SaveError
from .registry import TitleInfo, get_title
from .state import GameState, Result

SAVE_FORMAT = "railyard-save"
SAVE_VERSION = 1
CHECKPOINT_EVERY = 64
MAX_SEED = 2**63 - 1
#: limits of a save file: nesting depth of its JSON and its size in bytes
MAX_SAVE_DEPTH = 32
MAX_SAVE_BYTES = 64 * 1024 * 1024

log = logging.getLogger("railyard.engine")


def json_depth_exceeds(value: Any, limit: int) -> bool:
    """Whether a parsed JSON value is nested more than ``limit`` levels (iterative, so
    any depth is measured without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        if d > limit:
            return True
        stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))
    return False


def parse_json(text: str | bytes, max_depth: int) -> Any:
    """``json.loads`` that answers ``ValueError`` (never ``RecursionError``) for JSON nested
    deeper than ``max_depth`` or too deep for the parser."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested more than {max_depth} levels deep") from None
    if json_depth_exceeds(data, max_depth):
        raise ValueError(f"nested more than {max_depth} levels deep")
    return data


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _chain(prev: str, action: Mapping[str, Any]) -> str:
    return hashlib.sha256((prev + _canonical(action)).encode()).hexdigest()[:16]


def _same_json(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are equal and encode to the same JSON: ``==`` that also
    tells ``true`` from ``1`` and ``1.0`` from ``1`` (so equal values have equal digests)."""
    if a is b:
        return True
    if type(a) is dict and type(b) is dict:        # the usual case, flat: one pass
        if a.keys() != b.keys():
            return False
        for k, v in a.items():
            w = b[k]
            t = type(v)
            if t is not type(w) or t is dict or t is list or t is tuple:
                if not _same_json(v, w):
                    return False
            elif v != w:
                return False
        return True
    if isinstance(a, Mapping):
        return isinstance(b, Mapping) and a.keys() == b.keys() and \
            all(_same_json(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and \
            all(_same_json(x, y) for x, y in zip(a, b))
    return a == b and (type(a) is bool) == (type(b) is bool) and \
        isinstance(a, float) == isinstance(b, float)


def _genesis(title: str, players: list[str], seed: int, options: Mapping[str, Any]) -> str:
    header = {"title": title, "players": players, "seed": seed, "options": options}
    return hashlib.sha256(_canonical(header).encode()).hexdigest()[:16]


def _unreadable(action: Mapping[str, Any]) -> str:
    """The sentence for an action a title failed on: names the fields holding a list or an
    object (the usual culprit: a list where a name or number belongs), else all fields."""
    kinds = {list: "a list", tuple: "a list", dict: "an object"}
    odd = [f"'{k}' is {kinds[type(v)]}" for k, v in action.items()
           if k not in ("type", "player") and type(v) in kinds]
    fields = [repr(k) for k in action if k not in ("type", "player")]
    what = ("; ".join(odd) + ", which this game does not take here") if odd else \
        f"one of its fields ({', '.join(fields) or 'none'}) is not of the kind the game expects"
    return f"This {action.get('type')!r} action cannot be taken as given: {what}. " \
        "Nothing was changed."


class Game:
    """Creation parameters, action log and current state of one game."""

    def __init__(self, title: str, players: list[str], seed: int = 0,
                 options: Mapping[str, Any] | None = None, *, events: bool = True) -> None:
        """``events=False``: the state records no events until the story, the history or
        :meth:`keep_events` asks for them (then the log is replayed once with them), for a
        game whose story nobody may read (an import, a check)."""
        info = get_title(title)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise RailyardError(f"The seed must be a whole number from 0 to {MAX_SEED}.",
                                "bad_seed")
        self.info: TitleInfo = info
        self.title = info.slug
        self.players = info.check_players(players)
        self.seed = seed
        self.options = info.resolve_options(options)
        try:
            self.state: GameState = info.factory(self.players, seed, self.options)
        except RailyardError:
            raise
        except Exception as exc:  # noqa: BLE001 - hostile option values: a clear refusal
            log.warning("%s failed to start with options %.300r (%s: %s)", self.title,
                        self.options, type(exc).__name__, exc)
            raise BadOptions(f"{info.name} cannot start with these options "
                             f"({', '.join(sorted(self.options)) or 'none'}).") from None
        #: whether the state records events (the story's, the 18xx log's); see :meth:`keep_events`
        self._events = bool(events)
        if self._events:
            self.state.record_events(True)
        self.log: list[Action] = []
        #: the hash chain over ``log[:len(_digests)]`` (the rest is computed on demand,
        #: :meth:`digests`)
        self._digests: list[str] = []
        self._genesis = _genesis(self.title, self.players, seed, self.options)
        self._checkpoints: dict[int, GameState] = {0: self.state.clone()}
        #: the story as :meth:`apply` keeps it: per action (seat, sentence, recorded events;
        #: the events are found by :meth:`keep_events` where they were not recorded);
        #: ``_told``: the entries made of it so far (:meth:`story`)
        self._story: list[tuple[int | None, str, Any]] = []
        self._told: list[list[dict[str, Any]]] = []
        #: the entries of ``_told[:_flat_upto]`` in one list (:meth:`story` extends it)
        self._flat: list[dict[str, Any]] = []
        self._flat_upto = 0
        try:
            self._opening = list(self.state.opening_story())
        except Exception:  # noqa: BLE001 - a sentence must never stop a game
            self._opening = []

    # ---- delegation ------------------------------------------------------------------
    @property
    def hidden_information(self) -> bool:
        """Whether the game hides something from its players that its seed fixes: the
        title says so (``TitleInfo.hidden_information``) or its state has a
        ``private_view`` (each seat sees more than the others)."""
        return bool(self.info.hidden_information or self.info.extra.get("hidden_information")
                    or callable(getattr(self.state, "private_view", None)))

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    @property
    def is_terminal(self) -> bool:
        return self.state.is_terminal

    def legal_actions(self) -> list[Choice]:
        return self.state.legal_actions()

    def result(self) -> Result | None:
        return self.state.result()

    def public_view(self) -> dict[str, Any]:
        view = self.state.public_view()
        view["action_count"] = len(self.log)
        return view

    # ---- transitions -----------------------------------------------------------------
    def apply(self, action: Any) -> Action:
        """Apply one action; raises :class:`IllegalAction` and changes nothing if illegal.

        The boundary of every title: the action's shape is checked first
        (:func:`~railyard.engine.actions.check_shape`: JSON values only, bounded, no
        fractions).  Should the title still fail on it with anything but
        :class:`IllegalAction`, the state is rebuilt from the log, so it is exactly as
        before; then an action that is not exactly one of the legal choices (a field of a
        kind the title did not expect, a field no choice has) is answered as a
        ``malformed`` :class:`IllegalAction` (and logged, as it points at a title that
        checks its fields too late), while the failure on a legal action, a bug of the
        title, is raised as it is.  An :class:`IllegalAction` raised from inside the rules
        (the state says so: :attr:`GameState.refused_inside`) rebuilds the state the same
        way, as no title keeps a snapshot to undo a change made before its refusal."""
        require_mapping(action)
        state = self.state
        events = self._events
        text = self._describe(state, action)   # of the action as given (as the story has it)
        mark = state.begin_notes() if events else None
        state._shape_checked = action      # checked above: GameState.apply skips it once
        try:
            normalised = state.apply(action)
        except IllegalAction:
            if events:
                state.take_notes(mark)
            if state.refused_inside:       # refused by the rules, which may have changed it
                self._restore()
            raise
        except Exception as exc:
            self._restore()
            if self._is_legal_choice(action):
                raise                  # a bug of the title on a legal action: not hidden
            log.warning("%s refused an action by failing (%s: %s): %.300r", self.title,
                        type(exc).__name__, exc, action)
            raise IllegalAction(_unreadable(action), MALFORMED) from None
        finally:
            state._shape_checked = None
        seat = normalised.get("player")
        self._story.append((seat if isinstance(seat, int) and not isinstance(seat, bool)
                            else None, text, state.take_notes(mark) if events else ()))
        self.log.append(normalised)
        n = len(self.log)
        if n % CHECKPOINT_EVERY == 0:
            self._checkpoints[n] = self.state.clone()
        return normalised

    @staticmethod
    def _describe(state: GameState, action: Mapping[str, Any]) -> str:
        try:
            return str(state.describe(action))
        except Exception:  # noqa: BLE001 - a sentence must never refuse an action
            return str(action.get("type", "action"))

    def _is_legal_choice(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` is exactly one of the legal choices: no field beyond the
        choice's own, each equal to its fixed value or a whole number in its range.  (Asked
        only after a title failed, as listing choices can be costly.)"""
        try:
            choices = self.state.legal_actions()
            for c in choices:
                if set(action) <= {"type", "player", *c.fixed, *c.ranges} and \
                        all(k in action for k in (*c.fixed, *c.ranges)) and c.matches(action):
                    return True
        except Exception:  # noqa: BLE001 - a title failing to list choices: not legal
            return False
        return False

    def _restore(self) -> None:
        """Rebuild the current state from the nearest checkpoint and the log (at most
        :data:`CHECKPOINT_EVERY` - 1 actions replayed): after a title failed, and after a
        refusal the rules raised once they may have changed the state
        (:attr:`GameState.refused_inside`), so that a refused action leaves the game as
        it was whatever the title did."""
        n = len(self.log)
        base = max(k for k in self._checkpoints if k <= n)
        state = self._checkpoints[base].clone()
        for act in self.log[base:n]:
            state.apply(act)
        self.state = state

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise NothingToUndo("Undo needs a positive number of actions.")
        if count > len(self.log):
            raise NothingToUndo("There is nothing to undo." if not self.log else
                                f"Only {len(self.log)} action(s) can be undone.")
        target = len(self.log) - count
        base = max(k for k in self._checkpoints if k <= target)
        state = self._checkpoints[base].clone()
        for act in self.log[base:target]:
            state.apply(act)
        for k in [k for k in self._checkpoints if k > target]:
            del self._checkpoints[k]
        self.state = state
        del self.log[target:]
        del self._digests[target:]
        del self._story[target:]
        del self._told[target:]
        self._flat, self._flat_upto = [], 0      # made again by the next story()

    def clone(self) -> "Game":
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.state = self.state.clone()
        other.log = list(self.log)
        other._digests = list(self._digests)
        other._checkpoints = dict(self._checkpoints)
        other._story = list(self._story)
        other._told = list(self._told)
        other._flat = list(self._flat)
        return other

    def keep_events(self) -> None:
        """Record events from now on and have those of the actions already played: a game
        made with ``events=False`` replays its log once with them (the same states, so the
        same events as a game that recorded them all along).  Called by :meth:`story`,
        :meth:`end_summary`, :meth:`state_at` and :meth:`states`; a caller that reads
        ``state.events`` itself calls it first."""
        if self._events:
            return
        state = self._checkpoints[0].clone()
        state.record_events(True)
        checkpoints: dict[int, GameState] = {0: state.clone()}
        story = self._story
        for i, act in enumerate(self.log):
            mark = state.begin_notes()
            state.apply(act)
            seat, text, _ = story[i]
            story[i] = (seat, text, state.take_notes(mark))
            if (i + 1) % CHECKPOINT_EVERY == 0:
                checkpoints[i + 1] = state.clone()
        self.state, self._checkpoints, self._events = state, checkpoints, True
        self._told.clear()
        self._flat, self._flat_upto = [], 0

    # ---- the digest chain ------------------------------------------------------------
    def digests(self) -> list[str]:
        """The hash chain over the log: entry ``i`` is the digest of action ``i`` chained
        to the one before (the first to the header's).  Computed here for the actions
        that have none yet (apply does not hash), so asking twice costs nothing more."""
        have, log_ = self._digests, self.log
        if len(have) > len(log_):
            del have[len(log_):]
        prev = have[-1] if have else self._genesis
        for i in range(len(have), len(log_)):
            prev = _chain(prev, log_[i])
            have.append(prev)
        return have

    def head(self) -> str:
        """The digest of the whole log (the header's for an empty one), as a save has it."""
        d = self.digests()
        return d[-1] if d else self._genesis

    # ---- history ---------------------------------------------------------------------
    def state_at(self, k: int) -> GameState:
        """The state after the first ``k`` actions, as a new object: replayed from the
        nearest checkpoint at or before ``k`` (one every 64 actions).  The game itself
        (state, log, checkpoints) is not changed; ``k`` runs from 0 to ``len(log)``."""
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= len(self.log):
            raise ValueError(f"k must be an action count from 0 to {len(self.log)}")
        self.keep_events()
        if k == len(self.log):
            return self.state.clone()
        base = max(c for c in self._checkpoints if c <= k)
        state = self._checkpoints[base].clone()
        for act in self.log[base:k]:
            state.apply(act)
        return state

    def states(self) -> Iterator[tuple[int, Action | None, GameState]]:
        """Replay: yields (index, action that led here or None, state) from the start."""
        self.keep_events()
        state = self._checkpoints[0].clone()
        yield 0, None, state
        for i, act in enumerate(self.log, 1):
            state = state.clone()
            state.apply(act)
            yield i, act, state

    def story(self) -> list[dict[str, Any]]:
        """The story of the game: one entry per action and per automatic event, in order,
        each ``{"i": index of the action that caused it, "seat": the acting seat (None for
        an automatic event), "text": its sentence, "auto": whether it happened by
        itself}``; what the setup decided comes first (``i`` 0, before the first action's
        own entry), and a finished game ends with the reason and the winner
        (:meth:`GameState.end_summary`).

        :meth:`apply` keeps what it needs as it goes (the action's sentence and the events
        the rules recorded, :meth:`GameState.note`); the events' sentences are made here,
        once each, on the first call that needs them."""
        self.keep_events()
        told, raw = self._told, self._story
        if len(told) > len(raw):
            del told[len(raw):]
        if self._flat_upto > len(told):
            self._flat, self._flat_upto = [], 0
        st = self.state
        for i in range(len(told), len(raw)):
            seat, text, notes = raw[i]
            try:
                auto = st.tell(notes)
            except Exception:  # noqa: BLE001 - a sentence must never stop the story
                log.exception("%s: the events of action %d have no sentence", self.title, i)
                auto = []
            told.append([{"i": i, "seat": seat, "text": text, "auto": False}]
                        + [{"i": i, "seat": None, "text": t, "auto": True} for t in auto])
        flat = self._flat
        for entries in told[self._flat_upto:]:
            flat.extend(entries)
        self._flat_upto = len(told)
        out = [{"i": 0, "seat": None, "text": t, "auto": True} for t in self._opening]
        out.extend(flat)
        end = self.end_summary()
        if end is not None:
            out.append({"i": max(len(self.log) - 1, 0), "seat": None, "auto": True,
                        "text": f"{end['reason']} {winner_sentence(end)}".strip()})
        return out

    def end_summary(self) -> dict[str, Any] | None:
        """Why the game ended and each player's score with how it came about
        (:meth:`GameState.end_summary`; where the title can, the parts follow the money
        through the whole game from the events of the story,
        :meth:`GameState.story_score_parts`); ``None`` while the game runs."""
        self.keep_events()
        end = self.state.end_summary()
        if end is None:
            return None
        notes = [note for _, _, told in self._story for note in told]
        for row in end["players"]:
            parts = self.state.story_score_parts(row["seat"], notes)
            if parts and sum(amount for _, amount in parts) == row["score"]:
                row["parts"] = parts       # the money's way through the whole game
        return end

    def readable_log(self) -> list[str]:
        state = self._checkpoints[0].clone()
        lines = []
        for act in self.log:
            lines.append(state.describe(act))
            state.apply(act)
        return lines

    # ---- save / load -----------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "title": self.title,
            "players": list(self.players),
            "seed": self.seed,
            "options": dict(self.options),
            "action_count": len(self.log),
            "head": self.head(),
            "actions": [{"action": a, "digest": d} for a, d in zip(self.log, self.digests())],
        }

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_save(), indent=indent)

    def save(self, path: str) -> None:
        import os
        tmp = f"{path}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(self.dumps(indent=1))
        os.replace(tmp, path)

    @classmethod
    def loads(cls, text: str | bytes, *, events: bool = True) -> "Game":
        """Load a save from its JSON text (at most :data:`MAX_SAVE_BYTES`, nested at most
        :data:`MAX_SAVE_DEPTH` deep; a deeper or larger one is refused as corrupt)."""
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"The save is larger than {MAX_SAVE_BYTES // 2**20} MiB; it is not a "
                            "railyard save.", "corrupt")
        try:
            data = parse_json(text, MAX_SAVE_DEPTH)
        except (ValueError, UnicodeDecodeError) as exc:
            if "nested more than" in str(exc):
                raise SaveError(f"The file is {exc}; it is not a railyard save.",
                                "corrupt") from None
            raise SaveError(f"The save is not valid JSON (corrupt or truncated): {exc}.",
                            "corrupt") from None
        return cls.from_save(data, events=events)

    @classmethod
    def load(cls, path: str, *, events: bool = True) -> "Game":
        try:
            with open(path, "rb") as fh:
                text = fh.read(MAX_SAVE_BYTES + 1)
        except OSError as exc:
            raise SaveError(f"Cannot read the save file {path}: {exc.strerror}.",
                            "unreadable") from None
        return cls.loads(text, events=events)

    @classmethod
    def from_save(cls, data: Any, *, events: bool = True) -> "Game":
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("This is not a railyard save file.", "not_a_save")
        if json_depth_exceeds(data, MAX_SAVE_DEPTH):
            raise SaveError(f"The save is nested more than {MAX_SAVE_DEPTH} levels deep; it is "
                            "not a railyard save.", "corrupt")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError(f"Save version {version!r} is not supported "
                            f"(this railyard reads version {SAVE_VERSION}).", "wrong_version")
        for key in ("title", "players", "seed", "options", "actions", "action_count", "head"):
            if key not in data:
                raise SaveError(f"The save lacks its '{key}' field.", "corrupt")
        actions = data["actions"]
        if not isinstance(actions, list) or not isinstance(data["options"], dict):
            raise SaveError("The save's actions or options are malformed.", "corrupt")
        try:
            game = cls(data["title"], data["players"], data["seed"], data["options"],
                       events=events)
        except RailyardError as exc:
            raise SaveError(f"The save's header is invalid: {exc.message}", "bad_header") from None
        if data["action_count"] != len(actions):
            raise SaveError(
                f"The save is truncated: it declares {data['action_count']!r} actions but holds "
                f"{len(actions)}; the first missing one is action {len(actions) + 1}.",
                "truncated", action_index=len(actions))
        prev = game._genesis
        for i, entry in enumerate(actions):
            if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
                raise SaveError(f"Action {i + 1} of the save is malformed.", "corrupt",
                                action_index=i)
            act = entry["action"]
            digest = _chain(prev, act)
            if entry.get("digest") != digest:
                raise SaveError(f"Action {i + 1} of the save was altered (its digest does not "
                                f"match): {_canonical(act)[:200]}", "tampered", action_index=i)
            try:
                normalised = game.apply(act)
            except IllegalAction as exc:
                raise SaveError(f"Action {i + 1} of the save is illegal: {exc.message}",
                                "illegal_action", action_index=i, reason=exc.code) from None
            if not _same_json(normalised, act):
                raise SaveError(f"Action {i + 1} of the save is not in normal form.",
                                "tampered", action_index=i)
            # the logged action equals ``act``, so its link is ``digest`` (computed above)
            if len(game._digests) == i:
                game._digests.append(digest)
            prev = digest
        if data["head"] != prev:
            raise SaveError("The save's head digest does not match its actions.", "tampered",
                            action_index=len(actions) - 1 if actions else None)
        return game


def winner_sentence(end: Mapping[str, Any]) -> str:
    """"Ann wins with $87." / "Ann and Bob share the win with $87 each." ("with a worth
    of $2212" where the score is a worth, 1830/1870) for an end summary."""
    won = [p for p in end["players"] if p["winner"]]
    if not won:
        return ""
    names = [p.get("name", f"seat {p['seat'] + 1}") for p in won]
    score = f"a worth of ${won[0]['score']}" if end.get("unit") == "worth" \
        else f"${won[0]['score']}"
    if len(won) == 1:
        return f"{names[0]} wins with {score}."
    return f"{', '.join(names[:-1])} and {names[-1]} share the win with {score} each."


def new_game(title: str, players: list[str], seed: int = 0,
             options: Mapping[str, Any] | None = None) -> Game:
    return Game(title, players, seed, options)
