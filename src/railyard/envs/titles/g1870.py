"""1870's encoder: fixed action ids, mask and observation (layouts: docs/research-18xx.md).

Action keys, in id order (``n`` players; the buckets are :mod:`.eighteen`'s):

- ``("pass",)`` every pass (auction, stock turn, end of the stock turn); ``("done",)`` the
  operating corporation ends its turn (5.3);
- ``("buy_private", P)`` the first private at its price (4.1); ``("bid", P, j)`` the lowest
  bid allowed + BID_OFFSETS[j] (4.2, 4.3);
- ``("par", C, price)`` (6.1; the SLSF's par after the auction too);
  ``("buy_share", C, "ipo"|"pool")``; ``("sell_shares", C, k)`` k = 1..10;
- ``("redeem", C, source)`` source "pool" or a player's seat (7.3); ``("reissue", C)``
  (7.4); ``("accept_offer",)``, ``("refuse_offer",)`` the answer to any offer (a private
  between players 6.3.1 or to a corporation 8.1, a redemption 7.3.4, a train 9.5.2);
  ``("protect",)``, ``("decline",)`` price protection (6.2);
- ``("offer_private", P, j)`` a player's offer for another player's private (6.3.1) at
  price bucket j (0 = $1, j >= 1 = face x PRICE_FRACTIONS[j-1]);
  ``("corp_buy_private", P, j)`` the operating corporation buys a private (8.1, 8.2):
  bucket 0 = the lowest price allowed;
- ``("lay_tile", hex, tile, rotation)`` every hex x every tile that can ever lie there x 6
  rotations; ``("lay_tile_mrbc", hex, tile, rotation)`` the same with the MRBC's discount
  or free home tile (11.2) on the Mississippi hexes and the MP/SSW homes;
- ``("place_token", hex, city)``; ``("assign", "cattle"|"port", hex)`` (11.3, 11.4);
- ``("run_routes",)``: run the optimal routes - the exact route optimiser
  (``routing.solve``, the browser's "auto" button) is called when the id is turned into
  an action; option ``routes="engine"``: the engine's own set;
- ``("dividend", "full"|"half"|"withhold")`` (9.4); ``("connection_run", "map"|"charter",
  "full"|"withhold")`` (9.6: the destination marker's place and the payout; the run uses
  the engine's best set);
- ``("buy_train", "depot", "", "")`` the next train (9.5.1); ``("buy_train", "diesel", "",
  given)`` a diesel, given = the type traded in or "" (12.2, option); ``("buy_train",
  "pool", type, "")``; ``("buy_train_from", C, type, j)`` from another corporation at
  price bucket j (0 = $1, j >= 1 = face x PRICE_FRACTIONS[j-1]) (9.5.2);
- ``("emergency_sell", C, k)`` k = 1..10 (10.2); ``("bankrupt",)`` (10.3);
  ``("discard_train", type)`` (2.4).

The players' agreement to end the game (``end_game``) is not a rule of the rulebook and
has no id.
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ...engine.actions import Choice
from ...games.g1870 import dividends, playout, privates, track
from ...games.g1870.auction import PRIVATE_ORDER
from ...games.g1870.diesels import DIESEL
from . import eighteen as e

SOURCES = ("depot", "diesel", "pool")


class Encoder1870(e.Encoder18xx):
    slug = "1870"
    #: random play through the ids that has not ended after this many actions is cut off;
    #: the result is then each player's worth (10.4.1) at that moment
    action_cap = 8000
    #: :meth:`sample_id`'s lean: the random bot's (games/g1870/lean.py) per family
    family_weight = {
        "buy_private": 3.0, "bid": 1.0, "par": 4.0, "buy_share": 6.0, "sell_shares": 0.2,
        "redeem": 0.2, "reissue": 0.2, "lay_tile": 3.0, "lay_tile_mrbc": 3.0,
        "buy_train": 6.0, "buy_train_from": 0.6, "offer_private": 0.15,
        "corp_buy_private": 0.15}

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        from ...engine.registry import get_title
        opts = dict(options or {})
        self.routes = opts.pop("routes", "optimal")
        if self.routes not in ("optimal", "engine"):
            raise ValueError("routes must be 'optimal' or 'engine'")
        if not 2 <= int(players) <= 7:
            raise ValueError("1870 is played by 2 to 7 players")
        self.info = get_title("1870")
        proto = self.info.factory([f"p{i}" for i in range(int(players))], 0, opts)
        self.game_options = dict(proto.options)
        self.st = proto.st
        types = [t.name for t in self.st.trains]
        if DIESEL not in types:
            types.append(DIESEL)
        board = self.st.board

        def fits(h: str, cur, new) -> bool:
            return (track.label_ok(h, new) and board.colour_may_follow(cur, new)
                    and new.n_cities == cur.n_cities and new.n_towns == cur.n_towns)

        self.core = e.Core(self.st, int(players), [p["name"] for p in self.st.phases], types,
                           list(PRIVATE_ORDER), fits,
                           ("initial offering price / 100", "reissued", "closed",
                            "treasury (redeemed) percent / 100", "destination reached",
                            "destination marker: on the map"))
        super().__init__(players, opts)

    # ---- action space ---------------------------------------------------------------
    def _build_actions(self) -> None:
        core, add, st = self.core, self._add, self.st
        corps = core.corps
        n = self.players
        NB = len(e.PRICE_FRACTIONS) + 1
        add("pass")
        add("done")
        for p in PRIVATE_ORDER:
            add("buy_private", p)
        for p in PRIVATE_ORDER:
            for j in range(len(e.BID_OFFSETS)):
                add("bid", p, j)
        for c in corps:
            for price in st.par_prices:
                add("par", c, price)
        for c in corps:
            for src in ("ipo", "pool"):
                add("buy_share", c, src)
        for c in corps:
            for k in range(1, e.MAX_COUNT + 1):
                add("sell_shares", c, k)
        for c in corps:
            for src in ["pool"] + [str(p) for p in range(n)]:
                add("redeem", c, src)
            add("reissue", c)
        for t in ("accept_offer", "refuse_offer", "protect", "decline"):
            add(t)
        for p in PRIVATE_ORDER:
            for j in range(NB):
                add("offer_private", p, j)
        for p in PRIVATE_ORDER:
            for j in range(NB):
                add("corp_buy_private", p, j)
        for h in core.tile_hexes:
            for t in core.cands[h]:
                for rot in range(6):
                    add("lay_tile", h, t, rot)
        mrbc = set(track._hexes_mrbc()) | {st.corps[c].home for c in ("MP", "SSW")}
        for h in core.tile_hexes:
            if h in mrbc:
                for t in core.cands[h]:
                    for rot in range(6):
                        add("lay_tile_mrbc", h, t, rot)
        for h in core.token_hexes:
            for city in range(self._cities(h)):
                add("place_token", h, city)
        for h in privates.CATTLE_HEXES:
            add("assign", "cattle", h)
        for h in privates.PORT_HEXES:
            add("assign", "port", h)
        add("run_routes")
        for k in dividends.KINDS:
            add("dividend", k)
        for m in ("map", "charter"):
            for k in ("full", "withhold"):
                add("connection_run", m, k)
        add("buy_train", "depot", "", "")
        add("buy_train", "diesel", "", "")
        for given in core.types:
            add("buy_train", "diesel", "", given)
        for t in core.types:
            add("buy_train", "pool", t, "")
        for c in corps:
            for t in core.types:
                for j in range(NB):
                    add("buy_train_from", c, t, j)
        for c in corps:
            for k in range(1, e.MAX_COUNT + 1):
                add("emergency_sell", c, k)
        add("bankrupt")
        for t in core.types:
            add("discard_train", t)

    @property
    def id_factor(self) -> dict[int, float]:
        return {self.ids[("dividend", "full")]: 4.0}

    def _cities(self, h: str) -> int:
        board = self.st.board
        return max([board.hexes[h].printed.n_cities] + [
            board.tiles[t].n_cities for t in self.core.cands.get(h, ())])

    # ---- listing -----------------------------------------------------------------------
    def _entries(self, g: Any) -> dict:
        """The position listed as the playout lists it (:func:`playout.listing`: the
        ``run_routes`` choice without its route set, the tile lays as groups of hex, tile
        and rotations, made entries here without Choices)."""
        choices, groups = playout.listing(g)
        entries: dict[int, tuple] = {}
        ctx: dict = {}
        for ch in choices:
            for i, extra in self._ids_of(g, ch, ctx):
                if i not in entries:            # equal trains: the first one listed
                    entries[i] = (ch.type, ch.player, ch.fixed, extra)
        if groups:
            corp = g.s["op"]["corp"]
            pres = g.s["corps"][corp]["president"]
            ids = self.ids
            for h, name, rots in groups:
                for rot in rots:
                    entries[ids[("lay_tile", h, name, rot)]] = (
                        "lay_tile", pres, {"corporation": corp, "hex": h, "tile": name,
                                           "rotation": rot}, None)
        return entries

    def _ids_of(self, g: Any, c: Choice, ctx: dict) -> list[tuple[int, dict | None]]:
        ids = self.ids
        t = c.type
        f = c.fixed
        if t == "lay_tile":
            kind = "lay_tile_mrbc" if f.get("mrbc") else "lay_tile"
            return [(ids[(kind, f["hex"], f["tile"], f["rotation"])], None)]
        if t in ("pass", "done", "run_routes", "bankrupt", "accept_offer", "refuse_offer",
                 "protect", "decline"):
            return [(ids[(t,)], None)]
        if t == "place_token":
            return [(ids[("place_token", f["hex"], f["city"])], None)]
        if t == "buy_share":
            return [(ids[("buy_share", f["corporation"], f["source"])], None)]
        if t in ("sell_shares", "emergency_sell"):
            lo, hi = c.ranges["count"]
            corp = f["corporation"] if t == "sell_shares" else f["shares"]
            return [(ids[(t, corp, k)], {"count": k}) for k in range(lo, min(hi, e.MAX_COUNT) + 1)]
        if t == "par":
            return [(ids[("par", f["corporation"], f["price"])], None)]
        if t == "bid":
            lo, hi = c.ranges["amount"]
            return [(ids[("bid", f["company"], j)], {"amount": a})
                    for j, a in e.bid_buckets(lo, hi)]
        if t == "buy_private":
            sym = f["company"]
            if not c.ranges:
                return [(ids[("buy_private", sym)], None)]
            lo, hi = c.ranges["price"]
            face = self.st.privates[sym].value
            kind = "corp_buy_private" if "corporation" in f else "offer_private"
            base = ids[(kind, sym, 0)]             # the buckets' ids follow each other
            return [(base + j, {"price": a}) for j, a in e.price_buckets(face, lo, hi)]
        if t == "dividend":
            return [(ids[("dividend", f["kind"])], None)]
        if t == "connection_run":
            return [(ids[("connection_run", f["marker"], f["kind"])], None)]
        if t == "buy_train":
            src = f["source"]
            if src == "depot":
                if f.get("variant") == DIESEL:
                    given = f.get("exchange")
                    given = given.split("-")[0] if given else ""
                    return [(ids[("buy_train", "diesel", "", given)], None)]
                return [(ids[("buy_train", "depot", "", "")], None)]
            kind = f["train"].split("-")[0]
            if src == "pool":
                return [(ids[("buy_train", "pool", kind, "")], None)]
            lo, hi = c.ranges["price"]
            face = next(x.price for x in self.st.trains if x.name == kind) \
                if kind != DIESEL else self._diesel_price()
            base = ids[("buy_train_from", src, kind, 0)]
            return [(base + j, {"price": a}) for j, a in e.price_buckets(face, lo, hi)]
        if t == "discard_train":
            return [(ids[("discard_train", f["train"].split("-")[0])], None)]
        if t == "redeem":
            return [(ids[("redeem", f["corporation"], f["source"])], None)]
        if t == "reissue":
            return [(ids[("reissue", f["corporation"])], None)]
        if t == "assign":
            return [(ids[("assign", f["token"], f["hex"])], None)]
        raise KeyError(f"1870 encoder: no id for the choice {c!r}")

    def _diesel_price(self) -> int:
        from ...games.g1870.diesels import _diesel_data
        return _diesel_data()["price"]

    def _run_action(self, g: Any, act: dict) -> dict:
        corp = act["corporation"]
        if self.routes == "engine":
            from ...games.g1870 import lazyroutes
            return {**act, "routes": lazyroutes.routes_at(g, corp)}
        from ...routing.problem import action_of, solve
        prob, result = solve(g, corp)
        out = action_of(prob, result)
        out["player"] = act["player"]
        out["corporation"] = corp
        return out

    # ---- observation -----------------------------------------------------------------
    def _build_layout(self) -> None:
        lay, n, core = self.lay, self.players, self.core
        core.layout(lay)
        lay.add("op_state", 10,
                "operating turn: tile lays made / 2, a yellow lay made, station placed, "
                "trains run, revenue named / 1000, first turn, MRBC free home tile open, "
                "connection runs waiting, discards waiting, an emergency sale waits for "
                "price protection")
        lay.add("pending", 5, "waiting: an auction among bidders, the SLSF par price, price "
                              "protection in the stock round, an offer of a private or "
                              "a train to answer, a redemption offer to answer")
        P = len(PRIVATE_ORDER)
        lay.add("auction", P * (n + 3) + 1,
                f"per private ({', '.join(PRIVATE_ORDER)}): each player's bid / 100 (me "
                f"first), auctioned now, first unsold, face value / 100; then the GRSC "
                f"price / 20")
        lay.add("offer", 3 + 2 * n,
                "an open offer: price / 100, buyer seat one-hot and owner seat one-hot "
                "from the observer (players), offered by a corporation")
        lay.add("depot", 2 * len(core.types),
                "per train type: trains left in the depot / all (1 = unlimited), trains "
                "in the pool")
        lay.add("bonus", 4, "cattle token placed, port token placed, port closed, "
                            "corporations closed / 10")
        lay.add("stock_turn", 6, "stock round: I acted this turn, bought this turn, sold "
                                 "this turn, passes in a row / players, sold this round "
                                 "(corporations / 10), cert limit / 30")

    def _corp_extra(self, g: Any, corp: str, c: dict, out: np.ndarray, b: int) -> None:
        if c.get("ipo_price"):
            out[b] = c["ipo_price"] / 100
        out[b + 1] = 1.0 if c.get("reissued") else 0.0
        out[b + 2] = 1.0 if c.get("closed") else 0.0
        tre = g.s["holders"][corp].get("treasury")
        if tre:
            out[b + 3] = e._pct(tre) / 100
        out[b + 4] = 1.0 if c.get("connected") else 0.0
        out[b + 5] = 1.0 if c.get("dest_marker") == "map" else 0.0

    def _fill(self, g: Any, seat: int, out: np.ndarray) -> None:
        at = self.lay.at
        self.core.fill(g, seat, out, at, self._corp_extra)
        s = g.s
        n = self.players
        r = s["round"]
        if r == "operating":
            op = s["op"]
            a = at["op_state"]
            lays = op.get("lays") or ()
            out[a] = len(lays) / 2
            out[a + 1] = 1.0 if any(x[1] == "yellow" for x in lays) else 0.0
            out[a + 2] = 1.0 if op.get("token") else 0.0
            out[a + 3] = 1.0 if op.get("ran") else 0.0
            out[a + 4] = (op.get("revenue") or 0) / 1000
            out[a + 5] = 1.0 if op.get("first_turn") else 0.0
            out[a + 6] = 1.0 if op.get("mrbc_home") else 0.0
            out[a + 7] = len(op.get("connections") or ()) / 3
            out[a + 8] = len(op.get("discard") or ()) / 3
            out[a + 9] = 1.0 if op.get("protecting") else 0.0
            o = op.get("private_offer") or op.get("offer")
            if o:
                out[at["pending"] + 3] = 1.0
                self._offer(o, seat, out, at["offer"], by_corp=True)
        au = s["auction"]
        if r == "auction":
            if au["fight"] is not None:
                out[at["pending"]] = 1.0
            if au["pending_par"] is not None:
                out[at["pending"] + 1] = 1.0
            a = at["auction"]
            low = next((p for p in PRIVATE_ORDER if s["companies"][p]["owner"] is None), None)
            fight = au["fight"]
            for i, sym in enumerate(PRIVATE_ORDER):
                b = a + i * (n + 3)
                for bidder, amount in (au["bids"].get(sym) or {}).items():
                    out[b + (int(bidder) - seat) % n] = amount / 100
                if fight == sym:
                    out[b + n] = 1.0
                if sym == low:
                    out[b + n + 1] = 1.0
                out[b + n + 2] = self.st.privates[sym].value / 100
            out[a + len(PRIVATE_ORDER) * (n + 3)] = au["falling_price"] / 20
        st_ = s["stock"]
        a = at["stock_turn"]
        if r == "stock" and st_ is not None:
            if st_["protect"] is not None:
                out[at["pending"] + 2] = 1.0
            if st_.get("offer"):
                out[at["pending"] + 3] = 1.0
                self._offer(st_["offer"], seat, out, at["offer"])
            if st_.get("redeem_offer"):
                out[at["pending"] + 4] = 1.0
                self._offer(st_["redeem_offer"], seat, out, at["offer"])
            out[a] = 1.0 if st_["acted"] else 0.0
            out[a + 1] = 1.0 if st_["buys"] else 0.0
            out[a + 2] = 1.0 if st_["sold_turn"] else 0.0
            out[a + 3] = st_["passes"] / n
            out[a + 4] = len(st_["sold_round"].get(str(seat), ())) / 10
        out[a + 5] = g.cert_limit() / 30
        a = at["depot"]
        T = len(self.core.types)
        ti = self.core.ti
        for t in self.st.trains:
            left = s["depot"].get(t.name)
            out[a + ti[t.name]] = 1.0 if left is None else left / (t.count or 1)
        for tid in s["train_pool"]:
            j = ti.get(tid.split("-")[0])
            if j is not None:
                out[a + T + j] += 1.0
        b = s.get("bonus") or {}
        a = at["bonus"]
        out[a] = 1.0 if b.get("cattle") else 0.0
        port = b.get("port")
        out[a + 1] = 1.0 if port else 0.0
        out[a + 2] = 1.0 if port and port[2] == "closed" else 0.0
        out[a + 3] = s.get("closed_count", 0) / 10

    def _offer(self, o: dict, seat: int, out: np.ndarray, a: int, by_corp: bool = False) -> None:
        n = self.players
        out[a] = (o.get("price") or 0) / 100
        buyer = o.get("buyer")
        if isinstance(buyer, int):
            out[a + 1 + (buyer - seat) % n] = 1.0
        else:
            out[a + 2 + 2 * n] = 1.0
        owner = o.get("owner")
        if isinstance(owner, int):
            out[a + 1 + n + (owner - seat) % n] = 1.0


def make_encoder(players: int, options: dict | None = None) -> Encoder1870:
    """The 1870 encoder for ``players`` seats; ``options``: the game's options plus
    ``routes`` ("optimal", the default, or "engine")."""
    return Encoder1870(players, options)
