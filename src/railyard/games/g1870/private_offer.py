"""A corporation buying another player's private (8.1: "the price is negotiated between
the owner and the president"): the purchase becomes an offer that the owner accepts or
refuses (a new offer for it in the same turn must be higher: railyard's ruling,
``eighteen/offers.py``); a private of the corporation's own president changes hands at once."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...eighteen import offers
from ...engine.actions import Choice

if TYPE_CHECKING:
    from .state import G1870State


def transfer(g: "G1870State", corp: str, sym: str, price: int) -> None:
    """8.1/8.3: the corporation pays the owner; 11.2 (c) MRBC's free home tile."""
    s = g.s
    op = s["op"]
    owner = int(s["companies"][sym]["owner"][1:])
    if (sym == "MRBC" and corp in ("MP", "SSW") and op.get("first_turn") and not op["ran"]
            and "MRBC" not in s.get("used_abilities", [])):
        op["mrbc_home"] = True                                # 11.2 (c)
    s["corps"][corp]["cash"] -= price
    s["cash"][owner] += price
    s["companies"][sym]["owner"] = corp


def actor(g: "G1870State") -> int:
    return int(g.s["companies"][g.s["op"]["private_offer"]["company"]]["owner"][1:])


def legal(g: "G1870State") -> list[Choice]:
    fixed = {"company": g.s["op"]["private_offer"]["company"]}
    return [Choice("accept_offer", actor(g), fixed), Choice("refuse_offer", actor(g), fixed)]


def respond(g: "G1870State", action: Mapping[str, Any]) -> dict:
    s = g.s
    offer = s["op"]["private_offer"]
    t = action["type"]
    if t not in ("accept_offer", "refuse_offer"):
        g.wrong_phase(f"{g.players[actor(g)]} must first accept or refuse {offer['buyer']}'s "
                      f"offer of ${offer['price']} for {offer['company']} (8.1).")
    if action.get("company", offer["company"]) != offer["company"]:
        g.fail(f"The offer is for {offer['company']} (8.1).")
    s["op"]["private_offer"] = None
    if t == "accept_offer":
        transfer(g, offer["buyer"], offer["company"], offer["price"])
    else:
        offers.refuse(s["op"], f"company:{offer['company']}", offer["price"])
    return {"type": t, "player": action["player"], "company": offer["company"],
            "buyer": offer["buyer"], "price": offer["price"]}
