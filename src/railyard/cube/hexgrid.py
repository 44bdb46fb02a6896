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


def nth_bit(mask: int, k: int) -> int:
    """Index of the ``k``-th lowest set bit of ``mask`` (from 0; ``k`` < popcount): skips
    32 bits at a time by their popcount, then steps through the last word."""
    base = 0
    while True:
        word = mask & 0xFFFFFFFF
        count = word.bit_count()
        if k < count:
            break
        k -= count
        mask >>= 32
        base += 32
    for _ in range(k):
        word &= word - 1
    return base + (word & -word).bit_length() - 1
