"""The 1870 game state: plain data plus the static facts, dispatching to the rounds.

Rounds live in their own modules: :mod:`.auction` (4, the privates), :mod:`.stock` (6, 7.1,
7.2), :mod:`.treasury` (7.3, 7.4), :mod:`.operating` (5, 8, 9.4, 9.5)."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine.actions import Action
from ...engine.errors import MALFORMED
from ...eighteen import shares as sh
from ...eighteen.state import END_GAME, DictState
from . import auction, operating, playout, recorded, stations, stock, variants
from .data import raw_data


def _money(v: Any) -> str:
    return f"${v}" if isinstance(v, int) and not isinstance(v, bool) else "?"


def describe_action(a: Mapping[str, Any]) -> str:
    """What an action does, after the actor's name (no engine names)."""
    t = a.get("type")
    c = a.get("corporation")
    src = {"ipo": "the initial offering", "pool": "the bank pool", "depot": "the bank",
           "treasury": "its treasury"}
    if t == "pass":
        return "passes"
    if t == "done":
        return "ends its turn"
    if t == "bid":
        return f"bids {_money(a.get('amount'))} for {a.get('company')}"
    if t == "buy_private":
        return f"buys the private {a.get('company')}" + (
            f" for {_money(a['price'])}" if "price" in a else "")
    if t == "par":
        return f"starts {c} at {_money(a.get('price'))}"
    if t == "buy_share":
        return (f"buys a 10% share of {c} from {src.get(str(a.get('source')), 'the bank')}"
                + (f" for {_money(a['price'])}" if "price" in a else ""))
    if t == "sell_shares":
        return f"sells {10 * int(a.get('count') or 0)}% of {c}"
    if t == "protect":
        return f"protects the share price of {c}"
    if t == "decline":
        return f"does not protect {c}"
    if t == "lay_tile":
        cost = a.get("cost")
        return (f"lays tile {a.get('tile')} on {a.get('hex')}"
                + (f" for {_money(cost)}" if isinstance(cost, int) and cost else ""))
    if t == "place_token":
        cost = a.get("cost", a.get("price"))
        return (f"places a station in {a.get('hex')}"
                + (f" for {_money(cost)}" if isinstance(cost, int) and cost else ""))
    if t == "run_routes":
        return "runs its trains" + (f" for {_money(a['revenue'])}" if "revenue" in a else "")
    if t == "connection_run":
        return "makes its destination run"
    if t == "dividend":
        return {"full": "pays out", "half": "pays half",
                "withhold": "withholds"}.get(str(a.get("kind")), "decides the dividend")
    if t == "buy_train":
        where = a.get("source")
        frm = ("from the bank" if where == "depot" else "from the bank pool" if where == "pool"
               else f"from {where}" if where else "")
        name = str(a.get("train") or "").rsplit("-", 1)[0]
        train = f"a {name}-train" if name else "the next train"
        if a.get("offer"):
            return f"offers {_money(a.get('price'))} for {where}'s {name}-train"
        return f"buys {train} {frm}".rstrip() + (
            f" for {_money(a['price'])}" if "price" in a else "")
    if t == "discard_train":
        return f"discards a {str(a.get('train')).rsplit('-', 1)[0]}-train"
    if t == "assign":
        return f"places the {a.get('token')} token on {a.get('hex')}"
    if t == "redeem":
        return f"redeems a share of {c} from {src.get(str(a.get('source')), 'the market')}"
    if t == "reissue":
        return f"reissues a treasury share of {c}"
    if t == "emergency_sell":
        return (f"sells {10 * int(a.get('count') or 0)}% of {a.get('shares')} to raise "
                f"money for a train")
    if t == "offer_private":
        return f"offers {_money(a.get('price'))} for the private {a.get('company')}"
    if t in ("accept_offer", "refuse_offer"):
        what = (f"{c}'s {str(a['train']).rsplit('-', 1)[0]}-train" if a.get("train")
                else a.get("company") or "it")
        offer = (f"{a['buyer']}'s offer of {_money(a.get('price'))}" if a.get("buyer")
                 else "the offer")
        return f"{'accepts' if t == 'accept_offer' else 'refuses'} {offer} for {what}"
    if t == "bankrupt":
        return "goes bankrupt"
    if t == END_GAME:
        return "ends the game (agreed by the players)"
    return str(t or "acts").replace("_", " ")


class G1870State(DictState):
    title = "1870"
    #: every action of 1870; any other type is refused as ``malformed`` (engine/state.py)
    action_types = frozenset({
        "bid", "buy_private", "par", "pass",                                  # private sale
        "buy_share", "sell_shares", "redeem", "reissue", "protect", "decline",  # stock
        "accept_offer", "refuse_offer",                                       # agreements
        "lay_tile", "place_token", "run_routes", "dividend", "buy_train",     # operating
        "discard_train", "done", "assign", "emergency_sell", "bankrupt", "connection_run",
        recorded.TYPE, END_GAME})

    #: 10.1.1: the bank breaks only when it has to pay more than it holds (a payment
    #: leaving exactly $0 does not break it)
    bank_breaks_at_zero = False

    def __init__(self, players: list[str], seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.options = variants.expand(self.options)              # 12.6
        self.st = variants.static_for(self.options)
        self.s: dict = self._setup()

    # ---- setup (Spielvorbereitungen, 1.2-1.6) ---------------------------------------------
    def _setup(self) -> dict:
        return self.new_state(
            "round phase sr or_num or_total cash bank bank_broken priority companies corps "
            "holders closed_count stacks tokens tiles bonus supply depot train_pool "
            "train_serial auction stock op ended end_reason",
            lambda: {"par": None, "ipo_price": None, "pos": None, "floated": False, "cash": 0,
                     "trains": [], "president": None, "operated": False, "reissued": False,
                     "closed": False},
            self.st.bank_cash, sr=0, closed_count=0, bonus={}, train_serial=0)

    # ---- contract --------------------------------------------------------------------
    rounds = {"auction": auction, "stock": stock, "operating": operating}

    #: the random bot's action in a playout with fewer re-checks (:mod:`.playout`)
    playout_step = playout.step

    def _dispatch(self, action: Mapping[str, Any]) -> Action:
        t = action.get("type")
        if t == recorded.TYPE:
            return recorded.declare(self, action)
        corp = action.get("corporation")
        if corp is not None and not isinstance(corp, str) and t != END_GAME:
            # refused before any rule reads it (issue 26 point 3: a list here failed deep
            # in the operating round as a TypeError)
            self.fail("'corporation' must name a corporation, e.g. \"ATSF\".", MALFORMED)
        return super()._dispatch(action)

    def public_view(self) -> dict[str, Any]:
        s = self.s
        view = {k: v for k, v in s.items() if k not in ("corps",)}
        view["title"] = "1870"
        view["players"] = list(self.players)
        view["corporations"] = {
            c: {**v, "price": self.price(c) if v["pos"] else None, "shares": s["holders"][c]}
            for c, v in s["corps"].items()}
        view["cert_limit"] = self.cert_limit()
        view["to_act"] = self.current_player
        view["worth"] = [self.worth(i) for i in range(len(self.players))]
        view["cert_count"] = [self.cert_count(i) for i in range(len(self.players))]
        view["train_limit"] = self.phase_info()["train_limit"]
        view["operating_order"] = operating.operating_order(self)
        return view

    def describe(self, action: Mapping[str, Any]) -> str:
        """The action as a sentence in the game's words (the log line)."""
        p = action.get("player")
        who = self.players[p] if isinstance(p, int) and 0 <= p < len(self.players) else "?"
        a = action
        buyer = a.get("buyer")
        if isinstance(buyer, int) and 0 <= buyer < len(self.players):
            a = {**a, "buyer": self.players[buyer]}    # a player's offer: named, not numbered
        corp = a.get("corporation")
        if corp and a.get("type") not in ("par", "buy_share", "sell_shares", "bid",
                                          "buy_private", "pass", "protect", "decline"):
            who = f"{who} ({corp})"
        op = self.s.get("op") if self.s.get("round") == "operating" else None
        if a.get("type") == "place_token" and op and op.get("corp") in self.s["corps"] \
                and "cost" not in a and "price" not in a:
            a = {**a, "cost": stations.next_price(self, op["corp"])}   # 9.2.1: what it pays
        r = self.s.get("stock") if self.s.get("round") == "stock" else None
        if a.get("type") == "pass" and r and r.get("acted"):
            return f"{who} ends the turn"       # after a purchase or sale: not a pass
        return f"{who} {describe_action(a)}"

    # ---- shared helpers ----------------------------------------------------------------
    def price_moved(self, corp: str, pos: list[int]) -> None:
        """10.1.3 variant: the game ends when a marker reaches $400 (18xx.games timing:
        right after the action that moved it)."""
        if (self.options.get("finish_on_400") and not self.s["ended"]
                and self.st.market.price(pos) == 400):
            self.end_game("a share price reached $400")

    def market_price(self, corp: str) -> int:
        pos = self.s["corps"][corp]["pos"]
        return 0 if pos is None else self.st.market.price(pos)

    def counts(self, corp: str, projected: bool = True) -> bool:
        """3.1.2: unless the price is in the yellow, green or brown zone; 6.2.6 (ruling,
        18xx.games): while sales of ``corp`` wait for protection, its shares already count
        as they will after the drops, if that cell does not count (``projected=False``:
        the current cell, as for the protecting president)."""
        market = self.st.market
        pos = self.s["corps"][corp]["pos"]
        if pos is None or not market.counts_for_cert_limit(pos):
            return pos is None
        queued = self.queued_sales() if projected else ()
        if queued:
            for sale in queued:
                if sale["corporation"] == corp:
                    pos = market.sell(pos, sale["count"])
            return market.counts_for_cert_limit(pos)
        return True

    def queued_sales(self) -> list:
        s = self.s
        if s["stock"]:
            return s["stock"]["queue"]
        return (s["op"] or {}).get("sales", [])

    def cert_limit(self) -> int:
        """3.1.1: by players and corporations in play; the 9-corporation value applies once
        any corporation has closed and never drops further."""
        n = len(self.players)
        if self.options.get("original_rules"):       # 3.1.1 ruling: 8 or fewer corporations
            closed = min(self.s["closed_count"], 2)
            return raw_data()["original_cert_limit"][str(n)][str(10 - closed)]
        n_corps = 9 if self.s["closed_count"] else 10
        return self.st.cert_limit[n][n_corps]

    def check_float(self, corp: str) -> None:
        """7.1.2-7.1.3: floats once its float percentage has left the IPO (MKT's private
        share counts; SLSF at 20 %); receives 10 x par from the bank."""
        c = self.s["corps"][corp]
        if c["floated"] or c["president"] is None or not self.may_float(corp):
            return
        sold = 100 - sh.percent(self.s["holders"][corp], "ipo")
        if sold >= self.float_percent(corp):
            c["floated"] = True
            c["cash"] += 10 * c["par"]
            self.pay_from_bank(10 * c["par"])
            if corp == "SLSF" and self.options.get("historical_start"):
                self.s["companies"]["SLSF"]["closed"] = True   # its private stops paying

    def float_percent(self, corp: str) -> int:
        """7.1.2; historical start: SLSF too needs six shares sold."""
        if self.options.get("historical_start"):
            return 60
        return self.st.corps[corp].float_percent

    def may_float(self, corp: str) -> bool:
        """Historical start (seed VARIANTEN): a corporation floats only when every
        corporation before it in the historical order has floated (had six shares sold);
        ruling: a closed one no longer holds the others back."""
        if not self.options.get("historical_start"):
            return True
        order = variants.facts()["historical_order"]
        return all(self.s["corps"][c]["floated"] or self.s["corps"][c]["closed"]
                   for c in order[:order.index(corp)])
