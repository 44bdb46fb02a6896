"""A tiny title for server tests: players take 1-3 stones from a pile in turn; whoever
takes the last stone wins.  Registered at run time so the web tests do not depend on the
real games being present."""
from __future__ import annotations

from typing import Any, Mapping

from railyard.engine.actions import Choice, get_int
from railyard.engine.errors import NOT_ALLOWED, WRONG_PHASE, IllegalAction
from railyard.engine.registry import OptionSpec, TitleInfo, register
from railyard.engine.state import GameState, Result

SLUG = "toy-stones"


class Stones(GameState):
    title = SLUG

    def __init__(self, players, seed, options) -> None:
        super().__init__(players, seed, options)
        self.pile = options["pile"]
        self.turn = 0
        self.taken = [0] * len(players)
        self.last = None

    @property
    def current_player(self):
        return None if self.pile == 0 else self.turn

    def legal_actions(self):
        if self.pile == 0:
            return []
        return [Choice("take", self.turn, ranges={"amount": (1, min(3, self.pile))},
                       label="Take stones")]

    def result(self):
        if self.pile:
            return None
        scores = [1 if i == self.last else 0 for i in range(len(self.players))]
        return Result(tuple(scores), (self.last,), unit="last stone")

    def public_view(self) -> dict[str, Any]:
        return {"pile": self.pile, "taken": list(self.taken), "turn": self.turn}

    def describe(self, action: Mapping[str, Any]) -> str:
        return f"{self.players[action['player']]} takes {action.get('amount')}."

    def clone(self):
        other = Stones.__new__(Stones)
        other.__dict__.update(self.__dict__)
        other.taken = list(self.taken)
        return other

    def _apply(self, action):
        if action["type"] != "take":
            raise IllegalAction("Only 'take' is possible.", WRONG_PHASE)
        n = get_int(action, "amount", lo=1)
        if n > 3 or n > self.pile:
            raise IllegalAction(f"You may take 1 to {min(3, self.pile)} stones.", NOT_ALLOWED)
        self.pile -= n
        self.taken[self.turn] += n
        self.last = self.turn
        self.turn = (self.turn + 1) % len(self.players)
        return {"type": "take", "player": action["player"], "amount": n}


TITLE = TitleInfo(SLUG, "Toy Stones", 1, 4, Stones,
                  (OptionSpec("pile", 10, "stones in the pile"),))


def install() -> None:
    register(TITLE)
