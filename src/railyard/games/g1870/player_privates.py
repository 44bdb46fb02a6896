"""Privates bought from other players in a stock round (6.3.1, 2.5; seed "KAUF VON AKTIEN":
"Statt eine Aktie zu kaufen, kann der Spieler auch eine Privatbahn von einem anderen
Spieler kaufen"): in phases 1-3, as the one purchase of his turn, at any price agreed with
the owner (ruling: whole dollars from $1 to the buyer's cash).  The buyer needs room under
the certificate limit (a private counts one, 3.1.2).  The owner accepts or refuses the
offer (``accept_offer`` / ``refuse_offer {company}``); a refused offer is no purchase and
the buyer's turn goes on (a new offer for that private in the turn must be higher:
railyard's ruling, ``eighteen/offers.py``).  Profile option ``private_trades_from_phase_2``
(18xx.games): only
in phases 2-3."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...eighteen import offers
from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID

if TYPE_CHECKING:
    from .state import G1870State

PHASES = ("1", "2", "3")


def problem(g: "G1870State", seat: int, sym: str) -> str | None:
    s = g.s
    r = s["stock"]
    if sym not in s["companies"]:
        return f"There is no private '{sym}'."
    owner = g.company_owner(sym)
    if owner is None or not owner.startswith("p") or owner == f"p{seat}":
        return f"{sym} does not belong to another player."
    if g.options.get("private_trades_from_phase_2") and s["phase"] not in ("2", "3"):
        return "Privates change hands between players only in phases 2-3 (18xx.games)."
    if s["phase"] not in PHASES:
        return "Privates change hands between players only in phases 1-3 (2.5)."
    if r["buys"] or r["treasury_done"] or r["sold_after_buy"]:
        return "Only one purchase per turn (6.3.1)."
    if s["cash"][seat] < 1:
        return "You have no money to offer (6.3.1)."
    if g.cert_count(seat) >= g.cert_limit():
        return f"You are at the certificate limit of {g.cert_limit()} (3.1.3)."
    return None


def choices(g: "G1870State", seat: int, certs: int | None = None) -> list[Choice]:
    """The offers ``seat`` may make: the privates for which :func:`problem` finds nothing,
    its checks made once for the seat and once per private; ``certs``: the seat's
    certificate count, if known."""
    s = g.s
    r = s["stock"]
    cash = s["cash"][seat]
    if ((g.options.get("private_trades_from_phase_2") and s["phase"] not in ("2", "3"))
            or s["phase"] not in PHASES or r["buys"] or r["treasury_done"]
            or r["sold_after_buy"] or cash < 1):
        return []
    me = f"p{seat}"
    syms = [sym for sym, comp in s["companies"].items()
            if not comp["closed"] and comp["owner"] is not None
            and comp["owner"].startswith("p") and comp["owner"] != me]
    if not syms or (g.cert_count(seat) if certs is None else certs) >= g.cert_limit():
        return []
    return [Choice("buy_private", seat, {"company": sym},
                   {"price": (offers.least(r, f"company:{sym}", 1), cash)})
            for sym in syms if offers.least(r, f"company:{sym}", 1) <= cash]


def offer(g: "G1870State", action: Mapping[str, Any]) -> dict:
    s = g.s
    seat = action["player"]
    sym = get_str(action, "company")
    why = problem(g, seat, sym)
    if why:
        g.fail(why, UNKNOWN_ID if why.startswith("There is no") else "not_allowed")
    price = get_int(action, "price")
    if price < 1:
        g.fail("The price is at least $1 (6.3.1).")
    if price > s["cash"][seat]:
        g.fail(f"You have ${s['cash'][seat]}.", UNAFFORDABLE)
    owner = int(s["companies"][sym]["owner"][1:])
    if price < offers.least(s["stock"], f"company:{sym}", 1):
        g.fail(f"{g.players[owner]} has refused "
               f"${offers.least(s['stock'], f'company:{sym}', 1) - 1} for {sym} in this "
               f"turn; a new offer must be higher.")
    s["stock"]["offer"] = {"buyer": seat, "owner": owner, "company": sym, "price": price}
    return {"type": "buy_private", "player": seat, "company": sym, "price": price,
            "offer": True}


def actor(g: "G1870State") -> int:
    return g.s["stock"]["offer"]["owner"]


def legal(g: "G1870State") -> list[Choice]:
    o = g.s["stock"]["offer"]
    fixed = {"company": o["company"]}
    return [Choice("accept_offer", o["owner"], fixed), Choice("refuse_offer", o["owner"], fixed)]


def respond(g: "G1870State", action: Mapping[str, Any]) -> dict:
    s = g.s
    r = s["stock"]
    o = r["offer"]
    t = action["type"]
    if t not in ("accept_offer", "refuse_offer"):
        g.wrong_phase(f"{g.players[o['owner']]} must first accept or refuse the offer of "
                      f"${o['price']} for {o['company']} (6.3.1).")
    if action.get("company", o["company"]) != o["company"]:
        g.fail(f"The offer is for {o['company']}.")
    r["offer"] = None
    if t == "accept_offer":
        s["companies"][o["company"]]["owner"] = f"p{o['buyer']}"
        s["cash"][o["buyer"]] -= o["price"]
        s["cash"][o["owner"]] += o["price"]
        r["buys"].append(["private", o["company"]])
        r["acted"] = True
    else:
        offers.refuse(r, f"company:{o['company']}", o["price"])
    return {"type": t, "player": action["player"], "company": o["company"],
            "buyer": o["buyer"], "price": o["price"]}
