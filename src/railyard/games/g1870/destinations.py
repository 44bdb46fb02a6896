"""Destinations and the connection run (9.6): once one of its trains could run from its
home to its destination, a corporation places its destination marker (on the map: its
destination counts double for it; or on the charter as a $100 station marker) and all its
trains run once more, paid out in full or withheld (no half payout)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_str
from ...engine.errors import IllegalAction
from ...eighteen import graph
from ...eighteen import routes as core_routes
from . import connect, recorded, running

if TYPE_CHECKING:
    from .state import G1870State

ROUTE_LIMIT = 4000


def _ends(g: "G1870State", corp: str) -> tuple[str, str]:
    d = g.st.corps[corp]
    return d.home, d.destination


def connecting_routes(g: "G1870State", corp: str, distance: int) -> list:
    """Routes of a train of ``distance`` stops with the home city and the destination
    among their stops (9.6.1): (stops, track paths, chains) as the core's search finds
    them (off-boards as route ends only, 9.3.2)."""
    s = g.s
    home, dest = _ends(g, corp)
    if not any(corp in held for held in s["tokens"].get(home, [])):
        return []
    found = core_routes.search(g.st.board, s["tiles"], s["tokens"], corp, distance, ROUTE_LIMIT,
                               core_routes.links_of(g), ends_only=running.red_hexes(g.st.board))
    return [r for r in found if {home, dest} <= {h for h, _ in r[0]}]


_TABLES: dict = {}


def _board_tables(board: Any) -> tuple:
    """Per board: the hexes whose printed tile has track, and one id per hex side shared
    by the two hexes it joins."""
    hit = _TABLES.get(id(board))
    if hit is None or hit[0] is not board:
        printed = frozenset(h for h, hx in board.hexes.items() if hx.printed.paths)
        side: dict = {}
        for h, hx in board.hexes.items():
            for e in range(6):
                if (h, e) not in side:
                    side[(h, e)] = len(side)
                    nb = hx.neighbors.get(e)
                    if nb is not None:
                        side[(nb, (e + 3) % 6)] = side[(h, e)]
        hit = _TABLES[id(board)] = (board, printed, side)
    return hit[1], hit[2]


#: per board: (hex, tile, rotation) -> the pairs of track ends its paths join (side ids,
#: stops)
_PAIRS: dict = {}


class _Track:
    """The pieces of connected track of one state's tile layout, ignoring tokens: a
    union-find over hex sides (one id per side shared by two hexes) and stops, kept in the
    state (``g.__dict__``, not copied by ``clone``) and brought up to date when asked.  A
    lay keeps all the track it replaces (9.1.3), so a hex whose tile changed only adds its
    new tile's joins; when a tile went away or was replaced by one of the same or an
    earlier colour (the state restored after a refused action) or a tile with more than
    one stop changed (its stops may be numbered anew), the layout is joined again from
    the start.  ``get(hex)``: the pieces at the hex's stops.  ``joined``: per pair of
    hexes, whether a piece reaches both (:func:`_dest_reached`), forgotten when a tile
    changes."""

    __slots__ = ("board", "tiles", "parent", "stops", "joined")

    def __init__(self, board: Any) -> None:
        self.board = board
        self.tiles: dict = {}
        self.parent: dict = {}
        self.stops: dict = {}
        self.joined: dict = {}

    def find(self, x: Any) -> Any:
        parent = self.parent
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(self, tiles: dict, h: str, side: dict, cache: dict) -> None:
        laid = tiles.get(h)
        pkey = (h, None, 0) if laid is None else (h, laid[0], laid[1])
        pairs = cache.get(pkey)
        if pairs is None:
            pairs = cache[pkey] = tuple(
                (side[(h, a)] if isinstance(a, int) else (h, a),
                 side[(h, b)] if isinstance(b, int) else (h, b))
                for a, b in graph.hex_paths(self.board, tiles, h))
        find = self.find
        parent = self.parent
        for na, nb in pairs:
            for n in (na, nb):
                if not isinstance(n, int):
                    self.stops.setdefault(n[0], set()).add(n)
            parent[find(na)] = find(nb)

    def get(self, hex_id: str, default: Any = None) -> Any:
        nodes = self.stops.get(hex_id)
        if not nodes:
            return default
        return {self.find(n) for n in nodes}


_RANK = {"yellow": 1, "green": 2, "brown": 3, "gray": 4}


def _components(g: "G1870State") -> _Track:
    """The pieces of connected track of the current tile layout (:class:`_Track`)."""
    s = g.s
    board = g.st.board
    tiles = s["tiles"]
    printed, side = _board_tables(board)
    known = _PAIRS.get(id(board))
    if known is None or known[0] is not board:
        known = _PAIRS[id(board)] = (board, {})
    cache: dict[Any, Any] = known[1]
    t: Any = g.__dict__.get("_track")
    changed = None
    if t is not None and t.board is board:
        old = t.tiles
        if old == tiles:
            return t
        if all(h in tiles for h in old):
            changed = [h for h, laid in tiles.items() if old.get(h) != laid]
            tdefs = board.tiles
            for h in changed:
                tile = tdefs[tiles[h][0]]
                before = old.get(h)
                if tile.n_cities + tile.n_towns > 1 or (
                        before is not None and _RANK.get(tile.colour, 0)
                        <= _RANK.get(tdefs[before[0]].colour, 0)):
                    changed = None          # not an upgrade (a refused action undone)
                    break
    if changed is None:
        t = g.__dict__["_track"] = _Track(board)
        changed = printed.union(tiles)
    if changed:
        t.joined.clear()
    for h in changed:
        t.join(tiles, h, side, cache)
        laid = tiles.get(h)
        if laid is not None:
            t.tiles[h] = list(laid)
    return t


def _dest_reached(g: "G1870State", corp: str, parts: "_Track | None" = None) -> bool:
    """Track joins the home hex to the destination hex (a quick necessary condition of
    9.6.1; :func:`eligible` asks :func:`.connect.connects` only when it holds).  The
    corporation's reach (:func:`graph.reach`) is not asked: a route found by ``connects``
    runs on track the reach covers, so that test could only refuse what ``connects``
    refuses too, and with the state's stretches of track ``connects`` is the cheaper
    one."""
    home, dest = _ends(g, corp)
    parts = _components(g) if parts is None else parts
    key = (home, dest)
    out = parts.joined.get(key)
    if out is None:
        out = parts.joined[key] = bool(parts.get(home, set()) & parts.get(dest, set()))
    return out


def eligible(g: "G1870State", corp: str, parts: "_Track | None" = None) -> bool:
    c = g.s["corps"][corp]
    if not recorded.may_connect(c) or not _dest_reached(g, corp, parts):
        return False               # 9.6.1, 9.6.7; no track joins home and destination
    # a route of a shorter train is also one of the longest train (at most N stops); a
    # route through home and destination contains one that starts at home
    home, dest = _ends(g, corp)
    s = g.s
    # its other stations: not starting points, but passable (an empty city never blocks)
    tokens = {h: [[] if corp in held and h != home else held for held in cities]
              for h, cities in s["tokens"].items()}
    return connect.connects(g.st.board, s["tiles"], tokens, corp, home, dest,
                            max(running.distance(t) for t in c["trains"]),
                            running.red_hexes(g.st.board), core_routes.links_of(g))


def check(g: "G1870State", first: str | None = None) -> list[str]:
    """9.6.2: the corporation whose turn just ended first, then operating order."""
    from .operating import operating_order
    g.__dict__["_conn_checks"] = g.__dict__.get("_conn_checks", 0) + 1   # for imports
    order = operating_order(g)
    if first in order:
        order.remove(first)
        order.insert(0, first)
    corps = g.s["corps"]
    order = [c for c in order if corps[c]["trains"] and not corps[c].get("connected")]
    parts = _components(g) if order else None     # one track layout for the whole check
    return recorded.take(g, [c for c in order if eligible(g, c, parts)])


def run_revenue(g: "G1870State", corp: str) -> int:
    """9.6.4: all trains run; at least one between home and destination."""
    if g.s["corps"][corp].get("conn_declared"):
        return running.revenue(g, corp)        # a recorded run (:mod:`.recorded`)
    best = 0
    trains = g.s["corps"][corp]["trains"]
    for tid in trains:
        for stops, paths, _ in connecting_routes(g, corp, running.distance(tid)):
            first = running.route_value(g, corp, stops)
            rest = running.revenue(g, corp, exclude=tid, used=set(paths))
            best = max(best, first + rest)
    return best


def named_run_revenue(g: "G1870State", corp: str, named: Any) -> int:
    """9.6.4: the president's routes for all trains; at least one of them has the home
    city and the destination among its stops.  Called after the marker is placed, so the
    doubling (9.6.6) applies to a map marker.  Profile option
    ``connection_run_without_routes`` (18xx.games): no routes at all is accepted, a run
    of $0 (the run is used up, 9.6.7)."""
    from . import routes
    _, revenues, stops_of = routes.check_run(g, corp, named)
    home, dest = _ends(g, corp)
    if g.s["corps"][corp].get("conn_declared"):
        return sum(revenues.values())          # a recorded run (:mod:`.recorded`)
    if not named and g.options.get("connection_run_without_routes"):
        return 0                               # profile option (18xx.games): nothing run
    if not any({home, dest} <= {h for h, _ in stops} for stops in stops_of):
        g.fail(f"In the connection run one train must run between {corp}'s home {home} "
               f"and its destination {dest} (9.6.4).")
    return sum(revenues.values())


def choices(g: "G1870State", corp: str) -> list[Choice]:
    seat = g.s["corps"][corp]["president"]
    home, dest = _ends(g, corp)
    markers = ["charter"]
    if not any(corp in held for held in g.s["tokens"].get(dest, [])):
        markers.insert(0, "map")                       # 9.6.3
    return [Choice("connection_run", seat, {"corporation": corp, "marker": m, "kind": k})
            for m in markers for k in ("full", "withhold")]


def apply(g: "G1870State", corp: str, action: Mapping[str, Any]) -> dict:
    from . import dividends
    s = g.s
    if action.get("corporation") != corp:
        g.fail(f"{corp} makes its connection run now (9.6.2).")
    marker = get_str(action, "marker")
    kind = get_str(action, "kind")
    allowed = {(c.fixed["marker"], c.fixed["kind"]) for c in choices(g, corp)}
    if (marker, kind) not in allowed:
        g.fail("Choose the marker (map, or charter; map not when a station is already "
               "there) and full or withhold (9.6.3, 9.6.5).")
    c = s["corps"][corp]
    was = {k: c[k] for k in ("connected", "dest_marker") if k in c}
    c["connected"] = True
    c["dest_marker"] = marker                 # placed first: a map marker doubles (9.6.6)
    try:
        if action.get("routes") is not None:
            rev = named_run_revenue(g, corp, action["routes"])
        else:                                 # no routes named: the engine's best set
            rev = run_revenue(g, corp)
    except IllegalAction:                     # routes refused: the marker is not placed
        for k in ("connected", "dest_marker"):
            if k in was:
                c[k] = was[k]
            else:
                del c[k]
        raise
    if kind == "full":
        dividends.distribute(g, corp, rev)
        g.set_pos(corp, g.st.market.right(c["pos"]))
    else:
        g.pay_from_bank(rev)
        c["cash"] += rev
    out = {"type": "connection_run", "player": action["player"], "corporation": corp,
           "marker": marker, "kind": kind, "revenue": rev}
    if action.get("routes") is not None:
        out["routes"] = [{"train": r["train"], "chains": r["chains"]} for r in action["routes"]]
    return out
