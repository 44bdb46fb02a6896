"""``import-18xx FILE --check-routes``: replay an export and, before every ``run_routes``
action, run the optimiser on that position; one record per position::

    {"action_id": ..., "company": ..., "recorded": <revenue the players ran>,
     "optimal": <the optimiser's total>, "ms": <CPU milliseconds>}

The title's registered importer (``TitleInfo.extra["import_18xx"]``) must accept
``before=callback(game, export action, id)``; a title whose recorded runs need another
position (1870's connection run) registers ``extra["connection_position"]``."""
from __future__ import annotations

import time
from typing import Any, Callable

from ..engine.registry import get_title
from .problem import solve


def importer_for(title: str) -> Callable:
    from ..eighteen.import18xx import adapter_for
    return adapter_for(title)


def recorded_revenue(action: dict) -> int:
    return sum(int(r.get("revenue", 0) or 0) for r in action.get("routes") or [])


def check_routes(data: dict, emit: Callable[[dict], Any], importer: Callable | None = None,
                 inspect: Callable | None = None) -> tuple[Any, Any, list[dict]]:
    """Replay ``data`` and call ``emit(record)`` at every run_routes position; returns
    (game, importer result, records).  ``inspect(state, problem, result, record)``, if
    given, sees each solved position (tests submit the result to the game's own check)."""
    records: list[dict] = []
    markers: dict = {}      # 1870: corporation -> where its destination marker goes

    def before(game, action: dict, ident: Any) -> None:
        if action.get("type") == "choose":
            markers[action.get("entity")] = str(action.get("choice")).lower()
        if action.get("type") != "run_routes":
            return
        corp = action.get("entity")
        state = game.state
        position = get_title(state.title).extra.get("connection_position")
        if position is not None:
            state = position(state, corp, markers.pop(corp, None))
        t0 = time.process_time()
        prob, res = solve(state, corp)
        ms = (time.process_time() - t0) * 1000
        rec = {"action_id": ident, "company": corp, "recorded": recorded_revenue(action),
               "optimal": res.total, "ms": round(ms, 2)}
        if not res.optimal:
            rec["proven"] = False
        records.append(rec)
        emit(rec)
        if inspect is not None:
            inspect(state, prob, res, rec)

    imp = importer or importer_for(str(data.get("title")))
    game, result = imp(data, before=before)
    return game, result, records
