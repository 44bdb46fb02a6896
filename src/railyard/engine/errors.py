"""Typed errors of the engine contract.

Every error carries a machine ``code`` (stable, for programs) and a ``message`` (a sentence
a player understands).  Illegal actions never change the state they were applied to.
"""
from __future__ import annotations

from typing import Any


class RailyardError(Exception):
    """Base of every error railyard raises on purpose."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.details:
            out["details"] = self.details
        return out

    def __str__(self) -> str:
        return self.message


class IllegalAction(RailyardError):
    """An action the rules do not allow now.  The state is unchanged.

    Codes used by every game:

    ``wrong_player``  the action names a seat that is not to act
    ``wrong_phase``   the action type does not fit the current step of the game
    ``unaffordable``  the player or company lacks the money
    ``malformed``     a field is missing, of the wrong type, or the action is not a mapping
    ``unknown_id``    a company, hex, share, ... id that does not exist
    ``not_allowed``   any other rule forbids it (the message names the rule)
    ``game_over``     the game has ended
    """

    code = "illegal_action"


IllegalActionError = IllegalAction  # python-chess style alias

WRONG_PLAYER = "wrong_player"
WRONG_PHASE = "wrong_phase"
UNAFFORDABLE = "unaffordable"
MALFORMED = "malformed"
UNKNOWN_ID = "unknown_id"
NOT_ALLOWED = "not_allowed"
GAME_OVER = "game_over"


class SaveError(RailyardError):
    """A save file that cannot be loaded; ``action_index`` names the first bad action
    (``None`` when the problem is in the header)."""

    code = "bad_save"

    def __init__(self, message: str, code: str | None = None, action_index: int | None = None,
                 **details: Any) -> None:
        super().__init__(message, code, action_index=action_index, **details)
        self.action_index = action_index


class UnknownTitle(RailyardError):
    code = "unknown_title"


class BadOptions(RailyardError):
    code = "bad_options"


class BadPlayers(RailyardError):
    code = "bad_players"


class NothingToUndo(RailyardError):
    code = "nothing_to_undo"
