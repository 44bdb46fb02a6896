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


def _buy_state_problem(g: "G1870State", corp: str, source: str) -> str | None:
    """6.3.1/3.2.3: one purchase per turn; in the brown zone any number from the pool of
    one corporation; no buying after sell-buy or after a treasury action."""
    r = g.s["stock"]
    if r["treasury_done"]:
        return "A redemption or reissue is the whole turn (7.3.1, 7.4.1)."
    if not r["buys"]:
        return None
    if r["sold_after_buy"] and not g.options.get("buy_after_buy_and_sell"):
        return "You already bought and then sold this turn (6.1.4)."
    if (source == "pool" and all(b == ["pool", corp] for b in r["buys"])
            and g.st.market.multiple_buy(g.s["corps"][corp]["pos"])):
        return None
    return "Only one share per turn; several only from the pool of a brown-zone corporation (6.3.1, 3.2.3)."


def buy_problem(g: "G1870State", seat: int, corp: str, source: str,
                certs: int | None = None) -> str | None:
    """Why ``seat`` may not buy a ``corp`` share from ``source`` (None: he may);
    ``certs``: his certificate count (:meth:`cert_count`), if known."""
    s = g.s
    if corp not in s["corps"]:
        return f"There is no corporation '{corp}'."
    c = s["corps"][corp]
    if not started(g, corp):
        return f"{corp} has not been started; buy its president's certificate first (7.1.1)."
    if corp in s["stock"]["sold_round"].get(str(seat), ()):
        return f"You sold {corp} in this stock round and may not buy it again (6.3.3)."
    if source == "ipo":
        if not s["holders"][corp]["ipo"]:
            return f"{corp}'s initial offering is empty."
        price = c["ipo_price"]
    elif source == "pool":
        if not s["holders"][corp]["pool"]:
            return f"The bank pool holds no {corp} share."
        price = g.price(corp)
    else:
        return "The source must be 'ipo' or 'pool'."
    problem = _buy_state_problem(g, corp, source)
    if problem:
        return problem
    if s["cash"][seat] < price:
        return f"A {corp} share costs ${price}."
    if (source == "ipo" and not c["floated"] and not g.may_float(corp)
            and 100 - sh.percent(s["holders"][corp], "ipo") + 10 > 50):
        return (f"Only five {corp} shares may be sold before the corporations started "
                f"before it historically have six sold (historical start).")
    if g.counts(corp) and (g.cert_count(seat) if certs is None else certs) >= g.cert_limit():
        return f"You are at the certificate limit of {g.cert_limit()} (3.1.3)."
    if est.over_holding_limit(g.st.market, c["pos"],
                              sh.percent(s["holders"][corp], str(seat)) + 10):
        return "Nobody may hold more than 60 % outside the green and brown zones (3.1.4)."
    return None


def par_problem(g: "G1870State", seat: int, corp: str, price: int,
                certs: int | None = None) -> str | None:
    """Why ``seat`` may not start ``corp`` at ``price`` (None: he may); ``certs`` as for
    :func:`buy_problem`."""
    s = g.s
    if corp not in s["corps"]:
        return f"There is no corporation '{corp}'."
    if s["corps"][corp]["president"] is not None or s["corps"][corp]["closed"]:
        return f"{corp} has already been started (or has closed)."
    if corp == "SLSF":
        return "SLSF is started by the buyer of the SLSF private (4.6)."
    if price not in g.st.par_prices:
        return f"Par must be one of {', '.join(map(str, g.st.par_prices))} (7.1.1)."
    r = s["stock"]
    if r["buys"] or r["treasury_done"] or r["sold_after_buy"]:
        return "Only one purchase per turn (6.3.1)."
    if s["cash"][seat] < 2 * price:
        return f"The president's certificate costs ${2 * price} (7.1.1)."
    if (g.cert_count(seat) if certs is None else certs) >= g.cert_limit():
        return f"You are at the certificate limit of {g.cert_limit()} (3.1.3)."
    return None


def sell_range(g: "G1870State", seat: int, corp: str) -> tuple[int, int] | None:
    """Shares ``seat`` may sell of ``corp`` in one block now: (min, max) or None."""
    s = g.s
    r = s["stock"]
    if s["sr"] <= 1 or not started(g, corp) or r["treasury_done"]:
        return None                                   # 6.1.1
    if corp in r["sold_turn"] or (r["buys"] and r["sold_before_buy"]) \
            or r.get("bought_after_sale"):
        return None                                   # 6.1.3, 6.1.4: never sell-buy-sell
    h = s["holders"][corp]
    mine = sh.percent(h, str(seat))
    if not mine:
        return None
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
    :func:`par_problem` and :func:`buy_problem` made as booleans, with what every check of
    one listing shares (the seat's certificate count, the limit, the turn's flags) found
    once (``tests/g1870/test_playout_parts.py`` compares it with a listing that asks each
    check)."""
    pending = _pending_legal(g)
    if pending is not None:
        return pending
    s = g.s
    r = s["stock"]
    seat = r["turn"]
    corps = s["corps"]
    sells = []
    if not (s["sr"] <= 1 or r["treasury_done"] or (r["buys"] and r["sold_before_buy"])
            or r.get("bought_after_sale")):
        sold_turn = r["sold_turn"]
        key = str(seat)
        n = len(g.players)
        market = g.st.market
        for corp, c in corps.items():               # sell_range for each, flags known
            if corp in sold_turn or c["president"] is None or c["closed"]:
                continue
            h = s["holders"][corp]
            if not h.get(key):
                continue
            mine = sh.percent(h, key)
            hi = est.sale_limit(h, seat, c["president"], n)     # 3.1.5, 6.1.6
            lo = 1
            if est.over_holding_limit(market, c["pos"], mine):
                lo = max(1, (mine - 60 + 9) // 10)    # ruling 3.1.4
            if lo <= hi:
                sells.append(Choice("sell_shares", seat, {"corporation": corp},
                                    {"count": (lo, hi)}))
    certs = g.cert_count(seat)
    limit = g.cert_limit()
    if certs > limit and sells:
        return sells                                  # 6.4.1: comply first
    out = [Choice("pass", seat, label="end turn" if r["acted"] else "pass")] + sells
    cash = s["cash"][seat]
    one_purchase = bool(r["buys"] or r["treasury_done"] or r["sold_after_buy"])
    par_ok = not one_purchase and certs < limit
    par_prices = g.st.par_prices
    sold = s["stock"]["sold_round"].get(str(seat), ())
    holders = s["holders"]
    market = g.st.market
    key = str(seat)
    for corp, c in corps.items():
        if c["president"] is None:
            if par_ok and not c["closed"] and corp != "SLSF":
                for p in par_prices:
                    if cash >= 2 * p:
                        out.append(Choice("par", seat, {"corporation": corp, "price": p}))
            continue
        if c["closed"] or corp in sold:
            continue
        h = holders[corp]
        for src in ("ipo", "pool"):
            if not h[src]:
                continue
            price = c["ipo_price"] if src == "ipo" else market.price(c["pos"])
            if r["treasury_done"] or (r["buys"] and _buy_state_problem(g, corp, src)):
                continue
            if cash < price:
                continue
            if (src == "ipo" and not c["floated"] and not g.may_float(corp)
                    and 100 - sh.percent(h, "ipo") + 10 > 50):
                continue
            if certs >= limit and g.counts(corp):
                continue
            if est.over_holding_limit(market, c["pos"], sh.percent(h, key) + 10):
                continue
            out.append(Choice("buy_share", seat, {"corporation": corp, "source": src}))
    out.extend(treasury.legal(g, seat))
    out.extend(player_privates.choices(g, seat, certs))
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
    h = s["holders"][corp]
    president = c["president"]
    price = g.price(corp)
    changed = False
    if president == seat:
        after = sh.percent(h, str(seat)) - 10 * count
        n = len(g.players)
        best = max(sh.percent(h, str(p)) for p in range(n) if p != seat)
        if after < best:                              # 6.1.6
            new = next((seat + i) % n for i in range(1, n)
                       if sh.percent(h, str((seat + i) % n)) == best)
            sh.transfer_presidency(h, corp, seat, new)
            c["president"] = new
            changed = True
    tens = [x for x in h[str(seat)] if sh.pct(x) == 10][-count:]
    for cert in tens:
        sh.move(h, cert, str(seat), "pool")
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
                       "president": president, "president_changed": changed})
    return {"type": "sell_shares", "player": seat, "corporation": corp, "count": count,
            "price": price}
