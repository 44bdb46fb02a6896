"""The listed tile lays are exactly the lays the rule-by-rule check accepts (9.1) on the
hexes next to the corporation's network, in positions of a random game (the listing skips
tiles early; this checks it skips no legal lay and lists no illegal one)."""
from __future__ import annotations

from railyard.bots.random_bot import RandomBot
from railyard.bots.selfplay import start
from railyard.eighteen import graph
from railyard.eighteen.board import distinct_rotations
from railyard.engine.registry import get_title
from railyard.games.g1870 import track
from railyard.games.g1870.running import tokens_for


def _key(board, hex_id, name, rot, mrbc):
    paths = frozenset(frozenset(p) for p in track.rotate_paths(board.tiles[name].paths, rot))
    return hex_id, name, paths, bool(mrbc)


def checked_lays(g, corp):
    board = g.st.board
    tokens = tokens_for(g, corp)
    reach = graph.reach(board, g.s["tiles"], tokens, corp)
    hexes = {h for h, _ in reach.edges} | {h for h, cities in tokens.items()
                                           if any(corp in held for held in cities)}
    return {_key(board, h, name, rot, mrbc)
            for h in hexes if board.hexes[h].layable
            for name in board.tiles for rot in range(6) for mrbc in (False, True)
            if track.lay_error(g, corp, h, name, rot, use_mrbc=mrbc) is None}


def listed(g):
    board = g.st.board
    return {_key(board, c.fixed["hex"], c.fixed["tile"], c.fixed["rotation"],
                 c.fixed.get("mrbc")) for c in g.legal_actions() if c.type == "lay_tile"}


def test_listing_equals_the_rule_check_in_random_positions():
    state = start(get_title("1870"), ["a", "b", "c"], 11)
    bot = RandomBot(11)
    checked = 0
    while state.current_player is not None and checked < 8:
        op = state.s.get("op")
        if (state.s["round"] == "operating" and op and op.get("corp")
                and not (op.get("ran") or op.get("connections") or op.get("discard")
                         or op.get("offer") or op.get("token") or op.get("revenue"))):
            assert listed(state) == checked_lays(state, op["corp"])
            checked += 1
        state.apply(bot.choose(state))
    assert checked == 8


def every_lay_checked(g, corp, seat):
    """Every hex next to the network x tile of the manifest x distinct rotation, checked
    by ``lay_error`` (and again with MRBC's discount for its owner), in that order."""
    s = g.s
    board = g.st.board
    tokens = tokens_for(g, corp)
    reach = graph.reach(board, s["tiles"], tokens, corp)
    hexes = {h for h, _ in reach.edges} | {h for h, cities in tokens.items()
                                           if any(corp in held for held in cities)}
    owns_mrbc = g.company_owner("MRBC") == corp
    out = []
    for hex_id in sorted(hexes):
        if not board.hexes[hex_id].layable:
            continue
        for name in board.tiles:
            for rot in distinct_rotations(board.tiles[name]):
                fixed = {"corporation": corp, "hex": hex_id, "tile": name, "rotation": rot}
                if track.lay_error(g, corp, hex_id, name, rot) is None:
                    out.append(("lay_tile", seat, fixed))
                if owns_mrbc and track.lay_error(g, corp, hex_id, name, rot,
                                                 use_mrbc=True) is None:
                    out.append(("lay_tile", seat, {**fixed, "mrbc": True}))
    return out


def test_listing_in_the_order_of_the_check_of_every_lay_over_random_games():
    """The listing (static checks made once per hex and tile) gives the same choices in the
    same order as checking every hex, tile and rotation with ``lay_error``, so a seeded
    random game draws the same lay; MRBC's owner included."""
    compared = mrbc = 0
    seen = set()
    for seed in (3, 5):
        state = start(get_title("1870"), ["a", "b", "c", "d"], seed)
        bot = RandomBot(seed)
        while state.current_player is not None:
            op = state.s.get("op")
            # a position already compared (same company, board, money, phase and turn:
            # the steps of one operating turn after its lay) is not compared again
            key = op and repr((op.get("corp"), op, state.s["tiles"], state.s["corps"],
                               state.s["phase"], state.company_owner("MRBC")))
            if state.s["round"] == "operating" and op and op.get("corp") and key not in seen:
                seen.add(key)
                corp = op["corp"]
                seat = state.current_player
                fast = track.choices(state, corp, seat)
                assert [(c.type, c.player, dict(c.fixed)) for c in fast] == \
                    every_lay_checked(state, corp, seat)
                compared += bool(fast)
                mrbc += state.company_owner("MRBC") == corp
            state.apply(bot.choose(state))
    assert compared >= 100 and mrbc >= 1
