"""Replaying an 18xx.games export of 1830 through railyard's own 1830 rules."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ...eighteen.import18xx.common import NO_OPS, ReplayBase, bid_action, load_export, map_options
from ...eighteen.import18xx.errors import ExportError

#: 18xx.games optional rules -> railyard options of 1830
OPTIONS_1830 = {"optional_6_train": "extra_6_train",
                "multiple_brown_from_ipo": "multiple_brown_from_ipo"}

#: Appendix A: ids of the printed tiles with cities
PRINTED_1830 = {"A19-0": "A19", "city-2": "B10", "B16-0": "B16", "D2-0": "D2", "D10-1": "D10",
                "D14-0": "D14", "E5-0": "E5", "E11-0": "E11", "city-0": "E19", "E23-0": "E23",
                "F4-0": "F4", "F6-0": "F6", "F16-0": "F16", "F22-2": "F22", "G19-0": "G19",
                "city-1": "H4", "city-3": "H10", "H12-0": "H12", "city-4": "H16",
                "H18-1": "H18", "I15-0": "I15", "J14-1": "J14", "K15-0": "K15"}

#: how 18xx.games departs from the printed rules: the options every import switches on
#: (docs/games/1830.md, "The 18xx.games profile")
SITE_PROFILE = {"unlimited_d_trains": True, "train_limit_purchase_then_discard": True,
                "agreed_prices_need_consent": False,
                "route_may_start_and_end_in_one_red_area": True,
                "withhold_moves_at_once": True, "erie_token_replaced": True,
                "emergency_sale_whole_presidents_certificate": True,
                "private_purchase_before_discard": True}

if TYPE_CHECKING:
    from ...engine.game import Game
    from .state import G1830State

__all__ = ["SITE_PROFILE", "import_1830", "load_export"]


def _options(data: dict) -> dict:
    """The export's optional rules, plus what 18xx.games always plays where it departs from
    the rulebook (:data:`SITE_PROFILE`)."""
    return {**map_options(data, OPTIONS_1830), **SITE_PROFILE}


class _Replay(ReplayBase):
    title = "1830"

    def __init__(self, data: dict, before: Any = None) -> None:
        super().__init__(data, before, _options)
        self.copies = dict(PRINTED_1830)  # tile copy id -> hex where it lies
        self._ended: str | None = None     # the corporation whose turn the last action ended
        #: the tile copy laid by the action being applied and its hex, recorded once applied
        self._pending_copy: tuple[str, str] | None = None

    def _operating(self) -> str | None:
        op = self.s.get("op")
        return op.get("corp") if self.s["round"] == "operating" and op else None

    def actor(self, a: dict) -> int:
        et = a.get("entity_type")
        if et == "player":
            return self.seat_of(a["entity"])
        if et == "corporation":
            op = self.s.get("op")
            if op and op.get("discard"):
                return self.president(op["discard"][0])
            return self.president(a["entity"])
        if et == "company":
            owner = self.s["companies"][a["entity"]]["owner"]
            if owner and owner[0] == "p":
                return int(owner[1:])
            if owner and owner[0] == "c":
                return self.president(owner[1:])
        cur = self.game.current_player
        if cur is None:
            raise ExportError("the game is already over")
        return cur

    def where(self, cert: str) -> str:
        corp = cert.rsplit("_", 1)[0]
        h = self.s["holders"].get(corp)
        if h is None:
            raise ExportError(f"unknown certificate {cert!r}")
        for k, lst in h.items():
            if cert in lst:
                return k
        raise ExportError(f"certificate {cert!r} not found")

    def _check_operator(self, a: dict) -> None:
        """A corporation acts in an operating round only in its own turn (16.0 order);
        otherwise the reference's order differs from ours, or the export is wrong."""
        op = self.s.get("op")
        if self.s["round"] != "operating" or not op or op.get("discard") or \
                a.get("type") == "discard_train" or op.get("corp") is None:
            return
        if a.get("entity") != op["corp"]:
            raise ExportError(f"{a.get('entity')} acts, but by our operating order {op['corp']} "
                              f"is operating now (16.0)", "rule")

    def translate(self, a: dict) -> list[dict]:
        t = a["type"]
        out: Any
        if a.get("entity_type") == "corporation":
            self._check_operator(a)
        seat = self.actor(a)
        s = self.s
        if t == "bid":
            from ...games.g1830 import auction
            open_sale = s["round"] == "auction" and s["auction"]["fight"] is None
            return [bid_action(auction, self.game.state, seat, a, open_sale, "7.1, 7.3")]
        if t == "pass":
            return [{"type": "pass", "player": seat}]
        if t == "par":
            price = int(str(a["share_price"]).split(",")[0])
            return [{"type": "par", "player": seat, "corporation": a["corporation"],
                     "price": price}]
        if t == "buy_shares":
            certs = a.get("shares") or []
            if a.get("entity_type") == "company":
                cert = certs[0]
                if self.where(cert) not in ("ipo", "pool"):
                    raise ExportError(f"{cert} is not in the bank; the M&H is exchanged for "
                                      f"a share from the IPO or the pool (17.0)", "rule")
                return [{"type": "exchange", "player": seat, "company": a["entity"],
                         "source": self.where(cert), "cert": cert}]
            out = []
            for cert in certs:
                out.append({"type": "buy_share", "player": seat,
                            "corporation": cert.rsplit("_", 1)[0], "source": self.where(cert),
                            "cert": cert})
            return out
        if t == "sell_shares":
            certs = a.get("shares") or []
            corp = certs[0].rsplit("_", 1)[0]
            return [{"type": "sell_shares", "player": seat, "corporation": corp,
                     "count": a["percent"] // 10, "certs": list(certs)}]
        if t == "lay_tile":
            tile_id = a["tile"]
            name = tile_id.rsplit("-", 1)[0]
            out = {"type": "lay_tile", "player": seat, "hex": a["hex"], "tile": name,
                   "rotation": a["rotation"]}
            if a.get("entity_type") == "company":
                out["company"] = a["entity"]
            self._pending_copy = (tile_id, a["hex"])
            return [out]
        if t == "place_token":
            city_id = a["city"]
            copy, idx = city_id.rsplit("-", 1)
            hex_id = self.copies.get(copy)
            if hex_id is None:
                raise ExportError(f"unknown city {city_id!r}")
            out = {"type": "place_token", "player": seat, "hex": hex_id, "city": int(idx)}
            if a.get("entity_type") == "company":
                out["company"] = a["entity"]
            return [out]
        if t == "run_routes":
            routes = [{"train": r["train"], "chains": r.get("connections") or []}
                      for r in a.get("routes") or []]
            recorded = [r.get("revenue") for r in a.get("routes") or []]
            # 3.3 run_routes: the reference recomputes a missing revenue, so do we
            self._expected_revenue = None if None in recorded else sum(map(int, recorded))
            return [{"type": "run_routes", "player": seat, "routes": routes}]
        if t == "dividend":
            return [{"type": "dividend", "player": seat, "kind": a["kind"]}]
        if t == "buy_train":
            out = {"type": "buy_train", "player": seat, "train": a["train"], "price": a["price"]}
            if a.get("exchange"):
                out["exchange"] = a["exchange"]
            return [out]
        if t == "discard_train":
            return [{"type": "discard_train", "player": self.president(a["entity"]),
                     "corporation": a["entity"], "train": a["train"]}]
        if t == "buy_company" and a.get("entity_type") == "player":
            return self._player_buys_private(a, seat)
        if t == "buy_company":
            return [{"type": "buy_company", "player": seat, "company": a["company"],
                     "price": a["price"]}]
        if t == "bankrupt":
            return [{"type": "bankrupt", "player": seat}]
        if t == "end_game":  # ends the game at once; the result is the state at that moment
            return [{"type": "end_game", "player": seat}]
        raise ExportError(f"the action type {t!r} does not exist in 1830")

    def _player_buys_private(self, a: dict, seat: int) -> list[dict]:
        """A player buys another player's private in a stock round (23.1): our sale is an
        offer by the player on turn and the owner's acceptance (the export records the
        agreed sale as one action)."""
        comp = a["company"]
        owner = (self.s["companies"].get(comp) or {}).get("owner") or ""
        if not owner.startswith("p"):
            raise ExportError(f"{comp} is not owned by a player (23.1)", "rule")
        return [{"type": "offer_private", "player": seat, "company": comp, "buyer": seat,
                 "price": a["price"]},
                {"type": "accept_offer", "player": int(owner[1:]), "company": comp,
                 "price": a["price"]}]

    def _idle_private_step(self, a: dict) -> bool:
        """Notes 6.3: the site keeps a corporation's final private step waiting while it
        owns a tile-laying private whose ability is unused (CS, DH), even where no tile can
        go there any more; our turn has nothing left to decide and has ended.  The ``pass``
        recorded there declines nothing of ours."""
        corp = a.get("entity")
        if a.get("type") != "pass" or a.get("entity_type") != "corporation" or \
                corp != self._ended or self.s["round"] not in ("operating", "stock"):
            return False
        comps = self.s["companies"]
        return any(comps[p]["owner"] == f"c{corp}" and not comps[p]["closed"]
                   and p not in self.s["ability_used"] for p in ("CS", "DH"))

    def apply(self, a: dict, ident: Any) -> None:
        t = a.get("type")
        if t in NO_OPS or str(t).startswith("program_"):   # export notes 5.2
            return
        if self._idle_private_step(a):
            self._ended = None
            return
        if self.game.is_terminal:
            raise ExportError(f"Action {ident} ({t}): the game is already over.")
        self._pending_copy = None
        self._expected_revenue = None
        if self.before is not None:
            self.before(self.game, a, ident)
        before = self._operating()
        self.guarded(ident, t, lambda: self._apply(a, ident))
        after = self._operating()
        self._ended = before if before is not None and before != after else None
        if self._pending_copy is not None:
            copy, hex_id = self._pending_copy
            self.copies[copy] = hex_id

    def _end_open_turns(self, a: dict) -> None:
        """Export notes 6.2: the site ends a stock-round turn by itself (and passes a player
        at the start of his turn) when its rules leave him nothing to do; ours still let him
        offer a private sale (23.1), which the site does not offer then.  When the next
        recorded action is not his, he did not make one: his ``pass`` is applied."""
        from ...games.g1830 import private_sale
        s = self.s
        mine = {"pass", private_sale.OFFER, "exchange"}   # the M&H exchange keeps no turn open
        for _ in range(len(self.ids) + 1):
            if s["round"] != "stock" or self.game.is_terminal or private_sale.pending(
                    cast("G1830State", self.game.state)) is not None:
                return
            cur = self.game.current_player
            if a.get("entity_type") == "player" and self.seat_of(a["entity"]) == cur:
                return
            if a.get("entity_type") == "company" and self.actor(a) == cur:
                return
            if any(c.type not in mine for c in self.game.state.legal_actions()):
                return
            self.game.apply({"type": "pass", "player": cur})

    def _apply(self, a: dict, ident: Any) -> None:
        if a.get("type") not in ("end_game",):
            self._end_open_turns(a)
        for act in self.translate(a):
            normal = self.game.apply(act)
            if act["type"] == "run_routes" and self._expected_revenue is not None and \
                    normal.get("revenue") != self._expected_revenue:
                raise ExportError(
                    f"Action {ident} (run_routes): the export's revenue "
                    f"${self._expected_revenue} differs from ours ${normal.get('revenue')} "
                    f"(20.3).", "rule")

    def run(self) -> dict:
        for e, ident in self.entries():
            self.apply(e, ident)
        self.not_finished(self.game.is_terminal)
        return self.worth()


def import_1830(data: dict, before: Any = None) -> tuple[Game, dict]:
    """Replay ``data``; ``before(game, action, id)``, if given, sees the position before
    each export action is applied (used by ``import-18xx --check-routes``)."""
    rp = _Replay(data, before)
    result = rp.run()
    return rp.game, result
