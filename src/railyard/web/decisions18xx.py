"""A seat's decisions in an 1830 / 1870 game, in the game's words (never engine actions).

:func:`decisions` turns the engine's legal choices into groups of items a player reads:
the private auction (each private with face value, high bid and bidder, next minimum), the
stock round (buy per corporation and source at its price, sell saying the money received,
the new price and a change of president, start a corporation at a par price, a share that
may not be bought shown disabled with the engine's reason), the operating round (its steps
with the current ones marked, tile lays per hex with their tiles and rotations, stations
with their cost, the dividend choices with the amount per share and the price move, trains
with their price) and everything else (1870 price protection, redemption, reissue, tokens,
offers...) by the title's own sentence.  What a choice will do is found by applying it to a
*copy* of the state (the engine's own rules); the game is never changed.
"""
from __future__ import annotations

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
        top = max(bids.get(sym) or [], key=lambda b: b[1], default=None)
        info = f"face value {_money(pdef.value)}, revenue {_money(pdef.revenue)}"
        if top:
            info += f"; high bid {_money(top[1])} by {names[top[0]]}"
        row = {"company": sym, "name": getattr(pdef, "name", sym), "info": info, "items": []}
        for c in by_company.get(sym, []):
            a = _action(c)
            if c.type == "buy_private":
                price = a.get("price") or (s.get("auction") or {}).get("sv_price") \
                    if sym == "SV" else pdef.value
                row["items"].append(_item(f"Buy {sym} for {_money(a.get('price', price))}", a))
            elif c.type == "bid":
                r = _range(c, "amount") or {}
                row["items"].append(_item(
                    f"Bid on {sym}", a, detail=f"next minimum {_money(r.get('min'))}",
                    input={"name": "amount", "min": r.get("min"), "max": r.get("max"),
                           "value": r.get("min"), "label": "Bid $"}))
        items.append(row)
    return items


def _sell_items(state: Any, c: Any) -> list[dict[str, Any]]:
    a = _action(c)
    corp = a["corporation"]
    seat = c.player
    r = _range(c, "count") or {}
    out = []
    before_pres = state.s["corps"][corp].get("president")
    for n in range(int(r.get("min", 1)), int(r.get("max", 1)) + 1):
        act = dict(a, count=n)
        after, reason = _try(state, act)
        label = f"Sell {10 * n}% of {corp}"
        if after is None:
            out.append(_item(label, None, reason=reason))
            continue
        got = after.s["cash"][seat] - state.s["cash"][seat]
        price = _price(after, corp)
        detail = f"you receive {_money(got)}; price {_money(_price(state, corp))} → " \
                 f"{_money(price)}"
        pres = after.s["corps"][corp].get("president")
        if pres != before_pres and pres is not None:
            detail += f"; {state.players[pres]} becomes president"
        out.append(_item(label, act, detail=detail))
    return out


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
                                 reason=reason, corp=corp))
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
            price = a.get("price")
            if price is None:
                price = state.s["corps"][corp].get("par") if src == "ipo" and \
                    state.title == "1830" else _price(state, corp)
            buys.append(_item(f"Buy a 10% share of {corp} from {SOURCE.get(src, src)} for "
                              f"{_money(price)}", a, corp=corp))
        elif c.type == "sell_shares":
            sells += _sell_items(state, c)
        elif c.type == "par":
            pars.setdefault(a["corporation"], []).append(
                _item(_money(a.get("price")), a, corp=a["corporation"], price=a.get("price")))
        else:
            rest.append(c)
    buys += _buy_reasons(state, seat, offered)
    if buys:
        groups.append({"title": "Buy a share", "items": buys})
    if sells:
        groups.append({"title": "Sell shares", "items": sells})
    if pars:
        items = []
        for corp, lst in pars.items():
            items.append({"label": f"Start {corp} at", "corp": corp, "pars": lst,
                          "action": None, "disabled": False, "reason": None, "detail":
                          "choose the par price (also on the chart)", "input": None})
        groups.append({"title": "Start a corporation (president's certificate: 20%, "
                                "2 × the par price)", "items": items, "kind": "par"})
    if rest:
        groups += _generic(state, rest)
    return groups


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
        old, new = _price(state, corp), _price(after, corp)
        parts.append(f"price {_money(old)} → {_money(new)}" if old != new
                     else f"price stays {_money(old)}")
        out.append(_item(label, a, detail="; ".join(parts)))
    return out


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
        elif tid and tid in state.s.get("depot", []) if isinstance(state.s.get("depot"), list) \
                else False:
            where = " from the bank"
        else:
            for corp, cv in state.s["corps"].items():
                if tid in cv.get("trains", []):
                    where = f" from {corp}"
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
        if r:
            item["input"] = {"name": "price", "min": r.get("min"), "max": r.get("max"),
                             "value": r.get("min"), "label": "Price $"}
            item["detail"] = f"any price from {_money(r.get('min'))} to {_money(r.get('max'))}"
        elif "price" in a:
            item["label"] += f" for {_money(a['price'])}"
        else:
            after, reason = _try(state, a)
            corp = a.get("corporation") or (state.s.get("op") or {}).get("corp")
            if after is not None and corp:
                paid = state.s["corps"][corp]["cash"] - after.s["corps"][corp]["cash"]
                item["label"] += f" for {_money(paid)}"
        out.append(item)
    return out


def _generic(state: Any, choices: list, pass_label: str = "Pass") -> list[dict[str, Any]]:
    groups: dict[str, list] = {}
    title = {"pass": "Pass", "done": "Finish", "protect": "Price protection",
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
        item = _item(_words(state, dict(a, **{k: r[0] for k, r in
                                               (c.ranges or {}).items()})), a)
        if c.type == "pass":
            item["label"] = pass_label
        if c.type in ("buy_company", "buy_private") and state.s.get("round") == "operating":
            corp = a.get("corporation") or (state.s.get("op") or {}).get("corp") or "The company"
            item["label"] = f"{corp} buys the private {a.get('company')}"
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
        elif c.type == "buy_train":
            trains.append(c)
        elif c.type == "sell_shares":
            sells += _sell_items(state, c)
        else:
            rest.append(c)
    groups = []
    if tiles:
        groups.append({"title": "Lay track", "kind": "tiles", "items": [], "hint":
                       f"Click one of the {len(tiles)} marked hexes on the map, pick a tile, "
                       "rotate it, then confirm."})
    if stations:
        groups.append({"title": "Place a station", "items": stations,
                       "hint": "or click the marked city on the map"})
    if dividends:
        groups.append({"title": "Dividend", "items": _dividend_items(state, dividends)})
    if trains:
        groups.append({"title": "Buy a train", "items": _trains(state, trains)})
    if sells:
        groups.append({"title": "Sell shares to pay for the train", "items": sells,
                       "hint": "The company must buy a train and its treasury is short: "
                               "the president sells shares, then pays the rest."})
    kinds = {c.type for c in choices}
    op = state.s.get("op") or {}
    step_now = STEP_OF_1830.get(str(op.get("step"))) if state.title == "1830" else None
    now = [label for k, label, types in STEPS
           if (k == step_now if step_now else bool(kinds & types))]
    groups += _generic(state, rest, "Pass" + (f" ({now[0].lower()}: nothing)" if now
                                               and now[0] != "Buy trains" else ""))
    steps = [{"key": k, "label": label,
              "current": (k == step_now) if step_now else bool(kinds & types)}
             for k, label, types in STEPS]
    return {"groups": groups, "tiles": {h: [{"tile": t, "rotations": sorted(set(r))}
                                            for t, r in ts.items()] for h, ts in tiles.items()},
            "tile_actions": tile_actions, "routes": routes, "steps": steps,
            "corp": op.get("corp")}


def _protection(state: Any, choices: list) -> tuple[str, list[dict[str, Any]]]:
    """1870 price protection (6.2): the sale on offer, what protecting costs, what
    declining does to the price."""
    stock = state.s.get("stock") or {}
    queue, at = stock.get("queue") or [], stock.get("protect")
    sale = queue[at] if isinstance(at, int) and at < len(queue) else {}
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
        out["heading"] = "Stock round: buy or sell shares, start a corporation, or pass."
        out["groups"] = _stock(state, choices, cp)
    elif r == "operating":
        op = _operating(state, choices)
        corp = op["corp"]
        out.update(op)
        out["heading"] = f"{corp} operates." if corp else "Operating round."
    else:
        out["heading"] = "Your decision."
        out["groups"] = _generic(state, choices)
    return out
