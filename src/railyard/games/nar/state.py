"""The state of a game of North American Railways: the table, the round and the flow of the
three phases.  The rules of each phase live in ``shares.py``, ``cities.py`` and ``income.py``.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from ...engine.actions import Action, Choice
from ...engine.errors import WRONG_PHASE, IllegalAction
from ...engine.state import GameState, Result
from . import cities, income, shares
from .deck import Deck, deck_from_option, rules
from .phases import CITIES, OVER, RESPOND, SHARES  # noqa: F401 - also imported from here
from .story import StoryMixin


class NarState(StoryMixin, GameState):
    title = "north-american-railways"
    action_types = frozenset(shares.HANDLERS) | frozenset(cities.HANDLERS)

    def __init__(self, players: list[str], seed: int, options: Mapping[str, Any],
                 deck: Deck | None = None) -> None:
        super().__init__(players, seed, options)
        r = rules()
        self.rules = r
        self.deck = deck if deck is not None else deck_from_option(self.options.get("deck", ""))
        n = len(players)
        rng = random.Random(seed)
        ncomp = len(r.company_ids)
        # Section 4: shuffle the 30 shares, two go back unseen, 4 columns of 7.
        pile = [c for c in range(ncomp) for _ in range(r.shares_per_company)]
        rng.shuffle(pile)
        self.removed = sorted(pile[:r.removed_shares])
        rest = pile[r.removed_shares:]
        per = len(rest) // r.share_columns
        #: each column lists its shares from the top down; the last one is the lowest
        self.share_cols = [rest[i * per:(i + 1) * per] for i in range(r.share_columns)]
        # Section 4: shuffle the 36 cities, 4 columns of 9.
        order = list(range(len(self.deck.cities)))
        rng.shuffle(order)
        per = len(order) // r.city_columns
        self.city_cols = [order[i * per:(i + 1) * per] for i in range(r.city_columns)]
        # Ruling S1: the start cities are not shuffled; a founder takes the top one.
        self.start_stack = list(range(len(self.deck.start_cities)))
        money = r.starting_money[n]
        self.cash = [money] * n
        #: each player's money as it follows from the public moves alone (the starting
        #: money, every price named and paid, the income split, the $200 without money):
        #: what a player who remembers every public move knows of the others' money, which
        #: the rules let each keep secret (section 4, "Hinweis") but never move unseen.
        #: Kept beside ``cash`` by the same rule code from public amounts only (the one
        #: hidden amount, "all his money" of exception 2, leaves him nothing: 0);
        #: ``tests/nar/test_views.py`` checks that it is always ``cash``.  Search bots may
        #: read it (``hidden.remembered``); the public view does not show it.
        self.heard = [money] * n
        #: the bank's ledger: money paid in minus money paid out (starts at -all money)
        self.bank = -money * n
        self.comp_cash = [0] * ncomp
        self.director: list[int | None] = [None] * ncomp
        self.comp_start: list[int | None] = [None] * ncomp
        self.comp_cities: list[list[int]] = [[] for _ in range(ncomp)]
        self.holdings = [[0] * ncomp for _ in range(n)]
        self.round = 1
        self.start_player = 0
        self.phase = SHARES
        self.turn = 0                 # phase I: how many players have finished their turn
        self.chosen: list[int] = []   # phase I: companies bought away by their director
        self.pending: tuple[int, int, int] | None = None  # (column, company, price)
        self.passed = [False] * n     # phase II
        self.used = [0] * n           # phase II: bit per company already bought for
        self.seat = 0                 # phase II: seat to act
        self.bought = 0               # phase II: cities bought this phase
        self.last_round = False
        self.end_reasons: list[str] = []
        self.last_income: list[dict[str, Any]] = []
        self.final_payout: list[int] | None = None
        self.last_order = self.order()

    def random_playout(self, bot: Any, max_actions: int) -> int:
        """Random play to the end without Choices and their labels (``playout.py``); the
        same game as ``bot`` (a RandomBot) would play through ``apply()``."""
        from .playout import random_playout
        return random_playout(self, bot, max_actions)

    # ---- helpers -----------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def order(self) -> list[int]:
        """Seats in turn order of this round, start player first."""
        return [(self.start_player + i) % self.n for i in range(self.n)]

    def bottom_share(self, column: int) -> int | None:
        col = self.share_cols[column]
        return col[-1] if col else None

    def bottom_city(self, column: int) -> int | None:
        col = self.city_cols[column]
        return col[-1] if col else None

    def shares_left(self) -> int:
        return sum(map(len, self.share_cols))

    def cities_left(self) -> int:
        return sum(map(len, self.city_cols))

    def company_income(self, c: int) -> int:
        start = self.comp_start[c]
        if start is None:
            return 0
        return (self.deck.start_cities[start].income
                + sum(map(self.deck.incomes.__getitem__, self.comp_cities[c])))

    def company_symbols(self, c: int) -> int:
        return sum(self.deck.cities[city].coast_to_coast for city in self.comp_cities[c])

    def cname(self, c: int) -> str:
        return self.rules.company_names[c]

    # ---- contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == SHARES:
            return (self.start_player + self.turn) % len(self.players)
        if self.phase == RESPOND:
            return self.director[self.pending[1]]
        if self.phase == CITIES:
            return self.seat
        return None

    def legal_actions(self) -> list[Choice]:
        if self.phase == SHARES:
            return shares.choices(self)
        if self.phase == RESPOND:
            return shares.response_choices(self)
        if self.phase == CITIES:
            return cities.choices(self)
        return []

    def _apply(self, action: Mapping[str, Any]) -> Action:
        kind = action["type"]
        if self.phase in (SHARES, RESPOND) and kind in shares.HANDLERS:
            return shares.HANDLERS[kind](self, action)
        if self.phase == CITIES and kind in cities.HANDLERS:
            return cities.HANDLERS[kind](self, action)
        # an unknown type never gets here: ``action_types`` makes GameState.apply refuse it
        # as malformed
        raise IllegalAction(f"'{kind}' is not possible now: it is the "
                            f"{self.phase_name()}.", WRONG_PHASE)

    def phase_name(self) -> str:
        return {SHARES: "share phase (I)", RESPOND: "share phase (I), a director's answer",
                CITIES: "city phase (II)", OVER: "end of the game"}[self.phase]

    # ---- flow --------------------------------------------------------------------------
    def end_share_turn(self) -> None:
        """The acting player's share turn is over; next player or the end of phase I."""
        self.chosen = []
        self.pending = None
        self.phase = SHARES
        self.turn += 1
        n = len(self.players)
        if self.turn < n and self.shares_left() > 0:
            return
        # Section 6, case 1: fewer shares than players at the end of phase I.
        if self.shares_left() < n:
            self.mark_last_round("fewer shares than players left after the share phase")
        self.start_city_phase()

    def mark_last_round(self, reason: str) -> None:
        self.note("last_round", reason)
        self.last_round = True
        self.end_reasons.append(reason)

    def start_city_phase(self) -> None:
        # Section 6, case 2: five or fewer cities at the start of phase II.
        if self.cities_left() <= self.rules.last_round_city_threshold:
            self.mark_last_round(f"{self.rules.last_round_city_threshold} or fewer cities "
                                 "left at the start of the city phase")
        self.phase = CITIES
        self.passed = [False] * self.n
        self.used = [0] * self.n
        self.bought = 0
        self.seat = self.start_player
        self.note("city_phase", self.start_player, self.turn < self.n)
        cities.settle(self)

    def end_city_phase(self) -> None:
        # Section 6, case 3: no city bought in phase II.
        if self.bought == 0:
            self.mark_last_round("no city was bought in the city phase")
        self.note("income_phase")
        income.pay_income(self)
        self.last_order = self.order()
        if self.last_round:
            income.final_payout(self)
            self.phase = OVER
            return
        self.start_player = (self.start_player + 1) % self.n
        self.round += 1
        self.turn = 0
        self.phase = SHARES
        self.note("round", self.round, self.start_player)

    # ---- result ------------------------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        best = max(self.cash)
        # Section 6: a tie goes to the tied player who came first in the last round.
        winner = next(s for s in self.last_order if self.cash[s] == best)
        tied = [s for s in self.last_order if self.cash[s] == best]
        return Result(tuple(self.cash), (winner,), "cash",
                      {"end_reasons": list(self.end_reasons),
                       "tie_broken_by_turn_order": len(tied) > 1,
                       "last_round_order": list(self.last_order)})

    # ---- copies and views ----------------------------------------------------------------
    def clone(self) -> "NarState":
        other = object.__new__(NarState)
        d = self.__dict__.copy()
        d["options"] = dict(self.options)
        d["players"] = list(self.players)
        d["share_cols"] = [list(c) for c in self.share_cols]
        d["city_cols"] = [list(c) for c in self.city_cols]
        d["comp_cities"] = [list(c) for c in self.comp_cities]
        d["holdings"] = [list(h) for h in self.holdings]
        for key in ("removed", "start_stack", "cash", "heard", "comp_cash", "director", "comp_start",
                    "chosen", "passed", "used", "end_reasons", "last_income", "last_order"):
            d[key] = list(d[key])
        if self.final_payout is not None:
            d["final_payout"] = list(self.final_payout)
        other.__dict__ = d
        return other

    def public_view(self) -> dict[str, Any]:
        from .views import public_view
        return public_view(self)

    def private_view(self, seat: int) -> dict[str, Any]:
        """The public view plus what ``seat`` alone knows: its own money."""
        view = self.public_view()
        view["you"] = {"seat": seat, "cash": self.cash[seat]}
        return view

    def fingerprint(self) -> Any:
        view = self.public_view()
        view["hidden"] = {"cash": list(self.cash), "removed_shares": list(self.removed),
                          "bank": self.bank}
        return view

    def describe(self, action: Mapping[str, Any]) -> str:
        from .views import describe
        return describe(self, action)
