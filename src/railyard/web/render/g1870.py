"""1870: the 1830 drawing (map from tile path data, stock chart) on 1870's data file."""
from __future__ import annotations

from typing import Any

from .g1830 import load, render_with, tile_with


def data() -> dict[str, Any]:
    return load("railyard.games.g1870", "1870.json")


def render(state: dict[str, Any]) -> str:
    return render_with(data(), state, "1870")


def render_tile(state: dict[str, Any], name: str, rotation: int) -> str | None:
    return tile_with(data(), name, rotation)
