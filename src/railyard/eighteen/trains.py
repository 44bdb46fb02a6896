"""The train depot of the 18xx core: what the bank sells, and which trains rust.

Plain data: ``depot`` lists the unsold train ids (``<type>-<n>``) in selling order, ``pool``
the trains given back to the bank in the order returned, ``bought`` the types of which at
least one was bought.  ``defs`` maps a type to an object with ``price``, ``available_on``
and ``rusts_on``.
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


def offers(depot: list[str], pool: list[str], bought: list[str],
           defs: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The bank sells the first unsold copy of the smallest type still in the depot, the first
    copy of any type made available early (``available_on`` bought), and the first returned
    copy of each type in the pool; each at its face price.  (Remembered per depot, pool,
    bought types and definitions: they change only when trains are bought.)"""
    key = (tuple(depot), tuple(pool), tuple(bought), id(defs))
    hit = _OFFERS.get(key)
    if hit is not None and hit[0] is defs:
        return list(hit[1])
    out = _offers(depot, pool, bought, defs)
    if len(_OFFERS) >= 4096:
        _OFFERS.clear()
    _OFFERS[key] = (defs, tuple(out))
    return out


_OFFERS: dict = {}


def _offers(depot: list[str], pool: list[str], bought: list[str],
            defs: Mapping[str, Any]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    seen: set = set()
    first = ttype(depot[0]) if depot else None
    for t in depot:
        ty = ttype(t)
        if ty in seen:
            continue
        seen.add(ty)
        d = defs[ty]
        if ty == first or (d.available_on and d.available_on in bought):
            out.append((t, d.price))
    seen = set()
    for t in pool:
        ty = ttype(t)
        if ty not in seen:
            seen.add(ty)
            out.append((t, defs[ty].price))
    return out


def rusting(bought_type: str, defs: Mapping[str, Any]) -> set[str]:
    """Types that rust when the first train of ``bought_type`` is bought."""
    return {name for name, d in defs.items() if d.rusts_on == bought_type}
