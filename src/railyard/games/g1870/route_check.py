"""1870 positions for ``import-18xx --check-routes`` (registered as
``TITLE.extra["connection_position"]``): the network itself is built by
``routes.route_network``; this module only adds the position of a connection run."""
from __future__ import annotations

from typing import Any


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
