"""The listing of tile lays (18.0-18.2) is computed from candidates (hexes the company
reaches, tiles of an allowed colour that keep the hex's cities, towns and label, distinct
rotations); it must equal the rule-by-rule check ``lay_error`` of every hex x tile x
rotation, on many positions of random games and of the imported 18xx.games game."""
from __future__ import annotations

from railyard.bots.random_bot import RandomBot
from railyard.eighteen import graph
from railyard.eighteen.board import rotate_paths
from railyard.games.g1830 import track
from railyard.games.g1830.state import G1830State


def _canon(tdef, rot: int) -> int:
    """The first rotation showing the same track as ``rot`` (symmetric tiles)."""
    want = frozenset(frozenset(p) for p in rotate_paths(tdef.paths, rot))
    return next(r for r in range(6)
                if frozenset(frozenset(p) for p in rotate_paths(tdef.paths, r)) == want)


def brute_force(g: G1830State, corp: str) -> set[tuple[str, str, int]]:
    board = g.st.board
    r = graph.reach(board, g.s["tiles"], g.s["tokens"], corp)
    out = set()
    for h in board.hexes:
        for name, tdef in board.tiles.items():
            for rot in range(6):
                if track.lay_error(g, corp, h, name, rot, None, r)[0] is None:
                    out.add((h, name, _canon(tdef, rot)))
    return out


def listed(g: G1830State, corp: str) -> set[tuple[str, str, int]]:
    got = [(c.fixed["hex"], c.fixed["tile"], c.fixed["rotation"])
           for c in track.tile_choices(g, corp, 0)]
    assert len(got) == len(set(got)), "a lay is listed twice"
    return set(got)


def track_steps(states):
    for st in states:
        op = st.s.get("op") if st.s["round"] == "operating" else None
        if op and op.get("corp") and op["step"] == "track" and not op["laid"]:
            yield st, op["corp"]


def random_positions(seeds, players=4, every=3):
    for seed in seeds:
        g = G1830State([f"P{i}" for i in range(players)], seed, {})
        bot = RandomBot(seed)
        k = 0
        while g.current_player is not None:
            for st, corp in track_steps([g]):
                k += 1
                if k % every == 0:
                    yield st.clone(), corp
            g.apply(bot.choose(g))


def test_18_0_fast_tile_listing_equals_the_rule_by_rule_check_in_random_games():
    n = 0
    for g, corp in random_positions(range(1, 9)):
        assert listed(g, corp) == brute_force(g, corp), (g.s["tiles"], corp)
        n += 1
    assert n >= 40


def test_18_0_fast_tile_listing_equals_the_rule_by_rule_check_in_the_imported_game():
    from railyard.eighteen.import18xx import load_export
    from railyard.games.g1830.import18xx import import_1830
    from tests.fixture_files import fixture
    game, _ = import_1830(load_export(fixture("1830", "26855.json").read_text()))
    n = 0
    for i, _, state in game.states():
        for st, corp in track_steps([state]):
            assert listed(st, corp) == brute_force(st, corp), (i, corp)
            n += 1
    assert n >= 20


def test_18_0_tile_listing_is_in_hex_manifest_and_rotation_order():
    """The listing's order (which a seeded random game's draw depends on): hexes sorted,
    then tiles in the manifest's order, then rotations ascending; every lay once, each
    accepted by ``lay_error``."""
    n = 0
    for g, corp in random_positions(range(1, 5), every=2):
        board = g.st.board
        order = {name: i for i, name in enumerate(board.tiles)}
        got = [(c.fixed["hex"], c.fixed["tile"], c.fixed["rotation"])
               for c in track.tile_choices(g, corp, 0)]
        assert got == sorted(got, key=lambda x: (x[0], order[x[1]], x[2]))
        assert all(track.lay_error(g, corp, h, name, rot)[0] is None for h, name, rot in got)
        n += 1
    assert n >= 20
