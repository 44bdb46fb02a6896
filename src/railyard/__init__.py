"""railyard: railroad stock games played exactly by their printed rules."""
from .engine import (Action, Choice, Game, GameState, IllegalAction, IllegalActionError,
                     RailyardError, Result, SaveError, available, get_title, new_game)

__version__ = "0.1.0"
__all__ = ["Action", "Choice", "Game", "GameState", "IllegalAction", "IllegalActionError",
           "RailyardError", "Result", "SaveError", "available", "get_title", "new_game"]
