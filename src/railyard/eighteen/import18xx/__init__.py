"""Import of 18xx.games JSON exports (format: ``formats/18xx-games-export.md``): the
effective action list after undo/redo (:mod:`.effective`) and the mapping of each action to
railyard's own actions for 1830 (:mod:`.g1830`) and 1870 (:mod:`.g1870`);
:func:`import_export` picks the title's adapter."""
from .effective import effective_actions
from .errors import ExportError
from .common import load_export
from .g1830 import import_1830
from .g1870 import import_1870

ADAPTERS = {"1830": import_1830, "1870": import_1870}


def import_export(data: dict):
    """Replay an export of any supported title: ``(game, {player id: worth})``."""
    adapter = ADAPTERS.get(data.get("title"))
    if adapter is None:
        raise ExportError(f"Unsupported title {data.get('title')!r}: this import reads "
                          f"{' and '.join(ADAPTERS)} exports.", "unknown_title")
    return adapter(data)


__all__ = ["ADAPTERS", "ExportError", "effective_actions", "import_1830", "import_1870",
           "import_export", "load_export"]
