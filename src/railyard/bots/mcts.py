"""Monte Carlo search (kind ``mcts``) for the small games.

Two methods, chosen by ``method``; every level uses ``"rollout"`` (measured stronger, see
docs/bots.md and docs/benchmarks.md, session 5).

``"rollout"`` (default): a rollout algorithm (one step of policy improvement over the
rule-of-thumb policy, Tesauro and Galperin's "on-line policy improvement", Bertsekas'
rollout).  For one decision:

- the candidates (``candidates.candidates``; numbers such as bids reduced to a few amounts).
  Outside auctions, when there are more than ``top`` of them, the ``top`` best by the
  rule-of-thumb score (``GreedyBot.score``, one step deep) are kept.  The rule-of-thumb
  choice (``GreedyBot.pick`` / ``rules.auction_move``; North American Railways: its own bot)
  is always kept and tried first;
- each candidate is applied to a copy of the seat's world and the game is played on with
  every seat playing the rule-of-thumb policy (``rollout_policy``: ``GreedyBot`` one step
  deep as the ``rules`` bots play, or ``NarBot``);
- Chicago Express and American Rails have nothing hidden and nothing left to chance after
  the set-up, and the policy is deterministic, so one playout per candidate is enough: the
  playouts advance in turns of ``CHUNK`` actions each, up to the end of the game, the level's
  number of turns (``iterations``) or its budget of playout actions; a candidate's value is
  the seat's lead over the best other seat (final scores if the game ended, else
  ``heuristics.worth``) after the last turn all candidates still searched completed;
  ``halve_to`` (no level uses it now) halves the candidates after turns 2, 4, 8, ...
  (successive halving);
- North American Railways hides the other players' money and its bot draws at random: each
  turn plays every candidate once to the end of the game in a fresh world from
  ``view.sample(rng)`` (never the true hidden state); a candidate's value is its mean result
  (1 for a win, ties shared, plus ``LEAD_WEIGHT`` times the lead in dollars) over the turns
  all candidates completed;
- ``hard`` (``nest`` 1): **nested rollout** (Yan, Diaconis, Rusmevichientong and Van Roy's
  nested rollout; a second step of policy improvement): in each candidate's playout the
  searching seat's next decision is not the rule of thumb's but that of an inner one-step
  rollout (``_inner_pick``: the rule of thumb's answer and the ``inner_top`` - 1 best others
  by its score, all amounts in an auction, each played on by the rule of thumb for
  ``inner_horizon`` actions, CE/AR 40, NAR to the end; the best lead); every other decision
  in the playout is the rule of thumb's.  CE/AR: one playout per candidate to ``horizon``
  (60) actions, in the candidates' order (the rule of thumb's first), a candidate the budget
  cut short is not chosen; NAR: turns of one sampled world each, every candidate played on
  to the end in a copy of it, mean of win + ``LEAD_WEIGHT`` times the lead.  The inner
  searches' playout actions count in the same budget;
- ``hard`` in North American Railways (``crn``; issue 22 point 6, i22n): instead, common
  random numbers (``_crn_values``): per turn one world and one seed of the playout policy
  for all candidates, each played on to the end by a fresh policy with that seed; the
  seat's next decision (``nest``) and every opponent's next decision (``reply``) by an
  inner one-step rollout from that seat (``_crn_pick``), a model of opponents that search.
  i22v: the world is the one the seat knows by remembering every public move
  (``memory``: ``view.remembered()``, everybody's money; no sample), and each turn draws
  the other seats' rule-of-thumb figures (``noisy``: ``nar_opponents``, how much a share
  is worth to them, how much they found with, when they buy their own share, their city
  style), so a candidate is judged against opponents that do not all answer alike;
- the budget is counted in playout actions (all candidates of a decision together,
  ``Budget.actions`` per title) and looked at before every action of a playout; a turn it
  cuts short is not counted.  So a seeded game is the same game on an idle and on a busy
  machine.  The wall clock (``Budget.seconds``) is only a safety cap, checked at the same
  places; it does not cut a decision on this machine at normal load (``capped`` says when it
  did);
- the answer: the candidate with the best value; the rule-of-thumb choice on ties or when no
  turn was completed within the budget.

``"uct"``: the earlier single-observer information-set MCTS (Cowling, Powley and Whitehouse's
ISMCTS; plain UCT with perfect information): every iteration draws a world with
``view.sample(rng)``, descends a tree keyed by actions with UCB1 on the value of the seat to
move (max^n; a child's exploration term counts how often it was available), expands one
untried candidate, plays ``rollout_depth`` actions (``ROLLOUT_DEPTH``: 8, NAR to the end) of
the rule-of-thumb policy with probability ``epsilon`` of a random action, and scores the end
with ``heuristics.values``; the answer is, of the root actions visited at least half as often
as the most visited, the one with the best mean value.  Bids in Chicago Express and American
Rails are answered by the rule of thumb (``rule_auctions``).

Levels set the budget (``LEVELS``): playout actions per decision (per title), a number of
turns (``"rollout"``; iterations for ``"uct"``) and the candidates kept; ``work`` counts the
playout actions spent (tournaments report it per move).  A decision with one candidate is
answered at once.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..engine.actions import Action
from .candidates import action_key, candidates
from .heuristics import values, worth
from .rules import GreedyBot, auction_move, in_auction
from .views import SeatView


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: counted work, never time (a seeded game is the same game
    on an idle and on a busy machine); ``seconds`` is only a safety cap."""
    #: turns of playouts (``"rollout"``): CE/AR ``CHUNK`` actions per candidate, NAR one
    #: playout to the end per candidate; iterations for ``"uct"``
    iterations: int
    #: playout actions per decision, all candidates together, per title (the budget)
    actions: Mapping[str, int]
    #: candidates kept outside auctions (``"rollout"``)
    top: int = 8
    #: wall-clock safety cap in seconds (sixty times the level's move-time target: at a
    #: load of 20 a niced bot here got 1/20 of a core, docs/benchmarks.md, issue 22)
    seconds: float = 60.0
    #: (CE, AR) successive halving: after turns 2, 4, 8, ... the worse half of the
    #: candidates still searched (at most ``halve_to`` kept at least) stops, so the budget
    #: plays the promising ones deeper; 0: every candidate to the same depth
    halve_to: int = 0
    #: nested rollout: the searching seat's first ``nest`` decisions inside each playout are
    #: chosen by an inner rollout search (``_inner_pick``) instead of the rule of thumb;
    #: 0: every decision in a playout is the rule of thumb's (one-step rollout)
    nest: int = 0
    #: (nested) playout actions after the candidate per title (0: to the end of the game)
    horizon: Mapping[str, int] | None = None
    #: (nested) candidates of an inner decision (the rule of thumb's and the best others by
    #: its score; all bid amounts in an auction) and their playouts' length per title
    inner_top: int = 5
    inner_horizon: Mapping[str, int] | None = None
    #: titles with hidden information whose candidates are compared in the same sampled
    #: worlds *and* the same draws of the playout policy (common random numbers): per turn
    #: one world from ``view.sample`` and one policy seed, every candidate played on from
    #: them (``_crn_values``)
    crn: frozenset = frozenset()
    #: (``crn`` titles) ``nest`` per title when it differs there
    nest_by_title: Mapping[str, int] | None = None
    #: (``crn`` titles) opponents' decisions per playout chosen by an inner one-step rollout
    #: from their own seat (a model of opponents that search, as ``mcts`` bots do) instead of
    #: the rule of thumb: their first ``reply`` decisions after the candidate
    reply: Mapping[str, int] | None = None
    #: titles whose worlds are the one the seat knows by remembering every public move
    #: (``view.remembered()``; North American Railways: everybody's money) instead of
    #: samples of the hidden parts (``view.sample``); only the playout policy's draws vary
    memory: frozenset = frozenset()
    #: (hidden-information titles) a playout's value: ``win_weight`` x the win (1, shared on
    #: ties) + ``lead_weight`` x the lead in dollars (None: ``LEAD_WEIGHT``)
    win_weight: float = 1.0
    lead_weight: float | None = None
    #: (``crn`` titles) the playouts' other seats play the rule of thumb with its figures
    #: drawn at random per turn (``nar_noisy_policy``): opponents that do not all answer
    #: alike, so that a candidate is not judged by one deterministic reply
    noisy: frozenset = frozenset()


#: budgets per level (docs/bots.md "Levels"; move times in docs/benchmarks.md, issue 22)
LEVELS = {
    "easy": Budget(3, {"chicago-express": 100, "american-rails": 80,
                       "north-american-railways": 600}, 4, 18.0),
    "normal": Budget(500, {"chicago-express": 300, "american-rails": 320,
                           "north-american-railways": 8000}, 8, 60.0),
    # American Rails 2,600: its ten candidates each played on 60 actions with five inner
    # candidates of 40 (10 x (60 + 5 x 40)), affordable since its playouts score a cube
    # alone (SINGLE_BUILD_PLAYOUTS)
    "hard": Budget(1000, {"chicago-express": 2000, "american-rails": 2600,
                       "north-american-railways": 60000}, 10, 180.0, nest=1,
                   horizon={"chicago-express": 60, "american-rails": 60},
                   inner_top=5,
                   inner_horizon={"chicago-express": 40, "american-rails": 40},
                   # NAR (issue 22 point 6, i22n): candidates in the same sampled worlds and
                   # policy draws, and the opponents' next decision searched too; i22v: in
                   # the world the seat remembers (everybody's money) against opponents
                   # whose rule-of-thumb figures are drawn per turn
                   crn=frozenset({"north-american-railways"}),
                   reply={"north-american-railways": 1},
                   memory=frozenset({"north-american-railways"}),
                   noisy=frozenset({"north-american-railways"})),
}
#: playout actions per decision for a title the table does not name
DEFAULT_ACTIONS = {"easy": 150, "normal": 600, "hard": 2000}
#: iterations per level of the ``"uct"`` method
UCT_ITERATIONS = {"easy": 15, "normal": 40, "hard": 200}
#: actions a playout advances per turn (``"rollout"``, titles without hidden information)
CHUNK = 10
#: weight of the lead in dollars next to a win (1) in North American Railways' values
LEAD_WEIGHT = 0.0002


#: titles whose playouts score a build without the same player's next build (the rule of
#: thumb's follow-up): American Rails' cube placements come in runs of up to four, and
#: scoring each cube with every next one made a late playout action cost ~100 positions
#: (idle p95 per decision: hard 7.9 s, normal 1.9 s, over the 3 s and 1 s caps)
SINGLE_BUILD_PLAYOUTS = frozenset({"american-rails"})


def nar_opponents(seed: int, me: int, n: int) -> list[dict[str, Any] | None]:
    """Per seat of a North American Railways playout the rule of thumb's figures drawn from
    ``seed`` (``NarBot``'s keyword arguments and style; ``None`` for ``me``, who plays it
    unchanged): a share worth 0.6-1.6 x its estimate, founding with 25-65 % of one's money,
    one's own share bought from $1,000-2,000 on, and half the time a city style other than
    "value"."""
    rng = random.Random(seed)
    out: list[dict[str, Any] | None] = []
    for p in range(n):
        scale = rng.uniform(0.6, 1.6)
        found = rng.randrange(25, 66)
        own = rng.choice((1000, 1500, 2000))
        style = rng.choice(("value", "value", "income", "coast"))
        out.append(None if p == me else {"worth_scale": scale, "found_percent": found,
                                         "own_from": own, "style": style})
    return out


def nar_noisy_policy(seed: int, params: list[dict[str, Any] | None]) -> Any:
    """The rule-of-thumb playout policy of North American Railways with each seat's figures
    from ``params`` (``nar_opponents``; ``None``: the rule of thumb itself); each seat draws
    from its own generator seeded from ``seed``."""
    from ..games.nar.bot import NarBot
    bots = [NarBot(seed * 7 + p, (q or {}).get("style", "value"),
                   **{k: v for k, v in (q or {}).items() if k != "style"})
            for p, q in enumerate(params)]
    return lambda st, choices: bots[st.current_player].choose(st)


def rollout_policy(title: str, seed: int | None) -> Any:
    """The rule-of-thumb choice as a playout policy ``f(state, choices) -> action``: North
    American Railways' own bot there, else the greedy bot one step deep (as the ``rules``
    bot plays)."""
    if title == "north-american-railways":
        from ..games.nar.bot import NarBot
        nar = NarBot(seed, "value")
        return lambda st, choices: nar.choose(st)
    greedy = GreedyBot(seed, depth=1, follow_builds=title not in SINGLE_BUILD_PLAYOUTS)
    return lambda st, choices: greedy.pick(st, st.current_player, choices)


#: playout length in actions per title (default 8) of the ``"uct"`` method: North American
#: Railways' games are short (about 45 actions), so its playouts run to the end
ROLLOUT_DEPTH = {"north-american-railways": 1000}


def lead(st: Any, me: int) -> tuple[float, float | None]:
    """``(lead, win)``: the seat's final score (estimated worth while the game runs) minus the
    best other seat's, and its share of the win once the game is over (else ``None``)."""
    res = st.result()
    if res is not None:
        sc = [float(x) for x in res.scores]
        win: float | None = 1.0 / len(res.winners) if me in res.winners else 0.0
    else:
        sc, win = worth(st), None
    return sc[me] - max(sc[j] for j in range(len(sc)) if j != me), win


class Node:
    __slots__ = ("action", "mover", "n", "w", "avail", "children")

    def __init__(self, action: Action | None, mover: int, seats: int) -> None:
        self.action = action
        self.mover = mover          # the seat that chose ``action``
        self.n = 0
        self.w = [0.0] * seats
        self.avail = 0
        self.children: dict[tuple, Node] = {}


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int | None = None, level: str = "normal", *,
                 method: str = "rollout", iterations: int | None = None,
                 seconds: float | None = None, top: int | None = None,
                 actions: int | None = None, nest: int | None = None,
                 halve_to: int | None = None,
                 rollout_depth: int | None = None, exploration: float = 0.3,
                 informed: bool = True, rule_auctions: bool = True,
                 greedy_rollouts: bool = True, epsilon: float = 0.1) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        if method not in ("rollout", "uct"):
            raise ValueError(f"unknown method {method!r}: rollout or uct")
        budget = LEVELS[level]
        self.level = level
        self.method = method
        default_it = budget.iterations if method == "rollout" else UCT_ITERATIONS[level]
        self.iterations = default_it if iterations is None else iterations
        self.seconds = budget.seconds if seconds is None else seconds
        #: playout actions per decision (None: the level's figure for the title played)
        self.actions = actions
        self.top = budget.top if top is None else top
        self.halve_to = budget.halve_to if halve_to is None else halve_to
        self.nest = budget.nest if nest is None else nest
        self._nest_arg = nest
        self.budget = budget
        self.rollout_depth = rollout_depth
        self.c = exploration
        #: (uct) playouts bid as the rule-of-thumb bot does (rules.auction_move), else at random
        self.informed = informed
        #: (uct) answer bids by the rule of thumb instead of searching
        self.rule_auctions = rule_auctions
        #: (uct) playouts choose as the rule-of-thumb bot, a random action with probability
        #: ``epsilon``
        self.greedy_rollouts = greedy_rollouts
        self.policy = None
        self.policy_seed = seed
        self.epsilon = epsilon
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed, depth=1)
        #: turns (iterations) completed for the last decision (0 when it was forced)
        self.last_iterations = 0
        #: counted work: playout actions applied (all decisions; ``"uct"``: iterations' tree
        #: and playout actions), the unit tournaments report per move
        self.work = 0
        #: whether the safety cap (``seconds``) cut the last decision short
        self.capped = False
        #: the last decision's candidates (the first: the rule of thumb's) and, when halving
        #: dropped some, the indices of those still in contention
        self.last_order: list[Action] = []
        self.contenders: list[int] | None = None
        #: (``noisy``) the current turn's figures of the playouts' seats (``nar_opponents``)
        self._turn_params: list[dict[str, Any] | None] | None = None

    work_unit = "playout actions"

    def budget_for(self, title: str) -> int:
        """Playout actions one decision may spend in ``title``."""
        if self.actions is not None:
            return self.actions
        return LEVELS[self.level].actions.get(title, DEFAULT_ACTIONS[self.level])

    def choose(self, view: SeatView) -> Action:
        if self.method == "rollout":
            return self._choose_rollout(view)
        return self._choose_uct(view)

    # ------------------------------------------------------------------ rollout method
    def _choose_rollout(self, view: SeatView) -> Action:
        deadline = time.perf_counter() + self.seconds
        self.capped = False
        self.contenders = None
        if self.policy is None:
            self.policy = rollout_policy(view.title, self.rng.randrange(1 << 30))
        self.last_iterations = 0
        world = view.world()
        choices = world.legal_actions()
        if not choices:
            raise ValueError("no legal action: the game is over")
        acts = candidates(world, choices)
        if len(acts) == 1:
            return acts[0]
        me = view.seat
        if view.title in self.budget.memory and view.hidden_information:
            known = view.remembered()
            if known is not None:
                world = known
        if view.title == "north-american-railways":
            base = self.policy(world, choices)
        elif in_auction(world):
            base = auction_move(world, me, choices)
        else:
            # GreedyBot.pick's choice (the first best score) and the ``top`` best
            scores = [self.greedy.score(world, a, me, self.greedy.depth) for a in acts]
            first = 0
            for i, sc in enumerate(scores):
                if sc > scores[first] + 1e-9:
                    first = i
            base = acts[first]
            if len(acts) > self.top:
                order = sorted(range(len(acts)), key=lambda i: -scores[i])
                acts = [acts[i] for i in order[:self.top]]
        key = action_key(base)
        order = [base] + [a for a in acts if action_key(a) != key]
        if len(order) == 1:
            return base
        budget = self.budget_for(view.title)
        self.last_order = order
        if view.title in self.budget.crn and view.hidden_information:
            vals = self._crn_values(view, order, me, budget, deadline)
        elif self.nest:
            vals = self._nested_values(view, world, order, me, budget, deadline)
        elif view.hidden_information:
            vals = self._sampled_values(view, order, me, budget, deadline)
        else:
            vals = self._playout_values(world, order, me, budget, deadline)
        if vals is None:
            return dict(base)
        contenders = self.contenders if self.contenders is not None else range(len(order))
        best = max(contenders, key=lambda i: (vals[i], i == 0))
        return dict(order[best])

    def _value(self, d: float, win: float | None) -> float:
        """A playout's value in a hidden-information title: ``win_weight`` x the win (ties
        shared) + ``lead_weight`` (default ``LEAD_WEIGHT``) x the lead in dollars."""
        b = self.budget
        lw = LEAD_WEIGHT if b.lead_weight is None else b.lead_weight
        return b.win_weight * (win or 0.0) + lw * d

    def _out_of_budget(self, spent: int, budget: int, deadline: float) -> bool:
        """Whether the next playout action would exceed the budget (or, as a safety cap
        only, the wall clock has passed the deadline)."""
        if spent >= budget:
            return True
        if time.perf_counter() > deadline:
            self.capped = True
            return True
        return False

    def _playout_values(self, world: Any, order: list[Action], me: int, budget: int,
                        deadline: float) -> list[float] | None:
        """One playout per candidate, advanced ``CHUNK`` actions per turn; the leads after
        the last complete turn.  A turn that would pass ``budget`` playout actions (all
        candidates together) is not played to its end and does not count."""
        policy = self.policy
        states = []
        for a in order:
            s = world.clone()
            s.apply(dict(a))
            states.append(s)
        vals = [lead(s, me)[0] for s in states]
        live = [i for i, s in enumerate(states) if s.current_player is not None]
        keep = list(range(len(order)))
        turn = spent = 0
        try:
            while live and turn < self.iterations:
                if self.halve_to and turn >= 2 and turn & (turn - 1) == 0 \
                        and len(keep) > self.halve_to:
                    # after turns 2, 4, 8, ...: the better half goes on (finished games
                    # keep their final value and stay in contention)
                    n_keep = max(self.halve_to, (len(keep) + 1) // 2)
                    keep = sorted(keep, key=lambda i: (-vals[i], i))[:n_keep]
                    self.contenders = keep
                    live = [i for i in live if i in keep]
                    if not live:
                        break
                now = []
                for i in live:
                    s = states[i]
                    for _ in range(CHUNK):
                        if s.current_player is None:
                            break
                        if self._out_of_budget(spent, budget, deadline):
                            return vals if turn else None
                        s.apply(policy(s, s.legal_actions()))
                        spent += 1
                    now.append(lead(s, me)[0])
                for i, v in zip(live, now):
                    vals[i] = v
                live = [i for i in live if states[i].current_player is not None]
                turn += 1
                self.last_iterations = turn
        finally:
            self.work += spent
        return vals if turn or not live else None

    def _sampled_values(self, view: SeatView, order: list[Action], me: int, budget: int,
                        deadline: float) -> list[float] | None:
        """Per turn one playout to the end per candidate, each in a fresh sampled world; the
        mean values over the complete turns (None if none completed).  The budget (playout
        actions, all candidates together) is looked at before every action; a turn it cuts
        short is not counted."""
        policy = self.policy
        n = len(order)
        tot = [0.0] * n
        turn = spent = 0
        try:
            while turn < self.iterations:
                row = []
                for a in order:
                    if self._out_of_budget(spent, budget, deadline):
                        return [t / turn for t in tot] if turn else None
                    s = view.sample(self.rng)
                    s.apply(dict(a))
                    while s.current_player is not None:
                        if self._out_of_budget(spent, budget, deadline):   # not counted
                            return [t / turn for t in tot] if turn else None
                        s.apply(policy(s, s.legal_actions()))
                        spent += 1
                    d, win = lead(s, me)
                    row.append((win or 0.0) + LEAD_WEIGHT * d)
                for i, v in enumerate(row):
                    tot[i] += v
                turn += 1
                self.last_iterations = turn
        finally:
            self.work += spent
        return [t / turn for t in tot]

    # ------------------------------------------------------------------ common random numbers
    def nest_for(self, title: str) -> int:
        """The searching seat's nested decisions per playout in ``title``."""
        if self._nest_arg is not None:
            return self._nest_arg
        return (self.budget.nest_by_title or {}).get(title, self.budget.nest)

    def _crn_values(self, view: SeatView, order: list[Action], me: int, budget: int,
                    deadline: float) -> list[float] | None:
        """Candidates compared in the same worlds (common random numbers): per turn one
        world from ``view.sample(rng)`` and one seed of the playout policy; every candidate
        is applied to a copy of that world and played on to the end by a fresh policy with
        that seed (``_crn_playout``: the seat's first ``nest`` and every opponent's first
        ``reply`` decisions by an inner one-step rollout).  Value: mean of the win (ties
        shared) + ``LEAD_WEIGHT`` times the lead over the complete turns; None when no turn
        completed within the budget."""
        title = view.title
        nest = self.nest_for(title)
        reply = (self.budget.reply or {}).get(title, 0)
        spent = [0]

        def per_turn() -> Callable[[Any], tuple[float, float | None] | None]:
            pseed = self.rng.randrange(1 << 30)     # the turn's policy draws, after its world
            if title in self.budget.noisy:
                self._turn_params = nar_opponents(pseed ^ 0x5EED, me, len(view.players))
            return lambda s: self._crn_playout(s, me, pseed, nest, reply, budget, deadline,
                                               spent)
        try:
            return self._world_means(view, order, per_turn)
        finally:
            self.work += spent[0]

    def _world_means(self, view: SeatView, order: list[Action],
                     per_turn: Callable[[], Callable[[Any], Any]]) -> list[float] | None:
        """Turns of worlds: per turn one world from ``view.sample(rng)`` (a copy of the
        remembered world, ``view.remembered()``, in ``memory`` titles), then
        ``per_turn()`` gives the turn's playout, which plays every candidate on in a copy of
        that world (``(lead, win)`` or None when the budget ran out).  Value: the mean of the
        win (ties shared) + ``LEAD_WEIGHT`` times the lead (``_value``) over the complete
        turns; None when no turn completed."""
        tot = [0.0] * len(order)
        turn = 0
        known = view.remembered() if view.title in self.budget.memory else None
        while turn < self.iterations:
            sample = known.clone() if known is not None else view.sample(self.rng)
            play = per_turn()
            row = []
            for a in order:
                s = sample.clone()
                s.apply(dict(a))
                d = play(s)
                if d is None:
                    return [t / turn for t in tot] if turn else None
                row.append(self._value(d[0], d[1]))
            for i, v in enumerate(row):
                tot[i] += v
            turn += 1
            self.last_iterations = turn
        return [t / turn for t in tot] if turn else None

    def _crn_playout(self, s: Any, me: int, pseed: int, nest: int, reply: int, budget: int,
                     deadline: float, spent: list[int]) -> tuple[float, float | None] | None:
        """Plays ``s`` to the end with the policy seeded ``pseed``; the seat's first ``nest``
        and each other seat's first ``reply`` decisions with more than one answer by
        ``_crn_pick``.  ``lead(s, me)``, or None when the budget ran out."""
        pol = self._crn_policy(s.title, pseed)
        picked = [0] * len(s.players)
        while s.current_player is not None:
            if self._out_of_budget(spent[0], budget, deadline):
                return None
            p = s.current_player
            choices = s.legal_actions()
            limit = nest if p == me else reply
            if picked[p] < limit and (len(choices) > 1 or choices[0].ranges):
                act = self._crn_pick(s, p, choices, pseed + 7919 * (p + 1), budget,
                                     deadline, spent)
                if act is None:
                    return None
                picked[p] += 1
            else:
                act = pol(s, choices)
            spent[0] += 1
            s.apply(act)
        return lead(s, me)

    def _crn_policy(self, title: str, pseed: int) -> Any:
        """The playout policy seeded ``pseed``: the rule of thumb, or with the turn's drawn
        figures of the other seats (``noisy``)."""
        params = self._turn_params if title in self.budget.noisy else None
        if params is None:
            return rollout_policy(title, pseed)
        return nar_noisy_policy(pseed, params)

    def _crn_pick(self, s: Any, p: int, choices: list, pseed: int, budget: int,
                  deadline: float, spent: list[int]) -> Action | None:
        """Seat ``p``'s choice inside a playout by a one-step rollout from its own seat: the
        rule of thumb's answer and ``inner_top`` - 1 others (one amount of each listed
        choice before a second one of any), each played to the end by a policy seeded
        ``pseed`` (the same draws for all); the best win + ``LEAD_WEIGHT`` x lead of ``p``,
        the rule of thumb's on ties.  None when the budget ran out."""
        acts = candidates(s, choices)
        if len(acts) == 1:
            return acts[0]
        base = self._crn_policy(s.title, pseed)(s, choices)
        key = action_key(base)
        # one amount per listed choice first, then the next ones
        numbers = {k for ch in choices for k in ch.ranges}
        groups: dict[tuple, list[Action]] = {}
        for a in acts:
            if action_key(a) == key:
                continue
            g = tuple(sorted((k, v) for k, v in a.items() if k not in numbers))
            groups.setdefault(g, []).append(a)
        others: list[Action] = []
        depth = 0
        while len(others) < self.budget.inner_top - 1 and any(len(v) > depth
                                                                for v in groups.values()):
            for v in groups.values():
                if len(v) > depth and len(others) < self.budget.inner_top - 1:
                    others.append(v[depth])
            depth += 1
        best, best_v = base, float("-inf")
        for a in [base] + others:
            t = s.clone()
            t.apply(dict(a))
            pol = self._crn_policy(s.title, pseed)
            while t.current_player is not None:
                if self._out_of_budget(spent[0], budget, deadline):
                    return None
                t.apply(pol(t, t.legal_actions()))
                spent[0] += 1
            d, win = lead(t, p)
            v = self._value(d, win)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return dict(best)

    # ------------------------------------------------------------------ nested rollout
    def _nested_values(self, view: SeatView, world: Any, order: list[Action], me: int,
                       budget: int, deadline: float) -> list[float] | None:
        """Nested rollout: each candidate is played on (``_nested_playout``) with the
        searching seat's next ``nest`` decisions chosen by an inner rollout search and every
        other decision by the rule of thumb.  Without hidden information (CE, AR) one
        playout per candidate, in the order given (the rule of thumb's first), to the
        title's ``horizon``; a candidate the budget cut short gets no value and cannot be
        chosen.  With hidden information (NAR) turns as in ``_sampled_values``: per turn one
        world from ``view.sample(rng)``, every candidate played on in a copy of it to the
        end; the mean over the complete turns.  None when no candidate (no turn) was
        completed."""
        title = view.title
        bud = self.budget
        horizon = (bud.horizon or {}).get(title, 0)
        inner_h = (bud.inner_horizon or {}).get(title, 0)
        spent = [0]
        hidden = view.hidden_information
        n = len(order)
        try:
            if not hidden:
                vals = [float("-inf")] * n
                for i, a in enumerate(order):
                    s = world.clone()
                    s.apply(dict(a))
                    d = self._nested_playout(s, me, horizon, inner_h, budget, deadline, spent)
                    if d is None:
                        break
                    vals[i] = d[0]
                    self.last_iterations = i + 1
                return vals if self.last_iterations else None
            return self._world_means(view, order, lambda: lambda s: self._nested_playout(
                s, me, horizon, inner_h, budget, deadline, spent))
        finally:
            self.work += spent[0]

    def _nested_playout(self, s: Any, me: int, horizon: int, inner_h: int, budget: int,
                        deadline: float, spent: list[int]) -> tuple[float, float | None] | None:
        """Plays ``s`` on for ``horizon`` actions (0: to the end): the seat's first ``nest``
        decisions by ``_inner_pick``, the others by the rule of thumb.  ``lead(s, me)`` at
        the end, or None when the budget ran out first."""
        policy = self.policy
        nested = steps = 0
        while s.current_player is not None and (not horizon or steps < horizon):
            if self._out_of_budget(spent[0], budget, deadline):
                return None
            choices = s.legal_actions()
            if s.current_player == me and nested < self.nest and \
                    (len(choices) > 1 or choices[0].ranges):
                act = self._inner_pick(s, me, choices, inner_h, budget, deadline, spent)
                if act is None:
                    return None
                nested += 1
            else:
                act = policy(s, choices)
            spent[0] += 1
            s.apply(act)
            steps += 1
        return lead(s, me)

    def _inner_pick(self, s: Any, me: int, choices: list, inner_h: int, budget: int,
                    deadline: float, spent: list[int]) -> Action | None:
        """The seat's choice inside a playout by a one-step rollout: the rule of thumb's
        answer and the ``inner_top`` - 1 best others by its score (every amount in an
        auction), each played on with the rule of thumb for ``inner_h`` actions (0: to the
        end); the best lead, the rule of thumb's on ties.  None when the budget ran out."""
        acts = candidates(s, choices)
        if len(acts) == 1:
            return acts[0]
        if s.title == "north-american-railways":
            base = self.policy(s, choices)
            acts = acts[:self.budget.inner_top]
        elif in_auction(s):
            base = auction_move(s, me, choices)
        else:
            scores = [self.greedy.score(s, a, me, self.greedy.depth) for a in acts]
            first = 0
            for i, sc in enumerate(scores):
                if sc > scores[first] + 1e-9:
                    first = i
            base = acts[first]
            if len(acts) > self.budget.inner_top:
                order = sorted(range(len(acts)), key=lambda i: -scores[i])
                acts = [acts[i] for i in order[:self.budget.inner_top]]
        key = action_key(base)
        order = [base] + [a for a in acts if action_key(a) != key]
        policy = self.policy
        best, best_v = base, float("-inf")
        for a in order:
            t = s.clone()
            t.apply(dict(a))
            steps = 0
            while t.current_player is not None and (not inner_h or steps < inner_h):
                if self._out_of_budget(spent[0], budget, deadline):
                    return None
                t.apply(policy(t, t.legal_actions()))
                spent[0] += 1
                steps += 1
            v = lead(t, me)[0]
            if v > best_v + 1e-9:
                best, best_v = a, v
        return dict(best)

    # ------------------------------------------------------------------ uct method
    def _choose_uct(self, view: SeatView) -> Action:
        if self.greedy_rollouts and self.policy is None:
            self.policy = uct_policy(view.title, self.policy_seed)
        if self.rollout_depth is None:
            self.rollout_depth = ROLLOUT_DEPTH.get(view.title, 8)
        world = view.world()
        acts = candidates(world, world.legal_actions())
        if not acts:
            raise ValueError("no legal action: the game is over")
        self.last_iterations = 0
        if len(acts) == 1:
            return acts[0]
        if self.rule_auctions and in_auction(world):
            return auction_move(world, view.seat, world.legal_actions())
        seats = len(view.players)
        root = Node(None, -1, seats)
        deadline = time.perf_counter() + self.seconds
        for it in range(self.iterations):
            if it and time.perf_counter() > deadline:
                break
            self._iterate(root, view.sample(self.rng), seats)
            self.last_iterations = it + 1
        legal = {action_key(a) for a in acts}
        tried = [ch for k, ch in root.children.items() if k in legal]
        if not tried:
            return acts[0]
        most = max(ch.n for ch in tried)
        me = view.seat
        best = max((ch for ch in tried if 2 * ch.n >= most), key=lambda ch: ch.w[me] / ch.n)
        return dict(best.action) if best is not None else acts[0]

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, root: Node, st: Any, seats: int) -> None:
        rng = self.rng
        node = root
        path = [root]
        while True:
            p = st.current_player
            if p is None:
                break
            acts = candidates(st, st.legal_actions())
            children = node.children
            untried = []
            legal_children = []
            for a in acts:
                k = action_key(a)
                ch = children.get(k)
                if ch is None:
                    untried.append((k, a))
                else:
                    ch.avail += 1
                    legal_children.append(ch)
            if untried:
                k, a = untried[rng.randrange(len(untried))]
                ch = Node(a, p, seats)
                ch.avail = 1
                children[k] = ch
                st.apply(dict(a))
                self.work += 1
                path.append(ch)
                break
            c = self.c
            best, best_u = None, -1.0
            for ch in legal_children:
                u = ch.w[p] / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if u > best_u:
                    best, best_u = ch, u
            st.apply(dict(best.action))
            self.work += 1
            node = best
            path.append(best)
        v = self._rollout(st)
        for nd in path:
            nd.n += 1
            w = nd.w
            for i in range(seats):
                w[i] += v[i]

    def _rollout(self, st: Any) -> list[float]:
        rng = self.rng
        for _ in range(self.rollout_depth):
            if st.current_player is None:
                break
            self.work += 1
            choices = st.legal_actions()
            if choices[0].type == "bid" and len(choices) == 2 and self.informed:
                st.apply(auction_move(st, st.current_player, choices))
                continue
            if self.policy is not None and rng.random() >= self.epsilon:
                st.apply(self.policy(st, choices))
                continue
            ch = choices[rng.randrange(len(choices))]
            act = ch.base()
            for key, (lo, hi) in ch.ranges.items():
                act[key] = lo if hi <= lo or rng.random() < 0.6 else \
                    min(hi, lo + int(rng.expovariate(0.5)) + 1)
            st.apply(act)
        return values(st)


def uct_policy(title: str, seed: int | None) -> Any:
    """The ``"uct"`` method's playout policy: North American Railways' own bot, else the
    greedy bot without its follow-up look-ahead (depth 0, cheaper)."""
    if title == "north-american-railways":
        return rollout_policy(title, seed)
    greedy = GreedyBot(seed, depth=0)
    return lambda st, choices: greedy.pick(st, st.current_player, choices)
