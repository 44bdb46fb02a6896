"""Hex boards of the cube-rails games as index arrays and bit masks.

Hexes are numbered 0..n-1; a set of hexes is a Python int used as a bit mask, which makes
"adjacent to the network" checks and state copies cheap.
"""
from __future__ import annotations

from typing import Iterable, Iterator


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def popcount(mask: int) -> int:
    return mask.bit_count()
