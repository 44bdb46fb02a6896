"""Track (9.1): two yellow tiles or one upgrade per turn, phase colours, the manifest,
connection to the network, terrain costs, the P/K/L city tiles and the New Orleans
barrier.

the Mississippi restriction while MRBC belongs to a player (9.1.7) and MRBC's $40 discount
for its owning corporation (11.2 b, asked for with ``"mrbc": true``), and the free home
tile of MP/SSW buying MRBC in their first turn (11.2 c)."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from ...eighteen import graph
from ...eighteen.board import exits, rotate_paths
from ...eighteen.track import hexes_to_lay, network_hexes, put_tile, static_lays
from ...eighteen.track import lay_error as lay_error_core
from .data import raw_data
from .running import reach_of, tokens_for

if TYPE_CHECKING:
    from .state import G1870State

P_CITIES = frozenset({"J3", "J5", "N17", "B11", "C18"})     # 9.1.5: brown only 170 (P)
LABEL_HEX = {"K": "B11", "L": "C18"}                          # 9.1.5: gray 171K, 172L

_A, _B = frozenset({1, 2}), frozenset({0, 3, 4, 5})
RIVER_BANKS = {                                               # 9.1.7: the two banks
    "B17": (frozenset({0, 1}), frozenset({2, 3, 4, 5})),
    "E18": (frozenset({3, 4}), frozenset({0, 1, 2, 5})),
    "F19": (_A, _B), "G18": (_A, _B), "I16": (_A, _B),
    "J15": (frozenset({0, 1, 2}), frozenset({3, 4, 5})),
    "L13": (frozenset({0, 1, 2, 3}), frozenset({4, 5})),
    "N15": (frozenset({2, 3, 4}), frozenset({0, 1, 5})),
    "O16": (frozenset({3}), frozenset({0, 1, 2, 4, 5})),
    "O18": (frozenset({0, 1}), frozenset({2, 3, 4, 5})),
}
RIVER_ONLY_EDGES = {"C18": frozenset({0, 1}), "A16": frozenset({0, 1, 2}),
                    "D17": frozenset({0, 1, 2, 3, 5}), "H17": frozenset({0, 3, 4, 5}),
                    "K14": frozenset({4, 5}), "M14": frozenset({2, 3, 4, 5})}


def river_closed(g: "G1870State") -> bool:
    """9.1.7 / 11.2 (a): the Mississippi cannot be crossed while MRBC belongs to a player."""
    owner = g.company_owner("MRBC")
    return owner is not None and owner.startswith("p")


def crosses_river(hex_id: str, paths: Any) -> bool:
    """9.1.7: edges joined on the tile (directly or through a stop) on opposite banks, or
    an edge outside the allowed ones of a river city/town hex."""
    edges = exits(paths)
    if hex_id in RIVER_ONLY_EDGES:
        return not edges <= RIVER_ONLY_EDGES[hex_id]
    if hex_id not in RIVER_BANKS:
        return False
    bank_a, _ = RIVER_BANKS[hex_id]
    groups: dict = {}
    for a, b in paths:                      # union of endpoints joined by a path
        ga, gb = groups.setdefault(a, {a}), groups.setdefault(b, {b})
        if ga is not gb:
            ga |= gb
            for x in gb:
                groups[x] = ga
    for group in {id(v): v for v in groups.values()}.values():
        sides = {e in bank_a for e in group if isinstance(e, int)}
        if len(sides) > 1:
            return True
    return False


@lru_cache(maxsize=None)
def impassable() -> frozenset[tuple[str, int]]:
    """9.1.6: the New Orleans barrier, from both sides of each border."""
    d = raw_data()
    out = set()
    nbrs = {h["id"]: {int(k): v for k, v in h["neighbors"].items()} for h in d["hexes"]}
    for h in d["hexes"]:
        for b in h["tile"].get("borders", []):
            if b["type"] == "impassable":
                out.add((h["id"], b["edge"]))
                other = nbrs[h["id"]].get(b["edge"])
                if other:
                    out.add((other, (b["edge"] + 3) % 6))
    return frozenset(out)


def label_ok(hex_id: str, tile: Any) -> bool:
    """9.1.5: 170 only on the five P cities; there no other brown city tile; 171K only in
    Kansas City and 172L only in St. Louis."""
    if tile.label == "P":
        return hex_id in P_CITIES
    if tile.label in LABEL_HEX:
        return LABEL_HEX[tile.label] == hex_id
    if tile.colour == "brown" and tile.n_cities and hex_id in P_CITIES:
        return False
    return tile.label is None


MRBC_DISCOUNT = 40


def mrbc_error(g: "G1870State", corp: str, hex_id: str, tile_name: str) -> str | None:
    """11.2 (b): once, a yellow tile on a Mississippi hex, $40 off the terrain cost."""
    if g.company_owner("MRBC") != corp:
        return f"{corp} does not own the MRBC (11.2)."
    if "MRBC" in g.s.get("used_abilities", []):
        return "The MRBC discount has been used (11.2)."
    if hex_id not in _hexes_mrbc() or g.st.board.tiles.get(tile_name) is None \
            or g.st.board.tiles[tile_name].colour != "yellow":
        return "The MRBC discount is for a yellow tile on a Mississippi hex (11.2)."
    return None


@lru_cache(maxsize=None)
def _hexes_mrbc() -> frozenset[str]:
    comp = next(c for c in raw_data()["companies"] if c["sym"] == "MRBC")
    return frozenset(next(a["hexes"] for a in comp["abilities"] if a["type"] == "tile_lay"))


def free_home(g: "G1870State", corp: str, hex_id: str, use_mrbc: bool) -> bool:
    """11.2 (c): MP or SSW that bought MRBC in its first turn before running may, as its
    use of (b), lay its home city's yellow tile free, in addition to its normal lays."""
    op = g.s["op"]
    return (use_mrbc and bool(op.get("mrbc_home")) and hex_id == g.st.corps[corp].home
            and g.company_owner("MRBC") == corp and "MRBC" not in g.s.get("used_abilities", []))


def extra_lay(g: "G1870State", use_mrbc: bool) -> bool:
    """Option ``mrbc_lay_extra`` (18xx.games profile): MRBC's tile lay (11.2 b) is one of
    the normal lays while one is left, and comes in addition once they are used up (after
    an upgrade or two yellow tiles); by 11.2 (b) it is always one of them."""
    lays = g.s["op"]["lays"]
    used_up = bool(lays) and (lays[0][1] != "yellow" or len(lays) >= 2)
    return use_mrbc and used_up and bool(g.options.get("mrbc_lay_extra"))


def mrbc_lay_left(g: "G1870State", corp: str) -> bool:
    """With ``mrbc_lay_extra``: the corporation owns MRBC and has not used its lay."""
    return (bool(g.options.get("mrbc_lay_extra")) and g.company_owner("MRBC") == corp
            and "MRBC" not in g.s.get("used_abilities", []))


def lay_cost(g: "G1870State", hex_id: str, use_mrbc: bool) -> int:
    cost = g.st.board.hexes[hex_id].terrain_cost if hex_id not in g.s["tiles"] else 0
    return max(0, cost - MRBC_DISCOUNT) if use_mrbc else cost


#: the refusals of :func:`~railyard.eighteen.track.lay_error` in 1870's words
WORDS = {
    "not_layable": "No tile may be laid on a red off-board hex.",
    "rotation": "The rotation must be 0 to 5.",
    "none_left": "No tile {tile} is left (9.1.2).",
    "phase": "{Colour} tiles are not available in phase {phase} (2.1).",
    "follow": "A {colour} tile cannot replace a {old} one (9.1.3).",
    "label": "Tile {tile} does not belong on {hex} (9.1.5).",
    "keep": "The new tile must keep all existing track, cities and towns (9.1.3).",
    "off_map": "Track may not run off the map from {hex} (9.1.3).",
    "closed": "No track may cross the barrier east of New Orleans (9.1.6).",
}


def lay_error(g: "G1870State", corp: str, hex_id: str, tile_name: str, rot: int,
              reach: Any = None, use_mrbc: bool = False) -> str | None:
    """Why ``corp`` may not lay ``tile_name`` on ``hex_id`` turned by ``rot`` (``reach``:
    its network's, if known; ``use_mrbc``: with MRBC's discount, 11.2 b); else None."""
    s = g.s
    board = g.st.board
    home = free_home(g, corp, hex_id, use_mrbc)

    def turn_error(new: Any) -> str | None:
        lays = s["op"]["lays"]
        if s["op"].get("home_laid") == hex_id:
            return "The free home tile may not be upgraded in the same operating round (11.2)."
        if lays and not home and not extra_lay(g, use_mrbc):
            if lays[0][1] != "yellow" or new.colour != "yellow":
                return "Two yellow tiles or one upgrade per turn (9.1.1)."
            if len(lays) >= 2:
                return "At most two yellow tiles per turn (9.1.1)."
            if lays[0][0] == hex_id:
                return "The second yellow tile goes in another hex (9.1.1)."
        return None
    problem, _ = lay_error_core(board, s, hex_id, tile_name, rot, g.phase_info()["tiles"],
                                WORDS, label_ok, impassable(), turn_error)
    if problem:
        return problem
    paths = rotate_paths(board.tiles[tile_name].paths, rot)
    if river_closed(g) and crosses_river(hex_id, paths):
        return "The Mississippi may not be crossed while MRBC belongs to a player (9.1.7)."
    tokens = tokens_for(g, corp)                     # destination marker: 9.6.3 (a)
    if reach is None:
        reach = graph.reach(board, s["tiles"], tokens, corp)
    own_here = any(corp in held for held in tokens.get(hex_id, []))
    if not own_here and not any((hex_id, e) in reach.edges for e in exits(paths)):
        return f"{hex_id} is not connected to {corp}'s track (9.1.3)."
    if use_mrbc:
        problem = mrbc_error(g, corp, hex_id, tile_name)
        if problem:
            return problem
    cost = 0 if home else lay_cost(g, hex_id, use_mrbc)
    if s["corps"][corp]["cash"] < cost:
        return f"Building in {hex_id} costs ${cost} (9.1.4)."
    return None


def refuse(g: "G1870State", problem: str | None) -> None:
    """Refuse an action for ``problem`` (if any), of the kind its words tell: an unknown
    hex or tile, a price the corporation cannot pay, or a rule."""
    if problem:
        g.fail(problem, UNKNOWN_ID if problem.startswith("There is no") else
               UNAFFORDABLE if "costs" in problem else "not_allowed")


def lay(g: "G1870State", corp: str, action: Mapping[str, Any]) -> dict:
    s = g.s
    hex_id = get_str(action, "hex")
    tile_name = get_str(action, "tile")
    rot = get_int(action, "rotation")
    use_mrbc = action.get("mrbc", False) is True
    refuse(g, lay_error(g, corp, hex_id, tile_name, rot, use_mrbc=use_mrbc))
    return place(g, corp, action["player"], hex_id, tile_name, rot, use_mrbc)


def place(g: "G1870State", corp: str, seat: int, hex_id: str, tile_name: str, rot: int,
          use_mrbc: bool) -> dict:
    """:func:`lay` after its check (:func:`lay_error` found nothing)."""
    s = g.s
    home = free_home(g, corp, hex_id, use_mrbc)
    cost = 0 if home else lay_cost(g, hex_id, use_mrbc)
    if use_mrbc:
        s.setdefault("used_abilities", []).append("MRBC")
    put_tile(s, corp, hex_id, tile_name, rot, cost)
    if home:
        s["op"]["home_laid"] = hex_id                           # 11.2 (c): not a normal lay
    elif extra_lay(g, use_mrbc):
        s["op"]["mrbc_extra"] = hex_id                          # profile: not a normal lay
    else:
        s["op"]["lays"].append([hex_id, g.st.board.tiles[tile_name].colour])
    return {"type": "lay_tile", "player": seat, "corporation": corp,
            "hex": hex_id, "tile": tile_name, "rotation": rot, "cost": cost,
            "mrbc": use_mrbc}


def choices(g: "G1870State", corp: str, seat: int, seen: list | None = None) -> list[Choice]:
    """Every legal lay (one choice per hex, tile and distinct rotation) in the order of the
    hexes (sorted), the tile manifest and the rotations: :func:`lay_groups`, or for a
    corporation owning MRBC (its discount and free home tile change the limits per turn)
    each lay checked by :func:`lay_error`.  ``seen``: as for :func:`.running.reach_of`."""
    groups = lay_groups(g, corp, seen)
    if groups is None:
        return _choices_checked(g, corp, seat, seen[0] if seen else None)
    return [Choice("lay_tile", seat, {"corporation": corp, "hex": hex_id, "tile": name,
                                      "rotation": rot})
            for hex_id, name, rots in groups for rot in rots]


def lay_groups(g: "G1870State", corp: str, seen: list | None = None) -> list | None:
    """The legal lays of :func:`choices` without making a choice of each: ``[(hex, tile
    name, [rotations])]`` in the listing's order; None for a corporation owning MRBC (its
    lays are listed by :func:`_choices_checked`).  ``seen`` as for :func:`choices`."""
    reach = reach_of(g, corp, seen)
    if g.company_owner("MRBC") == corp:
        return None
    lays = g.s["op"]["lays"]
    if lays and (lays[0][1] != "yellow" or len(lays) >= 2):
        return []                                    # 9.1.1: no further lay this turn
    closed = river_closed(g)
    skip = (g.s["op"].get("home_laid"), lays[0][0] if lays else None)  # 11.2 (c); 9.1.1
    return [(hex_id, name, open_rots if closed else rots)     # 9.1.7
            for hex_id, name, rots, open_rots in _candidates(g, corp, reach, skip)
            if (open_rots if closed else rots)]


def _candidates(g: "G1870State", corp: str, reach: Any, skip: Any = None) -> Iterator[tuple]:
    """The lays of :func:`_connected_lays` with a copy in the supply, a colour of the phase
    and, after a first lay, yellow (9.1.1): ``(hex, tile name, rotations, rotations not
    crossing the river)``; with ``skip`` (hexes that take no lay) only unbuilt hexes the
    corporation can pay for (9.1.4), without it every hex."""
    s = g.s
    board = g.st.board
    supply = s["supply"]
    sides, own = network_hexes(reach, tokens_for(g, corp), corp)  # destination marker: 9.6.3 a
    colours = g.phase_info()["tiles"]
    laid = bool(s["op"]["lays"])
    cash = s["corps"][corp]["cash"] if skip is not None else float("inf")
    for hex_id, cur, cur_rot in hexes_to_lay(board, s["tiles"], own.union(sides), cash,
                                             skip or ()):
        reached = None if hex_id in own else sides[hex_id]
        for name, colour, rots, open_rots in _connected_lays(board, hex_id, cur, cur_rot,
                                                             reached):
            if supply.get(name, 0) > 0 and colour in colours and not (laid and colour != "yellow"):
                yield hex_id, name, rots, open_rots


def network(g: "G1870State", corp: str) -> graph.Reach:
    """The stops and hex sides ``corp``'s routes reach (:func:`graph.stops_and_sides` with
    :func:`tokens_for`: ``nodes`` and ``edges`` of :func:`graph.reach`) for the playout's
    listing of tile lays and stations, which read only those two."""
    return graph.stops_and_sides(g.st.board, g.s["tiles"], tokens_for(g, corp), corp)


_CONNECTED: dict = {}


def _connected_lays(board: Any, hex_id: str, cur: Any, cur_rot: int,
                    reached: Any) -> Any:
    """The lays of :func:`~railyard.eighteen.track.static_lays` on ``hex_id`` (showing
    ``cur`` turned by ``cur_rot``; 9.1.3, 9.1.5, 9.1.6) in the rotations whose track joins
    the corporation's: an exit on one of the ``reached`` edges (9.1.3; a bit mask; None:
    it has a station there, every rotation).  Items ``(name, colour, rotations, rotations
    not crossing the river)``, tuples of plain values (the garbage collector need not look
    at the cache)."""
    key = (id(board), hex_id, cur.name, cur_rot, reached)
    out = _CONNECTED.get(key)
    if out is not None:
        return out
    out = []
    river = hex_id in RIVER_BANKS or hex_id in RIVER_ONLY_EDGES
    for name, tdef, rots in static_lays(board, hex_id, cur, cur_rot, label_ok, impassable()):
        keep = [(rot, river and crosses_river(hex_id, paths))
                for rot, _, mask, paths, _ in rots if reached is None or mask & reached]
        if keep:
            out.append((name, tdef.colour, tuple(rot for rot, _ in keep),
                        tuple(rot for rot, crosses in keep if not crosses)))
    if len(_CONNECTED) >= 50_000:
        _CONNECTED.clear()
    lays = _CONNECTED[key] = tuple(out)
    return lays


def _choices_checked(g: "G1870State", corp: str, seat: int, reach: Any = None) -> list[Choice]:
    """:func:`choices` for a corporation owning MRBC: :func:`lay_error` is asked for every
    lay of :func:`_candidates` (which both kinds of lay must pass), and again with MRBC's
    discount."""
    if reach is None:
        reach = reach_of(g, corp, None)
    out = []
    for hex_id, name, rots, _ in _candidates(g, corp, reach):
        for rot in rots:
            fixed = {"corporation": corp, "hex": hex_id, "tile": name, "rotation": rot}
            if lay_error(g, corp, hex_id, name, rot, reach) is None:
                out.append(Choice("lay_tile", seat, fixed))
            if lay_error(g, corp, hex_id, name, rot, reach, True) is None:
                out.append(Choice("lay_tile", seat, {**fixed, "mrbc": True}))
    return out
