"""The game-agnostic state contract every title implements.

The shape follows OpenSpiel's state API (``current_player``, ``legal_actions``,
``apply_action``, ``is_terminal``, ``returns``, ``clone``).  A state never validates by
mutating: ``apply`` checks everything first and raises :class:`IllegalAction` before it
changes anything, so an illegal action leaves the state exactly as it was.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Mapping

from .actions import Action, Choice, require_mapping
from .errors import GAME_OVER, MALFORMED, WRONG_PLAYER, IllegalAction


@dataclass(frozen=True)
class Result:
    """The final result: one score per seat, the winning seats (ties share), and how the
    score was counted (``unit``, e.g. ``"cash"`` or ``"worth"``)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    unit: str = "cash"
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self, players: list[str] | tuple[str, ...] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"scores": list(self.scores), "winners": list(self.winners),
                               "unit": self.unit}
        if players is not None:
            out["by_player"] = {players[i]: s for i, s in enumerate(self.scores)}
            out["winner_names"] = [players[i] for i in self.winners]
        if self.details:
            out["details"] = dict(self.details)
        return out


def winners_by_max(scores: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


class GameState(ABC):
    """Base class of every game's state."""

    title: str = ""
    #: the title's action types; when set, ``apply`` refuses any other type as ``malformed``
    #: before the game looks at it (``None``: the title checks the type itself)
    action_types: frozenset[str] | None = None

    def __init__(self, players: list[str], seed: int, options: Mapping[str, Any]) -> None:
        self.players = list(players)
        self.seed = seed
        self.options = dict(options)

    # ---- queries -----------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat to act, or ``None`` when the game is over."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    @abstractmethod
    def legal_actions(self) -> list[Choice]:
        """What the seat to act may do (empty when terminal)."""

    @abstractmethod
    def result(self) -> Result | None:
        """The final result, or ``None`` while the game runs."""

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: 1 for a sole winner, shared for ties, 0 otherwise."""
        res = self.result()
        n = len(self.players)
        if res is None:
            return [0.0] * n
        share = 1.0 / len(res.winners)
        return [share if i in res.winners else 0.0 for i in range(n)]

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """Everything public about the state, JSON-serialisable."""

    @abstractmethod
    def describe(self, action: Mapping[str, Any]) -> str:
        """A readable sentence for a (legal, already applied or about to be) action."""

    @abstractmethod
    def clone(self) -> "GameState":
        ...

    # ---- story and end of game ------------------------------------------------------
    #: events recorded while ``Game.apply`` applies an action (``begin_notes``); ``None``
    #: everywhere else, so states that bots clone and search record nothing
    _notes: list | None = None
    #: the action ``Game.apply`` checked the shape of and is applying (else ``None``)
    _shape_checked: Any = None

    #: set by a title whose rules raised while applying an action (a refusal or an error)
    #: after they may have changed the state; ``Game.apply`` then rebuilds the state from
    #: its checkpoint and log.  Titles that check everything first never set it.
    refused_inside: bool = False

    def record_events(self, on: bool = True) -> None:
        """Keep the events a title records beside its state (``Game`` asks for them where a
        story, log or table is read).  Nothing by default: :meth:`note` records only while
        ``Game.apply`` applies an action."""

    def note(self, kind: str, *args: Any) -> None:
        """Record that ``kind`` happened (``args``: plain values: seats, indices, amounts),
        for the story; a no-op unless ``Game.apply`` is applying an action (bots and their
        clones never record).  The sentence is made later, by :meth:`sentence`."""
        notes = self._notes
        if notes is not None:
            notes.append((kind, args))

    def begin_notes(self) -> Any:
        """Start recording the events of the action about to be applied (``Game.apply``);
        returns a mark for :meth:`take_notes`."""
        self._notes = []
        return None

    def take_notes(self, mark: Any) -> Any:
        """Stop recording; what was recorded since ``mark`` (plain values, for
        :meth:`tell`)."""
        notes, self._notes = self._notes, None
        return tuple(notes) if notes else ()

    def tell(self, notes: Any) -> list[str]:
        """The sentences of events :meth:`take_notes` returned (made lazily, when the story
        is read; a sentence depends only on the event's values and the game's fixed
        facts, so any state of the same game tells it)."""
        out = []
        for kind, args in notes:
            try:
                text = self.sentence(kind, args)
            except Exception:  # noqa: BLE001 - a sentence must never stop the story
                text = f"{kind.replace('_', ' ').capitalize()}."
            if text:
                out.append(text)
        return out

    def sentence(self, kind: str, args: tuple) -> str:
        """The sentence of a recorded event (titles that record events override this)."""
        return f"{kind.replace('_', ' ').capitalize()}: {', '.join(map(str, args))}."

    def opening_story(self) -> list[str]:
        """Sentences of what the setup decided before the first action (none by default)."""
        return []

    def end_sentence(self) -> str:
        """Why the game ended, as a sentence (titles name the rulebook's end condition)."""
        return "The game is over."

    def score_parts(self, seat: int) -> list[list[Any]]:
        """How the seat's score came about: ``[label, amount]`` pairs that sum to it."""
        res = self.result()
        return [[res.unit if res else "score", res.scores[seat] if res else 0]]

    def story_score_parts(self, seat: int, notes: list) -> list[list[Any]] | None:
        """The seat's score as the sum of what the game's events (every note recorded
        while the game was played, in order) brought it, or ``None`` (then
        :meth:`score_parts` is used); ``Game.end_summary`` uses it only if it adds up."""
        return None

    def end_summary(self) -> dict[str, Any] | None:
        """The end of the game for a result screen: ``reason`` (a sentence saying why the
        game ended) and per seat its ``score``, whether it is a ``winner`` and the
        ``parts`` (``[label, amount]``) the score is the sum of; ``None`` while the game
        runs."""
        res = self.result()
        if res is None:
            return None
        return {"reason": self.end_sentence(), "unit": res.unit,
                "players": [{"seat": i, "name": self.players[i], "score": res.scores[i],
                             "winner": i in res.winners, "parts": self.score_parts(i)}
                            for i in range(len(self.players))]}

    def fingerprint(self) -> Any:
        """A value equal for equal states (used to check replays and unchanged states).
        Defaults to the public view; games with hidden information extend it."""
        return self.public_view()

    # ---- transitions ----------------------------------------------------------------
    def apply(self, action: Any) -> Action:
        """Validate and apply ``action``; returns the normalised action for the log.  The
        shape check (:func:`~railyard.engine.actions.require_mapping`) is skipped only for
        the very object ``Game.apply`` has just checked and hands over
        (``_shape_checked``, cleared by ``Game.apply`` right after)."""
        if action is not None and action is self._shape_checked:
            act = action
        else:
            act = require_mapping(action)
        if self.action_types is not None and act["type"] not in self.action_types:
            raise IllegalAction(f"There is no action {act['type'][:40]!r} in this game; its "
                                f"actions are {', '.join(sorted(self.action_types))}.",
                                MALFORMED, field="type")
        actor = self.current_player
        if actor is None:
            raise IllegalAction("The game is over; no more actions are possible.", GAME_OVER)
        player = act.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise IllegalAction("The action must name the acting seat as 'player'.", MALFORMED)
        if not 0 <= player < len(self.players):
            raise IllegalAction(f"There is no seat {player}.", WRONG_PLAYER)
        if player != actor:
            raise IllegalAction(
                f"It is {self.players[actor]}'s turn, not {self.players[player]}'s.", WRONG_PLAYER)
        return self._apply(act)

    apply_action = apply

    @abstractmethod
    def _apply(self, action: Mapping[str, Any]) -> Action:
        """Game-specific: validate fully, then mutate; return the normalised action."""
