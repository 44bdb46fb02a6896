"""1870 (Mayfair rules, German edition): see ``docs/games/1870.md``.

Where things are: :mod:`.auction` the private sale (4), :mod:`.stock` stock rounds (6, 7.1,
7.2), :mod:`.protection` price protection (6.2), :mod:`.treasury` redemption and reissue
(7.3, 7.4), :mod:`.operating` operating rounds (5, 8, 9.5), :mod:`.dividends` payouts (9.4),
:mod:`.market` the chart with its ledge (3.2, 3.3), :mod:`.data` the static facts."""
from __future__ import annotations

from ...engine.registry import OptionSpec, TitleInfo
from .state import G1870State


def _factory(players, seed, options):
    return G1870State(players, seed, options)


def _route_network(state, corporation):
    """Hook of the route optimiser (``routing.problem``)."""
    from .routes import route_network
    return route_network(state, corporation)


def _connection_position(state, corporation, marker):
    """Hook of ``import-18xx --check-routes`` (``routing.import_check``)."""
    from .route_check import connection_position
    return connection_position(state, corporation, marker)


def _import_18xx(data, before=None):
    """Hook of the 18xx.games import (``eighteen.import18xx``)."""
    from .import18xx import import_1870
    return import_1870(data, before)


TITLE = TitleInfo(
    slug="1870",
    name="1870",
    min_players=2,
    max_players=7,
    factory=_factory,
    options=(
        OptionSpec("can_protect_if_sold", False,
                   "6.2.2 original rules: a president may protect even after selling the "
                   "corporation in this round (18xx.games: can_protect_if_sold)"),
        OptionSpec("finish_on_400", False,
                   "10.1.3 variant: the game ends when a marker reaches $400 (18xx.games: "
                   "finish_on_400; ends right after the action that moved it)"),
        OptionSpec("station_wars", False,
                   "9.6.8 variant (Bahnhofsmarker-Kämpfe): GMO, MP, SP, SSW and TP put a map "
                   "destination marker into a station space, where it blocks "
                   "(18xx.games: station_wars)"),
        OptionSpec("diesels", False,
                   "12.2 variant (1830er Dieselloks): no 8s and 10s; the diesel from phase 5, "
                   "$1100 or $800 trading in a 4, 5 or 6 (18xx.games: diesels)"),
        OptionSpec("historical_start", False,
                   "12.4 variant (Start in historischer Reihenfolge): a corporation floats "
                   "only after all historically earlier ones; until then at most five of its "
                   "shares are sold; the SLSF private pays $20 until SLSF floats at 60 %"),
        OptionSpec("original_market", False,
                   "12.5: the 1850/1832 market (three cells change colour; 18xx.games: "
                   "original_market)"),
        OptionSpec("original_tiles", False,
                   "9.1.8: the original, smaller tile manifest (18xx.games: original_tiles)"),
        OptionSpec("max_reissue_200", False,
                   "7.4.2: reissue prices above $200 become $200 (18xx.games: "
                   "max_reissue_200)"),
        OptionSpec("original_rules", False,
                   "12.6: Bill Dixon's original rules = station_wars, original_tiles, "
                   "max_reissue_200, can_protect_if_sold, original_market and the "
                   "8-corporation certificate limit column (18xx.games: original_rules)"),
    ),
    notes="Mississippi-region 18xx by Bill Dixon (Mayfair), with the seed's variants as "
          "options (see docs/games/1870.md).",
    extra={"route_network": _route_network, "import_18xx": _import_18xx,
           "connection_position": _connection_position},
)
