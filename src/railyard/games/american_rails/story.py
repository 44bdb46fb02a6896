"""The story of an American Rails game: the sentences of what happens by itself (auctions
ending, shares removed from the game and why, phases and years ending, dividends, income
changes a cube causes, special connections) and the end of the game with its reason.

The rules code records each event with ``self.note(kind, ...)`` (plain values; nothing is
recorded outside ``Game.story``); :meth:`StoryMixin.sentence` turns it into words.  Section
names are those of the German rulebook (seed 002).
"""
from __future__ import annotations

from typing import Any

from .rules import RULES


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class StoryMixin:
    """Sentences, the opening and the end of the game for :class:`AmericanRailsState`."""

    def sentence(self: Any, kind: str, args: tuple) -> str:
        players = self.players
        comps = RULES.companies
        if kind == "sold":
            c, w, price, place = args
            then = (f"; {players[w]} now places its first cube on a free city" if place else "")
            return (f"{players[w]} wins the {comps[c].name} share for ${price}, paid into "
                    f"{comps[c].name}'s treasury{then}.")
        if kind == "unsold":
            c, setup, last = args
            then = (f"; {players[last]}, the last to pass, chooses the next share"
                    if setup else "")
            return (f"Nobody bids: the {comps[c].name} share is removed from the game{then}.")
        if kind == "no_city":
            c, count = args
            return (f"{comps[c].name} has no cube on the board and no city is free for its "
                    f"first cube: this share and all {count} remaining {comps[c].name} shares "
                    "are removed from the game.")
        if kind == "setup_over":
            order, year = [players[s] for s in args[0]], args[1]
            return (f"Every company's share has been offered: the year {year} begins. "
                    f"Player order: {', '.join(order)}.")
        if kind == "phase":
            phase, order = args
            return (f"Action phase {phase} begins; the order follows the markers of the "
                    f"last phase: {', '.join(players[s] for s in order)}.")
        if kind == "year_over":
            return (f"The three action phases of {args[0]} are over: dividend phase, every "
                    "company pays its income divided by the shares in players' hands "
                    "(rounded up) per share, from the bank.")
        if kind == "dividend":
            c, income, per, held = args
            sold = sum(held)
            exact = "" if income % sold == 0 else ", rounded up"
            paid = "; ".join(f"{players[s]} ${per * k}" + (f" for {k} shares" if k > 1 else "")
                             for s, k in enumerate(held) if k)
            return (f"{comps[c].name} pays its income of ${income} over {sold} "
                    f"share{'s' if sold > 1 else ''}: ${per} a share{exact}. {paid}.")
        if kind == "year":
            year, order = args
            return (f"The year {year} begins; player order: "
                    f"{', '.join(players[s] for s in order)}.")
        if kind == "connection":
            c, count = args
            return (f"{comps[c].name} links {'another' if count == 1 else count} pair"
                    f"{'s' if count > 1 else ''} of Chicago, New York and Atlanta: income "
                    f"+${RULES.connection_bonus * count}.")
        if kind == "income":
            h, before, after = args
            changes = [f"{comps[c].name} {'+' if after[c] > before[c] else '-'}"
                       f"${abs(after[c] - before[c])} (now ${after[c]})"
                       for c in range(len(after)) if after[c] != before[c]]
            if not changes:
                return ""
            where = self.board.names[h] or self.board.ids[h]
            return f"Income at {where}: {'; '.join(changes)}."
        return ""

    def opening_story(self: Any) -> list[str]:
        if self.removed_company is None:
            return []
        return [f"With three players one company leaves the game, drawn by lot: "
                f"{RULES.companies[self.removed_company].name}."]

    def end_sentence(self: Any) -> str:
        return (f"The game ends after the dividend phase of {self.year}: "
                f"{self.end_reason or 'the end condition was met'}.")

    def story_score_parts(self: Any, seat: int, notes: list) -> list[list[Any]]:
        """Cash = starting money + dividends + $2 taken - $2 levies paid - what the seat
        paid for shares (the only ways money reaches or leaves a player)."""
        dividends = taken = levied = paid = 0
        for kind, args in notes:
            if kind == "dividend":
                dividends += args[2] * args[3][seat]
            elif kind == "sold" and args[1] == seat:
                paid += args[2]
            elif kind == "take2" and args[0] == seat:
                taken += args[1]
            elif kind == "levy":
                levied += args[1][seat]
        return [["starting money", RULES.starting_money[self.n]], ["dividends", dividends],
                ["taken from the bank", taken], ["levies paid", -levied],
                ["paid for shares", -paid]]

    def score_parts(self: Any, seat: int) -> list[list[Any]]:
        """Only money counts ("Der Spieler mit dem meisten Geld gewinnt")."""
        return [["cash", self.cash[seat]]]
