"""Operating rounds (16.0-24.0).

Privates pay first; then the floated companies operate, highest share price first (rightmost
on equal rows, then the one on top of a stack, 16.0).  A company's turn goes through the
steps of 17.0: lay or upgrade a tile (18), place a token (19), run trains (20.1), pay or
withhold (20.3), buy trains (21), and - from phase 3 - buy privates (23.1).  A step with
nothing to decide is skipped.  A company without a train that has a route must buy one, with
its president's money if need be (20.2, 24.0).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from ...eighteen import graph, offers
from ...eighteen import operating as core
from ...eighteen.routes import best_route_set, check_run, one_area_ends
from . import consent, private_sale, privates, stock, track, trains

if TYPE_CHECKING:
    from .state import G1830State

STEPS = ("home_token", "track", "token", "routes", "dividend", "buy_train", "buy_company")


# ---- round control ---------------------------------------------------------------------
def start_set(g: "G1830State") -> None:
    g.s["or_num"] = 0
    start_or(g)


def start_or(g: "G1830State") -> None:
    s = g.s
    s["round"] = "operating"
    s["or_num"] += 1
    # 11.0: a company floated during the round operates from the next round on
    core.new_round(g, [c for c, v in s["corps"].items() if v["floated"]], step=None,
                   laid=False, revenue=0, routes=None, dh_token=False, relay=[],
                   emergency=False)
    privates.pay_revenue(g)  # 16.0
    next_corp(g)


def order_key(g: "G1830State", corp: str) -> Any:
    """11.0: the core's operating order, a tie on price and column broken by the row."""
    return core.order_key(g, corp, by_row=True)


def next_corp(g: "G1830State") -> None:
    corp = core.next_turn(g, end_or, by_row=True)
    if corp is None:
        return
    g.s["op"].update({"laid": False, "revenue": 0, "routes": None, "dh_token": False,
                      "relay": [], "emergency": False, "step": "home_token"})
    track.place_home(g, corp)
    advance(g)


def end_or(g: "G1830State") -> None:
    s = g.s
    _withheld_move_left(g)
    if s["or_num"] < s["or_total"]:
        start_or(g)
    elif s["bank_broken"]:  # 25.0: the game ends after the running set of operating rounds
        g.end_game("bank")
    else:
        s["sr"] += 1
        stock.start(g)


def end_turn(g: "G1830State", seat: int | None) -> dict:
    """17.0: the company's turn ends by ``pass`` at its last step
    (:func:`railyard.eighteen.operating.end_turn`)."""
    return core.end_turn(g, g.s["op"]["corp"], {"type": "pass", "player": seat},
                         lambda g, corp: next_corp(g))


def do_pass(g: "G1830State", seat: int) -> dict | None:
    """``pass`` at the step that allows it (track, token, buy trains, buy privates: the
    end of the turn); the action as done when it ended the turn, else None."""
    op = g.s["op"]
    step = op["step"]
    if step == "track":
        op["laid"] = True
    elif step == "token":
        op["token"] = True
    elif step == "buy_train":
        op["step"] = "buy_company"
    else:
        return end_turn(g, seat)
    return None


def advance(g: "G1830State") -> None:
    """Skip every step that has nothing to decide (section 6.3 of the export notes)."""
    s = g.s
    op = s["op"]
    while not s["ended"] and op["corp"] is not None and not op["discard"] and \
            not op.get("deal"):
        corp = op["corp"]
        step = op["step"]
        if step == "home_token":
            if op["relay"] or track.home_choice_needed(g, corp):
                return
            op["step"] = "track"
        elif step == "track":
            if not op["laid"]:
                return
            op["step"] = "token"
        elif step == "token":
            if not op["token"] and track.token_targets(g, corp, first=True):
                return
            op["step"] = "routes"
        elif step == "routes":
            c = s["corps"][corp]
            if op["routes"] is None and c["trains"] and graph.route_exists(
                    g.st.board, s["tiles"], s["tokens"], corp,
                    one_area_ends_ok=_one_area_ok(g)):
                return
            op["step"] = "dividend"
        elif step == "dividend":
            if op["revenue"] > 0:
                return
            pay(g, corp, 0, "withhold")
            op["step"] = "buy_train"
        elif step == "buy_train":
            if trains.buy_step_open(g, corp):
                return
            op["step"] = "buy_company"
        elif step == "buy_company":
            if buy_company_open(g, corp):
                return
            end_turn(g, actor(g))
            return


def actor(g: "G1830State") -> int | None:
    s = g.s
    op = s["op"]
    if op.get("offer"):
        return op["offer"]["to"]  # 24.0c: the buyer answers the president's offer
    if op.get("deal"):
        return op["deal"]["to"]   # 21.0, 23.1: the seller answers the company's offer
    if op["discard"]:
        return s["corps"][op["discard"][0]]["president"]
    return s["corps"][op["corp"]]["president"]


# ---- legal actions ---------------------------------------------------------------------
def legal(g: "G1830State") -> list[Choice]:
    s = g.s
    op = s["op"]
    if op.get("offer"):
        return private_sale.answer_choices(g)
    if op.get("deal"):
        return consent.choices(g)
    seat = cast(int, actor(g))      # the operating (or discarding) company's president
    if op["discard"]:
        corp = op["discard"][0]
        discards = [Choice("discard_train", seat, {"corporation": corp, "train": t})
                    for t in s["corps"][corp]["trains"]]
        if _private_before_discard(g, corp):
            discards.extend(company_choices(g, corp, seat))
        return discards
    corp = op["corp"]
    step = op["step"]
    out: list[Choice] = []
    if step == "home_token":
        return [Choice("place_token", seat, {"hex": h, "city": city})
                for h, city in track.relay_targets(g, corp)]
    out.extend(track.special_choices(g, corp, seat))
    if step == "track":
        out.extend(track.tile_choices(g, corp, seat))
        out.append(Choice("pass", seat, label="lay no tile"))
    elif step == "token":
        out.extend(Choice("place_token", seat, {"hex": h, "city": city})
                   for h, city in track.token_targets(g, corp))
        out.append(Choice("pass", seat, label="place no token"))
    elif step == "routes":
        c = s["corps"][corp]
        tr = [(t, g.train_def(t).distance) for t in c["trains"]]
        routes = best_route_set(g.st.board, s["tiles"], s["tokens"], corp, tr,
                                g.phase_colour(), one_area_ends_ok=_one_area_ok(g))
        out.append(Choice("run_routes", seat, {"routes": routes}))
    elif step == "dividend":
        out.extend(Choice("dividend", seat, {"kind": k}) for k in ("payout", "withhold"))
    elif step == "buy_train":
        out.extend(trains.buy_choices(g, corp, seat))
        out.extend(private_sale.choices(g, seat))
    elif step == "buy_company":
        out.append(Choice("pass", seat, label="end the turn"))
    out.extend(company_choices(g, corp, seat))
    out.extend(Choice("exchange", seat, {"company": "MH", "source": src})    # 17.0 M&H
               for src in ("ipo", "pool") if stock.mh_exchange_error(g, seat, src) is None)
    return out


# ---- apply ------------------------------------------------------------------------------
def apply(g: "G1830State", act: Mapping[str, Any]) -> dict:
    s = g.s
    op = s["op"]
    seat = act["player"]
    t = act["type"]
    if op.get("offer") and t not in (private_sale.ACCEPT, private_sale.DECLINE):
        g.wrong_phase("An offer for a private is open; it must be accepted or declined first.")
    if op.get("deal"):
        if t not in (consent.ACCEPT, consent.DECLINE):
            g.wrong_phase("An offer to buy is open; the seller must accept or decline it "
                          "first (21.0, 23.1).")
        out = consent.answer(g, act, lambda d: _carry_out_deal(g, d))
        advance(g)
        return out
    if t == private_sale.OFFER:
        return private_sale.apply_offer(g, act)
    if t in (private_sale.ACCEPT, private_sale.DECLINE):
        return private_sale.apply_answer(g, act)
    if op["discard"]:
        if t == "buy_company" and _private_before_discard(g, op["discard"][0]):
            out = buy_company(g, op["corp"], act, seat)   # the discard is still owed
            advance(g)
            return out
        if t != "discard_train":
            g.wrong_phase(f"{op['discard'][0]} has too many trains and must discard one (21.0).")
        return trains.discard(g, act, seat)
    corp = op["corp"]
    step = op["step"]
    if t == "pass":
        if step in ("home_token", "routes", "dividend"):
            g.wrong_phase("This decision cannot be passed.")
        if step == "buy_train" and trains.must_buy(g, corp):
            g.fail(f"{corp} has no train but a route and must buy one (20.2).")
        if done := do_pass(g, seat):
            return done
        out = {"type": "pass", "player": seat}
    elif t in ACTIONS:
        out = ACTIONS[t](g, corp, act, seat)
    else:
        g.wrong_phase(f"'{t}' is not possible in an operating round.")
    advance(g)
    return out


def _private_before_discard(g: "G1830State", corp: str) -> bool:
    """Option ``private_purchase_before_discard`` (18xx.games): the operating company, over
    the train limit after its purchase changed the phase, may still buy a private before
    it discards; 21.0 has it discard at once."""
    return bool(g.options.get("private_purchase_before_discard")) and \
        corp == g.s["op"]["corp"]


def _one_area_ok(g: "G1830State") -> bool:
    """Option ``route_may_start_and_end_in_one_red_area`` (18xx.games); 27.0 forbids it."""
    return bool(g.options.get("route_may_start_and_end_in_one_red_area"))


def run_routes(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    """20.1: the routes named (:func:`railyard.eighteen.routes.check_run`), each within
    its train's reach and, unless :func:`_one_area_ok`, not from one red area to the same
    area (27.0); a company with a route must run (17.0c)."""
    s = g.s
    op = s["op"]
    if op["step"] != "routes":
        g.wrong_phase("Trains run after tiles and tokens, once per turn (17.0).")
    board = g.st.board
    ends_ok = None if _one_area_ok(g) else one_area_ends(board)

    def check(tid: str, chains: Any) -> graph.RunRoute:
        rr = graph.resolve_route(board, s["tiles"], chains or [])
        rr.revenue = graph.check_route(board, s["tiles"], s["tokens"], corp, rr,
                                       g.train_def(tid).distance, g.phase_colour())
        if ends_ok and not ends_ok(rr.stops[0], rr.stops[-1]):
            raise graph.RouteError("A route may not start and end in the same red area "
                                   "(27.0).")
        return rr
    run = check_run(g, corp, act.get("routes"), s["corps"][corp]["trains"], check,
                    "per turn (20.1)")
    if not run:
        g.fail(f"{corp} has a route and must run its trains (17.0c).")
    total = op["revenue"] = sum(rr.revenue for _, _, rr in run)
    g.event("run", corp=corp, revenue=total, trains=[[t, rr.revenue, rr.stops] for t, _, rr in run])
    op["routes"] = [{"train": t, "chains": chains} for t, chains, _ in run]
    op["step"] = "dividend"
    return {"type": "run_routes", "player": seat, "routes": op["routes"], "revenue": total}


def dividend(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    op = s["op"]
    if op["step"] != "dividend":
        g.wrong_phase("There is no revenue to distribute now.")
    kind = act.get("kind")
    if kind not in ("payout", "withhold"):
        g.fail("'kind' must be 'payout' or 'withhold'.", "malformed")
    pay(g, corp, op["revenue"], kind)
    op["step"] = "buy_train"
    return {"type": "dividend", "player": seat, "kind": kind}


def pay(g: "G1830State", corp: str, revenue: int, kind: str) -> None:
    """20.3: each 10 % pays a tenth; pool shares pay the company, IPO shares nobody; the
    price moves right (8.2c).  Withheld, the company keeps everything and its price moves
    one cell left "am Ende der Aktionsrunde" - at the end of the operating round, in the
    order the companies withheld (8.2d, :func:`end_or`).  Option
    ``withhold_moves_at_once`` (18xx.games): at once."""
    core.dividend(g, corp, revenue, kind, ("pool",), None if g.options.get(
        "withhold_moves_at_once") else lambda g, c: g.s["op"].setdefault("withheld", []).append(c))


def price_after_round(g: "G1830State", corp: str) -> int | None:
    """The share price ``corp`` will have once the deferred moves of the operating round
    are made (8.2d, :func:`_withheld_move_left`, run on a copy); the game is not changed.
    None for a company without a price."""
    other = cast("G1830State", g.clone())
    if (other.s.get("op") or {}).get("withheld"):
        _withheld_move_left(other)
    pos = other.s["corps"][corp]["pos"]
    return None if pos is None else int(other.st.market.price(pos))


def _withheld_move_left(g: "G1830State") -> None:
    """8.2d: at the end of the operating round every company that withheld moves left."""
    op = g.s["op"]
    for corp in op.pop("withheld", None) or []:
        g.set_pos(corp, g.st.market.left(g.s["corps"][corp]["pos"]))


# ---- privates bought by companies (23.1) ----------------------------------------------
def buyable_companies(g: "G1830State") -> list[str]:
    if "can_buy_companies" not in g.phase_info().get("status", []):
        return []
    return [sym for sym, comp in g.s["companies"].items()
            if not comp["closed"] and comp["owner"] and comp["owner"][0] == "p"
            and sym != "BO"]


def buy_company_open(g: "G1830State", corp: str) -> bool:
    return bool(company_options(g, corp) or track.special_choices(g, corp, 0))


def company_choices(g: "G1830State", corp: str, seat: int) -> list[Choice]:
    return [Choice("buy_company", seat, {"company": sym}, {"price": (lo, hi)})
            for _, sym, lo, hi in company_options(g, corp)]


def company_options(g: "G1830State", corp: str) -> list[tuple]:
    """The privates ``corp`` may buy now (23.1) as ``("buy_company", private, lowest,
    highest price)``: half to double the face value, at most its cash
    (:func:`railyard.eighteen.operating.private_price`)."""
    return [("buy_company", sym, *rng) for sym in buyable_companies(g)
            if (rng := core.private_price(g, corp, sym))]


def buy_company(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    sym = get_str(act, "company")
    price = get_int(act, "price")
    if sym not in s["companies"]:
        g.fail(f"There is no private company {sym!r}.", UNKNOWN_ID)
    if "can_buy_companies" not in g.phase_info().get("status", []):
        g.fail("Companies may buy privates only from the first 3-train on (23.1).")
    if sym == "BO":
        g.fail("The B&O private cannot be sold to a company (17.0).")
    owner = g.company_owner(sym)
    if owner is None or owner[0] != "p":
        g.fail(f"{sym} is not owned by a player.")
    value = g.st.privates[sym].value
    lo, hi = (value + 1) // 2, 2 * value
    if not lo <= price <= hi:
        g.fail(f"{sym} sells for between ${lo} and ${hi} (half to double its face value, 23.1).")
    offers.check(g, s["op"], f"company:{sym}", price, g.players[int(owner[1:])], sym,
                 "declined")
    if price > s["corps"][corp]["cash"]:
        g.fail(f"{corp} has only ${s['corps'][corp]['cash']}.", UNAFFORDABLE)
    return do_buy_company(g, corp, seat, sym, price)


def do_buy_company(g: "G1830State", corp: str, seat: int, sym: str, price: int) -> dict:
    """The checked purchase of a private (:func:`buy_company`)."""
    owner = cast(str, g.company_owner(sym))     # checked: an open private of a player
    out = {"type": "buy_company", "player": seat, "company": sym, "price": price}
    if consent.needed(g, seat, int(owner[1:])):
        # 23.1: the price is agreed with the private's owner, who accepts or declines
        consent.open_offer(g, {"kind": "company", "buyer": corp, "company": sym,
                               "price": price, "seat": seat, "to": int(owner[1:])})
        return {**out, "offer": True}
    _transfer_company(g, corp, sym, price)
    return out


def _transfer_company(g: "G1830State", corp: str, sym: str, price: int) -> None:
    s = g.s
    owner = cast(str, g.company_owner(sym))     # checked: an open private of a player
    s["corps"][corp]["cash"] -= price
    s["cash"][int(owner[1:])] += price
    s["companies"][sym]["owner"] = f"c{corp}"


def _carry_out_deal(g: "G1830State", d: dict) -> None:
    if d["kind"] == "train":
        trains.carry_out(g, d["buyer"], d["seat"], d["train"], d["price"], d["seller"], None)
    else:
        _transfer_company(g, d["buyer"], d["company"], d["price"])


#: the operating company's actions but ``pass``: each ``(g, corp, action, seat)`` -> the
#: action as done (a bankruptcy ends the game, and :func:`advance` then does nothing)
ACTIONS = {"lay_tile": track.lay, "place_token": track.token, "run_routes": run_routes,
           "dividend": dividend, "buy_train": trains.buy, "sell_shares": trains.emergency_sell,
           "bankrupt": lambda g, corp, act, seat: trains.bankrupt(g, corp, seat),
           "buy_company": buy_company}
