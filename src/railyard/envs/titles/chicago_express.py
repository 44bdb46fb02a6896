"""Chicago Express: action ids and the observation tensor.

Ids (docs/research.md prints the table): bid (amount in buckets above the minimum bid),
pass, choose auction/build/develop, offer a company's share, build company x hex, develop
hex, forgo, end_build.  Nothing is hidden (open auctions, no cards): the observation is the
whole table, seen from the seat (players are listed from the seat on: index 0 is the seat
itself, 1 the next seat, ...).  Money is divided by 10.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...games.chicago_express.board import ACTIONS, board
from ...games.chicago_express.state import (AUCTION, BUILD, CHOOSE, DEVELOP, OFFER, OPENING,
                                            OVER)
from ..codec import Block, ChoiceEncoder, Planes, edges_geometric, slices

SLUG = "chicago-express"
PHASES = (OPENING, CHOOSE, OFFER, AUCTION, BUILD, DEVELOP, OVER)
AUCTION_KINDS = ("opening", "share", "wabash")
MONEY = 10.0
#: bid buckets above the minimum bid: one dollar wide to +15, then wider
BID_EDGES = edges_geometric(16, [(2, 24), (4, 40), (8, 64), (16, 128)])


class ChicagoExpressEncoder(ChoiceEncoder):
    slug = SLUG

    def __init__(self, players: int, options: dict | None = None) -> None:
        b = self.board = board()
        if not b.min_players <= players <= b.max_players:
            raise ValueError(f"Chicago Express is played by {b.min_players} to "
                             f"{b.max_players} players, not {players}")
        cids = [c.id for c in b.companies]
        hexes = list(b.hex_ids)
        buildable = [h for h in range(len(hexes)) if b.buildable >> h & 1]
        developable = [h for h in range(len(hexes))
                       if b.development[h] in ("once", "industry_track")]
        self.build_hexes = buildable
        super().__init__(players, [
            Block("bid", number="amount", edges=BID_EDGES, relative=True, extra=True),
            Block("pass"),
            Block("choose", ("action",), [(a,) for a in ACTIONS]),
            Block("offer", ("company",), [(c,) for c in cids]),
            Block("build", ("company", "hex"),
                  [(c, hexes[h]) for c in cids for h in buildable]),
            Block("develop", ("hex",), [(hexes[h],) for h in developable]),
            Block("forgo"),
            Block("end_build"),
        ])
        n, nc, nh = players, len(cids), len(hexes)
        self.nh = nh
        self._planes = Planes(nh)
        # numbers first (raw values, then scaled by one multiplication), one-hot parts
        # next, bit planes last: an observation is filled by a handful of numpy calls
        numbers = [
            ("cash", n, "players' cash / 10, from the observing seat on"),
            ("shares_held", nc * n, "shares held, company-major (company c, player p at "
                                    "c * players + p), players from the observing seat on"),
            ("company_cash", nc, "companies' treasury / 10 (" + ", ".join(cids) + ")"),
            ("income", nc, "companies' income / 10"),
            ("locomotives_left", nc, "locomotives not yet on the board"),
            ("shares_left", nc, "shares still on the company tableau"),
            ("open", nc, "1 if the company is open (Wabash: after Chicago)"),
            ("dials", 3, "action pointers (auction, build, develop), as a fraction of "
                         "their red space"),
            ("auction_minimum", 1, "the next legal bid / 10 (0 when no auction)"),
            ("auction_high_bid", 1, "the high bid / 10 (0 when none)"),
            ("built", 1, "locomotives placed in this build action / 3"),
            ("houses_left", 1, "houses left in the supply / their number at the start"),
            ("industry", len(b.industries), "industry marker position / last position ("
             + ", ".join(i.name for i in b.industries) + ")"),
            ("chicago_reached", 1, "1 once a company has reached Chicago"),
            ("general_dividends", 1, "general dividends paid so far / 10"),
        ]
        onehots = [
            ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
            ("to_act", n, "one-hot: the seat to act, counted from the observing seat "
                          "(0 = itself); all 0 when the game is over"),
            ("auction_lot", nc, "one-hot: the company whose share is on auction"),
            ("auction_kind", len(AUCTION_KINDS), "one-hot: " + ", ".join(AUCTION_KINDS)),
            ("auction_high_bidder", n, "one-hot: the high bidder, from the observing seat"),
            ("auction_passed", n, "1 for each seat that has passed, from the observing seat"),
            ("build_company", nc, "one-hot: the company building in this build action"),
        ]
        planes = [
            ("network", nc * nh, "1 where the company has a locomotive: company-major, "
                                 "hexes in board order (docs/research.md)"),
            ("houses", nh, "1 where a house stands"),
        ]
        self._layout = slices(numbers + onehots + planes)
        at = {name: start for name, start, _stop, _m in self._layout}
        self._at = at
        self._nums = at["phase"]
        self._planes_at = at["network"]
        self.obs_shape = (self._layout[-1][2],)
        scale = np.ones(self._nums, dtype=np.float32)
        for name in ("cash", "company_cash", "income", "auction_minimum", "auction_high_bid"):
            lo, hi = at[name], next(st for nm, _s, st, _m in self._layout if nm == name)
            scale[lo:hi] = 1.0 / MONEY
        d = b.dials
        scale[at["dials"]:at["dials"] + 3] = (1.0 / d[0], 1.0 / d[1], 1.0 / d[2])
        scale[at["built"]] = 1.0 / 3.0
        scale[at["houses_left"]] = 1.0 / b.houses
        for i, ind in enumerate(b.industries):
            scale[at["industry"] + i] = 1.0 / (len(ind.values) - 1)
        scale[at["general_dividends"]] = 0.1
        self._scale = scale
        self.info_shape = None
        self._fast_tables()

    # ---- ids straight from the state (the rules of ``legal_actions``) -----------------
    def _fast_tables(self) -> None:
        by = self._by_type
        b = self.board
        self._bid = by["bid"]
        self._pass = by["pass"].start
        self._choose = by["choose"].start
        self._offer = by["offer"].start
        self._forgo = by["forgo"].start
        self._end_build = by["end_build"].start
        build = by["build"]
        nb = len(self.build_hexes)
        col = {h: i for i, h in enumerate(self.build_hexes)}
        self._build_id = [[build.start + c * nb + col[h] if h in col else -1
                           for h in range(len(b.hex_ids))] for c in range(len(b.companies))]
        dev = by["develop"]
        self._develop_id = {b.index[key[0]]: dev.start + i for i, key in enumerate(dev.keys)}

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of ``legal_actions()``, read from the state directly (the same rules:
        tests/envs check both at every position of random games)."""
        s = state
        if s.over:
            return []
        ph = s.phase
        p = s.current_player
        if ph == OPENING or ph == AUCTION:
            lo = s.auction.next_minimum
            hi = s.cash[p]
            out = self.block_ids(self._bid, 0, lo, hi) if hi >= lo else []
            out.append(self._pass)
            return out
        if ph == CHOOSE:
            d, top = s.dials, self.board.dials
            return [self._choose + i for i in range(3) if d[i] < top[i]]
        if ph == OFFER:
            out = [self._offer + c for c in s.offerable()]
            out.append(self._forgo)
            return out
        if ph == BUILD:
            out = []
            bc = s.build_company
            table = self._build_id
            for c in (range(len(table)) if bc is None else (bc,)):
                m = s.build_mask(p, c)
                row = table[c]
                while m:
                    low = m & -m
                    out.append(row[low.bit_length() - 1])
                    m ^= low
            out.append(self._end_build if s.built else self._forgo)
            return out
        if ph == DEVELOP:
            dev = self._develop_id
            out = [dev[h] for h in s.legal_develops()]
            out.append(self._forgo)
            return out
        return []

    def number_low(self, state: Any, block: Block) -> int:
        return state.auction.next_minimum

    def fixed_extra(self, state: Any, block: Block) -> dict[str, Any] | None:
        if block.type == "bid":
            return {"company": self.board.companies[state.auction.lot].id}
        return None

    # ---- observation -------------------------------------------------------------------
    def observation(self, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.empty(self.obs_shape, dtype=np.float32)
        s = state
        n = self.players
        at = self._at
        cash = s.cash
        v = cash[seat:] + cash[:seat]
        for row in s.held:
            v += row[seat:] + row[:seat]
        v += s.ccash
        v += s.income
        v += s.locos
        v += s.treasury
        v += s.opened
        v += s.dials
        a = s.auction
        ph = s.phase
        in_auction = a is not None and (ph == OPENING or ph == AUCTION)
        if in_auction:
            v += (a.next_minimum, a.high_bid or 0)
        else:
            v += (0, 0)
        v.append(s.built)
        v.append(s.houses_left)
        v += s.industry
        v.append(s.chicago_reached)
        v.append(s.general_dividends)
        k = self._nums
        # the one-hot part as a list of zeros with its ones set (indices from its start)
        hot = [0] * (self._planes_at - k)
        hot[at["phase"] - k + PHASES.index(ph)] = 1
        cp = s.current_player
        if cp is not None:
            hot[at["to_act"] - k + (cp - seat) % n] = 1
        if in_auction:
            hot[at["auction_lot"] - k + a.lot] = 1
            hot[at["auction_kind"] - k + AUCTION_KINDS.index(a.kind)] = 1
            if a.high_bidder is not None:
                hot[at["auction_high_bidder"] - k + (a.high_bidder - seat) % n] = 1
            base = at["auction_passed"] - k
            for p in a.passed:
                hot[base + (p - seat) % n] = 1
        if s.build_company is not None:
            hot[at["build_company"] - k + s.build_company] = 1
        v += hot
        out[:self._planes_at] = v
        out[:k] *= self._scale
        out[self._planes_at:] = self._planes.rows((*s.network, s.houses_mask))
        return out

    def observation_string(self, state: Any, seat: int) -> str:
        s = state
        b = self.board
        names = [c.id for c in b.companies]
        lines = [f"Chicago Express, seen by seat {seat}; phase {s.phase}; "
                 f"to act: {s.current_player}"]
        lines.append("cash: " + ", ".join(f"seat {p} ${s.cash[p]}" for p in range(s.n)))
        for c, cid in enumerate(names):
            lines.append(f"{cid}: open={s.opened[c]} treasury=${s.ccash[c]} "
                         f"income={s.income[c]} locos_left={s.locos[c]} "
                         f"shares_left={s.treasury[c]} held={s.held[c]} "
                         f"hexes={[b.hex_ids[h] for h in range(self.nh) if s.network[c] >> h & 1]}")
        lines.append(f"dials={s.dials} houses_left={s.houses_left} industry={s.industry}")
        if s.auction is not None and s.phase in (OPENING, AUCTION):
            a = s.auction
            lines.append(f"auction of a {names[a.lot]} share ({a.kind}): high bid "
                         f"{a.high_bid} by {a.high_bidder}, passed {sorted(a.passed)}")
        return "\n".join(lines)

    def layout(self) -> list[tuple[str, int, int, str]]:
        return list(self._layout)


def make_encoder(players: int, options: dict | None = None) -> ChicagoExpressEncoder:
    return ChicagoExpressEncoder(players, options)
