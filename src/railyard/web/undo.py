"""Fair undo on the server: what a seat may take back, and the notice everyone reads.

- Never once the game is over.
- A seat takes back its own last action together with everything the bots did after it
  (their answers), so the human gets the turn back.
- With several humans, only while no other human has acted since that action.

:func:`plan` says what an undo by a token's seats would take back (or raises
:class:`Refused` with the reason a player reads); :func:`allowed` is the same as a yes/no for
the page's undo button.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .service import Live


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class Plan:
    seat: int            # whose action is taken back
    target: int          # actions left in the log afterwards
    count: int           # actions taken back (the seat's one and the bots' answers)
    text: str            # the notice everyone reads


def bot_seats(live: "Live") -> set[int]:
    return {s.seat for s in live.seats if s.kind == "bot"}


def plan(live: "Live", seats: set[int]) -> Plan:
    game = live.game
    if game.is_terminal:
        raise Refused("game_over", "The game is over: its actions can no longer be taken "
                      "back.")
    log = game.log
    if not seats:
        raise Refused("not_yours", "Only a player of this game can undo.")
    bots = bot_seats(live)
    i = len(log) - 1
    while i >= 0 and log[i].get("player") not in seats:
        who = log[i].get("player")
        if who is not None and who not in bots:        # another human acted since
            name = game.players[who] if 0 <= who < len(game.players) else "Another player"
            if any(a.get("player") in seats for a in log[:i]):
                msg = (f"{name} has acted since your last action, so it can no longer be "
                       "taken back.")
            else:
                msg = f"You have no action to take back ({name} acted last)."
            raise Refused("not_yours", msg)
        i -= 1
    if i < 0:
        raise Refused("nothing_to_undo", "There is nothing to undo: you have not acted yet.")
    seat = log[i]["player"]
    name = game.players[seat]
    lines = live.lines
    line = (lines[i] if len(lines) == len(log) else "an action").strip()
    if line and line[-1] not in ".!?":
        line += "."
    text = f"{name} took back their last action: {line}"
    answers = log[i + 1:]
    if answers:
        names = []
        for a in answers:
            who = a.get("player")
            n = game.players[who] if isinstance(who, int) and 0 <= who < len(game.players) \
                else "the game"
            if n not in names:
                names.append(n)
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        k = len(answers)
        text += (f" The {k} answers of {joined} to it were taken back too." if k > 1 else
                 f" {joined}'s answer to it was taken back too.")
    return Plan(seat, i, len(log) - i, text)


def allowed(live: "Live", seats: set[int]) -> bool:
    try:
        plan(live, seats)
    except Refused:
        return False
    return True


def notice(live: "Live", target: int, seat: Any, body: Any) -> dict[str, Any]:
    """The notice of a stored undo entry (older entries carry no sentence)."""
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str):
        players = live.game.players
        name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) \
            else "A player"
        text = f"{name} took back an action."
    return {"after": target, "text": text}
