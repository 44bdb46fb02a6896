"""The planner bot for 1830 and 1870 (issue 22), kind ``planner`` here; the lead wires it
as ``strategic`` when the old strategic bot becomes ``basic``.

It builds on :class:`~railyard.bots.strategic.StrategicBot` (share values, privates, the
forced purchase, dumping, the route optimiser's revenue) and replaces what a competent
18xx player does differently (docs/bots.md, "Planner"):

- **trains** (:mod:`.economy`): a company spends its treasury on trains - money in a
  treasury counts for nobody's worth, trains earn dividends.  Each train on offer is valued
  by the revenue it adds (with the company's trains, or on its own where track will come)
  over its expected life in operating rounds, minus its price; buying the first train of a
  type is judged also by what the rusting and the new phase cost the other players against
  the seat (the rush); a company keeps running (it never stays without a train when it can
  buy one) and does not buy trains that rust at once unless they are cheap for what they
  earn; it buys the last train of a type when it can follow with the next type at once
  (that opens the next phase); in 1870 a company with room takes, at $1, a train of
  another company of its president's that sits at its train limit with the money for the
  bank's next train, so that it can buy it (9.5.2; :func:`economy.room_sale`);
- **dividends**: pays out unless withholding buys the train the company needs to keep
  running (or, with one train, the next train it can use) in this or the next round, or
  a train it has room for and would buy, worth at least the run (saving for it);
- **track** (:meth:`PlannerBot.build`, :mod:`.track`): lays near the company's open track
  ends, track and stations are scored by the best route revenue with its trains and two of
  the next train, the *prospect* of its track (revenue reached, and unreached revenue
  discounted per lay still to make), what they cost, and what they take away from other
  players' companies' runs (blocking);
- **stock**: starts companies by the strategic bot's plan (how many, the par that floats
  them), choosing the company by the revenue around its home, only with room under the
  certificate limit to float it, and a third one once the 3-trains are gone (selling
  other players' shares to make room); values shares as the
  strategic bot does plus the gain of a share bought below its market price; avoids and
  sells shares of others' companies that have no lasting train and no money for one;
- **presidencies and 1870's own shares** (:mod:`.control`): buys toward taking over
  another player's company worth having when it wins the race for the shares on offer,
  defends its own presidencies against any player who could buy them away; protects a
  sale of its company's shares (1870 6.2) when the price fall avoided and the shares'
  dividends pay and the money is not its trains'; has a company redeem a share (7.3) when
  the treasury keeps its next train's money and the president gains (sold-out rise,
  control, the share's dividends); builds toward an unreached destination and places the
  destination marker on the map (9.6).

Budgets are counted work: tile lays tried, optimiser nodes per revenue estimate, and per
tile lay decision the route optimiser's search steps (``steps``, per title; the estimates'
steps charged as :class:`~railyard.bots.strategic.Revenue` does, cached ones included);
a wall-clock cap per decision (``cap``) only guards against a runaway and lies sixty times
above the level's target time.  The search on top of this policy is :mod:`.search`.
"""
from __future__ import annotations

import time
from typing import Any

from ...engine.actions import Action, Choice
from ...engine.errors import IllegalAction
from .. import strategic as base
from ..strategic import (StrategicBot, _source_ok, _type, cheapest_train, is_open,
                         lasting_trains, next_train, pct, presided, price, train_limit,
                         upcoming_types)
from . import economy as eco
from . import control as ctl
from . import track

#: per level: tile lays given the quick (prospect) score and the full (revenue) score per
#: decision, optimiser nodes per revenue estimate, dividend horizon of share values (ORs), lays whose blocking is judged,
#: rush judged (bool), route search steps per tile lay decision (``steps``, per title: the
#: quick scores stop at ``QUICK_SHARE`` of them, the full scores and the blocking at all of
#: them, each after at least one lay; 1830's lie above what its measured games needed, so
#: its moves are those measured before; 1870's keep a late decision within the level's
#: time), wall-clock safety cap per decision (s; sixty times the level's target
#: p95, as the basic bot's, so it does not cut a decision short on a loaded machine)
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"scan": 15, "lays": 4, "nodes": 1500, "horizon": 2, "block": 0, "rush": False,
             "steps": {"1830": 40_000, "1870": 15_000}, "cap": 18.0},
    "normal": {"scan": 40, "lays": 8, "nodes": 4000, "horizon": 3, "block": 3, "rush": True,
               "steps": {"1830": 120_000, "1870": 40_000}, "cap": 60.0},
    "hard": {"scan": 120, "lays": 20, "nodes": 12000, "horizon": 4, "block": 8, "rush": True,
             "steps": {"1830": 360_000, "1870": 120_000}, "cap": 180.0},
}

#: the share of a build's route search steps (``steps``) the quick scores may use; the
#: full scores and the blocking judged use the rest
QUICK_SHARE = 0.5


def for_title(value, title: str):
    """A budget that may be given per title (a dict by title slug) for ``title``."""
    return value.get(title) if isinstance(value, dict) else value


#: relative noise (from the bot's seeded generator) on share values and home choices: 1830
#: deals nothing at random, so without it every game of the same bots in the same seats
#: is the same game; with it the seed makes different games
JITTER = 0.04
#: dollars of noise on a home's value (:meth:`PlannerBot.home_value`): enough to change the
#: choice between companies whose homes are worth about the same (in 1830 the 4 % share
#: jitter alone left every game of four planners the same game)
HOME_JITTER = 15.0


class PlannerBot(StrategicBot):
    name = "planner"

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        super().__init__(seed, "normal")
        self.level = level
        self.cfg = dict(LEVELS[level])
        self.cfg["limit"] = self.cfg["cap"]
        self.rev = base.Revenue(self.cfg["nodes"])
        #: lays pre-scored and positions scored by the planner's own steps (counted in
        #: :attr:`work` with the basic bot's optimiser nodes and positions tried)
        self.planned = 0
        #: the last dividend decision withheld for a train (:meth:`dividend`)
        self.saving = False

    work_unit = "optimiser nodes and search steps + positions tried + lays scored"

    @property
    def work(self) -> int:
        """Counted work so far (tournaments report it per move)."""
        return StrategicBot.work.fget(self) + self.planned

    # ---- trains ---------------------------------------------------------------------------
    def buy_train(self, g, corp: str, choices: list[Choice]) -> Action | None:
        v = g.s["corps"][corp]
        buys = [c for c in choices if c.type == "buy_train"]
        can_pass = any(c.type in ("pass", "done") for c in choices)
        from_bank = [c for c in buys if not c.ranges and _source_ok(c)]
        if not can_pass:
            return self.forced_train(g, corp, choices, buys, from_bank)
        if len(v["trains"]) >= train_limit(g) and not any("exchange" in c.fixed for c in buys):
            return None
        best, best_score = None, 0.0
        for c in from_bank:
            ty = self._train_type(g, c)
            tprice = self._train_price(g, c)
            if ty is None or tprice > v["cash"]:
                continue
            score = eco.train_score(self, g, corp, ty, tprice, exchange="exchange" in c.fixed,
                                    given=c.fixed.get("exchange"))
            if score > best_score:
                best, best_score = c.base(), score
        # a train from another company of the seat's: money moves between own treasuries
        own = self.own_company_train(g, corp, buys)
        if own is not None and (best is None or own[1] > best_score):
            return own[0]
        if best is None:
            # room for the next train in another company of the seat's (1870 9.5.2)
            return self.room_train(g, corp, buys)
        return best

    def room_train(self, g, corp: str, buys: list[Choice]) -> Action | None:
        """A train taken from another company of the seat's at its train limit, at $1 (or
        the top-up it lacks), so that it has room for the bank's next train, which it can
        pay (:func:`economy.room_sale`; 1870 only)."""
        if g.title not in eco.MAKE_ROOM:
            return None
        mine = [c for c in buys if c.ranges and "price" in c.ranges and
                self._seller_is_mine(g, c) and c.fixed.get("source") in g.s["corps"]]
        offers = [(c.fixed["source"], c.fixed["train"], c.ranges["price"][1]) for c in mine]
        sale = eco.room_sale(self, g, corp, offers)
        if sale is None:
            return None
        seller, tid, top = sale
        for c in mine:
            if c.fixed["source"] == seller and c.fixed["train"] == tid:
                lo = c.ranges["price"][0]
                return {**c.base(), "price": max(lo, top)}
        return None

    def own_company_train(self, g, corp: str, buys: list[Choice]):
        """A train bought from another company the seat presides (at $1) when that company
        keeps a train and this one has none and cannot pay the cheapest train itself: the
        trainless company runs, nobody pays.  (A company that can pay its own train does
        not take one: in an 1830 game a new company with $1,000 took a 4-train for $1
        from the seat's other company, bought a 5-train as well, and the other company,
        left with one train, withheld five times for a train it never got.)"""
        v = g.s["corps"][corp]
        if v["trains"]:
            return None
        low = cheapest_train(g)
        if low is not None and v["cash"] >= low:
            return None
        for c in buys:
            if not c.ranges or not self._seller_is_mine(g, c) or not self._spare_train(g, c):
                continue
            tid = c.fixed.get("train")
            if tid is None or _type(tid) not in upcoming_types(g) and base.doomed(g, tid):
                continue
            act = {**c.base(), **{k: lo for k, (lo, _) in c.ranges.items()}}
            return act, 150.0
        return None

    # ---- dividends -------------------------------------------------------------------------
    def dividend(self, g, corp: str, choices: list[Choice]) -> Action:
        kinds = {c.fixed.get("kind"): c for c in choices if c.type == "dividend"}
        full = kinds.get("payout") or kinds.get("full")
        rev = g.s["op"].get("revenue") or 0
        want = eco.withhold_for(self, g, corp, rev)
        # withholding for a train: the search on top leaves this to the policy (its value
        # at the round's end counts two rounds of the train's revenue against its whole
        # price, and when several runs are saved it sees the dividend lost and no train)
        self.saving = rev > 0 and want > 0
        if want > 0:
            half = kinds.get("half")
            if half is not None and rev - rev // 2 >= want:
                return half.base()
            if "withhold" in kinds:
                return kinds["withhold"].base()
        return (full or next(iter(kinds.values()))).base()

    # ---- track and stations -----------------------------------------------------------------
    def build(self, g, corp: str, lays: list[Choice], tokens: list[Choice]) -> Action | None:
        """The lay or station that raises the company's position most.  Every lay near its
        track (up to ``scan`` of them, the open ends first) is tried on a copy and given a
        quick score: the change of the track's prospect (:func:`.track.prospect`) less its
        cost; the best ``lays`` of them and every station then get the full score: the
        change of 3 x the revenue of its trains + the revenue of two of the next train +
        2 x the prospect, and, for the first ``block``, what they take from the runs of
        other players' companies near it (blocking).  The route search steps the
        estimates are charged stop the quick scores at ``QUICK_SHARE`` of the level's
        ``steps`` and the full scores and the blocking at all of them (each after one
        lay at least)."""
        t_cap = time.perf_counter() + self.cfg["cap"]
        # the route search's budget for this build (charged steps, module docstring)
        s0, budget = self.rev.charged, for_title(self.cfg.get("steps"), g.title)

        def spent(share: float = 1.0) -> bool:
            return bool(budget) and self.rev.charged - s0 >= share * budget
        near = self.build_hexes(g, corp)
        cand = [c for c in lays if c.fixed.get("hex") in near]
        cand.sort(key=lambda c: (near.get(c.fixed.get("hex"), 9), _tile_order(c)))
        cand = cand[:self.cfg["scan"]]
        cash0 = g.s["corps"][corp]["cash"]
        need = cheapest_train(g) if not lasting_trains(g, corp) else 0
        own0 = self.rev(g, corp)
        # 1870 9.6: an unreached destination pulls the track toward it
        dval = ctl.destination_value(self, g, corp, own0)
        dest = g.st.corps[corp].destination if dval else None

        def pros(x) -> float:
            return track.prospect(x, corp, dest, dval)
        p0 = pros(g)

        def cost_of(w) -> float:
            cost = cash0 - w.s["corps"][corp]["cash"]
            if cost <= 0:
                return 0.0
            pen = cost * (0.02 if cash0 - cost >= 2 * (need or 0) else 0.06)
            if need and cash0 - cost < need:
                pen += 1000
            return pen

        quick = []
        for c in cand:
            if time.perf_counter() > t_cap or quick and spent(QUICK_SHARE):
                break
            act = c.base()
            w = g.clone()
            try:
                w.apply(act)
            except IllegalAction:
                continue
            self.planned += 1
            q = 3 * (self.rev(w, corp) - own0) + 2.0 * (pros(w) - p0) \
                - cost_of(w)
            quick.append((q, len(quick), act, w))
        quick.sort(key=lambda x: (-x[0], x[1]))
        # the best two per hex first, so that the full scores cover several hexes
        per: dict = {}
        first, rest = [], []
        for q in quick:
            h = q[2].get("hex")
            per[h] = per.get(h, 0) + 1
            (first if per[h] <= 2 else rest).append(q)
        full = [(act, w) for _, _, act, w in (first + rest)[:self.cfg["lays"]]]
        for c in tokens:
            act = c.base()
            w = g.clone()
            try:
                w.apply(act)
            except IllegalAction:
                continue
            full.append((act, w))
        nt = next_train(g)
        extra = (nt[0], nt[0]) if nt else ()

        def rev_score(x) -> float:
            own = self.rev(x, corp)
            look = self.rev(x, corp, extra, own=False) if extra else own
            return 3 * own + look

        r0 = rev_score(g)
        rivals = eco.rivals_near(self, g, corp, near) if self.cfg["block"] else []
        scored = []
        for act, w in full:
            if time.perf_counter() > t_cap or scored and spent():
                break
            self.planned += 1
            score = rev_score(w) - r0 + 2.0 * (pros(w) - p0) - cost_of(w)
            if act["type"] == "lay_tile" and cash0 == w.s["corps"][corp]["cash"]:
                score += 0.5 - 0.1 * near.get(act.get("hex"), 5)
            scored.append((score, len(scored), act, w))
        scored.sort(key=lambda x: (-x[0], x[1]))
        best, best_score = None, 0.0
        for i, (score, _, act, w) in enumerate(scored):
            if i < self.cfg["block"] and rivals and not spent():
                score += 0.5 * eco.blocked(self, g, w, rivals)
            if score > best_score:
                best, best_score = act, score
        return best

    def build_hexes(self, g, corp: str) -> dict:
        """Hexes where a lay may help, with a rank (lower first): the hexes the company's
        open track ends lead into (0), the hexes of its track (1, upgrades), and the hexes
        within three steps of its stations (their distance)."""
        near = dict(self.near_hexes(g, corp))
        try:
            _, hexes, open_hexes = track.network_reach(g, corp)
        except Exception:                                   # noqa: BLE001 - stations only
            return near
        for h in hexes:
            near[h] = min(near.get(h, 9), 1)
        for h in open_hexes:
            near[h] = 0
        return near

    def position_score(self, g, corp: str) -> float:
        """3 x the revenue of the company's trains + the revenue of two of the next train
        (on its own) + the prospect of its track (:func:`.track.prospect`)."""
        nt = next_train(g)
        own = self.rev(g, corp)
        extra = (nt[0],) if nt else ()
        look = self.rev(g, corp, extra + extra, own=False) if extra else own
        return 3 * own + look + 2.0 * track.prospect(g, corp)

    # ---- stock round --------------------------------------------------------------------------
    def stock(self, g, choices: list[Choice]) -> Action | None:
        """The strategic bot's stock turn, with three changes: first sell shares of a
        company about to crash (:func:`.economy.sell_before_crash`); at the certificate
        limit with an own company not yet floated, sell the least useful share of another
        player's company to make room for it (:meth:`make_room`); start a company only
        with room under the certificate limit for the five certificates that float it
        and money (after the reserve) for the six shares at par;
        late in the game a third company first, selling other players' shares to make
        room for it (:meth:`wants_late_company`)."""
        sells = [c for c in choices if c.type == "sell_shares"]
        if sells and any(c.type == "pass" for c in choices):
            act = eco.sell_before_crash(self, g, sells)
            if act is not None:
                return act
            act = self.make_room(g, choices, sells)
            if act is not None:
                return act
        room = cert_room(g, self.seat)
        if self.wants_late_company(g):
            par = [c for c in choices if c.type == "par"]
            cash = g.s["cash"][self.seat] - self.reserve(g)
            if par and room >= FLOAT_CERTS:
                prices = sorted({c.fixed["price"] for c in par})
                if 6 * prices[0] <= cash:
                    return self.par_choice(g, par, cash)
            elif room < FLOAT_CERTS and sells and any(c.type == "pass" for c in choices):
                act = self.least_loss_other_sale(g, sells, FLOAT_CERTS - room)
                if act is not None:
                    return act
        if any(c.type in ("redeem", "reissue") for c in choices) and not (
                sells and self.dump(g, sells) is not None):          # a dump comes first
            act = self.treasury_turn(g, choices)
            if act is not None:
                return act
        if any(c.type == "par" for c in choices):
            # only a company it can float with its own money: in an 1870 game the planner
            # started a company at $90 with money for 40 %, no other player bought an
            # unfloated share, and the company lay unfloated for thirteen stock rounds
            money = g.s["cash"][self.seat] - self.reserve(g)
            choices = [c for c in choices if c.type != "par" or
                       (room >= FLOAT_CERTS and FLOAT_SHARES * c.fixed["price"] <= money)]
        return super().stock(g, choices)

    def wants_late_company(self, g) -> bool:
        """Once the 2- and 3-trains are sold, a third presidency (with up to four players)
        comes before other shares: a company started late gets its whole capital in its
        treasury and buys the big trains at once - the trains that move the game on while
        the older companies sit at their train limit (in 1870 players sat on $2,000 each
        with four companies never started, and the bank broke in phase 4)."""
        if len(g.players) > 4 or self.unfloated_own(g):
            return False
        up = upcoming_types(g)
        if not up or up[0] in ("2", "3") or len(presided(g, self.seat)) >= 3:
            return False
        if not any(v["president"] is None and not v["floated"] and is_open(g, c)
                   for c, v in g.s["corps"].items()):
            return False
        # room for its five certificates, now or after selling other players' shares
        # (else it bought a share and sold it again every turn: an 1870 game, four
        # stock rounds at 11 of 14 certificates, two of them its own presidencies)
        others = sum(pct(g, c, self.seat) // 10 for c, v in g.s["corps"].items()
                     if v["president"] != self.seat)
        if cert_room(g, self.seat) + others < FLOAT_CERTS:
            return False
        return g.s["cash"][self.seat] - self.reserve(g) >= LATE_CASH

    def least_loss_other_sale(self, g, sells: list[Choice], want: int) -> Action | None:
        """The sale of up to ``want`` shares of one other player's company (never of a
        company the seat presides) that loses least (:meth:`sale_loss`)."""
        best, best_loss = None, None
        for c in sells:
            other = c.fixed.get("corporation")
            if g.s["corps"][other]["president"] == self.seat:
                continue
            lo, hi = c.ranges.get("count", (1, 1))
            act = {**c.base(), "count": max(lo, min(hi, want))}
            loss = self.sale_loss(g, act) / act["count"]
            if loss < 1e8 and (best_loss is None or loss < best_loss):
                best, best_loss = act, loss
        return best

    def make_room(self, g, choices: list[Choice], sells: list[Choice]) -> Action | None:
        """A sale that makes room under the certificate limit for the next share of the
        seat's own company that has not floated yet (its share is not on offer because
        the seat is at the limit): one share of another player's company, the one whose
        loss costs least (:meth:`sale_loss`), never a presidency."""
        if cert_room(g, self.seat) > 0:
            return None
        own = [c for c in presided(g, self.seat) if not g.s["corps"][c]["floated"]]
        if not own:
            return None
        if any(c.type == "buy_share" and c.fixed.get("corporation") in own for c in choices):
            return None
        v = g.s["corps"][own[0]]
        if g.s["cash"][self.seat] < (v.get("ipo_price") or v["par"] or 0):
            return None
        best, best_loss = None, None
        for c in sells:
            other = c.fixed.get("corporation")
            if other in own or g.s["corps"][other]["president"] == self.seat:
                continue
            act = {**c.base(), "count": c.ranges.get("count", (1, 1))[0]}
            loss = self.sale_loss(g, act)
            if loss < 1e8 and (best_loss is None or loss < best_loss):
                best, best_loss = act, loss
        return best

    def home_value(self, g, corp: str) -> float:
        """How good a company's home is for its first routes: the revenue of the cities,
        towns and off-boards near it (track.home_prospect), plus up to ``HOME_JITTER``
        from the bot's seeded generator."""
        return track.home_prospect(g, g.st.corps[corp].home) + \
            HOME_JITTER * self.rng.random()

    def share_score(self, g, corp: str, source: str, cash: int, reserve: int) -> float:
        """The strategic bot's share value (yield over the horizon, presidencies), plus the
        gain of a share bought below its market price (an 1830 initial-offering share at
        par while the market price is higher), less for another player's company about to
        be left without a train it can pay; a share that floats its own company first."""
        score = super().share_score(g, corp, source, cash, reserve)
        v = g.s["corps"][corp]
        if v["president"] == self.seat and not v["floated"] and score > 0:
            return 400.0                       # floating its own company comes first
        if not v["floated"] or v["pos"] is None:
            return score
        market = price(g, corp)
        cost = market if source == "pool" else (
            v["par"] if g.title == "1830" else (v.get("ipo_price") or market))
        if not cost or cost > cash - reserve:
            return score
        if score <= 0 and v["president"] != self.seat and cash - reserve - cost >= IDLE_CASH \
                and lasting_trains(g, corp) and not eco.at_risk(g, corp):
            # idle money earns nothing: a share of a running company that pays more than
            # the low yield ``IDLE_YIELD`` over the horizon beats holding it (an 1870
            # planner sat on $2,000-4,000 for four stock rounds and lost to a player who
            # held shares)
            yld = self.expected_revenue(g, corp) * self.cfg["horizon"] / 10 / max(cost, 1)
            if yld >= IDLE_YIELD:
                score = 100.0 * yld
        score = max(score, self.control_points(g, corp, cost, cash, reserve))
        if market > cost:
            score += 80.0 * (market - cost) / cost
        score *= 1.0 + JITTER * (2 * self.rng.random() - 1)
        if eco.at_risk(g, corp):
            # a company heading for a crash: no more shares of it, neither to keep its
            # presidency nor to become the holder its president can dump it on
            if v["president"] == self.seat or eco.dump_target(g, corp, self.seat, 10):
                return 0.0
            score *= 0.3
        return score

    def control_points(self, g, corp: str, cost: int, cash: int, reserve: int) -> float:
        """Share points of a share bought for a presidency: of its own company that
        another player could take with the shares on offer he can pay
        (:func:`.control.threatened`), 90 (the basic bot's points for keeping a presidency
        one share away); of another player's company worth having that the seat can
        take in this stock round (:func:`.control.takeover_plan`: the shares it needs,
        against the president's buying back, paid beyond its reserve),
        ``TAKEOVER_POINTS`` + its yield points.  0 for a company at risk (the planner
        buys none of it) or when the seat cannot pay the share beyond its reserve."""
        v = g.s["corps"][corp]
        if cost > cash - reserve or eco.at_risk(g, corp):
            return 0.0
        self.planned += 1
        if v["president"] == self.seat:
            return 90.0 if ctl.threatened(g, corp, self.seat) else 0.0
        if ctl.takeover_plan(self, g, corp, cash, reserve):
            yld = self.expected_revenue(g, corp) * self.cfg["horizon"] / 10 / max(cost, 1)
            return ctl.TAKEOVER_POINTS + 100.0 * yld
        return 0.0

    def dump(self, g, sells: list[Choice]) -> Action | None:
        """The basic bot's dump (sell a presidency the seat cannot carry, when another
        player becomes president), judged by :func:`.economy.need_price` - the train the
        company will likely have to pay - instead of the cheapest train on offer, which
        the companies operating first often take."""
        seat = self.seat
        need = eco.need_price(g)
        if need is None:
            return None
        for c in sells:
            corp = c.fixed["corporation"]
            v = g.s["corps"][corp]
            if v["president"] != seat or not eco.at_risk(g, corp, wide=False):
                continue
            gap = need - v["cash"]
            if gap < g.s["cash"][seat] * 0.5:
                continue
            act = self.handover_sale(g, c, corp, gap)
            if act is not None:
                return act
        return None

    def expected_revenue(self, g, corp: str) -> int:
        self.planned += 1
        return super().expected_revenue(g, corp)

    # ---- presidencies and a company's own shares (control.py) -----------------------------
    def protect(self, g, choices: list[Choice]) -> Action | None:
        """1870 price protection (6.2): protects when :func:`.control.protection_value`
        (the price fall avoided on its shares, the protected shares' dividends, a
        presidency kept) is positive and the money is not needed for its companies'
        trains; declines otherwise."""
        pro = next((c for c in choices if c.type == "protect"), None)
        dec = next((c for c in choices if c.type == "decline"), None)
        if pro is None or dec is None:
            return super().protect(g, choices)
        self.planned += 2
        gain = ctl.protection_value(self, g, pro.base(), dec.base())
        return pro.base() if gain is not None and gain > 0 else dec.base()

    def connection(self, g, choices: list[Choice]) -> Action:
        """1870 connection run (9.6): the marker on the map when allowed, paid out unless
        the run is withheld for a train (:func:`.control.connection_choice`)."""
        self.planned += 1
        return ctl.connection_choice(self, g, choices) or super().connection(g, choices)

    def treasury_turn(self, g, choices: list[Choice]) -> Action | None:
        """1870 redemption or reissue (7.3, 7.4) - each the president's whole stock turn:
        the one with the most share points (:func:`.control.redeem_points`,
        :func:`.control.reissue_points`) when they beat every share the seat would buy
        (its share score) and ``TREASURY_MIN``; None otherwise."""
        best, best_pts = None, TREASURY_MIN
        for c in choices:
            corp = c.fixed.get("corporation")
            if c.type == "redeem":
                pts = ctl.redeem_points(self, g, corp, str(c.fixed.get("source")))
            elif c.type == "reissue":
                pts = ctl.reissue_points(self, g, corp)
            else:
                continue
            self.planned += 1
            if pts > best_pts:
                best, best_pts = c.base(), pts
        if best is None:
            return None
        cash = g.s["cash"][self.seat]
        reserve = self.reserve(g)
        for c in choices:
            if c.type == "buy_share" and self.share_score(
                    g, c.fixed["corporation"], c.fixed["source"], cash, reserve) >= best_pts:
                return None
        return best

    def answer_offer(self, g, choices: list[Choice]) -> Action | None:
        """An 1870 company's offer to buy back one of the seat's shares (7.3.4, with the
        printed rule's consent): accepted when the seat would not keep the share - the
        company heads for a crash, or the seat is not its president and the share decides
        no presidency race (:func:`.control.takeover_plan`) and yields less than
        ``IDLE_YIELD`` over the horizon; other offers as the basic bot."""
        offer = (g.s.get("stock") or {}).get("redeem_offer") if g.title == "1870" else None
        if not offer:
            return super().answer_offer(g, choices)
        corp = offer["corporation"]
        acc = next((c for c in choices if c.type == "accept_offer"), None)
        ref = next((c for c in choices if c.type == "refuse_offer"), None)
        if acc is None or ref is None:
            return super().answer_offer(g, choices)
        self.planned += 1
        if eco.at_risk(g, corp):
            return acc.base()
        cash = g.s["cash"][self.seat]
        if ctl.takeover_plan(self, g, corp, cash + offer["price"], self.reserve(g)):
            return ref.base()
        yld = self.expected_revenue(g, corp) * self.cfg["horizon"] / 10 / max(1, offer["price"])
        return acc.base() if yld < IDLE_YIELD else ref.base()


#: money above the reserve and the share's price from which a share with a low yield is
#: bought rather than the money kept (:meth:`PlannerBot.share_score`)
IDLE_CASH = 600
#: the least yield over the share-value horizon for such a share (the basic rule: 12 %,
#: halved when another player presides)
IDLE_YIELD = 0.05
#: the least share points of a redemption or reissue (:meth:`PlannerBot.treasury_turn`)
TREASURY_MIN = 20.0
#: certificates a president holds once the company floats (the 20 % certificate and four
#: 10 % shares: 60 %)
FLOAT_CERTS = 5
#: shares (of 10 %) sold from the initial offering that float a company in 1830 (11.0) and
#: 1870 (7.1.2): what a president pays alone at par to float it
FLOAT_SHARES = 6
#: money (after the reserve for its companies' trains) a player needs to start a third
#: company late in the game (six shares at a par of $75)
LATE_CASH = 450


def cert_room(g, seat: int) -> int:
    """Certificates the seat may still take under the limit."""
    try:
        return int(g.cert_limit()) - int(g.cert_count(seat))
    except Exception:                                       # noqa: BLE001 - no limit known
        return 99


def _tile_order(c: Choice) -> tuple:
    return (str(c.fixed.get("tile")), int(c.fixed.get("rotation", 0) or 0))
