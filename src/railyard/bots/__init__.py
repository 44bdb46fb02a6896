"""Bots that play any title through the engine contract.

A bot gets only what its seat may see (:class:`~railyard.bots.views.SeatView`, made by
``observe(state, seat)``) and returns an action.  Kinds are named the same everywhere
(``kinds.py``): ``random``, ``rules``, ``mcts[:easy|normal|hard]``; ``make_bot(spec, title)``
builds one.  ``tournament.py`` plays bots against each other."""
from .kinds import BotSpecError, make_bot, parse_kind, play_move
from .random_bot import RandomBot
from .views import SeatView, observe

#: bot kinds by name, as used by ``railyard play --seats bot:random``
KINDS = {"random": RandomBot}

__all__ = ["RandomBot", "KINDS", "BotSpecError", "SeatView", "make_bot", "observe",
           "parse_kind", "play_move"]
