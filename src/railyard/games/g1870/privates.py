"""The cattle (SCC, 11.3) and port (GSC, 11.4) tokens: placed by the owning corporation
during its turn; their bonuses per train last until phase 5 (2.6)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_str
from ...engine.errors import UNKNOWN_ID
from .data import raw_data

if TYPE_CHECKING:
    from .state import G1870State


def _hexes(sym: str) -> tuple[str, ...]:
    comp = next(c for c in raw_data()["companies"] if c["sym"] == sym)
    return tuple(next(a["hexes"] for a in comp["abilities"] if a["type"] == "assign_hexes"))


CATTLE_HEXES = _hexes("SCC")
PORT_HEXES = _hexes("GSC")


def bonus(g: "G1870State", corp: str, stops: Any) -> int:
    """Extra revenue of one train of ``corp`` stopping at ``stops``: cattle +$10 for the
    owner; open port +$20 owner / +$10 others; closed port +$20 owner only."""
    b = g.s.get("bonus") or {}
    hexes = {h for h, _ in stops}
    out = 0
    cattle = b.get("cattle")
    if cattle and cattle[1] == corp and cattle[0] in hexes:
        out += 10
    port = b.get("port")
    if port and port[0] in hexes:
        if port[1] == corp:
            out += 20
        elif port[2] == "open":
            out += 10
    return out


def remove_tokens(g: "G1870State") -> None:
    """2.6: cattle and port tokens leave the map when phase 5 starts."""
    g.s["bonus"] = {}


def _usable(g: "G1870State", corp: str, sym: str) -> bool:
    return g.company_owner(sym) == corp


def targets(g: "G1870State", corp: str) -> list[tuple[str, str]]:
    b = g.s.setdefault("bonus", {})
    out: list[tuple[str, str]] = []
    if _usable(g, corp, "SCC") and not b.get("cattle"):
        out.extend(("cattle", h) for h in CATTLE_HEXES)
    if _usable(g, corp, "GSC"):
        port = b.get("port")
        if not port:
            out.extend(("port", h) for h in PORT_HEXES)
        else:
            out.append(("port", port[0]))
    return out


def choices(g: "G1870State", corp: str, seat: int) -> list[Choice]:
    return [Choice("assign", seat, {"corporation": corp, "token": kind, "hex": h})
            for kind, h in targets(g, corp)]


def assign(g: "G1870State", corp: str, action: Mapping[str, Any]) -> dict:
    kind = get_str(action, "token")
    hex_id = get_str(action, "hex")
    if kind not in ("cattle", "port"):
        g.fail("The token is 'cattle' (SCC) or 'port' (GSC).", UNKNOWN_ID)
    if (kind, hex_id) not in targets(g, corp):
        g.fail(f"{corp} cannot place the {kind} token in {hex_id} (11.3, 11.4).")
    b = g.s["bonus"]
    if kind == "cattle":
        b["cattle"] = [hex_id, corp]
    elif not b.get("port"):
        b["port"] = [hex_id, corp, "open"]
    else:
        b["port"][2] = "closed"
        g.s["companies"]["GSC"]["closed"] = True
    return {"type": "assign", "player": action["player"], "corporation": corp,
            "token": kind, "hex": hex_id}
