"""Errors of the import."""
from __future__ import annotations

from ...engine.errors import RailyardError


class ExportError(RailyardError):
    """An export that cannot be imported; the message names the action id and the rule."""

    code = "bad_export"
