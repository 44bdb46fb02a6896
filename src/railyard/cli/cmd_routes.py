"""``railyard routes SAVE COMPANY``: the optimal run of a company's trains in a saved
18xx game (1830, 1870): routes per train, their stops and revenue, the time taken and
whether the result is proven optimal (the search ran to completion)."""
from __future__ import annotations

import json
import time

import click

from .common import USAGE, fail, load_save


@click.command("routes")
@click.argument("save", type=click.Path(dir_okay=False))
@click.argument("company")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def command(save: str, company: str, as_json: bool) -> None:
    """Find the best routes of COMPANY's trains in the position of SAVE."""
    from ..routing.problem import NoRouteHook, route_problem
    from ..routing.optimise import best_routes
    game = load_save(save)
    state = game.state
    corps = getattr(state, "s", {}).get("corps") if hasattr(state, "s") else None
    if not isinstance(corps, dict):
        fail(f"{game.title} has no companies that run trains.", USAGE)
    if company not in corps:
        fail(f"Unknown company {company!r}. Companies: {', '.join(sorted(corps))}.", USAGE)
    t0 = time.process_time()
    try:
        prob = route_problem(state, company)
    except NoRouteHook as exc:
        fail(f"{exc}.", USAGE)
    res = best_routes(prob.network, prob.trains)
    ms = (time.process_time() - t0) * 1000
    stops_of = {}
    for t in prob.trains:
        r = res.routes.get(t.id)
        ids = {s.id for s in prob.network.stops}
        stops_of[t.id] = [] if r is None else [n for n in r.nodes if n in ids]
    if as_json:
        out = {"company": company, "total": res.total, "optimal": res.optimal,
               "ms": round(ms, 2), "trains": [
                   {"train": t.id, "revenue": res.revenues.get(t.id, 0),
                    "stops": [prob.stop_name(s) for s in stops_of[t.id]],
                    "chains": (None if res.routes.get(t.id) is None
                               else prob.to_chains(res.routes[t.id]))}
                   for t in prob.trains]}
        click.echo(json.dumps(out))
        return
    if not prob.trains:
        click.echo(f"{company} has no trains.")
    for t in prob.trains:
        stops = stops_of[t.id]
        if not stops:
            click.echo(f"train {t.id}: no route")
            continue
        names = " - ".join(prob.stop_name(s) for s in stops)
        click.echo(f"train {t.id}: {names} = ${res.revenues[t.id]} ({len(stops)} stops)")
    proof = "proven optimal" if res.optimal else "best found, not proven (search stopped)"
    click.echo(f"total ${res.total} · {ms:.1f} ms CPU · {proof}")
