"""Balance simulations of North American Railways (numbers for the docs).

    python -m railyard.games.nar.balance [games per setting] [deck file]

Reports, per player count and line-up of bots, the win rate of each seat and of each bot
style, the game length (rounds, actions) and why games ended.
"""
from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from .bot import NarBot, RandomPlayer
from .deck import builtin_deck, parse_deck
from .state import NarState


def make_bot(kind: str, seed: int) -> Any:
    """The seat ``kind``: ``random`` (:class:`.bot.RandomPlayer`, the random bot's play in
    this title) or a style of :class:`.bot.NarBot`."""
    return RandomPlayer(seed) if kind == "random" else NarBot(seed, kind)


def play(lineup: list[str], seed: int, deck: Any) -> NarState:
    st = NarState([f"P{i}" for i in range(len(lineup))], seed, {"deck": ""}, deck)
    bots = [make_bot(kind, seed * 10 + i) for i, kind in enumerate(lineup)]
    steps = 0
    while not st.is_terminal:
        st.apply(bots[st.current_player].choose(st))
        steps += 1
    st.steps = steps  # type: ignore[attr-defined]
    return st


def run(lineup: list[str], games: int, deck: Any, rotate: bool) -> dict[str, Any]:
    """Play ``games`` games; with ``rotate`` the line-up is shifted one seat per game so every
    style sits in every seat equally often."""
    n = len(lineup)
    seat_wins = [0] * n
    style_wins: Counter[str] = Counter()
    style_seats: Counter[str] = Counter()
    rounds = actions = 0
    reasons: Counter[str] = Counter()
    for g in range(games):
        shift = g % n if rotate else 0
        seats = lineup[shift:] + lineup[:shift]
        st = play(seats, g, deck)
        winner = st.result().winners[0]
        seat_wins[winner] += 1
        style_wins[seats[winner]] += 1
        for kind in seats:
            style_seats[kind] += 1
        rounds += st.round
        actions += st.steps  # type: ignore[attr-defined]
        for reason in st.end_reasons:
            reasons[reason] += 1
    return {
        "lineup": lineup, "games": games,
        "seat_win_rate": [round(w / games, 3) for w in seat_wins],
        # chance that one seat played by the style wins; 1/n (``even``) is a fair share
        "style_win_rate": {k: round(style_wins[k] / style_seats[k], 3) for k in style_seats},
        "even": round(1 / n, 3),
        "rounds": round(rounds / games, 2), "actions": round(actions / games, 1),
        "end_reasons": {k: round(v / games, 3) for k, v in reasons.items()},
    }


SETTINGS = [
    (["random"] * 3, False), (["random"] * 4, False), (["random"] * 5, False),
    (["value"] * 3, False), (["value"] * 4, False), (["value"] * 5, False),
    (["income", "coast", "income"], True), (["coast", "income", "coast"], True),
    (["income", "coast", "income", "coast"], True),
    (["income", "coast", "income", "coast", "income"], True),
    (["coast", "income", "coast", "income", "coast"], True),
    (["value", "random", "random", "random"], True),
    (["income", "coast", "value"], True),
]


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 1000
    if len(argv) > 1:   # a deck file named on the command line of this tool
        with open(argv[1], encoding="utf-8") as fh:
            deck = parse_deck(fh.read(), argv[1])
    else:
        deck = builtin_deck()
    for lineup, rotate in SETTINGS:
        print(run(lineup, games, deck, rotate))


if __name__ == "__main__":
    main(sys.argv[1:])
