"""Rule-of-thumb bots (kind ``rules``): quick, reasonable, not searching.

- Chicago Express and American Rails: :class:`GreedyBot`.  In an auction it bids the
  minimum while that is at most 90 % of what one more share is worth to it
  (``heuristics.share_value``), else passes.  Otherwise it tries every candidate action (and,
  when it acts again right after, its best follow-up: "choose build" is scored by its best
  build) and takes the one that most raises its estimated worth over the best other player
  (``heuristics.worth``); starting an auction counts half the share's value above the
  minimum bid.
- North American Railways: the game's own rule-of-thumb bot (``games.nar.bot.NarBot``, style
  "value"), given the seat's view.
"""
from __future__ import annotations

import random
from typing import Any

from ..engine.actions import Action
from .candidates import candidates
from .heuristics import share_value, worth
from .views import SeatView

#: a bid is made while it is at most this share of the share's estimated value
BID_LIMIT = 0.9


def in_auction(st: Any) -> bool:
    a = getattr(st, "auction", None)
    if a is None or a.done:
        return False
    types = {c.type for c in st.legal_actions()}
    return bool(types) and types <= {"bid", "pass"}


def lead(st: Any, me: int) -> float:
    w = worth(st)
    return w[me] - max(w[j] for j in range(len(w)) if j != me)


def auction_move(st: Any, me: int, choices: list) -> Action:
    """Bid the minimum while it is at most ``BID_LIMIT`` of the share's value, else pass."""
    bid = next((c for c in choices if c.type == "bid"), None)
    if bid is not None:
        lo = bid.ranges["amount"][0]
        if lo <= BID_LIMIT * share_value(st, st.auction.lot, 1):
            return {**bid.base(), "amount": lo}
    return next(c for c in choices if c.type == "pass").base()


class GreedyBot:
    name = "rules"
    #: what :attr:`work` counts
    work_unit = "positions scored"

    def __init__(self, seed: int | None = None, depth: int = 1,
                 follow_builds: bool = True) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        #: whether a build (one cube or one track) is scored by the best follow-up of the
        #: same player too; without, only a choice of what to do is (its best first build)
        self.follow_builds = follow_builds
        #: positions scored so far (each candidate, and follow-up, applied on a copy)
        self.work = 0

    def choose(self, view: SeatView) -> Action:
        st = view.world()
        me = view.seat
        choices = st.legal_actions()
        if not choices:
            raise ValueError("no legal action: the game is over")
        return self.pick(st, me, choices)

    def pick(self, st: Any, me: int, choices: list) -> Action:
        """The choice for seat ``me`` in ``st`` (a world the bot may look at)."""
        if len(choices) == 1 and not choices[0].ranges:
            return choices[0].base()
        if in_auction(st):
            return self.auction_move(st, me, choices)
        best, best_score = None, float("-inf")
        for act in candidates(st, choices):
            s = self.score(st, act, me, self.depth)
            if s > best_score + 1e-9:
                best, best_score = act, s
        return best

    def auction_move(self, st: Any, me: int, choices: list) -> Action:
        return auction_move(st, me, choices)

    def score(self, st: Any, act: Action, me: int, depth: int) -> float:
        self.work += 1
        s = st.clone()
        s.apply(act)
        if s.current_player == me and depth > 0 and not in_auction(s) and \
                (self.follow_builds or act.get("type") != "build"):
            follow = candidates(s, s.legal_actions())
            return max(self.score(s, a, me, depth - 1) for a in follow)
        value = lead(s, me)
        if in_auction(s) and s.auction.starter == me and s.auction.high_bid is None:
            c = s.auction.lot
            value += 0.5 * max(0.0, share_value(s, c, 1) - s.auction.next_minimum)
        return value


class NarRulesBot:
    """North American Railways' rule-of-thumb bot on the seat's view."""
    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        from ..games.nar.bot import NarBot
        self.inner = NarBot(seed, "value")

    def choose(self, view: SeatView) -> Action:
        return self.inner.choose(view.world())
