"""Tile lays both 18xx titles share (issue 27): the lays that fit a hex, the checks of a
lay in each title's words, the hexes a corporation's track reaches, and a tile's
placement.

:func:`static_lays` makes, once per board, hex and tile on it, the checks of a lay that do
not depend on the game's changing state (1830 18.0-18.2, 1870 9.1.3-9.1.6): a tile of the
colour that may follow (yellow on a plain hex, green on yellow, brown on green, ...) with
the same cities and towns and a label the title accepts on the hex (``label_ok``), and per
distinct rotation that every old track is kept and that no track runs off the map or
through a ``closed`` hex side (1830: the blank sides of gray and red hexes,
:func:`blank_sides`; 1870: the New Orleans barrier).  The title adds what changes: the
phase's colours, the supply, the connection to the network, terrain costs, its privates.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from . import graph
from .board import Board, TileDef, distinct_rotations, exits, rotate_paths

_TURNED: dict = {}
_LAYS: dict = {}
_BLANK: dict = {}


def turned(tdef: TileDef) -> list:
    """Per distinct rotation of the tile: ``(rotation, paths, exits, exits as a bit
    mask)``."""
    hit = _TURNED.get(id(tdef))
    if hit is None or hit[0] is not tdef:
        rows = []
        for rot in distinct_rotations(tdef):
            paths = rotate_paths(tdef.paths, rot)
            ex = exits(paths)
            rows.append((rot, paths, ex, sum(1 << e for e in ex)))
        hit = _TURNED[id(tdef)] = (tdef, rows)
    return hit[1]


def static_lays(board: Board, hex_id: str, cur: TileDef, cur_rot: int,
                label_ok: Callable[[str, TileDef], bool], closed: Any) -> tuple:
    """The lays on ``hex_id`` (showing ``cur`` turned by ``cur_rot``) that pass the checks
    independent of the game's state (see the module): items ``(name, tile, ((rotation,
    exits, exits as a bit mask, paths, city mapping), ...))`` in the order of the tile
    manifest and the rotations; the city mapping is :meth:`Board.upgrade_mappings`'s."""
    key = (id(board), hex_id, cur.name, cur_rot)
    out = _LAYS.get(key)
    if out is not None:
        return out
    nbrs = board.hexes[hex_id].neighbors
    rows = []
    for name, tdef in board.tiles.items():
        if (tdef.n_cities != cur.n_cities or tdef.n_towns != cur.n_towns
                or not board.colour_may_follow(cur, tdef) or not label_ok(hex_id, tdef)):
            continue
        rots = []
        for rot, paths, ex, mask in turned(tdef):
            mapping = board.upgrade_mappings(cur, cur_rot, tdef, rot)
            if mapping is not None and all(e in nbrs and (hex_id, e) not in closed
                                           for e in ex):
                rots.append((rot, ex, mask, paths, mapping))
        if rots:
            rows.append((name, tdef, tuple(rots)))
    out = _LAYS[key] = tuple(rows)
    return out


def lay_error(board: Board, s: Any, hex_id: str, tile_name: str, rot: int, colours: Any,
              words: dict[str, str], label_ok: Callable[[str, TileDef], bool], closed: Any,
              turn_error: Callable[[TileDef], str | None] | None = None,
              hex_error: Callable[[], str | None] | None = None) -> tuple[str | None, Any]:
    """The checks of a lay both titles make, in this order: the hex and the tile exist, the
    hex is not gray or red, the rotation is 0-5 (if ``words`` has "rotation"), a copy is
    left, the colour is among the phase's ``colours``, the title's ``turn_error(tile)``,
    the colour follows the hex's, ``label_ok``, the title's ``hex_error()``, the old track
    kept, no exit off the map or through a ``closed`` side.  A refusal is in the title's
    ``words`` (fields ``hex``, ``tile``, ``colour``, ``Colour``, ``old``: the hex's
    colour, ``phase``, ``neighbour``).  Returns (refusal, None) or (None, city mapping)."""
    hx = board.hexes.get(hex_id)
    if hx is None:
        return f"There is no hex {hex_id}.", None
    new = board.tiles.get(tile_name)
    if new is None:
        return f"There is no tile {tile_name}.", None
    cur, cur_rot = graph.hex_tile(board, s["tiles"], hex_id)

    def no(key: str, neighbour: str = "") -> tuple[str, None]:
        return words[key].format(hex=hex_id, tile=tile_name, colour=new.colour,
                                 Colour=new.colour.capitalize(), old=cur.colour,
                                 phase=s["phase"], neighbour=neighbour), None
    if not hx.layable:
        return no("not_layable")
    if "rotation" in words and not 0 <= rot < 6:
        return no("rotation")
    if s["supply"].get(tile_name, 0) <= 0:
        return no("none_left")
    if new.colour not in colours:
        return no("phase")
    problem = turn_error(new) if turn_error else None
    if problem:
        return problem, None
    if not board.colour_may_follow(cur, new):
        return no("follow")
    if not label_ok(hex_id, new):
        return no("label")
    problem = hex_error() if hex_error else None
    if problem:
        return problem, None
    mapping = board.upgrade_mappings(cur, cur_rot, new, rot)
    if mapping is None:
        return no("keep")
    for e in exits(rotate_paths(new.paths, rot)):
        if e not in hx.neighbors:
            return no("off_map")
        if (hex_id, e) in closed:
            return no("closed", hx.neighbors[e])
    return None, mapping


def blank_sides(board: Board) -> frozenset[tuple[str, int]]:
    """The sides ``(hex, edge)`` facing a gray or red hex where it has no track."""
    hit = _BLANK.get(id(board))
    if hit is None or hit[0] is not board:
        out = set()
        for h, hx in board.hexes.items():
            for e, nb in hx.neighbors.items():
                nbh = board.hexes.get(nb)
                if nbh is not None and nbh.printed.colour in ("gray", "red") and \
                        (e + 3) % 6 not in exits(nbh.printed.paths):
                    out.add((h, e))
        hit = _BLANK[id(board)] = (board, frozenset(out))
    return hit[1]


def network_hexes(reach: Any, tokens: dict, corp: str) -> tuple[dict[str, int], set[str]]:
    """Where ``corp`` may lay track: the hexes whose sides its network (``reach``:
    :func:`~.graph.reach`) reaches, each with those sides as a bit mask, and the hexes
    holding one of its tokens."""
    sides: dict[str, int] = {}
    for h, e in reach.edges:
        sides[h] = sides.get(h, 0) | 1 << e
    return sides, {h for h, cities in tokens.items() if any(corp in held for held in cities)}


def hexes_to_lay(board: Board, tiles: dict, hexes: Iterable[str], cash: float,
                 skip: Any = ()) -> Iterator[tuple[str, TileDef, int]]:
    """``hexes`` in sorted order that may take a tile, each with the tile on it and its
    rotation: on the board, not gray or red, not in ``skip``, and an unbuilt hex only when
    its terrain costs no more than ``cash``."""
    for h in sorted(hexes):
        hx = board.hexes.get(h)
        if hx is None or not hx.layable or h in skip:
            continue
        laid = tiles.get(h)
        if laid is None:
            if hx.terrain_cost <= cash:
                yield h, hx.printed, 0
        else:
            yield h, board.tiles[laid[0]], laid[1]


def put_tile(s: Any, corp: str, hex_id: str, tile: str, rot: int, cost: int) -> None:
    """Lay ``tile`` on ``hex_id``: the tile it replaces goes back to the supply, and
    ``corp`` pays ``cost`` to the bank."""
    supply = s["supply"]
    old = s["tiles"].get(hex_id)
    if old is not None:
        supply[old[0]] += 1
    supply[tile] -= 1
    s["tiles"][hex_id] = [tile, rot]
    s["corps"][corp]["cash"] -= cost
    s["bank"] += cost


def put_token(s: Any, corp: str, hex_id: str, city: int, n_cities: int,
              cost: int = 0) -> None:
    """``corp``'s token in city ``city`` of ``hex_id`` (the hex's list of cities grown to
    ``n_cities``), paying ``cost`` to the bank."""
    cities = s["tokens"].setdefault(hex_id, [])
    while len(cities) < n_cities:
        cities.append([])
    cities[city].append(corp)
    s["corps"][corp]["cash"] -= cost
    s["bank"] += cost


def token_cities(stops: Iterable[tuple[str, str]]) -> list[tuple[str, int]]:
    """The cities among ``stops`` (``(hex, stop)``), sorted, as ``(hex, city index)``: where
    a corporation's network lets it look for a token space."""
    return [(h, int(stop[1:])) for h, stop in sorted(stops) if stop[0] == "c"]


def free_spaces(tile: TileDef, tokens: dict, corp: str, hex_id: str, city: int,
                homes: Iterable[str], waiting: Callable[[str], bool]) -> int:
    """The token spaces left for ``corp`` in city ``city`` of ``hex_id`` (``tile`` lies
    there): its spaces less the tokens in it and the spaces kept for the corporations
    whose home it is (``homes``) that are still ``waiting`` to place their home token
    there (1830 19.0, 1870 9.2.3)."""
    if city >= tile.n_cities:
        return 0
    held = graph.city_tokens(tokens, hex_id, city)
    return tile.city_slots[city] - len(held) - sum(
        1 for other in homes if other != corp and other not in held and waiting(other))
