"""Purchases at an agreed price need the seller's consent (21.0, 23.1).

21.0: "Züge können ... zu einem vereinbarten Preis von einer anderen Gesellschaft" gekauft
werden; 23.1: a company buys a private from a player for a price between half and double its
face value.  An agreed price is agreed by both sides, so when the other side belongs to
another player the purchase is an offer:

1. ``buy_train {train, price}`` (a train of another company) or ``buy_company {company,
   price}`` by the buying company's president makes the offer; nothing changes hands yet.
2. ``accept_offer`` or ``decline_offer`` by the seller - the president of the company that
   owns the train, or the owner of the private - who is the seat to act while the offer is
   open.  Accepted, the purchase is carried out as offered; declined, nothing happens but
   that a new offer for the same train or private in this company's turn must be higher
   (railyard's ruling, ``eighteen/offers.py``).  Either way the buyer's turn goes on.

When the president of the buying company is also the seller (his other company's train,
his own private) he agrees with himself: the purchase happens at once (21.0: "auch zwischen
Gesellschaften, die dem gleichen Präsidenten gehören, müssen Züge zum Mindestbetrag von
einem Dollar verkauft werden").

Option ``agreed_prices_need_consent`` (default true, the rule); false is 18xx.games, where
the buying president names the price and the purchase happens at once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, cast

from ...eighteen import offers
from ...engine.actions import Choice

if TYPE_CHECKING:
    from .state import G1830State

ACCEPT, DECLINE = "accept_offer", "decline_offer"


def needed(g: "G1830State", buyer_seat: int, seller_seat: int) -> bool:
    return bool(g.options.get("agreed_prices_need_consent", True)) and \
        buyer_seat != seller_seat


def pending(g: "G1830State") -> dict | None:
    op = g.s.get("op") if g.s.get("round") == "operating" else None
    return op.get("deal") if op else None


def least(g: "G1830State", kind: str, what: str, lo: int) -> int:
    """The least price of an offer for ``what``: a type of train of a company ("train",
    "B&O:3") or a private ("company", "DH"): ``lo``, or more than an offer declined in this
    company's turn (another train of the same type of the same company is the same offer)."""
    return offers.least(g.s.get("op"), f"{kind}:{what}", lo)


def open_offer(g: "G1830State", deal: dict) -> None:
    """``deal``: kind ("train" or "company"), what, price, buyer (company), to (the seller's
    seat) and the action fields to carry out on acceptance."""
    g.s["op"]["deal"] = deal


def _what(g: "G1830State", d: dict) -> str:
    if d["kind"] == "train":
        return (f"{d['seller']}'s {str(d['train']).rsplit('-', 1)[0]}-train to {d['buyer']} "
                f"for ${d['price']}")
    return f"{d['company']} to {d['buyer']} for ${d['price']}"


def choices(g: "G1830State") -> list[Choice]:
    d = cast(dict, pending(g))       # asked only while a deal is pending
    deal = _what(g, d)
    return [Choice(ACCEPT, d["to"], label=f"accept: sell {deal}"),
            Choice(DECLINE, d["to"], label=f"decline: do not sell {deal}")]


def answer(g: "G1830State", act: Mapping[str, Any],
           carry_out: Callable[[dict], None]) -> dict:
    d = pending(g)
    if d is None:
        g.wrong_phase("There is no open offer to answer.")
    t = act["type"]
    if "price" in act and act["price"] != d["price"]:
        g.fail(f"The open offer is ${d['price']}, not {act['price']!r}.")
    del g.s["op"]["deal"]
    if t == ACCEPT:
        carry_out(d)
    else:
        what = (f"{d['seller']}:{str(d['train']).rsplit('-', 1)[0]}" if d["kind"] == "train"
                else d["company"])
        offers.refuse(g.s["op"], f"{d['kind']}:{what}", d["price"])
    return {"type": t, "player": act["player"], "price": d["price"],
            **({"train": d["train"]} if d["kind"] == "train" else {"company": d["company"]})}


def describe(g: "G1830State", a: Mapping[str, Any]) -> str | None:
    """The answer to a company's offer (21.0, 23.1), with what and the price: from the
    action, or from the deal it answers."""
    t = a.get("type")
    if t not in (ACCEPT, DECLINE):
        return None
    src: Mapping[str, Any] = a if ("train" in a or "company" in a) else (pending(g) or {})
    if not ("train" in src or "company" in src):
        return None
    what = (f"the {str(src['train']).rsplit('-', 1)[0]}-train" if "train" in src
            else src.get("company"))
    verb = "accepts" if t == ACCEPT else "declines"
    return f"{verb} the offer of ${src.get('price')} for {what}"
