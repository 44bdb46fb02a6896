"""Issue 24, point 2: every optional step of an 1830 / 1870 turn can be declined with a
visible control named for what it declines (web/decisions18xx.py).

Over positions of random games: each legal pass ("pass", 1870 "done", "decline" of price
protection 6.2, refusing an offer) is offered by an enabled item carrying exactly that
action; 1870's optional steps before the run (5.3: up to two tile lays, a station), for
which the engine has no action of their own, each have a "skip" control, and a corporation
without a train can end them by running no trains (5.4)."""
from __future__ import annotations

import os
import random

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.web.decisions18xx import decisions

GAMES = int(os.environ.get("RAILYARD_SKIP_GAMES", "3"))
DECLINES = {"pass", "done", "decline", "refuse_offer"}


def _items(d):
    out = []
    for g in d["groups"]:
        out += g.get("items") or []
    for row in d.get("auction") or []:
        out += row["items"]
    return out


def _action(c):
    return {"type": c.type, "player": c.player, **(c.fixed or {})}


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_every_optional_step_has_a_visible_control(title):
    seen: dict[str, int] = {}
    for seed in range(GAMES):
        rng = random.Random(seed)
        g, bot = Game(title, ["Ann", "Bob", "Cy"], 300 + seed), RandomBot(400 + seed)
        while not g.is_terminal and len(g.log) < 2000:
            legal = g.legal_actions()
            kinds = {c.type for c in legal}
            track_1870 = title == "1870" and "run_routes" in kinds
            if kinds & DECLINES or track_1870 and rng.random() < 0.5 or rng.random() < 0.05:
                d = decisions(g, {g.current_player}, legal)
                items = _items(d)
                sent = [i["action"] for i in items if i.get("action") and not i["disabled"]]
                for c in legal:
                    if c.type in DECLINES:
                        hit = [i for i in items if i.get("action") == _action(c)
                               and not i["disabled"]]
                        assert hit, (c.type, d["heading"])
                        assert hit[0]["label"] not in ("Finish", "Done", ""), hit[0]
                        if c.type == "pass" and g.state.s.get("round") == "operating":
                            assert hit[0]["label"] != "Pass", d["heading"]
                        seen[c.type] = seen.get(c.type, 0) + 1
                if track_1870:
                    skips = {i.get("skip") for i in items if i.get("skip")}
                    if "lay_tile" in kinds:
                        assert "track" in skips, d["heading"]
                        seen["skip track"] = seen.get("skip track", 0) + 1
                        if g.state.s["op"]["lays"]:
                            seen["skip second lay"] = seen.get("skip second lay", 0) + 1
                    if "place_token" in kinds:
                        assert "token" in skips, d["heading"]
                        seen["skip station"] = seen.get("skip station", 0) + 1
                    corp = g.state.s["op"]["corp"]
                    if not g.state.s["corps"][corp]["trains"]:
                        run = [a for a in sent if a["type"] == "run_routes"]
                        assert run and run[0]["routes"] == [], d["heading"]
                        other = g.state.clone()
                        other.apply(run[0])                 # legal: it ends the steps
                        seen["run no trains"] = seen.get("run no trains", 0) + 1
            g.apply(bot.choose(g.state))
    want = {"pass"} | ({"done", "skip track", "skip second lay", "skip station",
                        "run no trains"} if title == "1870" else set())
    assert want <= set(seen), seen
