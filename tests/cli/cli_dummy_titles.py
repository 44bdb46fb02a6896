"""Tiny titles for the CLI tests: a counting race, and a copy that breaks on purpose.

Race: seats take turns; a turn is ``step`` (amount 1..3) or ``pass``; when the steps of all
players together reach the target, the game ends and the most steps wins (ties share).
"""
from __future__ import annotations

from typing import Any, Mapping

from railyard.engine import Choice, IllegalAction, OptionSpec, Result, TitleInfo
from railyard.engine.errors import NOT_ALLOWED, WRONG_PHASE
from railyard.engine.state import GameState, winners_by_max


class Race(GameState):
    title = "dummy-race"

    def __init__(self, players: list[str], seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.steps = [0] * len(players)
        self.turn = 0
        self.target = options["target"]

    @property
    def current_player(self) -> int | None:
        return None if sum(self.steps) >= self.target else self.turn

    def legal_actions(self) -> list[Choice]:
        if self.current_player is None:
            return []
        return [Choice("step", self.turn, ranges={"amount": (1, 3)}),
                Choice("pass", self.turn, label="Pass")]

    def _apply(self, action: Mapping[str, Any]) -> dict[str, Any]:
        kind = action["type"]
        if kind == "step":
            amount = action.get("amount")
            if not isinstance(amount, int) or not 1 <= amount <= 3:
                raise IllegalAction("You may step 1 to 3 spaces.", NOT_ALLOWED)
            self.steps[self.turn] += amount
            out = {"type": "step", "player": self.turn, "amount": amount}
        elif kind == "pass":
            out = {"type": "pass", "player": self.turn}
        else:
            raise IllegalAction(f"There is no action {kind!r} in this game.", WRONG_PHASE)
        self.turn = (self.turn + 1) % len(self.players)
        return out

    def result(self) -> Result | None:
        if self.current_player is not None:
            return None
        return Result(tuple(self.steps), winners_by_max(self.steps), unit="steps")

    def public_view(self) -> dict[str, Any]:
        return {"title": self.title, "target": self.target, "total": sum(self.steps),
                "players": [{"name": n, "steps": s} for n, s in zip(self.players, self.steps)]}

    def describe(self, action: Mapping[str, Any]) -> str:
        name = self.players[action["player"]]
        if action["type"] == "step":
            return f"{name} steps {action['amount']}"
        return f"{name} passes"

    def clone(self) -> "Race":
        other = object.__new__(Race)
        other.__dict__.update(self.__dict__)
        other.steps = list(self.steps)
        return other


class Broken(Race):
    """Raises a plain error (a bug) in games with an odd seed once 3 steps are taken."""

    title = "dummy-broken"

    def _apply(self, action: Mapping[str, Any]) -> dict[str, Any]:
        if self.seed % 2 == 1 and sum(self.steps) >= 3:
            raise RuntimeError("deliberate failure of the broken dummy")
        return super()._apply(action)

    def clone(self) -> "Broken":
        other = object.__new__(Broken)
        other.__dict__.update(self.__dict__)
        other.steps = list(self.steps)
        return other


RACE = TitleInfo("dummy-race", "Dummy Race", 2, 4, Race, options=(
    OptionSpec("target", 10, "Steps that end the game"),
    OptionSpec("mode", "plain", "Unused variant switch", choices=("plain", "fancy")),
))
BROKEN = TitleInfo("dummy-broken", "Dummy Broken", 2, 4, Broken,
                   options=(OptionSpec("target", 10, "Steps that end the game"),))
