"""North American Railways: action ids, the seat's observation and information state.

Ids (docs/research.md prints the table): found column x price (in $100, buckets by
amount), buy_own column, propose column x price (in $100), allow, buy, end_turn, take_200,
buy_city company x city column, pass.

Hidden (section 4 and its "Hinweis"; ``games/nar/hidden.py``): the other players' money
and the two shares put back into the box.  The observation holds the seat's own money and
everything public (share and city columns, companies, holdings, the round), never the
other players' money nor the box shares; ``tests/envs`` checks that scrambling them leaves
the tensor unchanged.  Players are listed from the observing seat on (0 = itself).  Money
is divided by 1000.

Information state: the observation (what the seat knows now) -- the game's history is
public apart from the set-up's shuffle, and a seat that wants the full record keeps the
actions it saw (OpenSpiel's ``information_state_string`` lists them).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...games.nar.deck import deck_from_option, rules
from ...games.nar.phases import CITIES, OVER, RESPOND, SHARES
from ..codec import Block, ChoiceEncoder, slices

SLUG = "north-american-railways"
PHASES = (SHARES, RESPOND, CITIES, OVER)
MONEY = 1000.0
#: price buckets in $100 (absolute): one wide up to 30 ($3000), then wider
PRICE_EDGES = (*range(1, 31), 31, 35, 40, 45, 50, 60, 70, 80, 90, 100, 150, 200)


class NarEncoder(ChoiceEncoder):
    slug = SLUG

    def __init__(self, players: int, options: dict | None = None) -> None:
        r = self.rules = rules()
        if players not in r.starting_money:
            raise ValueError(f"North American Railways is played by "
                             f"{min(r.starting_money)} to {max(r.starting_money)} players, "
                             f"not {players}")
        self.deck = deck_from_option((options or {}).get("deck", ""))
        ids = r.company_ids
        scols, ccols = r.share_columns, r.city_columns
        pile = len(ids) * r.shares_per_company - r.removed_shares
        self.share_depth = -(-pile // scols)
        self.city_depth = -(-len(self.deck.cities) // ccols)
        columns = [(c,) for c in range(scols)]
        super().__init__(players, [
            Block("found", ("column",), columns, "hundreds", PRICE_EDGES, relative=False),
            Block("buy_own", ("column",), columns),
            Block("propose", ("column",), columns, "hundreds", PRICE_EDGES, relative=False),
            Block("allow"),
            Block("buy"),
            Block("end_turn"),
            Block("take_200"),
            Block("buy_city", ("company", "column"),
                  [(cid, k) for cid in ids for k in range(ccols)]),
            Block("pass"),
        ])
        n, nc = players, len(ids)
        self._layout = slices([
            ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
            ("to_act", n, "one-hot: the seat to act, from the observing seat (0 = itself)"),
            ("start_player", n, "one-hot: the start player of the round, from the "
                                "observing seat"),
            ("own_cash", 1, "the observing seat's own money / 1000 (the others' is secret)"),
            ("round", 1, "round number / 10"),
            ("last_round", 1, "1 in the last round"),
            ("share_columns", scols * self.share_depth * nc,
             f"column-major, {self.share_depth} places per column from the top down "
             "(the last share of a column is the one to pick), one-hot company per place "
             "(all 0: no share there)"),
            ("city_columns", ccols * self.city_depth * 4,
             f"column-major, {self.city_depth} places from the top down, per place: "
             "present, cost / 1000, income / 1000, coast-to-coast symbols"),
            ("director", nc * n, "company-major one-hot: the company's director, from the "
                                 "observing seat (all 0: not founded)"),
            ("holdings", nc * n, "shares held, company-major, players from the observing "
                                 "seat on"),
            ("company_cash", nc, "companies' treasuries / 1000"),
            ("company_income", nc, "companies' income (start city + cities) / 1000"),
            ("company_symbols", nc, "coast-to-coast symbols of the company's cities"),
            ("start_cities_left", 1, "start cities left / their number"),
            ("chosen", nc, "1 for each company already picked in this share turn (a "
                           "director bought it away)"),
            ("pending", scols + nc + 1, "a proposed price waiting for the director: "
                                        "column one-hot, company one-hot, price / 1000"),
            ("passed", n, "city phase: 1 for each seat out of the phase, from the "
                          "observing seat"),
            ("bought_for", n * nc, "city phase: player-major, 1 where the player has "
                                   "bought a city for the company"),
            ("cities_bought", 1, "cities bought in this city phase / 10"),
        ])
        self.obs_shape = (self._layout[-1][2],)
        self.info_shape = self.obs_shape
        self._zero_place = [0.0] * nc

    # ---- observation -------------------------------------------------------------------
    def observation(self, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.empty(self.obs_shape, dtype=np.float32)
        s = state
        n = self.players
        nc = len(self.rules.company_ids)
        order = [(seat + i) % n for i in range(n)]
        v: list[float] = [0.0] * (len(PHASES) + 2 * n)
        v[PHASES.index(s.phase)] = 1.0
        cp = s.current_player
        if cp is not None:
            v[len(PHASES) + (cp - seat) % n] = 1.0
        v[len(PHASES) + n + (s.start_player - seat) % n] = 1.0
        v.append(s.cash[seat] / MONEY)
        v.append(s.round / 10.0)
        v.append(1.0 if s.last_round else 0.0)
        depth = self.share_depth
        zero = self._zero_place
        for col in s.share_cols:
            for c in col:
                place = [0.0] * nc
                place[c] = 1.0
                v += place
            for _ in range(depth - len(col)):
                v += zero
        cards = self.deck.cities
        depth = self.city_depth
        for col in s.city_cols:
            for i in col:
                card = cards[i]
                v += (1.0, card.cost / MONEY, card.income / MONEY, float(card.coast_to_coast))
            v += [0.0] * (4 * (depth - len(col)))
        for c in range(nc):
            row = [0.0] * n
            d = s.director[c]
            if d is not None:
                row[(d - seat) % n] = 1.0
            v += row
        hold = s.holdings
        for c in range(nc):
            v += [hold[p][c] for p in order]
        v += [x / MONEY for x in s.comp_cash]
        v += [s.company_income(c) / MONEY for c in range(nc)]
        v += [s.company_symbols(c) for c in range(nc)]
        v.append(len(s.start_stack) / len(self.deck.start_cities))
        chosen = [0.0] * nc
        for c in s.chosen:
            chosen[c] = 1.0
        v += chosen
        pend = [0.0] * (len(s.share_cols) + nc + 1)
        if s.phase == RESPOND and s.pending is not None:
            column, c, price = s.pending
            pend[column] = 1.0
            pend[len(s.share_cols) + c] = 1.0
            pend[-1] = price / MONEY
        v += pend
        cities_phase = s.phase == CITIES
        v += [1.0 if cities_phase and s.passed[p] else 0.0 for p in order]
        for p in order:
            used = s.used[p] if cities_phase else 0
            v += [float(used >> c & 1) for c in range(nc)]
        v.append(s.bought / 10.0 if cities_phase else 0.0)
        out[:] = v
        return out

    def information_state(self, state: Any, seat: int) -> np.ndarray:
        return self.observation(state, seat)

    def observation_string(self, state: Any, seat: int) -> str:
        s = state
        ids = self.rules.company_ids
        lines = [f"North American Railways, seen by seat {seat}; round {s.round}, phase "
                 f"{s.phase}; to act: {s.current_player}; your money ${s.cash[seat]}"]
        lines.append("share columns: " + " | ".join(",".join(ids[c] for c in col)
                                                    for col in s.share_cols))
        cards = self.deck.cities
        lines.append("city columns: " + " | ".join(
            ",".join(f"{cards[i].name}(${cards[i].cost}/+{cards[i].income})" for i in col)
            for col in s.city_cols))
        for c, cid in enumerate(ids):
            lines.append(f"{cid}: director={s.director[c]} treasury=${s.comp_cash[c]} "
                         f"income={s.company_income(c)} held="
                         f"{[s.holdings[p][c] for p in range(s.n)]}")
        if s.phase == RESPOND and s.pending is not None:
            lines.append(f"pending proposal: {s.pending}")
        return "\n".join(lines)

    def layout(self) -> list[tuple[str, int, int, str]]:
        return list(self._layout)


def make_encoder(players: int, options: dict | None = None) -> NarEncoder:
    return NarEncoder(players, options)
