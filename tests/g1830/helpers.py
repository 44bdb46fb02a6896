"""Helpers for the 1830 tests: fresh states and the illegal-action check."""
from __future__ import annotations

import pytest

from railyard.engine.errors import IllegalAction
from railyard.games.g1830.state import G1830State

NAMES = ["P1", "P2", "P3", "P4", "P5", "P6"]


def new(n: int = 4, **options) -> G1830State:
    opts = {"extra_6_train": False, "multiple_brown_from_ipo": False, **options}
    return G1830State(NAMES[:n], 0, opts)


def act(g: G1830State, type_: str, **fields) -> dict:
    return g.apply({"type": type_, "player": g.current_player, **fields})


def illegal(g: G1830State, action: dict, code: str | None = None) -> IllegalAction:
    """The action is refused with a typed error and the state is unchanged."""
    before = g.fingerprint()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert g.fingerprint() == before
    if code is not None:
        assert err.value.code == code
    return err.value


def finish_auction(g: G1830State) -> None:
    """Seats buy the privates in order at face value (B&O par 100)."""
    from railyard.games.g1830 import auction
    while g.s["round"] == "auction":
        if g.s["auction"]["pending_par"] is not None:
            act(g, "par", corporation="B&O", price=100)
            continue
        act(g, "buy_private", company=auction.cheapest(g))


def give(g: G1830State, corp: str, holder, certs) -> None:
    h = g.s["holders"][corp]
    for c in certs:
        src = next(k for k, v in h.items() if c in v)
        h[src].remove(c)
        h.setdefault(str(holder), []).append(c)


def float_corp(g: G1830State, corp: str, par: int, president: int) -> None:
    """White-box set-up: ``president`` holds 60 % of a floated ``corp`` at ``par``."""
    from railyard.games.g1830 import stock
    stock.set_par(g, corp, par)
    give(g, corp, president, [f"{corp}_{i}" for i in range(5)])
    c = g.s["corps"][corp]
    c["president"] = president
    c["floated"] = True
    c["cash"] = 10 * par
    g.s["bank"] -= 10 * par


def operating(n: int = 4, corps: dict | None = None, **options) -> G1830State:
    """A game after the private sale where ``corps`` ({sym: (par, president)}) float and the
    first operating round begins."""
    from railyard.games.g1830 import operating as op
    g = new(n, **options)
    finish_auction(g)
    for sym, (par, pres) in (corps or {}).items():
        float_corp(g, sym, par, pres)
    g.s["stock"] = None
    op.start_set(g)
    return g
