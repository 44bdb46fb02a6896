"""Trains of 1830: the depot, buying (21.0), phases and rusting (22.0), train limits,
discards, the forced purchase with the president's money (20.2, 24.0) and bankruptcy
(24.0f, 25.0)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from ...eighteen import graph
from ...eighteen import operating as core
from ...eighteen import shares as sh
from ...eighteen import trains as depot
from ...eighteen.trains import ttype
from . import consent, privates, stock

if TYPE_CHECKING:
    from .state import G1830State

D_EXCHANGE_PRICE = 800             # 21.0: $800 with a 4, 5 or 6 given in
D_EXCHANGEABLE = ("4", "5", "6")

#: 17.0: the first train of this type closes every private company
PRIVATES_CLOSE_ON = "5"


def offers(g: "G1830State") -> list[tuple[str, int]]:
    """Trains the bank sells now (21.0): sizes in order, D from the first 6-train on, and
    the first returned copy of each type."""
    s = g.s
    return depot.offers(s["depot"], s["train_pool"], s["bought_types"], _defs(g))


_DEFS: dict = {}


def _defs(g: "G1830State") -> dict:
    """Train type -> its definition (per static data, made once)."""
    hit = _DEFS.get(id(g.st.trains))
    if hit is None or hit[0] is not g.st.trains:
        hit = _DEFS[id(g.st.trains)] = (g.st.trains, {t.name: t for t in g.st.trains})
    return hit[1]


def limit(g: "G1830State") -> int:
    return g.phase_info()["train_limit"]


def must_buy(g: "G1830State", corp: str) -> bool:
    """20.2: a company without a train must buy one if it has a route and the bank has
    trains."""
    s = g.s
    return (not s["corps"][corp]["trains"] and bool(offers(g))
            and graph.route_exists(g.st.board, s["tiles"], s["tokens"], corp,
                                   one_area_ends_ok=bool(g.options.get(
                                       "route_may_start_and_end_in_one_red_area"))))


def cheapest(g: "G1830State") -> int:
    return min((p for _, p in offers(g)), default=0)


def others_trains(g: "G1830State", corp: str) -> list[tuple[str, str]]:
    return [(o, t) for o, c in g.s["corps"].items() if o != corp for t in c["trains"]]


def in_emergency(g: "G1830State", corp: str) -> bool:
    return must_buy(g, corp) and g.s["corps"][corp]["cash"] < cheapest(g)


def d_exchanges(g: "G1830State", corp: str) -> list[tuple[str, str]]:
    """21.0: the (D-train, train given in) purchases at $800 ``corp`` can pay now.  They are
    possible at the train limit too: the train given in leaves as the D arrives, so the
    number of trains does not grow."""
    c = g.s["corps"][corp]
    if c["cash"] < D_EXCHANGE_PRICE:
        return []
    return [(t, own) for t, _ in offers(g) if ttype(t) == "D"
            for own in c["trains"] if ttype(own) in D_EXCHANGEABLE]


def over_limit_purchase(g: "G1830State", corp: str) -> bool:
    """Option ``train_limit_purchase_then_discard`` (18xx.games): a company at its train
    limit that could trade a train in for a D (21.0) may buy any train it can pay and then
    discards down to the limit.  The rule (21.0) allows no purchase beyond the limit."""
    return bool(g.options.get("train_limit_purchase_then_discard")) and \
        bool(d_exchanges(g, corp))


def buy_step_open(g: "G1830State", corp: str) -> bool:
    s = g.s
    c = s["corps"][corp]
    if len(c["trains"]) >= limit(g):
        return bool(d_exchanges(g, corp))
    if must_buy(g, corp):
        return True
    cash = c["cash"]
    if any(p <= cash for _, p in offers(g)):
        return True
    if any(consent.least(g, "train", f"{o}:{ttype(t)}", 1) <= cash
           for o, t in others_trains(g, corp)):
        return True
    return False


def buy_choices(g: "G1830State", corp: str, seat: int) -> list[Choice]:
    """The train step's choices: :func:`buy_options` as choices; in an emergency (24.0) the
    cheapest train with the president's money, another company's train for up to its face
    value with it (24.0b), the sales that raise the rest (24.0c) and bankruptcy (24.0f)."""
    options = buy_options(g, corp)
    if options is not None:
        return [_as_choice(o, seat) for o in options]
    s = g.s
    cash = s["corps"][corp]["cash"]
    low = cheapest(g)
    pres_cash = s["cash"][seat]
    out = [Choice("buy_train", seat, {"train": t, "price": price}) for t, price in offers(g)
           if price == low and price <= cash + pres_cash]
    for other, t in others_trains(g, corp):
        hi = max(cash, min(cash + pres_cash, g.train_def(t).price))
        lo = consent.least(g, "train", f"{other}:{ttype(t)}", 1)
        if hi >= lo:
            out.append(Choice("buy_train", seat, {"train": t}, {"price": (lo, hi)}))
    if low > cash + pres_cash:
        for corp2, c2 in s["corps"].items():
            if c2["pos"] is not None:
                k = _most_sold(g, seat, corp2, needed_shares(g, corp, seat, corp2), corp)
                if k:
                    out.append(Choice("sell_shares", seat, {"corporation": corp2},
                                      {"count": (1, k)}))
        if cash + pres_cash + max_raise(g, seat, corp) < low:
            out.append(Choice("bankrupt", seat))
    return out


def _as_choice(option: tuple, seat: int) -> Choice:
    """One of :func:`buy_options`' tuples as the choice it stands for."""
    if option[0] == "pass":
        return Choice("pass", seat)
    if option[0] == "buy_from":
        return Choice("buy_train", seat, {"train": option[1]},
                      {"price": (option[3], option[4])})
    fixed = {"train": option[1], "price": option[2]}
    if option[3] is not None:
        fixed["exchange"] = option[3]
    return Choice("buy_train", seat, fixed)


def buy_options(g: "G1830State", corp: str) -> list[tuple] | None:
    """:func:`buy_choices` as tuples in the same order (random playouts): ``("buy_train",
    train, price, train given in or None)`` from the bank, ``("buy_from", train, seller,
    least, most)`` from another company (price ``least``, 1 or more than an offer declined
    in this turn, to ``most``), ``("pass",)``.  None when the
    company must buy a train it cannot pay (24.0, 24.0c: the president's money, sales and
    bankruptcy): those positions are listed by :func:`buy_choices` itself."""
    s = g.s
    c = s["corps"][corp]
    own_trains = c["trains"]
    if len(own_trains) >= limit(g) and not over_limit_purchase(g, corp):
        return [("buy_train", t, D_EXCHANGE_PRICE, own)
                for t, own in d_exchanges(g, corp)] + [("pass",)]
    cash = c["cash"]
    offered = offers(g)
    forced = must_buy(g, corp)
    if forced and cash < min((p for _, p in offered), default=0):
        return None                                     # in_emergency
    out: list[tuple] = []
    for t, price in offered:
        if price <= cash:
            out.append(("buy_train", t, price, None))
        if D_EXCHANGE_PRICE <= cash and ttype(t) == "D":
            for own in own_trains:
                if ttype(own) in D_EXCHANGEABLE:
                    out.append(("buy_train", t, D_EXCHANGE_PRICE, own))
    if cash >= 1:
        for other, c2 in s["corps"].items():
            if other != corp:
                for t in c2["trains"]:
                    lo = consent.least(g, "train", f"{other}:{ttype(t)}", 1)
                    if lo <= cash:
                        out.append(("buy_from", t, other, lo, cash))
    if not forced:
        out.append(("pass",))
    return out


def buy(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    op = s["op"]
    c = s["corps"][corp]
    if op["step"] != "buy_train":
        g.wrong_phase("Trains are bought last in a company's turn (17.0e).")
    tid = get_str(act, "train")
    if len(c["trains"]) >= limit(g) and act.get("exchange") is None and \
            not over_limit_purchase(g, corp):
        g.fail(f"{corp} already has the most trains allowed ({limit(g)}) (21.0).")
    emergency = in_emergency(g, corp)
    exchange = act.get("exchange")
    bank_offer = dict(offers(g))
    seller = next((o for o, t in others_trains(g, corp) if t == tid), None)
    if tid in bank_offer:
        price = bank_offer[tid]
        if exchange is not None:
            if ttype(tid) != "D":
                g.fail("Only a D-train is bought with a train given in (21.0).")
            if exchange not in c["trains"] or ttype(exchange) not in D_EXCHANGEABLE:
                g.fail("The train given in must be one of the company's 4, 5 or 6-trains (21.0).")
            price = D_EXCHANGE_PRICE
        given = act.get("price", price)
        if given != price:
            g.fail(f"The bank sells {tid} for ${price} (21.0).")
        if price > c["cash"] and (not emergency or exchange is not None
                                  or price != cheapest(g)):
            g.fail(f"{corp} has ${c['cash']}; only a company that must buy a train gets "
                   f"its president's money, and only for the cheapest train (24.0).",
                   UNAFFORDABLE)
    elif seller is not None:
        price = get_int(act, "price", lo=1)
        least = consent.least(g, "train", f"{seller}:{ttype(tid)}", 1)
        if price < least:
            g.fail(f"{seller}'s president has declined ${least - 1} for its "
                   f"{ttype(tid)}-train in this turn; a new offer must be higher.")
        if exchange is not None:
            g.fail("A train bought from another company cannot be paid with a trade-in.")
        if price > c["cash"] and not emergency:
            g.fail(f"{corp} has only ${c['cash']}.", UNAFFORDABLE)
        if price > c["cash"] and price > g.train_def(tid).price:
            g.fail("With the president's money a train is bought from another company "
                   "for no more than its face value (24.0b).")
    else:
        g.fail(f"The train {tid} is not for sale (the bank sells the smallest type first, "
               f"21.0).", UNKNOWN_ID)
    if price > c["cash"] + s["cash"][seat]:     # only in an emergency (checked above)
        g.fail("The president must first raise the money by selling shares (24.0c).",
               UNAFFORDABLE)
    return do_buy(g, corp, seat, tid, price, seller, exchange)


def do_buy(g: "G1830State", corp: str, seat: int, tid: str, price: int,
           seller: str | None, exchange: str | None) -> dict:
    """The checked purchase (:func:`buy`): an offer to ``seller``'s president when his
    consent is needed (21.0), else :func:`carry_out`."""
    s = g.s
    out = {"type": "buy_train", "player": seat, "train": tid, "price": price}
    if exchange is not None:
        out["exchange"] = exchange
    if seller is not None and consent.needed(g, seat, s["corps"][seller]["president"]):
        # 21.0 "zu einem vereinbarten Preis": the seller's president accepts or declines
        consent.open_offer(g, {"kind": "train", "buyer": corp, "seller": seller,
                               "train": tid, "price": price, "seat": seat,
                               "to": s["corps"][seller]["president"]})
        return {**out, "offer": True}
    carry_out(g, corp, seat, tid, price, seller, exchange)
    return out


def carry_out(g: "G1830State", corp: str, seat: int, tid: str, price: int,
              seller: str | None, exchange: str | None) -> None:
    """The purchase of ``tid`` for ``price`` (from the bank, or from ``seller``), paid by
    ``corp`` and, for the rest, by its president ``seat`` (24.0)."""
    core.buy_train(g, corp, seat, tid, price, seller, exchange)
    if corp == "B&O" and not g.s["companies"]["BO"]["closed"]:
        privates.close(g, "BO")  # 23.2: the B&O's first train closes the B&O private
    if seller is None:
        _new_type(g, ttype(tid))
    core.discard_if_over(g, corp, limit(g))   # only with train_limit_purchase_then_discard


def _new_type(g: "G1830State", ty: str) -> None:
    """22.0: the first train of a type may start a phase, rusts older trains (the ``rust``
    event is recorded for every new type) and may close the privates (23.2)."""
    s = g.s
    if ty in s["bought_types"]:
        return
    s["bought_types"].append(ty)
    phase = next((ph["name"] for ph in reversed(g.st.phases) if ph.get("on") == ty),
                 s["phase"])
    core.new_phase(g, phase, depot.rusting(ty, _defs(g)), ty == PRIVATES_CLOSE_ON)


def discard(g: "G1830State", act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    op = s["op"]
    corp = act.get("corporation", op["discard"][0])
    if corp not in op["discard"]:
        g.fail(f"{corp} does not have to discard a train.")
    tid = get_str(act, "train")
    core.discard(g, corp, tid, limit(g))
    from .operating import advance
    advance(g)
    return {"type": "discard_train", "player": seat, "corporation": corp, "train": tid}


def emergency_sell(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    if s["op"]["step"] != "buy_train" or not in_emergency(g, corp):
        g.wrong_phase("Shares are sold in an operating round only to pay for a train the "
                      "company must buy (24.0c).")
    if cheapest(g) <= s["corps"][corp]["cash"] + s["cash"][seat]:
        g.fail("You already have enough money for the train (24.0c).")
    corp2 = get_str(act, "corporation")
    if corp2 not in s["corps"]:
        g.fail(f"There is no company {corp2!r}.", UNKNOWN_ID)
    count = get_int(act, "count", lo=1, hi=10)
    err = stock.sell_error(g, seat, corp2, count, emergency_for=corp)
    if err:
        g.fail(err)
    need = needed_shares(g, corp, seat, corp2)
    if count > need:
        g.fail(f"Selling {need} share(s) of {corp2} raises the money the train needs; no "
               f"more may be sold (24.0c: only what is needed).")
    stock.sell(g, seat, corp2, count, act.get("certs"))
    out = {"type": "sell_shares", "player": seat, "corporation": corp2, "count": count}
    if act.get("certs") is not None:
        out["certs"] = list(act["certs"])
    return out


def needed_shares(g: "G1830State", corp: str, seat: int, corp2: str) -> int:
    """24.0c "Wenn nötig, muss der Präsident mehr Geld flüssig machen": the fewest shares
    of ``corp2`` (sold at its current price) that cover what is still missing for the
    cheapest train; a sale of more is refused.  Option
    ``emergency_sale_whole_presidents_certificate`` (18xx.games profile): a president of
    ``corp2`` (not the company in need) whose only certificate of it is the 20 %
    president's certificate may sell it whole, one share more than needed."""
    s = g.s
    short = cheapest(g) - s["corps"][corp]["cash"] - s["cash"][seat]
    price = g.price(corp2)
    need = max(1, -(-short // price)) if price > 0 else 1
    if g.options.get("emergency_sale_whole_presidents_certificate") and corp2 != corp \
            and s["corps"][corp2]["president"] == seat \
            and s["holders"][corp2].get(str(seat)) == [f"{corp2}_0"]:
        need += 1
    return need


def _most_sold(g: "G1830State", seat: int, corp2: str, most: int, emergency_for: str) -> int:
    """The most shares of ``corp2``, at most ``most``, that ``seat`` may sell now for the
    train of ``emergency_for`` (24.0c limits; 0: none)."""
    have = sh.percent(g.s["holders"][corp2], str(seat)) // 10
    return next((k for k in range(min(have, most), 0, -1)
                 if stock.sell_error(g, seat, corp2, k, emergency_for=emergency_for) is None),
                0)


def max_raise(g: "G1830State", seat: int, corp: str) -> int:
    """What ``seat``'s sales could raise at most for ``corp``'s train (24.0c)."""
    return sum(_most_sold(g, seat, corp2, 10, corp) * g.price(corp2)
               for corp2, c2 in g.s["corps"].items() if c2["pos"] is not None)


def bankrupt(g: "G1830State", corp: str, seat: int) -> dict:
    """24.0f / 25.0: the president cannot raise the money: his shares are sold as far as the
    rules allow ("alles verkauft, was er verkaufen darf": the 24.0c limits hold, so no sale
    makes another player president of the company in need; he keeps those shares and they
    count for his result), his cash goes to the bank, and the game ends at once.  Option
    ``bankruptcy_sale_may_change_president``: that company's shares are sold like any
    other (the president's certificate to a successor)."""
    s = g.s
    if s["op"]["step"] != "buy_train" or not in_emergency(g, corp):
        g.wrong_phase("Bankruptcy happens only when a company must buy a train (24.0).")
    need = cheapest(g)
    if s["corps"][corp]["cash"] + s["cash"][seat] + max_raise(g, seat, corp) >= need:
        g.fail("You can still raise the money for the cheapest train by selling shares "
               "(24.0c, f).")
    guard = "" if g.options.get("bankruptcy_sale_may_change_president") else corp
    for corp2 in g.st.corp_order:
        while s["corps"][corp2]["pos"] is not None:
            k = _most_sold(g, seat, corp2, 10, guard)
            if not k:
                break
            stock.sell(g, seat, corp2, k)
    s["bank"] += s["cash"][seat]
    s["cash"][seat] = 0
    s["bankrupt"] = seat
    g.end_game("bankrupt")
    return {"type": "bankrupt", "player": seat}
