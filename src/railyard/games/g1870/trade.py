"""Trains bought from other corporations (9.5.2, seed "LOKKAUF"): in the buying
corporation's train step, in any phase, any train of another corporation (even its last),
at any whole price of at least $1 agreed by both presidents, paid from the buyer's
treasury to the seller's.  The president's own money is never used for it (9.5.4), and the
train limit applies.

Agreement: when one player presides over both corporations the purchase happens at once;
otherwise the purchase is an offer that the seller's president accepts or refuses
(``accept_offer`` / ``refuse_offer``), after which the buyer's turn goes on; a new offer for
a refused train in the same turn must be higher (railyard's ruling, ``eighteen/offers.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from ...eighteen import offers
from ...eighteen import operating as core
from ...eighteen.trains import ttype

from . import diesels

if TYPE_CHECKING:
    from .state import G1870State


def sellers(g: "G1870State", corp: str) -> list[str]:
    s = g.s
    return [o for o, v in s["corps"].items()
            if o != corp and not v["closed"] and v["trains"]]


def price_range(g: "G1870State", corp: str) -> tuple[int, int] | None:
    """$1 up to the buyer's own cash (9.5.2, 9.5.4); None below the train limit or broke."""
    from .operating import train_limit
    c = g.s["corps"][corp]
    if len(c["trains"]) >= train_limit(g) or c["cash"] < 1:
        return None
    return (1, c["cash"])


def choices(g: "G1870State", corp: str, seat: int) -> list[Choice]:
    rng = price_range(g, corp)
    if rng is None:
        return []
    s = g.s
    out = []
    for other in sellers(g, corp):
        for tid in sorted(s["corps"][other]["trains"]):
            lo = offers.least(s["op"], f"train:{other}:{ttype(tid)}", rng[0])
            if lo <= rng[1]:
                out.append(Choice("buy_train", seat, {"corporation": corp, "source": other,
                                                      "train": tid}, {"price": (lo, rng[1])}))
    return out


def buy(g: "G1870State", action: Mapping[str, Any], corp: str, other: str) -> dict:
    """Validate the purchase; transfer it (same president) or leave it as an offer."""
    from .operating import train_limit
    s = g.s
    c = s["corps"][corp]
    if other == corp or other not in s["corps"] or s["corps"][other]["closed"]:
        g.fail(f"'{other}' is not a corporation {corp} can buy a train from.", UNKNOWN_ID)
    tid = get_str(action, "train")
    if tid not in s["corps"][other]["trains"]:
        g.fail(f"{other} has no train {tid}.", UNKNOWN_ID)
    if len(c["trains"]) >= train_limit(g) and not diesels.over_limit_purchase(g, corp):
        g.fail(f"{corp} is at the train limit of {train_limit(g)} (2.1, 9.5.1).")
    price = get_int(action, "price")
    if price < 1:
        g.fail("A train bought from another corporation costs at least $1 (9.5.2).")
    least = offers.least(s["op"], f"train:{other}:{ttype(tid)}", 1)
    if price < least:
        g.fail(f"{other}'s president has refused ${least - 1} for its {ttype(tid)}-train in "
               f"this turn; a new offer must be higher.")
    if price > c["cash"]:
        g.fail(f"{corp} has ${c['cash']}; the president's money may not be used to buy a "
               f"train from another corporation (9.5.4).", UNAFFORDABLE)
    offer = {"buyer": corp, "seller": other, "train": tid, "price": price}
    out = {"type": "buy_train", "player": action["player"], "corporation": corp,
           "source": other, "train": tid, "price": price}
    if s["corps"][other]["president"] == c["president"]:
        transfer(g, offer)
    else:
        s["op"]["offer"] = offer
        out["offer"] = True
    return out


def transfer(g: "G1870State", offer: dict) -> None:
    from .operating import train_limit
    corp = offer["buyer"]                 # pays from its own cash only (9.5.4)
    core.buy_train(g, corp, g.s["corps"][corp]["president"], offer["train"], offer["price"],
                   offer["seller"])
    core.discard_if_over(g, corp, train_limit(g))


def actor(g: "G1870State") -> int:
    return g.s["corps"][g.s["op"]["offer"]["seller"]]["president"]


def legal(g: "G1870State") -> list[Choice]:
    offer = g.s["op"]["offer"]
    fixed = {"corporation": offer["seller"]}
    return [Choice("accept_offer", actor(g), fixed), Choice("refuse_offer", actor(g), fixed)]


def respond(g: "G1870State", action: Mapping[str, Any]) -> dict:
    s = g.s
    offer = s["op"]["offer"]
    t = action["type"]
    if t not in ("accept_offer", "refuse_offer"):
        g.wrong_phase(f"{g.players[actor(g)]} must first accept or refuse {offer['buyer']}'s "
                      f"offer for {offer['seller']}'s train {offer['train']} (9.5.2).")
    if action.get("corporation", offer["seller"]) != offer["seller"]:
        g.fail(f"The offer is for {offer['seller']}'s train {offer['train']}.")
    s["op"]["offer"] = None
    if t == "accept_offer":
        transfer(g, offer)
    else:
        what = f"train:{offer['seller']}:{ttype(offer['train'])}"
        offers.refuse(s["op"], what, offer["price"])
    return {"type": t, "player": action["player"], "corporation": offer["seller"],
            "buyer": offer["buyer"], "train": offer["train"], "price": offer["price"]}
