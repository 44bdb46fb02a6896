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
from ...engine.errors import UNKNOWN_ID
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


def check_run(g: "G1870State", corp: str, routes: Any) -> tuple[list[dict], dict[str, int], list]:
    """A route set of ``corp`` (9.3): ``[{"train", "chains"}]``, each train at most once,
    no shared track (9.3.4).  Returns the normalised routes, revenue per train and the
    stops of each route.  Raises ``IllegalAction`` through ``g.fail``."""
    own = g.s["corps"][corp]["trains"]
    if not isinstance(routes, list):
        g.fail("'routes' must be a list of {train, chains}.", "malformed")
    runs: list[graph.RunRoute] = []
    for r in routes:
        if not isinstance(r, dict) or not isinstance(r.get("train"), str):
            g.fail("Each route names its 'train' and its 'chains'.", "malformed")
        tid = r["train"]
        if tid not in own:
            g.fail(f"{corp} does not own the train {tid}.", UNKNOWN_ID)
        if any(q["train"] == tid for q in routes[:len(runs)]):
            g.fail(f"The train {tid} runs only once (9.3).")
        try:
            runs.append(check_route(g, corp, tid, r.get("chains")))
        except graph.RouteError as exc:
            g.fail(f"Route of train {tid}: {_rule_1870(str(exc))}")
    try:
        graph.check_disjoint(runs)
    except graph.RouteError:
        g.fail("Trains of one corporation may not share track (9.3.4).")
    return ([{"train": r["train"], "chains": [list(c) for c in r["chains"]]} for r in routes],
            {r["train"]: run.revenue for r, run in zip(routes, runs)},
            [run.stops for run in runs])


def auto_routes(g: "G1870State", corp: str) -> list[dict]:
    """A route set computed by the engine for bots and the legal-action list (greedy,
    longest train first: :func:`running.best_set`, about half the cost of the exact
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
