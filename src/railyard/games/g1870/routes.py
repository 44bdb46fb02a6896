"""Routes named by the president (9.3.5): each train's route given as chains of hexes (one
chain per stretch of track between two stops, as in 1830's ``run_routes``), checked by the
18xx core's route rules (:func:`railyard.eighteen.graph.resolve_route` /
:func:`~railyard.eighteen.graph.check_route`, the same checks 1830 uses) plus the 1870
specifics: off-boards (red hexes) only as route ends (9.3.2), the destination marker on the
map counting as a station (9.6.3 a), values by phase (2.2), bonuses (11.3, 11.4) and
destination doubling (9.6.6) from :mod:`.running`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...eighteen import graph
from ...eighteen.routes import check_run as core_check_run
from . import running

if TYPE_CHECKING:
    from .state import G1870State


def check_route(g: "G1870State", corp: str, train: str, chains: Any) -> graph.RunRoute:
    """One train's route: its stops, track paths and revenue; a broken rule raises
    ``graph.RouteError`` naming the rule."""
    s = g.s
    board = g.st.board
    if not isinstance(chains, list):
        raise graph.RouteError("A route is a list of chains of hexes.")
    rr = graph.resolve_route(board, s["tiles"], chains)
    red = running.red_hexes(board)
    for h, _ in rr.stops[1:-1]:
        if h in red:
            raise graph.RouteError(f"The off-board area {h} can only start or end a route "
                                   f"(9.3.2).")
    tokens = running.tokens_for(g, corp)
    graph.check_route(board, s["tiles"], tokens, corp, rr, running.distance(train), "gray")
    rr.revenue = running.route_value(g, corp, rr.stops)
    return rr


def _rule_1870(message: str) -> str:
    """The core's messages cite 1830's sections; name 1870's (9.3.1-9.3.3)."""
    return message.replace("(20.1)", "(9.3.1-9.3.3)").replace("(19.0)", "(9.3.3)")


def check_run(g: "G1870State", corp: str, routes: Any,
              trains: list[str] | None = None) -> tuple[list[dict], dict[str, int], list]:
    """A route set of ``corp`` (9.3, :func:`railyard.eighteen.routes.check_run`): each
    train at most once, each route by :func:`check_route`, no shared track (9.3.4).
    Returns the normalised routes, revenue per train and the stops of each route.  Raises
    ``IllegalAction`` through ``g.fail``."""
    def check(tid: str, chains: Any) -> graph.RunRoute:
        try:
            return check_route(g, corp, tid, chains)
        except graph.RouteError as exc:
            raise graph.RouteError(_rule_1870(str(exc))) from None
    run = core_check_run(g, corp, routes, g.s["corps"][corp]["trains"] if trains is None
                         else trains, check, "(9.3)",
                         "Trains of one corporation may not share track (9.3.4).")
    return ([{"train": t, "chains": [list(c) for c in chains]} for t, chains, _ in run],
            {t: rr.revenue for t, _, rr in run}, [rr.stops for _, _, rr in run])


def auto_routes(g: "G1870State", corp: str) -> list[dict]:
    """A route set computed by the engine for bots and the legal-action list (greedy,
    longest train first: :func:`running.greedy`, about half the cost of the exact
    optimiser in random games); the president may name any other legal set, and
    ``routing.problem.auto_routes`` gives the best one through :func:`route_network`."""
    from .lazyroutes import routes_at
    return routes_at(g, corp)


def route_network(state: "G1870State", corporation: str) -> Any:
    """The routing library's view of ``corporation``'s position (the hook
    ``routing.problem`` looks for): stops valued as :func:`running.stop_value` (2.2),
    off-boards as route ends only (9.3.2), the destination's value once more as an end bonus
    after the map marker (9.6.6), cattle and port bonuses as per-train stop values (11.3,
    11.4; the same for every train of the corporation), the destination marker as a
    station (9.6.3 a)."""
    import dataclasses

    from ...eighteen.routes import stop_name
    from ...routing.adapter18xx import chains_of, network_for
    from ...routing.model import Network, Train
    from ...routing.problem import RouteProblem
    from .privates import bonus

    g = state
    s = g.s
    corp = s["corps"].get(corporation)
    if corp is None:
        raise KeyError(f"unknown corporation {corporation!r}")
    board = g.st.board
    net = network_for(board, s["tiles"], running.tokens_for(g, corporation), corporation,
                      "gray")
    red = running.red_hexes(board)
    dest = g.st.corps[corporation].destination if corp.get("dest_marker") == "map" else None
    stops = []
    extra = []
    for st in net.stops:
        h, name = st.id
        value = running.stop_value(g, h, name)
        st = dataclasses.replace(st, revenue=value, terminal=st.terminal or h in red,
                                 end_bonus=value if h == dest else 0)
        stops.append(st)
        plus = bonus(g, corporation, [st.id])
        if plus:
            extra.append((st.id, value + plus))
    net = Network(tuple(stops), net.links)
    trains = [Train(t, None if running.distance(t) >= 99 else running.distance(t),
                    values=tuple(extra)) for t in corp["trains"]]
    return RouteProblem(corporation, corp.get("president"), net, trains,
                        lambda r: chains_of(net, r), stop_name, {"corporation": corporation})
