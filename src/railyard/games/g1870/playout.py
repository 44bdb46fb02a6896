"""1870's random playout (``G1870State.playout_step``, the steps of
``DictState.random_playout``; issue 14 point 6): the game the random bot plays through
``legal_actions()`` and ``apply()``, faster.

Each step lists the choices as ``legal_actions()`` does, in the same order, and draws one
exactly as :meth:`RandomBot.choose_from <railyard.bots.random_bot.RandomBot.choose_from>`
does with 1870's lean (:mod:`.lean`, the random bot's weights: the same weights computed by the
same float operations, one ``rng.choices`` call over as many entries, then the bot's
``pick_value`` for the ranges), so the generator gives the same numbers.  What it does
differently:

- the engine contract's turn and shape checks are left
  out (as ``DictState.random_playout``);
- before the trains run, the tile lays are listed as groups (hex, tile, rotations,
  :func:`.track.lay_groups`) and only the drawn lay is made into an action; the network
  for the lays and stations comes from :func:`.track.network` (the reach's stops and
  sides, nothing of the state remembered; searched only when lays or a station are
  listed at all); the ``run_routes`` choice is listed without its lazy route
  set (no snapshot of the position to guard it);
- a drawn ``run_routes`` runs the engine's greedy set (:func:`.running.greedy`, which
  gives each train's revenue too) without :func:`.routes.check_run`; a drawn lay is laid
  without asking :func:`.track.lay_error` again (the listing holds only lays it
  accepts); in the stock round a drawn ``pass``, ``buy_share``, ``par`` or
  ``sell_shares`` of the seat whose turn it is runs without the checks the listing made
  (:func:`.stock.buy_problem`, ``par_problem``, ``sell_range``, the certificate limit
  before anything but a sale, 6.4.1).

Everything else runs the rules of the action (``_dispatch``), checks included.  The state
keeps its stretches of track (:func:`railyard.eighteen.routes.links_of`) and connected track pieces
(``destinations._components``) between actions; ``clone()`` copies neither.
``tests/eighteen/test_playout.py`` and ``test_playout1870.py`` play it in lockstep with
``choose`` + ``apply()``; ``tests/g1870/test_playout_parts.py`` checks its pieces."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import auction, operating, stock, track
from .lean import BY_TYPE, FULL_PAYOUT, OTHER_TRAIN, PRIVATE_PRICE
from .running import greedy

if TYPE_CHECKING:
    from .state import G1870State


def listing(g: "G1870State") -> tuple[list, list | None]:
    """``legal_actions()`` with the ``run_routes`` choice naming only the corporation, and
    the tile lays (if any are listed as groups, :func:`.track.lay_groups`) apart:
    ``(choices, groups)``; the lays belong after the first choice."""
    r = g.s["round"]
    if r == "auction":
        return auction.legal(g), None
    if r == "stock":
        return stock.legal(g), None
    if operating.in_track_phase(g):
        corp = g.s["op"]["corp"]
        return operating.track_phase(g, corp, g.s["corps"][corp]["president"], False, True)
    return operating.legal(g, lazy=False), None


def _weights(choices: list) -> list[float]:
    """:func:`.lean.lean`, the same floats (inlined: the playout's most frequent call)."""
    counts: dict = {}
    for c in choices:
        t = c.type
        counts[t] = counts.get(t, 0) + 1
    out = []
    get = BY_TYPE.get
    for c in choices:
        t = c.type
        w = get(t, 1.0) / counts[t]
        if t == "dividend":
            if c.fixed.get("kind") == "full":
                w = w * FULL_PAYOUT
        elif t == "buy_train":
            if c.fixed.get("source") not in ("depot", "pool"):
                w = w * OTHER_TRAIN
        elif t == "buy_private":
            if "price" in c.ranges:
                w = w * PRIVATE_PRICE
        out.append(w)
    return out


#: stock-round actions of the seat whose turn it is, run after the listing's checks
_STOCK = frozenset({"pass", "buy_share", "par", "sell_shares"})


def _own_turn(r: dict) -> bool:
    """The stock round lists the turn's own choices (no protection, offer or redemption
    offer waiting: :func:`.stock.legal`)."""
    return r["protect"] is None and not r.get("offer") and not r.get("redeem_offer")


def step(g: "G1870State", bot: Any) -> None:
    """One action of the random bot (``G1870State.playout_step``)."""
    choices, groups = listing(g)
    n_lays = sum(len(rots) for _, _, rots in groups) if groups else 0
    rng = bot.rng
    if n_lays:
        # the lays (not ignored) after the first choice (``run_routes``), each weighing
        # as a lay_tile choice of the full list: the same weights, the same draw
        usable = [c for c in choices if c.type not in bot.IGNORED]
        weights = _weights(usable)
        lay = BY_TYPE["lay_tile"] / n_lays
        weights[1:1] = [lay] * n_lays
        i = rng.choices(range(len(weights)), weights)[0]
        if 1 <= i <= n_lays:
            i -= 1
            for hex_id, name, rots in groups or ():
                if i < len(rots):
                    break
                i -= len(rots)
            track.place(g, g.s["op"]["corp"], choices[0].player, hex_id, name, rots[i], False)
            return
        choice = usable[i if i == 0 else i - n_lays]
    else:
        if not choices:
            raise ValueError("no legal action: the game is over")
        usable = [c for c in choices if c.type not in bot.IGNORED] or choices
        choice = rng.choices(usable, _weights(usable))[0]
    t = choice.type
    if t == "run_routes":
        corp = choice.fixed["corporation"]
        _, named, revenues = greedy(g, corp)
        operating.run_checked(g, corp, choice.player, named, revenues)
    elif t == "lay_tile":
        f = choice.fixed
        track.place(g, f["corporation"], choice.player, f["hex"], f["tile"],
                    f["rotation"], f.get("mrbc", False) is True)
    elif t in _STOCK and g.s["round"] == "stock" and _own_turn(g.s["stock"]):
        seat = choice.player
        f = choice.fixed
        if t == "pass":
            stock.end_turn(g)
        elif t == "buy_share":
            stock.do_buy(g, seat, f["corporation"], f["source"])
        elif t == "par":
            stock.do_par(g, seat, f["corporation"], f["price"])
        else:
            lo, hi = choice.ranges["count"]
            stock.do_sell(g, seat, f["corporation"], bot.pick_value(lo, hi))
    else:
        act = {"type": t, "player": choice.player}
        act.update(choice.fixed)
        for key, (lo, hi) in choice.ranges.items():
            act[key] = bot.pick_value(lo, hi)
        g._dispatch(act)
