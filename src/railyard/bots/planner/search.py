"""Search on top of the planner policy (issue 22, points 1 and 2): ``SearchBot(seed, level)``.

At the decisions that matter - train purchases, dividends, share buys / sells / pars in the
stock round and (at ``hard``) the track lay or station - the bot takes the policy's answer
and a few other candidates (:meth:`SearchBot.candidates`), plays each on with the policy for
every seat on a copy of its view (1830 and 1870 hide nothing but the future: the copy *is*
the position the seat sees) to a horizon and takes the candidate whose position at the cut
is worth most to its seat.  The policy's own answer wins ties and every candidate must beat
it by ``margin`` dollars, so the search changes a decision only where the look-ahead sees a
clear gain.

The play-on policy is a cheap :class:`~.bot.PlannerBot` per seat (``ROLLOUT``: few lays,
small optimiser budget).  Each candidate is played on ``samples`` times with different
seeds, the same seeds for every candidate of a decision (common random numbers: the
candidates are compared on the same futures), and the values averaged.  The budget is
counted work, never seconds: policy decisions simulated per searched decision (``budget``)
and the route optimiser's search steps the play-on bots are charged (``steps``, per title;
:mod:`railyard.routing.counted`: a cached estimate is charged what it cost, so every
candidate's play-on is cut by the same measure whatever the candidates before it left in
the caches), both split evenly over the candidates and their play-ons; a play-on stops at
either share even before the horizon.  The play-on bots' own tile lays stop at their
budget of route steps (``ROLLOUT["steps"]``).  The route steps are most of the time of a
late 1870 decision (long trains on the larger map: the same budget of simulated decisions
cost 2.5 times the CPU time of 1830's, docs/benchmarks.md "Route search counted"); 1830's
budgets of steps lie above what its measured games needed (it kept its moves), 1870's are
what its caps allow.  The wall clock is only the planner's safety cap (``cap``), after
which the remaining candidates are not played on and ``capped`` is set.

Levels (``SEARCH``): ``easy`` is the planner at its easy setting without search (made by
:func:`railyard.bots.kinds.make_bot` as a plain ``PlannerBot``).

- ``normal`` (the search measured against ``basic`` in session 10, kept as it was in
  1830; in 1870 its play-ons stop at 60,000 route steps, a third per candidate):
  trains, dividends and the stock round over 3 candidates, one play-on each (budget 300
  simulated decisions), cut at the first change of round (``horizon`` ``"round"``: an operating
  round's end, but also a stock round's end, so a stock decision is cut when the operating
  round after it begins); value :func:`present_value` (worth + 2 rounds of present revenue
  + half the treasury).
- ``hard``: also track and stations, over 4 candidates, one play-on each; a decision of an
  operating round is cut at that round's end, a stock decision at the end of the whole
  next set of operating rounds (``horizon`` ``"or"``: a stock round's end does not count,
  so the shares it bought have paid); value :func:`.value.position_value` (each holding's
  future dividends, price steps, treasury, a trainless presidency); the best-yield share
  buys the policy's scoring leaves out are candidates too; budget 400 simulated decisions
  (240 at track decisions, 320 at stock decisions), so that its CPU p95 per decision stays
  within 3 s (two play-ons per candidate and two operating rounds, budget 600, took 5.1 s
  at p95 in an 1830 game on the loaded machine); in 1870 also 100,000 route steps (90,000
  at track decisions, 120,000 at stock decisions).
"""
from __future__ import annotations

import random
import time
from typing import Any

from ...engine.actions import Action, Choice
from ...engine.errors import IllegalAction
from ...eighteen import shares as sh
from ..strategic import price as sh_price
from .bot import LEVELS, PlannerBot, for_title
from .value import position_value

#: per level: candidates per decision (``k``, the policy's answer included), operating-round
#: ends to play on to after a decision of an operating round (``ors``) and after a stock
#: round's (``stock_ors``), what ends a round (``horizon``: ``"round"`` - any change of
#: round, a stock round's end included; ``"or"`` - operating rounds' ends only, and once one
#: has ended the next stock round's start), play-ons per candidate (``samples``), policy
#: decisions simulated per searched decision (``budget``, over all candidates and play-ons),
#: the route search steps their play-on bots may be charged, per title (``steps``, the same),
#: the budget by decision kind where it differs (``by_kind``: track decisions' play-ons
#: cost most, a stock decision's play-on is long - through the next set of operating
#: rounds), the value at the
#: cut (``value``: ``"present"`` :func:`present_value`, ``"future"``
#: :func:`.value.position_value`), share buys of the best yield added to the stock
#: candidates (``yields``), the decision kinds searched, the gain over the policy's answer
#: needed to overrule it (``margin``, dollars of position value).  ``normal`` is the search
#: of session 10 as measured against ``basic`` (do not change it without measuring again).
SEARCH: dict[str, dict[str, Any]] = {
    "normal": {"k": 3, "ors": 1, "stock_ors": 1, "horizon": "round", "samples": 1,
               "budget": 300, "steps": {"1830": 360_000, "1870": 60_000},
               "value": "present", "yields": 0, "margin": 10.0,
               "kinds": ("train", "dividend", "stock"), "by_kind": {}},
    "hard": {"k": 4, "ors": 1, "stock_ors": 9, "horizon": "or", "samples": 1,
             "budget": 400, "steps": {"1830": 1_000_000, "1870": 100_000},
             "value": "future", "yields": 2, "margin": 10.0,
             "kinds": ("train", "dividend", "stock", "build"),
             "by_kind": {"build": {"budget": 240, "steps": {"1830": 1_000_000, "1870": 90_000}},
                         "stock": {"budget": 320,
                                   "steps": {"1830": 1_000_000, "1870": 120_000}}}},
}

#: the play-on policy's settings (a planner at easy, cheaper still; ``steps``: route search
#: steps per tile lay decision, per title)
ROLLOUT = {"scan": 6, "lays": 2, "nodes": 800, "block": 0, "rush": False,
           "steps": {"1830": 40_000, "1870": 8_000}}

#: titles whose train purchases the search leaves to the policy when the policy buys (a
#: train, or a private before it; the search may still buy where the policy declines).
#: A play-on to the round's end sees the price leave the treasury but not the rounds the
#: train will run nor the phase it brings: the train runs first in the next operating
#: round, and a new company's track often reaches its second city only some lays later.
#: In 1870 (one operating round per stock round in phase 1, seven 2-trains) ``normal``'s
#: search declined the policy's purchases - a
#: company with $700 and no train three stock rounds running, a second 2-train, the
#: first 3-trains - and the 2-trains lasted to stock round 4-5 (issue 22, branch i22p).
#: 1830 keeps its search (its measured games reached phase D; its moves stay the same).
POLICY_BUYS_TRAINS = frozenset({"1870"})

#: :func:`present_value` (``normal``): operating rounds of the company's present revenue
#: counted, and the share of its treasury counted, for each holder by their holding
REVENUE_ROUNDS = 2.0
TREASURY = 0.5


class _View:
    """The view the play-on bots get: the copy of the position (nothing is hidden in 1830
    and 1870) seen by ``seat``."""

    def __init__(self, w, seat: int) -> None:
        self._w, self.seat, self.title = w, seat, w.title

    def legal_actions(self) -> list[Choice]:
        return self._w.legal_actions()

    def world(self):
        return self._w.clone()


class SearchBot(PlannerBot):
    """The planner with a look-ahead over its candidate moves (module docstring)."""
    name = "planner"
    work_unit = ("optimiser nodes and search steps + positions tried + lays scored + policy "
                 "decisions simulated")

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        if level not in SEARCH:
            raise ValueError(f"no search at level {level!r}")
        # hard spends its extra budget on the search: the policy under it is normal's
        super().__init__(seed, level if level != "hard" else "normal")
        self.level = level
        self.cfg["cap"] = self.cfg["limit"] = LEVELS[level]["cap"]
        self.search = SEARCH[level]
        self.search_seed = random.Random(seed).getrandbits(32)
        self.decisions = 0
        #: policy decisions simulated in play-ons (counted in :attr:`work`)
        self.simulated = 0
        #: searched decisions and those where the search overruled the policy
        self.searched = 0
        self.overruled = 0
        #: play-ons that stopped at their share of the budget before the horizon, and
        #: those of them that stopped at their share of route search steps
        self.cut_short = 0
        self.cut_by_routes = 0
        self._rollers: list[PlannerBot] = []

    @property
    def work(self) -> int:
        return super().work + self.simulated + \
            sum(b.work for b in self._rollers)

    # ---- entry ------------------------------------------------------------------------------
    def choose(self, view) -> Action:
        self.saving = False
        act = super().choose(view)
        self.decisions += 1
        choices = view.legal_actions()
        g = view.world()
        kind = decision_kind(g, choices)
        if kind is None or kind not in self.search["kinds"]:
            return act
        if kind == "dividend" and self.saving:
            # a withhold for a train: the play-on to the round's end counts the train's
            # revenue for two rounds against its whole price, and a saving over several
            # runs as a dividend lost with no train (in 1830 games of four planners the
            # search paid out such runs - a company $10 short of the first 5-train too -,
            # and the bank broke in phase 5-6 without a D)
            return act
        if kind == "train" and g.title in POLICY_BUYS_TRAINS and \
                act.get("type") not in ("pass", "done"):
            # the policy's purchase (a train, or a private first) stands
            # (POLICY_BUYS_TRAINS): the search would judge the train by its price alone
            return act
        try:
            cands = self.candidates(g, choices, act, kind)
        except Exception:                                   # noqa: BLE001 - policy then
            self.fallbacks += 1
            return act
        if len(cands) < 2:
            return act
        self.searched += 1
        best = self.pick(g, view.seat, cands, kind)
        if best is not act:
            self.overruled += 1
        return best

    def pick(self, g, seat: int, cands: list[Action], kind: str = "train") -> Action:
        """The candidate (``cands[0]`` is the policy's answer) whose play-on ends worth most
        to ``seat``; another one only when it beats the policy's by ``margin``.  Every
        candidate is played on with the same seeds (common random numbers)."""
        cfg = {**self.search, **self.search["by_kind"].get(kind, {})}
        samples = max(1, int(cfg["samples"]))
        share = max(1, cfg["budget"] // (len(cands) * samples))
        steps = for_title(cfg.get("steps"), g.title)
        route_share = max(1, steps // (len(cands) * samples)) if steps else None
        ors = cfg["stock_ors" if kind == "stock" else "ors"]
        seed = self.search_seed + self.decisions
        t_cap = time.perf_counter() + self.cfg["cap"]
        values: list[float] = []
        for act in cands:
            if values and time.perf_counter() > t_cap:    # safety cap only
                self.capped = True
                break
            values.append(sum(self.play_on(g, seat, act, share, seed + 7919 * j, ors,
                                           route_share)
                              for j in range(samples)) / samples)
        best, best_v = cands[0], values[0] + self.search["margin"]
        for act, v in zip(cands[1:], values[1:]):
            if v > best_v:
                best, best_v = act, v
        return best

    # ---- candidates -------------------------------------------------------------------------
    def candidates(self, g, choices: list[Choice], act: Action, kind: str) -> list[Action]:
        """The policy's answer first, then up to ``k - 1`` others of the decision, each legal
        on the position (distinct)."""
        k = self.search["k"]
        others: list[Action] = []
        if kind == "dividend":
            others = [c.base() for c in choices if c.type == "dividend"]
        elif kind == "train":
            others = self.train_candidates(g, choices)
        elif kind == "stock":
            others = self.stock_candidates(g, choices, act)
        elif kind == "build":
            others = self.build_candidates(g, choices, act)
        out = [act]
        for o in others:
            if len(out) >= k:
                break
            if any(_same(o, x) for x in out):
                continue
            try:
                g.clone().apply(o)
            except IllegalAction:
                continue
            self.tried_positions += 1
            out.append(o)
        return out

    def train_candidates(self, g, choices: list[Choice]) -> list[Action]:
        """Not buying, then one train of each type the bank or pool offers, cheapest
        first."""
        out = [c.base() for c in choices if c.type in ("pass", "done")][:1]
        seen = set()
        buys = [c for c in choices if c.type == "buy_train" and not c.ranges
                and c.fixed.get("source") in (None, "depot", "pool")]
        buys.sort(key=lambda c: self._train_price(g, c))
        for c in buys:
            ty = self._train_type(g, c)
            if ty in seen:
                continue
            seen.add(ty)
            out.append(c.base())
        return out

    def stock_candidates(self, g, choices: list[Choice], act: Action) -> list[Action]:
        """Passing, the share buys the policy values most (its ``share_score``), a par of
        the company the policy pars one step up and down, selling what the policy sells
        one share fewer or more."""
        seat = self.seat
        out: list[Action] = []
        if act.get("type") == "par":
            prices = sorted({c.fixed["price"] for c in choices if c.type == "par"
                             and c.fixed.get("corporation") == act.get("corporation")})
            if act.get("price") in prices:
                i = prices.index(act["price"])
                for j in (i - 1, i + 1):
                    if 0 <= j < len(prices):
                        out += [c.base() for c in choices if c.type == "par"
                                and c.fixed.get("corporation") == act.get("corporation")
                                and c.fixed["price"] == prices[j]]
        if act.get("type") == "sell_shares" and "count" in act:
            for c in choices:
                if c.type == "sell_shares" and c.fixed.get("corporation") == \
                        act.get("corporation") and "count" in c.ranges:
                    lo, hi = c.ranges["count"]
                    for n in (act["count"] - 1, act["count"] + 1):
                        if lo <= n <= hi:
                            out.append({**c.base(), "count": n})
        out += [c.base() for c in choices if c.type == "pass"][:1]
        cash = g.s["cash"][seat]
        reserve = self.reserve(g)
        scored = []
        for i, c in enumerate(choices):
            if c.type != "buy_share":
                continue
            s = self.share_score(g, c.fixed["corporation"], c.fixed["source"], cash, reserve)
            if s > 0:
                scored.append((-s, i, c.base()))
        scored.sort(key=lambda x: (x[0], x[1]))
        out += [a for _, _, a in scored]
        if not self.search["yields"]:
            return out
        # and the share buys of the best yield the policy's scoring left out (it passes
        # often on its thresholds): the play-on judges them
        yields = []
        for i, c in enumerate(choices):
            if c.type != "buy_share" or not g.s["corps"][c.fixed["corporation"]]["floated"]:
                continue
            corp = c.fixed["corporation"]
            p = (sh_price(g, corp) if c.fixed["source"] == "pool" else
                 g.s["corps"][corp].get("par")) or 0
            if 0 < p <= cash:
                yields.append((-self.expected_revenue(g, corp) / p, i, c.base()))
        yields.sort(key=lambda x: (x[0], x[1]))
        out += [a for _, _, a in yields[:self.search["yields"]]]
        return out

    def build_candidates(self, g, choices: list[Choice], act: Action) -> list[Action]:
        """The policy's best lay or station on another hex (its build asked again without
        the hex of its answer) and not building (running at once)."""
        corp = g.s["op"].get("corp")
        lays = [c for c in choices if c.type == "lay_tile"
                and c.fixed.get("hex") != act.get("hex")]
        tokens = [c for c in choices if c.type == "place_token"
                  and c.fixed.get("hex") != act.get("hex")]
        out: list[Action] = []
        if corp is not None and (lays or tokens):
            alt = self.build(g, corp, lays, tokens)
            if alt is not None:
                out.append(alt)
        out += [c.base() for c in choices if c.type in ("pass", "done") and not c.ranges][:1]
        return out

    # ---- play-on ----------------------------------------------------------------------------
    def rollers(self, n: int) -> list[PlannerBot]:
        if len(self._rollers) != n:
            self._rollers = []
            for i in range(n):
                b = PlannerBot(i, "easy")
                b.cfg.update(ROLLOUT)
                b.rev = type(b.rev)(ROLLOUT["nodes"])
                self._rollers.append(b)
        return self._rollers

    def route_charged(self) -> int:
        """The route search steps the play-on bots were charged so far (their estimates'
        and their runs'; :class:`~railyard.bots.strategic.Revenue`)."""
        return sum(b.rev.charged + b.run_steps for b in self._rollers)

    def play_on(self, g, seat: int, act: Action, steps: int, seed: int,
                ors: int | None = None, route_steps: int | None = None) -> float:
        """Position value for ``seat`` after ``act`` and the policy's play of every seat to
        the level's horizon (module docstring; ``ors`` round ends, default the level's
        ``ors``) - or ``steps`` decisions, or once the play-on bots were charged
        ``route_steps`` route search steps, or the game's end."""
        limit = self.search["ors"] if ors is None else ors
        by_or = self.search["horizon"] == "or"
        w = g.clone()
        try:
            w.apply(act)
        except IllegalAction:
            return float("-inf")
        bots = self.rollers(len(w.players))
        for i, b in enumerate(bots):
            b.rng = random.Random(seed * 31 + i)
            b.tried = set()
        ends = 0
        mark = _or_mark(w)
        r0 = self.route_charged()
        for step in range(steps + 1):
            if step == steps:
                self.cut_short += 1
                break
            if route_steps is not None and self.route_charged() - r0 >= route_steps:
                self.cut_short += 1
                self.cut_by_routes += 1
                break
            p = w.current_player
            if p is None:
                break
            a = bots[p].choose(_View(w, p))
            self.simulated += 1
            try:
                w.apply(a)
            except IllegalAction:
                break
            m = _or_mark(w)
            if by_or:
                if m != mark and mark[0] == "operating":    # an operating round ended
                    ends += 1
                    if ends >= limit or m[0] == "stock":
                        break
            elif m != mark:                                 # any round ended
                ends += 1
                if ends >= limit:
                    break
            mark = m
        if self.search["value"] == "future":
            return position_value(self._rollers[0], w, seat)
        return present_value(self._rollers[0], w, seat)


def decision_kind(g, choices: list[Choice]) -> str | None:
    """Which searched kind of decision the choices are: ``train`` (a purchase that may be
    declined), ``dividend``, ``stock`` (a stock-round turn), ``build`` (lay or station),
    else ``None``."""
    types = {c.type for c in choices}
    if "dividend" in types:
        return "dividend"
    rnd = g.s["round"]
    if rnd == "stock":
        if "sell_shares" in types and "pass" not in types:
            return None                                 # forced sale: the policy's own
        if types & {"buy_share", "sell_shares", "par"}:
            return "stock"
        return None
    if rnd != "operating":
        return None
    if "buy_train" in types and types & {"pass", "done"} and not types & {
            "sell_shares", "emergency_sell", "bankrupt"}:
        return "train"
    if types & {"lay_tile", "place_token"} and "run_routes" in types or \
            types & {"lay_tile"} and types & {"pass", "done"}:
        return "build"
    return None


def _or_mark(w):
    """Changes when an operating round ends (the round or its number)."""
    s = w.s
    return (s["round"], s.get("sr"), s.get("or_num")) if s["round"] == "operating" else \
        (s["round"], s.get("sr"))


def present_value(bot: PlannerBot, w, seat: int) -> float:
    """``normal``'s value at the cut: what the position is worth to ``seat`` against the
    others - for each player its worth (cash + shares at market + privates) plus, for each
    company by its holding, the revenue its trains earn now (the policy's optimiser
    estimate) over ``REVENUE_ROUNDS`` operating rounds and ``TREASURY`` x the company's
    treasury; the seat's value minus the mean of the others'.  At the game's end: the
    final worth only."""
    n = len(w.players)
    over = w.current_player is None
    corp_value: dict[str, float] = {}
    if not over:
        for c, v in w.s["corps"].items():
            if v.get("closed") or not v.get("floated") or v.get("pos") is None:
                continue
            rev = bot.rev(w, c) if v["trains"] else 0
            corp_value[c] = (REVENUE_ROUNDS * rev + TREASURY * v["cash"]) / 100.0
    vals = []
    for p in range(n):
        total = float(w.worth(p))
        for c, cv in corp_value.items():
            total += sh.percent(w.s["holders"][c], str(p)) * cv
        vals.append(total)
    mine = vals[seat]
    others = [x for i, x in enumerate(vals) if i != seat]
    return mine - (sum(others) / len(others) if others else 0.0)


def _same(a: Action, b: Action) -> bool:
    """The same move (the acting player's number aside)."""
    return {k: v for k, v in a.items() if k != "player"} == \
        {k: v for k, v in b.items() if k != "player"}
