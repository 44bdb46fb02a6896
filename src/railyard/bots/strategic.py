"""The strategic bot for 1830 and 1870 (kind ``strategic``, levels easy / normal / hard).

It decides from its seat's view (:class:`~.views.SeatView`; neither title hides anything)
and always answers with a legal action: every answer is tried on a copy of the position
first, and a refused one is replaced by a safe choice of the list (never a bankruptcy the
list does not force).

How it plays (details in docs/bots.md, "Strategic"):

- **Shares** are worth their price plus the dividends they are expected to pay over the next
  few operating rounds (the company's best revenue now, by the route optimiser, with the next
  train if it has none; a company run by another player pays out half the time).  It starts
  companies (the highest par price at which it can buy the 60 % that floats them), buys its
  own companies' shares first, keeps or takes presidencies, buys others' shares where the
  yield is good, keeps a cash reserve for the trains its companies will have to buy, and
  sells a presidency it cannot carry (a trainless company facing an expensive train) when a
  look-ahead shows another player becomes president.
- **Privates**: buys the cheapest when it costs at most its face value and a third of its
  money; bids up to a little above face value; later its companies buy its privates at the
  top price when they can spare the money (corporation money is not the player's worth).
- **Track and stations**: each candidate tile lay near the company's stations (closest
  first, a level-dependent number) is tried on a copy and scored by the optimiser's best
  revenue with the company's trains plus, as a look-ahead, with the next train the bank sells;
  costs count against it.  A station is placed when it raises that score.
- **Running**: the optimiser's routes (``routing.auto_routes``), else the listed set.
- **Dividends**: pays out, unless the company has no lasting train and needs the revenue to
  buy one (then withholds, or pays half in 1870 when that is enough).
- **Trains**: buys when below the limit and affordable (the train that raises the revenue
  most), always when it must; in an emergency the cheapest train, raising the president's
  money by the sale that costs the least worth (a look-ahead over the listed sales);
  bankruptcy only when it is the only choice.

Budgets (``LEVELS``) are counted work: tile lays and stations tried, the optimiser's node
budget per estimate; a seeded game is the same on an idle and on a busy machine.  The wall
clock is only a safety cap on the build loop.  ``work`` counts optimiser nodes and the
optimiser's per-train search steps (:mod:`railyard.routing.counted`) plus positions tried.  This bot is
kind ``basic`` (and, until the new bot lands, ``strategic``; see ``kinds.STRATEGIC``).
"""
from __future__ import annotations

import random
import time
from typing import Any

from ..engine.actions import Action, Choice
from ..engine.errors import IllegalAction
from ..eighteen import shares as sh

TITLES = ("1830", "1870")

#: per level, counted work only (a seeded game is the same on an idle and a busy machine):
#: tile lays and stations tried per build decision (``lays``), the route optimiser's node
#: budget per revenue estimate (``nodes``), the dividend horizon in operating rounds
#: (``horizon``); ``cap``: a wall-clock safety cap in seconds on the build loop (sixty times
#: the level's move-time target; it does not trigger on this machine at normal load)
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"lays": 6, "nodes": 3000, "cap": 18.0, "horizon": 2},
    "normal": {"lays": 12, "nodes": 6000, "cap": 60.0, "horizon": 3},
    "hard": {"lays": 40, "nodes": 20000, "cap": 180.0, "horizon": 4},
}

SAFE_TYPES = ("pass", "done", "decline", "refuse_offer", "decline_offer")


# ---- title facts ------------------------------------------------------------------------
def _type(tid: str) -> str:
    return tid.rsplit("-", 1)[0] if tid.count("-") else tid


def _defs(g) -> dict:
    return {t.name: t for t in g.st.trains}


def upcoming_types(g) -> list[str]:
    """Train types the bank still sells, in order."""
    dep = g.s["depot"]                                      # type -> count (None: any)
    return [t.name for t in g.st.trains if dep.get(t.name) is None or dep[t.name] > 0]


def distance(g, tid: str) -> int | None:
    d = _defs(g)[_type(tid)].distance
    return None if d >= 99 else d


def next_train(g) -> tuple[str, int] | None:
    """(type, price) of the train the bank sells next."""
    up = upcoming_types(g)
    if not up:
        return None
    return up[0], _defs(g)[up[0]].price


def cheapest_train(g) -> int | None:
    prices = [p for ty, p in _offer_types(g)]
    return min(prices) if prices else None


def _offer_types(g) -> list[tuple[str, int]]:
    defs = _defs(g)
    out = []
    nt = next_train(g)
    if nt:
        out.append(nt)
    for tid in g.s["train_pool"]:
        out.append((_type(tid), defs[_type(tid)].price))
    return out


def doomed(g, tid: str) -> bool:
    """The train rusts when one of the next two types is bought."""
    r = _defs(g)[_type(tid)].rusts_on
    return r is not None and r in upcoming_types(g)[:2]


def lasting_trains(g, corp: str) -> list[str]:
    return [t for t in g.s["corps"][corp]["trains"] if not doomed(g, t)]


def price(g, corp: str) -> int:
    pos = g.s["corps"][corp]["pos"]
    return 0 if pos is None else g.st.market.price(pos)


def is_open(g, corp: str) -> bool:
    return not g.s["corps"][corp].get("closed", False)


def pct(g, corp: str, seat: int | str) -> int:
    return sh.percent(g.s["holders"][corp], str(seat))


def presided(g, seat: int) -> list[str]:
    return [c for c, v in g.s["corps"].items() if v["president"] == seat and is_open(g, c)]


def train_limit(g) -> int:
    return int(g.phase_info()["train_limit"])


# ---- revenue by the route optimiser -------------------------------------------------------
class Revenue:
    """Best revenue of a company's trains (plus hypothetical ones) in a position; cached per
    (position, company, trains).

    Counted work: :attr:`work` - the optimiser's combination nodes plus its per-train
    search steps (:mod:`railyard.routing.counted`) of the estimates computed (a cached answer costs
    nothing); :attr:`charged` - the search steps of every estimate asked, a cached one
    charged what it cost when it was computed: what the estimates would cost from
    scratch, so a budget in charged steps gives the same answers whatever this object has
    cached before (the planner's build and the search's play-ons budget by it)."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        self.cache: dict = {}
        #: optimiser nodes and search steps computed so far
        self.work = 0
        #: per-train search steps of every estimate asked (class docstring)
        self.charged = 0

    def __call__(self, g, corp: str, extra: tuple = (), own: bool = True) -> int:
        import marshal
        key = (marshal.dumps((g.s["tiles"], g.s["tokens"], g.s.get("phase"),
                              g.s["corps"][corp]["trains"] if own else None)), corp, extra)
        hit = self.cache.get(key)
        if hit is not None:
            self.charged += hit[1]
            return hit[0]
        from ..routing.model import Train
        from ..routing.problem import route_problem
        from ..routing.counted import counted_routes
        steps = 0
        try:
            prob = route_problem(g, corp)
            trains = list(prob.trains) if own else []
            values = trains[0].values if trains else ()
            for i, ty in enumerate(extra):
                d = _defs(g)[ty].distance
                trains.append(Train(f"x{i}-{ty}", None if d >= 99 else d, values=values))
            total = 0
            if trains:
                res, steps = counted_routes(prob.network, trains, self.nodes)
                total = res.total
                self.work += int(res.stats.get("nodes", 0)) + steps
        except Exception:                                   # noqa: BLE001 - a guess only
            total = 0
        self.charged += steps
        self.cache[key] = (total, steps)
        if len(self.cache) > 4000:
            self.cache.clear()
        return total


def reach(g, corp: str) -> float:
    """How far the company's track reaches: hexes of track reachable from its stations
    plus a fifth of the revenue of the stops reached (the look-ahead for lays that raise no
    revenue yet: the first tile at home, track toward the next city)."""
    from ..routing.problem import route_problem
    try:
        net = route_problem(g, corp).network
    except Exception:                                       # noqa: BLE001 - a guess only
        return 0.0
    stops = {st.id: st for st in net.stops}
    adj: dict = {}
    for link in net.links:
        adj.setdefault(link.a, []).append(link)
        adj.setdefault(link.b, []).append(link)
    start = [st.id for st in net.stops if st.token]
    seen = set(start)
    todo = list(start)
    hexes: set = set()
    value = 0
    while todo:
        node = todo.pop()
        st = stops.get(node)
        if st is not None:
            value += st.revenue
            if node not in start and not st.passable:
                continue
        for link in adj.get(node, ()):
            for piece in link.pieces:
                hexes.add(piece[0])
            other = link.b if link.a == node else link.a
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return len(hexes) + value / 5


# ---- the bot ------------------------------------------------------------------------------
class StrategicBot:
    name = "strategic"
    #: what :attr:`work` counts
    work_unit = "optimiser nodes and search steps + positions tried"

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.cfg = LEVELS[level]
        self.rng = random.Random(seed)
        self.rev = Revenue(self.cfg["nodes"])
        #: offers to other players' companies already made in a forced purchase
        self.tried: set = set()
        #: decisions where the bot's own reasoning failed and a safe choice was taken
        self.fallbacks = 0
        #: positions tried on a copy (answers checked, lays, stations, sales looked ahead)
        self.tried_positions = 0
        #: optimiser nodes and search steps of the runs (``run``); the estimates' are
        #: ``rev.work``
        self.run_nodes = 0
        #: the runs' per-train search steps alone (:mod:`railyard.routing.counted`)
        self.run_steps = 0
        #: whether the safety cap cut the last build decision short
        self.capped = False

    @property
    def work(self) -> int:
        """Counted work so far: route optimiser nodes and search steps plus positions tried
        on a copy (tournaments report it per move)."""
        return self.rev.work + self.run_nodes + self.tried_positions

    # -- entry --
    def choose(self, view) -> Action:
        choices = view.legal_actions()
        if not choices:
            raise ValueError("no legal action: the game is over")
        if len(choices) == 1 and not choices[0].ranges and choices[0].type != "run_routes":
            return choices[0].base()
        g = view.world()
        self.seat = view.seat
        self.deadline = time.perf_counter() + self.cfg["cap"]
        self.capped = False
        try:
            act = self.decide(g, choices)
        except Exception:                                   # noqa: BLE001 - never crash a game
            self.fallbacks += 1
            act = None
        if act is not None:
            if self._legal(g, act, choices):
                return act
            self.fallbacks += 1
        return self.safe(choices)

    def _legal(self, g, act: Action, choices: list[Choice]) -> bool:
        if act.get("type") != "run_routes" and not any(c.matches(act) for c in choices):
            return False
        return self.try_on(g, act) is not None

    def try_on(self, g, act: Action):
        """A copy of ``g`` with ``act`` applied (one position tried), or None when the rules
        refuse it."""
        self.tried_positions += 1
        w = g.clone()
        try:
            w.apply(act)
        except IllegalAction:
            return None
        return w

    @staticmethod
    def safe(choices: list[Choice]) -> Action:
        """A choice that spends nothing if there is one; bankruptcy only if it is the only
        one."""
        for t in SAFE_TYPES:
            for c in choices:
                if c.type == t:
                    return _at_low(c)
        rest = [c for c in choices if c.type != "bankrupt"] or choices
        return _at_low(rest[0])

    # -- dispatch --
    def decide(self, g, choices: list[Choice]) -> Action | None:
        types = {c.type for c in choices}
        rnd = g.s["round"]
        if "discard_train" in types:
            return self.discard(g, choices)
        if types & {"accept_offer", "refuse_offer", "accept", "decline_offer"}:
            return self.answer_offer(g, choices)
        if types & {"protect"}:
            return self.protect(g, choices)
        if "connection_run" in types:
            return self.connection(g, choices)
        if rnd == "auction":
            return self.auction(g, choices)
        if rnd == "stock":
            return self.stock(g, choices)
        return self.operate(g, choices)

    # ---- auction of the privates ----
    def auction(self, g, choices: list[Choice]) -> Action | None:
        cash = g.s["cash"][self.seat]
        par = [c for c in choices if c.type == "par"]
        if par:
            return self.par_choice(g, par, cash)
        for c in choices:
            if c.type == "buy_private":
                sym = c.fixed["company"]
                value = g.st.privates[sym].value
                cost = _private_price(g, sym)
                if cost <= value and cost <= cash / 3 + 5:
                    return c.base()
        bids = [c for c in choices if c.type == "bid"]
        # the auction under way; read in 1830 only, as before the auction's state had one
        # shape in both titles (issue 27: 1870's was a dict this never matched)
        fight = g.s["auction"].get("fight") if "SV" in g.s["companies"] else None
        for c in bids:
            sym = c.fixed["company"]
            pv = g.st.privates[sym]
            lo = c.ranges["amount"][0]
            cap = min(int(pv.value * 1.1) + 5, cash // 3)
            if fight == sym and lo <= cap:
                return {**c.base(), "amount": lo}
        return None          # pass

    def par_choice(self, g, par: list[Choice], cash: int) -> Action:
        prices = sorted({c.fixed["price"] for c in par})
        good = [p for p in prices if 6 * p <= cash] or [p for p in prices if 4 * p <= cash] \
            or prices[:1]
        p = max(good)
        ranked = sorted((c for c in par if c.fixed["price"] == p),
                        key=lambda c: -self.home_value(g, c.fixed["corporation"]))
        return ranked[0].base()

    def home_value(self, g, corp: str) -> float:
        """How good a company's home is: the optimiser's revenue with two of the next
        trains from there (a company not yet on the board has its home token only once
        placed, so this falls back to the data order)."""
        order = list(g.st.corp_order)
        return -order.index(corp) * 0.01

    # ---- stock round ----
    def stock(self, g, choices: list[Choice]) -> Action | None:
        seat = self.seat
        cash = g.s["cash"][seat]
        reserve = self.reserve(g)
        best, best_score = None, 0.0
        sells = [c for c in choices if c.type == "sell_shares"]
        # must sell (over the certificate limit): the least valuable
        if sells and not any(c.type == "pass" for c in choices):
            return self.least_bad_sale(g, sells)
        dump = self.dump(g, sells)
        if dump is not None:
            return dump
        mine = presided(g, seat)
        for c in choices:
            t = c.type
            score = 0.0
            if t == "par":
                continue
            if t == "buy_share":
                score = self.share_score(g, c.fixed["corporation"], c.fixed["source"], cash,
                                         reserve)
            elif t == "exchange":
                score = 50.0 if g.s["phase"] >= "4" or price(g, "NYC") >= 100 else 0.0
            if score > best_score:
                best, best_score = c.base(), score
        if best is None or best_score < 40:
            par = [c for c in choices if c.type == "par"]
            want = 2 if len(g.players) <= 4 else 1
            if par and len(mine) < want and not self.unfloated_own(g):
                prices = sorted({c.fixed["price"] for c in par})
                if 5 * prices[0] <= cash - reserve or (not mine and 4 * prices[0] <= cash):
                    return self.par_choice(g, par, cash - reserve)
        return best

    def unfloated_own(self, g) -> bool:
        return any(not g.s["corps"][c]["floated"] for c in presided(g, self.seat))

    def reserve(self, g) -> int:
        """Money kept back for trains the seat's companies will have to buy."""
        total = 0
        for corp in presided(g, self.seat):
            v = g.s["corps"][corp]
            if not v["floated"] or lasting_trains(g, corp):
                continue
            low = cheapest_train(g) or 0
            total += max(0, low - v["cash"])
        return min(total, g.s["cash"][self.seat])

    def expected_revenue(self, g, corp: str) -> int:
        v = g.s["corps"][corp]
        if not v["floated"]:
            nt = next_train(g)
            return 0 if nt is None else 40
        lasting = lasting_trains(g, corp)
        if lasting:
            return self.rev(g, corp)
        nt = next_train(g)
        if nt is None:
            return 0
        return self.rev(g, corp, (nt[0],), own=False) if v["cash"] >= nt[1] // 2 else \
            self.rev(g, corp) // 2

    def share_score(self, g, corp: str, source: str, cash: int, reserve: int) -> float:
        seat = self.seat
        v = g.s["corps"][corp]
        p = price(g, corp) if source == "pool" or v["pos"] else v["par"]
        if source == "ipo" and v.get("par"):
            p = v["par"] if g.title == "1830" else (v.get("ipo_price") or p)
        if not p or p > cash:
            return 0.0
        mine = pct(g, corp, seat)
        pres = v["president"]
        others = max((pct(g, corp, s) for s in range(len(g.players)) if s != seat), default=0)
        spare = cash - reserve - p
        if pres == seat:
            if not v["floated"]:
                return 100.0 + mine
            if others >= mine - 10:
                return 90.0                                  # keep the presidency
            if spare < 0:
                return 0.0
            rev = self.expected_revenue(g, corp)
            return 30.0 + 100.0 * rev * self.cfg["horizon"] / 10 / max(p, 1)
        if spare < 0:
            return 0.0
        if not v["floated"]:
            return 0.0
        rev = self.expected_revenue(g, corp)
        yld = rev * self.cfg["horizon"] / 10 / max(p, 1)
        if pres is not None and pres != seat:
            pres_pct = pct(g, corp, pres)
            if mine + 10 > pres_pct and lasting_trains(g, corp) and v["cash"] >= 0:
                return 60.0 + 100 * yld                      # take the presidency
            yld *= 0.5                                       # the president may withhold
        if source == "pool":
            yld *= 1.1
        return 100.0 * yld if yld > 0.12 else 0.0

    def least_bad_sale(self, g, sells: list[Choice]) -> Action:
        best, best_loss = None, None
        for c in sells:
            act = {**c.base(), "count": c.ranges["count"][0]}
            loss = self.sale_loss(g, act)
            if best_loss is None or loss < best_loss:
                best, best_loss = act, loss
        return best

    def sale_loss(self, g, act: Action) -> float:
        """Look-ahead: worth lost by a sale, plus the expected dividends given up."""
        w = self.try_on(g, act)
        if w is None:
            return 1e9
        corp = act["corporation"]
        lost = g.worth(self.seat) - w.worth(self.seat)
        div = self.expected_revenue(g, corp) * act["count"] * self.cfg["horizon"] / 10
        control = 200 if g.s["corps"][corp]["president"] == self.seat and \
            w.s["corps"][corp]["president"] != self.seat else 0
        return lost + div + control

    def dump(self, g, sells: list[Choice]) -> Action | None:
        """Sell a presidency the seat cannot carry: the company has no lasting train, cannot
        pay the next one and the seat could not cover the gap; taken only when the look-ahead
        shows another player becomes president."""
        seat = self.seat
        for c in sells:
            corp = c.fixed["corporation"]
            v = g.s["corps"][corp]
            if v["president"] != seat or not v["floated"] or lasting_trains(g, corp):
                continue
            low = cheapest_train(g)
            if low is None or v["cash"] >= low:
                continue
            gap = low - v["cash"]
            if gap < g.s["cash"][seat] * 0.5:
                continue
            act = self.handover_sale(g, c, corp, gap)
            if act is not None:
                return act
        return None

    def handover_sale(self, g, c: Choice, corp: str, gap: int) -> Action | None:
        """The smallest sale of ``c`` (a sale of ``corp``'s shares) that hands the presidency
        to another player, if the seat loses less worth by it than ``gap`` (what the
        company lacks for a train and the president would pay); None when no sale of the
        choice's counts hands it on or it costs more."""
        seat = self.seat
        lo, hi = c.ranges["count"]
        for k in range(lo, hi + 1):
            act = {**c.base(), "count": k}
            w = self.try_on(g, act)
            if w is None:
                continue
            if w.s["corps"][corp]["president"] != seat:
                return act if g.worth(seat) - w.worth(seat) < gap else None
        return None

    # ---- operating rounds ----
    def operate(self, g, choices: list[Choice]) -> Action | None:
        types = {c.type for c in choices}
        op = g.s["op"]
        corp = op.get("corp")
        if corp is None:
            return None
        if "dividend" in types:
            return self.dividend(g, corp, choices)
        lays = [c for c in choices if c.type == "lay_tile"]
        tokens = [c for c in choices if c.type == "place_token"]
        if "run_routes" in types:
            if lays or tokens:
                act = self.build(g, corp, lays, tokens)
                if act is not None:
                    return act
            return self.run(g, corp, choices)
        if types & {"bankrupt", "emergency_sell"} or (
                "sell_shares" in types and "buy_train" not in types):
            buys = [c for c in choices if c.type == "buy_train"]
            return self.forced_train(g, corp, choices, buys,
                                     [c for c in buys if not c.ranges and _source_ok(c)])
        act = self.sell_private_to_corp(g, corp, choices)
        if act is not None:
            return act
        assign = [c for c in choices if c.type == "assign"]
        if assign:
            return assign[0].base()
        if "buy_train" in types:
            return self.buy_train(g, corp, choices)
        if g.title == "1830" and op.get("step") == "home_token" and tokens:
            return tokens[0].base()
        if lays or tokens:
            return self.build(g, corp, lays, tokens)
        return None

    def run(self, g, corp: str, choices: list[Choice]) -> Action:
        listed = next(c for c in choices if c.type == "run_routes").base()
        try:
            from ..routing.problem import action_of, confirm, route_problem
            from ..routing.counted import counted_routes
            prob = route_problem(g, corp)           # as routing.auto_routes, work counted
            result, steps = counted_routes(prob.network, prob.trains)
            self.run_nodes += int(result.stats.get("nodes", 0)) + steps
            self.run_steps += steps
            act = action_of(prob, result)
            confirm(g, act, result.total)
            if act.get("routes"):
                return act
        except Exception:                                   # noqa: BLE001 - fall back
            pass
        return listed

    def needs_train_money(self, g, corp: str) -> int:
        """How much the company lacks for the train it needs (0: none needed)."""
        v = g.s["corps"][corp]
        if lasting_trains(g, corp):
            return 0
        low = cheapest_train(g)
        if low is None:
            return 0
        return max(0, low - v["cash"])

    def dividend(self, g, corp: str, choices: list[Choice]) -> Action:
        kinds = {c.fixed.get("kind"): c for c in choices if c.type == "dividend"}
        full = kinds.get("payout") or kinds.get("full")
        rev = g.s["op"].get("revenue") or 0
        need = self.needs_train_money(g, corp)
        pres_cash = g.s["cash"][self.seat]
        if need > 0 and (need > pres_cash * 0.5 or len(presided(g, self.seat)) > 1):
            half = kinds.get("half")
            if half is not None and rev // 2 >= need:
                return half.base()
            if "withhold" in kinds:
                return kinds["withhold"].base()
        return (full or next(iter(kinds.values()))).base()

    def buy_train(self, g, corp: str, choices: list[Choice]) -> Action | None:
        v = g.s["corps"][corp]
        buys = [c for c in choices if c.type == "buy_train"]
        can_pass = any(c.type in ("pass", "done") for c in choices)
        from_bank = [c for c in buys if not c.ranges and _source_ok(c)]
        if not can_pass:
            return self.forced_train(g, corp, choices, buys, from_bank)
        if len(v["trains"]) >= train_limit(g) and not any("exchange" in c.fixed for c in buys):
            return None
        if not from_bank:
            return None
        have = self.rev(g, corp)
        best, best_gain = None, 0.0
        for c in from_bank:
            tprice = self._train_price(g, c)
            ty = self._train_type(g, c)
            if ty is None or tprice > v["cash"]:
                continue
            gain = self.rev(g, corp, (ty,)) - have
            if "exchange" in c.fixed:
                gain -= 0.5 * have / max(1, len(v["trains"]))
            lasting = 1.0 if not _rusts_soon_type(g, ty) else 0.5
            score = gain * 4 * lasting - 0.15 * tprice
            if not lasting_trains(g, corp):
                score += 200
            elif len(v["trains"]) >= 2 and v["cash"] - tprice < 0:
                continue
            if score > best_gain:
                best, best_gain = c.base(), score
        return best

    def forced_train(self, g, corp: str, choices: list[Choice], buys: list[Choice],
                     from_bank: list[Choice]) -> Action | None:
        """The company must buy a train (1830 20.2, 1870 9.5.3): from another company of the
        seat's at $1 if that one has a train to spare, else the cheapest the bank sells,
        else the president sells shares (the sale losing least worth), else each offer to
        another player's company once, and bankruptcy only when nothing else is left."""
        own_deals = [c for c in buys if c.ranges and self._seller_is_mine(g, c)
                     and self._spare_train(g, c)]
        if own_deals:
            return _at_low(own_deals[0])
        if from_bank:
            return min(from_bank, key=lambda c: self._train_price(g, c)).base()
        if any(c.type in ("sell_shares", "emergency_sell") for c in choices):
            act = self.emergency(g, corp, choices)
            if act is not None:
                return act
        for c in buys:
            if not c.ranges:
                continue
            act = {**c.base(), **{k: hi for k, (_, hi) in c.ranges.items()}}
            key = (corp, str(sorted(act.items())), g.s.get("sr"), g.s.get("or_num"))
            if key in self.tried:
                continue
            self.tried.add(key)
            return act
        for c in choices:
            if c.type == "bankrupt":
                return c.base()
        return None

    def _train_type(self, g, c: Choice) -> str | None:
        if "train" in c.fixed:
            return _type(c.fixed["train"])
        nt = next_train(g)
        return nt[0] if nt else None

    def _train_price(self, g, c: Choice) -> int:
        if "price" in c.fixed:
            return int(c.fixed["price"])
        ty = self._train_type(g, c)
        return _defs(g)[ty].price if ty else 10 ** 6

    def _seller_is_mine(self, g, c: Choice) -> bool:
        tid = c.fixed.get("train")
        src = c.fixed.get("source")
        for o, v in g.s["corps"].items():
            if (src == o or (tid in v["trains"] and src is None)) and v["president"] == self.seat:
                return True
        return False

    def _spare_train(self, g, c: Choice) -> bool:
        tid = c.fixed.get("train")
        for o, v in g.s["corps"].items():
            if tid in v["trains"]:
                return len(v["trains"]) >= 2
        return False

    def emergency(self, g, corp: str, choices: list[Choice]) -> Action | None:
        buys = [c for c in choices if c.type == "buy_train" and not c.ranges]
        if buys:
            return min(buys, key=lambda c: self._train_price(g, c)).base()
        sells = [c for c in choices if c.type in ("sell_shares", "emergency_sell")]
        if sells:
            best, best_loss = None, None
            for c in sells:
                key = "count" if "count" in c.ranges else next(iter(c.ranges), None)
                for k in ([c.ranges[key][1], c.ranges[key][0]] if key else [None]):
                    act = c.base() if key is None else {**c.base(), key: k}
                    w = self.try_on(g, act)
                    if w is None:
                        continue
                    loss = g.worth(self.seat) - w.worth(self.seat)
                    if best_loss is None or loss < best_loss:
                        best, best_loss = act, loss
            if best is not None:
                return best
        return None

    def sell_private_to_corp(self, g, corp: str, choices: list[Choice]) -> Action | None:
        """The company buys one of the seat's privates at the top price when it can spare
        the money (it then keeps enough for the train it needs)."""
        v = g.s["corps"][corp]
        for c in choices:
            if c.type not in ("buy_company", "buy_private") or "company" not in c.fixed \
                    or "price" not in c.ranges:
                continue
            if g.s["companies"][c.fixed["company"]]["owner"] != f"p{self.seat}":
                continue
            lo, hi = c.ranges["price"]
            keep = 0
            if not lasting_trains(g, corp):
                keep = cheapest_train(g) or 0
            spend = min(hi, v["cash"] - keep)
            if spend >= lo and spend >= g.st.privates[c.fixed["company"]].value:
                return {**c.base(), "price": spend}
        return None

    def build(self, g, corp: str, lays: list[Choice], tokens: list[Choice]) -> Action | None:
        base_score = self.position_score(g, corp)
        near = self.near_hexes(g, corp)
        cand = [c for c in lays + tokens if c.fixed.get("hex") in near or c.type == "place_token"]
        cand.sort(key=lambda c: (near.get(c.fixed.get("hex"), 9), c.type != "lay_tile"))
        cand = cand[:self.cfg["lays"]] + [c for c in tokens if c not in cand[:self.cfg["lays"]]]
        best, best_score = None, 0.0
        cash0 = g.s["corps"][corp]["cash"]
        need = cheapest_train(g) if not lasting_trains(g, corp) else 0
        for c in cand:
            if time.perf_counter() > self.deadline:         # safety cap only
                self.capped = True
                break
            act = c.base()
            w = self.try_on(g, act)
            if w is None:
                continue
            cost = cash0 - w.s["corps"][corp]["cash"]
            score = self.position_score(w, corp) - base_score
            if cost > 0:
                score -= cost * 0.05
                if need and cash0 - cost < need:
                    score -= 1000
            if c.type == "lay_tile" and cost == 0:
                score += 0.5 - 0.1 * near.get(c.fixed.get("hex"), 5)
            if score > best_score:
                best, best_score = act, score
        return best

    def position_score(self, g, corp: str) -> float:
        nt = next_train(g)
        own = self.rev(g, corp)
        extra = (nt[0],) if nt else ()
        look = self.rev(g, corp, extra + extra, own=False) if extra else own
        return 3 * own + look + reach(g, corp)

    def near_hexes(self, g, corp: str) -> dict:
        """Hexes within two steps of the company's stations: hex -> distance."""
        board = g.st.board
        start = [h for h, cities in g.s["tokens"].items()
                 if any(corp in (held or ()) for held in cities)]
        if not start:
            home = g.st.corps[corp].home
            start = [home] if home else []
        dist = {h: 0 for h in start}
        frontier = list(start)
        for d in (1, 2, 3):
            nxt = []
            for h in frontier:
                hx = board.hexes.get(h)
                if hx is None:
                    continue
                for nb in hx.neighbors.values():
                    if nb not in dist:
                        dist[nb] = d
                        nxt.append(nb)
            frontier = nxt
        return dist

    # ---- offers, discards, protection ----
    def answer_offer(self, g, choices: list[Choice]) -> Action | None:
        """Accepts another company's offer for one of its trains (1830 21.0) when the price
        is at least three quarters of face value and the selling company keeps a train;
        declines every other offer."""
        deal = (g.s.get("op") or {}).get("deal") if g.title == "1830" else None
        if deal and deal.get("kind") == "train":
            seller = g.s["corps"].get(deal.get("seller"), {})
            face = _defs(g)[_type(deal["train"])].price
            if deal["price"] >= 0.75 * face and len(seller.get("trains", ())) >= 2:
                for c in choices:
                    if c.type in ("accept_offer", "accept"):
                        return c.base()
        for c in choices:
            if c.type in ("refuse_offer", "decline_offer", "decline"):
                return c.base()
        return None

    def protect(self, g, choices: list[Choice]) -> Action | None:
        for c in choices:
            if c.type == "decline":
                return c.base()
        return None

    def connection(self, g, choices: list[Choice]) -> Action:
        runs = [c for c in choices if c.type == "connection_run"]
        for c in runs:
            if c.fixed.get("marker") == "map" and c.fixed.get("kind") == "full":
                return c.base()
        return runs[0].base()

    def discard(self, g, choices: list[Choice]) -> Action:
        ds = [c for c in choices if c.type == "discard_train" and c.player == self.seat] \
            or [c for c in choices if c.type == "discard_train"]
        return min(ds, key=lambda c: (_defs(g)[_type(c.fixed["train"])].price)).base()


def _rusts_soon_type(g, ty: str) -> bool:
    r = _defs(g)[ty].rusts_on
    return r is not None and r in upcoming_types(g)[:3]


def _source_ok(c: Choice) -> bool:
    src = c.fixed.get("source")
    return src in (None, "depot", "pool")


def _private_price(g, sym: str) -> int:
    a = g.s["auction"]
    if sym == "SV" and isinstance(a, dict) and "falling_price" in a:
        return int(a["falling_price"])
    return g.st.privates[sym].value


def _at_low(c: Choice) -> Action:
    act = c.base()
    for k, (lo, _) in c.ranges.items():
        act[k] = lo
    return act
