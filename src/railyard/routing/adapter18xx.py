"""Build the routing model from an 18xx position (read-only use of ``railyard.eighteen``).

Stops: every city/town/off-board of a hex with track; junctions: hex edges
``("edge", hex, neighbour)`` (sorted pair), sides = the hex a path lies in; links: one per
tile path, pieces = the path and, per edge end, the half edge ``(hex, "edge", e)`` so that
two routes never share a hex-edge point (1830 20.1: separate over their whole length)."""
from __future__ import annotations

from ..eighteen.board import Board
from ..eighteen.graph import city_blocked, city_tokens, hex_paths, hex_tile
from .model import Link, Network, Stop

KIND = {"c": "city", "t": "town", "o": "offboard"}


def network_for(board: Board, tiles: dict, tokens: dict, corp: str, colour: str,
                value=None, offboard=None, end_bonus=None, area=None) -> Network:
    """``value(hex, stop)``: a stop's revenue (default: the tile's value for ``colour``);
    ``offboard(hex, stop)``: the stop is an off-board (route end only) although the tile
    calls it a city; ``end_bonus(hex, stop)``: extra revenue as a route end;
    ``area(hex, stop)``: the stop's red area (``Stop.area``; default none)."""
    stops: list = []
    links: list = []
    seen: set = set()

    def edge_node(h: str, e: int):
        nb = board.hexes[h].neighbors.get(e)
        return ("edge",) + tuple(sorted([h, nb or f"{h}/border{e}"]))

    def node(h: str, end):
        if isinstance(end, int):
            return edge_node(h, end), h
        sid = (h, end)
        if sid not in seen:
            seen.add(sid)
            tile, _ = hex_tile(board, tiles, h)
            kind = KIND[end[0]]
            token = blocked = False
            if offboard is not None and offboard(h, end):
                kind = "offboard"
            elif kind == "city":
                i = int(end[1:])
                token = corp in city_tokens(tokens, h, i)
                blocked = city_blocked(board, tiles, tokens, h, i, corp)
            rev = tile.stop_revenue(end, colour) if value is None else value(h, end)
            bonus = 0 if end_bonus is None else end_bonus(h, end)
            stops.append(Stop(sid, rev, kind, token=token, blocked=blocked,
                              end_bonus=bonus,
                              area=None if area is None else area(h, end)))
        return sid, None

    for h in sorted(board.hexes):
        for idx, (a, b) in enumerate(hex_paths(board, tiles, h)):
            (na, sa), (nb, sb) = node(h, a), node(h, b)
            pieces = [(h, idx)] + [(h, "edge", e) for e in (a, b) if isinstance(e, int)]
            links.append(Link(na, nb, tuple(pieces), sa, sb))
    return Network(tuple(stops), tuple(links))


def chains_of(net: Network, route) -> list[list[str]]:
    """The route as chains of hexes between consecutive stops (``graph.resolve_route``)."""
    stop_ids = {s.id for s in net.stops}
    chains: list = []
    cur: list = [route.nodes[0][0]]
    for li, n in zip(route.links, route.nodes[1:]):
        h = net.links[li].pieces[0][0]
        if cur[-1] != h:
            cur.append(h)
        if n in stop_ids:
            chains.append(cur)
            cur = [n[0]]
    return chains
