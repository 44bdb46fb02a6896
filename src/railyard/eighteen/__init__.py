"""The 18xx family core shared by 1830 and 1870: board and tiles (:mod:`.board`), the track
graph and routes (:mod:`.graph`), the stock market (:mod:`.market`), certificates and
presidency (:mod:`.shares`) and the train depot (:mod:`.trains`); :func:`lazy`, the
titles' hooks in their ``TitleInfo.extra``.

Static facts (map, tile manifest, chart) are immutable objects shared by every state;
everything that changes during a game is plain data (dicts, lists, ints, strings) so a state
clones cheaply."""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable


def lazy(module: str, name: str) -> Callable[..., Any]:
    """A hook (``TitleInfo.extra``) that calls ``name`` of ``module``, imported only when
    the hook is called: registering a title does not import its route optimiser or its
    18xx.games import."""
    def hook(*args: Any, **kwargs: Any) -> Any:
        return getattr(import_module(module), name)(*args, **kwargs)
    return hook
