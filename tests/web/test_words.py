"""Issue 24, point 5: everything a player reads on the table is in the game's words.

For every title, random games are played; at many positions the seat's decisions (18xx
table: web/decisions18xx.py; small games: web/decisions_small.py) and the log with its
automatic events are read, and no text may contain an engine id (train ids such as "2-3",
"a-train", action names such as "lay_tile", raw JSON, Python's True/False/None, an unknown
amount "$?") or one of the known grammar slips of issue 24 ("a a", "a American", "You is",
"his companies", a button that starts with a verb in the third person such as "Offers SV to
Bot 1" or "Ends its turn")."""
from __future__ import annotations

import os
import random
import re
from typing import Any, Iterable

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game

GAMES = int(os.environ.get("RAILYARD_WORDS_GAMES", "3"))

ENGINE = [re.compile(p) for p in (
    r"(?<![\w$.])[2-8D]-\d+\b(?! players)",  # a train id: 2-3, D-1
    r"\b[a-z]-train",                    # a-train
    r"\b[a-z]+_[a-z_]+\b",               # lay_tile, run_routes, sell_shares
    r"[{}\[\]]",                         # raw JSON
    r"\b(True|False|None)\b",
    r"\$\?",
)]
SLIPS = [re.compile(p) for p in (
    r"\b[Aa] a\b", r"\b[Aa] [AEIOU][a-z]", r"\bYou is\b", r"\bhis\b", r"\bhe holds\b",
    r"\b(\w+) \1\b",                      # a doubled word
    r"(?<![\w$])\d+'s\b",                  # a seat number for a name ("1's offer", 1870)
)]
THIRD_PERSON = re.compile(r"^(Offers|Ends|Buys|Sells|Passes|Lays|Places|Runs|Pays|Withholds|"
                          r"Bids|Starts|Protects|Accepts|Refuses|Redeems|Reissues|Discards|"
                          r"Exchanges|Has|Makes|Goes|Does|Decides|Assigns)\b")


def _bad(text: str) -> str | None:
    for p in ENGINE + SLIPS:
        if p.search(text):
            return p.pattern
    return None


def _texts_18xx(d: dict[str, Any]) -> Iterable[tuple[str, bool]]:
    """(text, is a button) of a decisions answer."""
    yield d.get("heading") or "", False
    for g in d.get("groups") or []:
        yield g.get("title") or "", False
        yield g.get("hint") or "", False
        for s in g.get("guide") or []:
            yield s["text"], False
        for x in g.get("hexes") or []:
            yield x["label"], True
        for it in (g.get("items") or []) + (g.get("refused") or []):
            yield it["label"], True
            yield it.get("detail") or "", False
            yield it.get("reason") or "", False
            for p in it.get("pars") or []:
                yield p["label"], True
                yield p.get("reason") or "", False
    for row in d.get("auction") or []:
        yield row["info"], False
        for it in row["items"]:
            yield it["label"], True
            yield it.get("detail") or "", False
    for s in d.get("steps") or []:
        yield s["label"], False


def _check(texts: Iterable[tuple[str, bool]], where: str, seen: set[str]) -> None:
    for text, button in texts:
        if not text or text in seen:
            continue
        seen.add(text)
        why = _bad(text)
        assert why is None, f"{where}: {text!r} ({why})"
        if button:
            assert not THIRD_PERSON.search(text), f"{where}: button {text!r} has no subject"


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_18xx_table_words(title):
    from railyard.eighteen.events import story
    from railyard.web.decisions18xx import decisions
    seen: set[str] = set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        g, bot = Game(title, ["Ann", "Bob", "Cy", "Di"][:3 + seed % 2], 500 + seed), \
            RandomBot(600 + seed)
        while not g.is_terminal and len(g.log) < 2500:
            if rng.random() < 0.15:
                legal = g.legal_actions()
                for seat in {c.player for c in legal}:
                    _check(_texts_18xx(decisions(g, {seat}, legal)), f"{title} #{len(g.log)}",
                           seen)
            g.apply(bot.choose(g.state))
        lines = g.readable_log()
        said = story(g.state.events, list(g.players))
        _check(((x, False) for x in lines), f"{title} log", seen)
        _check(((x, False) for v in said.values() for x in v), f"{title} story", seen)
    assert len(seen) > 200


def _texts_panel(p: dict[str, Any]) -> Iterable[tuple[str, bool]]:
    yield p.get("heading") or "", False
    for x in p.get("lines") or []:
        yield x, False
    for g in p.get("groups") or []:
        yield g.get("title") or "", False
        yield g.get("note") or "", False
        for it in g["items"]:
            yield it["label"], True
            yield it.get("detail") or "", False
            yield it.get("reason") or "", False


@pytest.mark.parametrize("title,n", [("chicago-express", 3), ("north-american-railways", 4),
                                     ("american-rails", 4)])
def test_small_games_words(title, n):
    from railyard.web.decisions_small import panel
    seen: set[str] = set()
    names = ["Ann", "You", "Cy", "Di"][:n]          # a seat called "You" (the terminal's)
    for seed in range(GAMES):
        rng = random.Random(seed)
        g = Game(title, names, seed, {})
        while g.current_player is not None:
            legal = g.legal_actions()
            if rng.random() < 0.3:
                _check(_texts_panel(panel(g, {g.current_player}, legal)), f"{title}", seen)
            g.apply(rng.choice(legal).sample(rng))
        lines = [e["text"] for e in g.story()]
        _check(((x, False) for x in lines + g.readable_log()), f"{title} log", seen)
    assert len(seen) > 30
