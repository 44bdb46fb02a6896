"""American Rails: action ids and the observation tensor.

Ids (docs/research.md prints the table): offer a company's share, bid (amount in buckets
above the minimum), pass, place the first cube on a city, choose an action space,
finance a company, urbanise a city, take2, levy, build company x hex, stop, forgo.
The ids depend on the board (the option ``board`` may load another one): they are fixed
per (players, options).

Nothing is hidden after the set-up (open auctions, no cards; with 3 players the company
drawn out of the game is public): the observation is the whole table seen from the seat
(players listed from the seat on, 0 = itself).  Money is divided by 10.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...games.american_rails.board import load_board
from ...games.american_rails.rules import RULES
from ...games.american_rails.transitions import STEP_TYPES
from ..codec import Block, ChoiceEncoder, Planes, edges_geometric, slices

SLUG = "american-rails"
STEPS = tuple(STEP_TYPES)
MONEY = 10.0
#: bid buckets above the minimum bid: one dollar wide to +15, then wider
BID_EDGES = edges_geometric(16, [(2, 24), (4, 40), (8, 64), (16, 128)])


class AmericanRailsEncoder(ChoiceEncoder):
    slug = SLUG

    def __init__(self, players: int, options: dict | None = None) -> None:
        if players not in RULES.starting_money:
            raise ValueError(f"American Rails is played by {min(RULES.starting_money)} to "
                             f"{max(RULES.starting_money)} players, not {players}")
        b = self.board = load_board((options or {}).get("board"), RULES.special_names)
        cids = [c.id for c in RULES.companies]
        hexes = list(b.ids)
        cities = list(b.cities)
        urbanisable = [h for h in cities if b.urbanisable[h]]
        super().__init__(players, [
            Block("offer", ("company",), [(c,) for c in cids]),
            Block("bid", number="amount", edges=BID_EDGES, relative=True),
            Block("pass"),
            Block("place", ("hex",), [(hexes[h],) for h in cities]),
            Block("space", ("space",), [(s,) for s in RULES.spaces]),
            Block("finance", ("company",), [(c,) for c in cids]),
            Block("urbanise", ("hex",), [(hexes[h],) for h in urbanisable]),
            Block("take2"),
            Block("levy"),
            Block("build", ("company", "hex"), [(c, h) for c in cids for h in hexes]),
            Block("stop"),
            Block("forgo"),
        ])
        n, nc, nh = players, len(cids), len(hexes)
        self.nh = nh
        self._planes = Planes(nh)
        ns = len(RULES.spaces)
        # numbers first (raw, then scaled by one multiplication), one-hot parts next, bit
        # planes last
        numbers = [
            ("year", 1, f"year index / {len(RULES.years) - 1} ({RULES.years[0]} = 0)"),
            ("cash", n, "players' cash / 10, from the observing seat on"),
            ("company_cash", nc, "companies' treasuries / 10 (" + ", ".join(cids) + ")"),
            ("income", nc, "companies' income / 10"),
            ("shares_left", nc, "shares not yet sold"),
            ("shares_out", nc, "shares removed from the game"),
            ("held", nc * n, "shares held, company-major, players from the observing seat"),
            ("cubes_left", nc, "cubes left in the company's supply / 10"),
            ("in_play", nc, "1 if the company is in the game (3 players: one is out)"),
            ("markers_left", 1, "development markers left / their number"),
            ("expand", 2, "cubes still to place / 4, cubes placed in this expansion / 4"),
            ("auction_minimum", 1, "the next legal bid / 10 (0 when no auction)"),
            ("auction_high_bid", 1, "the high bid / 10 (0 when none)"),
            ("setup_offered", nc, "set-up auction: 1 for each company already offered"),
        ]
        onehots = [
            ("step", len(STEPS), "one-hot: " + ", ".join(STEPS) + " (all 0 at the end)"),
            ("phase", RULES.phases + 1, "one-hot: 0 = set-up auction, 1..3 action phases"),
            ("to_act", n, "one-hot: the seat to act, from the observing seat (0 = itself); "
                          "all 0 when the game is over"),
            ("player_order", n * n, "position-major: one-hot seat (from the observing "
                                    "seat) on each player-order space, top first"),
            ("columns", RULES.phases * ns * n,
             "phase-major, then action space (" + ", ".join(RULES.spaces) + "): one-hot "
             "seat whose marker stands there (all 0: free)"),
            ("space", ns, "one-hot: the action space being carried out"),
            ("auction_lot", nc, "one-hot: the company whose share is on auction"),
            ("auction_high_bidder", n, "one-hot: the high bidder, from the observing seat"),
            ("auction_passed", n, "1 for each seat that has passed"),
        ]
        planes = [
            ("cubes", nc * nh, "1 where the company has a cube: company-major, hexes in "
                               "board order"),
            ("urban", nh, "1 where a development marker stands"),
        ]
        self._layout = slices(numbers + onehots + planes)
        at = self._at = {name: start for name, start, _stop, _m in self._layout}
        self._nums = at["step"]
        self._planes_at = at["cubes"]
        self.obs_shape = (self._layout[-1][2],)
        self.info_shape = None
        scale = np.ones(self._nums, dtype=np.float32)
        scale[at["year"]] = 1.0 / (len(RULES.years) - 1)
        for name, size in (("cash", n), ("company_cash", nc), ("income", nc),
                           ("cubes_left", nc), ("auction_minimum", 1),
                           ("auction_high_bid", 1)):
            scale[at[name]:at[name] + size] = 1.0 / MONEY
        scale[at["markers_left"]] = 1.0 / RULES.urbanisation_markers
        scale[at["expand"]:at["expand"] + 2] = 0.25
        self._scale = scale
        self._in_play = {}
        self._fast_tables()

    # ---- ids straight from the state (the rules of ``legal_actions``) -----------------
    def _fast_tables(self) -> None:
        by = self._by_type
        b = self.board
        self._offer, self._bid = by["offer"].start, by["bid"]
        self._pass, self._space = by["pass"].start, by["space"].start
        self._finance, self._take2 = by["finance"].start, by["take2"].start
        self._levy, self._build = by["levy"].start, by["build"].start
        self._stop, self._forgo = by["stop"].start, by["forgo"].start
        self._place_id = {b.index[key[0]]: by["place"].start + i
                          for i, key in enumerate(by["place"].keys)}
        self._urb_id = {b.index[key[0]]: by["urbanise"].start + i
                        for i, key in enumerate(by["urbanise"].keys)}

    def _builds(self, s: Any, p: int) -> list[int]:
        base, nh = self._build, self.nh
        return [base + c * nh + h for c, h, _cost in s.legal_builds(p)]

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of ``legal_actions()``, read from the state directly (the same rules:
        tests/envs check both at every position of random games)."""
        s = state
        p = s.actor
        if p is None:
            return []
        step = s.step
        if step == "space":
            col = s.columns[s.phase - 1]
            base = self._space
            return [base + i for i, x in enumerate(col) if x is None]
        if step == "bid":
            lo = s._min_bid()
            hi = s.cash[p]
            out = self.block_ids(self._bid, 0, lo, hi) if hi >= lo else []
            out.append(self._pass)
            return out
        if step == "expand":
            out = self._builds(s, p)
            out.append(self._stop)
            return out
        if step == "offer":
            base = self._offer
            out = [base + c for c in s.in_play if s.shares_left[c] > 0
                   and not (s.phase == 0 and s.setup_offered[c])]
            if s.phase > 0:
                out.append(self._forgo)
            return out
        b = self.board
        if step == "place":
            pid = self._place_id
            return sorted(pid[h] for h in b.cities if s.hexmask[h] == 0)
        if step == "finance":
            out = [self._finance + c for c in s.in_play]
            out.append(self._forgo)
            return out
        if step == "urbanise":
            out = []
            if s.markers_left > 0:
                uid = self._urb_id
                out = sorted(uid[h] for h in b.cities if b.urbanisable[h] and not s.urban[h]
                             and s.hexmask[h])
            out.append(self._forgo)
            return out
        if step == "take2":
            out = [self._take2, self._levy]
            if s.n >= 4:
                out += self._builds(s, p)
            out.append(self._forgo)
            return out
        return []

    def number_low(self, state: Any, block: Block) -> int:
        return state._min_bid()

    def observation(self, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.empty(self.obs_shape, dtype=np.float32)
        s = state
        n = self.players
        nc = len(RULES.companies)
        at = self._at
        cash = s.cash
        v = [s.year_index]
        v += cash[seat:] + cash[:seat]
        v += s.ccash
        v += s.income
        v += s.shares_left
        v += s.shares_out
        held = s.held
        for column in zip(*(held[seat:] + held[:seat])):
            v += column
        v += s.cubes_left
        in_play = self._in_play.get(s.in_play)
        if in_play is None:
            in_play = self._in_play[s.in_play] = [1 if c in s.in_play else 0
                                                  for c in range(nc)]
        v += in_play
        v.append(s.markers_left)
        v.append(s.expand_left)
        v.append(s.expand_built)
        a = s.auction
        bidding = a is not None and s.step == "bid" and s.actor is not None
        if bidding:
            v.append(a.next_minimum)
            v.append(a.high_bid or 0)
        else:
            v += (0, 0)
        v += s.setup_offered
        k = self._nums
        # the one-hot part as a list of zeros with its ones set (indices from its start)
        hot = [0] * (self._planes_at - k)
        hot[at["phase"] - k + s.phase] = 1
        if s.actor is not None:
            hot[at["step"] - k + STEPS.index(s.step)] = 1
            hot[at["to_act"] - k + (s.actor - seat) % n] = 1
        base = at["player_order"] - k
        for i, p in enumerate(s.track[:n]):
            hot[base + i * n + (p - seat) % n] = 1
        base = at["columns"] - k
        ns = len(RULES.spaces)
        for ph, col in enumerate(s.columns):
            for j, p in enumerate(col):
                if p is not None:
                    hot[base + (ph * ns + j) * n + (p - seat) % n] = 1
        if s.space is not None:
            hot[at["space"] - k + RULES.spaces.index(s.space)] = 1
        if bidding:
            hot[at["auction_lot"] - k + a.lot] = 1
            if a.high_bidder is not None:
                hot[at["auction_high_bidder"] - k + (a.high_bidder - seat) % n] = 1
            base = at["auction_passed"] - k
            for p in a.passed:
                hot[base + (p - seat) % n] = 1
        v += hot
        out[:self._planes_at] = v
        out[:k] *= self._scale
        out[self._planes_at:] = self._planes.rows((*s.closed, _urban_mask(s.urban)))
        return out

    def observation_string(self, state: Any, seat: int) -> str:
        s = state
        b = self.board
        lines = [f"American Rails, seen by seat {seat}; year {s.year}, phase {s.phase}, "
                 f"step {s.step}; to act: {s.actor}"]
        lines.append("cash: " + ", ".join(f"seat {p} ${s.cash[p]}" for p in range(s.n)))
        for c, co in enumerate(RULES.companies):
            if c not in s.in_play:
                continue
            lines.append(f"{co.id}: treasury=${s.ccash[c]} income={s.income[c]} "
                         f"shares_left={s.shares_left[c]} held="
                         f"{[s.held[p][c] for p in range(s.n)]} cubes="
                         f"{[b.ids[h] for h in s.comp_hexes[c]]}")
        lines.append(f"player order {s.track}; columns {s.columns}")
        return "\n".join(lines)

    def layout(self) -> list[tuple[str, int, int, str]]:
        return list(self._layout)


_URBAN: dict[tuple, int] = {}


def _urban_mask(urban: list[bool]) -> int:
    """The development markers as a bit mask (remembered per pattern)."""
    key = tuple(urban)
    m = _URBAN.get(key)
    if m is None:
        if len(_URBAN) > 4096:
            _URBAN.clear()
        m = 0
        for h, u in enumerate(urban):
            if u:
                m |= 1 << h
        _URBAN[key] = m
    return m


def make_encoder(players: int, options: dict | None = None) -> AmericanRailsEncoder:
    return AmericanRailsEncoder(players, options)
