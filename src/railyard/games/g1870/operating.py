"""Operating rounds (5, 8, 9.5): privates pay, corporations operate in price order, buy
trains (phases, rusting, limits) and privates.

A turn: track (:mod:`.track`) and a station (:mod:`.stations`) in any order, then the run
(:mod:`.routes`, :mod:`.running`) and the dividend (full, half or withhold), then trains
(the forced purchase, emergency sales and bankruptcy: :mod:`.emergency`; from other
corporations: :mod:`.trade`), then ``done``; privates may be bought throughout.  The
connection runs (9.6) come between turns (:mod:`.destinations`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID, IllegalAction
from ...eighteen import offers
from ...eighteen import operating as core
from ...eighteen import trains as depot
from ...eighteen.trains import ttype
from . import (destinations, dividends, emergency, privates, protection, routes, running,
               stations, diesels, lazyroutes, private_offer, stationwars, track, trade,
               variants)

if TYPE_CHECKING:
    from .state import G1870State

#: 2.5: the private companies close when this phase begins
PRIVATES_CLOSE_PHASE = "4"


def pay_privates(g: "G1870State") -> None:
    """5.1: every open private pays its revenue to its owner (SLSF's own with the
    historical start)."""
    own = {"SLSF": variants.facts()["historical_slsf_revenue"]} \
        if g.options.get("historical_start") else {}
    core.pay_privates(g, lambda sym: own.get(sym, g.st.privates[sym].revenue))


def operating_order(g: "G1870State") -> list[str]:
    corps = [c for c, v in g.s["corps"].items() if v["pos"] is not None and not v["closed"]]
    return sorted(corps, key=lambda c: core.order_key(g, c))     # 3.3.7


def next_round(g: "G1870State") -> None:
    """The next OR of the set, or the stock round after the last (2.3); the game ends
    after the set in which the bank broke (10.1.1)."""
    from .stock import start as start_stock
    s = g.s
    if s["ended"]:
        return
    if s["or_num"] >= s["or_total"]:
        if s["bank_broken"]:
            g.end_game("bank broken")
        elif all(c["closed"] for c in s["corps"].values()):
            g.end_game("all corporations closed")   # ruling: nothing can change any more
        else:
            start_stock(g)
        return
    s["or_num"] += 1
    s["round"] = "operating"
    pay_privates(g)
    order = [c for c in operating_order(g) if s["corps"][c]["floated"]]
    core.new_round(g, order, lays=[], connections=destinations.check(g))
    if not s["op"]["connections"]:
        _next_corp(g)


def _next_corp(g: "G1870State") -> None:
    """Start the next corporation's turn (3.3.7: of those floated when the OR began, none
    closed, :func:`railyard.eighteen.operating.next_turn`; 5.3 (0): the home marker on
    its first turn), or the next round when the OR is over."""
    corp = core.next_turn(g, next_round)
    if corp is None:
        return
    s = g.s
    c = s["corps"][corp]
    s["op"].update(lays=[], ran=False, first_turn=not c["operated"],   # 11.2 (c)
                   mrbc_home=False, home_laid=None)
    if not c["operated"]:
        s["tokens"].setdefault(g.st.corps[corp].home, [[]])[0].append(corp)
        c["operated"] = True


def actor(g: "G1870State") -> int:
    s = g.s
    op = s["op"]
    if op.get("private_offer"):
        return private_offer.actor(g)
    if op.get("offer"):
        return trade.actor(g)
    if op.get("protecting"):
        return op["sales"][0]["president"]
    if op["connections"]:
        return s["corps"][op["connections"][0]]["president"]
    if op["discard"]:
        return s["corps"][op["discard"][0]]["president"]
    return s["corps"][op["corp"]]["president"]


# ---- trains (1.2-1.4, 2.1, 2.4, 9.5) -------------------------------------------------------
def next_train(g: "G1870State") -> Any:
    """The train the bank sells next (1.2), or None."""
    ty = depot.next_type(g.s["depot"])
    return None if ty is None else next(t for t in g.st.trains if t.name == ty)


def train_price(g: "G1870State", train_id: str) -> int:
    return next(x.price for x in g.st.trains if x.name == ttype(train_id))


def train_limit(g: "G1870State") -> int:
    return g.phase_info()["train_limit"]


def _phase_change(g: "G1870State", type_: str) -> None:
    """2.1: the first train of a type starts its phase: rusting (1.3), privates close in
    phase 4 (2.5), private tokens leave in phase 5 (2.6), excess trains go (2.4)."""
    phase = next((p for p in g.st.phases if p.get("on") == type_), None)
    if phase is None or phase["name"] <= g.s["phase"]:
        return
    core.new_phase(g, phase["name"], {t.name for t in g.st.trains if t.rusts_on == type_},
                   phase["name"] == PRIVATES_CLOSE_PHASE)
    if phase["name"] == "5":
        privates.remove_tokens(g)


def in_track_phase(g: "G1870State") -> bool:
    """The operating corporation's own turn before its trains run (:func:`legal` lists
    :func:`track_phase`)."""
    op = g.s["op"]
    return not (op.get("private_offer") or op.get("offer") or op.get("protecting")
                or op["connections"] or op["discard"] or op["ran"]
                or op.get("revenue") is not None)


def legal(g: "G1870State", lazy: bool = True) -> list[Choice]:
    """The choices of the operating round.  ``lazy`` false (the playout, :mod:`.playout`):
    the ``run_routes`` choice names only the corporation, not its route set."""
    s = g.s
    op = s["op"]
    if in_track_phase(g):
        corp = op["corp"]
        return track_phase(g, corp, s["corps"][corp]["president"], lazy)[0]
    if op.get("private_offer"):
        return private_offer.legal(g)
    if op.get("offer"):
        return trade.legal(g)
    if op.get("protecting"):
        return protection.choices(op["sales"][0])
    if op["connections"]:
        return destinations.choices(g, op["connections"][0])
    if op["discard"]:
        corp = op["discard"][0]
        pres = s["corps"][corp]["president"]
        return [Choice("discard_train", pres, {"corporation": corp, "train": t})
                for t in sorted(set(s["corps"][corp]["trains"]))]
    corp = op["corp"]
    c = s["corps"][corp]
    pres = c["president"]
    if not op["ran"] and op.get("revenue") is not None:      # routes named: 9.4
        return [Choice("dividend", pres, {"corporation": corp, "kind": k})
                for k in dividends.KINDS] + _private_choices(g, corp, pres)
    forced = emergency.choices(g, corp, pres)
    if forced:                         # 9.5.4: another corporation's train for its own cash
        return forced + trade.choices(g, corp, pres) + _private_choices(g, corp, pres)
    out = [Choice("done", pres, {"corporation": corp})]
    room = len(c["trains"]) < train_limit(g)
    t = next_train(g)
    if room and t is not None and c["cash"] >= t.price:
        out.append(Choice("buy_train", pres, {"corporation": corp, "source": "depot"}))
    out.extend(diesels.choices(g, corp, pres))                    # 12.2 (option)
    out.extend(Choice("buy_train", pres, {"corporation": corp, "source": "pool", "train": tid})
               for tid in sorted(set(s["train_pool"])) if room and c["cash"] >= train_price(g, tid))
    out.extend(trade.choices(g, corp, pres))
    out.extend(_private_choices(g, corp, pres))
    return out


def track_phase(g: "G1870State", corp: str, pres: int, lazy: bool = True,
                compact: bool = False) -> tuple[list[Choice], list | None]:
    """The choices before the trains run (5.3): run, tile lays, station, privates.  With
    ``compact`` the lays are not made choices but given as :func:`.track.lay_groups`
    (``(choices without the lays, groups)``; the lays belong after the first choice),
    and the listings read the network from :func:`.track.network`; otherwise ``(all
    choices, None)``."""
    op = g.s["op"]
    out = [Choice("run_routes", pres, lazyroutes.LazyRun(g, corp) if lazy
                  else {"corporation": corp})]
    seen: list = []                 # the network's reach, found once for both listings
    lays_listed = not op["token"] and (not op["lays"] or op.get("mrbc_home") or (
        len(op["lays"]) == 1 and op["lays"][0][1] == "yellow")
        or track.mrbc_lay_left(g, corp))
    if compact and (lays_listed or not (op.get("token")
                                        or stations.next_price(g, corp) is None)):
        # the playout: only the reach's stops and sides, and only when a listing of lays
        # or stations reads them (stations.choices lists none after a station or
        # without a marker left)
        seen.append(track.network(g, corp))
    groups = None
    if lays_listed:
        if compact:
            groups = track.lay_groups(g, corp, seen)
        if groups is None:
            out.extend(track.choices(g, corp, pres, seen))
    out.extend(stations.choices(g, corp, pres, seen))
    out.extend(_private_choices(g, corp, pres))
    return out, groups


def _private_choices(g: "G1870State", corp: str, pres: int) -> list[Choice]:
    out = privates.choices(g, corp, pres)
    for sym in g.s["companies"]:
        rng = private_price_range(g, corp, sym)
        if rng:
            out.append(Choice("buy_private", pres, {"corporation": corp, "company": sym},
                              {"price": rng}))
    return out


def private_price_range(g: "G1870State", corp: str, sym: str) -> tuple[int, int] | None:
    """8.1/8.2 (:func:`railyard.eighteen.operating.private_price`): phases 2-3, half to
    double face value; MRBC in phase 1 by MP or SSW for $20-$40; any player's private but
    SLSF (the owner agrees: :mod:`.private_offer`)."""
    phase = g.s["phase"]
    if phase in ("2", "3") and sym != "SLSF":
        return core.private_price(g, corp, sym)
    if phase == "1" and sym == "MRBC" and corp in ("MP", "SSW"):
        return core.private_price(g, corp, sym, (20, 40))
    return None


def apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    s = g.s
    op = s["op"]
    t = action["type"]
    if op.get("private_offer"):
        return private_offer.respond(g, action)
    if op.get("offer"):
        return trade.respond(g, action)
    if op.get("protecting"):
        out = emergency.protection_apply(g, action)
        _finish_turn(g, op["corp"])
        return out
    if op["connections"]:
        if t != "connection_run":
            g.wrong_phase("A connection run comes first (9.6.2).")
        corp = op["connections"].pop(0)
        try:
            out = destinations.apply(g, corp, action)
        except IllegalAction:
            op["connections"].insert(0, corp)      # refused: the run is still due
            raise
        stationwars.place(g, out["corporation"])                 # 9.6.8 (option)
        if not op["connections"] and (op["corp"] is None or op["corp"] in op["done"]):
            _next_corp(g)
        return out
    if op["discard"]:
        if t != "discard_train":
            g.wrong_phase("Corporations above the train limit must first return trains (2.4).")
        return _discard(g, action)
    if t not in ACTIONS:
        g.wrong_phase(f"'{t}' is not possible in an operating round.")
    corp = op["corp"]
    if action.get("corporation") != corp:
        g.fail(f"{corp} is operating now.", UNKNOWN_ID if action.get("corporation")
               not in s["corps"] else "not_allowed")
    if t in ("lay_tile", "dividend", "place_token", "run_routes") and op["ran"] or \
            t in ("lay_tile", "place_token", "run_routes") and op.get("revenue") is not None:
        g.fail(f"{corp} has already run its trains; track and stations come first (5.3).")
    if t == "lay_tile" and op.get("token"):
        g.fail("Track is laid before the station marker (5.3).")
    if t in ("done", "buy_train") and not op["ran"]:
        g.fail(f"{corp} must first run its trains and decide on the dividend (5.3).")
    return ACTIONS[t](g, action, corp)


def _done(g: "G1870State", action: Any, corp: str) -> dict:
    """The end of the turn (5.3, :func:`railyard.eighteen.operating.end_turn`), not while
    a train is owed (9.5.3)."""
    return core.end_turn(
        g, corp, {"type": "done", "player": action["player"], "corporation": corp},
        _finish_turn, f"{corp} has a route but no train and must buy one (9.5.3)."
        if emergency.must_buy(g, corp) else None)


def _finish_turn(g: "G1870State", corp: str) -> None:
    """After the train step: protection of the emergency sales (10.2.4), then the
    connection check (9.6.2), then the next corporation."""
    op = g.s["op"]
    op["protecting"] = emergency.next_protection(g)
    if op["protecting"] or g.s["ended"]:
        return
    op["connections"] = destinations.check(g, corp)          # 9.6.2
    if op["connections"]:
        return
    _next_corp(g)


def _dividend(g: "G1870State", action: Any, corp: str) -> dict:
    """5.3 (3)-(4): run the trains, then full, half or withhold (9.4); no revenue counts
    as withholding (5.4)."""
    kind = get_str(action, "kind")
    if kind not in dividends.KINDS:
        g.fail(f"The dividend must be one of {', '.join(dividends.KINDS)} (9.4).")
    rev = g.s["op"].pop("revenue", None)
    if rev is None:                  # no routes named: the engine's set (bots, old saves)
        rev = running.revenue(g, corp)
    _pay(g, corp, rev, kind)
    return {"type": "dividend", "player": action["player"], "corporation": corp,
            "kind": kind, "revenue": rev}


def _pay(g: "G1870State", corp: str, revenue: int, kind: str) -> None:
    """The dividend (:func:`.dividends.pay`) after the run; a corporation it closes (3.2.4)
    ends its turn."""
    op = g.s["op"]
    dividends.pay(g, corp, revenue, kind)
    op["ran"] = True
    if g.s["corps"][corp]["closed"]:
        core.end_turn(g, corp, {}, lambda g, corp: _next_corp(g))


def run_checked(g: "G1870State", corp: str, seat: int, named: list, revenues: dict) -> dict:
    """5.3 (3), 9.3: the president's ``named`` routes (checked: :func:`.routes.check_run`)
    earn ``revenues``; the dividend decision follows.  Earning nothing counts as
    withholding (5.4)."""
    total = sum(revenues.values())
    g.event("run", corp=corp, revenue=total, trains=[[t, r] for t, r in revenues.items()])
    if total > 0:
        g.s["op"]["revenue"] = total
    else:
        _pay(g, corp, 0, "withhold")
    return {"type": "run_routes", "player": seat, "corporation": corp, "routes": named,
            "revenue": total}


def _buy_train(g: "G1870State", action: Any, corp: str) -> dict:
    s = g.s
    c = s["corps"][corp]
    source = get_str(action, "source")
    if len(c["trains"]) >= train_limit(g) + (1 if action.get("exchange") else 0) \
            and not diesels.over_limit_purchase(g, corp):
        g.fail(f"{corp} is at the train limit of {train_limit(g)} (2.1, 9.5.1).")
    exchange = action.get("exchange")
    if exchange is not None and source != "depot":
        g.fail("Only a diesel from the bank is bought with a trade-in (12.2).")
    if source == "depot":
        t = diesels.depot_train(g, action.get("variant"))
        if t is None:
            g.fail("The bank has no train left.")
        price = t.price
        if exchange is not None:                                  # 12.2 (option)
            price = diesels.exchange_price(g, corp, t, get_str(action, "exchange"))
        _check_funds(g, corp, price)
        s["train_serial"] += 1
        tid = f"{t.name}-{s['train_serial']}"
        first = not any(ttype(x) == t.name for x in s.get("bought", []))
        s.setdefault("bought", []).append(tid)
    elif source in s["corps"]:
        return trade.buy(g, action, corp, source)              # 9.5.2
    elif source == "pool":
        tid = get_str(action, "train")
        if tid not in s["train_pool"]:
            g.fail(f"The bank pool has no train {tid}.", UNKNOWN_ID)
        price = train_price(g, tid)
        _check_funds(g, corp, price)
        first = False
    else:
        g.fail("The source must be 'depot', 'pool' or a corporation.")
    core.buy_train(g, corp, c["president"], tid, price, None, exchange)   # 9.5.4
    if first:
        _phase_change(g, ttype(tid))
    core.discard_if_over(g, corp, train_limit(g))  # train_limit_purchase_then_discard
    out = {"type": "buy_train", "player": action["player"], "corporation": corp,
           "source": source, "train": tid, "price": price}
    if source == "depot" and action.get("variant") is not None:
        out["variant"] = action["variant"]      # a diesel beside the next train (12.2): the
    if exchange is not None:                    # logged action buys it again on a load
        out["exchange"] = exchange
    return out


def _check_funds(g: "G1870State", corp: str, price: int) -> None:
    """9.5.4: the president helps only for a forced purchase of the cheapest train."""
    s = g.s
    c = s["corps"][corp]
    if c["cash"] >= price:
        return
    if not emergency.must_buy(g, corp) or price != emergency.cheapest(g):
        g.fail(f"The train costs ${price}; {corp} has ${c['cash']}.", UNAFFORDABLE)
    if c["cash"] + s["cash"][c["president"]] < price:
        g.fail(f"The train costs ${price}; the president must first sell shares (10.2).",
               UNAFFORDABLE)


def _discard(g: "G1870State", action: Any) -> dict:
    corp = g.s["op"]["discard"][0]
    if action.get("corporation") != corp:
        g.fail(f"{corp} must return a train first (2.4).")
    tid = get_str(action, "train")
    core.discard(g, corp, tid, train_limit(g))
    return {"type": "discard_train", "player": action["player"], "corporation": corp,
            "train": tid}


def _buy_private(g: "G1870State", action: Any, corp: str) -> dict:
    s = g.s
    sym = get_str(action, "company")
    if sym not in s["companies"]:
        g.fail(f"There is no private '{sym}'.", UNKNOWN_ID)
    price = get_int(action, "price")
    offers.check(g, s["op"], f"company:{sym}", price, f"{sym}'s owner", "it")
    rng = private_price_range(g, corp, sym)
    if rng is None:
        g.fail(f"{corp} cannot buy {sym} now (8.1, 8.2).")
    if not rng[0] <= price <= rng[1]:
        g.fail(f"{corp} may pay ${rng[0]} to ${rng[1]} for {sym} (8.1, 8.2).")
    owner = int(s["companies"][sym]["owner"][1:])
    out = {"type": "buy_private", "player": action["player"], "corporation": corp,
           "company": sym, "price": price}
    if owner != s["corps"][corp]["president"]:                # 8.1: the owner agrees
        s["op"]["private_offer"] = {"buyer": corp, "company": sym, "price": price}
        out["offer"] = True
        return out
    private_offer.transfer(g, corp, sym, price)
    return out


#: the operating corporation's actions, each ``(g, action, corp)`` -> the action as done,
#: once :func:`apply` checked the order of the turn (5.3)
ACTIONS = {
    "buy_private": _buy_private, "assign": lambda g, a, corp: privates.assign(g, corp, a),
    "run_routes": lambda g, a, corp: run_checked(
        g, corp, a["player"], *routes.check_run(g, corp, a.get("routes"))[:2]),
    "place_token": lambda g, a, corp: stations.place(g, corp, a), "dividend": _dividend,
    "emergency_sell": emergency.apply, "bankrupt": emergency.apply, "done": _done,
    "buy_train": _buy_train, "lay_tile": lambda g, a, corp: track.lay(g, corp, a)}
