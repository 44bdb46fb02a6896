"""The game-agnostic engine contract shared by all titles."""
from .actions import Action, Choice, expand
from .errors import (BadOptions, BadPlayers, IllegalAction, IllegalActionError, NothingToUndo,
                     RailyardError, SaveError, UnknownTitle)
from .game import Game, new_game
from .registry import OptionSpec, TitleInfo, available, get_title
from .state import GameState, Result

__all__ = [
    "Action", "Choice", "expand", "BadOptions", "BadPlayers", "IllegalAction",
    "IllegalActionError", "NothingToUndo", "RailyardError", "SaveError", "UnknownTitle", "Game",
    "new_game", "OptionSpec", "TitleInfo", "available", "get_title", "GameState", "Result",
]
