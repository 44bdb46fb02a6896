"""Issue 24, point 1: every preview of the 18xx table (web/decisions18xx.py) and of the small
games' panel (web/decisions_small.py) says what the engine then does.

Random games of 1830 and 1870 are played; at many positions every offered choice is applied
to a copy of the state and each number its words claim is compared with the copy: the money
a player or a company pays or receives, the amount per share, the price move (1830 8.2c /
8.2d; 1870 9.4), a new president (1830 13.0/14.0, 1870 6.2.5), a phase and trains rusting
(1830 17.0, 1870 2.2).  Moves the rules make later are followed by playing the game on:
1830 8.2d, a withholding company moves left at the end of the operating round; 1870 6.2,
a sold share drops the price when the seller's turn ends unless its president protects it.

``RAILYARD_PREVIEW_GAMES`` sets the number of games per title (default 3; the issue's
"done when" ran 50, docs/benchmarks.md)."""
from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.engine.errors import IllegalAction
from railyard.web.decisions18xx import decisions

GAMES = int(os.environ.get("RAILYARD_PREVIEW_GAMES", "3"))
NAMES = ["Ann", "Bob", "Cy", "Di"]
PREVIEWED = {"dividend", "sell_shares", "emergency_sell", "protect", "decline", "buy_train",
             "connection_run", "place_token", "buy_private", "buy_company"}

PRICE = re.compile(r"price \$(\d+) → \$(\d+)( now)?(?:, \$(\d+) at the end of the operating "
                   r"round)?( when (?:your|the company's) turn ends)?")
STAYS = re.compile(r"price stays \$(\d+)(?: now, \$(\d+) at the end of the operating round)?")


def _price(state: Any, corp: str) -> int | None:
    pos = state.s["corps"][corp]["pos"]
    return None if pos is None else int(state.st.market.price(pos))


def _items(d: dict) -> list[dict]:
    out = [i for g in d["groups"] for i in g.get("items") or []]
    for g in d["groups"]:
        for i in g.get("items") or []:
            out += i.get("pars") or []
    for row in d.get("auction") or []:
        out += row["items"]
    return [i for i in out if i.get("action")]


def _apply(state: Any, action: dict) -> Any:
    other = state.clone()
    other.apply(action)
    return other


def _play_on(state: Any, seed: int, until, limit: int = 400) -> tuple[Any, list[dict]]:
    """The game played on by a random bot from ``state`` until ``until(state)``; the actions
    played.  (None, ...) when the game ends first."""
    bot = RandomBot(seed)
    acts: list[dict] = []
    for _ in range(limit):
        if until(state):
            return state, acts
        if state.current_player is None:
            return None, acts
        a = bot.choose(state)
        state.apply(a)
        acts.append(a)
    return None, acts


class Checker:
    def __init__(self) -> None:
        self.claims: dict[str, int] = {}

    def saw(self, kind: str) -> None:
        self.claims[kind] = self.claims.get(kind, 0) + 1

    def item(self, state: Any, item: dict, seed: int) -> None:
        a = dict(item["action"])
        if item.get("input"):
            a[item["input"]["name"]] = item["input"]["value"]
        try:
            after = _apply(state, a)
        except IllegalAction as exc:           # an offered choice must be legal
            raise AssertionError(f"{item['label']}: refused ({exc.message})") from exc
        text = f"{item['label']} — {item.get('detail') or ''}"
        seat = a["player"]
        corp = item.get("corp") or a.get("corporation") or a.get("shares") or \
            (state.s.get("op") or {}).get("corp")
        op_corp = (state.s.get("op") or {}).get("corp") if state.s.get("round") == \
            "operating" else None
        t = a["type"]
        if t == "buy_share" and (m := re.search(r" for \$(\d+)$", item["label"])):
            assert state.s["cash"][seat] - after.s["cash"][seat] == int(m.group(1)), text
            self.saw("share price paid")
        if t == "buy_private" and state.s.get("round") == "auction" and \
                (m := re.search(r" for \$(\d+)$", item["label"])):
            also = [(w, c, int(p)) for w, c, p in re.findall(r"(\w+) gets (\w+) for \$(\d+)",
                                                             text)]
            for w, c, p in also:
                assert after.s["companies"][c]["owner"] == f"p{state.players.index(w)}", text
            assert state.s["cash"][seat] - after.s["cash"][seat] == int(m.group(1)) + sum(
                p for w, _, p in also if w == state.players[seat]), text
            self.saw("private price paid")
        if (m := re.search(r"you receive \$(\d+)", text)):
            assert after.s["cash"][seat] - state.s["cash"][seat] == int(m.group(1)), text
            self.saw("money received")
        if (m := re.search(r"(\w+) becomes president", text)) and corp in state.s["corps"] \
                and "Phase" not in text:
            assert state.players[after.s["corps"][corp]["president"]] == m.group(1), text
            self.saw("new president")
        if t in ("dividend", "connection_run"):
            self._dividend(state, after, corp, text)
        if t == "place_token" and (m := re.search(r" for \$(\d+)$", item["label"])):
            assert state.s["corps"][op_corp or corp]["cash"] - \
                after.s["corps"][op_corp or corp]["cash"] == int(m.group(1)), text
            self.saw("station cost")
        same_round = all(state.s.get(k) == after.s.get(k) for k in ("round", "or_num", "sr"))
        if t == "buy_train" and (m := re.search(r" for \$(\d+)", item["label"])) and \
                same_round and \
                op_corp and len(after.s["corps"][op_corp]["trains"]) > \
                len(state.s["corps"][op_corp]["trains"]):
            paid = state.s["corps"][op_corp]["cash"] - after.s["corps"][op_corp]["cash"] + \
                state.s["cash"][seat] - after.s["cash"][seat]
            assert paid == int(m.group(1)), text
            self.saw("train price")
        if t == "protect" and (m := re.search(r"for \$(\d+)", item["label"])):
            assert state.s["cash"][seat] - after.s["cash"][seat] == int(m.group(1)), text
            self.saw("protection cost")
        if (m := re.search(r"Phase (\w+) begins", text)):
            assert str(after.s["phase"]) == m.group(1), text
            self.saw("phase")
        if (m := re.search(r"The ([\w, -]+?)-trains rust", text)):
            gone = {x.strip().removesuffix("-trains") for x in m.group(1).split(",")}
            left = {str(t).rsplit("-", 1)[0] for cv in after.s["corps"].values()
                    for t in cv.get("trains") or []}
            assert not gone & left, text
            self.saw("rust")
        if (m := re.search(r"the price falls \$(\d+) → \$(\d+)", text)):
            assert (_price(state, corp), _price(after, corp)) == \
                (int(m.group(1)), int(m.group(2))), text
            self.saw("price falls if not protected")
        self._price_claims(state, after, corp, text, seed)

    def _dividend(self, state: Any, after: Any, corp: str, text: str) -> None:
        if after.s["corps"][corp].get("closed"):
            assert f"{corp} closes" in text, text
            self.saw("company closes")
            return
        if (m := re.search(rf"{corp} keeps \$(\d+)", text)):
            assert after.s["corps"][corp]["cash"] - state.s["corps"][corp]["cash"] == \
                int(m.group(1)), text
            self.saw("company keeps")
        if (m := re.search(r"\$(\d+) per share", text)):
            per = int(m.group(1))
            from railyard.eighteen import shares as sh
            holders = state.s["holders"][corp]
            for h in holders:
                if h.isdigit() and (pct := sh.percent(holders, h)):
                    got = after.s["cash"][int(h)] - state.s["cash"][int(h)]
                    assert got == per * pct // 10, text
                    self.saw("per share")

    def _price_claims(self, state: Any, after: Any, corp: str, text: str, seed: int) -> None:
        if corp not in state.s["corps"] or after.s["corps"][corp].get("closed"):
            return
        m = PRICE.search(text)
        s = STAYS.search(text)
        if not m and not s:
            return
        if m:
            old, new, later, when = int(m.group(2 - 1)), int(m.group(2)), m.group(4), m.group(5)
        else:
            old, new, later, when = int(s.group(1)), int(s.group(1)), s.group(2), None
        assert _price(state, corp) == old, text
        if when:                                  # 1870 6.2: when the seller's turn ends
            assert _price(after, corp) == old, text
            self._after_turn(after, corp, new, text, seed)
            return
        assert _price(after, corp) == new, text
        self.saw("price now")
        if later is not None:                     # 1830 8.2d: at the end of the round
            self._after_round(state, after, corp, int(later), text, seed)
        elif state.title == "1830" and state.s.get("round") == "operating":
            self._after_round(state, after, corp, new, text, seed)

    def _after_round(self, state: Any, after: Any, corp: str, later: int, text: str,
                     seed: int) -> None:
        n = (state.s.get("round"), state.s.get("or_num"))
        first = after.__dict__.get("acts", 0)
        end, acts = _play_on(after.clone(), seed, lambda st: (st.s.get("round"),
                                                               st.s.get("or_num")) != n)
        if end is None:
            return
        moved = [e for e in end.events if e[0] >= first and e[1] == "price"
                 and e[2]["corp"] == corp]
        last = end.events[-1][0] if end.events else None
        if any(e[0] != last for e in moved):      # another move first (a sale): not this one
            return
        if any(e[0] >= first and e[1] == "dividend" and e[2].get("corp") == corp
               for e in end.events):              # it operates later: its own 8.2d move
            return
        assert _price(end, corp) == later, f"{text}: {_price(end, corp)} at the round's end"
        self.saw("price at the end of the operating round")

    def _after_turn(self, after: Any, corp: str, later: int, text: str, seed: int) -> None:
        from railyard.games.g1870.protection import waiting_sales
        end, acts = _play_on(after.clone(), seed, lambda st: not waiting_sales(st, corp))
        if end is None or any(a.get("corporation") == corp and a["type"] in
                              ("protect", "sell_shares", "emergency_sell") or
                              a.get("shares") == corp for a in acts):
            return
        assert _price(end, corp) == later, f"{text}: {_price(end, corp)} after the turn"
        self.saw("price when the turn ends")


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_every_preview_is_what_the_engine_does(title):
    """Over GAMES random games: each preview's amounts, price moves (now and later),
    presidents, phases and rusting against the state after the choice."""
    check = Checker()
    positions = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        g, bot = Game(title, NAMES[:3 + seed % 2], 100 + seed), RandomBot(200 + seed)
        while not g.is_terminal and len(g.log) < 2500:
            legal = g.legal_actions()
            kinds = {c.type for c in legal}
            if kinds & PREVIEWED and (kinds & {"dividend", "protect", "connection_run",
                                               "emergency_sell"} or rng.random() < 0.25):
                d = decisions(g, {g.current_player}, legal)
                for item in _items(d):
                    check.item(g.state, item, seed)
                positions += 1
            g.apply(bot.choose(g.state))
    need = {"money received", "price now", "per share", "train price", "station cost",
            "share price paid"}
    need |= {"price at the end of the operating round"} if title == "1830" else \
        {"price when the turn ends", "company keeps"}
    assert need <= set(check.claims), (positions, check.claims)


@pytest.mark.parametrize("title,n", [("chicago-express", 3), ("american-rails", 4),
                                     ("north-american-railways", 3)])
def test_small_games_previews_are_what_the_engine_does(title, n):
    """The small games' panel (web/decisions_small.py): a build's cost ("Hex: $cost") is what
    the company pays, "income +$x" and "income: Company +$x" what its income gains (Chicago
    Express "Streckenausbau", American Rails expansion and development), "treasury $a → $b"
    the treasury after funding; each offered choice is legal."""
    from railyard.web.decisions_small import panel
    seen: dict[str, int] = {}
    for seed in range(max(2, GAMES)):
        rng = random.Random(seed)
        g = Game(title, NAMES[:n] if n <= 4 else [f"P{i}" for i in range(n)], seed, {})
        while g.current_player is not None:
            legal = g.legal_actions()
            p = panel(g, {g.current_player}, legal)
            s = g.state
            comps = [c.id for c in s.board.companies] if title == "chicago-express" else None
            for grp in p.get("groups") or []:
                for it in grp["items"]:
                    if not it.get("action"):
                        continue
                    a = dict(it["action"])
                    if it.get("amount"):
                        a[it["amount"]["field"]] = it["amount"]["min"]
                    after = s.clone()
                    after.apply(a)                       # offered: legal
                    text = f"{it['label']} {it.get('detail') or ''}"
                    c = None
                    if "company" in a and hasattr(s, "ccash"):
                        c = comps.index(a["company"]) if comps else \
                            [x.id for x in _ar_companies()].index(a["company"])
                    if c is not None and a["type"] in ("build", "expand") and \
                            (m := re.search(r": \$(\d+)$", it["label"])):
                        assert s.ccash[c] - after.ccash[c] == int(m.group(1)), text
                        seen["cost"] = seen.get("cost", 0) + 1
                    if c is not None and (m := re.match(r"income \+\$(\d+)$",
                                                        it.get("detail") or "")):
                        assert after.income[c] - s.income[c] == int(m.group(1)), text
                        seen["income"] = seen.get("income", 0) + 1
                    if (m := re.match(r"income: (.+)$", it.get("detail") or "")):
                        names = [x.name for x in _ar_companies()]
                        for part in m.group(1).split(", "):
                            name, sign, amt = re.match(r"(.+) ([+−])\$(\d+)", part).groups()
                            k = names.index(name)
                            assert after.income[k] - s.income[k] == \
                                int(amt) * (1 if sign == "+" else -1), text
                            seen["income change"] = seen.get("income change", 0) + 1
                    if c is not None and (m := re.match(r"treasury \$(\d+) → \$(\d+)",
                                                        it.get("detail") or "")):
                        assert (s.ccash[c], after.ccash[c]) == \
                            (int(m.group(1)), int(m.group(2))), text
                        seen["treasury"] = seen.get("treasury", 0) + 1
            g.apply(rng.choice(legal).sample(rng))
    want = {"chicago-express": {"cost", "income"}, "american-rails": {"cost", "income change"},
            "north-american-railways": set()}[title]
    assert want <= set(seen), seen


def _ar_companies():
    from railyard.games.american_rails.rules import RULES
    return RULES.companies
