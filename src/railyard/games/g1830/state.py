"""The 1830 game state: plain data plus the static facts, dispatching to the rounds.

Rounds live in their own modules: :mod:`.auction` (7.0-7.3), :mod:`.stock` (4.0, 8-15),
:mod:`.operating` (16-24); the private companies' abilities are in :mod:`.privates`.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ...engine.actions import Action
from ...eighteen.state import END_GAME, DictState
from . import auction, consent, operating, playout, private_sale, stock, track, trains
from .data import static


class G1830State(DictState):
    title = "1830"
    #: every action of 1830; any other type is refused as ``malformed`` (engine/state.py)
    action_types = frozenset({
        "bid", "buy_private", "par", "pass",                                  # private sale
        "buy_share", "sell_shares", "exchange",                               # stock round
        "lay_tile", "place_token", "run_routes", "dividend", "buy_train",     # operating
        "discard_train", "buy_company", "bankrupt",
        private_sale.OFFER, private_sale.ACCEPT, private_sale.DECLINE,        # agreements
        consent.ACCEPT, consent.DECLINE, END_GAME})
    #: while a playout runs: the listing of the position it reached (playout.py)
    keep_options: list[Any]

    def __init__(self, players: list[str], seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.st = static(bool(self.options.get("extra_6_train", False)),
                         bool(self.options.get("diesels", True)),
                         bool(self.options.get("unlimited_d_trains", False)))
        self.s: dict = {} if options.get("_empty") else self._setup()

    # ---- setup (2.0) -------------------------------------------------------------------
    def _setup(self) -> dict:
        return self.new_state(
            "round phase sr or_num or_total cash bank bank_broken priority companies corps "
            "holders stacks tiles tokens supply depot train_pool bought_types ability_used "
            "auction stock op bankrupt ended end_reason",
            lambda: {"par": None, "pos": None, "floated": False, "cash": 0, "trains": [],
                     "tokens_used": 0, "president": None, "home_done": False, "operated": False},
            self.options.get("bank_cash", self.st.bank_cash),               # 2.0, 26.0
            sr=1, bought_types=[], ability_used=[], bankrupt=None)

    # ---- contract ------------------------------------------------------------------
    rounds = {"auction": auction, "stock": stock, "operating": operating}

    def out_of_turn(self, action: Mapping[str, Any]) -> bool:
        """17.0 M&H: its owner may exchange it at any time; 21.0: every company over the
        train limit discards at once; and the players' end of the game."""
        s = self.s
        p = action.get("player")
        t = action.get("type")
        if t == "exchange":
            return (isinstance(p, int) and not isinstance(p, bool)
                    and p != self.current_player and self.company_owner("MH") == f"p{p}"
                    and not s["ended"])
        if t == "discard_train":
            return bool(s.get("op") and not s["ended"]
                        and action.get("corporation") in s["op"]["discard"]
                        and p == s["corps"][action["corporation"]]["president"])
        return super().out_of_turn(action)

    def random_playout(self, bot: Any, max_actions: int) -> int:
        """:meth:`DictState.random_playout` with 1830's faster steps in stock turns and
        most operating steps (:mod:`.playout`), which keep a stock turn's listing."""
        self.keep_options = [None, None, None]
        try:
            return super().random_playout(bot, max_actions)
        finally:
            del self.keep_options

    playout_step = playout.step

    def _dispatch(self, action: Mapping[str, Any]) -> Action:
        if action.get("type") == "exchange" and self.s["round"] != "auction":
            return stock.apply_exchange(self, action)       # 17.0: at any time
        return super()._dispatch(action)

    def public_view(self) -> dict[str, Any]:
        s = self.s
        return {
            "title": "1830", "players": list(self.players), "round": s["round"],
            "phase": s["phase"], "stock_round": s["sr"], "operating_round": s["or_num"],
            "operating_rounds_in_set": s["or_total"],
            "cash": list(s["cash"]), "bank": s["bank"], "bank_broken": s["bank_broken"],
            "priority": s["priority"], "companies": s["companies"], "corporations": {
                c: {**v, "price": self.price(c) if v["pos"] else None,
                    "shares": s["holders"][c]} for c, v in s["corps"].items()},
            "tiles": s["tiles"], "tokens": s["tokens"], "tile_supply": s["supply"],
            "depot": s["depot"], "train_pool": s["train_pool"],
            "auction": s["auction"], "stock": s["stock"], "operating": s["op"],
            "private_offer": private_sale.pending(self),
            "bought_train_types": s["bought_types"], "abilities_used": s["ability_used"],
            "bankrupt_player": s["bankrupt"],
            "ended": s["ended"], "end_reason": s["end_reason"],
            "to_act": self.current_player,
            "worth": [self.worth(i) for i in range(len(self.players))],
            "cert_count": [self.cert_count(i) for i in range(len(self.players))],
            "cert_limit": self.cert_limit(), "train_limit": trains.limit(self),
            "operating_order": sorted((c for c, v in s["corps"].items() if v["floated"]),
                                      key=lambda c: operating.order_key(self, c)),
        }

    def _pass_words(self) -> str:
        """A pass in the game's words: in an operating turn what is left undone (no track,
        no station, no train: the step it closes), in the stock round the end of a turn
        after buying or selling, else "passes"."""
        op = self.s.get("op") if self.s.get("round") == "operating" else None
        if op and op.get("corp") and not op.get("discard"):
            said = {"track": "lays no track", "token": "places no station",
                    "buy_train": "buys no more trains",
                    "buy_company": "buys no private and ends its turn"}.get(op.get("step"))
            if said:
                return said
        return "ends the turn" if self._acted_in_stock_turn() else "passes"

    def _acted_in_stock_turn(self) -> bool:
        """Whether the player to act in the stock round has bought or sold this turn (then
        a pass ends the turn; it is no pass in the sense of 8.0's end of the round)."""
        r = self.s.get("stock") if self.s.get("round") == "stock" else None
        return bool(r and r.get("acted"))

    def describe(self, action: Mapping[str, Any]) -> str:
        p = action.get("player")
        who = self.players[p] if isinstance(p, int) and 0 <= p < len(self.players) else "?"
        a = action
        t: Any = a.get("type")
        text: Callable[[], str] | None = {
            "buy_private": lambda: f"buys the private {a.get('company')}",
            "bid": lambda: f"bids ${a.get('amount')} for {a.get('company')}",
            "pass": lambda: self._pass_words(),
            "par": lambda: f"starts {a.get('corporation')} at ${a.get('price')}",
            "buy_share": lambda: f"buys a 10% share of {a.get('corporation')} from the "
                                 f"{'initial offering' if a.get('source') == 'ipo' else 'pool'}",
            "sell_shares": lambda: f"sells {10 * (a.get('count') or 0)}% of "
                                   f"{a.get('corporation')}",
            "exchange": lambda: "exchanges the Mohawk & Hudson for a 10% NYC share",
            "lay_tile": lambda: f"lays tile {a.get('tile')} on {a.get('hex')}" + (
                f" with {a['company']}" if a.get("company") else "") + self._lay_cost(a),
            "place_token": lambda: f"places a station in {a.get('hex')}" + self._token_cost(a),
            "run_routes": lambda: "runs its trains" + (f" for ${a['revenue']}"
                                                       if "revenue" in a else ""),
            "dividend": lambda: "pays out" if a.get("kind") == "payout" else "withholds",
            "buy_train": lambda: self._train_purchase_words(a),
            "discard_train": lambda: f"discards a {str(a.get('train')).rsplit('-', 1)[0]}-train",
            "buy_company": lambda: f"has the company buy {a.get('company')} for "
                                   f"${a.get('price')}",
            "bankrupt": lambda: "goes bankrupt",
            END_GAME: lambda: "ends the game (agreed by the players)",
        }.get(t)
        sale = consent.describe(self, a) or private_sale.describe(self, a)
        if sale is not None:
            return f"{who} {sale}"
        op = self.s.get("op") if self.s.get("round") == "operating" else None
        if op and op.get("corp") and t not in ("sell_shares", "bankrupt", "exchange"):
            who = f"{who} ({op['corp']})"
        if text is None:
            return f"{who} {str(t or 'acts').replace('_', ' ')}"
        return f"{who} {text()}"

    def _lay_cost(self, a: Mapping[str, Any]) -> str:
        """The terrain paid for a first tile on a hex (18.0; not with the Champlain &
        St.Lawrence's free lay, 17.0), as the lay does it."""
        hx = self.st.board.hexes.get(str(a.get("hex")))
        if hx is None or a.get("hex") in self.s["tiles"] or a.get("company") == "CS":
            return ""
        return f", paying ${hx.terrain_cost} for the terrain" if hx.terrain_cost else ""

    def _token_cost(self, a: Mapping[str, Any]) -> str:
        """What the operating corporation pays for the station (19.0; the Delaware &
        Hudson's station is free, 17.0)."""
        op = self.s.get("op") or {}
        corp = op.get("corp")
        if self.s.get("round") != "operating" or corp not in self.s["corps"] or \
                a.get("company") or op.get("step") != "token":
            return ""
        cost = track.token_cost(self, str(corp))
        return f" for ${cost}" if cost else ""

    def _train_purchase_words(self, a: Mapping[str, Any]) -> str:
        """A train purchase with its seller: "buys a 4-train from the bank for $300",
        "buys ERIE's 3-train for $90", or, when the seller's president must agree (21.0),
        "offers $90 for ERIE's 3-train" (the answer follows in the log)."""
        tid = a.get("train")
        kind = str(tid).rsplit("-", 1)[0]
        seller = next((c for c, v in self.s["corps"].items() if tid in (v.get("trains") or [])),
                      None)
        op = self.s.get("op") or {}
        buyer = op.get("corp")
        swap = (f" giving in its {str(a['exchange']).rsplit('-', 1)[0]}-train"
                if a.get("exchange") else "")
        if seller is None or seller == buyer:
            return f"buys a {kind}-train from the bank for ${a.get('price')}{swap}"
        p = a.get("player")
        if isinstance(p, int) and consent.needed(self, p, self.s["corps"][seller]["president"]):
            return f"offers ${a.get('price')} for {seller}'s {kind}-train"
        return f"buys {seller}'s {kind}-train for ${a.get('price')}"

    # ---- shared helpers --------------------------------------------------------------
    def cert_counts(self) -> list[int]:
        """:meth:`cert_count` of every seat, in one pass."""
        s = self.s
        n = len(self.players)
        out = [0] * n
        for comp in s["companies"].values():
            owner = comp["owner"]
            if owner is not None and owner[0] == "p" and not comp["closed"]:
                seat = int(owner[1:])
                if 0 <= seat < n:
                    out[seat] += 1
        corps = s["corps"]
        counts = self.st.market.counts_for_cert_limit
        for c, h in s["holders"].items():
            pos = corps[c]["pos"]
            if pos is not None and not counts(pos):
                continue
            for key, held in h.items():
                if held and key.isdigit():
                    seat = int(key)
                    if seat < n:
                        out[seat] += len(held)
        return out

    def cert_limit(self) -> int:
        return self.st.cert_limit[len(self.players)]

    def phase_colour(self) -> str:
        return self.phase_info()["tiles"][-1]

    def train_def(self, train_id: str) -> Any:
        name = train_id.rsplit("-", 1)[0]
        return next(t for t in self.st.trains if t.name == name)
