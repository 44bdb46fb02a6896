"""From a game position to the optimiser's input and back to the game's action.

Each 18xx title registers a hook ``route_network(state, corporation) -> RouteProblem`` as
``TitleInfo.extra["route_network"]``: the track the corporation may run on as a
:class:`~.model.Network`, its trains as :class:`~.model.Train` s (``Train.id`` = the game's
train id) and the seat that would submit the run.  :func:`hook_for` finds it through the
registry, so this package imports no game package.

Library calls (bots, the web "auto" button, the CLI):

- :func:`auto_routes` ``(state, corporation) -> action``: the ``run_routes`` action the
  player would submit with the optimal routes (one entry per train that runs).
- :func:`solve` ``(state, corporation) -> (RouteProblem, RunResult)``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.errors import UnknownTitle
from ..engine.registry import get_title
from .model import Network, Route, RunResult, Train
from .optimise import best_routes


class NoRouteHook(LookupError):
    """The title has no route builder (the optimiser cannot read its positions)."""


@dataclass
class RouteProblem:
    """The optimiser's input for one corporation in one position.

    ``to_chains(route)`` turns a :class:`Route` into the game's route notation (for the
    18xx titles: chains of hexes between consecutive stops, ``graph.resolve_route``).
    ``stop_name(stop_id)`` names a stop for people (e.g. ``"E19 city 0"``)."""

    corporation: str
    seat: int | None
    network: Network
    trains: list[Train]
    to_chains: Callable[[Route], Any]
    stop_name: Callable[[Any], str] = str
    action_fields: dict = field(default_factory=dict)   # added to the run_routes action


def hook_for(title: str) -> Callable[[Any, str], RouteProblem]:
    """The ``route_network`` hook ``title`` registered (``TitleInfo.extra``)."""
    try:
        fn = get_title(title).extra.get("route_network")
    except UnknownTitle:
        fn = None
    if fn is None:
        raise NoRouteHook(f"the route optimiser cannot read {title!r} positions")
    return fn


def route_problem(state: Any, corporation: str) -> RouteProblem:
    return hook_for(getattr(state, "title", ""))(state, corporation)


def solve(state: Any, corporation: str, fixed: dict | None = None,
          max_nodes: int | None = None) -> tuple[RouteProblem, RunResult]:
    """The optimal run of ``corporation``'s trains in ``state`` (``fixed``: train id ->
    Route the player chose)."""
    prob = route_problem(state, corporation)
    return prob, best_routes(prob.network, prob.trains, fixed, max_nodes)


def action_of(prob: RouteProblem, result: RunResult) -> dict:
    routes = [{"train": t.id, "chains": prob.to_chains(result.routes[t.id])}
              for t in prob.trains if result.routes.get(t.id) is not None]
    return {"type": "run_routes", "player": prob.seat, **prob.action_fields, "routes": routes}


class RulesDisagree(RuntimeError):
    """The game's own route check refused the optimiser's route set, or valued it
    differently: a bug in one of the two, never the player's fault."""


def confirm(state: Any, action: dict, total: int) -> None:
    """One source of truth: the optimiser's route set goes through the game's own
    ``run_routes`` check (the code that checks the routes players submit) on a copy of
    the position, and must be accepted there with the same revenue.  Where the position
    is not that corporation's run (e.g. ``railyard routes`` on another company) there is
    nothing to apply it to and nothing is checked."""
    from ..engine.errors import IllegalAction
    try:
        applied = state.clone().apply(action)
    except IllegalAction as exc:
        corp = action.get("corporation")
        at_run = any(c.type == "run_routes" and c.player == action.get("player")
                     and c.fixed.get("corporation", corp) == corp
                     for c in state.legal_actions())
        if at_run:
            raise RulesDisagree(f"the game refuses the optimiser's routes: {exc}") from exc
        return
    revenue = applied.get("revenue") if isinstance(applied, dict) else None
    if revenue is not None and revenue != total:
        raise RulesDisagree(f"the game values the optimiser's routes at {revenue}, "
                            f"the optimiser at {total}")


def auto_routes(state: Any, corporation: str) -> dict:
    """The ``run_routes`` action with the optimal routes of ``corporation``'s trains:
    ``{"type": "run_routes", "player": seat, "routes": [{"train", "chains"}, ...]}``
    (trains without a route are left out).  Deterministic (tie-break: docs/routing.md).
    The set is confirmed by the game's own route check first (:func:`confirm`)."""
    prob, result = solve(state, corporation)
    action = action_of(prob, result)
    confirm(state, action, result.total)
    return action
