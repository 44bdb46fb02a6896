"""The stock round's listing (``stock.share_options``: ``legal_actions()``, the random
playout and ``stock._has_action``) and ``private_sale.has_offer`` must equal the
rule-by-rule listings they stand for (:func:`reference`, built from ``buy_error``,
``par_error``, ``sell_error``, ``mh_exchange_error`` and the certificate limit;
``private_sale.choices``) for
every seat, on the positions of random games and on those positions shaken at random
(cash, price cells in every zone, the turn's purchase and sales, holdings moved), so
that limits, zones and rare cases are met many times."""
from __future__ import annotations

import random

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.games.g1830 import private_sale, stock
from railyard.games.g1830.data import PAR_PRICES
from railyard.games.g1830.state import G1830State

SHARE_KINDS = ("buy_share", "par", "sell_shares")


def reference(g: G1830State, seat: int) -> list[tuple]:
    """The share choices of ``seat``, rule by rule: per company the sources ``buy_error``
    accepts or the par prices ``par_error`` accepts, then the largest count ``sell_error``
    accepts (every smaller one accepted too); the exchanges ``mh_exchange_error``
    accepts; the pass unless the player is over the certificate limit and can sell a share
    that counts (10.0)."""
    out: list[tuple] = []
    for corp, c in g.s["corps"].items():
        if c["pos"] is not None:
            out += [("buy_share", corp, src) for src in ("ipo", "pool")
                    if stock.buy_error(g, seat, corp, src) is None]
        else:
            out += [("par", corp, p) for p in PAR_PRICES
                    if stock.par_error(g, seat, corp, p) is None]
        ok = [k for k in range(1, 11) if stock.sell_error(g, seat, corp, k) is None]
        assert ok == list(range(1, len(ok) + 1)), (corp, ok)
        if ok:
            out.append(("sell_shares", corp, len(ok)))
    out += [("exchange", src) for src in ("ipo", "pool")
            if stock.mh_exchange_error(g, seat, src) is None]
    if not (g.cert_count(seat) > g.cert_limit()
            and any(o[0] == "sell_shares" and g.counts(o[1]) for o in out)):
        out.append(("pass",))
    return out


def shake(g: G1830State, rng: random.Random) -> G1830State:
    """A copy of ``g`` with some of what the stock listing reads changed at random (not
    always a reachable position: both listings read the same rules)."""
    g = g.clone()
    s = g.s
    n = len(g.players)
    grid = g.st.market.grid
    cells = [[r, k] for r, row in enumerate(grid) for k, c in enumerate(row) if c is not None]
    for seat in range(n):
        if rng.random() < 0.5:
            s["cash"][seat] = rng.choice([0, 1, 60, 134, 150, 200, 400, 1000, 3000])
    for corp, c in s["corps"].items():
        if c["pos"] is not None and rng.random() < 0.4:
            g.set_pos(corp, rng.choice(cells))
        h = s["holders"][corp]
        if rng.random() < 0.3:                       # a 10 % share changes hands
            src = rng.choice([k for k, v in h.items() if any(not x.endswith("_0") for x in v)])
            dst = rng.choice(["ipo", "pool"] + [str(p) for p in range(n)])
            cert = next(x for x in h[src] if not x.endswith("_0"))
            h[src].remove(cert)
            h.setdefault(dst, []).append(cert)
    r = s["stock"]
    if r is not None:
        if rng.random() < 0.3:
            corp = rng.choice([None] + [c for c, v in s["corps"].items()
                                        if v["pos"] is not None])
            r["buys"] = [] if corp is None else [["pool", corp]]
        if rng.random() < 0.3:
            seat = rng.randrange(n)
            r["sold_round"].setdefault(str(seat), []).append(rng.choice(list(s["corps"])))
    if rng.random() < 0.2:
        s["sr"] = rng.choice([1, 2, 5])
    if rng.random() < 0.2:
        comp = s["companies"][rng.choice(list(s["companies"]))]
        comp["owner"] = rng.choice([None, "cPRR"] + [f"p{p}" for p in range(n)])
        comp["closed"] = rng.random() < 0.3
    return g


def positions(seed: int, players: int, options: dict):
    g = G1830State([f"P{i}" for i in range(players)], seed, options)
    bot = RandomBot(seed)
    while g.current_player is not None:
        yield g
        g.apply(bot.choose(g))


def check(g: G1830State) -> int:
    checked = 0
    n = len(g.players)
    for seat in range(n):
        if g.s["round"] == "stock" and g.s["stock"]["offer"] is None:
            want = reference(g, seat)
            assert stock.share_options(g, seat) == want, seat
            first = stock.share_options(g, seat, first=True)
            assert bool(first) == any(o[0] in SHARE_KINDS for o in want), seat
            assert not first or first[0] == next(o for o in want if o[0] in SHARE_KINDS)
            checked += 1
        assert private_sale.has_offer(g, seat) == bool(private_sale.choices(g, seat)), seat
    return checked


@pytest.mark.parametrize("seed,players,options", [
    (1, 4, {}), (2, 3, {}), (3, 5, {"multiple_brown_from_ipo": True}), (4, 6, {}),
    (5, 2, {}), (6, 4, {"multiple_brown_from_ipo": True, "withhold_moves_at_once": True})])
def test_fast_stock_listing_equals_the_rule_by_rule_listing(seed, players, options):
    rng = random.Random(seed)
    checked = shaken = 0
    for g in positions(seed, players, options):
        checked += check(g)
        if g.s["round"] == "stock" and rng.random() < 0.5:
            shaken += check(shake(g, rng))
    assert checked > 300 and shaken > 100


@pytest.mark.parametrize("held,other", [(8, 0), (8, 2), (7, 0), (6, 2), (9, 0)])
def test_fast_listing_with_an_empty_pool_and_a_large_holding(held, other):
    """The pool's 50 % (12.0b) when the pool is empty: a holding of more than five shares
    is listed as a sale of at most five (the fast listing once offered the whole
    holding, less the president's certificate)."""
    g = next(h for h in positions(7, 4, {}) if h.s["round"] == "stock" and h.s["sr"] > 1
             and h.s["stock"]["offer"] is None)
    g = g.clone()
    s = g.s
    seat = s["stock"]["turn"]
    corp = next(c for c, v in s["corps"].items() if v["pos"] is not None)
    h = s["holders"][corp]
    certs = [x for v in h.values() for x in v]
    for k in h:
        h[k] = []
    pres = corp + "_0"
    shares = sorted(x for x in certs if x != pres)
    h[str(seat)] = [pres] + shares[:held - 2]
    h[str((seat + 1) % 4)] = shares[held - 2:held - 2 + other]
    h["ipo"] = shares[held - 2 + other:]
    s["corps"][corp]["president"] = seat
    s["stock"]["sold_round"].pop(str(seat), None)
    want = reference(g, seat)
    assert stock.share_options(g, seat) == want
    sale = next(o for o in want if o[0] == "sell_shares" and o[1] == corp)
    assert sale[2] <= 5


def test_has_action_is_any_share_action_or_offer():
    """``stock._has_action`` (the turn stays open) as it was written before the fast
    listing: some purchase, par or sale, else an offer of a private."""
    rng = random.Random(9)
    seen = {True: 0, False: 0}
    for g in positions(9, 4, {}):
        if g.s["round"] != "stock" or g.s["stock"]["offer"] is not None:
            continue
        for h in (g, shake(g, rng)):
            for seat in range(4):
                want = any(o[0] in SHARE_KINDS for o in reference(h, seat)) or \
                    bool(private_sale.choices(h, seat))
                assert stock._has_action(h, seat) == want
                seen[want] += 1
    assert seen[True] > 100 and seen[False] > 20


# ---- the operating round's listing of the random playout -----------------------------
def canon_choice(c) -> tuple:
    fixed = {k: v for k, v in c.fixed.items() if k != "routes"}
    return (c.type, c.player, fixed, dict(c.ranges))


def canon_option(g: G1830State, o: tuple) -> tuple:
    from railyard.games.g1830 import track
    kind = o[0]
    if kind == "deal":
        return (o[1], g.s["op"]["deal"]["to"], {}, {})
    corp = g.s["op"]["corp"]
    seat = g.s["corps"][corp]["president"]
    if kind == "lay_tile":
        err, mapping = track.lay_error(g, corp, o[1], o[2], o[3])
        assert err is None and mapping == o[4], o
        return (kind, seat, {"hex": o[1], "tile": o[2], "rotation": o[3]}, {})
    if kind == "place_token":
        return (kind, seat, {"hex": o[1], "city": o[2]}, {})
    if kind in ("pass", "run_routes"):
        return (kind, seat, {}, {})
    if kind == "dividend":
        return (kind, seat, {"kind": o[1]}, {})
    if kind == "buy_train":
        fixed = {"train": o[1], "price": o[2]}
        if o[3] is not None:
            fixed["exchange"] = o[3]
        return (kind, seat, fixed, {})
    if kind == "buy_from":
        assert o[1] in g.s["corps"][o[2]]["trains"] and o[2] != corp
        return ("buy_train", seat, {"train": o[1]}, {"price": (o[3], o[4])})
    if kind == "buy_company":
        return (kind, seat, {"company": o[1]}, {"price": (o[2], o[3])})
    assert kind == "exchange"
    return (kind, seat, {"company": "MH", "source": o[1]}, {})


def shake_operating(g: G1830State, rng: random.Random) -> G1830State:
    """A copy with the operating company's and its president's cash changed (purchases of
    trains and privates, D-trains, the president's money)."""
    g = g.clone()
    s = g.s
    corp = s["op"]["corp"]
    c = s["corps"][corp]
    c["cash"] = rng.choice([0, 1, 40, 80, 100, 180, 300, 450, 630, 800, 1100, 2000])
    if rng.random() < 0.5:
        s["cash"][c["president"]] = rng.choice([0, 50, 300, 1000])
    return g


def check_operating(g: G1830State) -> bool:
    from railyard.games.g1830 import track
    from railyard.games.g1830.playout import operating_options
    corp = g.s["op"]["corp"]
    if corp is not None:            # advance asks only whether there is a token target
        assert track.token_targets(g, corp, first=True) == track.token_targets(g, corp)[:1]
    opts = operating_options(g)
    if opts is None:
        return False
    want = [canon_choice(c) for c in g.legal_actions() if c.type != "offer_private"]
    assert [canon_option(g, o) for o in opts] == want
    return True


@pytest.mark.parametrize("seed,players,options", [
    (21, 4, {}), (22, 3, {"agreed_prices_need_consent": False}), (23, 5, {}),
    (29, 4, {"train_limit_purchase_then_discard": True, "withhold_moves_at_once": True}),
    (25, 6, {"route_may_start_and_end_in_one_red_area": True})])
def test_playout_operating_listing_equals_legal_actions(seed, players, options):
    rng = random.Random(seed)
    seen: dict = {}
    for g in positions(seed, players, options):
        if g.s["round"] != "operating":
            continue
        step = "deal" if g.s["op"].get("deal") else g.s["op"]["step"]
        if check_operating(g):
            seen[step] = seen.get(step, 0) + 1
            if rng.random() < 0.3:
                check_operating(shake_operating(g, rng))
    for step in ("track", "token", "routes", "dividend", "buy_train", "buy_company", "deal"):
        if step != "deal" or options.get("agreed_prices_need_consent", True):
            assert seen.get(step, 0) >= 1, (step, seen)
    assert seen["track"] > 5 and seen["buy_train"] > 20
