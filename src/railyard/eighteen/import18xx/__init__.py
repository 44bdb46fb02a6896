"""Import of 18xx.games JSON exports (format: ``formats/18xx-games-export.md``): the
effective action list after undo/redo (:mod:`.effective`) and the mapping of each action to
railyard's own actions for 1830 (:mod:`.g1830`)."""
from .effective import effective_actions
from .errors import ExportError
from .g1830 import import_1830, load_export

__all__ = ["ExportError", "effective_actions", "import_1830", "load_export"]
