"""The open ascending auction of the cube-rails games.

Bidding goes round the table from a starting bidder; each bid must beat the last (the first
must reach the minimum); a pass is final.  It ends when every player but the high bidder has
passed, or when all have passed without a bid.  The value is immutable: every step returns a
new :class:`Auction` (a named tuple), so a game state can share it between clones.
"""
from __future__ import annotations

from typing import Any, NamedTuple


#: bidding orders by (starting bidder, players): tuples shared by every auction
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


class Auction(NamedTuple):
    lot: Any                      # what is sold (e.g. a company id)
    order: tuple[int, ...]        # seats in bidding order, the starting bidder first
    min_bid: int
    kind: str = ""                # game-specific tag (e.g. "opening")
    high_bid: int | None = None
    high_bidder: int | None = None
    passed: frozenset[int] = frozenset()
    pos: int = 0                  # index in ``order`` of the seat to act

    @classmethod
    def start(cls, lot: Any, starter: int, players: int, min_bid: int, kind: str = "") -> "Auction":
        order = _ORDERS.get((starter, players))
        if order is None:
            order = _ORDERS[starter, players] = tuple((starter + i) % players
                                                      for i in range(players))
        return cls(lot, order, min_bid, kind)

    @property
    def bidder(self) -> int:
        return self.order[self.pos]

    @property
    def starter(self) -> int:
        return self.order[0]

    @property
    def next_minimum(self) -> int:
        return self.min_bid if self.high_bid is None else self.high_bid + 1

    @property
    def done(self) -> bool:
        active = len(self.order) - len(self.passed)
        if self.high_bidder is None:
            return active == 0
        return active == 1

    @property
    def winner(self) -> int | None:
        return self.high_bidder if self.done else None

    def _advance(self, passed: frozenset[int]) -> int:
        n = len(self.order)
        pos = self.pos
        for _ in range(n):
            pos = (pos + 1) % n
            if self.order[pos] not in passed:
                return pos
        return self.pos

    def bid(self, amount: int) -> "Auction":
        # positional construction: several times cheaper than ``_replace`` (bots bid often)
        return Auction(self.lot, self.order, self.min_bid, self.kind, amount,
                       self.order[self.pos], self.passed, self._advance(self.passed))

    def pass_turn(self) -> "Auction":
        passed = self.passed | {self.order[self.pos]}
        return Auction(self.lot, self.order, self.min_bid, self.kind, self.high_bid,
                       self.high_bidder, passed, self._advance(passed))

    def to_json(self) -> dict[str, Any]:
        return {"lot": self.lot, "kind": self.kind, "min_bid": self.min_bid,
                "next_minimum": self.next_minimum, "high_bid": self.high_bid,
                "high_bidder": self.high_bidder, "passed": sorted(self.passed),
                "bidder": None if self.done else self.bidder, "starter": self.starter}


def random_bidding(a: Auction, cash, getrandbits, pick, budget: int) -> tuple[Auction, bool, int]:
    """The random bot's bidding in ``a`` played on local values, for the playouts of the
    cube games: at each turn a seat that can reach the minimum bids (``pick(lo, its cash)``)
    or passes with even odds, drawn as ``Random.choice`` over [bid, pass] draws
    (``getrandbits(2)`` until below 2); a seat that cannot only passes (one draw
    ``randbelow(1)`` consumes).  Stops when the auction is over or after ``budget`` actions.
    Returns the auction reached, whether it is over, and the number of actions played."""
    order = a.order
    n = len(order)
    pos = a.pos
    hb, hbr = a.high_bid, a.high_bidder
    passed = set(a.passed)
    lo = a.min_bid if hb is None else hb + 1
    active = n - len(passed)
    done = False
    played = 0
    while played < budget:
        played += 1
        p = order[pos]
        cp = cash[p]
        if cp >= lo:
            r = getrandbits(2)
            while r >= 2:
                r = getrandbits(2)
            if r == 0:                      # bid (as Auction.bid)
                hb = pick(lo, cp)
                hbr = p
                lo = hb + 1
                for _ in order:
                    pos = (pos + 1) % n
                    if order[pos] not in passed:
                        break
                if active == 1:
                    done = True
                    break
                continue
        else:
            while getrandbits(1):           # randbelow(1): the pass is the only choice
                pass
        passed.add(p)                       # pass (as Auction.pass_turn)
        active -= 1
        for _ in order:
            pos = (pos + 1) % n
            if order[pos] not in passed:
                break
        if active == (0 if hbr is None else 1):
            done = True
            break
    return (Auction(a.lot, order, a.min_bid, a.kind, hb, hbr, frozenset(passed), pos),
            done, played)
