"""The story of a Chicago Express game: the sentences of what happens by itself (auctions
ending, the dividend phases, the Chicago dividend, the Wabash opening, Detroit stepping up)
and the end of the game with its reason.

``state.py`` records each event with ``self.note(kind, ...)`` (plain values; nothing is
recorded outside ``Game.story``); :meth:`StoryMixin.sentence` turns it into words.
Sections named are those of the German rulebook (seed 004).
"""
from __future__ import annotations

from typing import Any

from ...cube.hexgrid import bits


def _names(players: list[str], seats: list[int]) -> str:
    names = [players[s] for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class StoryMixin:
    """Sentences and the end of the game for :class:`ChicagoExpressState`."""

    def _cid(self: Any, c: int) -> str:
        return self.board.companies[c].id

    def sentence(self: Any, kind: str, args: tuple) -> str:
        players = self.players
        if kind == "sold":
            c, winner, price, how, no_bid = args
            cid = self._cid(c)
            if winner is None:
                if how == "wabash":
                    return (f"Nobody bids for the first {cid} share: it stays on the company's "
                            f"tableau; the {cid} is open all the same.")
                return f"Nobody bids: the {cid} share stays with the company."
            if no_bid:
                return (f"Nobody bids: {players[winner]}, who started the auction, gets the "
                        f"{cid} share for free.")
            return (f"{players[winner]} wins the {cid} share for ${price}; the ${price} go "
                    f"into the {cid}'s treasury.")
        if kind == "first_turn":
            seat, c = args
            return (f"The opening auctions are over: {players[seat]}, who holds the "
                    f"{self._cid(c)} share, takes the first turn.")
        if kind == "dividend_phase":
            return (f"Two action pointers stand on red: before {players[args[0]]}'s turn "
                    "there is a dividend phase; every company pays its income to its "
                    "shareholders.")
        if kind in ("dividend", "chicago_dividend"):
            c, income, sold, per, held = args
            cid = self._cid(c)
            what = "The Chicago dividend: the" if kind == "chicago_dividend" else "The"
            if not sold:
                return f"{what} {cid} earns ${income} but no player holds a share: nothing is paid."
            shares = f"{sold} share{'s' if sold > 1 else ''}"
            exact = "" if income % sold == 0 else ", rounded up"
            paid = "; ".join(f"{players[s]} gets ${per * k}"
                             + (f" for {k} shares" if k > 1 else "")
                             for s, k in enumerate(held) if k)
            return (f"{what} {cid} pays its income of ${income} over {shares}: ${per} a "
                    f"share{exact}, from the bank. {paid}.")
        if kind == "dials_reset":
            return "The three action pointers go back to green."
        if kind == "industry":
            i, old, new, mask = args
            ind = self.board.industries[i]
            comps = [self._cid(c) for c in bits(mask)]
            gain = new - old
            who = (f"; the income of {', '.join(comps)} rises by ${gain}" if comps
                   else "; no company is there yet")
            return f"{ind.name} develops by itself from {old} to {new}{who}."
        if kind == "wabash":
            c, h, income, seat = args
            cid = self._cid(c)
            name = self.board.names[h] or self.board.hex_ids[h]
            return (f"The {cid} opens: its first locomotive stands on {name} at no cost, its "
                    f"income is ${income}. {players[seat]}, who reached Chicago, auctions "
                    f"its first share.")
        if kind == "build_over":
            seat, c, built = args
            why = ("three locomotives were placed" if built >= 3
                   else f"the {self._cid(c)} can build no further")
            return f"{players[seat]}'s build action ends: {why}."
        return ""

    def end_sentence(self: Any) -> str:
        conds = self.end_conditions()
        if not conds:
            return "The game is over."
        said = conds[0] if len(conds) == 1 else ", ".join(conds[:-1]) + " and " + conds[-1]
        return f"The game ends after the general dividend because {said}."

    def story_score_parts(self: Any, seat: int, notes: list) -> list[list[Any]]:
        """Cash = starting money + dividends + Chicago dividends - what the seat paid for
        shares (the only ways money reaches or leaves a player)."""
        general = chicago = paid = 0
        for kind, args in notes:
            if kind in ("dividend", "chicago_dividend") and args[2]:
                got = args[3] * args[4][seat]
                if kind == "dividend":
                    general += got
                else:
                    chicago += got
            elif kind == "sold" and args[1] == seat:
                paid += args[2]
        return [["starting money", self.board.money_per_player[self.n]],
                ["dividends", general], ["Chicago dividends", chicago],
                ["paid for shares", -paid]]

    def score_parts(self: Any, seat: int) -> list[list[Any]]:
        """Only cash counts (shares do not, "Spielende")."""
        return [["cash", self.cash[seat]]]
