"""Where the reference has each named certificate of an 1870 export (export notes, pitfall
12): exports name certificates, and whether a purchase is from the IPO (par price) or the
pool (market price) follows only from the reference's own bookkeeping, which moves named
certificates where our rules treat 10 % shares as interchangeable."""
from __future__ import annotations

from typing import Any, cast

from ...eighteen import shares as sh


class CertBook:
    def __init__(self, corps: Any, n_players: int) -> None:
        self.h = {c: sh.new_holders(c) for c in corps}
        self.n = n_players

    def corp_of(self, cert: str) -> str:
        corp = cert.rsplit("_", 1)[0]
        if corp not in self.h:
            raise KeyError(f"unknown certificate {cert!r}")
        return corp

    def where(self, cert: str) -> str:
        at = sh.where(self.h[self.corp_of(cert)], cert)
        if at is None:
            raise KeyError(f"unknown certificate {cert!r}")
        return at

    def president(self, corp: str) -> int | None:
        at = sh.where(self.h[corp], f"{corp}_0")
        return int(at) if at is not None and at.isdigit() else None

    def give(self, cert: str, holder: str) -> None:
        h = self.h[self.corp_of(cert)]
        src = sh.where(h, cert)
        if src != holder:
            sh.move(h, cert, cast(str, src), holder)

    def buy(self, seat: int, certs: list[str]) -> None:
        """A purchase (or a par, or a protection): the named certificates go to ``seat``;
        a player now holding more than the president takes over (7.2.1)."""
        for cert in certs:
            self.give(cert, str(seat))
        corp = self.corp_of(certs[0])
        pres = self.president(corp)
        if pres is None:
            return
        new = sh.new_president(self.h[corp], pres, self.n)
        if new is not None and new != pres:
            sh.transfer_presidency(self.h[corp], corp, pres, new)

    def sell(self, seat: int, certs: list[str], percent: int) -> None:
        """Notes pitfall 12: all named certificates go to the pool; when the seller was the
        president and another player now holds more, that player swaps (also when only
        10 % certificates were sold); the difference between the
        certificates named and ``percent`` comes back from the front of the pool."""
        corp = self.corp_of(certs[0])
        h = self.h[corp]
        listed = sum(sh.pct(c) for c in certs)
        was_president = self.president(corp) == seat
        for cert in certs:
            self.give(cert, "pool")
        if was_president or f"{corp}_0" in certs:
            # a president selling only 10 % certificates too may fall behind another
            # player (6.1.6, 7.2): the usual swap, the two certificates to him (he keeps
            # the president's 20 %)
            new = sh.new_president(h, seat, self.n)
            if new is not None and new != seat:
                sh.transfer_presidency(h, corp, seat, new)
        for _ in range((listed - percent) // 10):
            back = next(c for c in h["pool"] if sh.pct(c) == 10)
            sh.move(h, back, "pool", str(seat))

    def redeem(self, cert: str) -> None:
        """7.3: a redeemed certificate lies in the corporation's treasury (the IPO)."""
        self.give(cert, "ipo")
