"""The economics the planner bot judges by: what a train is worth to a company over its
life, what a phase rush costs each player, when to withhold, what a lay blocks, when to
sell before a company crashes.  Every function reads a position (an 1830 or 1870 state
copy) and asks the bot's :class:`~railyard.bots.strategic.Revenue` (the exact route
optimiser with a node budget) for revenues; nothing here changes the position it reads.
"""
from __future__ import annotations

from typing import Any

from ..strategic import (_defs, _type, cheapest_train, doomed, is_open, lasting_trains,
                         next_train, pct, train_limit, upcoming_types)

#: a treasury dollar spent on a train, against a dollar of revenue the train earns: money
#: in a treasury counts for no player's worth, but it pays the next train
MONEY_WEIGHT = 0.35
#: operating rounds a train that never rusts is counted to run
PERMANENT_LIFE = 7.0
#: a company saves for a train (withholds a run it could pay out) only when the train's
#: score is at least this many times the run
SAVE_RATIO = 1.0
#: runs in a row a company withholds to reach a train it would buy: in phase 5-6 of 1830
#: a company with one 3- or 4-train earning $150-200 needs three runs for a $630 6-train,
#: and one at the limit with two 5s earning $400 two runs for an $800 D with a train given
#: in; with two runs at most (session 12's rule) nobody saved, the bank broke in phase 5-6
#: and no D was ever bought.  Longer saving loses the phase to the companies that run
SAVE_RUNS = 3
#: the title's trade-in (type, price, types that may be given in): 1830 21.0 - a D-train
#: costs $800 instead of $1,100 with a 4-, 5- or 6-train given in, at the train limit too
#: (the train count does not grow; railyard.games.g1830.trains.d_exchanges)
TRADE_IN: dict[str, tuple[str, int, tuple[str, ...]]] = {"1830": ("D", 800, ("4", "5", "6"))}
#: titles where a company at its train limit keeps the price of the train it will need
#: before one of its trains rusts (:func:`rust_reserve`): it cannot buy now (no room, no
#: trade-in), so the money must be there when the rust makes room.  1870: the limit falls
#: to 2 in phase 4 and no train is traded in; in four-planner games every company sat at
#: the limit with 3-, 4- and 5-trains paying out $200-360 a run, the only 6 came from a
#: company with one train after seven withheld $110 runs, the rusted companies had
#: $20-400, and the bank broke in phase 5 (issue 22, branch i22p)
RUST_RESERVE = frozenset({"1870"})
#: titles where a company takes a train from another company of its president's that sits
#: at its train limit with the money for the bank's next train, so that the other company
#: has room to buy it (:func:`room_sale`; 1870 9.5.2: trains are sold between
#: corporations at any price of at least $1, even a company's last train).  In four-planner
#: games ending in phase 4 (issue 22, branch i22q) every 5 was sold, five companies at the
#: limit held $600-800 each and the first 6 ($630) was never bought: no company with room
#: had its price, and the bank broke
MAKE_ROOM = frozenset({"1870"})
#: the most of the next train's price the taking company pays above $1 so that the seller
#: reaches the price (:func:`room_sale`)
ROOM_TOP_UP = 0.25


def trains_before(g, ty: str) -> int | None:
    """Trains the bank sells before the first train of type ``ty`` (None: ``ty`` is not
    sold any more or never comes)."""
    dep = g.s["depot"]                                      # type -> count (None: any)
    n = 0
    for t in g.st.trains:
        if t.name == ty:
            return n
        left = dep.get(t.name)
        if left is None:
            return n + 99
        n += left
    return None


def buyers(g) -> float:
    """Trains bought per operating round, roughly: half of the floated companies."""
    n = sum(1 for v in g.s["corps"].values() if v["floated"] and not v.get("closed"))
    return max(1.0, 0.5 * n)


def life(g, ty: str) -> float:
    """Operating rounds a train of type ``ty`` bought now is expected to run."""
    r = _defs(g)[ty].rusts_on
    if r is None:
        return PERMANENT_LIFE
    before = trains_before(g, r)
    if before is None:
        return PERMANENT_LIFE
    ors = max(1, int(g.phase_info().get("operating_rounds", 1)))
    # the bank sells ``before`` trains before the rust; rounds come ``ors`` per stock round
    return max(0.5, min(PERMANENT_LIFE, before / buyers(g) * min(1.0, 2.0 / ors) + 0.5))


def first_of_type(g, ty: str) -> bool:
    """Buying a ``ty`` from the bank now is the first of its type (it starts a phase)."""
    up = upcoming_types(g)
    if not up or up[0] != ty:
        return False
    bought = g.s.get("bought_types")
    if bought is not None:
        return ty not in bought
    dep = g.s["depot"]
    total = next((t.count for t in g.st.trains if t.name == ty), None)
    if total is None:
        return False
    return dep.get(ty) == total


def rush_value(bot, g, corp: str, ty: str) -> float:
    """What the first ``ty`` train's phase costs the other players, on average, less what it
    costs the seat: the revenue of the trains it rusts over the rounds they would still have
    run, by each player's holding, and for a president whose company is left without a
    train and money the price of the cheapest train."""
    rusted = [t.name for t in g.st.trains if t.rusts_on == ty]
    if not rusted:
        return 0.0
    n = len(g.players)
    harm = [0.0] * n
    low = cheapest_train(g) or 0
    for c, v in g.s["corps"].items():
        if not v["floated"] or not is_open(g, c) or not v["trains"]:
            continue
        gone = [t for t in v["trains"] if _type(t) in rusted]
        if not gone:
            continue
        rev = bot.rev(g, c)
        loss = rev * len(gone) / len(v["trains"]) * 2.0
        for s in range(n):
            harm[s] += pct(g, c, s) / 100.0 * loss
        if len(gone) == len(v["trains"]) and c != corp and v["president"] is not None:
            gap = max(0, low - v["cash"])
            harm[v["president"]] += 0.5 * gap
    me = bot.seat
    others = [harm[s] for s in range(n) if s != me]
    return (sum(others) / max(1, len(others))) - harm[me]


def left_of_type(g, ty: str) -> int:
    """Trains of type ``ty`` the bank still sells (99: unlimited)."""
    left = g.s["depot"].get(ty, 0)
    return 99 if left is None else int(left)


def opens_next(g, ty: str) -> str | None:
    """The type the bank sells next once this ``ty`` is bought from it (the last of its
    type: buying it opens the next type, and perhaps its phase), else None."""
    up = upcoming_types(g)
    if len(up) < 2 or up[0] != ty or left_of_type(g, ty) != 1:
        return None
    return up[1]


def trade_in(g, corp: str) -> tuple[str, int, str] | None:
    """(type, price, train given in) of the title's trade-in (``TRADE_IN``) the company
    could make once it has the price: the type is offered or comes next after the bank's
    next type, and the company owns a train that may be given in (its shortest one);
    None otherwise."""
    t = TRADE_IN.get(g.title)
    if t is None:
        return None
    ty, p, given = t
    if ty not in upcoming_types(g)[:2]:
        return None
    own = [x for x in g.s["corps"][corp]["trains"] if _type(x) in given]
    if not own:
        return None
    return ty, p, min(own, key=lambda x: (_defs(g)[_type(x)].distance, x))


def train_score(bot, g, corp: str, ty: str, tprice: int, exchange: bool = False,
                depth: int = 0, given: str | None = None) -> float:
    """The value of buying a ``ty`` at ``tprice`` for ``corp`` now (> 0: worth buying).

    Besides the revenue the train adds over its life (less 0.35 x its price), the rush
    value of the first train of a type, and the bonuses for a company without a (lasting)
    train: a train that adds no revenue now, bought by a company that keeps enough money
    for the next type, counts a third of what it runs on its own (money in a treasury
    earns nothing; track will come); buying the last train of a type that the company
    can follow at once with the next type counts also 0.8 x the next type's score (the
    next phase comes, and the company has the new train first).  A trade-in (``exchange``)
    with the train ``given`` in known gains what the new train and the trains kept run
    beyond what the company runs now."""
    v = g.s["corps"][corp]
    n = len(v["trains"])
    have = bot.rev(g, corp)
    if exchange and given is not None and given in v["trains"]:
        kept = [_type(t) for t in v["trains"] if t != given]
        gain = bot.rev(g, corp, tuple(kept) + (ty,), own=False) - have
    else:
        gain = bot.rev(g, corp, (ty,)) - have
        if exchange:
            gain -= have / max(1, n)
    if gain <= 0 and n < 2:
        # track will come: half of what the train could run on its own, at least a token
        gain = max(0.5 * bot.rev(g, corp, (ty,), own=False), 15.0)
    lasting = lasting_trains(g, corp)
    after = v["cash"] - tprice
    nt = next_train(g)
    if gain <= 0 and n >= 1 and n + 1 < train_limit(g) and nt is not None and \
            after >= nt[1] and not _rusts_within(g, ty, 1):
        gain = max(gain, bot.rev(g, corp, (ty,), own=False) / 3.0)
    score = gain * life(g, ty) - MONEY_WEIGHT * tprice
    if not lasting:
        score += 300.0 if _defs(g)[ty].rusts_on not in upcoming_types(g)[:2] else 120.0
    if n == 0:
        score += 500.0
    if bot.cfg.get("rush") and first_of_type(g, ty):
        score += rush_value(bot, g, corp, ty)
    # keep what the company needs for its next lasting train when this one rusts soon
    r = _defs(g)[ty].rusts_on
    if r is not None and r in upcoming_types(g)[:2] and lasting == [] and n >= 1:
        if nt and after < nt[1] // 2:
            score -= 100.0
    nxt = opens_next(g, ty) if depth == 0 and not exchange else None
    if nxt is not None and n + 1 < train_limit(g):
        nprice = _defs(g)[nxt].price
        if after >= nprice:
            follow = train_score(bot, g, corp, nxt, nprice, depth=1)
            if follow > 0:
                score = max(score, 0.0) + 0.8 * follow
    return score


def room_sale(bot, g, corp: str, offers: list[tuple[str, str, int]]) -> tuple[str, str, int] | None:
    """(seller, train, price) of a train ``corp`` should take from another company of its
    president's to give that company room for the bank's next train (titles of
    ``MAKE_ROOM``; 1870 9.5.2), else None.  ``offers`` are the (seller, train, highest
    price) the rules offer ``corp`` from the seat's other companies.  The seller sits at
    its train limit and can pay the bank's next type (with a top-up from ``corp`` of at
    most ``ROOM_TOP_UP`` of its price), and it would buy it in place of the train it
    gives (:func:`train_score` as a trade of that train, > 0); it gives its train that
    rusts first (then the shortest).  ``corp`` has room and pays $1 (or the top-up): the
    money stays in the seat's treasuries and ``corp`` runs the train until it rusts."""
    if g.title not in MAKE_ROOM:
        return None
    v = g.s["corps"][corp]
    limit = train_limit(g)
    nt = next_train(g)
    if nt is None or len(v["trains"]) >= limit:
        return None
    ty, p = nt
    defs = _defs(g)
    order = [t.name for t in g.st.trains]

    def rusts_first(tid: str) -> tuple:
        r = defs[_type(tid)].rusts_on
        return (order.index(r) if r in order else len(order), defs[_type(tid)].distance, tid)

    best = None
    for seller in dict.fromkeys(o for o, _, _ in offers):
        sv = g.s["corps"][seller]
        if len(sv["trains"]) < limit:
            continue
        top = max(1, p - sv["cash"])
        if top > 1 and (top > ROOM_TOP_UP * p or top > v["cash"]):
            continue
        given = [(t, hi) for o, t, hi in offers if o == seller and hi >= top]
        if not given:
            continue
        tid = min(given, key=lambda x: rusts_first(x[0]))[0]
        if defs[_type(tid)].price >= p:
            continue
        score = train_score(bot, g, seller, ty, p, exchange=True, depth=1, given=tid)
        if score > 0 and (best is None or score > best[0]):
            best = (score, seller, tid, top)
    return None if best is None else best[1:]


def _rusts_within(g, ty: str, k: int) -> bool:
    """A ``ty`` rusts when one of the next ``k`` types the bank sells is bought."""
    r = _defs(g)[ty].rusts_on
    return r is not None and r in upcoming_types(g)[1:1 + k]


def save_for(bot, g, corp: str) -> tuple[int, float] | None:
    """(price, score) of the train the company should save for: the cheapest train on
    offer it cannot pay now, has room for, and would buy (:func:`train_score` > 0); at the
    train limit the title's trade-in (:func:`trade_in`: 1830's D for $800 with a 4, 5 or 6
    given in) when it would buy it; None if there is none."""
    v = g.s["corps"][corp]
    if len(v["trains"]) >= train_limit(g):
        ti = trade_in(g, corp)
        if ti is None or ti[1] <= v["cash"]:
            return None
        score = train_score(bot, g, corp, ti[0], ti[1], exchange=True, depth=1, given=ti[2])
        return (ti[1], score) if score > 0 else None
    offers = {}
    nt = next_train(g)
    if nt:
        offers[nt[0]] = nt[1]
    for tid in g.s["train_pool"]:
        ty = _type(tid)
        offers[ty] = min(offers.get(ty, 10 ** 6), _defs(g)[ty].price)
    best = None
    for ty, p in sorted(offers.items(), key=lambda x: x[1]):
        if p <= v["cash"]:
            continue
        score = train_score(bot, g, corp, ty, p, depth=1)
        if score > 0:
            best = (p, score)
            break
    return best


def last_rounds(g, revenue: int) -> bool:
    """The game ends with this set of operating rounds: the bank is broken, or runs of this
    size by every floated company over the rounds left in the set would break it (then
    a treasury's money counts for nobody, a dividend for its holders)."""
    if g.s.get("bank_broken"):
        return True
    bank = g.s.get("bank")
    if bank is None:
        return False
    n = sum(1 for v in g.s["corps"].values() if v["floated"] and not v.get("closed"))
    left = max(1, int(g.s.get("or_total") or 1) - int(g.s.get("or_num") or 1) + 1)
    return bank < revenue * n * left


def withhold_for(bot, g, corp: str, revenue: int) -> int:
    """Money the company should keep from this run (0: pay out).  It withholds when it has
    no lasting train and lacks the cheapest one, with at most one train when the run
    pays the next train it can use, and when there is a train it has room for and would
    buy (:func:`save_for`, its score at least ``SAVE_RATIO`` x the run) that this run
    pays, or that two runs pay when it is the first of a new type (the rush) or the
    company's trains all rust soon, or that up to ``SAVE_RUNS`` runs pay when it is a
    train that never rusts (the title's trade-in at the train limit too,
    :func:`trade_in`) and the bank lasts those runs (the late train rush); at the train
    limit, in the titles of ``RUST_RESERVE``, the price of the train it will need when
    one of its trains rusts (:func:`rust_reserve`); never when the bank is nearly broken,
    nor, for a company that owns a train, in the game's last operating rounds
    (:func:`last_rounds`)."""
    if revenue <= 0:
        return 0
    v = g.s["corps"][corp]
    bank = g.s.get("bank", 10 ** 6)
    if bank < 4 * revenue or (v["trains"] and last_rounds(g, revenue)):
        return 0
    low = cheapest_train(g)
    if low is None:
        return 0
    if not lasting_trains(g, corp):
        return max(0, low - v["cash"])
    keep = rust_reserve(g, corp, revenue)
    if keep:
        return keep
    if len(v["trains"]) <= 1 and len(v["trains"]) < train_limit(g):
        nt = next_train(g)
        if nt and v["cash"] < nt[1] <= v["cash"] + revenue:
            return nt[1] - v["cash"]
    # a train it has room for and would buy: this run pays it now, or two runs pay the
    # first of a new type (the rush) or a company whose trains all rust soon
    saving = save_for(bot, g, corp)
    # the run given up must be worth it: the train's score at least SAVE_RATIO x the run
    # (against bots that pay out, every run withheld is worth the seat's players lose)
    if saving is not None and saving[1] >= SAVE_RATIO * revenue:
        want = saving[0]
        if want <= v["cash"] + revenue:
            return want - v["cash"]
        up = upcoming_types(g)
        rush = bool(up) and _defs(g)[up[0]].price == want and first_of_type(g, up[0])
        if want <= v["cash"] + 2 * revenue and (rush or len(lasting_trains(g, corp)) == 0):
            return revenue
        # the train rush of the late phases: up to SAVE_RUNS runs for a train that never
        # rusts (the title's trade-in at the limit too), while the bank lasts that many
        # runs of every company
        runs = -(-(want - v["cash"]) // revenue)
        ty = _saved_type(g, corp, want)
        if ty is not None and _lasts(g, ty) and runs <= SAVE_RUNS and \
                not _bank_runs_out(g, revenue, runs):
            return revenue
    return 0


def rust_reserve(g, corp: str, revenue: int) -> int:
    """Money the company keeps from this run (0: none) because it sits at its train limit
    with a train that rusts when one of the bank's next two types is bought (a
    ``doomed`` train, beside at least one lasting train) and its treasury lacks the train
    it will then likely pay (:func:`need_price`); only in the titles of ``RUST_RESERVE``,
    and only while up to ``SAVE_RUNS`` runs reach the price before the bank breaks
    (:func:`_bank_runs_out`).  The rust gives the room; the company buys at once, and the
    next phase follows sooner."""
    if g.title not in RUST_RESERVE:
        return 0
    v = g.s["corps"][corp]
    if len(v["trains"]) < train_limit(g) or not any(doomed(g, t) for t in v["trains"]):
        return 0
    need = need_price(g)
    if need is None or v["cash"] >= need:
        return 0
    runs = -(-(need - v["cash"]) // revenue)
    if runs > SAVE_RUNS or _bank_runs_out(g, revenue, runs):
        return 0
    return min(revenue, need - v["cash"])


def _saved_type(g, corp: str, want: int) -> str | None:
    """The type of the train :func:`save_for` found at price ``want``: the title's trade-in
    at the train limit, else the bank's next type or a pool train at that price."""
    if len(g.s["corps"][corp]["trains"]) >= train_limit(g):
        ti = trade_in(g, corp)
        return ti[0] if ti is not None and ti[1] == want else None
    nt = next_train(g)
    if nt and nt[1] == want:
        return nt[0]
    return next((_type(t) for t in g.s["train_pool"] if _defs(g)[_type(t)].price == want),
                None)


def _lasts(g, ty: str) -> bool:
    """A ``ty`` never rusts: the runs given up for it buy revenue for the rest of the game
    (for a train that rusts a phase or two later, two runs at most)."""
    return _defs(g)[ty].rusts_on is None


def _bank_runs_out(g, revenue: int, runs: int) -> bool:
    """The bank would break within ``runs`` more runs of this size by every floated
    company (the money saved would buy nothing before the end)."""
    bank = g.s.get("bank")
    if bank is None:
        return False
    n = sum(1 for v in g.s["corps"].values() if v["floated"] and not v.get("closed"))
    return bank < revenue * n * (runs + 1)


def rivals_near(bot, g, corp: str, near: dict) -> list[str]:
    """Other players' companies with a station within the hexes near ``corp``'s."""
    out = []
    for h, cities in g.s["tokens"].items():
        if h not in near:
            continue
        for held in cities:
            for c in held or ():
                if c != corp and c in g.s["corps"] and c not in out:
                    pres = g.s["corps"][c]["president"]
                    if pres is not None and pres != bot.seat:
                        out.append(c)
    return out


def blocked(bot, g, w, rivals: list[str]) -> float:
    """Revenue the lay or station (``g`` -> ``w``) takes from the rivals' trains, weighted by
    how much of each the seat does not own."""
    total = 0.0
    for c in rivals:
        if not g.s["corps"][c]["trains"]:
            continue
        lost = bot.rev(g, c) - bot.rev(w, c)
        if lost > 0:
            total += lost * (1.0 - pct(g, c, bot.seat) / 100.0)
    return total


#: trains of the bank's next type left at which a company operating later is not counted
#: on to get one (the others buy them first): it will have to pay the type after
SCARCE = 2


def need_price(g) -> int | None:
    """What a company that needs a train will likely pay for it: the cheapest train on
    offer (the bank's next type or a pool train), but when at most ``SCARCE`` trains of
    the bank's next type are left, the price of the type after (in the 1830 games against
    ``basic`` bots the last 5- and 6-trains went to the companies operating first, and a
    company that had counted on one bought a $1,100 D-train with its president's money)."""
    up = upcoming_types(g)
    defs = _defs(g)
    offers = [defs[_type(t)].price for t in g.s["train_pool"]]
    if up:
        p = defs[up[0]].price
        if len(up) > 1 and left_of_type(g, up[0]) <= SCARCE:
            p = defs[up[1]].price
        offers.append(p)
    return min(offers) if offers else None


#: trains the bank sells before a train's rusting type at which the train counts as
#: soon gone for :func:`at_risk` (in an 1830 game the planner bought a third share of a
#: company whose 4-trains rusted two operating rounds later, with four trains before the D)
RISK_TRAINS = 4


def soon_rusting(g, tid: str) -> bool:
    """The train rusts when one of the next two types is bought, or after at most
    ``RISK_TRAINS`` more trains from the bank."""
    r = _defs(g)[_type(tid)].rusts_on
    if r is None:
        return False
    if r in upcoming_types(g)[:2]:
        return True
    before = trains_before(g, r)
    return before is not None and before <= RISK_TRAINS


def at_risk(g, corp: str, wide: bool = True) -> bool:
    """A floated company heading for a crash: all its trains rust soon
    (:func:`soon_rusting`; with ``wide`` False only those that rust when one of the next
    two types is bought) and its treasury lacks :func:`need_price` - its president will
    have to pay the train, withhold, or sell the presidency on (a dump)."""
    v = g.s["corps"][corp]
    if not v["floated"] or not is_open(g, corp):
        return False
    if not wide and lasting_trains(g, corp):
        return False
    if not all(soon_rusting(g, t) for t in v["trains"]):
        return False
    need = need_price(g)
    return need is not None and v["cash"] < need


def dump_target(g, corp: str, seat: int, extra: int = 0) -> bool:
    """With ``extra`` more percent the seat would hold at least 20 % of another player's
    company and at least as much as every other non-president: the holder the president
    can make president by selling (1830 13.3, 1870 7.4)."""
    pres = g.s["corps"][corp]["president"]
    if pres is None or pres == seat:
        return False
    mine = pct(g, corp, seat) + extra
    if mine < 20:
        return False
    others = [pct(g, corp, s) for s in range(len(g.players)) if s not in (seat, pres)]
    return mine >= max(others, default=0)


def sell_before_crash(bot, g, sells: list[Any]):
    """Sells the shares of another player's company that has no train, lacks the money for
    the cheapest and will withhold or sink: the price falls, the dividends stop.  Of a
    company :func:`at_risk` whose president could dump it on the seat
    (:func:`dump_target`), sells down to one share (in the 1830 games against ``basic``
    bots the planner was made president of such companies and paid their D-trains)."""
    low = cheapest_train(g)
    if low is None:
        return None
    for c in sells:
        corp = c.fixed.get("corporation")
        v = g.s["corps"].get(corp)
        if v is None or v["president"] == bot.seat or not v["floated"] or v["trains"]:
            continue
        if v["cash"] >= low:
            continue
        lo, hi = c.ranges.get("count", (1, 1))
        return {**c.base(), "count": hi}
    for c in sells:
        corp = c.fixed.get("corporation")
        v = g.s["corps"].get(corp)
        if v is None or v["president"] == bot.seat or not at_risk(g, corp):
            continue
        if not dump_target(g, corp, bot.seat):
            continue
        lo, hi = c.ranges.get("count", (1, 1))
        want = (pct(g, corp, bot.seat) - 10) // 10
        if want >= lo:
            return {**c.base(), "count": max(lo, min(hi, want))}
    return None
