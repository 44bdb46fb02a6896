"""Chicago Express: the game state and its rules.

Section names in comments refer to the German rulebook (seed 004): "Spielvorbereitung"
(opening auctions), "Spielablauf" (turn, dials), "Versteigerung einer Aktie" (auction),
"Streckenausbau" (build), "Entwicklung eines Spielfeldes" (develop), "Dividenden-Phase",
"Chicago-Phase", "Spielende".  Rulings where the text is silent are in
``docs/games/chicago-express.md``.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...cube.auction import Auction
from ...cube.hexgrid import bits
from ...engine.actions import _EMPTY, Action, Choice, get_int, get_str
from ...engine.errors import (MALFORMED, NOT_ALLOWED, UNAFFORDABLE, UNKNOWN_ID, WRONG_PHASE,
                              IllegalAction)
from ...engine.state import GameState, Result, winners_by_max
from .board import ACTIONS, Board, board
from .story import StoryMixin

# phases
OPENING = "opening_auction"
CHOOSE = "choose_action"
OFFER = "offer_share"
AUCTION = "auction"
BUILD = "build"
DEVELOP = "develop"
OVER = "game_over"

BANK_START = 10_000  # the bank never runs out; this only lets tests check conservation

AUCTION_I, BUILD_I, DEVELOP_I = 0, 1, 2


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


class ChicagoExpressState(StoryMixin, GameState):
    title = "chicago-express"

    def __init__(self, players: list[str], seed: int = 0,
                 options: Mapping[str, Any] | None = None, *, _blank: bool = False) -> None:
        super().__init__(players, seed, options or {})
        if _blank:
            return
        b = self.board = board()
        n = len(players)
        if not b.min_players <= n <= b.max_players:
            raise ValueError(f"Chicago Express needs {b.min_players}-{b.max_players} players")
        nc = len(b.companies)
        self.cash = [b.money_per_player[n]] * n
        self.held = [[0] * n for _ in range(nc)]          # held[company][player]
        self.ccash = [0] * nc
        self.income = [0] * nc
        self.locos = [c.locomotives for c in b.companies]  # locomotives not yet on the board
        self.treasury = [c.shares for c in b.companies]    # shares still on the company tableau
        self.opened = [c.opens_at_start for c in b.companies]
        self.network = [0] * nc
        self.frontier = [0] * nc
        self.occ = [0] * len(b.hex_ids)                    # bit c set: company c has a loco there
        self.occupied = 0                                  # mask of hexes with any locomotive
        self.stacked = [0] * (nc + 1)                      # [k]: mask of hexes with k locos
        self.houses_mask = 0
        self.houses_left = b.houses
        self.industry = [0] * len(b.industries)            # index into Industry.values
        self.dials = [0, 0, 0]
        self.bank = BANK_START
        self.phase = OPENING
        self.turn = 0                                      # seat whose turn it is
        self.auction: Auction | None = None
        self.opening_step = 0
        self.build_company: int | None = None
        self.built = 0
        self.chicago_reached = False
        self.general_dividends = 0
        self.over = False
        # "Spielaufbau": one loco of every company on its start hex; income markers set
        for c in b.companies:
            if c.opens_at_start:
                self._place(c.index, c.start_hex)
                self.income[c.index] = c.start_income
        # "Spielvorbereitung": the banker (seat 0) starts the first auction
        self._start_opening_auction(0)

    # ------------------------------------------------------------------ copying
    def clone(self) -> "ChicagoExpressState":
        o = ChicagoExpressState.__new__(ChicagoExpressState)
        o.__dict__.update(self.__dict__)
        o.cash = self.cash[:]
        o.held = [row[:] for row in self.held]
        o.ccash = self.ccash[:]
        o.income = self.income[:]
        o.locos = self.locos[:]
        o.treasury = self.treasury[:]
        o.opened = self.opened[:]
        o.network = self.network[:]
        o.frontier = self.frontier[:]
        o.occ = self.occ[:]
        o.stacked = self.stacked[:]
        o.industry = self.industry[:]
        o.dials = self.dials[:]
        return o

    def random_playout(self, bot: Any, max_actions: int) -> int:
        """Random play to the end without Choices, dicts and re-validation (``playout.py``);
        the same game as ``bot`` (a RandomBot) would play through ``apply()``."""
        from .playout import random_playout
        return random_playout(self, bot, max_actions)

    # ------------------------------------------------------------------ helpers
    @property
    def n(self) -> int:
        return len(self.players)

    def sold(self, c: int) -> int:
        return sum(self.held[c])

    def industry_value(self, i: int) -> int:
        return self.board.industries[i].values[self.industry[i]]

    def company_id(self, c: int) -> str:
        return self.board.companies[c].id

    def _company(self, action: Mapping[str, Any]) -> int:
        cid = get_str(action, "company")
        c = self.board.company_index.get(cid)
        if c is None:
            known = ", ".join(self.board.company_index)
            raise IllegalAction(f"There is no company {cid!r}; companies: {known}.", UNKNOWN_ID)
        return c

    def _hex(self, action: Mapping[str, Any]) -> int:
        hid = get_str(action, "hex")
        h = self.board.index.get(hid)
        if h is None:
            raise IllegalAction(f"There is no hex {hid!r} on the board.", UNKNOWN_ID)
        return h

    def _place(self, c: int, h: int) -> None:
        k = self.occ[h].bit_count()
        self.stacked[k] &= ~(1 << h)
        self.stacked[k + 1] |= 1 << h
        self.occ[h] |= 1 << c
        self.occupied |= 1 << h
        self.network[c] |= 1 << h
        self.frontier[c] |= self.board.neighbor_mask[h]
        self.locos[c] -= 1

    def _pay_dividend(self, c: int, kind: str = "dividend") -> None:
        """"Allgemeine Dividende": per share income / shares sold, rounded up, from the bank."""
        held = self.held[c]
        sold = sum(held)
        if sold == 0:
            if self.opened[c]:
                self.note(kind, c, self.income[c], 0, 0, ())
            return
        per_share = -(-self.income[c] // sold)          # ceil_div
        if self._notes is not None:          # only while the story is told
            self.note(kind, c, self.income[c], sold, per_share, tuple(held))
        cash = self.cash
        for p, k in enumerate(held):
            if k:
                cash[p] += per_share * k
        self.bank -= per_share * sold

    def minimum_bid(self, c: int) -> int:
        """"Versteigerung einer Aktie": income / (shares sold + the offered one), rounded up."""
        return -(-self.income[c] // (sum(self.held[c]) + 1))      # ceil_div

    # ------------------------------------------------------------------ auctions
    def _start_opening_auction(self, starter: int) -> None:
        c = self.board.opening_order[self.opening_step]
        self.auction = Auction.start(c, starter, self.n, self.board.companies[c].opening_bid,
                                     "opening")
        self.phase = OPENING

    def _finish_auction(self) -> None:
        a = self.auction
        assert a is not None and a.done
        c = a.lot
        winner = a.high_bidder             # the winner (the auction is done)
        if winner is None and a.kind == "opening":
            winner = a.starter  # "bekommt der Startbieter die Aktie kostenlos"
            price = 0
        else:
            price = a.high_bid or 0
        self.auction = None
        if self._notes is not None:
            self.note("sold", c, winner, price, a.kind, a.high_bidder is None)
        if winner is not None:
            self.cash[winner] -= price
            self.ccash[c] += price
            self.held[c][winner] += 1
            self.treasury[c] -= 1
        if a.kind == "opening":
            self.opening_step += 1
            if self.opening_step < len(self.board.opening_order):
                self._start_opening_auction(winner)
            else:
                prr = self.board.opening_order[0]
                self.turn = self.held[prr].index(1)  # the PRR share's owner starts
                self.note("first_turn", self.turn, prr)
                self.phase = CHOOSE
        else:
            self._end_turn()

    # ------------------------------------------------------------------ turn flow
    def _end_turn(self) -> None:
        self.build_company = None
        self.built = 0
        self.turn = (self.turn + 1) % len(self.players)
        self.phase = CHOOSE
        # "Dividenden-Phase": when a turn begins with two pointers on red
        d, top = self.dials, self.board.dials
        if (d[0] >= top[0]) + (d[1] >= top[1]) + (d[2] >= top[2]) >= 2:
            self.note("dividend_phase", self.turn)
            self._general_dividend()

    def end_conditions(self) -> list[str]:
        """"Spielende": which of the four conditions hold now."""
        b = self.board
        out = []
        if self.locos.count(0) >= 3:
            out.append("three or more companies have no locomotives left")
        if self.treasury.count(0) >= 3:
            out.append("three or more companies have no shares left")
        if self.houses_left <= 3:
            out.append("three or fewer houses are left in the supply")
        for i, ind in enumerate(b.industries):
            if ind.game_end_at is not None and self.industry_value(i) >= ind.game_end_at:
                out.append(f"{ind.name} stands at {ind.game_end_at}")
        return out

    def _general_dividend(self) -> None:
        for c in range(len(self.board.companies)):
            self._pay_dividend(c)
        self.general_dividends += 1
        if self.end_conditions():
            self.over = True
            self.phase = OVER
            return
        self.dials = [0, 0, 0]
        self.note("dials_reset")
        for i, ind in enumerate(self.board.industries):
            if ind.advances_after_dividend and self.industry[i] < len(ind.values) - 1:
                self.note("industry", i, ind.values[self.industry[i]],
                          ind.values[self.industry[i] + 1], self.occ[ind.hex])
                self._advance_industry(i)

    def _advance_industry(self, i: int) -> None:
        ind = self.board.industries[i]
        gain = ind.values[self.industry[i] + 1] - ind.values[self.industry[i]]
        self.industry[i] += 1
        for c in bits(self.occ[ind.hex]):
            self.income[c] += gain

    # ------------------------------------------------------------------ queries for rules
    def build_cost(self, h: int) -> int:
        return self.board.cost[h] * (self.occ[h].bit_count() + 1)

    def build_income(self, h: int) -> int:
        b = self.board
        i = b.industry_of[h]
        if i is not None:
            return self.industry_value(i)
        gain = b.income[h]
        if self.houses_mask >> h & 1:
            gain += b.bonus[h]
        return gain

    def why_not_build(self, p: int, c: int, h: int) -> tuple[str, str] | None:
        """None if company ``c`` may build on ``h`` for player ``p`` now, else (code, reason)."""
        b = self.board
        cid = b.companies[c].id
        if not self.opened[c]:
            return NOT_ALLOWED, f"The {cid} is not open yet."
        if self.held[c][p] == 0:
            return NOT_ALLOWED, f"You may only build for a company you hold a share of ({cid})."
        if self.build_company is not None and self.build_company != c:
            bc = b.companies[self.build_company].id
            return NOT_ALLOWED, f"This build action is for the {bc}; one company per action."
        if self.locos[c] == 0:
            return NOT_ALLOWED, f"The {cid} has no locomotives left."
        if not b.buildable >> h & 1:
            return NOT_ALLOWED, f"{b.hex_ids[h]} is a start hex; start hexes cannot be built on."
        if self.occ[h] >> c & 1:
            return NOT_ALLOWED, f"The {cid} already has a locomotive on {b.hex_ids[h]}."
        if b.single >> h & 1 and self.occ[h]:
            return NOT_ALLOWED, (f"{b.hex_ids[h]} is {b.terrain[h]}: only one locomotive may "
                                 "stand there.")
        if not self.frontier[c] >> h & 1:
            return NOT_ALLOWED, f"{b.hex_ids[h]} is not next to the {cid}'s network."
        cost = self.build_cost(h)
        if cost > self.ccash[c]:
            return UNAFFORDABLE, (f"Building on {b.hex_ids[h]} costs the {cid} ${cost}; it has "
                                  f"${self.ccash[c]} (players cannot add money).")
        return None

    def build_mask(self, p: int, c: int) -> int:
        """The hexes company ``c`` may build on for player ``p`` now, as a bit mask (the
        rules of ``why_not_build``): next to its network, not its own, buildable, not a
        single hex already taken, and affordable: base cost x (locomotives there + 1) within
        the company's cash, taken level by level from ``stacked`` and the board's
        ``cost_at_most`` masks."""
        if (not self.opened[c] or not self.held[c][p] or not self.locos[c]
                or (self.build_company is not None and self.build_company != c)):
            return 0
        b = self.board
        occupied = self.occupied
        cand = self.frontier[c] & b.buildable & ~self.network[c] & ~(b.single & occupied)
        if not cand:
            return 0
        cash = self.ccash[c]
        if cash < 0:
            return 0
        le = b.cost_at_most
        top = len(le) - 1
        ok = cand & ~occupied & le[cash if cash < top else top]
        stacked = self.stacked
        for k in range(1, len(stacked)):
            level = stacked[k] & cand
            if level:
                v = cash // (k + 1)
                ok |= level & le[v if v < top else top]
        return ok

    def legal_builds(self, p: int, c: int) -> list[int]:
        """The hexes of :meth:`build_mask`, in board order."""
        m = self.build_mask(p, c)
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def why_not_develop(self, h: int) -> str | None:
        b = self.board
        kind = b.development[h]
        name = b.hex_ids[h]
        if kind in ("none", "automatic"):
            if kind == "automatic":
                return f"{b.names[h]} develops by itself after each general dividend."
            return f"{name} ({b.terrain[h]}) cannot be developed."
        if not self.occ[h]:
            return f"{name} has no locomotive; only hexes with a locomotive can be developed."
        if kind == "once":
            if self.houses_mask >> h & 1:
                return f"{name} is already developed; a hex is developed only once."
            if self.houses_left == 0:
                return "No houses are left in the supply."
            return None
        i = b.industry_of[h]
        if self.industry[i] >= len(b.industries[i].values) - 1:
            return f"{b.names[h]} is at the end of its industry track."
        return None

    def legal_develops(self) -> list[int]:
        b = self.board
        cand = self.occupied & b.once & ~self.houses_mask if self.houses_left else 0
        for i, ind in enumerate(b.industries):
            if ind.player_developable and self.industry[i] < len(ind.values) - 1:
                cand |= self.occupied & (1 << ind.hex)
        return list(bits(cand))

    def offerable(self) -> list[int]:
        return [c for c in range(len(self.board.companies)) if self.opened[c] and self.treasury[c]]

    # ------------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.phase in (OPENING, AUCTION):
            return self.auction.bidder
        return self.turn

    def result(self) -> Result | None:
        if not self.over:
            return None
        scores = tuple(self.cash)
        return Result(scores=scores, winners=winners_by_max(scores), unit="cash")

    def legal_actions(self) -> list[Choice]:
        # Choices are immutable and recur from game to game: each is made once and reused
        # (``_CHOICES``), which keeps listing cheap for search bots.
        if self.over:
            return []
        p = self.current_player
        b = self.board
        ph = self.phase
        cache = _CHOICES
        if ph in (OPENING, AUCTION):
            a = self.auction
            lo = a.next_minimum
            cash = self.cash[p]
            key = ("auction", p, a.lot, lo, cash)
            out = cache.get(key)
            if out is None:
                if len(cache) > 100_000:       # bids: keep the cache small
                    cache.clear()
                out = [Choice("pass", p, label="Pass")]
                if cash >= lo:
                    out.insert(0, Choice("bid", p, {"company": b.companies[a.lot].id},
                                         {"amount": (lo, cash)}, label="Bid"))
                cache[key] = out
            return list(out)
        if ph == CHOOSE:
            dials = self.dials
            key = ("choose", p, dials[0] < b.dials[0], dials[1] < b.dials[1],
                   dials[2] < b.dials[2])
            out = cache.get(key)
            if out is None:
                out = cache[key] = [Choice("choose", p, {"action": name}, label=f"Choose {name}")
                                    for i, name in enumerate(ACTIONS) if dials[i] < b.dials[i]]
            return list(out)
        if ph == OFFER:
            out = []
            for c in self.offerable():
                m = self.minimum_bid(c)
                key = ("offer", p, c, m)
                ch = cache.get(key)
                if ch is None:
                    ch = cache[key] = Choice("offer", p, {"company": b.companies[c].id},
                                             label=f"Offer a {b.companies[c].id} share "
                                                   f"(minimum ${m})")
                out.append(ch)
            out.append(_forgo(p, "Forgo the auction"))
            return out
        if ph == BUILD:
            out = []
            companies = ([self.build_company] if self.build_company is not None
                         else range(len(b.companies)))
            ids, cost, occ = b.hex_ids, b.cost, self.occ
            for c in companies:
                for h in self.legal_builds(p, c):
                    price = cost[h] * (occ[h].bit_count() + 1)
                    key = (p, c, h, price)
                    ch = cache.get(key)
                    if ch is None:
                        cid = b.companies[c].id
                        hid = ids[h]
                        ch = cache[key] = Choice("build", p, {"company": cid, "hex": hid},
                                                 _EMPTY, f"{cid} builds on {hid} (${price})")
                    out.append(ch)
            if self.built:
                out.append(_end_build(p))
            else:
                out.append(_forgo(p, "Forgo building"))
            return out
        if ph == DEVELOP:
            out = []
            for h in self.legal_develops():
                key = ("develop", p, h)
                ch = cache.get(key)
                if ch is None:
                    ch = cache[key] = Choice("develop", p, {"hex": b.hex_ids[h]},
                                             label=f"Develop {b.hex_ids[h]}")
                out.append(ch)
            out.append(_forgo(p, "Forgo developing"))
            return out
        return []

    def _apply(self, action: Mapping[str, Any]) -> Action:
        kind = action["type"]
        p = action["player"]
        handler = _HANDLERS.get(self.phase, {}).get(kind)
        if handler is None:
            expected = sorted(_HANDLERS.get(self.phase, {}))
            raise IllegalAction(
                f"'{kind}' is not possible now: the game is in the {self.phase.replace('_', ' ')} "
                f"step, where the possible actions are {', '.join(expected)}.", WRONG_PHASE)
        return handler(self, p, action)

    # ------------------------------------------------------------------ handlers
    def _do_bid(self, p: int, action: Mapping[str, Any]) -> Action:
        """A bid names the lot it bids on (``company``, as ``legal_actions`` lists it): a bid
        without it, or on another company's share, is refused."""
        a = self.auction
        cid = self.board.companies[a.lot].id
        if "company" not in action:
            raise IllegalAction(f"A bid must name the share it is for: 'company' = {cid!r} "
                                f"(the {cid} share is on auction).", MALFORMED, field="company")
        bid_on = self.board.companies[self._company(action)].id
        if bid_on != cid:
            raise IllegalAction(f"The share on auction is the {cid}'s, not the {bid_on}'s.",
                                NOT_ALLOWED, field="company")
        amount = get_int(action, "amount")
        if amount < a.next_minimum:
            if a.high_bid is None:
                raise IllegalAction(f"The minimum bid for this {cid} share is ${a.min_bid}.",
                                    NOT_ALLOWED)
            raise IllegalAction(f"A bid must beat the high bid of ${a.high_bid}.", NOT_ALLOWED)
        if amount > self.cash[p]:
            raise IllegalAction(f"You have only ${self.cash[p]}; you cannot bid ${amount}.",
                                UNAFFORDABLE)
        self.auction = a.bid(amount)
        if self.auction.done:
            self._finish_auction()
        return {"type": "bid", "player": p, "company": cid, "amount": amount}

    def _do_pass(self, p: int, action: Mapping[str, Any]) -> Action:
        self.auction = self.auction.pass_turn()
        if self.auction.done:
            self._finish_auction()
        return {"type": "pass", "player": p}

    def _do_choose(self, p: int, action: Mapping[str, Any]) -> Action:
        name = get_str(action, "action")
        if name not in ACTIONS:
            raise IllegalAction(f"Unknown action {name!r}; choose auction, build or develop.",
                                UNKNOWN_ID)
        i = ACTIONS.index(name)
        if self.dials[i] >= self.board.dials[i]:
            raise IllegalAction(f"The {name} pointer stands on red; choose another action.",
                                NOT_ALLOWED)
        self.dials[i] += 1
        self.phase = (OFFER, BUILD, DEVELOP)[i]
        return {"type": "choose", "player": p, "action": name}

    def _do_offer(self, p: int, action: Mapping[str, Any]) -> Action:
        c = self._company(action)
        cid = self.board.companies[c].id
        if not self.opened[c]:
            raise IllegalAction(f"The {cid}'s shares are offered only after a company reaches "
                                "Chicago.", NOT_ALLOWED)
        if not self.treasury[c]:
            raise IllegalAction(f"The {cid} has no shares left.", NOT_ALLOWED)
        self.auction = Auction.start(c, p, self.n, self.minimum_bid(c), "share")
        self.phase = AUCTION
        return {"type": "offer", "player": p, "company": cid}

    def _do_forgo(self, p: int, action: Mapping[str, Any]) -> Action:
        if self.phase == BUILD and self.built:
            raise IllegalAction("You have already built; use 'end_build' to stop building.",
                                WRONG_PHASE)
        self._end_turn()
        return {"type": "forgo", "player": p}

    def _do_end_build(self, p: int, action: Mapping[str, Any]) -> Action:
        if not self.built:
            raise IllegalAction("Nothing was built yet; use 'forgo' to give up the action.",
                                WRONG_PHASE)
        self._end_turn()
        return {"type": "end_build", "player": p}

    def _do_build(self, p: int, action: Mapping[str, Any]) -> Action:
        c = self._company(action)
        h = self._hex(action)
        why = self.why_not_build(p, c, h)
        if why is not None:
            raise IllegalAction(why[1], why[0])
        return self._build(p, c, h)

    def _build(self, p: int, c: int, h: int) -> Action:
        """Company ``c`` builds on hex ``h`` for player ``p``; the caller has checked that
        this is legal (``why_not_build`` is None; playouts take it from ``legal_builds``)."""
        b = self.board
        self.ccash[c] -= self.build_cost(h)
        self.bank += self.build_cost(h)
        self.income[c] += self.build_income(h)
        self._place(c, h)
        self.build_company = c
        self.built += 1
        out = {"type": "build", "player": p, "company": b.companies[c].id, "hex": b.hex_ids[h]}
        if h == b.chicago:
            # "Chicago-Phase": the extra dividend after the income was raised
            self._pay_dividend(c, "chicago_dividend")
            if not self.chicago_reached:
                self.chicago_reached = True
                self._open_wabash(p)
                return out
        if self.built >= 3 or not self.build_mask(p, c):
            self.note("build_over", p, c, self.built)
            self._end_turn()
        return out

    def _open_wabash(self, p: int) -> None:
        """"Wabash eröffnet": free locomotive on Fort Wayne, income 1 (3 if developed), and the
        player who reached Chicago auctions its first share."""
        b = self.board
        for c, comp in enumerate(b.companies):
            if not comp.opens_at_start and not self.opened[c]:
                self.opened[c] = True
                h = comp.start_hex
                developed = bool(self.houses_mask >> h & 1)
                self.income[c] = (comp.start_income_developed if developed and
                                  comp.start_income_developed is not None else comp.start_income)
                self._place(c, h)
                self.note("wabash", c, h, self.income[c], p)
                self.auction = Auction.start(c, p, self.n, self.minimum_bid(c), "wabash")
                self.phase = AUCTION

    def _do_develop(self, p: int, action: Mapping[str, Any]) -> Action:
        h = self._hex(action)
        why = self.why_not_develop(h)
        if why is not None:
            raise IllegalAction(why, NOT_ALLOWED)
        return self._develop(p, h)

    def _develop(self, p: int, h: int) -> Action:
        """Develop hex ``h``; the caller has checked that this is legal (``why_not_develop``
        is None; playouts take it from ``legal_develops``)."""
        b = self.board
        if b.development[h] == "once":
            self.houses_mask |= 1 << h
            self.houses_left -= 1
            for c in bits(self.occ[h]):
                self.income[c] += b.bonus[h]
                if b.dev_cash[h]:
                    self.ccash[c] += b.dev_cash[h]
                    self.bank -= b.dev_cash[h]
        else:
            self._advance_industry(b.industry_of[h])
        self._end_turn()
        return {"type": "develop", "player": p, "hex": b.hex_ids[h]}

    # ------------------------------------------------------------------ views
    def describe(self, action: Mapping[str, Any]) -> str:
        from .describe import describe
        return describe(self, action)

    def public_view(self) -> dict[str, Any]:
        from .view import public_view
        return public_view(self)


#: legal-action Choices by what they depend on (all values are immutable)
_CHOICES: dict[tuple, Any] = {}


def _forgo(p: int, label: str) -> Choice:
    key = ("forgo", p, label)
    ch = _CHOICES.get(key)
    if ch is None:
        ch = _CHOICES[key] = Choice("forgo", p, label=label)
    return ch


def _end_build(p: int) -> Choice:
    key = ("end_build", p)
    ch = _CHOICES.get(key)
    if ch is None:
        ch = _CHOICES[key] = Choice("end_build", p, label="Stop building")
    return ch


_HANDLERS = {
    OPENING: {"bid": ChicagoExpressState._do_bid, "pass": ChicagoExpressState._do_pass},
    AUCTION: {"bid": ChicagoExpressState._do_bid, "pass": ChicagoExpressState._do_pass},
    CHOOSE: {"choose": ChicagoExpressState._do_choose},
    OFFER: {"offer": ChicagoExpressState._do_offer, "forgo": ChicagoExpressState._do_forgo},
    BUILD: {"build": ChicagoExpressState._do_build, "end_build": ChicagoExpressState._do_end_build,
            "forgo": ChicagoExpressState._do_forgo},
    DEVELOP: {"develop": ChicagoExpressState._do_develop, "forgo": ChicagoExpressState._do_forgo},
}
# an unknown action type is ``malformed`` (checked by GameState.apply); a known type out of
# its step is ``wrong_phase`` (``_apply``)
ChicagoExpressState.action_types = frozenset(k for table in _HANDLERS.values() for k in table)
