"""Import of 18xx.games JSON exports (format: ``formats/18xx-games-export.md``): the
effective action list after undo/redo (:mod:`.effective`) and the walker every title's
adapter shares (:mod:`.common`).  A title's own adapter lives in its game package and is
registered as ``TitleInfo.extra["import_18xx"]`` (``(data, before=None) -> (game,
{player id: worth})``); :func:`import_export` finds it through the registry, so this
package imports no game package."""
from __future__ import annotations

from typing import Any, Callable

from ...engine.errors import UnknownTitle
from ...engine.registry import available, get_title
from .effective import effective_actions
from .errors import ExportError
from .common import check_export, load_export


def adapter_for(title: Any) -> Callable:
    """The registered 18xx.games adapter of ``title`` (the export's ``title``)."""
    try:
        fn = get_title(title).extra.get("import_18xx")
    except UnknownTitle:
        fn = None
    if fn is None:
        readable = [s for s, info in available().items() if "import_18xx" in info.extra]
        raise ExportError(f"Unsupported title {title!r}: this import reads "
                          f"{' and '.join(readable)} exports.", "unknown_title")
    return fn


def import_export(data: dict, before: Any = None) -> Any:
    """Replay an export of any supported title: ``(game, {player id: worth})``;
    ``before(game, action, id)``, if given, sees the position before each export action."""
    check_export(data)
    return adapter_for(data.get("title"))(data, before)


__all__ = ["ExportError", "adapter_for", "check_export", "effective_actions", "import_export",
           "load_export"]
