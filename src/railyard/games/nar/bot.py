"""A simple rule-of-thumb bot for North American Railways: the bot kind ``rules``, seated by
``railyard play`` and the web server in every bot seat of this title (``rules_bot``, named in
``TITLE.extra``), and used to check the balance of the reconstructed deck by simulation
(``balance.py``).  Not a strong player; it beats random bots (docs/games/
north-american-railways.md, simulations).

``style`` picks what it values in a city: ``"income"`` (the green number), ``"coast"`` (the
coast-to-coast symbols) or ``"value"`` (both: income + $100 per symbol).

:class:`RandomPlayer` is the random seat of the balance simulations: it plays as
``railyard.bots.random_bot.RandomBot`` does in this title (uniform over the legal choices,
numbers near the low end of their range, the same draws from the same seed), kept here so
that the game package imports no bot package (layers, docs/architecture.md).
"""
from __future__ import annotations

import random
from typing import Any

from ...engine.actions import Action

STYLES = ("income", "coast", "value")


class NarBot:
    """``worth_scale``, ``found_percent`` and ``own_from`` (defaults: the ``rules`` bot) vary
    the rule of thumb: a share is worth ``worth_scale`` x ``company_worth`` (what it buys a
    proposed share up to, and proposes half of), a founder pays ``found_percent`` % of his
    money, and he buys his own company's share at $1000 from ``own_from`` dollars on;
    ``mcts:hard`` plays its playouts' opponents with them drawn at random (a model of
    opponents that do not all answer alike)."""

    def __init__(self, seed: int | None = None, style: str = "value", *,
                 worth_scale: float = 1.0, found_percent: int = 45,
                 own_from: int = 1500) -> None:
        if style not in STYLES:
            raise ValueError(f"style must be one of {STYLES}")
        self.rng = random.Random(seed)
        self.style = style
        self.name = f"nar-{style}"
        self.worth_scale = worth_scale
        self.found_percent = found_percent
        self.own_from = own_from

    def _worth(self, st: Any, c: int) -> int:
        w = self.company_worth(st, c)
        return w if self.worth_scale == 1.0 else int(w * self.worth_scale)

    def city_score(self, card: Any) -> float:
        if self.style == "income":
            return card.income + card.coast_to_coast
        if self.style == "coast":
            return 100 * card.coast_to_coast + card.income / 100
        return card.income + 100 * card.coast_to_coast

    def company_worth(self, st: Any, c: int) -> int:
        """A rough value of one more share: its income share for a few rounds plus symbols."""
        held = max(1, sum(h[c] for h in st.holdings) + 1)
        return (st.company_income(c) * 3) // held + 100 * st.company_symbols(c) + 200

    def choose(self, st: Any) -> Action:
        choices = st.legal_actions()
        by_type: dict[str, list] = {}
        for ch in choices:
            by_type.setdefault(ch.type, []).append(ch)
        me = st.current_player
        if "take_200" in by_type:
            return by_type["take_200"][0].base()
        if "allow" in by_type:
            column, c, price = st.pending
            if "buy" in by_type and price <= self._worth(st, c):
                return by_type["buy"][0].base()
            return by_type["allow"][0].base()
        if "buy_city" in by_type:
            best = max(by_type["buy_city"], key=lambda ch: self._city_key(st, ch))
            return best.base()
        if "pass" in by_type:
            return by_type["pass"][0].base()
        cash = st.cash[me]
        if "found" in by_type:
            ch = self.rng.choice(by_type["found"])
            lo, hi = ch.ranges["hundreds"]
            return {**ch.base(), "hundreds": max(lo, min(hi, cash * self.found_percent // 100
                                                         // 100))}
        if "buy_own" in by_type and (cash >= self.own_from or len(by_type) == 1):
            return self.rng.choice(by_type["buy_own"]).base()
        if "propose" in by_type:
            ch = max(by_type["propose"], key=lambda x: self._worth(
                st, st.share_cols[x.fixed["column"]][-1]))
            c = st.share_cols[ch.fixed["column"]][-1]
            lo, hi = ch.ranges["hundreds"]
            want = self._worth(st, c) // 200
            return {**ch.base(), "hundreds": max(lo, min(hi, want))}
        if "buy_own" in by_type:
            return self.rng.choice(by_type["buy_own"]).base()
        return by_type["end_turn"][0].base()

    def _city_key(self, st: Any, ch: Any) -> tuple[float, float]:
        card = st.deck.cities[st.city_cols[ch.fixed["column"]][-1]]
        return (self.city_score(card), -card.cost)


def rules_bot(seed: int | None = None) -> NarBot:
    """The bot kind ``rules``: the ``value`` style (income + $100 per coast-to-coast symbol),
    the strongest of the three in the balance simulations."""
    return NarBot(seed, "value")


class RandomPlayer:
    """Uniform over the legal choices; a number drawn as ``RandomBot.pick_value`` draws it
    (half the time the minimum, mostly a little above it, now and then anything)."""
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def pick_value(self, lo: int, hi: int) -> int:
        if hi <= lo:
            return lo
        r = self.rng.random()
        if r < 0.5:
            return lo
        if r < 0.9:
            return min(hi, lo + int(self.rng.expovariate(0.5)) + 1)
        return self.rng.randint(lo, hi)

    def choose(self, st: Any) -> Action:
        choices = st.legal_actions()
        if not choices:
            raise ValueError("no legal action: the game is over")
        choice = self.rng.choice(choices)
        act = choice.base()
        for key, (lo, hi) in choice.ranges.items():
            act[key] = self.pick_value(lo, hi)
        return act
