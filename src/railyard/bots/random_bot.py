"""A random bot usable by every game: uniform over the legal choices; numbers (bids,
prices) drawn near the low end of their range, as a cautious player would."""
from __future__ import annotations

import random
from typing import Any

from ..engine.actions import Action, Choice
from .weights import weights


class RandomBot:
    name = "random"
    #: offers to other players (1830: sale of a private, 23.1) are never made by this bot;
    #: it answers offers made to it at random
    IGNORED = frozenset({"offer_private"})

    def __init__(self, seed: int | None = None, auto_routes: bool = False) -> None:
        self.rng = random.Random(seed)
        #: run trains on the optimal routes (railyard.routing.auto_routes) instead of the
        #: route set the legal-action list offers
        self.auto_routes = auto_routes

    def pick_value(self, lo: int, hi: int) -> int:
        if hi <= lo:
            return lo
        # mostly the minimum or a little above it; now and then anything in range
        r = self.rng.random()
        if r < 0.5:
            return lo
        if r < 0.9:
            return min(hi, lo + int(self.rng.expovariate(0.5)) + 1)
        return self.rng.randint(lo, hi)

    def choose_from(self, choices: list[Choice], title: str | None = None) -> Action:
        usable = [c for c in choices if c.type not in self.IGNORED] or choices
        lean = weights(title, usable)               # titles that need a lean to end (weights.py)
        if lean is None:
            choice = self.rng.choice(usable)
        else:
            choice = self.rng.choices(usable, lean)[0]
        act = choice.base()
        for key, (lo, hi) in choice.ranges.items():
            act[key] = self.pick_value(lo, hi)
        return act

    def choose(self, state: Any) -> Action:
        choices = state.legal_actions()
        if not choices:
            raise ValueError("no legal action: the game is over")
        act = self.choose_from(choices, getattr(state, "title", None))
        if self.auto_routes and act.get("type") == "run_routes":
            act = self.optimal_run(state, act)
        return act

    @staticmethod
    def optimal_run(state: Any, act: Action) -> Action:
        """``act`` with the optimal routes of the operating company (unchanged if the
        title has no route optimiser or no route runs)."""
        from ..routing.problem import NoRouteHook, auto_routes
        op = getattr(state, "s", {}).get("op") or {}
        corp = act.get("corporation") or op.get("corp")
        try:
            best = auto_routes(state, corp)
        except NoRouteHook:
            return act
        if not best["routes"]:
            return act
        return {**act, "routes": best["routes"]}
