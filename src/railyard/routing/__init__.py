"""Exact route optimiser over a game-independent track model (see docs/routing.md)."""
from .check import RouteInvalid, check_run
from .model import ALL_KINDS, Link, ModelError, Network, Route, RunResult, Stop, Train
from .optimise import best_routes
from .problem import RouteProblem, auto_routes, route_problem, solve

__all__ = ["ALL_KINDS", "Link", "ModelError", "Network", "Route", "RouteInvalid", "RunResult",
           "RouteProblem", "Stop", "Train", "auto_routes", "best_routes", "check_run",
           "route_problem", "solve"]
