"""Suite-wide checks.

Issue 26 point 3: no engine error is a Python exception caught by the game layer. When a
title fails on an action with anything but its typed ``IllegalAction``, ``Game.apply``
restores the state, refuses the action and logs a warning ("... refused an action by
failing ..."); every test of the suite fails if that warning is logged during it, except a
test marked ``title_failure`` (the tests of that guard itself, with a faulty toy title)."""
from __future__ import annotations

import logging

import pytest

GUARD = "refused an action by failing"


class _Guard(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if GUARD in message:
            self.seen.append(message[:300])


@pytest.fixture(autouse=True)
def _no_title_fails_on_an_action(request):
    handler = _Guard()
    logger = logging.getLogger("railyard.engine")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.seen and request.node.get_closest_marker("title_failure") is None:
        pytest.fail("a title failed on an action with a Python error (the guard of "
                    f"Game.apply refused it): {handler.seen[0]}", pytrace=False)
