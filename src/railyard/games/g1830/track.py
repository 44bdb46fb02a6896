"""Tile lays (18.0-18.3), station tokens (19.0, 19.1) and the private companies' track
abilities (C&SL, D&H) of 1830."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE
from ...eighteen import graph
from ...eighteen.board import exits, rotate_paths
from ...eighteen.track import (blank_sides, free_spaces, hexes_to_lay, network_hexes,
                               put_tile, put_token, static_lays, token_cities)
from ...eighteen.track import lay_error as lay_error_core
from . import privates

if TYPE_CHECKING:
    from .state import G1830State

ERIE_HOME = "E11"


# ---- tiles ------------------------------------------------------------------------------
#: the refusals of :func:`~railyard.eighteen.track.lay_error` in 1830's words
WORDS = {
    "not_layable": "No tile may be laid on a gray or red hex (18.0).",
    "none_left": "No tile {tile} is left.",
    "phase": "{Colour} tiles are not available yet (22.0).",
    "follow": "A {colour} tile cannot go on a {old} hex (yellow on plain hexes, green "
              "replaces yellow, brown replaces green; 18.0, 18.1).",
    "label": "Tile {tile} does not fit {hex}: OO, NY and B tiles go only on their own hexes "
             "and nothing else goes there (18.2).",
    "keep": "The new tile must keep every existing track and show the same cities and "
            "towns (18.0, 18.1).",
    "off_map": "Track may not run off the board (18.0).",
    "closed": "Track may not run into the blank side of {neighbour} (18.0).",
}


def lay_error(g: "G1830State", corp: str, hex_id: str, tile_name: str, rot: int,
              special: str | None = None, reach: Any = None) -> tuple[str | None, Any]:
    """Why ``corp`` may not lay ``tile_name`` on ``hex_id`` turned by ``rot`` (``special``:
    the private whose ability it uses; ``reach``: ``corp``'s, if known); else (None, city
    mapping)."""
    s = g.s
    board = g.st.board

    def reserved() -> str | None:
        if special is None and hex_id in privates.blocked_hexes(g):
            return f"{hex_id} is reserved by a private company owned by a player (18.0)."
        return None
    err, mapping = lay_error_core(board, s, hex_id, tile_name, rot, g.phase_info()["tiles"],
                                  WORDS, _label_ok(board), blank_sides(board),
                                  hex_error=reserved)
    if err:
        return err, None
    cost = board.hexes[hex_id].terrain_cost if hex_id not in s["tiles"] else 0
    if special is None and cost > s["corps"][corp]["cash"]:
        return f"Building on {hex_id} costs ${cost} (18.0).", None
    if special == "DH" and cost > s["corps"][corp]["cash"]:
        return f"The D&H lay costs the ${cost} mountain (17.0).", None
    new_paths = rotate_paths(board.tiles[tile_name].paths, rot)
    if special is None and not _connected(g, corp, hex_id, new_paths, mapping, reach):
        return ("The tile must extend track the company can reach from one of its "
                "tokens (18.0, 18.1)."), None
    return None, mapping


def _connected(g: "G1830State", corp: str, hex_id: str, new_paths: Any, mapping: Any,
               r: Any) -> bool:
    """The lay joins ``corp``'s track (18.0): an exit on a side its network (``r``, found
    here if None) reaches, a city with its token that has track on the new tile, or its
    network's track on the hex."""
    s = g.s
    if r is None:
        r = graph.reach(g.st.board, s["tiles"], s["tokens"], corp)
    own = [i for i, held in enumerate(s["tokens"].get(hex_id) or []) if corp in held]
    return (any((hex_id, e) in r.edges for e in exits(new_paths))
            or _token_joins(own, mapping, new_paths) or any(h == hex_id for h, _ in r.paths))


def lay(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    op = s["op"]
    hex_id = get_str(act, "hex")
    tile = get_str(act, "tile")
    rot = get_int(act, "rotation", lo=0, hi=5)
    special = act.get("company")
    if special is not None:
        err = _special_error(g, corp, special, hex_id, tile)
        if err:
            g.fail(err)
    elif op["step"] != "track" or op["laid"]:
        g.wrong_phase("A company lays one tile per turn, before placing tokens (17.0, 18.0).")
    err, mapping = lay_error(g, corp, hex_id, tile, rot, special)
    if err:
        g.fail(err, UNAFFORDABLE if "costs" in err else "not_allowed")
    return do_lay(g, corp, hex_id, tile, rot, special, mapping, seat)


def do_lay(g: "G1830State", corp: str, hex_id: str, tile: str, rot: int,
           special: str | None, mapping: Any, seat: int) -> dict:
    """The checked lay (:func:`lay`; ``mapping``: the old tile's cities on the new one, as
    :func:`lay_error` returns it)."""
    s = g.s
    op = s["op"]
    cost = g.st.board.hexes[hex_id].terrain_cost if hex_id not in s["tiles"] else 0
    old_tile, _ = graph.hex_tile(g.st.board, s["tiles"], hex_id)
    put_tile(s, corp, hex_id, tile, rot, 0 if special == "CS" else cost)
    cities = s["tokens"].get(hex_id)
    new_tile = g.st.board.tiles[tile]
    if cities:
        if not old_tile.paths and new_tile.n_cities > 1 and any(cities) and \
                g.options.get("erie_token_replaced"):
            # tokens on an untracked two-city hex: the company re-places them (19.1)
            op["relay"] = [c for held in cities for c in held]
            s["tokens"][hex_id] = [[] for _ in range(new_tile.n_cities)]
            op["relay_hex"] = hex_id
            op["step_before_relay"] = op["step"]
        else:
            new: list[list[str]] = [[] for _ in range(new_tile.n_cities)]
            for i, held in enumerate(cities):
                new[mapping[i]] = list(held)
            s["tokens"][hex_id] = new
    if special == "CS":
        s["ability_used"].append("CS")
    else:
        op["laid"] = True
        if op["step"] == "track":
            op["step"] = "token"
    if special == "DH":
        s["ability_used"].append("DH")
        op["dh_token"] = True
    if op["relay"]:
        op["step"] = "home_token"
    out = {"type": "lay_tile", "player": seat, "hex": hex_id, "tile": tile, "rotation": rot}
    if special is not None:
        out["company"] = special
    return out


def _special_error(g: "G1830State", corp: str, special: str, hex_id: str, tile: str) -> str | None:
    s = g.s
    if special not in ("CS", "DH"):
        return f"{special} has no tile-laying ability."
    if not privates.owned_by(g, special, corp):
        return f"{corp} does not own the {special} private."
    if special in s["ability_used"]:
        return f"The {special} ability has been used."
    if special == "CS":
        if hex_id != privates.CS_HEX or tile not in privates.CS_TILES:
            return "The C&SL allows tile 3, 4 or 58 on B20 only (17.0)."
        return None
    op = s["op"]
    if op["step"] != "track" or op["laid"]:
        return "The D&H tile is the company's tile lay of the turn (17.0)."
    if hex_id != privates.DH_HEX or tile != privates.DH_TILE:
        return "The D&H allows tile 57 on F16 only (17.0)."
    return None


def tile_choices(g: "G1830State", corp: str, seat: int) -> list[Choice]:
    """Every legal normal tile lay: hexes the company reaches x fitting tiles x rotations,
    in the order of the hexes (sorted), the tile manifest and the rotations: the lays
    :func:`lay_error` accepts (:func:`lay_options`)."""
    return [Choice("lay_tile", seat, {"hex": h, "tile": name, "rotation": rot})
            for h, name, rot, _ in lay_options(g, corp)]


def lay_options(g: "G1830State", corp: str) -> list[tuple]:
    """The lays of :func:`tile_choices` as ``(hex, tile, rotation, city mapping)`` (the
    mapping :func:`lay_error` returns for them).  The checks of :func:`lay_error` that do
    not depend on the game's state (colour order, label, kept track, no track off the
    board or into a blank side) are made once per hex, tile on it and rotation
    (:func:`~railyard.eighteen.track.static_lays`); the others here."""
    s = g.s
    board = g.st.board
    tokens = s["tokens"]
    r = graph.reach(board, s["tiles"], tokens, corp)
    on_track = {h for h, _ in r.paths}
    sides, own_hexes = network_hexes(r, tokens, corp)
    allowed = g.phase_info()["tiles"]
    supply = s["supply"]
    closed = blank_sides(board)
    label_ok = _label_ok(board)
    out = []
    for h, cur, cur_rot in hexes_to_lay(board, s["tiles"], on_track.union(sides, own_hexes),
                                        s["corps"][corp]["cash"], privates.blocked_hexes(g)):
        own = [i for i, held in enumerate(tokens[h]) if corp in held] \
            if h in own_hexes else ()
        reached_here = h in on_track
        reached = sides.get(h, 0)
        for name, tdef, rots in static_lays(board, h, cur, cur_rot, label_ok, closed):
            if tdef.colour not in allowed or supply.get(name, 0) <= 0:
                continue
            for rot, _, mask, new_paths, mapping in rots:
                if (reached_here or mask & reached
                        or (own and _token_joins(own, mapping, new_paths))):
                    out.append((h, name, rot, mapping))
    return out


def _label_ok(board: Any) -> Any:
    """18.2: a tile's label is the hex's printed one (none on most hexes)."""
    return lambda hex_id, tdef: tdef.label == board.hexes[hex_id].printed.label


def _token_joins(own: list[int], mapping: Any, new_paths: Any) -> bool:
    """A city with the company's token (indices ``own`` on the old tile) has track on the
    new tile."""
    for i in own:
        node = f"c{mapping[i]}" if i < len(mapping) else f"c{i}"
        if any(node in p for p in new_paths):
            return True
    return False


def special_choices(g: "G1830State", corp: str, seat: int) -> list[Choice]:
    """The lays of the C&SL and D&H abilities and the D&H's free token (17.0)."""
    s = g.s
    op = s["op"]
    out: list[Choice] = []
    dh_now = op["step"] == "track" and not op["laid"]    # the D&H lay is the turn's (17.0)
    for sym, hex_id, tiles in (("CS", privates.CS_HEX, privates.CS_TILES),
                               ("DH", privates.DH_HEX, (privates.DH_TILE,) if dh_now else ())):
        if privates.owned_by(g, sym, corp) and sym not in s["ability_used"]:
            out += [Choice("lay_tile", seat, {"hex": hex_id, "tile": tile, "rotation": rot,
                                              "company": sym})
                    for tile in tiles for rot in range(6)
                    if lay_error(g, corp, hex_id, tile, rot, sym)[0] is None]
    if (op.get("dh_token") and not op["token"]
            and _token_room_error(g, corp, privates.DH_HEX, 0) is None):
        out.append(Choice("place_token", seat, {"hex": privates.DH_HEX, "city": 0,
                                                "company": "DH"}))
    return out


# ---- tokens -----------------------------------------------------------------------------
def token_cost(g: "G1830State", corp: str) -> int:
    used = g.s["corps"][corp]["tokens_used"]
    return 40 if used <= 1 else 100  # 19.0


def current_city(g: "G1830State", hex_id: str, printed: int) -> int:
    """The index, on the tile lying on ``hex_id`` now, of the printed map's city ``printed``:
    upgrades keep its track (18.1), so it is the city that has all of its exits (a
    reservation of the printed map follows its city, 19.0).  Printed cities without track
    keep their index."""
    board = g.st.board
    hx = board.hexes[hex_id]
    if hex_id not in g.s["tiles"]:
        return printed
    ex = _city_exits(hx.printed.paths, f"c{printed}")
    if not ex:
        return printed
    tile, _ = graph.hex_tile(board, g.s["tiles"], hex_id)
    paths = graph.hex_paths(board, g.s["tiles"], hex_id)
    return next((i for i in range(tile.n_cities) if ex <= _city_exits(paths, f"c{i}")),
                printed)


def _city_exits(paths: Any, node: str) -> set[int]:
    """The hex sides joined to the stop ``node`` by one path."""
    return {a if isinstance(a, int) else b for a, b in paths
            if node in (a, b) and (isinstance(a, int) or isinstance(b, int))}


def reserved_for(g: "G1830State", hex_id: str, city: int) -> tuple[str, ...]:
    """The companies whose home (19.0) is city ``city`` of the tile on ``hex_id`` now."""
    hx = g.st.board.hexes[hex_id]
    return tuple(c for i, res in enumerate(hx.reservations)
                 if current_city(g, hex_id, i) == city for c in res)


def _token_room_error(g: "G1830State", corp: str, hex_id: str, city: int) -> str | None:
    s = g.s
    c = s["corps"][corp]
    if c["tokens_used"] >= g.st.corps[corp].n_tokens:
        return f"{corp} has no token left (11.0)."
    if hex_id not in g.st.board.hexes:
        return f"There is no hex {hex_id}."
    if any(corp in held for held in s["tokens"].get(hex_id, [])):
        return "A company may have only one token per hex (19.0)."
    if (hex_id == ERIE_HOME and corp != "ERIE" and not s["corps"]["ERIE"]["home_done"]):
        return "No token may go on the Erie's home hex before the Erie chose its city (19.1)."
    tile, _ = graph.hex_tile(g.st.board, s["tiles"], hex_id)
    if free_spaces(tile, s["tokens"], corp, hex_id, city, reserved_for(g, hex_id, city),
                   lambda other: not s["corps"][other]["home_done"]) <= 0:  # 19.0: kept for
        return "That city has no free token space (19.0)."      # a home token to come
    return None


def token_targets(g: "G1830State", corp: str, first: bool = False) -> list[tuple[str, int]]:
    """The cities where ``corp`` may place its token of the token step (19.0), in the
    order of the hexes; ``first``: stop at the first one (whether there is one)."""
    s = g.s
    c = s["corps"][corp]
    if c["tokens_used"] >= g.st.corps[corp].n_tokens or token_cost(g, corp) > c["cash"]:
        return []
    r = graph.reach(g.st.board, s["tiles"], s["tokens"], corp)
    out = []
    for h, city in token_cities(r.found):
        if _token_room_error(g, corp, h, city) is None and \
                graph.walk_reaches(g.st.board, s["tiles"], s["tokens"], corp, (h, f"c{city}")):
            out.append((h, city))
            if first:
                break
    return out


def token(g: "G1830State", corp: str, act: Mapping[str, Any], seat: int) -> dict:
    s = g.s
    op = s["op"]
    hex_id = get_str(act, "hex")
    city = get_int(act, "city", lo=0, hi=5)
    c = s["corps"][corp]
    if op["step"] == "home_token":
        if (hex_id, city) not in relay_targets(g, corp):
            g.fail("Choose one of the free cities of the hex for the token (19.1).")
        if op["relay"]:                          # a token of the re-placed hex (19.1)
            _put(g, op["relay"].pop(0), hex_id, city)
        else:                                    # the home token chosen now
            _put(g, corp, hex_id, city)
            c["tokens_used"] += 1
            c["home_done"] = True
        if not op["relay"]:
            step = op.pop("step_before_relay", "track")
            op["step"] = "track" if step == "home_token" else step
        return {"type": "place_token", "player": seat, "hex": hex_id, "city": city}
    dh = act.get("company") == "DH"
    if dh:
        if not op.get("dh_token"):
            g.fail("The free D&H token goes down right after the D&H tile (17.0).")
        if hex_id != privates.DH_HEX or city != 0:
            g.fail("The D&H token goes on F16 (17.0).")
        if op["token"]:
            g.fail("A company places only one token per operating round (19.0); it has "
                   "placed its token of this turn.")
    elif op["step"] != "token" or op["token"]:
        g.wrong_phase("A token is placed after the tile lay, one per turn (17.0, 19.0).")
    err = _token_room_error(g, corp, hex_id, city)
    if err:
        g.fail(err)
    if not dh:
        cost = token_cost(g, corp)
        if cost > c["cash"]:
            g.fail(f"The token costs ${cost} (19.0).", UNAFFORDABLE)
        r = graph.reach(g.st.board, s["tiles"], s["tokens"], corp)
        if (hex_id, f"c{city}") not in r.found or not graph.walk_reaches(
                g.st.board, s["tiles"], s["tokens"], corp, (hex_id, f"c{city}")):
            g.fail("The city must be connected by track to one of the company's tokens, by "
                   "a route that uses no track or hex side twice and passes no city blocked "
                   "by others (19.0, 20.1).")
    do_token(g, corp, hex_id, city, dh)
    out = {"type": "place_token", "player": seat, "hex": hex_id, "city": city}
    if dh:
        out["company"] = "DH"
    return out


def do_token(g: "G1830State", corp: str, hex_id: str, city: int, dh: bool = False) -> None:
    """The checked token (:func:`token`): of the token step, or the D&H's free one (17.0;
    ``dh``).  One per round, the home token aside (19.0)."""
    op = g.s["op"]
    _put(g, corp, hex_id, city, 0 if dh else token_cost(g, corp))
    g.s["corps"][corp]["tokens_used"] += 1
    op["token"] = True
    if dh:
        op["dh_token"] = False
    if op["step"] == "token":
        op["step"] = "routes"


def _put(g: "G1830State", corp: str, hex_id: str, city: int, cost: int = 0) -> None:
    tile, _ = graph.hex_tile(g.st.board, g.s["tiles"], hex_id)
    put_token(g.s, corp, hex_id, city, tile.n_cities, cost)


# ---- home tokens (19.0, 19.1) -----------------------------------------------------------
def _home_city(g: "G1830State", corp: str) -> int | None:
    cd = g.st.corps[corp]
    hx = g.st.board.hexes[cd.home]
    for i, res in enumerate(hx.reservations):
        if corp in res:
            return current_city(g, cd.home, i)
    if cd.home_city is not None:
        return cd.home_city
    tile, _ = graph.hex_tile(g.st.board, g.s["tiles"], cd.home)
    if tile.n_cities > 1 and (tile.paths or not g.options.get("erie_token_replaced")):
        return None  # a choice (19.1: Erie "kann auf jeder Stadt ... installiert werden")
    return 0


def home_choice_needed(g: "G1830State", corp: str) -> bool:
    return not g.s["corps"][corp]["home_done"]


def place_home(g: "G1830State", corp: str) -> None:
    c = g.s["corps"][corp]
    if c["home_done"]:
        return
    city = _home_city(g, corp)
    if city is None:
        return
    _put(g, corp, g.st.corps[corp].home, city)
    c["tokens_used"] = 1
    c["home_done"] = True


def relay_targets(g: "G1830State", corp: str) -> list[tuple[str, int]]:
    s = g.s
    op = s["op"]
    if op["relay"]:
        h = op["relay_hex"]
        who = op["relay"][0]
    else:
        h = g.st.corps[corp].home
        who = corp
    tile, _ = graph.hex_tile(g.st.board, s["tiles"], h)
    out = []
    for i in range(tile.n_cities):
        held = graph.city_tokens(s["tokens"], h, i)
        if who not in held and len(held) < tile.city_slots[i]:
            out.append((h, i))
    return out
