"""Shared set-up of the planner's tests: a new 1830/1870 game, playing it on until a
condition holds, and a stock turn facing another player's company."""
import pytest

from railyard.bots.planner import PlannerBot
from railyard.bots.planner import economy as eco
from railyard.bots.views import observe
from railyard.engine import available


def new_game(title, seed, n=4):
    info = available()[title]
    return info.factory(["a", "b", "c", "d", "e", "f"][:n], seed, info.resolve_options({}))


def play_until(st, bots, cond, limit=30000):
    for _ in range(limit):
        if st.current_player is None:
            return False
        if cond(st):
            return True
        st.apply(bots[st.current_player].choose(observe(st)))
    return False


def stock_position(title, seed, running=False, bots_seed=90):
    """A stock turn (stock round 2 or later, the seat may pass) of a game of planner seats
    in which another player presides a floated company with at least 40 % (``running``:
    a company that has operated and owns a train); (state, seat, company), or the test is
    skipped when the game reaches no such turn."""
    st = new_game(title, seed)
    bots = [PlannerBot(bots_seed + i, "easy") for i in range(4)]

    def target(s):
        seat = s.current_player
        for c, v in s.s["corps"].items():
            pres = v["president"]
            if running and not (v["trains"] and v.get("operated", True)):
                continue
            if v["floated"] and pres is not None and pres != seat and \
                    eco.pct(s, c, pres) >= 40:
                return c
        return None

    def cond(s):
        if s.s["round"] != "stock" or s.s["sr"] < 2:
            return False
        return any(c.type == "pass" for c in s.legal_actions()) and target(s) is not None
    if not play_until(st, bots, cond):
        pytest.skip("no position")
    return st, st.current_player, target(st)


def hold(st, corp, seat, percent):
    """The seat holds ``percent`` of ``corp``: its 10 % shares go back to the initial
    offering (its president's certificate stays), then 10 % shares come from the initial
    offering and the pool."""
    h = st.s["holders"][corp]
    key = str(seat)
    h.setdefault(key, [])
    for c in [c for c in h[key] if not c.endswith("_0")]:
        h[key].remove(c)
        h["ipo"].append(c)
    for src in ("ipo", "pool"):
        for c in list(h.get(src, [])):
            if eco.pct(st, corp, seat) >= percent:
                break
            if c.endswith("_0"):
                continue
            h[src].remove(c)
            h[key].append(c)
    assert eco.pct(st, corp, seat) == percent


def dividend_position(seed):
    """An 1830 dividend decision (a game of easy planner seats played on to it) of a
    company whose run earns at least $30: (state, company)."""
    st = new_game("1830", seed)
    bots = [PlannerBot(50 + i, "easy") for i in range(4)]

    def cond(s):
        kinds = {c.fixed.get("kind") for c in s.legal_actions() if c.type == "dividend"}
        return "withhold" in kinds and (s.s["op"].get("revenue") or 0) >= 30
    if not play_until(st, bots, cond):
        pytest.skip("no position")
    return st, st.s["op"]["corp"]
