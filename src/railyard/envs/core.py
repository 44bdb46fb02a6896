"""One game as an environment episode: a title's state, its encoder and the episode cap.

Every adapter (PettingZoo, OpenSpiel, Gymnasium, the vectorised batch) steps an
:class:`Episode`.  An episode is the game's creation parameters (title, players, seed,
options) plus the ids played; ``replay(ids)`` rebuilds any position.

- ``step(action_id)`` plays the action of the id for the seat to act; an id that is not
  legal raises ``ValueError`` (an :class:`IllegalId`) naming it, and nothing changes.
- The episode ends when the rules end the game (``terminal``) or after ``cap`` actions
  (``truncated``; the cap given, else the encoder's ``action_cap`` where it has one, else
  the title's cap of ``titles.CAPS``).  ``returns()`` are the engine's OpenSpiel-style
  returns: 1 for a sole winner, shared on a tie, 0 otherwise.  A truncated game is scored
  as if it ended then, by the rules' score at that moment (:meth:`Episode.scores`: each
  player's worth in 1830 and 1870 -- 1830 25.0, 1870 10.4.1 --, cash in the small games):
  the highest score wins, a tie shares.  Returns always sum to 1.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..engine.registry import get_title
from ..engine.state import GameState
from . import titles


class IllegalId(ValueError):
    """An action id that is not legal in the position (or no id at all)."""


def seat_names(count: int) -> list[str]:
    return [f"P{i + 1}" for i in range(count)]


class Episode:
    """A game of ``slug`` for ``players`` seats, stepped by action ids."""

    def __init__(self, slug: str, players: int, options: dict | None = None,
                 cap: int | None = None, encoder: Any = None) -> None:
        self.info = get_title(slug)
        self.slug = self.info.slug
        if not isinstance(players, int) or isinstance(players, bool) or \
                not self.info.min_players <= players <= self.info.max_players:
            raise ValueError(f"{self.info.name} is played by {self.info.min_players} to "
                             f"{self.info.max_players} players, not {players!r}.")
        self.players = players
        self.names = seat_names(players)
        self.options = self.info.resolve_options(options)
        self.encoder = encoder if encoder is not None else titles.make_encoder(
            self.slug, players, self.options)
        if cap is None:
            cap = getattr(self.encoder, "action_cap", None) or titles.cap(self.slug)
        self.cap = int(cap)
        self.state: Any = None
        self._seat: int | None = None
        self._direct = False
        self._fast: Any = None
        self.seed = 0
        self.steps = 0
        self._ids: list[int] | None = None

    # ---- the game ----------------------------------------------------------------------
    def reset(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.state = self.info.factory(list(self.names), self.seed, self.options)
        self.steps = 0
        self._ids = None
        self._seat = self.state.current_player
        # titles that keep GameState.apply (generic checks, then the title's _apply, which
        # checks the rules before it changes anything) are stepped through _apply; titles
        # with their own apply (1830/1870: turn and shape checks, events) through their encoder's
        # ``step`` where it has one (the rules with their checks, without the
        # turn checks and the events no episode reads), else through apply
        self._direct = type(self.state).apply is GameState.apply
        self._fast = None if self._direct else getattr(self.encoder, "step", None)

    def replay(self, seed: int, ids: list[int]) -> None:
        """The position after ``ids`` from the start of the game of ``seed``."""
        self.reset(seed)
        for a in ids:
            self.step(a)

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` when the episode is over (ended or truncated)."""
        if self.steps >= self.cap:
            return None
        return self._seat

    @property
    def terminal(self) -> bool:
        return self.state.current_player is None

    @property
    def truncated(self) -> bool:
        return self.steps >= self.cap and self.state.current_player is not None

    @property
    def done(self) -> bool:
        return self._seat is None or self.steps >= self.cap

    def legal_ids(self) -> list[int]:
        if self._ids is None:
            self._ids = [] if self.done else self.encoder.legal_ids(self.state)
        return self._ids

    def mask(self, out: np.ndarray | None = None, dtype: Any = bool) -> np.ndarray:
        if out is None:
            out = np.zeros(self.encoder.num_actions, dtype=dtype)
        else:
            out[:] = 0
        ids = self.legal_ids()
        if ids:
            out[ids] = 1
        return out

    def observation(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        return self.encoder.observation(self.state, seat, out)

    def action(self, action_id: Any) -> dict[str, Any]:
        """The engine action of ``action_id`` now (IllegalId if it is not legal)."""
        if self.done:
            why = (f"truncated at the cap of {self.cap} actions" if self.truncated
                   else "the game ended")
            raise IllegalId(f"The episode is over ({why}); no action id is legal.")
        enc = self.encoder
        try:
            if hasattr(enc, "action_for"):
                return enc.action_for(self.state, action_id, self.legal_ids())
            return enc.to_action(self.state, action_id)
        except IllegalId:
            raise
        except ValueError as exc:
            raise IllegalId(str(exc)) from None

    def step(self, action_id: Any) -> None:
        """Play the action of ``action_id`` for the seat to act.  The action is made from a
        legal id for the seat to act, so the engine contract's generic checks (shape,
        seat) hold by construction: the title's own ``_apply`` runs, which checks the
        rules again before it changes anything.  1830 and 1870 step through their
        encoder's ``step`` (the rules of the action with their checks, as the random
        playouts run them; no turn check -- an id's action is legal -- and no
        event log, which no episode reads; the same position as ``state.apply``:
        tests/envs/test_encoders_18xx.py)."""
        act = self.action(action_id)
        if self._direct:
            self.state._apply(act)
        elif self._fast is not None:
            self._fast(self.state, act)
        else:
            self.state.apply(act)
        self.steps += 1
        self._ids = None
        self._seat = self.state.current_player

    def play(self, action: dict[str, Any]) -> None:
        """Apply an engine action (a bot's) as one step of the episode; the engine checks
        it (``IllegalAction`` if it is not legal, and nothing changes)."""
        if self.done:
            raise IllegalId("The episode is over; no action is legal.")
        self.state.apply(action)
        self.steps += 1
        self._ids = None
        self._seat = self.state.current_player

    def scores(self) -> list[int]:
        """The rules' score of each player now: worth where the title counts it (1830,
        1870: cash + shares at market value + privates, ``state.worth``), else cash (the
        small games' final score)."""
        st = self.state
        worth = getattr(st, "worth", None)
        if callable(worth):
            return [worth(p) for p in range(self.players)]
        return list(st.cash)

    def returns(self) -> list[float]:
        """Per seat: the engine's returns at the end; when truncated, 1 for the highest
        score of :meth:`scores` (shared on a tie); 0 while the game runs."""
        if self.terminal:
            return list(self.state.returns())
        if self.truncated:
            s = self.scores()
            best = max(s)
            winners = [p for p in range(self.players) if s[p] == best]
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]
        return [0.0] * self.players
