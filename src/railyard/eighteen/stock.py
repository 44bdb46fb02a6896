"""Stock-round rules both 18xx titles share (issue 27): the round's bookkeeping in one
shape, the checks of a purchase, par and sale in the title's words, the limits of a sale,
the holding limit, the listing of a turn and the end of the round.

The bookkeeping (``s["stock"]``, :class:`~.types.StockCore`): the seat whose ``turn`` it
is, ``passes`` in succession, the ``last_actor`` (who bought or sold last: the priority
deal goes to the player after him), whether the seat to act has ``acted``, his ``buys``
this turn (``[source, corporation]``; a par is ``["ipo", corporation]``) and the
corporations each seat sold this round (``sold_round``, seat as a string: no buying them
back in the round).  A title adds its own keys (1830's private offer, 1870's price
protection and treasury flags).
"""
from __future__ import annotations

from typing import Any, Callable

from . import shares as sh

#: holders of shares that are not players
_BANK = frozenset({"ipo", "pool", "treasury"})


def set_par(g: Any, corp: str, price: int) -> None:
    """``corp`` starts at ``price``: its par, and its marker on that par cell."""
    g.s["corps"][corp]["par"] = price
    g.set_pos(corp, g.st.market.par_cell(price))


def start_corporation(g: Any, seat: int, corp: str, price: int) -> None:
    """``seat`` starts ``corp`` at par ``price``: he buys its president's certificate from
    the initial offering for 2 x par (1830 8.1, 1870 7.1.1), becomes its president and its
    marker goes on the par cell; the purchase of his turn."""
    s = g.s
    sh.move(s["holders"][corp], f"{corp}_0", "ipo", str(seat))
    s["cash"][seat] -= 2 * price
    s["bank"] += 2 * price
    set_par(g, corp, price)
    s["corps"][corp]["president"] = seat
    s["stock"]["buys"].append(["ipo", corp])


def new_round(priority: int, **extra: Any) -> dict:
    """The bookkeeping of a stock round that starts with the priority deal's holder."""
    return {"turn": priority, "passes": 0, "last_actor": None, "acted": False, "buys": [],
            "sold_round": {}, **extra}


def record_sale(r: Any, seat: int, corp: str) -> None:
    """``seat`` sold ``corp``: he may not buy it again this round (1830 4.0, 1870 6.3.3)."""
    r["sold_round"].setdefault(str(seat), []).append(corp)


def best_other(h: dict, seat: int, n_players: int) -> int:
    """The largest percentage of the corporation held by a player other than ``seat``."""
    return max((sh.percent(h, str(p)) for p in range(n_players) if p != seat), default=0)


def sale_limit(h: dict, seat: int, president: int | None, n_players: int) -> int:
    """The most 10 % shares ``seat`` may sell of a corporation (holders ``h``) to the pool
    at once (0 or less: none): the shares he holds, the pool's 50 % (1830 12.0b, 1870
    3.1.5), and the president's certificate, which never goes to the pool: its holder
    keeps 20 % unless another player holds 20 % to take it over (1830 12.0c/13.0, 1870
    6.1.6)."""
    have = sh.percent(h, str(seat))
    if not have:
        return 0
    hi = min(have // 10, (50 - sh.percent(h, "pool")) // 10)
    if president == seat and best_other(h, seat, n_players) < 20:
        hi = min(hi, (have - 20) // 10)
    return hi


def sale_problem(g: Any, seat: int, corp: str, count: int, first_round: bool = True,
                 started: Callable[[str], bool] | None = None) -> str | None:
    """Why ``seat`` may not sell ``count`` 10 % shares of ``corp``, a key of the title's
    words (None: he may): ``sale_unstarted`` (``started``, else a price); ``first_round``
    (1830 12.0a, 1870 6.1.1; not for an emergency sale); ``held``; ``pool`` and
    ``president`` of :func:`sale_limit`."""
    s = g.s
    c = s["corps"][corp]
    if not (started(corp) if started is not None else c["pos"] is not None):
        return "sale_unstarted"
    if first_round and s["sr"] <= 1:
        return "first_round"
    h = s["holders"][corp]
    have = sh.percent(h, str(seat))
    if count < 1 or count * 10 > have:
        return "held"
    if sh.percent(h, "pool") + count * 10 > 50:
        return "pool"
    if c["president"] == seat and have - count * 10 < 20 and \
            best_other(h, seat, len(g.players)) < 20:
        return "president"
    return None


def over_holding_limit(market: Any, pos: Any, percent: int) -> bool:
    """Holding ``percent`` of a corporation at market cell ``pos`` breaks the 60 % limit
    (lifted in the zones the market says: 1830 10.0 orange and brown, 1870 3.1.4 green
    and brown)."""
    return percent > 60 and not market.may_exceed_holding_limit(pos)


def buy_error(g: Any, seat: int, corp: str, source: str, words: dict[str, str], *,
              ipo_price: str, more_of: str | None, more_from: Any,
              started: Callable[[str], bool] | None = None,
              turn_error: str | None = None,
              extra: Callable[[str, str], str | None] | None = None,
              counts: Callable[[str], bool] | None = None,
              certs: int | None = None) -> str | None:
    """Why ``seat`` may not buy a 10 % share of ``corp`` from ``source`` (None: he may) in
    the title's ``words`` (the keys in order): ``corp`` exists; ``unstarted`` (``started``,
    else a price); ``source``; ``ipo_empty``/``pool_empty``: no 10 % share there; ``sold``
    this round; the title's ``turn_error`` (1870: treasury, buy-sell); ``one_buy`` a turn,
    several of ``more_of`` from ``more_from`` in the brown zone; ``cash`` (the IPO price
    at ``ipo_price``); the title's ``extra``; ``cert_limit`` where the share ``counts``
    (else the zone; ``certs``: his count if known); ``holding``, 60 %."""
    s = g.s
    c = s["corps"].get(corp)
    if c is None:
        return words["corp"].format(corp=corp)
    if not (started(corp) if started is not None else c["pos"] is not None):
        return words["unstarted"].format(corp=corp)
    if source not in ("ipo", "pool"):
        return words["source"]
    h = s["holders"][corp]
    offered = h[source]
    if not offered or (len(offered) == 1 and offered[0].endswith("_0")):  # no 10 % share
        return words[source + "_empty"].format(corp=corp)
    if corp in s["stock"]["sold_round"].get(str(seat), ()):
        return words["sold"].format(corp=corp)
    if turn_error:
        return turn_error
    market = g.st.market
    if s["stock"]["buys"] and not (corp == more_of and source in more_from
                                   and market.multiple_buy(c["pos"])):
        return words["one_buy"]
    price = c[ipo_price] if source == "ipo" else market.price(c["pos"])
    if price > s["cash"][seat]:
        return words["cash"].format(corp=corp, price=price, cash=s["cash"][seat])
    problem = extra(corp, source) if extra is not None else None
    if problem:
        return problem
    limit = g.cert_limit()
    if (counts(corp) if counts is not None else market.counts_for_cert_limit(c["pos"])) \
            and (g.cert_count(seat) if certs is None else certs) >= limit:
        return words["cert_limit"].format(limit=limit)
    if over_holding_limit(market, c["pos"], sh.percent(h, str(seat)) + 10):
        return words["holding"].format(corp=corp)
    return None


def par_error(g: Any, seat: int, corp: str, price: int, words: dict[str, str], *,
              no_par: str, par_prices: Any, one_purchase: bool,
              started: Callable[[str], bool] | None = None,
              certs: int | None = None) -> str | None:
    """Why ``seat`` may not start ``corp`` at ``price`` (None: he may), in ``words`` as
    for :func:`buy_error`: ``corp``; ``no_par`` (its private starts it); ``parred``
    (``started``, else a price); ``par_price``; ``one_par`` (the title's
    ``one_purchase``); ``par_cash`` (2 x par); ``cert_limit``."""
    s = g.s
    c = s["corps"].get(corp)
    if c is None:
        return words["corp"].format(corp=corp)
    if corp == no_par:
        return words["no_par"]
    if started(corp) if started is not None else c["pos"] is not None:
        return words["parred"].format(corp=corp)
    if price not in par_prices:
        return words["par_price"].format(prices=", ".join(map(str, par_prices)))
    if one_purchase:
        return words["one_par"]
    if s["cash"][seat] < 2 * price:
        return words["par_cash"].format(price=2 * price)
    limit = g.cert_limit()
    if (g.cert_count(seat) if certs is None else certs) >= limit:
        return words["cert_limit"].format(limit=limit)
    return None


def share_options(g: Any, seat: int, *, par_prices: Any, no_par: str, ipo_price: str,
                  one_purchase: bool, more_of: str | None, more_from: Any, may_sell: bool,
                  sold_turn: Any = (), sell_down: bool = False,
                  counts: Callable[[str], bool] | None = None,
                  may_float: Callable[[str], bool] | None = None,
                  first: bool = False) -> tuple[list[tuple], int]:
    """The shares ``seat`` may par, buy and sell now, and the certificates he may still
    take (below 0: he is over the limit).  Per corporation (not a closed one):
    ``("par", corp, price)`` (not ``no_par``; each of ``par_prices`` he can pay twice),
    ``("buy_share", corp, source)`` (a 10 % share at ``ipo_price``, the corporation's key,
    or the pool's price), ``("sell_shares", corp, most)`` (``sell_down``: ``(.., most,
    least)``, a holding over 60 % sold down to 60 %, 1870 ruling 3.1.4).  The checks: the
    certificate limit (the title's ``counts``, else the cell's zone), one purchase a turn
    (``one_purchase``) but several of ``more_of`` from ``more_from`` in the brown zone, no
    buying back what he sold this round, :func:`over_holding_limit`, ``may_float`` (1870's
    historical start: half the shares until it may float), sales if ``may_sell`` (not of
    ``sold_turn``) within :func:`sale_limit`.  ``first``: stop at the first corporation
    with a choice."""
    s = g.s
    cells = g.st.market.cells
    key = str(seat)
    cash = s["cash"][seat]
    holders = s["holders"]
    corps = s["corps"]
    sold = s["stock"]["sold_round"].get(key, ())
    certs = 0
    mine = "p" + key
    for comp in s["companies"].values():
        if comp["owner"] == mine and not comp["closed"]:
            certs += 1
    for corp, c in corps.items():
        held = holders[corp].get(key)
        if held and (counts(corp) if counts is not None
                     else c["pos"] is None or cells[c["pos"][0]][c["pos"][1]][0]):
            certs += len(held)
    left = g.cert_limit() - certs
    room = left > 0
    out: list[tuple] = []
    for corp, c in corps.items():
        if first and out:
            break
        pos = c["pos"]
        if pos is None:                                  # (1870: closed ones too)
            if room and not one_purchase and corp != no_par and not c.get("closed"):
                out += [("par", corp, p) for p in par_prices if p + p <= cash]
            continue
        z = cells[pos[0]][pos[1]]
        h = holders[corp]
        held = h.get(key)
        have = 0
        if held:
            pres = corp + "_0"
            have = 10 * len(held) + 10 if pres in held else 10 * len(held)
        if corp not in sold and (have <= 50 or z[1]) and (
                room or not (counts(corp) if counts is not None else z[0])):
            offered = h["ipo"]                           # a 10 % share, not the _0 alone
            if (offered and (len(offered) > 1 or not offered[0].endswith("_0"))
                    and c[ipo_price] <= cash
                    and (not one_purchase or (corp == more_of and z[2] and "ipo" in more_from))
                    and (may_float is None or c["floated"]
                         or may_float(corp) or 100 - sh.percent(h, "ipo") + 10 <= 50)):
                out.append(("buy_share", corp, "ipo"))
            offered = h["pool"]
            if (offered and (len(offered) > 1 or not offered[0].endswith("_0")) and z[3] <= cash
                    and (not one_purchase or (corp == more_of and z[2] and "pool" in more_from))):
                out.append(("buy_share", corp, "pool"))
        if have and may_sell and corp not in sold_turn:
            pool = h["pool"]                             # the pool holds at most 50 %
            hi = min(have, 50 - 10 * len(pool) - (10 if pres in pool else 0)) // 10
            if c["president"] == seat and hi > (have - 20) // 10:
                for p, v in h.items():
                    if p != key and p not in _BANK and (len(v) > 1 or pres in v):
                        break                            # another player holds 20 %
                else:
                    hi = (have - 20) // 10
            lo = max(1, (have - 51) // 10) if sell_down and have > 60 and not z[1] else 1
            if lo <= hi:
                out.append(("sell_shares", corp, hi) + ((lo,) if sell_down else ()))
    return out, left


def end_round(g: Any, order: list[str], rise: Callable[[Any], Any]) -> None:
    """The end of a stock round: each floated corporation whose shares are all held by
    players rises (``rise``, in ``order``: operating order; 1830 8.2b, 1870 3.3.5), the
    priority deal goes to the player after the last one who bought or sold (1830 4.0,
    1870 6.5), and the set of operating rounds is counted (the title starts it)."""
    s = g.s
    for corp in order:
        c = s["corps"][corp]
        h = s["holders"][corp]
        if c["floated"] and not h["ipo"] and not h["pool"]:
            g.set_pos(corp, rise(c["pos"]))
    last = s["stock"]["last_actor"]
    if last is not None:
        s["priority"] = (last + 1) % len(g.players)
    s["stock"] = None
    s["or_total"] = g.phase_info()["operating_rounds"]
    s["or_num"] = 0
