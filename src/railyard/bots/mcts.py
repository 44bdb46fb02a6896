"""Monte Carlo tree search (kind ``mcts``) for the small games.

One search per decision, from the seat's :class:`~railyard.bots.views.SeatView`:

- every iteration starts from a world drawn by ``view.sample(rng)``; in a title with hidden
  information (North American Railways) that is a determinisation: the canonical world with
  the unknown parts (other players' money) drawn again, never the true hidden state.  The
  tree is shared by all worlds and keyed by actions (single-observer information-set MCTS):
  a node's children are the actions tried there, a child's exploration term counts how often
  it was *available* (legal in the iteration's world), as in Cowling, Powley and Whitehouse's
  ISMCTS; in a perfect-information title this is plain UCT;
- selection: UCB1 on the value of the seat that moves at the node (max^n for several
  players), values in [0, 1];
- expansion: one untried candidate action (``candidates.candidates``: numbers such as bids
  reduced to a few amounts);
- evaluation: a playout of ``rollout_depth`` actions (``ROLLOUT_DEPTH``: 8, or to the end
  in North American Railways) in which every seat plays the rule-of-thumb policy
  (``rollout_policy``; auctions: ``rules.auction_move``), a random action with probability
  ``epsilon``; then ``heuristics.values`` (the game's returns if it ended, else a guess of each seat's
  chance to win from its estimated worth);
- the answer: of the root actions visited at least half as often as the most visited one,
  the one with the best mean value for the seat.

Levels set the budget: ``easy``, ``normal``, ``hard`` (``LEVELS``): a number of iterations,
cut short by a wall-clock limit.  A decision with one candidate is answered at once.  In
Chicago Express and American Rails bids are answered by the rule of thumb
(``rules.auction_move``, option ``rule_auctions``), not searched: searched bids (a few
amounts per bid, see ``candidates``) lost more games against the rule-of-thumb bots in
short trials (docs/bots.md).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from .candidates import action_key, candidates
from .heuristics import values
from .rules import GreedyBot, auction_move, in_auction
from .views import SeatView


@dataclass(frozen=True)
class Budget:
    iterations: int
    seconds: float


#: budgets per level; normal keeps a move well inside 1 s on this machine (docs/bots.md)
LEVELS = {
    "easy": Budget(15, 0.3),
    "normal": Budget(40, 0.8),
    "hard": Budget(200, 4.0),
}


def rollout_policy(title: str, seed: int | None) -> Any:
    """The rule-of-thumb choice as a playout policy ``f(state, choices) -> action``: North
    American Railways' own bot there, else the greedy bot one step deep."""
    if title == "north-american-railways":
        from ..games.nar.bot import NarBot
        nar = NarBot(seed, "value")
        return lambda st, choices: nar.choose(st)
    greedy = GreedyBot(seed, depth=0)
    return lambda st, choices: greedy.pick(st, st.current_player, choices)


#: playout length in actions per title (default 8): North American Railways' games are short
#: (about 45 actions), so its playouts run to the end
ROLLOUT_DEPTH = {"north-american-railways": 1000}


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
                 iterations: int | None = None, seconds: float | None = None,
                 rollout_depth: int | None = None, exploration: float = 0.3,
                 informed: bool = True, rule_auctions: bool = True,
                 greedy_rollouts: bool = True, epsilon: float = 0.1) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        budget = LEVELS[level]
        self.level = level
        self.iterations = budget.iterations if iterations is None else iterations
        self.seconds = budget.seconds if seconds is None else seconds
        self.rollout_depth = rollout_depth
        self.c = exploration
        #: playouts bid as the rule-of-thumb bot does (rules.auction_move), else at random
        self.informed = informed
        #: answer bids by the rule of thumb instead of searching
        self.rule_auctions = rule_auctions
        #: playouts choose as the rule-of-thumb bot (one step deep), a random action with
        #: probability ``epsilon``
        self.greedy_rollouts = greedy_rollouts
        self.policy = None
        self.policy_seed = seed
        self.epsilon = epsilon
        self.rng = random.Random(seed)
        #: iterations run for the last decision (0 when it was forced)
        self.last_iterations = 0

    def choose(self, view: SeatView) -> Action:
        if self.greedy_rollouts and self.policy is None:
            self.policy = rollout_policy(view.title, self.policy_seed)
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
                path.append(ch)
                break
            c = self.c
            best, best_u = None, -1.0
            for ch in legal_children:
                u = ch.w[p] / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if u > best_u:
                    best, best_u = ch, u
            st.apply(dict(best.action))
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
