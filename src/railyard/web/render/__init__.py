"""Board renderers: ``render/<slug>.py`` (dashes become underscores) holds ``render(state)``
returning SVG text for the state JSON the API serves; titles without one get the generic
drawing.  Every piece of text goes through :func:`esc`."""
from __future__ import annotations

import importlib
import logging
from html import escape
from typing import Any, Callable


log = logging.getLogger("railyard.web")


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def _module(slug: str) -> Any:
    name = "".join(ch if ch.isalnum() else "_" for ch in slug)
    if name[:1].isdigit():
        name = "g" + name
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        from . import generic
        return generic


def renderer_for(slug: str) -> Callable[[dict[str, Any]], str]:
    return _module(slug).render


def tile_renderer_for(slug: str) -> Callable[[dict[str, Any], str, int], str | None] | None:
    """``render_tile(state, tile, rotation)`` of titles with laid tiles, else ``None``."""
    return getattr(_module(slug), "render_tile", None)


def render_board(state: dict[str, Any]) -> str:
    """The title's drawing; if it fails (a view it does not expect), the generic one."""
    draw = renderer_for(str(state.get("title", "")))
    try:
        return draw(state)
    except Exception:  # noqa: BLE001 - a drawing bug must not take the game page down
        log.exception("board renderer for %s failed; using the generic drawing",
                      state.get("title"))
        from .generic import render
        return render(state)
