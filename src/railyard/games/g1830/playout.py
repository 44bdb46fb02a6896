"""1830's random playout (``railyard bench``'s playouts, search; issue 14 point 6): the
steps of :meth:`DictState.random_playout` (``G1830State.playout_step``).

The random bot's game (:class:`~railyard.bots.random_bot.RandomBot`: uniform over the
legal choices, offers of privates between players left out) without the engine contract's
turn and shape checks, like :meth:`DictState.random_playout`, and in the
frequent positions also without Choices and without checking the drawn action again:

- a stock-round turn (no offer open): the choices come from :func:`stock.share_options`
  as tuples in the order of ``legal_actions()`` (the offers of privates the bot leaves
  out are not listed; a pass or a sale is always there); the bot's generator draws one
  index over them as ``RandomBot.choose_from`` does (``rng.choice``; a sale's count with
  ``pick_value``), and the part of the action after its checks runs (``stock.do_*``).
  ``stock._has_action``, which ends a stock action by asking whether the player on turn
  can still act, lists his choices in full while a playout runs (``keep_options``); the
  next step takes that listing instead of making it again: after a stock action nothing
  changes the state once that question was answered yes.
- an operating company's steps (tile, token, routes, dividend, trains, privates; not
  the positions :func:`operating_options` names): the same with
  :func:`operating_options` and :func:`apply_option`.  The routes are found (the same
  greedy set ``legal_actions()`` offers) only when ``run_routes`` is drawn, and
  ``run_routes`` still checks them.

Every other position is played as :meth:`DictState.playout_step` plays it:
``legal_actions()``, ``bot.choose_from`` and ``_dispatch`` (which checks the action).
``tests/eighteen/test_playout.py`` plays 1830 games in lockstep with ``RandomBot.choose``
+ ``apply()`` and compares all of the state and the generator after every action;
``tests/g1830/test_playout_1830.py`` does so in chunks, checking every kept stock listing
against a new one; ``tests/g1830/test_fast_listing.py`` compares the listings with the
rule-by-rule ones and with ``legal_actions()`` on random and perturbed positions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...eighteen.state import DictState
from . import consent, operating, stock, track, trains

if TYPE_CHECKING:
    from .state import G1830State

#: tests set this: every kept stock listing is compared with a new one
CHECK_KEPT = False


def step(g: "G1830State", bot: Any) -> None:
    """One action of the random bot (``G1830State.playout_step``); ``g.keep_options`` is
    ``[seat, listing, stock round]`` of the stock turn listed last, or ``[None, ...]``."""
    s = g.s
    r = s["stock"]
    keep = g.keep_options
    if s["round"] == "stock" and r["offer"] is None:
        seat = r["turn"]
        if keep[0] == seat and keep[2] is r:
            opts = keep[1]
            if CHECK_KEPT:
                assert opts == stock.share_options(g, seat), (opts, stock.share_options(g, seat))
        else:
            opts = stock.share_options(g, seat)
        keep[0] = None
        o = bot.rng.choice(opts)
        kind = o[0]
        if kind == "buy_share":
            stock.do_buy(g, seat, o[1], o[2])
        elif kind == "par":
            stock.do_par(g, seat, o[1], o[2])
        elif kind == "sell_shares":
            stock.do_sell(g, seat, o[1], bot.pick_value(1, o[2]))
        elif kind == "pass":
            stock.do_pass(g)
        else:
            stock.do_exchange(g, seat, o[1])
        return                      # (the listing of the position reached is kept, if any)
    if s["round"] == "operating" and (opts := operating_options(g)) is not None:
        apply_option(g, bot.rng.choice(opts), bot.pick_value)
    else:
        DictState.playout_step(g, bot)
    keep[0] = None


def _exchanges(g: "G1830State", seat: int) -> list[tuple]:
    return [("exchange", source) for source in ("ipo", "pool")
            if stock.mh_exchange_error(g, seat, source) is None]


def operating_options(g: "G1830State") -> list[tuple] | None:
    """The choices ``legal_actions()`` lists in the operating round's position, as tuples
    in the same order and without the offers of privates the random bot leaves out:
    ``("lay_tile", hex, tile, rotation, city mapping)``, ``("place_token", hex, city)``,
    ``("pass",)``, ``("run_routes",)`` (the routes are found once drawn),
    ``("dividend", kind)``, ``("buy_train", train, price, train given in)``,
    ``("buy_from", train, seller, least, most)``, ``("buy_company", private, lowest, highest)``,
    ``("exchange", source)``, ``("deal", accept_offer or decline_offer)`` (the seller's
    answer to a company's offer, 21.0, 23.1).  None for the positions listed the ordinary
    way: answers to offers of privates between players, discards, home tokens, a company
    with a private's special lay or token to choose (C&SL, D&H), a company that must buy
    a train it cannot pay."""
    op = g.s["op"]
    if op.get("offer"):
        return None
    if op.get("deal"):
        return [("deal", consent.ACCEPT), ("deal", consent.DECLINE)]   # consent.choices
    corp = op["corp"]
    if corp is None or op["discard"]:
        return None
    step = op["step"]
    if step == "home_token":
        return None
    seat = g.s["corps"][corp]["president"]
    if track.special_choices(g, corp, seat):
        return None
    out: list[tuple] | None
    if step == "track":
        out = [("lay_tile",) + lay for lay in track.lay_options(g, corp)]
        out.append(("pass",))
    elif step == "token":
        out = [("place_token", h, city) for h, city in track.token_targets(g, corp)]
        out.append(("pass",))
    elif step == "routes":
        out = [("run_routes",)]
    elif step == "dividend":
        out = [("dividend", "payout"), ("dividend", "withhold")]
    elif step == "buy_train":
        out = trains.buy_options(g, corp)
        if out is None:
            return None
        # the offers of privates (private_sale.choices) come here: none unless the
        # company must buy a train it cannot pay (24.0c), which is excluded above
    else:                                                   # buy_company
        out = [("pass",)]
    out += operating.company_options(g, corp)
    out += _exchanges(g, seat)
    return out


def apply_option(g: "G1830State", o: tuple, pick: Any) -> None:
    """Run the option ``o`` of :func:`operating_options` (drawn by the random bot, whose
    ``pick`` gives the numbers of ranges): the parts of the rules after their checks."""
    s = g.s
    op = s["op"]
    kind = o[0]
    if kind == "deal":
        consent.answer(g, {"type": o[1], "player": op["deal"]["to"]},
                       lambda d: operating._carry_out_deal(g, d))
        operating.advance(g)
        return
    corp = op["corp"]
    seat = s["corps"][corp]["president"]
    if kind == "lay_tile":
        track.do_lay(g, corp, o[1], o[2], o[3], None, o[4], seat)
    elif kind == "place_token":
        track.do_token(g, corp, o[1], o[2])
    elif kind == "pass":
        if operating.do_pass(g, seat):
            return
    elif kind == "run_routes":
        c = s["corps"][corp]
        tr = [(t, g.train_def(t).distance) for t in c["trains"]]
        routes = operating.best_route_set(
            g.st.board, s["tiles"], s["tokens"], corp, tr, g.phase_colour(),
            one_area_ends_ok=operating._one_area_ok(g))
        operating.run_routes(g, corp, {"type": "run_routes", "player": seat,
                                       "routes": routes}, seat)
    elif kind == "dividend":
        operating.dividend(g, corp, {"type": "dividend", "player": seat, "kind": o[1]}, seat)
    elif kind == "buy_train":
        trains.do_buy(g, corp, seat, o[1], o[2], None, o[3])
    elif kind == "buy_from":
        trains.do_buy(g, corp, seat, o[1], pick(o[3], o[4]), o[2], None)
    elif kind == "buy_company":
        operating.do_buy_company(g, corp, seat, o[1], pick(o[2], o[3]))
    else:
        stock.do_exchange(g, seat, o[1])                   # advances by itself
        return
    operating.advance(g)
