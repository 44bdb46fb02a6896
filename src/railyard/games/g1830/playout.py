"""1830's random playout (``railyard bench``'s playouts, search; issue 14 point 6).

The random bot's game (:class:`~railyard.bots.random_bot.RandomBot`: uniform over the
legal choices, offers of privates between players left out) without the engine contract's
checks, undo snapshot and event watch, like :meth:`DictState.random_playout`, and in the
most frequent positions also without Choices and without checking the drawn action again:

- a stock-round turn (no offer open): the choices come from :func:`stock.share_options`
  as tuples in the order of ``legal_actions()``; the bot's generator draws one index over
  them as ``RandomBot.choose_from`` does (``rng.choice``; a sale's count with
  ``pick_value``), and the part of the action after its checks runs (``stock.do_*``).

Every other position is played as :meth:`DictState.random_playout` plays it:
``legal_actions()``, ``bot.choose_from`` and ``_dispatch`` (which checks the action).
``tests/eighteen/test_playout.py`` plays 1830 games in lockstep with ``RandomBot.choose``
+ ``apply()`` and compares all of the state and the generator after every action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import stock

if TYPE_CHECKING:
    from .state import G1830State


def random_playout(g: "G1830State", bot: Any, max_actions: int) -> int:
    title = g.title
    choose = bot.choose_from
    rng = bot.rng
    pick = bot.pick_value
    legal = g.legal_actions
    dispatch = g._dispatch
    played = 0
    acts = g.__dict__.get("acts", 0)
    while played < max_actions:
        s = g.s
        if s["ended"]:
            break
        rnd = s["round"]
        if rnd == "stock" and s["stock"]["offer"] is None:
            seat = s["stock"]["turn"]
            o = rng.choice(stock.share_options(g, seat))
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
        else:
            if g.current_player is None:
                break
            choices = legal()
            if not choices:
                raise ValueError("no legal action: the game is over")
            dispatch(choose(choices, title))
        played += 1
        acts += 1
        g.acts = acts
    return played
