"""Presidencies and a company's own shares, as the planner judges them (issue 22 point 1):
taking over another player's company, defending its own, 1870's price protection (6.2),
redemption and reissue (7.3, 7.4) and the connection run's choices (9.6).

Every function reads a position (an 1830 or 1870 state copy, or a copy of it) and never
changes the position it is given; the bot passed in supplies the seat, its level's share
horizon (``bot.cfg["horizon"]``, operating rounds) and its revenue estimates
(``bot.expected_revenue``).  Values are dollars the seat gains over the horizon, or share
*points* as the strategic bot scores shares (100 x the dividends over the horizon per
dollar paid), so that they compare with its share scores.
"""
from __future__ import annotations

from typing import Any

from ...eighteen import shares as sh
from ..strategic import lasting_trains, pct, presided, price, train_limit
from . import economy as eco

#: the most a player may hold of one company (1830 11.0.3, 1870 3.1.3: 60 %)
HOLD_LIMIT = 60
#: dollars the seat gains by keeping a presidency a rival could otherwise take, or by
#: removing a share a rival would need for it (protection, redemption)
CONTROL_VALUE = 100.0
#: yield over the horizon idle money is counted to forgo when it buys a share (the
#: planner's ``IDLE_YIELD``): a protection or redemption must beat it
MONEY_YIELD = 0.05
#: share points of a share bought toward a takeover (above the basic bot's 60 for a
#: presidency one share away, below its 90 for keeping its own)
TAKEOVER_POINTS = 70.0
#: the least yield over the horizon of a company worth taking over
TAKEOVER_YIELD = 0.10
#: presidencies the seat carries at most (with up to four players)
MAX_PRESIDENCIES = 3


# ---- shares on offer and the race for a presidency ------------------------------------
def _tens(g, corp: str, holder: str) -> int:
    """10 % certificates of ``corp`` held by ``holder`` ("ipo", "pool", a seat)."""
    h = g.s["holders"][corp]
    return sum(1 for c in h.get(holder, ()) if sh.pct(c) == 10)


def on_offer(g, corp: str) -> int:
    """Shares of ``corp`` a player may buy: the initial offering's and the pool's 10 %
    certificates."""
    return _tens(g, corp, "ipo") + _tens(g, corp, "pool")


def race(mine: int, theirs: int, avail: int, my_shares: int, their_shares: int) -> int:
    """Shares the seat buys to end up with more than a rival (``mine`` and ``theirs`` in
    percent, ``avail`` shares on offer, each side able to pay ``*_shares`` of them), the
    seat buying first and turns alternating; the rival buys whenever one share puts it
    level or ahead (what the ``basic`` bot does, keeping or taking a presidency), the
    seat whenever the rival's remaining means could still overtake it.  0: the seat does
    not end ahead (or is ahead without buying)."""
    m, p, a, sc, pc = mine, theirs, avail, my_shares, their_shares
    bought = 0
    for _ in range(2 * avail + 2):
        moved = False
        reach = p + 10 * min(a, pc, max(0, (HOLD_LIMIT - p) // 10))
        if m <= reach and a > 0 and sc > 0 and m + 10 <= HOLD_LIMIT:
            m, a, sc, bought, moved = m + 10, a - 1, sc - 1, bought + 1, True
        if p + 10 >= m and a > 0 and pc > 0 and p + 10 <= HOLD_LIMIT:
            p, a, pc, moved = p + 10, a - 1, pc - 1, True
        if not moved:
            break
    return bought if m > p else 0


def worth_having(bot, g, corp: str) -> bool:
    """A company worth presiding: floated and open, a lasting train, not heading for a
    crash (:func:`.economy.at_risk`), and its run yields at least ``TAKEOVER_YIELD`` over
    the horizon on its share price."""
    v = g.s["corps"][corp]
    if not v["floated"] or not eco.is_open(g, corp) or v["pos"] is None:
        return False
    if not lasting_trains(g, corp) or eco.at_risk(g, corp):
        return False
    p = price(g, corp)
    return bool(p) and bot.expected_revenue(g, corp) * bot.cfg["horizon"] / 10 / p \
        >= TAKEOVER_YIELD


def takeover_plan(bot, g, corp: str, cash: int, reserve: int) -> int:
    """Shares the seat must buy to take ``corp``'s presidency from another player
    (:func:`race` against the president's money), when the company is worth having
    (:func:`worth_having`) and the seat can pay them (beyond ``reserve``), has the
    certificate room and presides fewer than ``MAX_PRESIDENCIES``; 0 otherwise."""
    v = g.s["corps"][corp]
    pres = v["president"]
    seat = bot.seat
    if pres is None or pres == seat or len(presided(g, seat)) >= MAX_PRESIDENCIES:
        return 0
    p = price(g, corp)
    if not p:
        return 0
    avail = on_offer(g, corp)
    if avail == 0:
        return 0
    mine = pct(g, corp, seat)
    k = race(mine, pct(g, corp, pres), avail, max(0, cash - reserve) // p,
             g.s["cash"][pres] // p)
    if k == 0 or k > cert_room(g, seat):
        return 0
    if not worth_having(bot, g, corp):
        return 0
    return k


def threatened(g, corp: str, seat: int) -> bool:
    """Another player could take the seat's presidency of ``corp`` by buying the shares on
    offer he can pay (up to the holding limit)."""
    mine = pct(g, corp, seat)
    p = price(g, corp)
    avail = on_offer(g, corp)
    if not p or avail == 0:
        return False
    for s in range(len(g.players)):
        if s == seat:
            continue
        theirs = pct(g, corp, s)
        can = min(avail, g.s["cash"][s] // p, max(0, (HOLD_LIMIT - theirs) // 10))
        if theirs + 10 * can > mine:
            return True
    return False


def cert_room(g, seat: int) -> int:
    """Certificates the seat may still take under the limit."""
    try:
        return int(g.cert_limit()) - int(g.cert_count(seat))
    except Exception:                                       # noqa: BLE001 - no limit known
        return 99


# ---- 1870 price protection (6.2) ----------------------------------------------------
def pending_sale(g) -> dict | None:
    """The sale waiting for its president's protection decision: the stock round's queue
    (6.2.6) or the operating round's emergency sales (10.2.4)."""
    r = g.s.get("stock") or {}
    if r.get("protect") is not None and r.get("queue"):
        return r["queue"][r["protect"]]
    sales = (g.s.get("op") or {}).get("sales") or []
    return sales[0] if sales else None


def protection_value(bot, g, protect: dict, decline: dict) -> float | None:
    """What protecting the waiting sale gains the seat over declining it, in dollars over
    the share horizon (None: it must decline): the fall of the price on the shares it
    holds (both answers played on a copy), the dividends of the protected shares less
    what the money would earn idle (``MONEY_YIELD``), and ``CONTROL_VALUE`` when the
    shares left in the pool would let another player take the presidency.  It declines
    when the company heads for a crash (:func:`.economy.at_risk`: the presidency is a
    burden, let the price fall) or the money is needed for its companies' trains
    (``bot.reserve``)."""
    sale = pending_sale(g)
    if sale is None:
        return None
    corp = sale["corporation"]
    seat = bot.seat
    cost = sale["count"] * sale["price"]
    if g.s["cash"][seat] - cost < bot.reserve(g) or eco.at_risk(g, corp):
        return None
    from ...engine.errors import IllegalAction
    worlds = []
    for act in (protect, decline):
        w = g.clone()
        try:
            w.apply(act)
        except IllegalAction:
            return None
        worlds.append(w)
    wp, wd = worlds
    held = wp.worth(seat) - wd.worth(seat)          # the fall avoided on its holding
    rev = bot.expected_revenue(g, corp)
    horizon = bot.cfg["horizon"]
    gain = held + sale["count"] * rev / 10 * horizon - MONEY_YIELD * cost
    if threatened(wd, corp, seat) and not threatened(wp, corp, seat):
        gain += CONTROL_VALUE
    return gain


# ---- 1870 redemption and reissue (7.3, 7.4) ----------------------------------------
def train_need(bot, g, corp: str) -> int:
    """Money the company keeps for its next train: the train it will likely pay
    (:func:`.economy.need_price`) when it has no lasting train, else the train it has room
    for and would buy (:func:`.economy.save_for`); 0 when it is at its train limit."""
    v = g.s["corps"][corp]
    if not lasting_trains(g, corp):
        return eco.need_price(g) or 0
    if len(v["trains"]) >= train_limit(g):
        return 0
    saving = eco.save_for(bot, g, corp)
    return saving[0] if saving else 0


def redeem_points(bot, g, corp: str, source: str) -> float:
    """Share points (comparable with share scores) of having ``corp`` buy back one of its
    shares from ``source`` (7.3): 0 unless the treasury keeps its next train's money
    (:func:`train_need`) after paying the price and the company is worth presiding;
    else what the seat gains over the horizon per dollar of the price - the sold-out rise
    at the end of the stock round on the seat's shares when this share is the last one
    on offer (3.3.5; a redeemed share counts as held), ``CONTROL_VALUE`` when it removes
    the share another player needs for the presidency, and the dividends the share then
    pays into the treasury at the seat's part of the company - less what the treasury's
    money would otherwise do for the seat (its part of it x ``MONEY_YIELD``)."""
    v = g.s["corps"][corp]
    p = price(g, corp)
    if not p or v["cash"] - p < train_need(bot, g, corp):
        return 0.0
    if not lasting_trains(g, corp) or eco.at_risk(g, corp):
        return 0.0
    seat = bot.seat
    mine = pct(g, corp, seat)
    gain = 0.0
    market = g.st.market
    if source == "pool" and on_offer(g, corp) == 1 and hasattr(market, "sold_out_rise"):
        up = int(market.price(market.sold_out_rise(v["pos"])))
        gain += (up - p) * mine / 10
    w = g.clone()
    _move_share(w, corp, source)
    if threatened(g, corp, seat) and not threatened(w, corp, seat):
        gain += CONTROL_VALUE
    rev = bot.expected_revenue(g, corp)
    gain += rev / 10 * bot.cfg["horizon"] * mine / 100 - MONEY_YIELD * p * mine / 100
    return max(0.0, 100.0 * gain / p)


def _move_share(w, corp: str, source: str) -> None:
    """On a copy: one 10 % share of ``corp`` from ``source`` to its treasury (what a
    redemption does to the holdings; money not moved)."""
    h = w.s["holders"][corp]
    cert = next((c for c in reversed(h.get(source, ())) if sh.pct(c) == 10), None)
    if cert is not None:
        h[source].remove(cert)
        h.setdefault("treasury", []).append(cert)


def reissue_points(bot, g, corp: str) -> float:
    """Share points of reissuing ``corp``'s redeemed shares (7.4): only when the company
    lacks the money for the train it needs (:func:`train_need`) - the shares then sell
    for its treasury; 50 (about a good share's points) scaled by how much of the gap the
    shares at the new price fill."""
    v = g.s["corps"][corp]
    gap = train_need(bot, g, corp) - v["cash"]
    if gap <= 0:
        return 0.0
    n = len(g.s["holders"][corp].get("treasury", ()))
    p = price(g, corp)
    return 50.0 * min(1.0, n * p * 0.75 / gap) if p else 0.0


# ---- 1870 connection run (9.6) --------------------------------------------------------
def connection_choice(bot, g, choices: list[Any]) -> dict | None:
    """The connection run: the destination marker on the map when the rules allow it (the
    destination then counts double for the company's runs to it for the rest of the game,
    9.6.6; the charter gives only a $100 station marker), paid out in full unless the
    company withholds the run for its train as it would a normal run
    (:func:`.economy.withhold_for`); the run's revenue read from the withhold answer
    played on a copy."""
    from ...engine.errors import IllegalAction
    runs = [c for c in choices if c.type == "connection_run"]
    if not runs:
        return None
    markers = {c.fixed.get("marker") for c in runs}
    marker = "map" if "map" in markers else sorted(markers)[0]
    mine = {c.fixed.get("kind"): c for c in runs if c.fixed.get("marker") == marker}
    corp = runs[0].fixed.get("corporation")
    if "withhold" in mine and "full" in mine and corp in g.s["corps"]:
        w = g.clone()
        try:
            w.apply(mine["withhold"].base())
            rev = w.s["corps"][corp]["cash"] - g.s["corps"][corp]["cash"]
        except IllegalAction:
            rev = 0
        if eco.withhold_for(bot, g, corp, rev) > 0:
            return mine["withhold"].base()
    return (mine.get("full") or next(iter(mine.values()))).base()


def destination_value(bot, g, corp: str, own: int) -> float:
    """What reaching ``corp``'s destination is worth (1870 9.6), 0 when it has none or has
    made its connection run: one more run of all its trains (``own``, at least the
    destination's printed revenue), and the destination's doubled revenue for a few
    runs (9.6.6, ``DEST_RUNS``)."""
    d = getattr(g.st.corps.get(corp), "destination", None) if hasattr(g.st, "corps") else None
    if not d or g.s["corps"][corp].get("connected"):
        return 0.0
    from .track import _targets
    stop = _targets(g).get(d, 0)
    return float(max(own, stop) + DEST_RUNS * stop)


#: runs of the doubled destination counted in :func:`destination_value`
DEST_RUNS = 3
