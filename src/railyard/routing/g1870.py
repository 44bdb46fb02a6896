"""1870 positions for the optimiser: the corporation's network with 1870's values — red
off-boards by phase and only as route ends (2.2, 9.3.2), the destination marker on the map
counting as a station (9.6.3 a) and doubling the destination as a route end (9.6.6), the
cattle (+$10, 11.3) and port (+$20 owner, +$10 others while open, 11.4) bonuses on the stops
of their hexes; trains stop at most their number of stops, the diesel any (12.2).

The game's own rules (``games/g1870/running.py``) give the numbers; this module only maps
them onto the routing model."""
from __future__ import annotations

from typing import Any

from .adapter18xx import chains_of, network_for
from .g1830 import stop_name
from .model import Train
from .problem import RouteProblem

UNLIMITED = 99


def route_network(state: Any, corporation: str) -> RouteProblem:
    from ..games.g1870 import running
    from ..games.g1870.privates import bonus
    g = state
    s = g.s
    c = s["corps"].get(corporation)
    if c is None:
        raise KeyError(f"unknown corporation {corporation!r}")
    board = g.st.board
    red = running.red_hexes(board)
    dest = g.st.corps[corporation].destination if c.get("dest_marker") == "map" else None

    def value(h, stop):
        return running.stop_value(g, h, stop) + bonus(g, corporation, [(h, stop)])

    def end_bonus(h, stop):
        return running.stop_value(g, h, stop) if h == dest else 0

    net = network_for(board, s["tiles"], running.tokens_for(g, corporation), corporation,
                      "gray", value=value, offboard=lambda h, _s: h in red,
                      end_bonus=end_bonus)
    trains = []
    for tid in c["trains"]:
        dist = running.distance(tid)
        trains.append(Train(tid, None if dist >= UNLIMITED else dist))
    seat = c.get("president")
    return RouteProblem(corporation, seat, net, trains, lambda r: chains_of(net, r), stop_name,
                        {"corporation": corporation})


def connection_position(state: Any, corporation: str, marker: str | None) -> Any:
    """The position of a connection run (9.6.4): the corporation chose where its destination
    marker goes (``marker``: "map" or "charter") and runs all its trains; the run is valued
    with the marker placed (9.6.6).  Other positions are returned unchanged."""
    op = state.s.get("op") or {}
    if marker is None or (op.get("connections") or [])[:1] != [corporation]:
        return state
    clone = state.clone()
    clone.s["corps"][corporation]["dest_marker"] = marker
    return clone
