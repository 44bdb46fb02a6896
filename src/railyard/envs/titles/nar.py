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
from ...games.nar import cities as nar_cities
from ...games.nar import shares as nar_shares
from ...games.nar.money import STEP
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
        sd, cd = self.share_depth, self.city_depth
        # numbers first (raw, then scaled by one multiplication), one-hot parts next
        numbers = [
            ("own_cash", 1, "the observing seat's own money / 1000 (the others' is secret)"),
            ("round", 1, "round number / 10"),
            ("last_round", 1, "1 in the last round"),
            ("holdings", nc * n, "shares held, company-major, players from the observing "
                                 "seat on"),
            ("company_cash", nc, "companies' treasuries / 1000 (" + ", ".join(ids) + ")"),
            ("company_income", nc, "companies' income (start city + cities) / 1000"),
            ("company_symbols", nc, "coast-to-coast symbols of the company's cities"),
            ("start_cities_left", 1, "start cities left / their number"),
            ("pending_price", 1, "a price proposed to a director, waiting for the answer, "
                                 "/ 1000 (0: none)"),
            ("cities_bought", 1, "cities bought in this city phase / 10"),
        ]
        cards = [("city_columns", ccols * cd * 4,
                  f"column-major, {cd} places from the top down (the last card of a column "
                  "is the one to buy), per place: present, cost / 1000, income / 1000, "
                  "coast-to-coast symbols (all 0: no card there)")]
        cards.append(("share_columns", scols * sd * nc,
                      f"column-major, {sd} places per column from the top down (the last "
                      "share of a column is the one to pick), one-hot company per place "
                      "(all 0: no share there)"))
        onehots = [
            ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
            ("to_act", n, "one-hot: the seat to act, from the observing seat (0 = itself)"),
            ("start_player", n, "one-hot: the start player of the round, from the "
                                "observing seat"),
            ("director", nc * n, "company-major one-hot: the company's director, from the "
                                 "observing seat (all 0: not founded)"),
            ("chosen", nc, "1 for each company already picked in this share turn (a "
                           "director bought it away)"),
            ("pending_column", scols, "one-hot: the share column of a proposed price"),
            ("pending_company", nc, "one-hot: the company of a proposed price"),
            ("passed", n, "city phase: 1 for each seat out of the phase, from the "
                          "observing seat"),
            ("bought_for", n * nc, "city phase: player-major (from the observing seat), 1 "
                                   "where the player has bought a city for the company"),
        ]
        self._layout = slices(numbers + cards + onehots)
        at = self._at = {name: start for name, start, _stop, _m in self._layout}
        self._nums = at["city_columns"]
        self._cards_at = (at["city_columns"], at["share_columns"], at["phase"])
        self.obs_shape = (self._layout[-1][2],)
        self.info_shape = self.obs_shape
        scale = np.full(self._nums, 1.0 / MONEY, dtype=np.float32)
        scale[at["round"]] = 0.1
        scale[at["last_round"]] = 1.0
        scale[at["holdings"]:at["holdings"] + nc * n] = 1.0
        scale[at["company_symbols"]:at["company_symbols"] + nc] = 1.0
        scale[at["start_cities_left"]] = 1.0 / len(self.deck.start_cities)
        scale[at["cities_bought"]] = 0.1
        self._scale = scale
        #: per card (and a last row of zeros for an empty place): its four numbers
        self._card = np.array([(1.0, card.cost / MONEY, card.income / MONEY,
                                float(card.coast_to_coast)) for card in self.deck.cities]
                              + [(0.0, 0.0, 0.0, 0.0)], dtype=np.float32)
        self._no_card = len(self.deck.cities)
        self._columns: dict[tuple, np.ndarray] = {}
        #: one-hot rows per company (and a last row of zeros for an empty place)
        self._share = np.vstack([np.eye(nc, dtype=np.float32),
                                 np.zeros((1, nc), dtype=np.float32)])
        self._start_income = [sc.income for sc in self.deck.start_cities]
        self._symbols = [card.coast_to_coast for card in self.deck.cities]
        self._fast_tables()

    # ---- ids straight from the state (the rules of ``legal_actions``) -----------------
    def _fast_tables(self) -> None:
        by = self._by_type
        self._found, self._own, self._propose = by["found"], by["buy_own"], by["propose"]
        self._allow, self._buy = by["allow"].start, by["buy"].start
        self._end_turn, self._take = by["end_turn"].start, by["take_200"].start
        self._city = by["buy_city"].start
        self._ccols = self.rules.city_columns
        self._pass = by["pass"].start

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of ``legal_actions()``, read from the state directly (the same rules:
        tests/envs check both at every position of random games)."""
        s = state
        ph = s.phase
        if ph == SHARES:
            p = nar_shares.actor(s)
            if nar_shares.broke(s, p):
                return [self._take]
            hi = s.cash[p] // STEP
            out = []
            for case, column, _c in nar_shares.options(s, p):
                if case == nar_shares.FOUND:
                    out += self.block_ids(self._found, column, 1, hi)
                elif case == nar_shares.OWN:
                    out.append(self._own.start + column)
                else:
                    out += self.block_ids(self._propose, column, 1, hi)
            if s.chosen:
                out.append(self._end_turn)
            out.sort()
            return out
        if ph == RESPOND:
            d = s.director[s.pending[1]]
            if s.cash[d] >= s.pending[2]:
                return [self._allow, self._buy]
            return [self._allow]
        if ph == CITIES:
            base, ccols = self._city, self._ccols
            out = [base + c * ccols + column
                   for c, column in nar_cities.buyable(s, s.seat)]
            out.append(self._pass)
            return out
        return []

    def number_low(self, state: Any, block: Block) -> int:
        return 1

    # ---- observation -------------------------------------------------------------------
    def observation(self, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.empty(self.obs_shape, dtype=np.float32)
        s = state
        n = self.players
        nc = len(self.rules.company_ids)
        at = self._at
        ph = s.phase
        v: list = [s.cash[seat], s.round, s.last_round]
        hold = s.holdings
        for column in zip(*(hold[seat:] + hold[:seat])):
            v += column
        v += s.comp_cash
        incomes = self.deck.incomes
        start_income = self._start_income
        symbols = self._symbols
        starts = s.comp_start
        for c, cities in enumerate(s.comp_cities):
            st = starts[c]
            v.append((0 if st is None else start_income[st]) + sum([incomes[x] for x in cities]))
        for cities in s.comp_cities:
            v.append(sum([symbols[x] for x in cities]))
        v.append(len(s.start_stack))
        pending = s.pending if ph == RESPOND else None
        v.append(pending[2] if pending is not None else 0)
        cities_phase = ph == CITIES
        v.append(s.bought if cities_phase else 0)
        k = self._nums
        out[:k] = v
        out[:k] *= self._scale
        a, b, e = self._cards_at
        # the two column parts, remembered per content (they change by one card or share
        # now and then)
        key = (*map(tuple, s.city_cols), *map(tuple, s.share_cols))
        part = self._columns.get(key)
        if part is None:
            part = self._columns_part(s, nc)
            if len(self._columns) >= 4096:
                self._columns.clear()
            self._columns[key] = part
        out[a:e] = part
        out[e:] = 0.0
        hot = [at["phase"] + PHASES.index(ph)]
        cp = s.current_player
        if cp is not None:
            hot.append(at["to_act"] + (cp - seat) % n)
        hot.append(at["start_player"] + (s.start_player - seat) % n)
        base = at["director"]
        for c, d in enumerate(s.director):
            if d is not None:
                hot.append(base + c * n + (d - seat) % n)
        base = at["chosen"]
        for c in s.chosen:
            hot.append(base + c)
        if pending is not None:
            hot.append(at["pending_column"] + pending[0])
            hot.append(at["pending_company"] + pending[1])
        if cities_phase:
            base = at["passed"]
            used = s.used
            bought = at["bought_for"]
            for k2 in range(n):
                p = (seat + k2) % n
                if s.passed[p]:
                    hot.append(base + k2)
                u = used[p]
                while u:
                    low = u & -u
                    hot.append(bought + k2 * nc + low.bit_length() - 1)
                    u ^= low
        out[hot] = 1.0
        return out

    def _columns_part(self, s: Any, nc: int) -> np.ndarray:
        cd, sd = self.city_depth, self.share_depth
        places: list[int] = []
        for col in s.city_cols:
            places += col
            places += [self._no_card] * (cd - len(col))
        shares: list[int] = []
        for col in s.share_cols:
            shares += col
            shares += [nc] * (sd - len(col))
        return np.concatenate([self._card[places].ravel(), self._share[shares].ravel()])

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
