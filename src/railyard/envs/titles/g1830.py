"""1830's encoder: fixed action ids, mask and observation (layouts: docs/research-18xx.md).

Action keys, in id order (``n`` players; the buckets are :mod:`.eighteen`'s):

- ``("pass",)`` - every pass of the game (auction, stock turn, no tile, no station, no train,
  end of the turn: whichever the position offers);
- ``("buy_private", P)`` the cheapest private at face value (7.1); ``("bid", P, j)`` a bid
  of the lowest bid allowed + BID_OFFSETS[j] (7.2, also in an auction among bidders);
- ``("par", C, price)`` for the six par prices (8.1; the B&O's too);
- ``("buy_share", C, "ipo"|"pool")``; ``("sell_shares", C, k)`` k = 1..10 shares (also the
  sales of a president who must raise money for a train, 24.0c);
- ``("exchange", "ipo"|"pool")`` the Mohawk & Hudson for an NYC share (17.0);
- ``("offer_private", P, buyer seat, j)`` a private sold between players (23.1) at price
  bucket j (0 = $1, j >= 1 = face x PRICE_FRACTIONS[j-1]); ``("accept_offer",)``,
  ``("decline_offer",)`` the answer to it or to a company's offer (21.0, 23.1);
- ``("lay_tile", hex, tile, rotation)`` for every hex and every tile that can ever lie
  there (:func:`.eighteen.tile_candidates`) x 6 rotations; ``("lay_private", P, tile,
  rotation)`` the C&SL's and D&H's own lays (17.0);
- ``("place_token", hex, city)``; ``("place_token_private", "DH")`` (17.0);
- ``("run_routes",)``: run the optimal routes - the exact route optimiser
  (``routing.solve``, what the browser's "auto" button offers) is called when the id is
  turned into an action; option ``routes="engine"``: the engine's own (greedy) set;
- ``("dividend", "payout"|"withhold")``;
- ``("buy_train", "depot"|"pool", type, given)``: the bank's train of that type (``given``
  = the type of train traded in for a D, 21.0, else ""); ``("buy_train_from", C, type,
  j)`` a train of another company at price bucket j (0 = $1, j >= 1 = face x
  PRICE_FRACTIONS[j-1]);
- ``("discard_train", type)``; ``("buy_company", P, j)`` a private bought by the operating
  company at price bucket j (0 = half face value, the lowest allowed); ``("bankrupt",)``.

The players' agreement to end the game (``end_game``) is no rule of the rulebook and
never listed, so it has no id.
"""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ...engine.actions import Choice
from ...games.g1830 import (consent, operating, playout, private_sale, privates, stock, track,
                            trains)
from ...games.g1830.data import PAR_PRICES, PRIVATE_ORDER, static
from . import eighteen as e

#: the steps of an operating turn, in the order of the observation's op_step block
STEPS = ("home_token", "track", "token", "routes", "dividend", "buy_train", "buy_company")


def _fits(board):
    def fits(h: str, cur, new) -> bool:
        return (new.label == board.hexes[h].printed.label and board.colour_may_follow(cur, new)
                and new.n_cities == cur.n_cities and new.n_towns == cur.n_towns)
    return fits


class Encoder1830(e.Encoder18xx):
    slug = "1830"
    #: random play through the ids that has not ended after this many actions is cut off;
    #: the result is then each player's worth (25.0) at that moment
    action_cap = 6000
    #: :meth:`sample_id`'s lean: no offers of privates between players (as the random bot)
    family_weight = {"offer_private": 0.0, "sell_shares": 0.5}

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        opts = dict(options or {})
        self.routes = opts.pop("routes", "optimal")
        if self.routes not in ("optimal", "engine"):
            raise ValueError("routes must be 'optimal' or 'engine'")
        if not 2 <= int(players) <= 6:
            raise ValueError("1830 is played by 2 to 6 players")
        self.st = static(bool(opts.get("extra_6_train", False)), bool(opts.get("diesels", True)),
                         bool(opts.get("unlimited_d_trains", False)))
        self.core = e.Core(self.st, int(players), [p["name"] for p in self.st.phases],
                           [t.name for t in self.st.trains], list(PRIVATE_ORDER),
                           _fits(self.st.board))
        self._depot_cache: tuple | None = None
        super().__init__(players, opts)

    # ---- action space ---------------------------------------------------------------
    def _build_actions(self) -> None:
        core, add = self.core, self._add
        corps = core.corps
        add("pass")
        for p in PRIVATE_ORDER:
            add("buy_private", p)
        for p in PRIVATE_ORDER:
            for j in range(len(e.BID_OFFSETS)):
                add("bid", p, j)
        for c in corps:
            for price in PAR_PRICES:
                add("par", c, price)
        for c in corps:
            for src in ("ipo", "pool"):
                add("buy_share", c, src)
        for c in corps:
            for k in range(1, e.MAX_COUNT + 1):
                add("sell_shares", c, k)
        for src in ("ipo", "pool"):
            add("exchange", src)
        for p in PRIVATE_ORDER:
            for b in range(self.players):
                for j in range(len(e.PRICE_FRACTIONS) + 1):
                    add("offer_private", p, b, j)
        add("accept_offer")
        add("decline_offer")
        for h in core.tile_hexes:
            for t in core.cands[h]:
                for rot in range(6):
                    add("lay_tile", h, t, rot)
        for t in privates.CS_TILES:
            for rot in range(6):
                add("lay_private", "CS", t, rot)
        for rot in range(6):
            add("lay_private", "DH", privates.DH_TILE, rot)
        for h in core.token_hexes:
            for city in range(self._cities(h)):
                add("place_token", h, city)
        add("place_token_private", "DH")
        add("run_routes")
        add("dividend", "payout")
        add("dividend", "withhold")
        for src in ("depot", "pool"):
            for t in core.types:
                add("buy_train", src, t, "")
                if t == "D":
                    for given in trains.D_EXCHANGEABLE:
                        add("buy_train", src, t, given)
        for c in corps:
            for t in core.types:
                for j in range(len(e.PRICE_FRACTIONS) + 1):
                    add("buy_train_from", c, t, j)
        for t in core.types:
            add("discard_train", t)
        for p in PRIVATE_ORDER:
            for j in range(len(e.PRICE_FRACTIONS) + 1):
                add("buy_company", p, j)
        add("bankrupt")

    def _cities(self, h: str) -> int:
        board = self.st.board
        return max([board.hexes[h].printed.n_cities] + [
            board.tiles[t].n_cities for t in self.core.cands.get(h, ())])

    # ---- listing -----------------------------------------------------------------------
    def _choices(self, g: Any) -> list[Choice]:
        """``legal_actions()``, except that in the routes step the ``run_routes`` choice is
        listed without the engine's route set (found only when the id is applied)."""
        s = g.s
        if s["round"] == "operating":
            op = s["op"]
            if (op["step"] == "routes" and not op.get("offer") and not op.get("deal")
                    and not op["discard"]):
                corp = op["corp"]
                seat = s["corps"][corp]["president"]
                out = list(track.special_choices(g, corp, seat))
                out.append(Choice("run_routes", seat))
                out.extend(operating.company_choices(g, corp, seat))
                for source in ("ipo", "pool"):
                    if stock.mh_exchange_error(g, seat, source) is None:
                        out.append(Choice("exchange", seat, {"company": "MH", "source": source}))
                return out
        return g.legal_actions()

    def _entries(self, g: Any) -> dict:
        """The frequent positions without Choices: a stock turn from
        :func:`stock.share_options` (plus the offers of privates,
        :func:`private_sale.choices`), an operating company's step from
        :func:`playout.operating_options` (the listings the random playout uses, kept equal
        to ``legal_actions()`` by the game's tests); anything else as :meth:`_choices`."""
        s = g.s
        r = s["round"]
        if r == "stock" and s["stock"]["offer"] is None:
            seat = s["stock"]["turn"]
            entries = self._share_entries(g, seat)
            ctx: dict = {}
            for ch in private_sale.choices(g, seat):
                for i, extra in self._ids_of(g, ch, ctx):
                    entries[i] = (ch.type, ch.player, ch.fixed, extra)
            return entries
        if r == "operating":
            opts = playout.operating_options(g)
            if opts is not None:
                return self._op_entries(g, opts)
        return super()._entries(g)

    def _share_entries(self, g: Any, seat: int) -> dict:
        ids = self.ids
        out: dict = {}
        for o in stock.share_options(g, seat):
            k = o[0]
            if k == "buy_share":
                out[ids[("buy_share", o[1], o[2])]] = (
                    k, seat, {"corporation": o[1], "source": o[2]}, None)
            elif k == "par":
                out[ids[("par", o[1], o[2])]] = (k, seat, {"corporation": o[1], "price": o[2]},
                                                 None)
            elif k == "sell_shares":
                fixed = {"corporation": o[1]}
                # share_options leaves out the pool's 50 % (12.0b) when the pool is empty
                # (games/g1830/stock.py; reported): capped here as legal_actions() does
                pool = g.s["holders"][o[1]]["pool"]
                room = (50 - 10 * len(pool) - (10 if f"{o[1]}_0" in pool else 0)) // 10
                for cnt in range(1, min(o[2], room, e.MAX_COUNT) + 1):
                    out[ids[("sell_shares", o[1], cnt)]] = (k, seat, fixed, {"count": cnt})
            elif k == "exchange":
                out[ids[("exchange", o[1])]] = (k, seat, {"company": "MH", "source": o[1]},
                                                None)
            else:
                out[ids[("pass",)]] = ("pass", seat, {}, None)
        return out

    def _op_entries(self, g: Any, opts: list) -> dict:
        s = g.s
        op = s["op"]
        ids = self.ids
        out: dict = {}
        if op.get("deal"):
            seat = op["deal"]["to"]
        else:
            seat = s["corps"][op["corp"]]["president"]
        for o in opts:
            k = o[0]
            if k == "lay_tile":
                out[ids[("lay_tile", o[1], o[2], o[3])]] = (
                    k, seat, {"hex": o[1], "tile": o[2], "rotation": o[3]}, None)
            elif k == "place_token":
                out[ids[("place_token", o[1], o[2])]] = (k, seat, {"hex": o[1], "city": o[2]},
                                                         None)
            elif k == "pass" or k == "run_routes":
                out[ids[(k,)]] = (k, seat, {}, None)
            elif k == "dividend":
                out[ids[("dividend", o[1])]] = (k, seat, {"kind": o[1]}, None)
            elif k == "buy_train":
                tid = o[1]
                src = "pool" if tid in s["train_pool"] else "depot"
                given = o[3].rsplit("-", 1)[0] if o[3] else ""
                key = ("buy_train", src, tid.rsplit("-", 1)[0], given)
                i = ids[key]
                if i not in out:
                    fixed = {"train": tid, "price": o[2]}
                    if o[3]:
                        fixed["exchange"] = o[3]
                    out[i] = (k, seat, fixed, None)
            elif k == "buy_from":
                tid, seller, least, most = o[1], o[2], o[3], o[4]
                kind = tid.rsplit("-", 1)[0]
                face = g.train_def(tid).price
                fixed = {"train": tid}
                for j, a in e.price_buckets(face, least, most):
                    i = ids[("buy_train_from", seller, kind, j)]
                    if i not in out:
                        out[i] = ("buy_train", seat, fixed, {"price": a})
            elif k == "buy_company":
                sym, lo, hi = o[1], o[2], o[3]
                face = self.st.privates[sym].value
                fixed = {"company": sym}
                for j, a in e.price_buckets(face, lo, hi):
                    out[ids[("buy_company", sym, j)]] = (k, seat, fixed, {"price": a})
            elif k == "exchange":
                out[ids[("exchange", o[1])]] = (k, seat, {"company": "MH", "source": o[1]},
                                                None)
            elif k == "deal":
                out[ids[(o[1],)]] = (o[1], seat, {}, None)
            else:
                raise KeyError(f"1830 encoder: no id for the option {o!r}")
        return out

    def _ids_of(self, g: Any, c: Choice, ctx: dict) -> list[tuple[int, dict | None]]:
        ids = self.ids
        t = c.type
        f = c.fixed
        if t == "pass":
            return [(ids[("pass",)], None)]
        if t == "lay_tile":
            if "company" in f:
                return [(ids[("lay_private", f["company"], f["tile"], f["rotation"])], None)]
            return [(ids[("lay_tile", f["hex"], f["tile"], f["rotation"])], None)]
        if t == "place_token":
            if "company" in f:
                return [(ids[("place_token_private", f["company"])], None)]
            return [(ids[("place_token", f["hex"], f["city"])], None)]
        if t == "buy_share":
            return [(ids[("buy_share", f["corporation"], f["source"])], None)]
        if t == "sell_shares":
            lo, hi = c.ranges["count"]
            corp = f["corporation"]
            return [(ids[("sell_shares", corp, k)], {"count": k})
                    for k in range(lo, min(hi, e.MAX_COUNT) + 1)]
        if t == "par":
            return [(ids[("par", f["corporation"], f["price"])], None)]
        if t == "bid":
            lo, hi = c.ranges["amount"]
            sym = f["company"]
            base = ids[("bid", sym, 0)]
            return [(base + j, {"amount": a}) for j, a in e.bid_buckets(lo, hi)]
        if t == "buy_private":
            return [(ids[("buy_private", f["company"])], None)]
        if t in ("run_routes", "bankrupt", consent.ACCEPT, consent.DECLINE):
            return [(ids[(t,)], None)]
        if t == "dividend":
            return [(ids[("dividend", f["kind"])], None)]
        if t == "buy_train":
            return self._train_ids(g, c, ctx)
        if t == "discard_train":
            return [(ids[("discard_train", f["train"].rsplit("-", 1)[0])], None)]
        if t == "buy_company":
            lo, hi = c.ranges["price"]
            sym = f["company"]
            face = self.st.privates[sym].value
            base = ids[("buy_company", sym, 0)]     # the buckets' ids follow each other
            return [(base + j, {"price": a}) for j, a in e.price_buckets(face, lo, hi)]
        if t == "exchange":
            return [(ids[("exchange", f["source"])], None)]
        if t == private_sale.OFFER:
            lo, hi = c.ranges["price"]
            sym = f["company"]
            face = self.st.privates[sym].value
            base = ids[(t, sym, f["buyer"], 0)]
            return [(base + j, {"price": a}) for j, a in e.price_buckets(face, lo, hi)]
        raise KeyError(f"1830 encoder: no id for the choice {c!r}")

    def _train_ids(self, g: Any, c: Choice, ctx: dict) -> list[tuple[int, dict | None]]:
        f = c.fixed
        tid = f["train"]
        kind = tid.rsplit("-", 1)[0]
        if not c.ranges:
            src = "pool" if tid in g.s["train_pool"] else "depot"
            given = f.get("exchange")
            given = given.rsplit("-", 1)[0] if given else ""
            return [(self.ids[("buy_train", src, kind, given)], None)]
        owners = ctx.get("owners")
        if owners is None:
            owners = ctx["owners"] = {t: corp for corp, v in g.s["corps"].items()
                                      for t in v["trains"]}
        seller = owners[tid]
        lo, hi = c.ranges["price"]
        face = g.train_def(tid).price
        base = self.ids[("buy_train_from", seller, kind, 0)]
        return [(base + j, {"price": a}) for j, a in e.price_buckets(face, lo, hi)]

    def _run_action(self, g: Any, act: dict) -> dict:
        corp = g.s["op"]["corp"]
        if self.routes == "engine":
            c = g.s["corps"][corp]
            tr = [(t, g.train_def(t).distance) for t in c["trains"]]
            routes = operating.best_route_set(g.st.board, g.s["tiles"], g.s["tokens"], corp, tr,
                                              g.phase_colour(),
                                              one_area_ends_ok=operating._one_area_ok(g))
            return {**act, "routes": routes}
        from ...routing.problem import action_of, solve
        prob, result = solve(g, corp)
        out = action_of(prob, result)
        out["player"] = act["player"]
        return out

    # ---- observation -----------------------------------------------------------------
    def _build_layout(self) -> None:
        lay, n = self.lay, self.players
        self.core.layout(lay)
        lay.add("op_step", len(STEPS), "one-hot: the operating company's step (" +
                ", ".join(STEPS) + ")")
        lay.add("op_flags", 5, "tile laid, station placed, this turn's revenue / 1000, "
                               "D&H station pending, president must raise cash (24.0c)")
        lay.add("pending", 4, "an auction among bidders runs, the B&O par price is to set, "
                              "a private sale between players awaits an answer, a company's "
                              "offer (train or private) awaits the seller's answer")
        lay.add("discard", len(self.core.corps), "corporations that must discard a train")
        P = len(PRIVATE_ORDER)
        lay.add("auction", P * (n + 3) + 1,
                f"per private ({', '.join(PRIVATE_ORDER)}): each player's bid / 100 (me "
                f"first), the private is auctioned now, it is the cheapest unsold, its "
                f"price / 100; then the Schuylkill Valley's price / 20")
        lay.add("offer", P + 2 * n + 1,
                "an open offer between players: private one-hot, buyer and seller one-hot "
                "from the observer, price / 100")
        lay.add("deal", 3, "a company's open offer: for a train, for a private, price / 100")
        lay.add("depot", 2 * len(self.core.types),
                "per train type: trains left in the depot / all of that type; trains in "
                "the open market (pool)")
        lay.add("stock_turn", 4, "stock round: my sales this stock round (count / 10), a "
                                 "purchase made this turn, passes in a row / players, "
                                 "cert limit / 20")

    def _fill(self, g: Any, seat: int, out: np.ndarray) -> None:
        at = self.lay.at
        self.core.fill(g, seat, out, at)
        s = g.s
        n = self.players
        op = s["op"] if s["round"] == "operating" else None
        if op:
            step = op.get("step")
            if step in STEPS:
                out[at["op_step"] + STEPS.index(step)] = 1.0
            a = at["op_flags"]
            out[a] = 1.0 if op.get("laid") else 0.0
            out[a + 1] = 1.0 if op.get("token") else 0.0
            out[a + 2] = (op.get("revenue") or 0) / 1000
            out[a + 3] = 1.0 if op.get("dh_token") else 0.0
            out[a + 4] = 1.0 if op.get("emergency") else 0.0
            if op.get("deal"):
                d = op["deal"]
                a = at["deal"]
                out[a if d["kind"] == "train" else a + 1] = 1.0
                out[a + 2] = d["price"] / 100
                out[at["pending"] + 3] = 1.0
            for corp in op["discard"]:
                out[at["discard"] + self.core.ci[corp]] = 1.0
        au = s["auction"]
        if s["round"] == "auction":
            if au["fight"] is not None:
                out[at["pending"]] = 1.0
            if au["pending_par"] is not None:
                out[at["pending"] + 1] = 1.0
            a = at["auction"]
            low = next((p for p in PRIVATE_ORDER if s["companies"][p]["owner"] is None), None)
            for i, sym in enumerate(PRIVATE_ORDER):
                b = a + i * (n + 3)
                for bidder, amount in (au["bids"].get(sym) or {}).items():
                    out[b + (int(bidder) - seat) % n] = amount / 100
                if au["fight"] == sym:
                    out[b + n] = 1.0
                if sym == low:
                    out[b + n + 1] = 1.0
                out[b + n + 2] = self.st.privates[sym].value / 100
            out[a + len(PRIVATE_ORDER) * (n + 3)] = au["falling_price"] / 20
        o = private_sale.pending(g)
        if o is not None:
            out[at["pending"] + 2] = 1.0
            a = at["offer"]
            out[a + PRIVATE_ORDER.index(o["company"])] = 1.0
            P = len(PRIVATE_ORDER)
            out[a + P + (o["buyer"] - seat) % n] = 1.0
            out[a + P + n + (o["seller"] - seat) % n] = 1.0
            out[a + P + 2 * n] = o["price"] / 100
        a = at["depot"]
        T = len(self.core.types)
        dc = self._depot_cache
        if dc is None or dc[0] != s["depot"] or dc[1] != s["train_pool"]:
            ti = self.core.ti
            vec = np.zeros(2 * T, dtype=np.float32)
            for t in self.st.trains:
                if t.count:
                    vec[ti[t.name]] = (s["depot"][t.name] or 0) / t.count
            for tid in s["train_pool"]:
                vec[T + ti[tid.rsplit("-", 1)[0]]] += 1.0
            dc = self._depot_cache = (dict(s["depot"]), list(s["train_pool"]), vec)
        out[a:a + 2 * T] = dc[2]
        r = s["stock"]
        a = at["stock_turn"]
        if s["round"] == "stock" and r is not None:
            out[a] = len(r["sold_round"].get(str(seat), ())) / 10
            out[a + 1] = 1.0 if r["buys"] else 0.0
            out[a + 2] = r["passes"] / n
        out[a + 3] = g.cert_limit() / 20


def make_encoder(players: int, options: dict | None = None) -> Encoder1830:
    """The 1830 encoder for ``players`` seats; ``options``: the game's options (those that
    change the trains: ``extra_6_train``, ``diesels``, ``unlimited_d_trains``) plus
    ``routes`` ("optimal", the default, or "engine")."""
    return Encoder1830(players, options)
