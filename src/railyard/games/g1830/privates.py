"""The six private companies of 1830: income, abilities, blocked hexes and closing
(6.0, 17.0 table, 18.0, 23.0).

- SV  Schuylkill Valley ($20, $5): no ability.
- CS  Champlain & St. Lawrence ($40, $10): its owning company may lay one extra tile (3, 4
  or 58) on B20, free and without connection.
- DH  Delaware & Hudson ($70, $15): its owning company may lay tile 57 on F16 without
  connection (paying the $120 mountain) as its tile lay, and put a token there free at once.
- MH  Mohawk & Hudson ($110, $20): its owner may exchange it for a 10 % NYC share from the
  bank (IPO or pool) unless he holds 60 % NYC; the private closes.
- CA  Camden & Amboy ($160, $25): its first buyer receives a 10 % PRR share free.
- BO  Baltimore & Ohio ($220, $30): its buyer receives the B&O president's certificate; it
  cannot be sold to a company; it closes when the B&O buys its first train.
All still open close when the first 5-train is bought (23.2).  While a player owns a
private, no tile may be laid on its hex(es) (18.0).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...eighteen import operating as core
from ...eighteen import shares as sh

if TYPE_CHECKING:
    from .state import G1830State

CS_HEX, CS_TILES = "B20", ("3", "4", "58")
DH_HEX, DH_TILE = "F16", "57"


def on_bought_from_bank(g: "G1830State", sym: str, seat: int) -> None:
    s = g.s
    if sym == "CA":  # 17.0 / 8.1: 10 % PRR free
        sh.move(s["holders"]["PRR"], "PRR_1", "ipo", str(seat))
    elif sym == "BO":  # 9.0: the B&O president's certificate; par set at once (8.1)
        sh.move(s["holders"]["B&O"], "B&O_0", "ipo", str(seat))
        s["corps"]["B&O"]["president"] = seat
        s["auction"]["pending_par"] = seat


def pay_revenue(g: "G1830State") -> None:
    """16.0: each open private pays its fixed income to its owner (player or company)."""
    core.pay_privates(g, lambda sym: g.st.privates[sym].revenue, "c")


def blocked_hexes(g: "G1830State") -> set[str]:
    out = set()
    for sym, comp in g.s["companies"].items():
        if comp["closed"]:
            continue
        owner = comp["owner"]
        if owner is None or owner[0] == "p":
            out.update(g.st.privates[sym].blocks)
    return out


def close(g: "G1830State", sym: str) -> None:
    g.s["companies"][sym]["closed"] = True


def owned_by(g: "G1830State", sym: str, corp: str) -> bool:
    comp = g.s["companies"][sym]
    return not comp["closed"] and comp["owner"] == f"c{corp}"
