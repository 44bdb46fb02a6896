"""Sales of private companies between players (23.1).

"Privatunternehmen können zu jedem vereinbarten Preis von Spielern untereinander in der
Börsenrunde verkauft werden, wenn Käufer oder Verkäufer an der Reihe sind, mit Ausnahme der
ersten Börsenrunde. Dies hat keine Auswirkungen auf den Besitz der Priority Deal Karte."

A sale needs both players, so it takes two actions:

1. ``offer_private {company, buyer, price}`` by the player whose stock-round turn it is; he is
   either the owner of the private (he offers it to ``buyer``) or the buyer himself (he offers
   to buy it from its owner).
2. ``accept_offer`` or ``decline_offer`` by the other party, who is the seat to act while the
   offer is open.

24.0c: a president who must pay for his company's train and is short of money may also sell
his privates to other players in the operating round ("wenn er einen Käufer findet, aber er
muss nicht"): he offers, the buyer answers, and the purchase of the train goes on.  Such a
sale is never required, so it does not prevent bankruptcy (24.0f).

Then the turn continues with the player who made the offer.  A sale is neither a purchase
nor a sale of shares: it does not use the turn's purchase, does not count as an action for
the priority deal (23.1) and does not end the turn.  The price is any whole number of dollars
from $1 to what the buyer has (players get no credit); the buyer must stay within the
certificate limit (10.0: privates count).  Closed privates and privates owned by companies
cannot be sold (23.1: companies buy privates but never sell them).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping, cast

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID, WRONG_PHASE

if TYPE_CHECKING:
    from .state import G1830State

OFFER, ACCEPT, DECLINE = "offer_private", "accept_offer", "decline_offer"
MIN_PRICE = 1


def pending(g: "G1830State") -> dict | None:
    r = g.s["round"]
    holder = g.s.get("stock") if r == "stock" else g.s.get("op") if r == "operating" else None
    return holder.get("offer") if holder else None


def _short_president(g: "G1830State") -> int | None:
    """24.0c: the president of the operating company while it must buy a train and he is
    short of money for it (None otherwise)."""
    from . import trains
    op = g.s.get("op")
    if not op or op.get("discard") or op.get("corp") is None or op["step"] != "buy_train":
        return None
    corp = op["corp"]
    c = g.s["corps"][corp]
    if not trains.in_emergency(g, corp):
        return None
    if trains.cheapest(g) <= c["cash"] + g.s["cash"][c["president"]]:
        return None
    return c["president"]


def _seller(g: "G1830State", sym: str) -> int | None:
    comp = g.s["companies"][sym]
    owner = comp["owner"]
    if comp["closed"] or owner is None or owner[0] != "p":
        return None
    return int(owner[1:])


def offer_error(g: "G1830State", seat: int, sym: str, buyer: int, price: int,
                certs: int | None = None) -> str | None:
    """Why ``seat`` may not offer the sale of ``sym`` to ``buyer`` at ``price`` (None: he may).
    ``certs``: the buyer's certificate count, if known."""
    s = g.s
    if sym not in s["companies"]:
        return f"There is no private company {sym!r}."
    if s["round"] == "operating":
        if _short_president(g) != seat:
            return ("In an operating round a private is sold between players only by a "
                    "president who is short of money for a train the company must buy "
                    "(23.1, 24.0c).")
        if _seller(g, sym) != seat:
            return "The president sells privates of their own to raise the money (24.0c)."
    elif s["round"] != "stock":
        return "Privates are sold between players only in a stock round (23.1)."
    elif s["sr"] <= 1:
        return "No private may be sold between players in the first stock round (23.1)."
    elif s["stock"]["turn"] != seat:
        return "Only the player whose turn it is may offer a sale (23.1)."
    seller = _seller(g, sym)
    if seller is None:
        return (f"{sym} is closed or not owned by a player; companies never sell privates "
                f"(23.1, 23.2).")
    if not 0 <= buyer < len(g.players):
        return f"There is no seat {buyer}."
    if buyer == seller:
        return f"{g.players[buyer]} already owns {sym}."
    if seat not in (seller, buyer):
        return "A sale is made when the buyer or the seller is on turn (23.1)."
    if price < MIN_PRICE:
        return f"The price must be at least ${MIN_PRICE}."
    if price > s["cash"][buyer]:
        return f"The price is ${price}; {g.players[buyer]} has ${s['cash'][buyer]}."
    if (g.cert_count(buyer) if certs is None else certs) + 1 > g.cert_limit():
        return (f"{g.players[buyer]} would exceed the certificate limit of {g.cert_limit()} "
                f"(10.0: privates count).")
    return None


def _parties(g: "G1830State", seat: int) -> Iterator[tuple[str, int, int]]:
    """The (private, seller, buyer) of each sale ``seat`` may offer now at the lowest
    price, every check of :func:`offer_error` made but the buyer's certificate limit."""
    s = g.s
    if pending(g) is not None:
        return
    stock_round = s["round"] == "stock"
    if stock_round:
        if s["sr"] <= 1 or s["stock"]["turn"] != seat:
            return
    elif s["round"] != "operating" or _short_president(g) != seat:
        return
    cash = s["cash"]
    n = len(g.players)
    for sym, comp in s["companies"].items():
        owner = comp["owner"]
        if comp["closed"] or owner is None or owner[0] != "p":
            continue                                    # as _seller: no player sells it
        seller = int(owner[1:])
        if seller == seat:
            buyers = [b for b in range(n) if b != seat]
        elif stock_round:
            buyers = [seat]
        else:
            continue
        for b in buyers:
            if cash[b] >= MIN_PRICE:
                yield sym, seller, b


def choices(g: "G1830State", seat: int) -> list[Choice]:
    """The offers ``seat`` may make now: for each private he may sell or buy, the buyer and
    the price as a range."""
    out = []
    certs: list[int] | None = None
    for sym, seller, b in _parties(g, seat):
        if certs is None:
            certs = g.cert_counts()
        if offer_error(g, seat, sym, b, MIN_PRICE, certs[b]) is None:
            label = (f"offer {sym} to {g.players[b]}" if seller == seat
                     else f"offer to buy {sym} from {g.players[seller]}")
            out.append(Choice(OFFER, seat, {"company": sym, "buyer": b},
                              {"price": (MIN_PRICE, g.s["cash"][b])}, label))
    return out


def has_offer(g: "G1830State", seat: int) -> bool:
    """``bool(choices(g, seat))`` without building the offers: :func:`_parties` and the
    certificate limit, stopping at the first offer possible."""
    limit = g.cert_limit()
    certs: list[int] | None = None
    for _, _, b in _parties(g, seat):
        if certs is None:
            certs = g.cert_counts()
        if certs[b] + 1 <= limit:
            return True
    return False


def answer_choices(g: "G1830State") -> list[Choice]:
    o = cast(dict, pending(g))       # asked only while an offer is pending
    who = o["to"]
    deal = (f"{o['company']} for ${o['price']} "
            + (f"from {g.players[o['seller']]}" if who == o["buyer"]
               else f"to {g.players[o['buyer']]}"))
    out = [Choice(DECLINE, who, label=f"decline: {deal}")]
    if offer_error_at_answer(g) is None:
        out.insert(0, Choice(ACCEPT, who, label=f"accept: {deal}"))
    return out


def offer_error_at_answer(g: "G1830State") -> str | None:
    o = cast(dict, pending(g))       # asked only while an offer is pending
    return offer_error(g, o["by"], o["company"], o["buyer"], o["price"])


def apply_offer(g: "G1830State", act: Mapping[str, Any]) -> dict:
    seat = act["player"]
    if pending(g) is not None:
        g.fail("An offer is still open; it must be answered first.", WRONG_PHASE)
    sym = get_str(act, "company")
    if sym not in g.s["companies"]:
        g.fail(f"There is no private company {sym!r}.", UNKNOWN_ID)
    buyer = get_int(act, "buyer")
    price = get_int(act, "price")
    err = offer_error(g, seat, sym, buyer, price)
    if err:
        g.fail(err, UNAFFORDABLE if "has $" in err else "not_allowed")
    seller = _seller(g, sym)
    g.s["stock" if g.s["round"] == "stock" else "op"]["offer"] = {"company": sym, "seller": seller, "buyer": buyer, "price": price,
                             "by": seat, "to": buyer if seat == seller else seller}
    return {"type": OFFER, "player": seat, "company": sym, "buyer": buyer, "price": price}


def apply_answer(g: "G1830State", act: Mapping[str, Any]) -> dict:
    from . import stock
    seat = act["player"]
    o = pending(g)
    if o is None:
        g.fail("There is no open offer to answer.", WRONG_PHASE)
    t = act["type"]
    for key in ("company", "price"):
        if key in act and act[key] != o[key]:
            g.fail(f"The open offer has {key} {o[key]!r}, not {act[key]!r}.")
    if t == ACCEPT:
        err = offer_error_at_answer(g)
        if err:
            g.fail(err, UNAFFORDABLE if "has $" in err else "not_allowed")
        s = g.s
        s["cash"][o["buyer"]] -= o["price"]
        s["cash"][o["seller"]] += o["price"]
        s["companies"][o["company"]]["owner"] = f"p{o['buyer']}"
    s = g.s
    if s["round"] == "stock":
        s["stock"]["offer"] = None
        stock.after_private_sale(g)
    else:
        s["op"]["offer"] = None
    return {"type": t, "player": seat, "company": o["company"], "price": o["price"]}


def describe(g: "G1830State", a: Mapping[str, Any]) -> str | None:
    t = a.get("type")
    if t == OFFER:
        b = a.get("buyer")
        buyer = g.players[b] if isinstance(b, int) and 0 <= b < len(g.players) else "?"
        if b == a.get("player"):
            return f"offers to buy {a.get('company')} for ${a.get('price')}"
        return f"offers {a.get('company')} to {buyer} for ${a.get('price')}"
    if t in (ACCEPT, DECLINE):
        o = a if "company" in a else (pending(g) or {})
        if "company" not in o:
            return None
        verb = "accepts" if t == ACCEPT else "declines"
        return f"{verb} the offer of ${o.get('price')} for {o.get('company')}"
    return None
