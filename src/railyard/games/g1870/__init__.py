"""1870 (Mayfair rules, German edition): see ``docs/games/1870.md``.

Where things are: :mod:`.auction` the private sale (4), :mod:`.stock` stock rounds (6, 7.1,
7.2), :mod:`.protection` price protection (6.2), :mod:`.treasury` redemption and reissue
(7.3, 7.4), :mod:`.operating` operating rounds (5, 8, 9.5), :mod:`.dividends` payouts (9.4),
:mod:`.market` the chart with its ledge (3.2, 3.3), :mod:`.data` the static facts."""
from __future__ import annotations

from ...eighteen import lazy
from ...engine.registry import OptionSpec, TitleInfo
from .lean import lean
from .state import G1870State


TITLE = TitleInfo(
    slug="1870",
    name="1870",
    min_players=2,
    max_players=7,
    factory=G1870State,
    options=(
        OptionSpec("can_protect_if_sold", False,
                   "6.2.2 original rules: a president may protect even after selling the "
                   "corporation in this round (18xx.games: can_protect_if_sold)",
                   label="Protect after selling (original rules)"),
        OptionSpec("finish_on_400", False,
                   "10.1.3 variant: the game ends when a marker reaches $400 (18xx.games: "
                   "finish_on_400; ends right after the action that moved it)",
                   label="The game ends when a price reaches $400 (variant)"),
        OptionSpec("station_wars", False,
                   "9.6.8 variant (Bahnhofsmarker-Kämpfe): GMO, MP, SP, SSW and TP put a map "
                   "destination marker into a station space, where it blocks "
                   "(18xx.games: station_wars)",
                   label="Station wars (variant)"),
        OptionSpec("diesels", False,
                   "12.2 variant (1830er Dieselloks): no 8s and 10s; the diesel from phase 5, "
                   "$1100 or $800 trading in a 4, 5 or 6 (18xx.games: diesels)",
                   label="Diesels instead of 8- and 10-trains (variant)"),
        OptionSpec("historical_start", False,
                   "12.4 variant (Start in historischer Reihenfolge): a corporation floats "
                   "only after all historically earlier ones; until then at most five of its "
                   "shares are sold; the SLSF private pays $20 until SLSF floats at 60 %",
                   label="Start in historical order (variant)"),
        OptionSpec("original_market", False,
                   "12.5: the 1850/1832 market (three cells change colour; 18xx.games: "
                   "original_market)",
                   label="The original market (1850/1832)"),
        OptionSpec("original_tiles", False,
                   "9.1.8: the original, smaller tile manifest (18xx.games: original_tiles)",
                   label="The original tile manifest"),
        OptionSpec("max_reissue_200", False,
                   "7.4.2: reissue prices above $200 become $200 (18xx.games: "
                   "max_reissue_200)",
                   label="Reissue at most $200"),
        OptionSpec("redemption_without_consent", False,
                   "7.3.4, 18xx.games profile: a corporation redeeming a share from a player "
                   "takes it without asking (printed: the player is asked, \"anbieten\")",
                   label="Redemption without asking the player (18xx.games)"),
        OptionSpec("reissue_after_dealing", False,
                   "7.4.1, 18xx.games profile: a president who has bought or sold in their "
                   "turn may still reissue, which ends the turn (printed: the reissue "
                   "replaces the buying and selling in that turn)",
                   label="Reissue after buying or selling (18xx.games)"),
        OptionSpec("buy_after_buy_and_sell", False,
                   "6.1.4, 18xx.games profile: in the brown zone the purchase from the pool "
                   "may go on after a sale that followed it (printed: buy then sell, or sell "
                   "then buy)",
                   label="Buy on after a sale in the brown zone (18xx.games)"),
        OptionSpec("mrbc_lay_extra", False,
                   "11.2 (b), 18xx.games profile: the MRBC owner's discounted yellow lay on "
                   "a Mississippi hex comes in addition to its normal lays (supplement: one "
                   "of them)",
                   label="MRBC's Mississippi lay comes on top (18xx.games)"),
        OptionSpec("private_trades_from_phase_2", False,
                   "6.3.1, 18xx.games profile: players buy privates from each other in stock "
                   "rounds only in phases 2-3 (printed: from the first stock round until the "
                   "privates close)",
                   label="Privates change hands between players in phases 2-3 only (18xx.games)"),
        OptionSpec("redeem_with_reissue_money", False,
                   "7.3.2, 7.4.5, 18xx.games profile: a redemption may spend money from "
                   "reissued shares sold in the same stock round (printed: that money is "
                   "usable from the next operating round)",
                   label="Redeem with this round's reissue money (18xx.games)"),
        OptionSpec("train_limit_purchase_then_discard", False,
                   "2.1, 9.5.1, 12.2, 18xx.games profile: a corporation at its train limit "
                   "that could trade a 4, 5 or 6 in for a diesel may buy any train and then "
                   "discards down to the limit (printed: no purchase beyond the limit)",
                   label="Buy at the train limit, then discard (18xx.games)"),
        OptionSpec("emergency_sale_whole_presidents_certificate", False,
                   "10.2.1, 18xx.games profile: a president whose only certificate of a "
                   "corporation is its 20 % president's certificate may sell it whole in an "
                   "emergency even when 10 % would cover the shortfall (printed: only as "
                   "much as needed)",
                   label="Emergency sale of a whole president's certificate (18xx.games)"),
        OptionSpec("emergency_sale_protected_by_seller", False,
                   "6.2.2, 6.2.3, 10.2.4, 18xx.games profile: an emergency sale is offered "
                   "for protection to the president before the sale even when he is the "
                   "seller, with the cash and certificate room as for anyone (not in a game "
                   "with can_protect_if_sold) (printed: never the seller, nobody after a "
                   "presidency change)",
                   label="The selling president may protect the emergency sale (18xx.games)"),
        OptionSpec("connection_run_without_routes", False,
                   "9.6.4, 18xx.games profile: a connection run may name no routes at all "
                   "and earns $0 (printed: one train must run between home and "
                   "destination)",
                   label="A connection run without routes (18xx.games)"),
        OptionSpec("emergency_sale_when_corporation_short", False,
                   "9.5.4, 10.2.1, 18xx.games profile: while the corporation's cash is "
                   "below the cheapest train its president may sell shares, one at a time, "
                   "even when their own cash covers the rest (printed: only to cover what they "
                   "lack)",
                   label="Emergency sales while the corporation is short (18xx.games)"),
        OptionSpec("original_rules", False,
                   "12.6: Bill Dixon's original rules = station_wars, original_tiles, "
                   "max_reissue_200, can_protect_if_sold, original_market and the "
                   "8-corporation certificate limit column (18xx.games: original_rules)",
                   label="Bill Dixon's original rules"),
    ),
    notes="Mississippi-region 18xx by Bill Dixon (Mayfair), with the seed's variants as "
          "options (see docs/games/1870.md).",
    extra={"route_network": lazy(f"{__name__}.routes", "route_network"),      # routing.problem
           "import_18xx": lazy(f"{__name__}.import18xx", "import_1870"),  # eighteen.import18xx
           # import-18xx --check-routes (routing.import_check)
           "connection_position": lazy(f"{__name__}.route_check", "connection_position"),
           "random_lean": lean},
)
