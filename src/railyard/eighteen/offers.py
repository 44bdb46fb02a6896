"""Offers the other side may refuse (1830 21.0 and 23.1, 1870 6.3.1, 7.3.4, 8.1 and 9.5.2).

The rulebooks let a buyer offer an agreed price and the other side accept or refuse; they
say nothing of the offers after a refusal.  railyard's ruling: after a refusal the same
thing (the same train, private, or the same player's share) is offered for again in the
same turn only at a higher price, so that haggling goes on as at the table and a turn
still always ends - without it two players, or two bots, could offer and refuse for ever.
The turn's bookkeeping (``book``: the operating round's or the stock round's dict) keeps
the refused prices under ``refused`` once one is refused; the next turn forgets them."""
from __future__ import annotations

from typing import Any


def refuse(book: dict, key: str, price: int) -> None:
    """The offer of ``price`` for ``key`` has been refused in this turn."""
    book.setdefault("refused", {})[key] = price


def least(book: Any, key: str, lo: int) -> int:
    """The least price an offer for ``key`` may name in this turn: ``lo``, or more than the
    price refused for it."""
    refused = book.get("refused") if book else None
    if refused and key in refused:
        return max(lo, refused[key] + 1)
    return lo


def new_turn(book: dict) -> None:
    """A new turn: earlier refusals no longer count."""
    book.pop("refused", None)
