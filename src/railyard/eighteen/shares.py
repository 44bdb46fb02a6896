"""Certificates, their holders, and the presidency.

For each corporation ``holders`` maps a holder to its certificates in the order received:
``"ipo"`` (initial offering), ``"pool"`` (bank pool) and player seats as strings (``"0"``,
``"1"``...).  A certificate id is ``<corp>_<n>``; ``n = 0`` is the 20 % president's
certificate, the others are 10 %.  Keeping real certificates (not just percentages) lets an
import follow exactly which certificate another program moved.
"""
from __future__ import annotations

from typing import cast


def pct(cert: str) -> int:
    return 20 if cert.endswith("_0") else 10


def new_holders(corp: str, n_certs: int = 9) -> dict[str, list[str]]:
    return {"ipo": [f"{corp}_{i}" for i in range(n_certs)], "pool": []}


def percent(holders: dict, holder: str) -> int:
    """The percentage ``holder`` holds: 10 per certificate, 20 for the president's.  All
    certificates of one ``holders`` dict belong to one corporation, so the president's is
    the one named ``<corp>_0`` of the corporation of the first certificate listed."""
    lst = holders.get(holder)
    if not lst:
        return 0
    first = lst[0]
    return 10 * len(lst) + (10 if first[:first.rindex("_")] + "_0" in lst else 0)


def where(holders: dict, cert: str) -> str | None:
    for h, lst in holders.items():
        if cert in lst:
            return h
    return None


def move(holders: dict, cert: str, src: str, dst: str) -> None:
    holders[src].remove(cert)
    holders.setdefault(dst, []).append(cert)


def new_president(holders: dict, current: int | None, n_players: int) -> int | None:
    """The player who must be president: most shares; the current president keeps it on a
    tie (13.0); when the president has fallen behind and several tie, the first to his left
    (14.0).  No one holding 20 %: the current one stays."""
    pres = None                        # the president's certificate (see percent)
    for lst in holders.values():
        if lst:
            first = lst[0]
            pres = first[:first.rindex("_")] + "_0"
            break
    best = -1
    winner = current
    start = 0 if current is None else current + 1
    for i in range(n_players):         # from the president's left; the president last
        seat = (start + i) % n_players
        lst = holders.get(str(seat))
        p = (10 * len(lst) + (10 if pres in lst else 0)) if lst else 0
        if p > best or p == best and seat == current:
            best, winner = p, seat
    return winner if best >= 20 else current


def transfer_presidency(holders: dict, corp: str, old: int, new: int) -> None:
    """13.0: the new president hands his first two 10 % certificates to the old one (or to
    the pool when the old one holds less than 20 %) and receives the president's
    certificate."""
    pres = f"{corp}_0"
    src = where(holders, pres)
    tens = [c for c in holders[str(new)] if pct(c) == 10][:2]
    dst = str(old) if percent(holders, str(old)) >= 20 else "pool"
    for c in tens:
        move(holders, c, str(new), dst)
    move(holders, pres, cast(str, src), str(new))
