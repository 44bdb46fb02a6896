"""Operating-round rules both 18xx titles share (issue 27): the round's bookkeeping, the
next corporation's turn and the end of a turn, the operating order, the privates' revenue,
the dividend step (paying, keeping, halves and the price moves), buying, discarding and
rusting trains, a new phase and the corporations over the train limit, the shares an
emergency sale needs.  The titles pass what differs (which holders' dividends go
to the corporation, whether the market row breaks a tie in the order, a private's revenue,
when a withholding corporation's price moves)."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from . import offers
from . import shares as sh
from ..engine.errors import UNKNOWN_ID
from .graph import route_exists
from .trains import take, ttype


def order_key(g: Any, corp: str, by_row: bool = False) -> tuple:
    """Operating order (1830 11.0, 1870 3.3.7): higher share price first; on equal price
    the marker further right, (``by_row``, 1830: then the higher row); on one cell the
    marker on top of the stack first."""
    pos = g.s["corps"][corp]["pos"]
    top = g.s["stacks"][f"{pos[0]},{pos[1]}"].index(corp)
    price = g.st.market.price(pos)
    return (-price, -pos[1], pos[0], top) if by_row else (-price, -pos[1], top)


def new_round(g: Any, order: list[str], **own: Any) -> None:
    """An operating round begins: the bookkeeping (:class:`~.types.OpCore`) with the
    corporations that operate in it (``order``) and the title's ``own`` keys."""
    g.s["op"] = {"order": order, "done": [], "corp": None, "discard": [], "token": False,
                 **own}


def next_turn(g: Any, end_round: Callable[[Any], None], by_row: bool = False) -> str | None:
    """The next corporation's turn: of the round's not done nor closed, the first in
    operating order; no token placed, no refusal counts (:mod:`.offers`); none left: the
    round is over (the title's ``end_round``), None."""
    s = g.s
    op = s["op"]
    corps = s["corps"]
    order, done = op["order"], op["done"]
    waiting = [c for c, v in corps.items() if c in order and c not in done
               and v["pos"] is not None]
    if not waiting:
        op["corp"] = None
        end_round(g)
        return None
    corp = op["corp"] = min(waiting, key=lambda c: order_key(g, c, by_row))
    op["token"] = False
    offers.new_turn(op)
    return corp


def end_turn(g: Any, corp: str, act: dict, after: Callable[[Any, str], None],
             owed: str | None = None) -> dict:
    """``corp``'s turn ends by ``act``, the title's logged action (1830 17.0 ``pass``,
    1870 5.3 ``done``); refused with ``owed``, the title's words if a train is owed (1870
    9.5.3); it is done; ``after(g, corp)`` goes on (the title's next corporation)."""
    if owed:
        g.fail(owed)
    g.s["corps"][corp]["operated"] = True
    g.s["op"]["done"].append(corp)
    after(g, corp)
    return act


def pay_privates(g: Any, revenue: Callable[[str], int], corp_prefix: str = "") -> None:
    """Every open owned private pays ``revenue(private)`` (if any) from the bank to its
    player ``p<seat>`` or corporation ``corp_prefix + name`` (1830 16.0, 1870 5.1)."""
    s = g.s
    for sym, comp in s["companies"].items():
        owner, amount = comp["owner"], revenue(sym)
        if comp["closed"] or owner is None or not amount:
            continue
        g.pay_from_bank(amount)
        if owner[0] == "p":
            s["cash"][int(owner[1:])] += amount
        else:
            s["corps"][owner[len(corp_prefix):]]["cash"] += amount
        g.event("private_revenue", company=sym, owner=owner, amount=amount)


def dividend(g: Any, corp: str, revenue: int, kind: str, to_company: Iterable[str],
             move_left: Callable[[Any, str], None] | None = None) -> None:
    """The dividend step (1830 20.3, 1870 9.4): ``withhold`` or no revenue: the corporation
    keeps it, its price moves left (or ``move_left``: 1830 8.2d at the round's end);
    ``half`` (1870 9.4.2): it keeps half, rounded down to $10, pays the rest, the price
    stays; any other kind pays all out (:func:`distribute`), the price moves right."""
    kind = kind if revenue > 0 else "withhold"
    g.event("dividend", corp=corp, revenue=revenue, kind=kind)
    kept = revenue if kind == "withhold" else revenue // 20 * 10 if kind == "half" else 0
    if kept:
        g.pay_from_bank(kept)
        g.s["corps"][corp]["cash"] += kept
    distribute(g, corp, revenue - kept, to_company)
    if kind == "withhold" and move_left is not None:
        move_left(g, corp)
    elif kind != "half":
        market = g.st.market
        move = market.left if kind == "withhold" else market.right
        g.set_pos(corp, move(g.s["corps"][corp]["pos"]))


def distribute(g: Any, corp: str, amount: int, to_company: Iterable[str]) -> None:
    """Pay ``amount`` as a dividend (1830 20.3, 1870 9.4.1): each 10 % pays a tenth, from
    the bank, to the player holding it; the shares held by ``to_company`` (1830 the pool,
    1870 the IPO and redeemed shares) pay the corporation; other shares pay nobody."""
    s = g.s
    per = amount // 10
    for holder, certs in s["holders"][corp].items():
        pay = per * sum(sh.pct(c) for c in certs) // 10
        if not pay:
            continue
        if holder in to_company:
            s["corps"][corp]["cash"] += pay
        elif holder.isdigit():
            s["cash"][int(holder)] += pay
        else:
            continue
        g.pay_from_bank(pay)


def private_price(g: Any, corp: str, sym: str,
                  lo_hi: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """What ``corp`` may pay for the private ``sym`` (1830 23.1, 1870 8.1): half to double
    its face value (or ``lo_hi``), at most its cash, and more than an offer its owner has
    refused in this turn (:mod:`.offers`); None if it is closed, no player owns it or no
    price fits."""
    comp = g.s["companies"][sym]
    if comp["closed"] or not (comp["owner"] or "").startswith("p"):
        return None
    value = g.st.privates[sym].value
    lo, hi = lo_hi or ((value + 1) // 2, 2 * value)
    lo = offers.least(g.s["op"], f"company:{sym}", lo)
    hi = min(hi, g.s["corps"][corp]["cash"])
    return (lo, hi) if lo <= hi else None


def buy_train(g: Any, corp: str, seat: int, tid: str, price: int, seller: str | None = None,
              exchange: str | None = None) -> None:
    """``corp`` buys ``tid`` for ``price`` from ``seller``, else from the bank (its pool or
    its depot); the corporation pays what it can, its president ``seat`` the rest (1830
    24.0, 1870 9.5.4); a train given in (``exchange``) goes to the bank pool."""
    s = g.s
    c = s["corps"][corp]
    own = min(price, c["cash"])
    c["cash"] -= own
    s["cash"][seat] -= price - own
    if seller is not None:
        s["corps"][seller]["cash"] += price
        s["corps"][seller]["trains"].remove(tid)
    elif tid in s["train_pool"]:
        s["bank"] += price
        s["train_pool"].remove(tid)
    else:
        s["bank"] += price
        take(s["depot"], ttype(tid))
    if exchange is not None:
        c["trains"].remove(exchange)
        s["train_pool"].append(exchange)
    c["trains"].append(tid)


def must_buy(g: Any, corp: str, for_sale: Callable[[], Any], one_area_ends_ok: bool = True
             ) -> bool:
    """``corp`` has no train, the bank sells one (``for_sale()``) and a route exists
    (:func:`.graph.route_exists`): it must buy a train (1830 20.2, 1870 9.5.3)."""
    s = g.s
    return (not s["corps"][corp]["trains"] and bool(for_sale())
            and route_exists(g.st.board, s["tiles"], s["tokens"], corp, one_area_ends_ok))


def shares_needed(g: Any, short: int, seat: int, corp: str, other: str) -> int:
    """The fewest shares of ``other`` that raise ``short`` at its price: more may not be
    sold for the train of ``corp`` (1830 24.0c, 1870 10.2.1).  Option
    ``emergency_sale_whole_presidents_certificate`` (18xx.games): a president of ``other``
    (not ``corp``) whose only certificate of it is the president's may sell it whole, one
    share more."""
    price = g.price(other)
    need = max(1, -(-short // price)) if price > 0 else 1
    if g.options.get("emergency_sale_whole_presidents_certificate") and other != corp \
            and g.s["corps"][other]["president"] == seat \
            and g.s["holders"][other].get(str(seat)) == [f"{other}_0"]:
        need += 1
    return need


def discard_if_over(g: Any, corp: str, limit: int) -> None:
    """A corporation over ``limit`` after a purchase (option of both titles) discards."""
    if len(g.s["corps"][corp]["trains"]) > limit and corp not in g.s["op"]["discard"]:
        g.s["op"]["discard"].append(corp)


def discard(g: Any, corp: str, tid: str, limit: int) -> None:
    """``corp`` returns its ``tid`` to the bank pool, for sale at face value (1830 21.0,
    1870 2.4); at ``limit`` it has discarded enough."""
    c = g.s["corps"][corp]
    if tid not in c["trains"]:
        g.fail(f"{corp} does not own the train {tid}.", UNKNOWN_ID)
    c["trains"].remove(tid)
    g.s["train_pool"].append(tid)
    if len(c["trains"]) <= limit:
        g.s["op"]["discard"].remove(corp)


def rust(g: Any, types: set[str]) -> None:
    """The trains of ``types`` rust: they leave the corporations and the bank's pool
    (1830 22.0, 1870 1.3); the ``rust`` event is recorded even when none rust."""
    s = g.s
    g.event("rust", types=sorted(types))
    if types:
        for c in s["corps"].values():
            c["trains"] = [t for t in c["trains"] if ttype(t) not in types]
        s["train_pool"] = [t for t in s["train_pool"] if ttype(t) not in types]


def new_phase(g: Any, name: str, rusting: set[str], close_privates: bool) -> None:
    """A new train type starts phase ``name`` (1830 22.0, 1870 2.1): the ``rusting``
    types rust (:func:`rust`), every private closes when ``close_privates`` (1830 23.2,
    1870 2.5) and the corporations over the phase's train limit must discard (1830 22.0,
    1870 2.4), in chart order."""
    s = g.s
    s["phase"] = name
    rust(g, rusting)
    if close_privates:
        for comp in s["companies"].values():
            comp["closed"] = True
    discard = s["op"]["discard"]
    limit = g.phase_info()["train_limit"]
    discard.extend(c for c, v in s["corps"].items() if len(v["trains"]) > limit
                   and c not in discard)
