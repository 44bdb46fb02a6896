"""The 1830 diesels variant (option ``diesels``; seed VARIANTEN "1830ER DIESELLOKS",
supplement 12.2): no 8s and 10s; the diesel ``D`` (any number of stops, unlimited) is on
sale from phase 5 on, alongside the remaining 6s; its first purchase starts phase D (4s
rust).  Price (ruling, 18xx.games): $1100, or $800 when the buyer trades in one of its own
4, 5 or 6 trains, which goes to the bank pool.  The trains and phases are the data file's
``variant_trains`` / ``variant_phases`` (:mod:`.variants`)."""
from __future__ import annotations

from typing import Any, TYPE_CHECKING

from ...engine.actions import Choice
from ...engine.errors import UNKNOWN_ID
from .data import raw_data

if TYPE_CHECKING:
    from .state import G1870State

DIESEL = "D"


def _diesel_data() -> dict:
    return next(t for t in raw_data()["variant_trains"] if t["name"] == DIESEL)


def diesel(g: "G1870State") -> Any:
    """The diesel when the bank sells it now (besides the next train in order), else None."""
    if not g.options.get("diesels"):
        return None
    from .operating import next_train
    nxt = next_train(g)
    if nxt is None or nxt.name == DIESEL:
        return None
    phase = g.s["phase"]
    if phase != DIESEL and int(phase) < int(_diesel_data()["available_on"]):
        return None
    return next(t for t in g.st.trains if t.name == DIESEL)


def depot_train(g: "G1870State", variant: Any) -> Any:
    """The bank train asked for: the next one in order, or the diesel by ``variant``."""
    from .operating import next_train
    nxt = next_train(g)
    if variant is None or (nxt is not None and variant == nxt.name):
        return nxt
    d = diesel(g)
    if variant == DIESEL and d is not None:
        return d
    g.fail(f"The bank does not sell a {variant} train now (1.4, 12.2).", UNKNOWN_ID)


def exchange_price(g: "G1870State", corp: str, train: Any, exchange: str) -> int:
    """12.2: a 4, 5 or 6 of the buyer traded in takes $300 off the diesel."""
    discount = _diesel_data()["discount"]
    if train.name != DIESEL:
        g.fail("Only a diesel is bought with a trade-in (12.2).")
    if exchange not in g.s["corps"][corp]["trains"]:
        g.fail(f"{corp} has no train {exchange}.", UNKNOWN_ID)
    kind = exchange.split("-")[0]
    if kind not in discount:
        g.fail("Only a 4, 5 or 6 train can be traded in for a diesel (12.2).")
    return train.price - discount[kind]


def choices(g: "G1870State", corp: str, seat: int) -> list[Choice]:
    """Diesel purchases besides the next train: plain, and with each possible trade-in."""
    from .operating import next_train, train_limit
    c = g.s["corps"][corp]
    d = diesel(g)
    nxt = next_train(g)
    if d is None and (nxt is None or nxt.name != DIESEL):
        return []
    d = d or nxt
    out = []
    fixed = {"corporation": corp, "source": "depot", "variant": DIESEL}
    if d is not nxt and len(c["trains"]) < train_limit(g) and c["cash"] >= d.price:
        out.append(Choice("buy_train", seat, fixed))
    discount = _diesel_data()["discount"]
    for tid in sorted(c["trains"]):
        kind = tid.split("-")[0]
        if kind in discount and c["cash"] >= d.price - discount[kind]:
            out.append(Choice("buy_train", seat, {**fixed, "exchange": tid}))
    return out


def over_limit_purchase(g: "G1870State", corp: str) -> bool:
    """Option ``train_limit_purchase_then_discard`` (18xx.games profile): a corporation at
    its train limit that could trade a 4, 5 or 6 in for a diesel (12.2) may buy any train
    it can pay and then discards down to the limit.  The rule (2.1, 9.5.1) allows no
    purchase beyond the limit."""
    return bool(g.options.get("train_limit_purchase_then_discard")) and any(
        "exchange" in ch.fixed for ch in choices(g, corp, 0))

