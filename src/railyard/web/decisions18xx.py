"""A seat's decisions in an 1830 / 1870 game, in the game's words (never engine actions).

:func:`decisions` turns the engine's legal choices into groups of items a player reads:
the private auction (each private with face value, high bid and bidder, next minimum), the
stock round (what the player may still do; buy per corporation and source at its price,
sell saying the money received, the price move and a change of president, start a
corporation at a par price), the operating round (its steps with the current ones marked,
tile lays per hex with their tiles and rotations, stations with their cost, the dividend
choices with the amount per share and the price move, trains with their price, the forced
train purchase as numbered steps, 1870's destination run) and everything else (1870 price
protection, redemption, reissue, tokens, offers...) by the title's own sentence.  Choices
that are not allowed now (shares, sales, starts and par prices, trains from the bank, the
pool or another company, stations, privates, redemption and reissue) are items without an
action, with the engine's reason and the actions ``tried``.  What a choice will do, and why
one is refused, is found by applying it to a *copy* of the state (the engine's own rules);
the game is never changed.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..eighteen import shares as sh
from ..engine.errors import IllegalAction

SOURCE = {"ipo": "the initial offering", "pool": "the bank pool", "depot": "the bank",
          "treasury": "the treasury"}
STEPS = [("track", "Lay track", {"lay_tile"}),
         ("token", "Place a station", {"place_token"}),
         ("routes", "Run trains", {"run_routes", "connection_run"}),
         ("dividend", "Dividend", {"dividend"}),
         ("trains", "Buy trains", {"buy_train", "discard_train"}),
         ("privates", "Buy privates", {"buy_company", "offer_private"})]
STEP_OF_1830 = {"home_token": "token", "track": "track", "token": "token", "routes": "routes",
                "dividend": "dividend", "buy_train": "trains"}


def _ttype(tid: Any) -> str:
    return str(tid).rsplit("-", 1)[0]


def _money(v: Any) -> str:
    return f"${v}" if isinstance(v, int) and not isinstance(v, bool) else "?"


def _range(c: Any, key: str) -> dict[str, int] | None:
    v = (c.ranges or {}).get(key)
    return {"min": int(v[0]), "max": int(v[1])} if v else None


def _action(c: Any) -> dict[str, Any]:
    return {"type": c.type, "player": c.player, **(c.fixed or {})}


def _try(state: Any, action: dict[str, Any]) -> tuple[Any, str | None]:
    """The state after ``action`` on a copy, or the engine's reason it is refused."""
    other = state.clone()
    try:
        other.apply(action)
    except IllegalAction as exc:
        return None, exc.message
    except Exception:  # noqa: BLE001 - a preview must never break the page
        return None, None
    return other, None


def _words(state: Any, action: dict[str, Any]) -> str:
    """The title's sentence for an action without the actor's name."""
    text = str(state.describe(action))
    p = action.get("player")
    if isinstance(p, int) and 0 <= p < len(state.players):
        name = state.players[p]
        if text.startswith(name):
            text = text[len(name):].lstrip()
            if text.startswith("("):
                text = text.split(")", 1)[-1].lstrip()
    text = text.lstrip(": ")
    return _imperative(text)


def _told(state: Any, action: dict[str, Any]) -> str:
    """The log's sentence of ``action`` as a button: the action as the engine completes it
    (applied to a copy: the train, price and buyer an offer names) when it is allowed,
    else as given."""
    other = state.clone()
    try:
        done = other.apply(action)
    except Exception:  # noqa: BLE001 - a label must never break the page
        done = None
    return _words(state, done if isinstance(done, dict) else action)


_IRREGULAR = {"has": "have", "goes": "go", "does": "do", "is": "be"}


def _imperative(text: str) -> str:
    """A log sentence without its subject as a button: "buys a 3-train" -> "Buy a 3-train",
    "passes" -> "Pass", "ends its turn" -> "End its turn"."""
    if not text:
        return text
    verb, _, rest = text.partition(" ")
    low = verb.lower()
    if low in _IRREGULAR:
        verb = _IRREGULAR[low]
    elif low.endswith(("sses", "shes", "ches", "xes")):
        verb = verb[:-2]
    elif low.endswith("ies"):
        verb = verb[:-3] + "y"
    elif low.endswith("s") and not low.endswith("ss"):
        verb = verb[:-1]
    text = verb + (" " + rest if rest else "")
    return text[:1].upper() + text[1:]


def _price(state: Any, corp: str) -> int | None:
    pos = state.s["corps"][corp]["pos"]
    return None if pos is None else int(state.st.market.price(pos))


def _item(label: str, action: dict[str, Any] | None, **extra: Any) -> dict[str, Any]:
    out = {"label": label, "action": action, "detail": None, "input": None,
           "disabled": action is None, "reason": None}
    out.update(extra)
    return out


def _auction(state: Any, choices: list, seat: int) -> list[dict[str, Any]]:
    s = state.s
    bids = (s.get("auction") or {}).get("bids") or {}
    names = state.players
    by_company: dict[str, list] = {}
    for c in choices:
        comp = (c.fixed or {}).get("company")
        if comp:
            by_company.setdefault(comp, []).append(c)
    items = []
    for sym, comp in s["companies"].items():
        if comp.get("owner") is not None or comp.get("closed"):
            continue
        pdef = state.st.privates[sym]
        got = [(int(k), int(v)) for k, v in (bids.get(sym) or {}).items()]
        top = max(got, key=lambda b: b[1], default=None)
        info = f"face value {_money(pdef.value)}, revenue {_money(pdef.revenue)}"
        if top:
            info += f"; high bid {_money(top[1])} by {names[top[0]]}"
        row = {"company": sym, "name": getattr(pdef, "name", sym), "info": info, "items": []}
        for c in by_company.get(sym, []):
            a = _action(c)
            if c.type == "buy_private":
                auction = s.get("auction") or {}
                price = auction.get("falling_price") if sym in ("SV", "GRSC") else \
                    pdef.value
                after, _ = _try(state, a)
                more = _effects(state, after).lstrip(". ") if after is not None else ""
                row["items"].append(_item(f"Buy {sym} for {_money(a.get('price', price))}", a,
                                          detail=(more + ".") if more else None))
            elif c.type == "bid":
                r = _range(c, "amount") or {}
                row["items"].append(_item(
                    f"Bid on {sym}", a, detail=f"next minimum {_money(r.get('min'))}",
                    input={"name": "amount", "min": r.get("min"), "max": r.get("max"),
                           "value": r.get("min"), "label": "Bid $"}))
        items.append(row)
    return items


def _sell_items(state: Any, c: Any) -> list[dict[str, Any]]:
    """One item per number of shares: the money received, the price move (1870: when the
    seller's turn ends, unless the president protects it, 6.2) and a presidency change."""
    a = _action(c)
    emergency = c.type == "emergency_sell"
    corp = a["shares"] if emergency else a["corporation"]
    seat = c.player
    r = _range(c, "count") or {}
    out = []
    before_pres = state.s["corps"][corp].get("president")
    old = _price(state, corp)
    for n in range(int(r.get("min", 1)), int(r.get("max", 1)) + 1):
        act = dict(a, count=n)
        after, reason = _try(state, act)
        label = f"Sell {10 * n}% of {corp}"
        if after is None:
            out.append(_item(label, None, reason=reason, corp=corp, tried=[act]))
            continue
        got = after.s["cash"][seat] - state.s["cash"][seat]
        price = _price(after, corp)
        detail = f"you receive {_money(got)}; "
        if price == old and state.title == "1870" and old is not None:
            from ..games.g1870 import protection
            later = protection.price_if_unprotected(after, corp)
            waiting = protection.waiting_sales(after, corp)
            protector = waiting[-1].get("president") if waiting and protection.may_protect(
                after, waiting[-1]) else None
            detail += f"price {_money(old)} → {_money(later)} when " + (
                "your turn ends" if not emergency else "the company's turn ends") + (
                f", unless {state.players[protector]} protects it" if protector is not None
                else "")
        else:
            detail += _price_words(state, after, corp)
        pres = after.s["corps"][corp].get("president")
        if pres != before_pres and pres is not None:
            detail += f"; {state.players[pres]} becomes president"
        out.append(_item(label, act, detail=detail, corp=corp))
    return out


# ---- choices that are not allowed now, with the engine's reason --------------------------
def _par_prices(state: Any) -> list[int]:
    return _par_prices_of(state.title)


@lru_cache(maxsize=8)
def _par_prices_of(title: str) -> list[int]:
    """The par prices of the title: the chart's par cells (data file)."""
    from .table18xx import data_of
    out = set()
    for row in data_of(title).get("market") or []:
        for cell in row:
            price = str(cell or "").rstrip("abcdefghijklmnopqrstuvwxyz")
            if cell and "p" in str(cell)[len(price):]:
                out.add(int(price))
    return sorted(out)


def _refusals(state: Any, candidates: list[tuple[str, dict[str, Any], dict[str, Any]]],
              verb: str, merge: bool = True) -> list[dict[str, Any]]:
    """Disabled items for candidate actions (``(subject, action, extra)``) the engine
    refuses, each with the engine's reason (asked on a copy).  With ``merge``, candidates
    refused for the same reason make one item ("Sell PRR, NYC: reason")."""
    by_reason: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for subject, act, extra in candidates:
        after, reason = _try(state, act)
        if after is not None or not reason:
            continue
        by_reason.setdefault(reason if merge else f"{reason}\x00{subject}", []).append(
            (subject, extra, act))
    out = []
    for reason, got in by_reason.items():
        subjects = list(dict.fromkeys(x for x, _, _ in got))
        out.append(_item(f"{verb} {', '.join(subjects)}".strip(), None,
                         reason=reason.split("\x00")[0], tried=[a for _, _, a in got],
                         **(got[0][1] if len(got) == 1 else {})))
    return out


def _holds(state: Any, seat: int, corp: str) -> int:
    return sh.percent(state.s["holders"][corp], str(seat))


def _stock_refusals(state: Any, seat: int, choices: list) -> dict[str, list[dict[str, Any]]]:
    """Sales, starts, redemptions and reissues the seat may not make now, and why."""
    kinds: dict[str, set[str]] = {}
    par_prices: dict[str, set[int]] = {}
    for c in choices:
        corp = (c.fixed or {}).get("corporation")
        kinds.setdefault(c.type, set()).add(corp)
        if c.type == "par":
            par_prices.setdefault(corp, set()).add(int(c.fixed["price"]))
    sells, starts, redeem, reissue = [], [], [], []
    prices = _par_prices(state)
    for corp, cv in state.s["corps"].items():
        if cv.get("closed"):
            continue
        if cv.get("pos") is not None:
            if _holds(state, seat, corp) and corp not in kinds.get("sell_shares", ()):
                sells.append((corp, {"type": "sell_shares", "player": seat,
                                     "corporation": corp, "count": 1}, {"corp": corp}))
            if state.title == "1870" and cv.get("president") == seat:
                if corp not in kinds.get("redeem", ()):
                    redeem.append((corp, {"type": "redeem", "player": seat,
                                          "corporation": corp, "source": "pool"}, {}))
                if corp not in kinds.get("reissue", ()):
                    reissue.append((corp, {"type": "reissue", "player": seat,
                                           "corporation": corp}, {}))
        elif prices and corp not in par_prices:
            starts.append((corp, {"type": "par", "player": seat, "corporation": corp,
                                  "price": prices[0]}, {"corp": corp}))
    return {"sell": _refusals(state, sells, "Sell"),
            "par": _refusals(state, starts, "Start"),
            "redeem": _refusals(state, redeem, "Redeem a share of"),
            "reissue": _refusals(state, reissue, "Reissue shares of")}


def _par_refusals(state: Any, seat: int, corp: str, offered: set[int]) -> list[dict[str, Any]]:
    """The par prices of ``corp`` the seat may not choose, each with the engine's reason."""
    out = []
    for p in _par_prices(state):
        if p in offered:
            continue
        act = {"type": "par", "player": seat, "corporation": corp, "price": p}
        after, reason = _try(state, act)
        if after is None and reason:
            out.append(_item(_money(p), None, reason=reason, corp=corp, price=p, tried=[act]))
    return out


def _train_defs(state: Any) -> dict[str, int]:
    from .table18xx import data_of
    return {str(t["name"]): int(t.get("price") or 0)
            for t in data_of(state.title).get("trains") or []}


def _train_refusals(state: Any, seat: int, corp: str, choices: list) -> list[dict[str, Any]]:
    """Trains the operating corporation may not buy now (from the bank, the bank pool,
    another corporation) and the engine's reason."""
    s = state.s
    prices = _train_defs(state)
    offered = set()
    for c in choices:
        if c.type == "buy_train":
            f = c.fixed or {}
            src = f.get("source")
            tid = f.get("train")
            if state.title == "1870":
                offered.add(("depot", None) if src == "depot" else (src, _ttype(tid)))
            else:
                offered.add((_where_1830(state, tid), _ttype(tid)))
    cands = []
    one = {"corporation": corp} if state.title == "1870" else {}
    depot = s.get("depot") or {}                 # type -> copies left (None: no limit)
    nxt = next((k for k, v in depot.items() if v is None or v), None)
    if state.title == "1870":
        if ("depot", None) not in offered and nxt is not None:
            cands.append((f"a {nxt}-train from the bank", {"type": "buy_train", "player": seat,
                          **one, "source": "depot"}, {}))
    elif nxt is not None and ("depot", nxt) not in offered:
        first = f"{nxt}-{next(t.count for t in state.st.trains if t.name == nxt) - depot[nxt]}"
        cands.append((f"a {nxt}-train from the bank",     # its next copy, numbered from 0
                      {"type": "buy_train", "player": seat, "train": first,
                       "price": prices.get(nxt, 0)}, {}))
    seen = set()
    for tid in s.get("train_pool") or []:
        key = ("pool", _ttype(tid))
        if key in offered or key in seen:
            continue
        seen.add(key)
        act = {"type": "buy_train", "player": seat, **one, "train": tid}
        if state.title == "1870":
            act["source"] = "pool"
        else:
            act["price"] = prices.get(_ttype(tid), 0)
        cands.append((f"a {_ttype(tid)}-train from the bank pool", act, {}))
    for other, cv in s["corps"].items():
        if other == corp or cv.get("closed"):
            continue
        for tid in cv.get("trains") or []:
            key = (other, _ttype(tid))
            if key in offered or key in seen:
                continue
            seen.add(key)
            act = {"type": "buy_train", "player": seat, **one, "train": tid, "price": 1}
            if state.title == "1870":
                act["source"] = other
            cands.append((f"a {_ttype(tid)}-train from {other}", act, {}))
    return _refusals(state, cands, "Buy", merge=False)


def _where_1830(state: Any, tid: Any) -> str:
    s = state.s
    if tid in (s.get("train_pool") or []):
        return "pool"
    for corp, cv in s["corps"].items():
        if tid in (cv.get("trains") or []):
            return corp
    return "depot"


def _private_refusals(state: Any, seat: int, corp: str, choices: list) -> list[dict[str, Any]]:
    """Privates held by players that the operating corporation may not buy now, and why."""
    from .table18xx import data_of
    values = {c["sym"]: c.get("value") for c in data_of(state.title).get("companies") or []}
    offered = {(c.fixed or {}).get("company") for c in choices
               if c.type in ("buy_company", "buy_private")}
    cands = []
    for sym, comp in state.s["companies"].items():
        owner = str(comp.get("owner") or "")
        if comp.get("closed") or sym in offered or not (owner[:1] == "p" and owner[1:].isdigit()):
            continue
        price = values.get(sym) or 1
        if state.title == "1870":
            act = {"type": "buy_private", "player": seat, "corporation": corp,
                   "company": sym, "price": price}
        else:
            act = {"type": "buy_company", "player": seat, "company": sym, "price": price}
        cands.append((sym, act, {}))
    return _refusals(state, cands, f"{corp} buys the private")


def _token_refusals(state: Any, seat: int, corp: str, choices: list) -> list[dict[str, Any]]:
    """Cities with a free slot where the operating corporation may not place a station now,
    one item per city with the engine's reason (also shown when the city is clicked)."""
    from .table18xx import data_of
    d = data_of(state.title)
    tiles = {t["name"]: t for t in d.get("tiles") or []}
    offered = {((c.fixed or {}).get("hex"), int((c.fixed or {}).get("city") or 0))
               for c in choices if c.type == "place_token"}
    laid = state.s.get("tiles") or {}
    tokens = state.s.get("tokens") or {}
    one = {"corporation": corp} if state.title == "1870" else {}
    cands = []
    for h in d.get("hexes") or []:
        hid = h["id"]
        tile = tiles.get(str(laid[hid][0])) if hid in laid else h.get("tile")
        cities = (tile or {}).get("cities") or []
        held = tokens.get(hid) or []
        if any(corp in (x or []) for x in held):
            continue
        for i, city in enumerate(cities):
            used = len(held[i]) if i < len(held) and held[i] else 0
            if used >= int(city.get("slots") or 1) or (hid, i) in offered:
                continue
            label = hid + (f" (city {i + 1})" if len(cities) > 1 else "")
            cands.append((label, {"type": "place_token", "player": seat, **one, "hex": hid,
                                  "city": i}, {"hex": hid}))
    return _refusals(state, cands, "Place a station in", merge=False)


def _buy_reasons(state: Any, seat: int, offered: set[tuple[str, str]]) -> list[dict[str, Any]]:
    """Shares that may not be bought now, with the engine's reason (asked on a copy)."""
    out = []
    for corp, c in state.s["corps"].items():
        if c.get("pos") is None or c.get("closed"):
            continue
        h = state.s["holders"][corp]
        for src in ("ipo", "pool"):
            if (corp, src) in offered or not h.get(src):
                continue
            act = {"type": "buy_share", "player": seat, "corporation": corp, "source": src}
            after, reason = _try(state, act)
            if after is None and reason:
                out.append(_item(f"Buy a 10% share of {corp} from {SOURCE[src]}", None,
                                 reason=reason, corp=corp, tried=[act]))
    return out


def _stock(state: Any, choices: list, seat: int) -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = []
    buys, sells, pars, rest = [], [], {}, []
    offered = set()
    for c in choices:
        a = _action(c)
        if c.type == "buy_share":
            corp, src = a.get("corporation"), a.get("source")
            offered.add((corp, src))
            after, _ = _try(state, a)          # the price the rules charge, and what follows
            price = a.get("price")
            if after is not None:
                price = state.s["cash"][seat] - after.s["cash"][seat]
            more = _effects(state, after).lstrip(". ") if after is not None else ""
            buys.append(_item(f"Buy a 10% share of {corp} from {SOURCE.get(src, src)} for "
                              f"{_money(price)}", a, corp=corp,
                              detail=(more + ".") if more else None))
        elif c.type == "sell_shares":
            sells += _sell_items(state, c)
        elif c.type == "par":
            pars.setdefault(a["corporation"], []).append(
                _item(_money(a.get("price")), a, corp=a["corporation"], price=a.get("price")))
        else:
            rest.append(c)
    buys += _buy_reasons(state, seat, offered)
    turn = any(c.type in ("pass", "buy_share", "par", "sell_shares") for c in choices)
    no = _stock_refusals(state, seat, choices) if turn and state.s.get("round") == "stock" \
        else {}
    if buys:
        groups.append({"title": "Buy a share", "items": buys})
    sells += no.get("sell", [])
    if sells:
        groups.append({"title": "Sell shares", "items": sells})
    items = []
    for corp, lst in pars.items():
        lst += _par_refusals(state, seat, corp, {p["price"] for p in lst})
        lst.sort(key=lambda p: p["price"])
        items.append({"label": f"Start {corp} at", "corp": corp, "pars": lst,
                      "action": None, "disabled": False, "reason": None, "detail":
                      "choose the par price (also on the chart)", "input": None})
    items += no.get("par", [])
    if items:
        groups.append({"title": "Start a corporation (president's certificate: 20%, "
                                "2 × the par price)", "items": items, "kind": "par"})
    if rest:
        stock = state.s.get("stock") or {}
        acted = bool(stock.get("buys") or stock.get("acted"))
        groups += _generic(state, rest, "End your turn" if acted and
                           state.s.get("round") == "stock" else "Pass")
    _add(groups, "Redeem shares", no.get("redeem", []), key="refused")
    _add(groups, "Reissue shares", no.get("reissue", []), key="refused")
    return groups


def _add(groups: list[dict[str, Any]], title: str, items: list[dict[str, Any]],
         key: str = "items", **extra: Any) -> None:
    """Append ``items`` to the group called ``title`` (made if missing)."""
    if not items:
        return
    for g in groups:
        if g["title"] == title:
            g.setdefault(key, []).extend(items)
            return
    groups.append({"title": title, "items": [], key: items} if key != "items" else
                  {"title": title, "items": items, **extra})
    if key != "items":
        groups[-1].update(extra)


def _dividend_items(state: Any, choices: list) -> list[dict[str, Any]]:
    out = []
    for c in choices:
        a = _action(c)
        corp = a.get("corporation") or state.s["op"]["corp"]
        if (state.s.get("op") or {}).get("revenue") is None:
            out.append(_item({"full": "Pay out", "half": "Pay half", "withhold": "Withhold"}
                             .get(str(a.get("kind")), _words(state, a)), a,
                             detail="run the trains first to see the amounts"))
            continue
        after, reason = _try(state, a)
        kind = a.get("kind")
        rev = (state.s["op"] or {}).get("revenue")
        label = {"payout": "Pay out", "full": "Pay out", "half": "Pay half",
                 "withhold": "Withhold"}.get(str(kind), _words(state, a))
        if after is None:
            out.append(_item(label, None, reason=reason))
            continue
        if after.s["corps"][corp].get("closed"):        # e.g. 1870 3.3.3: off the chart
            out.append(_item(label, a, detail=(f"revenue {_money(rev)}" if rev else "no revenue")
                             + _effects(state, after)))
            continue
        treasury = after.s["corps"][corp]["cash"] - state.s["corps"][corp]["cash"]
        holders = state.s["holders"][corp]
        per = None
        for holder in holders:
            if holder.isdigit() and sh.percent(holders, holder):
                got = after.s["cash"][int(holder)] - state.s["cash"][int(holder)]
                per = got * 10 // sh.percent(holders, holder)
                break
        parts = []
        if isinstance(rev, int) and rev:
            parts.append(f"revenue {_money(rev)}")
        if per:
            parts.append(f"{_money(per)} per share")
        if treasury:
            parts.append(f"{corp} keeps {_money(treasury)}")
        parts.append(_price_words(state, after, corp))
        out.append(_item(label, a, detail="; ".join(parts) + _effects(state, after)))
    return out


def _payout_detail(state: Any, after: Any, corp: str) -> str:
    """What a payout or withholding did on a copy: per share, what the company keeps, the
    price move."""
    if after.s["corps"][corp].get("closed"):
        return "no dividend" + _effects(state, after)
    treasury = after.s["corps"][corp]["cash"] - state.s["corps"][corp]["cash"]
    holders = state.s["holders"][corp]
    per = None
    for holder in holders:
        if holder.isdigit() and sh.percent(holders, holder):
            got = after.s["cash"][int(holder)] - state.s["cash"][int(holder)]
            per = got * 10 // sh.percent(holders, holder)
            break
    parts = []
    if per:
        parts.append(f"{_money(per)} per share")
    if treasury:
        parts.append(f"{corp} keeps {_money(treasury)}")
    parts.append(_price_words(state, after, corp))
    return "; ".join(parts) + _effects(state, after)


def _price_words(state: Any, after: Any, corp: str) -> str:
    """The price move of ``corp`` from ``state`` to ``after`` and, in 1830, the move still
    to come at the end of the operating round (8.2d: a withholding company moves left
    then), both from the engine (:func:`price_after_round` runs the rule on a copy)."""
    old, new = _price(state, corp), _price(after, corp)
    later = new
    if state.title == "1830":
        from ..games.g1830.operating import price_after_round
        later = price_after_round(after, corp)
    if later != new:
        now = (f"price {_money(old)} → {_money(new)} now" if old != new
               else f"price stays {_money(old)} now")
        return now + f", {_money(later)} at the end of the operating round"
    return (f"price {_money(old)} → {_money(new)}" if old != new
            else f"price stays {_money(old)}")


# event kinds a preview names itself (the rest are told by _effects)
_SAID = {"price", "dividend", "run", "round", "private_revenue", "game_end"}


def _effects(state: Any, after: Any) -> str:
    """What else the choice makes happen at once, in the log's own sentences: from the
    events the engine recorded while applying it to the copy ``after`` (a new president,
    a phase, trains rusting, privates closing, a company floating or closing, the bank
    breaking)."""
    from ..eighteen.events import player_namer, sentence
    new = list(getattr(after, "events", ()) or ())[len(getattr(state, "events", ()) or ()):]
    name = player_namer(state.players)
    said = [sentence(kind, d, name) for _, kind, d in new if kind not in _SAID]
    said = [x for x in said if x]
    return (". " + " ".join(said)).rstrip(".") if said else ""


def _connection_group(state: Any, choices: list) -> dict[str, Any]:
    """1870 9.6: the corporation reached its destination: where its marker goes (on the
    map, where the destination then counts double for it, or on the charter) and whether
    the destination run is paid out or withheld, each with what it pays."""
    out = []
    corp = None
    for c in choices:
        a = _action(c)
        corp = a.get("corporation")
        dest = state.st.corps[corp].destination if corp in state.st.corps else "?"
        where = (f"marker on the map in {dest} (counts double for {corp})"
                 if a.get("marker") == "map" else "marker on the charter")
        label = ("Pay out" if a.get("kind") == "full" else "Withhold") + f", {where}"
        after, reason = _try(state, a)
        if after is None:
            out.append(_item(label, None, reason=reason, tried=[a]))
            continue
        out.append(_item(label, a, detail=_payout_detail(state, after, corp)))
    return {"title": f"Destination reached: {corp}'s destination run (9.6)", "items": out,
            "hint": "All its trains run once more; choose where its destination marker goes "
                    "and whether the run is paid out (no half payout)."}


def _trains(state: Any, choices: list) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    seen: set = set()
    for c in choices:
        a = _action(c)
        r = _range(c, "price")
        tid = a.get("train")
        src = a.get("source")
        where = ""
        if src in ("depot", "pool"):
            where = " from " + SOURCE[src]
        elif src:
            where = f" from {src}"
        elif tid and tid in state.s.get("train_pool", []):
            where = " from the bank pool"
        elif tid:                           # another company's train, else the bank's
            where = next((f" from {corp}" for corp, cv in state.s["corps"].items()
                          if tid in cv.get("trains", [])), " from the bank")
        name = _ttype(tid) if tid else None
        key = (name, where, tuple(sorted(r.items())) if r else a.get("price"))
        if key in seen:
            continue
        seen.add(key)
        if name is None and src == "depot":
            label = "Buy the next train from the bank"
        else:
            label = f"Buy a {name or '?'}-train{where}"
        if a.get("exchange"):
            label += f", giving in its {_ttype(a['exchange'])}-train"
        item = _item(label, a)
        tried = dict(a, **({"price": r["min"]} if r else {}))
        after, reason = _try(state, tried)
        if r:
            item["input"] = {"name": "price", "min": r.get("min"), "max": r.get("max"),
                             "value": r.get("min"), "label": "Price $"}
            item["detail"] = f"any price from {_money(r.get('min'))} to {_money(r.get('max'))}"
        elif "price" in a:
            item["label"] += f" for {_money(a['price'])}"
        else:                 # the train and price the rules give, read from the copy
            corp = a.get("corporation") or (state.s.get("op") or {}).get("corp")
            if after is not None and corp:
                got = list(after.s["corps"][corp]["trains"])
                for t in state.s["corps"][corp]["trains"]:
                    if t in got:
                        got.remove(t)
                if got and label.startswith("Buy the next train"):
                    item["label"] = label = f"Buy a {_ttype(got[0])}-train from the bank"
                paid = state.s["corps"][corp]["cash"] - after.s["corps"][corp]["cash"] + \
                    state.s["cash"][c.player] - after.s["cash"][c.player]
                item["label"] += f" for {_money(paid)}"
        if after is not None:
            more = _effects(state, after).lstrip(". ")
            if more:
                item["detail"] = "; ".join(x for x in (item["detail"], more + ".") if x)
        out.append(item)
    return out


def _generic(state: Any, choices: list, pass_label: str = "Pass") -> list[dict[str, Any]]:
    groups: dict[str, list] = {}
    title = {"pass": "Or", "done": "Or", "protect": "Price protection",
             "decline": "Price protection", "redeem": "Redeem shares",
             "reissue": "Reissue shares", "assign": "Private company tokens",
             "emergency_sell": "Raise money for a train", "bankrupt": "Bankruptcy",
             "discard_train": "Discard a train (over the train limit)",
             "buy_company": "Buy a private company", "offer_private": "Offer for a private",
             "buy_private": "Buy a private company",
             "accept_offer": "Answer an offer", "refuse_offer": "Answer an offer",
             "exchange": "Exchange a private", "connection_run": "Destination run"}
    for c in choices:
        a = _action(c)
        item = _item(_told(state, dict(a, **{k: r[0] for k, r in
                                              (c.ranges or {}).items()})), a)
        if c.type == "pass":
            item["label"] = pass_label
        if c.type == "done" and state.s.get("round") == "operating":
            who = a.get("corporation") or "the company"
            item["label"] = f"Buy no more trains: end {who}'s turn"
        if c.type in ("buy_company", "buy_private") and state.s.get("round") == "operating":
            corp = a.get("corporation") or (state.s.get("op") or {}).get("corp") or "The company"
            item["label"] = f"Have {corp} buy the private {a.get('company')}"
            lo, hi = (c.ranges or {}).get("price") or (None, None)
            if lo is not None:
                item["detail"] = f"{corp} pays its owner any price from {_money(lo)} to " \
                                 f"{_money(hi)}"
        if c.type == "protect":
            after, _ = _try(state, a)
            if after is not None:
                paid = state.s["cash"][c.player] - after.s["cash"][c.player]
                item["detail"] = f"you buy the sold shares for {_money(paid)}; the price does " \
                                 f"not fall"
        for k, (lo, hi) in (c.ranges or {}).items():
            item["input"] = {"name": k, "min": lo, "max": hi, "value": lo, "label": {"count": "Shares", "price":
                                                              "Price $"}.get(k, k)}
            item["label"] = item["label"].split(" for $")[0]
            if k == "count":
                item["label"] = _words(state, dict(a, count=1)).replace("10%", "shares")
        groups.setdefault(title.get(c.type, "Other choices"), []).append(item)
    hints = {"Raise money for a train": "The company must buy a train and its treasury is "
             "short: sell shares from your own holdings until the cash is enough, then buy "
             "the train; with nothing left to sell, the game's bankruptcy rules apply.",
             "Discard a train (over the train limit)": "The new phase lowered the train "
             "limit: choose which train goes to the bank pool."}
    return [{"title": t, "items": items, **({"hint": hints[t]} if t in hints else {})}
            for t, items in groups.items()]


def _operating(state: Any, choices: list) -> dict[str, Any]:
    tiles: dict[str, dict[str, list[int]]] = {}
    tile_actions: dict[str, dict[str, Any]] = {}
    stations, routes, dividends, trains, rest, sells = [], None, [], [], [], []
    connections: list = []
    for c in choices:
        a = _action(c)
        if c.type == "lay_tile":
            h = a["hex"]
            tiles.setdefault(h, {}).setdefault(str(a["tile"]), []).append(int(a["rotation"]))
            tile_actions.setdefault(h, {})[f"{a['tile']}/{a['rotation']}"] = a
        elif c.type == "place_token":
            after, _ = _try(state, a)
            corp = a.get("corporation") or state.s["op"]["corp"]
            cost = None
            if after is not None:
                cost = state.s["corps"][corp]["cash"] - after.s["corps"][corp]["cash"]
            label = f"Place a station in {a['hex']}" + (
                f" (city {int(a['city']) + 1})" if a.get("city") else "")
            stations.append(_item(label + (f" for {_money(cost)}" if cost is not None else ""),
                                  a, hex=a["hex"]))
        elif c.type == "run_routes":       # the route picker builds the routes itself
            routes = {"type": c.type, "player": c.player,
                      "fixed": {k: c.fixed[k] for k in list(c.fixed.keys()) if k != "routes"}}
        elif c.type == "dividend":
            dividends.append(c)
        elif c.type == "connection_run":
            connections.append(c)
        elif c.type == "buy_train":
            trains.append(c)
        elif c.type in ("sell_shares", "emergency_sell"):
            sells += _sell_items(state, c)
        else:
            rest.append(c)
    groups = []
    if tiles:
        from .table18xx import data_of
        names = {h["id"]: h.get("name") for h in data_of(state.title).get("hexes") or []}
        groups.append({"title": "Lay track", "kind": "tiles", "items": [], "hint":
                       f"Click one of the {len(tiles)} marked hexes on the map (or below), "
                       "pick a tile, rotate it, then confirm.",
                       "hexes": [{"hex": h, "label": f"{h} {names.get(h) or ''}".strip()}
                                 for h in sorted(tiles, key=lambda x: (x[0], int(x[1:])
                                                                       if x[1:].isdigit()
                                                                       else 0))]})
    if stations:
        groups.append({"title": "Place a station", "items": stations, "kind": "stations",
                       "hint": "or click the marked city on the map"})
    if state.title == "1870" and routes is not None:
        groups.append(_skips_1870(state, routes, bool(tiles), bool(stations)))
    if dividends:
        groups.append({"title": "Dividend", "items": _dividend_items(state, dividends)})
    if connections:
        groups.append(_connection_group(state, connections))
    if trains:
        groups.append({"title": "Buy a train", "items": _trains(state, trains)})
    if sells:
        groups.append({"title": "Sell shares to pay for the train", "items": sells,
                       "hint": "Step by step above: sell only what the train needs."})
    kinds = {c.type for c in choices}
    op = state.s.get("op") or {}
    step_now = STEP_OF_1830.get(str(op.get("step"))) if state.title == "1830" else None
    now = [label for k, label, types in STEPS
           if (k == step_now if step_now else bool(kinds & types))]
    corp = op.get("corp") or next((c.fixed.get("corporation") for c in choices
                                   if (c.fixed or {}).get("corporation")), None)
    seat = choices[0].player if choices else None
    guide = _emergency(state, corp, choices) if corp and seat is not None else None
    if guide:
        groups.insert(0, guide)
        sale = next((g for g in groups if g["title"] == "Sell shares to pay for the train"),
                    None)
        if sale is not None:                  # the step to do now, right below the guide
            groups.remove(sale)
            groups.insert(1, sale)
    groups += _generic(state, rest, _pass_words(state, now[0] if now else None, corp))
    if corp and seat is not None and corp in state.s["corps"]:
        train_step = (op.get("step") == "buy_train" and any(
            c.type in ("buy_train", "pass") for c in choices)) if state.title == "1830" \
            else any(c.type == "done" for c in choices)
        if train_step and not guide:
            _add(groups, "Buy a train", _train_refusals(state, seat, corp, choices))
        if train_step:
            _add(groups, "Buy a private company",
                 _private_refusals(state, seat, corp, choices))
        token_step = (op.get("step") == "token") if state.title == "1830" else \
            any(c.type == "place_token" for c in choices)
        if token_step:
            _add(groups, "Place a station", _token_refusals(state, seat, corp, choices),
                 key="refused", hint="Click a city on the map to see why no station may go "
                                     "there.")
    steps = [{"key": k, "label": label,
              "current": (k == step_now) if step_now else bool(kinds & types)}
             for k, label, types in STEPS]
    return {"groups": groups, "tiles": {h: [{"tile": t, "rotations": sorted(set(r))}
                                            for t, r in ts.items()] for h, ts in tiles.items()},
            "tile_actions": tile_actions, "routes": routes, "steps": steps,
            "corp": op.get("corp")}


def _skips_1870(state: Any, routes: dict[str, Any], tiles: bool, stations: bool
                ) -> dict[str, Any]:
    """1870 5.3: before its trains run the corporation may lay up to two tiles and place a
    station, each optional.  The engine has no action for declining them (running the trains
    ends both steps); these controls let the president go on: "Lay no more track" and
    "Place no station" (``skip``: the page hides that step), and for a corporation without
    a train "Run no trains" (the run with no routes: it earns nothing, 5.4)."""
    op = state.s.get("op") or {}
    corp = routes["fixed"].get("corporation") or op.get("corp")
    items = []
    if tiles:
        items.append(_item("Lay no more track" if op.get("lays") else "Lay no track", None,
                           skip="track", disabled=False,
                           detail="go on to the station" if stations
                           else "go on to running the trains"))
    if stations:
        items.append(_item("Place no station", None, skip="token", disabled=False,
                           detail="go on to running the trains"))
    if corp in state.s["corps"] and not state.s["corps"][corp].get("trains"):
        items.append(_item(f"Run no trains: {corp} has none", {
            "type": "run_routes", "player": routes["player"], "corporation": corp,
            "routes": []}, detail=f"{corp} earns nothing this turn (5.4); "
                                  "track and station end, trains may be bought next"))
    return {"title": "Or", "kind": "skip", "items": items}


def _pass_words(state: Any, step: str | None, corp: str | None) -> str:
    """The button that declines the operating step at hand (1830 pass), named for it."""
    who = corp or "the company"
    return {"Lay track": "Lay no track", "Place a station": "Place no station",
            "Buy trains": f"Buy no more trains: end {who}'s turn",
            "Buy privates": f"Buy no private: end {who}'s turn"}.get(step or "", "Pass")


def _emergency(state: Any, corp: str, choices: list) -> dict[str, Any] | None:
    """The forced train purchase as steps (1830 24.0; 1870 9.5.3-9.5.5, 10.2-10.3): the
    train that must be bought, what the treasury and the president pay, what is still
    missing and must be raised by selling shares, and the purchase itself; the step to do
    now is marked.  None when no train must be bought now."""
    s = state.s
    c = s["corps"][corp]
    if state.title == "1830":
        from ..games.g1830 import trains as tr
        if (s.get("op") or {}).get("step") != "buy_train" or not tr.must_buy(state, corp):
            return None
        offers = tr.offers(state)
        low = tr.cheapest(state)
        pres = c.get("president")
        rule = "24.0"
    else:
        from ..games.g1870 import emergency as em
        if not em.must_buy(state, corp):
            return None
        offers = em.offers(state)
        low = em.cheapest(state)
        pres = c.get("president")
        rule = "9.5.3-9.5.5, 10.2"
    if low is None or pres is None:
        return None
    names = []
    for src, price in offers:
        if price != low:
            continue
        if src == "depot":
            nxt = next((k for k, v in (s.get("depot") or {}).items() if v is None or v), "?")
            names.append(f"a {nxt}-train from the bank")
        elif src in (s.get("train_pool") or []):
            names.append(f"a {_ttype(src)}-train from the bank pool")
        else:
            names.append(f"a {_ttype(src)}-train from the bank")
    names = list(dict.fromkeys(names))
    treasury, own = int(c["cash"]), int(s["cash"][pres])
    from_pres = max(0, min(own, low - treasury))
    short = max(0, low - treasury - own)
    kinds = {ch.type for ch in choices}
    sells = [ch for ch in choices if ch.type in ("sell_shares", "emergency_sell")]
    buys = [ch for ch in choices if ch.type == "buy_train"]
    broke = "bankrupt" in kinds
    steps = [{"text": f"{corp} has no train and must buy one ({rule}): the cheapest is "
                      f"{' or '.join(names) or 'a train'} for {_money(low)}.", "current": False}]
    if treasury >= low:
        steps.append({"text": f"{corp}'s treasury of {_money(treasury)} pays for it.",
                      "current": False})
    else:
        steps.append({"text": f"{corp}'s treasury has {_money(treasury)}; you, its president, "
                              f"add {_money(from_pres)} of your {_money(own)}.",
                      "current": False})
    if short:
        names_sell = sorted({(ch.fixed or {}).get("shares") or (ch.fixed or {}).get(
            "corporation") for ch in sells} - {None})
        what = (f"sell shares ({', '.join(names_sell)}) below until it is covered — only "
                f"as many as needed") if names_sell else "nothing is left that you may sell"
        steps.append({"text": f"{_money(short)} is still missing: {what}.",
                      "current": bool(sells)})
        if state.title == "1830":
            steps.append({"text": f"You may not sell {corp} shares if you would lose its "
                                  "presidency; a sale may not put more than 50% in the bank "
                                  "pool.", "current": False})
        else:
            steps.append({"text": "Each block sold goes to the bank pool now and you are "
                                  "paid at once; its president may protect the price when "
                                  f"{corp}'s turn ends (10.2.4). You may never give up the "
                                  f"presidency of {corp}, and sell one block per "
                                  "corporation.", "current": False})
    if treasury >= low:
        other = ""
    elif state.title == "1830":
        other = (" You may instead buy a train from another company, paying at most its "
                 "face value (24.0b).")
    else:
        other = (f" Another corporation's train may be bought only with {corp}'s own money "
                 "(9.5.4).")
    steps.append({"text": ("Buy the train (below)." if buys else "Then buy the train: its "
                           "button appears once the money is there.") + other,
                  "current": bool(buys) and not sells})
    if broke:
        steps.append({"text": "Even after selling everything you may sell, the money is not "
                              "enough: you go bankrupt (" + ("25.0" if state.title == "1830"
                                                             else "10.3") + ").",
                      "current": not sells})
    return {"title": f"{corp} must buy a train", "kind": "emergency", "items": [],
            "guide": steps}


def _protection(state: Any, choices: list) -> tuple[str, list[dict[str, Any]]]:
    """1870 price protection (6.2): the sale on offer, what protecting costs, what
    declining does to the price."""
    stock = state.s.get("stock") or {}
    queue, at = stock.get("queue") or [], stock.get("protect")
    sale = queue[at] if isinstance(at, int) and at < len(queue) else {}
    if not sale:                      # an emergency sale of an operating round (10.2.4)
        sale = ((state.s.get("op") or {}).get("sales") or [{}])[0]
    corp, n, price = sale.get("corporation"), int(sale.get("count") or 0), sale.get("price")
    seller = sale.get("seller", sale.get("player"))
    who = state.players[seller] if isinstance(seller, int) and seller < len(state.players) \
        else "A player"
    heading = (f"Price protection: {who} sold {10 * n}% of {corp} at {_money(price)}. As its "
               f"president you may buy the {'shares' if n > 1 else 'share'} at that price, "
               f"and the price does not fall.")
    items = []
    for c in choices:
        a = _action(c)
        after, reason = _try(state, a)
        if c.type == "protect":
            item = _item(f"Protect {corp}: buy {10 * n}% for {_money(n * price) if isinstance(price, int) else '?'}", a)
        else:
            item = _item(f"Do not protect {corp}", a)
            if after is not None:
                item["detail"] = f"the price falls {_money(_price(state, corp))} → " \
                                 f"{_money(_price(after, corp))}"
        if after is None:
            item.update(action=None, disabled=True, reason=reason)
        items.append(item)
    return heading, [{"title": "Price protection (6.2)", "items": items}]


def _stock_heading(state: Any, choices: list) -> str:
    """What the player may still do in this stock-round turn, from the legal choices."""
    kinds = {c.type for c in choices}
    stock = state.s.get("stock") or {}
    acted = bool(stock.get("buys") or stock.get("acted"))
    parts = [text for kind, text in (("buy_share", "buy a share"),
                                     ("par", "start a corporation"),
                                     ("sell_shares", "sell shares"),
                                     ("redeem", "redeem a share"),
                                     ("reissue", "reissue shares"),
                                     ("exchange", "exchange a private"))
             if kind in kinds]
    if "pass" in kinds:
        parts.append("end your turn" if acted else "pass")
    if not parts:
        return "Stock round: your decision."
    said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
    return f"Stock round: you may {said}."


def decisions(game: Any, seats: set[int], legal: list | None = None) -> dict[str, Any]:
    """What the seats in ``seats`` decide now, grouped and in words (``legal``: the
    game's legal choices if already known)."""
    state = game.state
    cp = game.current_player
    out: dict[str, Any] = {"mine": False, "actor": None, "groups": [], "tiles": {},
                           "tile_actions": {}, "routes": None, "steps": None, "corp": None,
                           "auction": None, "heading": None}
    if cp is None:
        out["heading"] = "The game is over."
        return out
    out["actor"] = state.players[cp]
    if cp not in seats:
        out["heading"] = f"Waiting for {state.players[cp]}."
        return out
    choices = [c for c in (game.legal_actions() if legal is None else legal)
               if c.player in seats]
    out["mine"] = bool(choices)
    r = state.s.get("round")
    if any(c.type == "par" for c in choices) and r != "stock":
        out["heading"] = "Start the corporation: choose its par price."
        out["groups"] = _stock(state, choices, cp)
    elif r == "auction" and any(c.type in ("bid", "buy_private") for c in choices):
        out["heading"] = "Private auction: buy the cheapest private, bid on another, or pass."
        out["auction"] = _auction(state, choices, cp)
        out["groups"] = _generic(state, [c for c in choices
                                         if c.type not in ("bid", "buy_private")])
    elif any(c.type in ("protect", "decline") for c in choices):
        out["heading"], out["groups"] = _protection(state, choices)
    elif r == "stock":
        out["heading"] = _stock_heading(state, choices)
        out["groups"] = _stock(state, choices, cp)
    elif r == "operating":
        op = _operating(state, choices)
        corp = op["corp"]
        out.update(op)
        out["heading"] = f"{corp} operates." if corp else "Operating round."
        run = next((c for c in choices if c.type == "connection_run"), None)
        if run is not None:
            who = run.fixed.get("corporation")
            out["heading"] = (f"{who} has reached its destination "
                              f"{state.st.corps[who].destination} (9.6)"
                              + (f" while {corp} operates." if corp and corp != who else "."))
    else:
        out["heading"] = "Your decision."
        out["groups"] = _generic(state, choices)
    return out
