"""Stock rounds (6, 7.1, 7.2): start, buy, sell, presidency, limits, end-of-round rise.

A turn: sell any blocks and buy one share (either order, never sell-buy-sell), or instead
redeem/reissue for a corporation (:mod:`.treasury`); ``pass`` ends the turn (a pass without
any action counts towards the end of the round).  Sales wait for price protection until the
seller's turn ends (:mod:`.protection`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from ...eighteen import offers
from ...eighteen import shares as sh
from ...eighteen import stock as est
from . import player_privates, protection, treasury
from .emergency import _to_pool as to_pool

if TYPE_CHECKING:
    from .state import G1870State


# ---- round control ---------------------------------------------------------------------
def start(g: "G1870State") -> None:
    s = g.s
    s["round"] = "stock"
    s["op"] = None
    s["sr"] += 1
    s["stock"] = est.new_round(
        s["priority"], redeemed=[], queue=[], protect=None,
        start_cash={c: v["cash"] for c, v in s["corps"].items()}, **_fresh_turn())


def _fresh_turn() -> dict:
    return {"acted": False, "buys": [], "sold_turn": [], "sold_before_buy": False,
            "sold_after_buy": False, "bought_after_sale": False, "treasury_done": False}


def actor(g: "G1870State") -> int:
    r = g.s["stock"]
    if r["protect"] is not None:
        return r["queue"][r["protect"]]["president"]
    if r.get("offer"):
        return player_privates.actor(g)
    if r.get("redeem_offer"):
        return treasury.offer_actor(g)
    return r["turn"]


def end_turn(g: "G1870State") -> None:
    """Called when the seat to act passes: protection decisions, then the next seat."""
    r = g.s["stock"]
    seat = r["turn"]
    if r["acted"]:
        r["passes"] = 0
        r["last_actor"] = seat
    else:
        r["passes"] += 1
    r["next_after"] = seat
    protection.process(g)


def advance(g: "G1870State") -> None:
    """After all protection decisions: the seat left of the seller (or of the last
    protector, 6.2.4) acts; all passed in succession ends the round (6.5.1)."""
    s = g.s
    r = s["stock"]
    n = len(g.players)
    if r["passes"] >= n:
        finish(g)
        return
    r["turn"] = (r.pop("next_after") + 1) % n
    r.update(_fresh_turn())
    offers.new_turn(r)


def finish(g: "G1870State") -> None:
    """6.5: priority left of the last actor; sold-out corporations rise (3.3.5) in
    operating order; then the set of operating rounds."""
    from . import operating
    est.end_round(g, operating.operating_order(g), g.st.market.sold_out_rise)
    operating.next_round(g)


# ---- queries ---------------------------------------------------------------------------
def set_par(g: "G1870State", corp: str, price: int) -> None:
    g.s["corps"][corp]["ipo_price"] = price
    est.set_par(g, corp, price)


def started(g: "G1870State", corp: str) -> bool:
    c = g.s["corps"][corp]
    return c["president"] is not None and not c["closed"]


def over_limit(g: "G1870State", seat: int) -> bool:
    return g.cert_count(seat) > g.cert_limit()


#: the refusals of a purchase or par (:func:`railyard.eighteen.stock.buy_error`, ``par_error``)
WORDS = {
    "corp": "There is no corporation '{corp}'.",
    "unstarted": "{corp} has not been started; buy its president's certificate first (7.1.1).",
    "source": "The source must be 'ipo' or 'pool'.",
    "ipo_empty": "{corp}'s initial offering is empty.",
    "pool_empty": "The bank pool holds no {corp} share.",
    "sold": "You sold {corp} in this stock round and may not buy it again (6.3.3).",
    "one_buy": "Only one share per turn; several only from the pool of a brown-zone "
               "corporation (6.3.1, 3.2.3).",
    "cash": "A {corp} share costs ${price}.",
    "cert_limit": "You are at the certificate limit of {limit} (3.1.3).",
    "holding": "Nobody may hold more than 60 % outside the green and brown zones (3.1.4).",
    "no_par": "SLSF is started by the buyer of the SLSF private (4.6).",
    "parred": "{corp} has already been started (or has closed).",
    "par_price": "Par must be one of {prices} (7.1.1).",
    "one_par": "Only one purchase per turn (6.3.1).",
    "par_cash": "The president's certificate costs ${price} (7.1.1)."}


def _more_of(g: "G1870State") -> str | None:
    """3.2.3: the corporation of which more shares may be bought from the pool this turn
    (brown zone): the one of the turn's purchases, all from the pool, unless a treasury
    action or a sale after a purchase (6.1.4) ended the buying."""
    r = g.s["stock"]
    buys = r["buys"]
    more = buys[0][1] if buys else None
    if r["treasury_done"] or (r["sold_after_buy"] and not g.options.get(
            "buy_after_buy_and_sell")) or any(b != ["pool", more] for b in buys):
        return None
    return more


def _turn_problem(g: "G1870State") -> str | None:
    """6.1.4, 7.3.1, 7.4.1: no purchase after a treasury action, nor after buy-sell."""
    r = g.s["stock"]
    if r["treasury_done"]:
        return "A redemption or reissue is the whole turn (7.3.1, 7.4.1)."
    if r["buys"] and r["sold_after_buy"] and not g.options.get("buy_after_buy_and_sell"):
        return "You already bought and then sold this turn (6.1.4)."
    return None


def buy_problem(g: "G1870State", seat: int, corp: str, source: str,
                certs: int | None = None) -> str | None:
    """Why ``seat`` may not buy a ``corp`` share from ``source`` (None: he may);
    ``certs``: his certificate count (:meth:`cert_count`), if known; the historical
    start's float limit as the title's own check."""
    def historical(corp: str, source: str) -> str | None:
        c = g.s["corps"][corp]
        if (source == "ipo" and not c["floated"] and not g.may_float(corp)
                and 100 - sh.percent(g.s["holders"][corp], "ipo") + 10 > 50):
            return (f"Only five {corp} shares may be sold before the corporations started "
                    f"before it historically have six sold (historical start).")
        return None
    return est.buy_error(g, seat, corp, source, WORDS, ipo_price="ipo_price",
                         more_of=_more_of(g), more_from=("pool",),
                         started=lambda c: started(g, c),
                         turn_error=_turn_problem(g), extra=historical,
                         counts=g.counts, certs=certs)


def par_problem(g: "G1870State", seat: int, corp: str, price: int,
                certs: int | None = None) -> str | None:
    """Why ``seat`` may not start ``corp`` at ``price`` (None: he may); ``certs`` as for
    :func:`buy_problem`."""
    r = g.s["stock"]
    corps = g.s["corps"]
    return est.par_error(
        g, seat, corp, price, WORDS, no_par="SLSF", par_prices=g.st.par_prices,
        one_purchase=bool(r["buys"] or r["treasury_done"] or r["sold_after_buy"]),
        started=lambda c: corps[c]["president"] is not None or corps[c]["closed"],
        certs=certs)


def sell_range(g: "G1870State", seat: int, corp: str) -> tuple[int, int] | None:
    """Shares ``seat`` may sell of ``corp`` in one block now: (min, max) or None."""
    s = g.s
    r = s["stock"]
    if r["treasury_done"] or corp in r["sold_turn"] or (r["buys"] and r["sold_before_buy"]) \
            or r.get("bought_after_sale") or est.sale_problem(   # 6.1.3, 6.1.4, 6.1.1
                g, seat, corp, 1, started=lambda c: started(g, c)):
        return None                                   # never sell-buy-sell
    h = s["holders"][corp]
    mine = sh.percent(h, str(seat))
    hi = est.sale_limit(h, seat, s["corps"][corp]["president"], len(g.players))
    lo = 1
    pos = s["corps"][corp]["pos"]
    if est.over_holding_limit(g.st.market, pos, mine):
        lo = max(1, (mine - 60 + 9) // 10)            # ruling 3.1.4
    return (lo, hi) if lo <= hi else None


# ---- choices ---------------------------------------------------------------------------
def _pending_legal(g: "G1870State") -> list[Choice] | None:
    """The choices of a step waiting inside the stock turn (price protection, an offer of a
    private between players, a redemption offer), or None when there is none."""
    r = g.s["stock"]
    if r["protect"] is not None:
        return protection.legal(g)
    if r.get("offer"):
        return player_privates.legal(g)
    if r.get("redeem_offer"):
        return treasury.offer_legal(g)
    return None


def legal(g: "G1870State") -> list[Choice]:
    """The choices of the stock round: the checks of :func:`sell_range`,
    :func:`par_problem` and :func:`buy_problem` made as booleans
    (:func:`~railyard.eighteen.stock.share_options`), the sales first
    (``tests/g1870/test_playout_parts.py`` compares it with a listing that asks each
    check)."""
    pending = _pending_legal(g)
    if pending is not None:
        return pending
    s = g.s
    r = s["stock"]
    seat = r["turn"]
    buys = r["buys"]
    opts, left = est.share_options(
        g, seat, par_prices=g.st.par_prices, no_par="SLSF", ipo_price="ipo_price",
        one_purchase=bool(buys or r["treasury_done"] or r["sold_after_buy"]),  # 6.3.1
        more_of=_more_of(g), more_from=("pool",), may_sell=not (     # 3.2.3; 6.1
            s["sr"] <= 1 or r["treasury_done"] or (buys and r["sold_before_buy"])
            or r.get("bought_after_sale")),
        sold_turn=r["sold_turn"], sell_down=True,
        counts=g.counts if g.queued_sales() else None,                          # 6.2.6
        may_float=g.may_float if g.options.get("historical_start") else None)
    sells = [Choice("sell_shares", seat, {"corporation": o[1]}, {"count": (o[3], o[2])})
             for o in opts if o[0] == "sell_shares"]
    if left < 0 and sells:
        return sells                                  # 6.4.1: comply first
    out = [Choice("pass", seat, label="end turn" if r["acted"] else "pass")] + sells
    for o in opts:
        if o[0] != "sell_shares":
            out.append(Choice(o[0], seat, {"corporation": o[1],
                                           "price" if o[0] == "par" else "source": o[2]}))
    out.extend(treasury.legal(g, seat))
    out.extend(player_privates.choices(g, seat, left))
    return out


# ---- actions ---------------------------------------------------------------------------
def apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    r = g.s["stock"]
    t = action["type"]
    seat = action["player"]
    if r["protect"] is not None:
        return protection.apply(g, action)
    if r.get("offer"):
        return player_privates.respond(g, action)
    if r.get("redeem_offer"):
        return treasury.respond(g, action)
    if t in ("par", "buy_share", "pass", "buy_private") and over_limit(g, seat) and any(
            sell_range(g, seat, c) for c in g.s["corps"]):
        g.fail(f"You hold more than {g.cert_limit()} certificates and must sell first (6.4.1).")
    if t == "pass":
        end_turn(g)
        return {"type": "pass", "player": seat}
    if t == "par":
        return _par(g, action)
    if t == "buy_share":
        return _buy(g, action)
    if t == "sell_shares":
        return _sell(g, action)
    if t in ("redeem", "reissue"):
        return treasury.apply(g, action)
    if t == "buy_private":
        return player_privates.offer(g, action)
    g.wrong_phase(f"'{t}' is not possible in a stock round.")
    return {}


def _refuse(g: "G1870State", problem: str | None) -> None:
    """Refuse the action for ``problem``, if any (its code by its words)."""
    if problem:
        g.fail(problem, UNAFFORDABLE if "costs" in problem else
               UNKNOWN_ID if problem.startswith("There is no") else "not_allowed")


def _par(g: "G1870State", action: Any) -> dict:
    seat = action["player"]
    corp = get_str(action, "corporation")
    price = get_int(action, "price")
    _refuse(g, par_problem(g, seat, corp, price))
    return do_par(g, seat, corp, price)


def do_par(g: "G1870State", seat: int, corp: str, price: int) -> dict:
    """:func:`_par` after its check (:func:`par_problem` found nothing)."""
    g.s["corps"][corp]["ipo_price"] = price
    est.start_corporation(g, seat, corp, price)
    g.check_float(corp)
    g.s["stock"]["acted"] = True
    return {"type": "par", "player": seat, "corporation": corp, "price": price}


def _buy(g: "G1870State", action: Any) -> dict:
    seat = action["player"]
    corp = get_str(action, "corporation")
    source = get_str(action, "source")
    _refuse(g, buy_problem(g, seat, corp, source))
    return do_buy(g, seat, corp, source)


def do_buy(g: "G1870State", seat: int, corp: str, source: str) -> dict:
    """:func:`_buy` after its check (:func:`buy_problem` found nothing)."""
    s = g.s
    c = s["corps"][corp]
    h = s["holders"][corp]
    if source == "ipo":
        price = c["ipo_price"]
        cert = h["ipo"][0]
        if c["reissued"]:
            c["cash"] += price                        # 6.3.5
        else:
            s["bank"] += price
    else:
        price = g.price(corp)
        cert = h["pool"][0]
        s["bank"] += price
    sh.move(h, cert, source, str(seat))
    s["cash"][seat] -= price
    g.update_president(corp)
    g.check_float(corp)
    r = s["stock"]
    r["buys"].append([source, corp])
    if r["sold_turn"]:
        r["bought_after_sale"] = True                 # 6.1.4 (buy-sell-buy, profile)
    r["acted"] = True
    return {"type": "buy_share", "player": seat, "corporation": corp, "source": source,
            "price": price}


def _sell(g: "G1870State", action: Any) -> dict:
    s = g.s
    seat = action["player"]
    corp = get_str(action, "corporation")
    if corp not in s["corps"]:
        g.fail(f"There is no corporation '{corp}'.", UNKNOWN_ID)
    rng = sell_range(g, seat, corp)
    if rng is None:
        g.fail(f"You cannot sell {corp} now (6.1).")
    count = get_int(action, "count")
    if not rng[0] <= count <= rng[1]:
        g.fail(f"You may sell {rng[0]} to {rng[1]} {corp} shares now (6.1, 3.1.4, 3.1.5).")
    return do_sell(g, seat, corp, count)


def do_sell(g: "G1870State", seat: int, corp: str, count: int) -> dict:
    """:func:`_sell` after its check (``count`` is within :func:`sell_range`)."""
    s = g.s
    c = s["corps"][corp]
    president = c["president"]
    price = g.price(corp)
    to_pool(g, corp, seat, count, last=True)          # 6.1.6: the presidency may pass
    s["cash"][seat] += price * count
    g.pay_from_bank(price * count)
    r = s["stock"]
    est.record_sale(r, seat, corp)
    r["sold_turn"].append(corp)
    if r["buys"]:
        r["sold_after_buy"] = True
    else:
        r["sold_before_buy"] = True
    r["acted"] = True
    r["queue"].append({"corporation": corp, "count": count, "seller": seat, "price": price,
                       "president": president,
                       "president_changed": president != c["president"]})
    return {"type": "sell_shares", "player": seat, "corporation": corp, "count": count,
            "price": price}
