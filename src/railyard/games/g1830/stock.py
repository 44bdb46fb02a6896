"""Stock rounds (4.0, 8.0-15.0): par, buy, sell, presidency, limits and price moves.

On his turn a player may sell any number of shares and buy one (in either order, 4.0), or
pass; the round ends when all players have passed in succession.  A turn also ends by itself
once the player has acted and can do nothing more, and a player who can do nothing at all
passes automatically; offering a sale of a private to or from another player (23.1) is
something he can do.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from ...eighteen import shares as sh
from ...eighteen import stock as est
from .data import PAR_PRICES
from . import consent, operating, private_sale, privates

if TYPE_CHECKING:
    from .state import G1830State


# ---- round control -----------------------------------------------------------------------
def start(g: "G1830State") -> None:
    s = g.s
    s["round"] = "stock"
    s["op"] = None
    s["stock"] = est.new_round(s["priority"], offer=None)
    _settle_turn(g)


def _next_turn(g: "G1830State", passed: bool) -> None:
    s = g.s
    r = s["stock"]
    n = len(g.players)
    if passed:
        r["passes"] += 1
    else:
        r["passes"] = 0
    if r["passes"] >= n:
        _finish(g)
        return
    r["turn"] = (r["turn"] + 1) % n
    r["acted"] = False
    r["buys"] = []
    _settle_turn(g)


def _settle_turn(g: "G1830State") -> None:
    """Automatic passes of players without any possible action (and automatic ends of turns
    after acting)."""
    s = g.s
    if s["round"] == "stock" and not s["ended"]:
        r = s["stock"]
        if not _has_action(g, r["turn"]):
            _next_turn(g, passed=not r["acted"])


def _finish(g: "G1830State") -> None:
    """End of a stock round: sold-out companies rise (8.2b), the priority deal goes to the
    player after the last one who bought or sold (4.0), the operating rounds follow."""
    parred = [c for c, v in g.s["corps"].items() if v["pos"] is not None]
    est.end_round(g, sorted(parred, key=lambda c: operating.order_key(g, c)),
                  g.st.market.up)
    operating.start_set(g)


# ---- queries -------------------------------------------------------------------------
set_par = est.set_par


def actor(g: "G1830State") -> int:
    """The player on turn, or the one an offer of a private is made to (23.1)."""
    r = g.s["stock"]
    o = r.get("offer")
    return r["turn"] if o is None else o["to"]


def sell_error(g: "G1830State", seat: int, corp: str, count: int,
               emergency_for: str | None = None) -> str | None:
    """Why ``seat`` may not sell ``count`` 10 % shares of ``corp`` now (None: he may):
    :func:`railyard.eighteen.stock.sale_problem` in :data:`WORDS`, and in an emergency
    sale for ``emergency_for``'s train not its presidency to another (24.0c)."""
    problem = est.sale_problem(g, seat, corp, count, emergency_for is None)
    h = g.s["holders"][corp]
    if problem:
        return WORDS[problem].format(corp=corp, have=sh.percent(h, str(seat)), pct=count * 10)
    if corp == emergency_for and g.s["corps"][corp]["president"] == seat and \
            est.best_other(h, seat, len(g.players)) > sh.percent(h, str(seat)) - count * 10:
        return (f"Selling to pay for a train may not make someone else president of "
                f"{corp} (24.0c).")
    return None


#: the refusals of a purchase, par or sale (:func:`railyard.eighteen.stock.buy_error`,
#: ``par_error``, ``sale_problem``)
WORDS = {
    "corp": "There is no company {corp!r}.",
    "unstarted": "{corp} has no par price yet; its president's share must be bought first (9.0).",
    "source": "'source' must be 'ipo' or 'pool'.",
    "ipo_empty": "There is no {corp} share in the initial offering.",
    "pool_empty": "There is no {corp} share in the bank pool.",
    "sold": "You sold {corp} in this stock round and may not buy it again in it (4.0).",
    "one_buy": "Only one share may be bought per turn, except several of a company in the "
               "brown zone from the bank pool (10.0).",
    "cash": "The share costs ${price}; you have ${cash}.",
    "cert_limit": "You would exceed the certificate limit of {limit} (10.0).",
    "holding": "No player may hold more than 60 % of {corp} unless its price is in the "
               "orange or brown zone (10.0).",
    "no_par": "The B&O president's certificate goes with the B&O private (8.0, 9.0).",
    "parred": "{corp} already has its par price.",
    "par_price": "The par price must be one of {prices} (8.1).",
    "one_par": "Only one share may be bought per turn (4.0).",
    "par_cash": "The president's certificate costs ${price} (2 x par, 8.1).",
    # sales (:func:`railyard.eighteen.stock.sale_problem`)
    "sale_unstarted": "{corp} has no share price yet; its shares cannot be sold (8.1).",
    "first_round": "No shares may be sold in the first stock round (12.0a).",
    "held": "You hold {have} % of {corp}; you cannot sell {pct} %.",
    "pool": "The bank pool may hold at most 50 % of {corp} (12.0b).",
    "president": "The president's certificate cannot be sold to the bank; no other player "
                 "holds 20 % of {corp} to take it over (12.0c, 13.0)."}


def buy_error(g: "G1830State", seat: int, corp: str, source: str,
              certs: int | None = None) -> str | None:
    """Why ``seat`` may not buy a ``corp`` share from ``source`` (None: he may): 10.0's
    one purchase, several of a company from the pool in the brown zone (option
    ``multiple_brown_from_ipo``: from the initial offering too)."""
    buys = g.s["stock"]["buys"]
    return est.buy_error(
        g, seat, corp, source, WORDS, ipo_price="par", more_of=buys[-1][1] if buys else None,
        more_from=("pool", "ipo") if g.options.get("multiple_brown_from_ipo") else ("pool",),
        certs=certs)


def par_error(g: "G1830State", seat: int, corp: str, price: int,
              certs: int | None = None) -> str | None:
    """Why ``seat`` may not start ``corp`` at ``price`` (None: he may; 8.0, 8.1, 4.0)."""
    return est.par_error(g, seat, corp, price, WORDS, no_par="B&O", par_prices=PAR_PRICES,
                         one_purchase=bool(g.s["stock"]["buys"]), certs=certs)


def mh_exchange_error(g: "G1830State", seat: int, source: str) -> str | None:
    s = g.s
    # 17.0 names two conditions: the owner holds less than 60 % NYC, and an NYC share is
    # in the bank (IPO or pool).  An exchange is no sale, so 9.0 (the president's share is
    # the first one *sold*) does not stop it before NYC has a par price.
    if g.company_owner("MH") != f"p{seat}":
        return "You do not own the Mohawk & Hudson."
    if source not in ("ipo", "pool") or not s["holders"]["NYC"][source]:
        return f"There is no NYC share in the {source} (17.0: M&H)."
    if not any(sh.pct(x) == 10 for x in s["holders"]["NYC"][source]):
        return f"There is no 10 % NYC share in the {source}."
    if sh.percent(s["holders"]["NYC"], str(seat)) + 10 > 60:
        return "The exchange is not possible when you would own more than 60 % of NYC (17.0)."
    return None


def _has_action(g: "G1830State", seat: int) -> bool:
    """``seat`` can still do something in his stock-round turn: buy, par or sell a share
    (:func:`share_options` up to the first one found), or offer a sale of a private to or
    from another player (23.1: "wenn Käufer oder Verkäufer an der Reihe sind";
    :func:`private_sale.has_offer`).  The M&H exchange is possible at any time and does
    not keep a turn open."""
    keep = g.__dict__.get("keep_options")
    if keep is None:
        if share_options(g, seat, first=True):
            return True
    else:
        # a random playout (:mod:`.playout`) is running: the whole listing, kept for its
        # next step (the turn stays with ``seat`` when purchases, pars or sales are listed:
        # they come before the exchange and the pass)
        opts = share_options(g, seat)
        keep[:] = (seat, opts, g.s["stock"])
        if opts[0][0] != "exchange" and opts[0][0] != "pass":
            return True
    return private_sale.has_offer(g, seat)


def legal(g: "G1830State") -> list[Choice]:
    """An answer to an offer of a private, else the turn's choices: those of
    :func:`share_options` as Choices, then the offers of privates (23.1)."""
    if private_sale.pending(g) is not None:
        return private_sale.answer_choices(g)
    seat = g.s["stock"]["turn"]
    out: list[Choice] = []
    for o in share_options(g, seat):
        kind = o[0]
        if kind == "sell_shares":
            out.append(Choice(kind, seat, {"corporation": o[1]}, {"count": (1, o[2])}))
        elif kind == "exchange":
            out.append(Choice(kind, seat, {"company": "MH", "source": o[1]}))
        elif kind == "pass":
            out.append(Choice(kind, seat))
        else:
            out.append(Choice(kind, seat, {"corporation": o[1],
                                           "source" if kind == "buy_share" else "price": o[2]}))
    return out + private_sale.choices(g, seat)


def after_private_sale(g: "G1830State") -> None:
    """23.1: a sale between players does not count as the turn's action (priority deal);
    the turn goes on unless the player on turn can now do nothing."""
    _after_action(g, counts=False)


# ---- actions -------------------------------------------------------------------------
def apply(g: "G1830State", act: Mapping[str, Any]) -> dict:
    s = g.s
    seat = act["player"]
    t = act["type"]
    if private_sale.pending(g) is not None and t not in (private_sale.ACCEPT,
                                                         private_sale.DECLINE):
        g.wrong_phase("An offer for a private is open; it must be accepted or declined first.")
    if t == private_sale.OFFER:
        return private_sale.apply_offer(g, act)
    if t in (private_sale.ACCEPT, private_sale.DECLINE):
        return private_sale.apply_answer(g, act)
    if t not in ("pass", "par", "buy_share", "sell_shares"):  # exchange: state.apply
        g.wrong_phase(f"'{t}' is not possible in a stock round.")
    if t == "pass":
        if share_options(g, seat)[-1] != ("pass",):                # 10.0
            g.fail("You hold more certificates than allowed and must sell first (10.0).")
        do_pass(g)
        return {"type": "pass", "player": seat}
    corp = get_str(act, "corporation")
    if corp not in s["corps"]:
        g.fail(f"There is no company {corp!r}.", UNKNOWN_ID)
    if t == "par":
        price = get_int(act, "price")
        err = par_error(g, seat, corp, price)
        if err:
            g.fail(err, UNAFFORDABLE if "costs" in err else "not_allowed")
        do_par(g, seat, corp, price)
        return {"type": "par", "player": seat, "corporation": corp, "price": price}
    if t == "buy_share":
        source = act.get("source")
        if source not in ("ipo", "pool"):
            g.fail("'source' must be 'ipo' or 'pool'.", "malformed")
        err = buy_error(g, seat, corp, source)
        if err:
            g.fail(err, UNAFFORDABLE if "costs" in err else "not_allowed")
        cert = act.get("cert")
        h = s["holders"][corp]
        if cert is not None and (cert not in h[source] or sh.pct(cert) != 10):
            g.fail(f"The certificate {cert!r} is not a 10 % share in the {source}.")
        do_buy(g, seat, corp, source, cert)
        out = {"type": "buy_share", "player": seat, "corporation": corp, "source": source}
        if cert is not None:
            out["cert"] = cert
        return out
    count = get_int(act, "count", lo=1, hi=10)                  # sell_shares
    err = sell_error(g, seat, corp, count)
    if err:
        g.fail(err)
    certs = act.get("certs")
    do_sell(g, seat, corp, count, certs)
    out = {"type": "sell_shares", "player": seat, "corporation": corp, "count": count}
    if certs is not None:
        out["certs"] = list(certs)
    return out


# ---- what the actions do once checked (apply above; also the random playouts) ----------
def do_pass(g: "G1830State") -> None:
    _next_turn(g, passed=not g.s["stock"]["acted"])


def do_par(g: "G1830State", seat: int, corp: str, price: int) -> None:
    est.start_corporation(g, seat, corp, price)
    _check_float(g, corp)
    g.s["stock"]["last_actor"] = seat
    _after_action(g)


def do_buy(g: "G1830State", seat: int, corp: str, source: str,
           cert: str | None = None) -> None:
    """``seat`` buys a 10 % share (``cert``, else the first 10 % one) from ``source``."""
    s = g.s
    r = s["stock"]
    h = s["holders"][corp]
    if cert is None:
        cert = next(x for x in h[source] if sh.pct(x) == 10)
    c = s["corps"][corp]
    price = c["par"] if source == "ipo" else g.price(corp)
    sh.move(h, cert, source, str(seat))
    s["cash"][seat] -= price
    s["bank"] += price
    r["buys"].append([source, corp])
    r["last_actor"] = seat
    g.update_president(corp)
    _check_float(g, corp)
    _after_action(g)


def do_sell(g: "G1830State", seat: int, corp: str, count: int,
            certs: list | None = None) -> None:
    r = g.s["stock"]
    sell(g, seat, corp, count, certs)
    est.record_sale(r, seat, corp)
    r["last_actor"] = seat
    _after_action(g)


def _after_action(g: "G1830State", counts: bool = True) -> None:
    r = g.s["stock"]
    if counts:
        r["acted"] = True
    if not _has_action(g, r["turn"]):
        _next_turn(g, passed=not r["acted"])


def _check_float(g: "G1830State", corp: str) -> None:
    """11.0: 60 % sold from the initial offering floats the company; it receives 10 x par
    (full capitalisation) from the bank."""
    s = g.s
    c = s["corps"][corp]
    if not c["floated"] and c["par"] is not None and sh.percent(s["holders"][corp], "ipo") <= 40:
        c["floated"] = True
        c["cash"] += 10 * c["par"]
        g.pay_from_bank(10 * c["par"])


def sell(g: "G1830State", seat: int, corp: str, count: int, certs: list | None = None) -> None:
    """Sell ``count`` 10 % to the pool at the current price; the price falls one row per
    share (8.2a, 15.0); the presidency may pass (13.0, 14.0)."""
    s = g.s
    h = s["holders"][corp]
    c = s["corps"][corp]
    mine = h[str(seat)]
    if certs is None:
        tens = [x for x in mine if sh.pct(x) == 10]
        if len(tens) >= count:
            certs = tens[:count]
        else:
            certs = tens + [f"{corp}_0"]
    else:
        if not all(x in mine for x in certs) or len(set(certs)) != len(certs):
            g.fail("You do not hold all the certificates you name.")
        listed = sum(sh.pct(x) for x in certs)
        if listed < count * 10 or listed - count * 10 >= 20:
            g.fail("The certificates named do not match the amount sold.")
    price = g.price(corp)
    s["cash"][seat] += price * count
    s["bank"] -= price * count
    if s["bank"] <= 0:
        s["bank_broken"] = True
    for x in certs:
        sh.move(h, x, str(seat), "pool")
    pres = c["president"]
    if pres is not None:
        new = sh.new_president(h, pres, len(g.players))
        if f"{corp}_0" in h["pool"] and new == pres:       # 14.0: the first to his left
            n = len(g.players)
            best = est.best_other(h, pres, n)
            new = next((pres + i) % n for i in range(1, n)
                       if sh.percent(h, str((pres + i) % n)) == best)
        if new != pres and new is not None:
            sh.transfer_presidency(h, corp, pres, new)
            c["president"] = new
    diff = sum(sh.pct(x) for x in certs) - count * 10
    while diff > 0:
        back = next(x for x in h["pool"] if sh.pct(x) == 10)
        sh.move(h, back, "pool", str(seat))
        diff -= 10
    pos = c["pos"]
    for _ in range(count):
        pos = g.st.market.down(pos)
    g.set_pos(corp, pos)


def apply_exchange(g: "G1830State", act: Mapping[str, Any]) -> dict:
    """17.0 M&H: exchange for a 10 % NYC share, by its owner, at any time."""
    seat = act["player"]
    source = act.get("source", "ipo")
    if private_sale.pending(g) is not None or consent.pending(g) is not None:
        g.wrong_phase("An offer is open; the exchange waits until it is answered.")
    if act.get("company") != "MH":
        g.fail("Only the Mohawk & Hudson can be exchanged (17.0).", UNKNOWN_ID)
    err = mh_exchange_error(g, seat, source)
    if err:
        g.fail(err)
    cert = act.get("cert")
    if cert is not None and (cert not in g.s["holders"]["NYC"][source] or sh.pct(cert) != 10):
        g.fail(f"The certificate {cert!r} is not a 10 % NYC share in the {source}.")
    do_exchange(g, seat, source, cert)
    out = {"type": "exchange", "player": seat, "company": "MH", "source": source}
    if cert is not None:
        out["cert"] = cert
    return out


def do_exchange(g: "G1830State", seat: int, source: str, cert: str | None = None) -> None:
    """The checked M&H exchange (:func:`apply_exchange`) and what follows in the round."""
    exchange_mh(g, seat, source, cert)
    if g.s["round"] == "stock":
        _after_action(g, counts=False)          # not an action of the turn
    elif g.s["round"] == "operating":
        operating.advance(g)


def exchange_mh(g: "G1830State", seat: int, source: str, cert: str | None = None) -> None:
    """17.0 M&H: the private closes; its owner takes a 10 % NYC share from the bank."""
    h = g.s["holders"]["NYC"]
    if cert is None:
        cert = next(x for x in h[source] if sh.pct(x) == 10)
    sh.move(h, cert, source, str(seat))
    privates.close(g, "MH")
    g.update_president("NYC")
    _check_float(g, "NYC")


# ---- the listing of a turn (legal, the random playouts, issue 14 point 6) --------------
def share_options(g: "G1830State", seat: int, first: bool = False) -> list[tuple]:
    """The share choices of ``seat``'s stock-round turn, as tuples in the order of
    ``legal_actions()`` (:func:`legal`): per company ``("buy_share", corp, source)`` or
    ``("par", corp, price)``, then ``("sell_shares", corp, most)``
    (:func:`~railyard.eighteen.stock.share_options`); ``("exchange", source)``;
    ``("pass",)`` unless he is over the certificate limit and can sell a share that counts
    (10.0).  The checks of :func:`buy_error`, :func:`par_error`, :func:`sell_error` and
    :func:`mh_exchange_error` written out over the plain state
    (``tests/g1830/test_fast_listing.py`` compares them on random positions).  ``first``:
    stop after the first company with a purchase, par or sale (then no exchange or pass is
    listed): what :func:`_has_action` needs."""
    s = g.s
    buys = s["stock"]["buys"]
    bought = buys[-1][1] if buys else None
    out, left = est.share_options(
        g, seat, par_prices=PAR_PRICES, no_par="B&O", ipo_price="par",    # 8.0, 9.0
        one_purchase=bought is not None, more_of=bought,                   # 10.0
        more_from=("pool", "ipo") if g.options.get("multiple_brown_from_ipo") else ("pool",),
        may_sell=s["sr"] > 1, first=first)                                 # 12.0a
    if first:
        return out
    mh = s["companies"]["MH"]
    if mh["owner"] == f"p{seat}" and not mh["closed"]:
        nyc = s["holders"]["NYC"]
        held = nyc.get(str(seat))
        if not held or 10 * len(held) + (10 if "NYC_0" in held else 0) <= 50:
            for source in ("ipo", "pool"):
                if any(not x.endswith("_0") for x in nyc[source]):
                    out.append(("exchange", source))
    if left >= 0 or not any(
            o[0] == "sell_shares" and g.counts(o[1]) for o in out):       # 10.0: sell first
        out.append(("pass",))
    return out
