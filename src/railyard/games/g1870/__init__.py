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
    ),
    notes="Mississippi-region 18xx by Bill Dixon (Mayfair). Auction, stock rounds and the "
          "market are complete; operating rounds are partial (see docs/games/1870.md).",
)
