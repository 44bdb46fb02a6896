"""1830's random playout (``railyard bench``'s playouts, search; issue 14 point 6).

The random bot's game (:class:`~railyard.bots.random_bot.RandomBot`: uniform over the
legal choices, offers of privates between players left out) without the engine contract's
checks, undo snapshot and event watch, like :meth:`DictState.random_playout`, and in the
most frequent positions also without Choices and without checking the drawn action again:

- a stock-round turn (no offer open): the choices come from :func:`stock.share_options`
  as tuples in the order of ``legal_actions()`` (the offers of privates the bot leaves
  out are not listed; a pass or a sale is always there); the bot's generator draws one
  index over them as ``RandomBot.choose_from`` does (``rng.choice``; a sale's count with
  ``pick_value``), and the part of the action after its checks runs (``stock.do_*``).
  ``stock._has_action``, which ends a stock action by asking whether the player on turn
  can still act, lists his choices in full while a playout runs (``keep_options``); the
  next step takes that listing instead of making it again: after a stock action nothing
  changes the state once that question was answered yes.

Every other position is played as :meth:`DictState.random_playout` plays it:
``legal_actions()``, ``bot.choose_from`` and ``_dispatch`` (which checks the action).
``tests/eighteen/test_playout.py`` plays 1830 games in lockstep with ``RandomBot.choose``
+ ``apply()`` and compares all of the state and the generator after every action;
``tests/g1830/test_playout_1830.py`` also checks every kept listing against a new one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import operating, stock, track, trains

if TYPE_CHECKING:
    from .state import G1830State

#: tests set this: every kept stock listing is compared with a new one
CHECK_KEPT = False


def random_playout(g: "G1830State", bot: Any, max_actions: int) -> int:
    title = g.title
    choose = bot.choose_from
    rng = bot.rng
    pick = bot.pick_value
    legal = g.legal_actions
    dispatch = g._dispatch
    share_options = stock.share_options
    played = 0
    acts = g.__dict__.get("acts", 0)
    keep: list = [None, None, None]
    kept = False                    # keep holds the listing of the position reached
    g.keep_options = keep
    try:
        while played < max_actions:
            s = g.s
            if s["ended"]:
                break
            r = s["stock"]
            if s["round"] == "stock" and r["offer"] is None:
                seat = r["turn"]
                if kept and keep[0] == seat and keep[2] is r:
                    opts = keep[1]
                    if CHECK_KEPT:
                        assert opts == share_options(g, seat), (opts, share_options(g, seat))
                else:
                    opts = share_options(g, seat)
                keep[0] = None
                o = rng.choice(opts)
                kind = o[0]
                if kind == "buy_share":
                    stock.do_buy(g, seat, o[1], o[2])
                elif kind == "par":
                    stock.do_par(g, seat, o[1], o[2])
                elif kind == "sell_shares":
                    stock.do_sell(g, seat, o[1], pick(1, o[2]))
                elif kind == "pass":
                    stock.do_pass(g)
                else:
                    stock.do_exchange(g, seat, o[1])
                kept = keep[0] is not None
            elif s["round"] == "operating" and _operating_step(g, s["op"], rng, pick):
                kept = False
            else:
                if g.current_player is None:
                    break
                choices = legal()
                if not choices:
                    raise ValueError("no legal action: the game is over")
                dispatch(choose(choices, title))
                kept = False
            played += 1
            acts += 1
            g.acts = acts
    finally:
        del g.keep_options
    return played


def _exchanges(g: "G1830State", seat: int) -> list[tuple]:
    return [("exchange", source) for source in ("ipo", "pool")
            if stock.mh_exchange_error(g, seat, source) is None]


def _operating_step(g: "G1830State", op: dict, rng: Any, pick: Any) -> bool:
    """One step of an operating round in the positions handled here (a company's train
    purchases); False (nothing done) for the others."""
    corp = op["corp"]
    if corp is None or op.get("offer") or op.get("deal") or op["discard"]:
        return False
    step = op["step"]
    if step == "home_token":
        return False
    seat = g.s["corps"][corp]["president"]
    if track.special_choices(g, corp, seat):
        return False
    if step == "track":
        lays = track.lay_options(g, corp)
        n = len(lays)
        extra = [("pass",)]
    elif step == "token":
        lays = track.token_targets(g, corp)
        n = len(lays)
        extra = [("pass",)]
    elif step == "routes":
        n = 0
        extra = [("run_routes",)]
    elif step == "dividend":
        n = 0
        extra = [("dividend", "payout"), ("dividend", "withhold")]
    else:
        return _buy_step(g, op, corp, seat, step, rng, pick)
    # operating.legal: the step's choices, the privates for the company, the exchange
    extra += operating.company_options(g, corp)
    extra += _exchanges(g, seat)
    k = rng.choice(range(n + len(extra)))
    if k < n:
        if step == "track":
            h, name, rot, mapping = lays[k]
            track.do_lay(g, corp, h, name, rot, None, mapping, seat)
        else:
            track.do_token(g, corp, lays[k][0], lays[k][1])
        operating.advance(g)
        return True
    o = extra[k - n]
    kind = o[0]
    if kind == "pass":
        op["laid" if step == "track" else "tokened"] = True
    elif kind == "run_routes":
        s = g.s
        c = s["corps"][corp]
        tr = [(t, g.train_def(t).distance) for t in c["trains"]]
        routes = operating.best_route_set(
            g.st.board, s["tiles"], s["tokens"], corp, tr, g.phase_colour(),
            one_area_ends_ok=operating._one_area_ok(g))
        operating.run_routes(g, corp, {"type": "run_routes", "player": seat,
                                       "routes": routes}, seat)
    elif kind == "dividend":
        operating.dividend(g, corp, {"type": "dividend", "player": seat, "kind": o[1]}, seat)
    elif kind == "buy_company":
        operating.do_buy_company(g, corp, seat, o[1], pick(o[2], o[3]))
    else:
        stock.do_exchange(g, seat, o[1])
        return True
    operating.advance(g)
    return True


def _buy_step(g: "G1830State", op: dict, corp: str, seat: int, step: str, rng: Any,
              pick: Any) -> bool:
    if step == "buy_company":
        opts = [("pass",)]
    else:
        opts = trains.buy_options(g, corp)
        if opts is None:
            return False
    # operating.legal: the purchases, the offers of privates (none unless the company is
    # short of money for a train it must buy), privates for the company, the exchange
    opts += operating.company_options(g, corp)
    opts += _exchanges(g, seat)
    o = rng.choice(opts)
    kind = o[0]
    if kind == "buy_train":
        trains.do_buy(g, corp, seat, o[1], o[2], None, o[3])
    elif kind == "buy_from":
        trains.do_buy(g, corp, seat, o[1], pick(1, o[3]), o[2], None)
    elif kind == "pass":
        if step == "buy_company":
            operating.end_turn(g)
            return True
        op["step"] = "buy_company"
    elif kind == "buy_company":
        operating.do_buy_company(g, corp, seat, o[1], pick(o[2], o[3]))
    else:
        stock.do_exchange(g, seat, o[1])
        return True
    operating.advance(g)
    return True
    if opts is None:
        return False
