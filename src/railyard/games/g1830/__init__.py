"""1830 (Avalon Hill rules, German edition): see ``docs/games/1830.md``.

Where things are: :mod:`.auction` private sale (7.x), :mod:`.stock` stock rounds,
:mod:`.operating` operating rounds, :mod:`.track` tiles and tokens, :mod:`.trains` trains,
phases and bankruptcy, :mod:`.privates` the private companies, :mod:`.data` the static facts,
:mod:`.routes` the route optimiser's view of a position, :mod:`.import18xx` the 18xx.games
adapter (both registered as hooks in ``TITLE.extra``).
"""
from __future__ import annotations

from typing import Any

from ...eighteen import lazy
from ...engine.errors import BadOptions
from ...engine.registry import OptionSpec, TitleInfo
from .data import static
from .state import G1830State

#: the full bank of the data file ($12,000)
FULL_BANK = static().bank_cash


def _factory(players: Any, seed: Any, options: Any) -> Any:
    bank = options.get("bank_cash", FULL_BANK)
    start = static().starting_cash[len(players)] * len(players)
    if not start < bank <= FULL_BANK:
        raise BadOptions(f"Option 'bank_cash' must be more than the ${start} the players "
                         f"receive (2.0) and at most the full bank of ${FULL_BANK}.")
    return G1830State(players, seed, options)


TITLE = TitleInfo(
    slug="1830",
    name="1830",
    min_players=2,
    max_players=6,
    factory=_factory,
    options=(
        OptionSpec("extra_6_train", False, "26.0: a third 6-train (18xx.games: optional_6_train)",
                   label="A third 6-train"),
        OptionSpec("diesels", True, "26.0: play with D-trains (False: the variant without)",
                   label="D-trains (diesels)"),
        OptionSpec("bank_cash", FULL_BANK,
                   "26.0: the bank's total money; the variant without the $500 notes is "
                   "played with the total of the bank without them (the rulebook gives no "
                   "amount)",
                   label="The bank's money ($)"),
        OptionSpec("unlimited_d_trains", False,
                   "D-trains without limit, as 18xx.games plays (21.0 prints six); set by the "
                   "import of 18xx.games exports",
                   label="D-trains without limit (18xx.games)"),
        OptionSpec("multiple_brown_from_ipo", False,
                   "several shares per turn from the initial offering too in the brown zone "
                   "(18xx.games option)",
                   label="Several brown-zone shares a turn from the initial offering (18xx.games)"),
        OptionSpec("agreed_prices_need_consent", True,
                   "21.0, 23.1: a train bought from another player's company and a private "
                   "bought from a player other than the president are offers the seller "
                   "accepts or declines (false: the buying president's price stands, as "
                   "18xx.games plays)",
                   label="The seller agrees to the price of a train or private bought from "
                         "a player"),
        OptionSpec("route_may_start_and_end_in_one_red_area", False,
                   "27.0: a route may start and end in the same red area (A9/A11 Canadian "
                   "West, I1/J2 Gulf), as 18xx.games plays; the rule forbids it",
                   label="A route may start and end in one red area (18xx.games)"),
        OptionSpec("withhold_moves_at_once", False,
                   "8.2d: a withholding company's price moves left at once, as 18xx.games "
                   "plays (the rule: at the end of the operating round)",
                   label="Withholding moves the price at once (18xx.games)"),
        OptionSpec("erie_token_replaced", False,
                   "19.1: Erie's home token goes to the first city of its untracked home "
                   "hex by itself and whoever lays the first tile there places it again, as "
                   "18xx.games plays (the rule: Erie chooses its city and the token is never "
                   "moved)",
                   label="Erie's home token placed again by the first tile (18xx.games)"),
        OptionSpec("bankruptcy_sale_may_change_president", False,
                   "24.0c, 25.0: the bankrupt's shares of the company in need are sold like "
                   "any other, even when that makes another player its president (the rule "
                   "forbids it; he keeps them)",
                   label="A bankrupt's sale may change the president (18xx.games)"),
        OptionSpec("train_limit_purchase_then_discard", False,
                   "21.0: a company at its train limit that could trade a 4, 5 or 6 in for "
                   "a D may buy any train it can pay and then discards down to the limit, as "
                   "18xx.games plays (the rule allows no purchase beyond the limit)",
                   label="Buy at the train limit, then discard (18xx.games)"),
        OptionSpec("emergency_sale_whole_presidents_certificate", False,
                   "24.0c: a president whose only certificate of another company is its 20 % "
                   "president's certificate may sell it whole to pay for a train even when "
                   "10 % would cover the shortfall, as 18xx.games plays (the rule: only what "
                   "is needed)",
                   label="Emergency sale of a whole president's certificate (18xx.games)"),
        OptionSpec("private_purchase_before_discard", False,
                   "21.0: a company over the train limit after its own purchase changed the "
                   "phase may still buy a private before it discards, as 18xx.games plays "
                   "(the rule: it discards at once)",
                   label="A private bought before discarding (18xx.games)"),
    ),
    notes="Exact rules of the German 1830 rulebook; see docs/games/1830.md for rulings.",
    extra={"route_network": lazy(f"{__name__}.routes", "route_network"),      # routing.problem
           "import_18xx": lazy(f"{__name__}.import18xx", "import_1830")},  # eighteen.import18xx
)
