"""The state of an American Rails game: money, shares, cubes on the board, the action columns."""
from __future__ import annotations

import random
from typing import Any, Mapping

from ...engine.state import GameState, Result, winners_by_max
from .board import Board, load_board
from ...cube.auction import Auction
from .auction_steps import AuctionMixin
from .expansion import ExpansionMixin
from .legal import LegalMixin
from .rounds import RoundsMixin
from .rules import RULES, SPACE_RANK
from .transitions import ACTION_TYPES, TransitionMixin
from .story import StoryMixin
from .view import ViewMixin

BANKER = 0
from .state_consts import POPCOUNT  # noqa: E402


class AmericanRailsState(LegalMixin, TransitionMixin, AuctionMixin, ExpansionMixin, RoundsMixin,
                        ViewMixin, StoryMixin, GameState):
    title = "american-rails"

    def __init__(self, players: list[str], seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.board: Board = load_board(self.options.get("board"), RULES.special_names)
        n = len(players)
        self.n = n
        ncomp = len(RULES.companies)
        # 3 players: one company leaves the game, drawn from the creation seed (setup C)
        self.removed_company: int | None = (random.Random(seed).randrange(ncomp)
                                            if n == 3 else None)
        self.in_play = tuple(c for c in range(ncomp) if c != self.removed_company)
        start = RULES.starting_money[n]
        self.cash = [start] * n
        self.ccash = [0] * ncomp
        self.bank = RULES.money_total - start * n
        self.shares_left = [RULES.companies[c].shares if c in self.in_play else 0
                            for c in range(ncomp)]
        self.shares_out = [0] * ncomp            # shares removed from the game
        self.held = [[0] * ncomp for _ in range(n)]
        self.cubes_left = [RULES.companies[c].cubes - RULES.income_marker_cubes
                           if c in self.in_play else 0 for c in range(ncomp)]
        nhex = len(self.board.ids)
        self.hexmask = [0] * nhex                # bit c set: company c has a cube there
        self.urban = [False] * nhex
        self.markers_left = RULES.urbanisation_markers
        self.income = [0] * ncomp
        self.pairs = [0] * ncomp                 # special connections already paid
        self.comp_hexes: list[list[int]] = [[] for _ in range(ncomp)]
        self.reach = [0] * ncomp                 # bit mask of hexes next to the company's cubes
        self.closed = [0] * ncomp                # bit mask of hexes with a cube of the company
        self.full_single = 0                     # bit mask of single-cube hexes holding one
        #: [k] (k >= 1): bit mask of hexes holding k pieces that set the cost (cubes, and a
        #: development marker where it counts); kept up to date by _put_cube and _do_urbanise
        self.pieces_at = [0] * (ncomp + 2)
        self.year_index = 0
        self.phase = 0                           # 0 = setup auction, 1..3 action phases
        self.track: list[int] = []               # player-order spaces, top first
        self.columns: list[list[int | None]] = [[None] * len(RULES.spaces)
                                                for _ in range(RULES.phases)]
        self.order: list[int] = []
        self.turn = 0
        self.setup_offered = [c not in self.in_play for c in range(ncomp)]
        self.auction: Auction | None = None
        self.step = "offer"
        self.actor: int | None = BANKER
        self.space: str | None = None
        self.expand_left = 0
        self.expand_built = 0
        self.last_dividends: dict[str, int] = {}
        self.end_reason: str | None = None

    # ---- contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.actor

    @property
    def year(self) -> int:
        return RULES.years[self.year_index]

    def result(self) -> Result | None:
        if self.actor is not None:
            return None
        scores = tuple(self.cash)
        return Result(scores=scores, winners=winners_by_max(scores), unit="cash",
                      details={"end": self.end_reason, "year": self.year})

    def clone(self) -> "AmericanRailsState":
        o = object.__new__(AmericanRailsState)
        o.__dict__.update(self.__dict__)
        o.options = dict(self.options)
        o.cash = list(self.cash)
        o.ccash = list(self.ccash)
        o.shares_left = list(self.shares_left)
        o.shares_out = list(self.shares_out)
        o.held = [list(h) for h in self.held]
        o.cubes_left = list(self.cubes_left)
        o.hexmask = list(self.hexmask)
        o.urban = list(self.urban)
        o.income = list(self.income)
        o.pairs = list(self.pairs)
        o.comp_hexes = [list(h) for h in self.comp_hexes]
        o.reach = list(self.reach)
        o.closed = list(self.closed)
        o.pieces_at = list(self.pieces_at)
        o.track = list(self.track)
        o.columns = [list(c) for c in self.columns]
        o.order = list(self.order)
        o.setup_offered = list(self.setup_offered)
        o.last_dividends = dict(self.last_dividends)
        return o

    def random_playout(self, bot: Any, max_actions: int) -> int:
        """Random play to the end without Choices, dicts and re-validation (``playout.py``);
        the same game as ``bot`` (a RandomBot) would play through ``apply()``."""
        from .playout import random_playout
        return random_playout(self, bot, max_actions)

    # ---- small queries used by several mixins ------------------------------------------
    def total_money(self) -> int:
        return self.bank + sum(self.cash) + sum(self.ccash)

    def free_cities(self) -> list[int]:
        return [h for h in self.board.cities if self.hexmask[h] == 0]

    def on_board(self, c: int) -> bool:
        return bool(self.comp_hexes[c])

    def holders_shares(self, c: int) -> int:
        return sum(h[c] for h in self.held)

    def build_cost(self, h: int, c: int) -> int | None:
        """Cost for company ``c`` to put a cube on hex ``h`` now, or None if not allowed there
        (a cube of ``c`` already there, or a forest / mountain already holding a cube)."""
        mask = self.hexmask[h]
        if mask >> c & 1:
            return None
        b = self.board
        if mask and b.single_cube[h]:
            return None
        pieces = POPCOUNT[mask]
        if self.urban[h] and b.counts_markers[h]:
            pieces += 1
        return b.cost_base[h] + b.cost_per[h] * pieces

    def adjacent_to(self, h: int, c: int) -> bool:
        return bool(self.reach[c] >> h & 1)

    def space_order(self, column: list[int | None]) -> list[int]:
        """Turn order of the next phase: markers from the top space of the column down."""
        return [s for s in column if s is not None]

    @staticmethod
    def space_rank(space: str) -> int:
        return SPACE_RANK[space]


AmericanRailsState._handlers = {kind: getattr(AmericanRailsState, f"_do_{kind}")
                               for kind in ACTION_TYPES}
