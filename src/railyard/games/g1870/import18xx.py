"""Replaying an 18xx.games export of 1870 through railyard's own 1870 rules.

The export records decisions in the reference's steps (export notes 3.4, 6.3): a ``pass``
declines the step that is waiting, and steps without a legal option are skipped without a
record.  Our 1870 turn has no explicit track or token pass, so this module follows the
reference's steps of the operating corporation (track, token, routes, dividend, trains,
private purchase) to map every recorded ``pass`` and to end a turn where the reference
ends it; whether a step has an option is decided by our rules.  Recorded routes are checked
by our rules and their revenue compared with the export's (9.3.5)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from ...eighteen.routes import find_routes
from ...engine.game import Game
from ...engine.registry import get_title
from ...eighteen.import18xx.certs1870 import CertBook
from ...eighteen.import18xx.common import NO_OPS, ReplayBase, bid_action, map_options
from ...eighteen.import18xx.errors import ExportError

if TYPE_CHECKING:
    from .state import G1870State

TOKENS = {"SCC": "cattle", "GSC": "port"}
KINDS = {"payout": "full", "half": "half", "withhold": "withhold"}

#: Appendix A: ids of the printed 1870 tiles with a city
PRINTED_1870 = {"A2-0": "A2", "A22-0": "A22", "B9-0": "B9", "B11-0": "B11", "B19-1": "B19",
                "C18-0": "C18", "D5-2": "D5", "E12-0": "E12", "F5-3": "F5", "H13-4": "H13",
                "H17-0": "H17", "J3-0": "J3", "J5-1": "J5", "K16-5": "K16", "L11-0": "L11",
                "M2-6": "M2", "M6-7": "M6", "M14-0": "M14", "M20-0": "M20", "M22-0": "M22",
                "N1-0": "N1", "N7-0": "N7", "N17-0": "N17"}


#: the 18xx.games profile: where the site plays differently from the printed rules
#: (docs/games/1870.md, "18xx.games profile"); every import switches these on
SITE_PROFILE = ("redemption_without_consent", "reissue_after_dealing",
                "buy_after_buy_and_sell", "mrbc_lay_extra", "private_trades_from_phase_2",
                "redeem_with_reissue_money", "train_limit_purchase_then_discard",
                "emergency_sale_whole_presidents_certificate",
                "emergency_sale_protected_by_seller", "connection_run_without_routes",
                "emergency_sale_when_corporation_short")


def _options(data: dict, profile: tuple = SITE_PROFILE) -> dict:
    known = {o.name: o.name for o in get_title("1870").options if o.name not in SITE_PROFILE}
    return {**map_options(data, known), **{name: True for name in profile}}


class _Replay(ReplayBase):
    title = "1870"
    # set for the export entry being applied (:meth:`apply`)
    _pending_copy: tuple[str, str] | None      # a tile copy laid and its hex
    _cert_moves: Callable[[], None] | None     # the export's certificates moved with it
    _expected_revenue: int | None              # the run's recorded revenue
    _new_train: str | None                     # the export's id of a train bought
    _run_total: int                            # the revenue of the last run
    _ident: Any                                # the export action's id

    @property
    def g(self) -> "G1870State":
        return cast("G1870State", self.game.state)

    def __init__(self, data: dict, before: Any = None,
                 profile: tuple = SITE_PROFILE) -> None:
        super().__init__(data, before, lambda d: _options(d, profile))
        self.certs = CertBook(self.g.st.corp_order, len(self.ids))
        self.copies = dict(PRINTED_1870)          # tile copy id -> hex where it lies now
        self.trains: dict[str, str] = {}          # export train id -> our train id
        self.bought: dict[str, int] = {}          # train type -> copies sold by the depot
        self.turn: dict = {}                      # the reference's steps of the turn
        self.conn: dict = {}                      # a connection run being recorded
        self.ended_manually = False
        self.warnings: list[str] = []
        #: what each engine action applied for the current export entry was: "check" (it
        #: made a connection check), "settle" (a skip of :meth:`settle`), "declared" (a
        #: recorded check), "plain"; in step with the tail of the game's log
        self.applied: list[str] = []
        self._settling = False
        self._end_checked = False                 # notes 6.5: the check after the end
        self._mkt_given = False                   # 4.7: MKT_1 handed to the private's buyer

    # ---- lookups -------------------------------------------------------------------------
    def owner_corp(self, company: str) -> str:
        comp = self.s["companies"].get(company)
        owner = comp and comp["owner"]
        if not owner or owner.startswith("p") or comp["closed"]:
            raise ExportError(f"the private {company} is not owned by a corporation", "rule")
        return owner

    def train(self, ext: str) -> str:
        if ext not in self.trains:
            raise ExportError(f"unknown train {ext!r}")
        return self.trains[ext]

    def apply(self, act: dict) -> dict:
        act.setdefault("player", self.game.current_player)
        st = self.g
        before = st.__dict__.get("_conn_checks", 0)
        out = self.game.apply(act)
        self.applied.append("check" if st.__dict__.get("_conn_checks", 0) > before else
                            "settle" if self._settling else "plain")
        return out

    # ---- the reference's operating steps (export notes 6.3) ------------------------------
    def _op_corp(self) -> str | None:
        s = self.s
        op = s.get("op")
        if s["round"] != "operating" or not op or s["ended"]:
            return None
        if op["connections"] or op["discard"] or op.get("offer") or op.get("protecting") \
                or op.get("private_offer"):
            return None
        corp = op["corp"]
        if corp is None or corp in op["done"]:
            return None
        if self.turn.get("corp") != corp or self.turn.get("key") != self._turn_key():
            self.turn = {"corp": corp, "key": self._turn_key(), "track": False,
                         "token": False, "trains": False}
        return corp

    def _turn_key(self) -> tuple:
        s = self.s
        return (s["sr"], s["or_num"], s["op"]["corp"])

    def _track_open(self, corp: str) -> bool:
        """Notes 6.3: the track step waits while a lay is left (a second only after a
        yellow first), also after a station marker (the reference takes a ``place_token``
        in the token step and its track step still waits: a later ``pass`` declines it;
        a later ``lay_tile`` is refused by our 5.3)."""
        op = self.s["op"]
        if self.turn["track"] or op["ran"] or op.get("revenue") is not None:
            return False
        lays = op["lays"]
        return not lays or (len(lays) == 1 and lays[0][1] == "yellow") \
            or self._mrbc_keeps_track(corp)

    def _mrbc_keeps_track(self, corp: str) -> bool:
        """Notes 6.3 (corrected): after the corporation's own lays the reference's track
        step still waits (a) while the corporation owns MRBC and has not used its tile lay
        (11.2 b), (b) while MRBC belongs to a player, privates may be bought (phases 2-3,
        8.1) and the corporation has MRBC's lowest price ($20) in its treasury."""
        g = self.g
        owner = g.company_owner("MRBC")
        if owner == corp:
            return "MRBC" not in self.s.get("used_abilities", [])
        return owner is not None and owner.startswith("p") and self.s["phase"] in ("2", "3") \
            and self.s["corps"][corp]["cash"] >= (g.st.privates["MRBC"].value + 1) // 2

    def _token_open(self, corp: str) -> bool:
        from ...games.g1870 import stations
        op = self.s["op"]
        if self.turn["token"] or op.get("token") or op["ran"] or op.get("revenue") is not None:
            return False
        price = stations.next_price(self.g, corp)
        if price is None or price > self.s["corps"][corp]["cash"]:
            return False                        # 9.2.1: no marker left, or not affordable
        return bool(stations.choices(self.g, corp, self.president(corp)))

    def _routes_open(self, corp: str) -> bool:
        from ...games.g1870 import running
        op = self.s["op"]
        if op["ran"] or op.get("revenue") is not None:
            return False
        g = self.g
        if not self.s["corps"][corp]["trains"]:
            return False
        return bool(find_routes(g.st.board, self.s["tiles"], running.tokens_for(g, corp), corp,
                                2, "gray", limit=1))

    def _trains_open(self, corp: str) -> bool:
        from ...games.g1870 import diesels, emergency, operating, trade
        g = self.g
        s = self.s
        c = s["corps"][corp]
        if self.turn["trains"]:
            return False
        if emergency.must_buy(g, corp):
            return True
        if len(c["trains"]) >= operating.train_limit(g):
            # 12.2: a diesel with a trade-in does not raise the train count
            return any("exchange" in ch.fixed for ch in diesels.choices(g, corp, 0))
        prices = []
        t = operating.next_train(g)
        if t is not None:
            prices.append(t.price)
        prices += [operating.train_price(g, x) for x in s["train_pool"]]
        if trade.price_range(g, corp) is not None and trade.sellers(g, corp):
            prices.append(1)
        return bool(prices) and c["cash"] >= min(prices)

    def _company_open(self, corp: str) -> bool:
        """The reference's last step waits while the corporation has a cattle or port token
        to place, or could buy a player's private: phases 2-3 (8.1), and in phase 1 for MP
        and SSW, which may buy MRBC then (8.2).  Export notes 6.3: "offered only if the
        phase allows buying privates, some player-owned private is for sale and the
        corporation can pay its minimum price, or the corporation owns a private with a
        usable ability"; "for sale" is any player's private (not only those our rules let
        this corporation buy: 34110 action 59, MP in phase 1 owning MRBC, passes this step),
        the minimum price half the face value."""
        from ...games.g1870 import privates
        s = self.s
        if privates.targets(self.g, corp):
            return True
        cash = s["corps"][corp]["cash"]
        for sym, comp in s["companies"].items():
            owner = comp["owner"]
            if comp["closed"] or owner is None:
                continue
            if not owner.startswith("p") or sym == "SLSF":
                continue
            value = self.g.st.privates[sym].value
            if (s["phase"] in ("2", "3") or s["phase"] == "1" and corp in ("MP", "SSW")) \
                    and cash >= (value + 1) // 2:
                return True
        return False

    def _only_pass(self) -> bool:
        """The stock-round seat to act can do nothing but pass (what ``legal_actions``
        would list, stopping at the first other option), treasury actions not counted."""
        from ...games.g1870 import player_privates, stock
        g = self.g
        s = self.s
        r = s["stock"]
        if r["protect"] is not None:
            return False
        seat = r["turn"]
        corps = s["corps"]
        if any(stock.sell_range(g, seat, c) for c in corps):
            return False
        for c, v in corps.items():
            if v["president"] is None:
                if any(stock.par_problem(g, seat, c, p) is None for p in g.st.par_prices):
                    return False
            elif any(stock.buy_problem(g, seat, c, src) is None for src in ("ipo", "pool")):
                return False
        # 6.3.1: buying another player's private keeps the turn open (with the profile
        # option private_trades_from_phase_2 only in phases 2-3, as on the reference)
        if player_privates.choices(g, seat):
            return False
        # a redemption or reissue never keeps a turn open: the reference passes over a
        # player whose only options are his corporations' treasury actions (e.g.
        # 1870-p4-seed3 before action 439, where MKT could redeem from the pool; the
        # bankrupt fixture, action 240, after a purchase)
        return True

    def settle(self) -> None:
        """Skip what the reference skips: routes without a route (withhold $0), and the
        end of the turn once neither trains nor privates can be bought."""
        self._settling = True
        try:
            self._settle()
        finally:
            self._settling = False

    def _settle(self) -> None:
        for _ in range(64):
            s = self.s
            if s["round"] == "stock" and not s["ended"]:
                # 6.2 of the notes: a turn with no option but to pass ends by itself
                if self._only_pass():
                    self.apply({"type": "pass"})
                    continue
                return
            corp = self._op_corp()
            if corp is None:
                return
            op = self.s["op"]
            if not op["ran"] and op.get("revenue") is None:
                if self._track_open(corp) or self._token_open(corp) or \
                        self._routes_open(corp):
                    return
                self.apply({"type": "run_routes", "corporation": corp, "routes": []})
                continue
            if not op["ran"]:
                return
            if self._trains_open(corp) or self._company_open(corp):
                return
            self.apply({"type": "done", "corporation": corp})

    def corp_pass(self, corp: str) -> list[dict]:
        if self._op_corp() != corp:
            raise ExportError(f"{corp} passes, but it is not operating now", "rule")
        op = self.s["op"]
        if self._track_open(corp):
            self.turn["track"] = True
            return []
        if self._token_open(corp):
            self.turn["token"] = True
            return []
        if not op["ran"]:
            raise ExportError(f"{corp} must run its trains and decide on the dividend "
                              f"(9.3, 9.4)", "rule")
        if self._trains_open(corp):
            self.turn["trains"] = True
            if self._company_open(corp):
                return []
        return [{"type": "done", "corporation": corp}]

    # ---- translation -----------------------------------------------------------------------
    def translate(self, a: dict) -> list[dict]:
        t = a["type"]
        et = a.get("entity_type")
        ent: Any = a.get("entity")
        out: Any
        s = self.s
        if s["round"] == "auction":
            return self.auction(a)
        if t == "pass" and et == "corporation":
            return self.corp_pass(ent)
        if t == "pass":
            return [self.player_pass(a)]
        if t == "par":
            price = int(str(a["share_price"]).split(",")[0])
            self._cert_moves = lambda: self.certs.buy(self.seat_of(ent),
                                                      [f"{a['corporation']}_0"])
            return [{"type": "par", "player": self.seat_of(ent), "corporation": a["corporation"],
                     "price": price}]
        if t == "buy_shares":
            return self.buy_shares(a)
        if t == "sell_shares":
            return self.sell_shares(a)
        if t == "lay_tile":
            corp = self.owner_corp(ent) if et == "company" else ent
            out = {"type": "lay_tile", "corporation": corp, "hex": a["hex"],
                   "tile": a["tile"].rsplit("-", 1)[0], "rotation": a["rotation"]}
            if et == "company":
                if ent != "MRBC":
                    raise ExportError(f"the private {ent} cannot lay track", "rule")
                out["mrbc"] = True
            self._pending_copy = (a["tile"], a["hex"])
            return [out]
        if t == "place_token":
            copy, idx = str(a["city"]).rsplit("-", 1)
            hex_id = self.copies.get(copy)
            if hex_id is None:
                raise ExportError(f"unknown city {a['city']!r}")
            return [{"type": "place_token", "corporation": ent, "hex": hex_id,
                     "city": int(idx)}]
        if t == "choose":
            if not s["op"] or s["op"]["connections"][:1] != [ent]:
                raise ExportError(f"{ent} has no connection run to make now (9.6.2)", "rule")
            self.conn = {"corp": ent, "marker": str(a["choice"]).lower()}
            return []
        if t == "run_routes":
            return self.run_routes(a)
        if t == "dividend":
            kind = KINDS.get(a["kind"])
            if kind is None:
                raise ExportError(f"unknown dividend kind {a['kind']!r}")
            if self.conn.get("corp") == ent and "routes" in self.conn:
                conn, self.conn = self.conn, {}
                return [{"type": "connection_run", "corporation": ent, "marker": conn["marker"],
                         "kind": kind, "routes": conn["routes"]}]
            return [{"type": "dividend", "corporation": ent, "kind": kind}]
        if t == "buy_train":
            return self.buy_train(a)
        if t == "discard_train":
            return [{"type": "discard_train", "corporation": ent,
                     "train": self.train(a["train"])}]
        if t == "buy_company" and et == "player":       # 6.3.1: from another player
            owner = (s["companies"].get(a["company"]) or {}).get("owner") or ""
            if not owner.startswith("p"):
                raise ExportError(f"{a['company']} is not owned by a player (6.3.1)", "rule")
            return [{"type": "buy_private", "player": self.seat_of(ent),
                     "company": a["company"], "price": a["price"]},
                    {"type": "accept_offer", "company": a["company"],
                     "player": int(owner[1:])}]
        if t == "buy_company":
            out = [{"type": "buy_private", "corporation": ent, "company": a["company"],
                    "price": a["price"]}]
            owner = (s["companies"].get(a["company"]) or {}).get("owner") or ""
            if owner.startswith("p") and s["corps"].get(ent) and \
                    int(owner[1:]) != s["corps"][ent]["president"]:
                # 8.1: the recorded purchase was agreed; the owner accepts our offer
                out.append({"type": "accept_offer", "company": a["company"],
                            "player": int(owner[1:])})
            return out
        if t == "assign":
            if ent not in TOKENS:
                raise ExportError(f"the private {ent} has no token to assign", "rule")
            return [{"type": "assign", "corporation": self.owner_corp(ent),
                     "token": TOKENS[ent], "hex": a["target"]}]
        if t == "bankrupt":
            return [{"type": "bankrupt", "corporation": ent}]
        if t == "destination_connection":
            self.check_connections({**a, "_id": self._ident})
            return []
        raise ExportError(f"the action type {t!r} does not exist in 1870")

    def auction(self, a: dict) -> list[dict]:
        from ...games.g1870 import auction
        t = a["type"]
        seat = self.seat_of(a["entity"])
        g = self.g
        if t == "bid":
            open_sale = self.s["auction"]["fight"] is None
            return [bid_action(auction, g, seat, a, open_sale, "4.2, 4.5")]
        if t == "pass":
            return [{"type": "pass", "player": seat}]
        if t == "par":
            price = int(str(a["share_price"]).split(",")[0])
            self._cert_moves = lambda: self.certs.buy(seat, [f"{a['corporation']}_0"])
            return [{"type": "par", "player": seat, "corporation": a["corporation"],
                     "price": price}]
        raise ExportError(f"the action type {t!r} is not possible in the private sale")

    def player_pass(self, a: dict) -> dict:
        s = self.s
        seat = self.seat_of(a["entity"])
        if s["round"] == "stock" and s["stock"]["protect"] is not None:
            r = s["stock"]
            return {"type": "decline", "player": seat,
                    "corporation": r["queue"][r["protect"]]["corporation"]}
        op = s.get("op")
        if s["round"] == "operating" and op and op.get("protecting"):
            return {"type": "decline", "player": seat,
                    "corporation": op["sales"][0]["corporation"]}
        return {"type": "pass", "player": seat}

    def buy_shares(self, a: dict) -> list[dict]:
        s = self.s
        certs = a.get("shares") or []
        if not certs:
            raise ExportError("a purchase without certificates")
        corp = self.certs.corp_of(certs[0])
        if a.get("entity_type") == "corporation":           # redemption (7.3)
            src = self.certs.where(certs[0])
            if src not in ("pool",) and not src.isdigit():
                raise ExportError(f"{corp} redeems {certs[0]} from {src} (7.3)", "rule")
            self._cert_moves = lambda: self.certs.redeem(certs[0])
            return [{"type": "redeem", "player": self.president(corp), "corporation": corp,
                     "source": src}]
        seat = self.seat_of(a["entity"])
        self._cert_moves = lambda: self.certs.buy(seat, list(certs))
        r = s["stock"] if s["round"] == "stock" else None
        if r is not None and r["protect"] is not None:
            return [{"type": "protect", "player": seat,
                     "corporation": r["queue"][r["protect"]]["corporation"]}]
        op = s.get("op")
        if s["round"] == "operating" and op and op.get("protecting"):
            return [{"type": "protect", "player": seat,
                     "corporation": op["sales"][0]["corporation"]}]
        out = []
        for cert in certs:
            src = self.certs.where(cert)
            if src not in ("ipo", "pool"):
                raise ExportError(f"{cert} is held by a player and cannot be bought (6.3)",
                                  "rule")
            out.append({"type": "buy_share", "player": seat, "corporation": corp,
                        "source": src})
        return out

    def sell_shares(self, a: dict) -> list[dict]:
        s = self.s
        certs = a.get("shares") or []
        if not certs:
            raise ExportError("a sale without certificates")
        corp = self.certs.corp_of(certs[0])
        if a.get("entity_type") == "corporation":            # reissue (7.4)
            held = len(s["holders"][corp].get("treasury", ()))
            if len(certs) != held:
                raise ExportError(f"{corp} reissues {len(certs)} of its {held} redeemed "
                                  f"shares; all are reissued at once (7.4.1)", "rule")
            out = {"type": "reissue", "player": self.president(corp), "corporation": corp}
            if a.get("share_price"):
                out["_reissue_price"] = int(str(a["share_price"]).split(",")[0])
            return [out]
        seat = self.seat_of(a["entity"])
        count = int(a["percent"]) // 10
        self._cert_moves = lambda: self.certs.sell(seat, list(certs), int(a["percent"]))
        if s["round"] == "operating":
            return [{"type": "emergency_sell", "player": seat, "corporation": s["op"]["corp"],
                     "shares": corp, "count": count}]
        return [{"type": "sell_shares", "player": seat, "corporation": corp, "count": count}]

    def run_routes(self, a: dict) -> list[dict]:
        corp = a["entity"]
        routes = [{"train": self.train(r["train"]), "chains": r.get("connections") or []}
                  for r in a.get("routes") or []]
        self._expected_revenue = sum(int(r.get("revenue", 0)) for r in a.get("routes") or [])
        op = self.s.get("op")
        if op and op["connections"][:1] == [corp]:
            if self.conn.get("corp") != corp:
                raise ExportError(f"{corp} runs its connection run before choosing the "
                                  f"destination marker (9.6.3)", "rule")
            self._check_connection_revenue(corp, routes)
            self.conn["routes"] = routes
            if self._run_total == 0:              # notes 6.3: no revenue, no dividend
                conn, self.conn = self.conn, {}
                return [{"type": "connection_run", "corporation": corp,
                         "marker": conn["marker"], "kind": "withhold", "routes": routes}]
            return []
        return [{"type": "run_routes", "corporation": corp, "routes": routes}]

    def _check_connection_revenue(self, corp: str, routes: list) -> None:
        from ...games.g1870 import routes as r1870
        g = self.g
        c = self.s["corps"][corp]
        saved = c.get("dest_marker")
        c["dest_marker"] = self.conn["marker"]
        try:
            _, revenues, _ = r1870.check_run(g, corp, routes)
        finally:
            if saved is None:
                c.pop("dest_marker", None)
            else:
                c["dest_marker"] = saved
        ours = sum(revenues.values())
        self._run_total = ours
        if ours != self._expected_revenue:
            raise ExportError(f"the export's revenue ${self._expected_revenue} differs from "
                              f"ours ${ours} (9.3.5, 9.6.4)", "rule")
        self._expected_revenue = None

    def buy_train(self, a: dict) -> list[dict]:
        out: Any
        s = self.s
        corp = a["entity"]
        ext = a["train"]
        price = int(a["price"])
        if ext in self.trains:
            ours = self.trains[ext]
            if ours in s["train_pool"]:
                return [{"type": "buy_train", "corporation": corp, "source": "pool",
                         "train": ours, "_price": price}]
            seller = next((c for c, v in s["corps"].items() if ours in v["trains"]), None)
            if seller is None:
                raise ExportError(f"the train {ext} is nowhere to be bought")
            out = [{"type": "buy_train", "corporation": corp, "source": seller, "train": ours,
                    "price": price}]
            if s["corps"][seller]["president"] != s["corps"][corp]["president"]:
                out.append({"type": "accept_offer", "corporation": seller,
                            "player": s["corps"][seller]["president"]})
            return out
        name, _, copy = ext.partition("-")
        if not copy.isdigit() or int(copy) != self.bought.get(name, 0):
            raise ExportError(f"the depot offers train {name}-{self.bought.get(name, 0)}, not "
                              f"{ext} (1.2)", "rule")
        self._new_train = ext
        out = {"type": "buy_train", "corporation": corp, "source": "depot", "_price": price}
        if name == "D":                                    # 12.2 (diesels)
            out["variant"] = "D"
        if a.get("exchange"):
            out["exchange"] = self.train(a["exchange"])
        return [out]

    def _sync_private_shares(self) -> None:
        """4.7: the MKT private's buyer receives MKT_1 (once: a redeemed and reissued
        MKT_1 is an IPO share like any other)."""
        owner = self.s["companies"]["MKT"]["owner"]
        if not self._mkt_given and owner and owner.startswith("p") \
                and self.certs.where("MKT_1") == "ipo":
            self.certs.give("MKT_1", owner[1:])
            self._mkt_given = True

    def check_connections(self, a: dict) -> None:
        """Notes 5.2: the recorded result of a connection check is authoritative (the
        reference's test changed over time: ``34110.json`` action 220 starts a run for MP
        that 9.6.1 does not allow).  Where it differs from ours, the engine actions of this
        export entry are taken back to the one that made our check, the recorded result is
        declared (``recorded_connections``, kept in the game and its save, so a save
        reloads) and that action is made again; the difference goes to ``warnings``."""
        s = self.s
        op = s.get("op")
        recorded = list(a.get("corporations") or [])
        ours = list(op["connections"]) if op and s["round"] == "operating" \
            and not s["ended"] else []
        if recorded == ours:
            return
        kinds = self.applied
        made = [i for i, k in enumerate(kinds) if k == "check"]
        if not made:
            raise ExportError(f"the export records connection runs for {recorded} where "
                              f"our rules make no connection check (9.6.2)", "rule")
        i = made[-1]
        if "plain" in kinds[i + 1:]:
            raise ExportError(f"the export records connection runs for {recorded} after "
                              f"further actions (9.6.2)", "rule")
        start = i - 1 if i > 0 and kinds[i - 1] == "declared" else i
        again = dict(self.game.log[i - len(kinds)])
        self.game.undo(len(kinds) - start)
        del kinds[start:]
        self.game.apply({"type": "recorded_connections", "player": self.game.current_player,
                         "corporations": recorded})
        kinds.append("declared")
        self.apply(again)
        op = self.s.get("op")
        now = list(op["connections"]) if op and self.s["round"] == "operating" else []
        if now != recorded:
            raise ExportError(f"the export starts connection runs for {recorded}, our rules "
                              f"cannot start them now (9.6.2)", "rule")
        self.warnings.append(f"{a.get('_id')}: the export's connection check gives "
                             f"{recorded}, our test (9.6.1) {ours}; the recorded result is "
                             f"followed (export notes 5.2) and kept in the game as "
                             f"recorded_connections")
        self.settle()

    # ---- driving ---------------------------------------------------------------------------
    def apply_entry(self, a: dict, ident: Any) -> None:
        t = a.get("type")
        if t in NO_OPS:
            return
        if t == "end_game":     # ends the game at once; the result is the state then
            self.ended_manually = True
            if not self.game.is_terminal:
                seat = self.seat_of(a["entity"]) if a.get("entity_type") == "player" \
                    else (self.game.current_player or 0)
                self.game.apply({"type": "end_game", "player": seat})
            return
        if self.game.is_terminal:
            if self._check_after_the_end(a, ident):
                return
            raise ExportError(f"Action {ident} ({t}): the game is already over.")
        self._pending_copy = None
        self._cert_moves = None
        self._ident = ident
        self._expected_revenue = None
        self._new_train = None
        if self.before is not None:
            self.before(self.game, a, ident)
        self.guarded(ident, t, lambda: self._apply_entry(a))

    def _check_after_the_end(self, a: dict, ident: Any) -> bool:
        """Notes 6.5 (corrected): when a broken bank ends the game after the last
        corporation's turn of the final operating round, the reference records the
        end-of-turn connection check of that turn (an auto action of the same entry)
        before it ends the game.  It changes nothing: no corporation may run any more."""
        if a.get("type") != "destination_connection" or not str(ident).endswith("(auto)"):
            return False
        if self.s.get("end_reason") != "bank broken" or not self.applied \
                or self._end_checked:
            return False
        if a.get("corporations"):
            raise ExportError(f"Action {ident} (destination_connection): the export starts "
                              f"connection runs for {a['corporations']} after the game "
                              f"ended (10.1.1)", "rule", action_id=ident)
        self._end_checked = True
        return True

    def _apply_entry(self, a: dict) -> None:
        for act in self.translate(a):
            expected_price = act.pop("_price", None)
            reissue_price = act.pop("_reissue_price", None)
            normal = self.apply(act)
            if expected_price is not None and normal.get("price") != expected_price:
                raise ExportError(f"the export pays ${expected_price} for the train, our "
                                  f"price is ${normal.get('price')} (1.2, 9.5.2)", "rule")
            if reissue_price is not None and normal.get("price") != reissue_price:
                raise ExportError(f"the export reissues at ${reissue_price}, our price is "
                                  f"${normal.get('price')} (7.4.2)", "rule")
            if self._new_train and act["type"] == "buy_train":
                self.trains[self._new_train] = normal["train"]
                name = self._new_train.split("-")[0]
                self.bought[name] = self.bought.get(name, 0) + 1
            if act["type"] == "run_routes" and self._expected_revenue is not None and \
                    normal.get("revenue") != self._expected_revenue:
                raise ExportError(f"the export's revenue ${self._expected_revenue} differs "
                                  f"from ours ${normal.get('revenue')} (9.3.5)", "rule")
        if self._cert_moves is not None:
            self._cert_moves()
        self._sync_private_shares()
        if self._pending_copy is not None:
            copy, hex_id = self._pending_copy
            self.copies = {k: v for k, v in self.copies.items() if v != hex_id}
            self.copies[copy] = hex_id
        self.settle()

    def run(self) -> dict:
        for e, ident in self.entries():
            if not str(ident).endswith("(auto)"):
                self.applied = []                 # a new export entry
            if self.ended_manually and e.get("type") not in NO_OPS:
                raise ExportError(f"Action {ident}: the game was already ended.")
            self.apply_entry(e, ident)
        self.not_finished(self.game.is_terminal or self.ended_manually)
        return self.worth()


def import_1870(data: dict, before: Any = None,
                profile: tuple = SITE_PROFILE) -> tuple[Game, dict]:
    """Replay ``data``; ``before(game, action, id)``, if given, sees the position before
    each export action is applied (used by ``import-18xx --check-routes``).  ``profile``:
    the options of the 18xx.games profile switched on (all of :data:`SITE_PROFILE`; the
    drop-one check, ``tests/g1870/test_site_profile.py``, leaves one out)."""
    rp = _Replay(data, before, profile)
    result = rp.run()
    rp.game.import_warnings = list(rp.warnings)  # type: ignore[attr-defined]  # shown by ``railyard import-18xx``
    return rp.game, result
