"""Company income from cities (full / shared values, urbanisation) and special connections."""
from __future__ import annotations

from .board import Board
from .rules import RULES


def popcount(mask: int) -> int:
    return mask.bit_count()


def city_share(board: Board, h: int, mask: int, urban: bool) -> int:
    """What each company with a cube in city ``h`` earns there when ``mask`` companies are in it:
    the full value alone, the shared value with others; urbanisation adds +2 / +1."""
    if popcount(mask) <= 1:
        return board.full[h] + (RULES.urban_full if urban else 0)
    return board.shared[h] + (RULES.urban_shared if urban else 0)


def connected(board: Board, hexes: list[int], a: int, b: int) -> bool:
    """True when the company's cubes ``hexes`` link hex ``a`` to hex ``b``."""
    own = set(hexes)
    if a not in own or b not in own:
        return False
    seen = {a}
    stack = [a]
    while stack:
        h = stack.pop()
        if h == b:
            return True
        for n in board.neighbors[h]:
            if n in own and n not in seen:
                seen.add(n)
                stack.append(n)
    return False


def connection_pairs(board: Board, hexes: list[int]) -> int:
    """How many of the special pairs (Chicago-New York, Chicago-Atlanta, New York-Atlanta)
    the company's network links."""
    sp = board.special
    n = 0
    for i in range(len(sp)):
        for j in range(i + 1, len(sp)):
            if connected(board, hexes, sp[i], sp[j]):
                n += 1
    return n


def company_income(board: Board, hexmask: list[int], urban: list[bool], c: int,
                   hexes: list[int]) -> int:
    """Income of company ``c`` computed from scratch (used by tests and checks)."""
    bit = 1 << c
    total = 0
    for h in hexes:
        if board.terrain[h] == "city" and hexmask[h] & bit:
            total += city_share(board, h, hexmask[h], urban[h])
    return total + RULES.connection_bonus * connection_pairs(board, hexes)
