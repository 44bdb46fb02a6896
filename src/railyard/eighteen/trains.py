"""The train depot of the 18xx core: what the bank sells, and which trains rust.

Plain data, one shape in both titles: ``depot`` maps each train type, in selling order,
to the copies the bank still has (None: no limit); ``pool`` lists the trains given back to
the bank in the order returned; ``bought`` the types of which at least one was bought.
A train id is ``<type>-<n>``; ``defs`` maps a type to an object with ``price``,
``count``, ``available_on`` and ``rusts_on``.
"""
from __future__ import annotations

from typing import Any, Mapping


_TYPES: dict[str, str] = {}


def ttype(train_id: str) -> str:
    """The type of a train id ``<type>-<n>`` (remembered: ids repeat in every game)."""
    ty = _TYPES.get(train_id)
    if ty is None:
        ty = train_id.rsplit("-", 1)[0]
        if len(_TYPES) < 100_000:
            _TYPES[train_id] = ty
    return ty


def next_type(depot: Mapping[str, int | None]) -> str | None:
    """The smallest type the bank still sells (it sells the types in order)."""
    return next((ty for ty, n in depot.items() if n is None or n > 0), None)


def take(depot: dict[str, int | None], ty: str) -> None:
    """The bank sells one ``ty``."""
    n = depot[ty]
    depot[ty] = None if n is None else n - 1


_OFFERS: dict = {}


def offers(depot: Mapping[str, int | None], pool: list[str], bought: list[str],
           defs: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The bank sells the next copy (``<type>-<n>``, numbered from 0) of the smallest type
    still in the depot and of any type made available early (``available_on`` bought),
    and the first returned copy of each type in the pool; each at its face price.
    (Remembered per depot, pool, bought types and definitions.)"""
    key = (tuple(depot.values()), tuple(pool), tuple(bought), id(defs))
    hit = _OFFERS.get(key)
    if hit is not None and hit[0] is defs:
        return list(hit[1])
    out: list[tuple[str, int]] = []
    first = next_type(depot)
    for ty, n in depot.items():                  # (1830's depot: no unlimited type)
        d = defs[ty]
        if n and (ty == first or d.available_on and d.available_on in bought):
            out.append((f"{ty}-{d.count - n}", d.price))
    seen: set = set()
    for t in pool:
        ty = ttype(t)
        if ty not in seen:
            seen.add(ty)
            out.append((t, defs[ty].price))
    if len(_OFFERS) >= 4096:
        _OFFERS.clear()
    _OFFERS[key] = (defs, tuple(out))
    return out


def rusting(bought_type: str, defs: Mapping[str, Any]) -> set[str]:
    """Types that rust when the first train of ``bought_type`` is bought."""
    return {name for name, d in defs.items() if d.rusts_on == bought_type}
