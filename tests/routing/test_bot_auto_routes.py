"""RandomBot(auto_routes=True) runs its trains on the optimiser's routes (issue 7): in
random 1830 and 1870 games every run it submits is accepted by the game with the
optimiser's total, which is never below the route set the legal-action list offers; that
set is legal under the optimiser's rules too (20.1: no track twice, also not a hex side
between two switch tiles)."""
from __future__ import annotations

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine.game import Game
from railyard.eighteen import graph
from railyard.routing import Route, RouteInvalid, check_run
from railyard.routing.problem import solve


def legal_in_model(state, prob, routes) -> bool:
    """The game's route set (chains) mapped onto the optimiser's network and checked."""
    net = prob.network
    link_of = {link.pieces[0]: i for i, link in enumerate(net.links)}
    run = {}
    for r in routes:
        rr = graph.resolve_route(state.st.board, state.s["tiles"], r["chains"])
        node, nodes, links = rr.stops[0], [rr.stops[0]], []
        for p in rr.paths:
            if p[1] == -1:            # a hex side crossed (graph.side_key), not a piece
                continue
            link = net.links[link_of[p]]
            node = link.b if link.a == node else link.a
            nodes.append(node)
            links.append(link_of[p])
        run[r["train"]] = Route(tuple(nodes), tuple(links))
    try:
        check_run(net, prob.trains, run)
    except RouteInvalid:
        return False
    return True


@pytest.mark.parametrize("title,seed", [("1830", 8), ("1870", 1)])
def test_bot_runs_the_optimal_routes(title, seed):
    g = Game(title, ["a", "b", "c", "d"], seed, {})
    bot = RandomBot(seed, auto_routes=True)
    runs = 0
    for _ in range(2500):
        if g.is_terminal:
            break
        act = bot.choose(g.state)
        if act["type"] == "run_routes":
            corp = act.get("corporation") or g.state.s["op"]["corp"]
            offered = next(c for c in g.state.legal_actions() if c.type == "run_routes")
            greedy = g.state.clone().apply(offered.base())["revenue"]
            prob, res = solve(g.state, corp)
            assert legal_in_model(g.state, prob, offered.base()["routes"])
            assert res.total >= greedy
            assert g.apply(act)["revenue"] == res.total
            runs += 1
        else:
            g.apply(act)
    assert runs >= 5


def test_bot_without_auto_routes_keeps_the_offered_action():
    g = Game("1830", ["a", "b", "c", "d"], 7, {})
    plain, auto = RandomBot(7), RandomBot(7, auto_routes=False)
    for _ in range(300):
        assert plain.choose(g.state) == auto.choose(g.state)
        g.apply(RandomBot(1).choose(g.state))
        if g.is_terminal:
            break
