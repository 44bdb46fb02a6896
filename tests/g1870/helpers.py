"""Helpers for the 1870 tests: fresh states, white-box set-ups and the illegal-action check."""
from __future__ import annotations

import pytest

from railyard.engine.errors import IllegalAction
from railyard.games.g1870.state import G1870State

NAMES = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]


def new(n: int = 4, **options) -> G1870State:
    return G1870State(NAMES[:n], 0, options)


def act(g: G1870State, type_: str, **fields) -> dict:
    return g.apply({"type": type_, "player": g.current_player, **fields})


def illegal(g: G1870State, action: dict, code: str | None = None) -> IllegalAction:
    """The action is refused with a typed error and the state is unchanged."""
    before = g.fingerprint()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert g.fingerprint() == before
    if code is not None:
        assert err.value.code == code
    return err.value


def finish_auction(g: G1870State, slsf_par: int = 100) -> None:
    """Seats buy the privates in order at face value."""
    from railyard.games.g1870 import auction
    while g.s["round"] == "auction":
        if g.s["auction"]["pending_par"] is not None:
            act(g, "par", corporation="SLSF", price=slsf_par)
            continue
        act(g, "buy_private", company=auction.cheapest(g))


def to_stock_round(g: G1870State, sr: int = 2) -> None:
    """White-box: a fresh stock round number ``sr`` with seat 0 to act."""
    from railyard.games.g1870 import stock
    g.s["round"] = "stock"
    g.s["sr"] = sr - 1
    g.s["priority"] = 0
    stock.start(g)


def give(g: G1870State, corp: str, holder, certs) -> None:
    h = g.s["holders"][corp]
    for c in certs:
        src = next(k for k, v in h.items() if c in v)
        h[src].remove(c)
        h.setdefault(str(holder), []).append(c)


def float_corp(g: G1870State, corp: str, par: int, president: int, n_certs: int = 5) -> None:
    """White-box: ``president`` holds certificates 0..n_certs-1 of a floated ``corp``."""
    from railyard.games.g1870 import stock
    stock.set_par(g, corp, par)
    give(g, corp, president, [f"{corp}_{i}" for i in range(n_certs)])
    c = g.s["corps"][corp]
    c["president"] = president
    c["floated"] = True
    c["cash"] = 10 * par
    g.s["bank"] -= 10 * par


def place(g: G1870State, corp: str, row: int, col: int) -> None:
    g.set_pos(corp, [row, col])


def total_money(g: G1870State) -> int:
    s = g.s
    return sum(s["cash"]) + s["bank"] + sum(c["cash"] for c in s["corps"].values())
