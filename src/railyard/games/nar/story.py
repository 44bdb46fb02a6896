"""The story of a North American Railways game: the sentences of what happens by itself
(players passed because they cannot buy a city, the phases, income paid, director changes,
the last round and its reason, the final payout) and the end of the game.

The rules code records each event with ``state.note(kind, ...)`` (plain values; nothing is
recorded outside ``Game.story``); :meth:`StoryMixin.sentence` turns it into words.  Sections
are those of the German rulebook (seed 003).  Players' money is secret in this game
(section 4): the story tells what each player receives (it follows from the open cards and
shares), never what he holds.
"""
from __future__ import annotations

from typing import Any

#: section 6: the three cases that make the current round the last, by the engine's words
END_CASES = (("fewer shares than players", 1), ("or fewer cities", 2),
             ("no city was bought", 3))


def end_case(reason: str) -> int | None:
    for words, case in END_CASES:
        if words in reason:
            return case
    return None


class StoryMixin:
    """Sentences and the end of the game for :class:`NarState`."""

    def sentence(self: Any, kind: str, args: tuple) -> str:
        players = self.players
        if kind == "auto_pass":
            seat, why = args
            return (f"The city phase ends for {players[seat]} (passed automatically): "
                    f"{why}.")
        if kind == "city_phase":
            seat, shares_gone = args
            lead = ("No share is left in the share columns: the share phase (I) ends at once"
                    if shares_gone else "The share phase (I) is over")
            return f"{lead}. The city phase (II) begins with {players[seat]}."
        if kind == "turn_over":
            seat, shares_gone = args
            why = "no share is left" if shares_gone else "no other company's share is left to pick"
            return f"{players[seat]}'s share turn ends: {why}."
        if kind == "last_round":
            reason = args[0]
            case = end_case(reason)
            which = f" (end condition {case} of the rulebook)" if case else ""
            return (f"The game ends with this round: {reason}{which}. In its income a "
                    "director gets half of an indivisible rest instead of $100.")
        if kind == "income_phase":
            return "All players have passed: the city phase (II) is over. Income (phase III):"
        if kind == "income":
            c, total, pay, kept, director, last, held = args
            name = self.cname(c)
            if total <= 0:
                return f"{name} has no income."
            owners = [s for s, k in enumerate(held) if k]
            if len(owners) == 1:
                return (f"{name} earns ${total} from its cities; {players[owners[0]]}, its only "
                        f"shareholder, gets all of it from the bank.")
            sold = sum(held)
            per = (total // sold) // 100 * 100
            rest = total - per * sold
            bonus = pay[director] - per * held[director]
            parts = "; ".join(f"{players[s]} ${pay[s]}" for s in owners)
            how = f"${per} a share over {sold} shares"
            if rest:
                how += (f"; of the ${rest} that cannot be shared the director "
                        f"{players[director]} gets ${bonus}"
                        + (" (half, rounded up: last round)" if last else "")
                        + (f" and {name} keeps ${kept}" if kept else ""))
            return f"{name} earns ${total} from its cities, paid by the bank: {how}. {parts}."
        if kind == "round":
            rnd, seat = args
            return f"Round {rnd} begins; the new start player: {players[seat]}."
        if kind == "director":
            c, old, new, count = args
            return (f"{players[new]} now holds as many {self.cname(c)} shares as "
                    f"{players[old]} ({count}) and becomes its director.")
        if kind == "final_payout":
            per_company, paid = args
            comps = "; ".join(f"{self.cname(c)} ${v} a share" for c, v in enumerate(per_company)
                              if v)
            got = "; ".join(f"{players[s]} ${v}" for s, v in enumerate(paid) if v)
            if not comps:
                return "Final payout: no company has a coast-to-coast symbol; nothing is paid."
            return (f"Final payout, $100 per coast-to-coast symbol to every share, from the "
                    f"bank: {comps}. {got}.")
        return ""

    def end_sentence(self: Any) -> str:
        said = []
        for reason in self.end_reasons:
            case = end_case(reason)
            said.append(reason + (f" (end condition {case} of the rulebook)" if case else ""))
        why = "; ".join(said) or "the end condition was met"
        res = self.result()
        tie = ""
        if res is not None and res.details.get("tie_broken_by_turn_order"):
            tie = (" Players tie for the most money: the one who came first in the last "
                   "round wins.")
        return f"The game ends after round {self.round}: {why}.{tie}"

    def story_score_parts(self: Any, seat: int, notes: list) -> list[list[Any]]:
        """Money = starting money + income + final payout + what the seat received or paid
        in the share phases (every way money reaches or leaves a player)."""
        parts = {"starting money": self.rules.starting_money[self.n], "income": 0}
        for kind, args in notes:
            if kind == "money" and args[0] == seat:
                parts[args[2]] = parts.get(args[2], 0) + args[1]
            elif kind == "income":
                parts["income"] += args[2][seat]
            elif kind == "final_payout":
                parts["final payout (coast-to-coast symbols)"] = args[1][seat]
        return [[label, amount] for label, amount in parts.items()]

    def score_parts(self: Any, seat: int) -> list[list[Any]]:
        """Money at the end: before the final payout, and the payout for the seat's
        shares (coast-to-coast symbols, section 6)."""
        final = (self.final_payout or [0] * self.n)[seat]
        return [["money before the final payout", self.cash[seat] - final],
                ["final payout (coast-to-coast symbols)", final]]
