"""1830 (Avalon Hill rules, German edition): see ``docs/games/1830.md``.

Where things are: :mod:`.auction` private sale (7.x), :mod:`.stock` stock rounds,
:mod:`.operating` operating rounds, :mod:`.track` tiles and tokens, :mod:`.trains` trains,
phases and bankruptcy, :mod:`.privates` the private companies, :mod:`.data` the static facts,
:mod:`.routes` the route optimiser's view of a position, :mod:`.import18xx` the 18xx.games
adapter (both registered as hooks in ``TITLE.extra``).
"""
from __future__ import annotations

from ...engine.errors import BadOptions
from ...engine.registry import OptionSpec, TitleInfo
from .data import static
from .state import G1830State

#: the full bank of the data file ($12,000)
FULL_BANK = static().bank_cash


def _factory(players, seed, options):
    bank = options.get("bank_cash", FULL_BANK)
    start = static().starting_cash[len(players)] * len(players)
    if not start < bank <= FULL_BANK:
        raise BadOptions(f"Option 'bank_cash' must be more than the ${start} the players "
                         f"receive (2.0) and at most the full bank of ${FULL_BANK}.")
    return G1830State(players, seed, options)


def _route_network(state, corporation):
    """Hook of the route optimiser (``routing.problem``)."""
    from .routes import route_network
    return route_network(state, corporation)


def _import_18xx(data, before=None):
    """Hook of the 18xx.games import (``eighteen.import18xx``)."""
    from .import18xx import import_1830
    return import_1830(data, before)


TITLE = TitleInfo(
    slug="1830",
    name="1830",
    min_players=2,
    max_players=6,
    factory=_factory,
    options=(
        OptionSpec("extra_6_train", False, "26.0: a third 6-train (18xx.games: optional_6_train)"),
        OptionSpec("diesels", True, "26.0: play with D-trains (False: the variant without)"),
        OptionSpec("bank_cash", FULL_BANK,
                   "26.0: the bank's total money; the variant without the $500 notes is "
                   "played with the total of the bank without them (the rulebook gives no "
                   "amount)"),
        OptionSpec("unlimited_d_trains", False,
                   "D-trains without limit, as 18xx.games plays (21.0 prints six); set by the "
                   "import of 18xx.games exports"),
        OptionSpec("multiple_brown_from_ipo", False,
                   "several shares per turn from the initial offering too in the brown zone "
                   "(18xx.games option)"),
    ),
    notes="Exact rules of the German 1830 rulebook; see docs/games/1830.md for rulings.",
    extra={"route_network": _route_network, "import_18xx": _import_18xx},
)
