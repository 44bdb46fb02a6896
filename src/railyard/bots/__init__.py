"""Bots that play any title through the engine contract.

A bot gets only what its seat may see (:class:`~railyard.bots.views.SeatView`, made by
``observe(state, seat)``) and returns an action.  Kinds are named the same everywhere
(``kinds.py``): ``random``, ``rules``, ``mcts[:easy|normal|hard]``,
``strategic[:easy|normal|hard]`` and ``basic[:easy|normal|hard]`` (1830, 1870,
``strategic.py``; budgets in counted work); ``make_bot(spec, title)``
builds one; ``factory.make_bot(title, seed, kind)`` is the seat bot of ``railyard play`` and
the web server (a plain bot seat gets the title's default kind).  ``tournament.py`` plays bots against each other."""
from .kinds import BotSpecError, make_bot, parse_kind, play_move
from .random_bot import RandomBot
from .views import SeatView, observe

__all__ = ["RandomBot", "BotSpecError", "SeatView", "make_bot", "observe",
           "parse_kind", "play_move"]
