"""1830 positions for the optimiser (rules 20.1, 20.3): the corporation's network from the
tiles and tokens, its trains (the diesel runs any number of stops), off-board values by
the phase (the higher red values once a 5-train was bought: the phase's tile colour)."""
from __future__ import annotations

from typing import Any

from ...eighteen.routes import stop_name
from ...routing.adapter18xx import chains_of, network_for
from ...routing.model import Train
from ...routing.problem import RouteProblem

UNLIMITED = 99   # 1830 data gives the diesel a distance of 999


def route_network(state: Any, corporation: str) -> RouteProblem:
    s = state.s
    corp = s["corps"].get(corporation)
    if corp is None:
        raise KeyError(f"unknown corporation {corporation!r}")
    board = state.st.board
    one_area_ok = bool(state.options.get("route_may_start_and_end_in_one_red_area"))
    net = network_for(board, s["tiles"], s["tokens"], corporation, state.phase_colour(),
                      area=lambda h, end: board.offboard_area(h)
                      if end[0] == "o" and not one_area_ok else None)
    trains = []
    for tid in corp["trains"]:
        dist = state.train_def(tid).distance
        trains.append(Train(tid, None if dist >= UNLIMITED else dist))
    return RouteProblem(corporation, corp.get("president"), net, trains,
                        lambda r: chains_of(net, r), stop_name)
