"""Connection checks recorded by 18xx.games (export notes 5.2), for imported games only.

18xx.games records the result of every connection check (9.6.2) and replays that record as
the truth; its test (9.6.1) changed over time, so an old export can start a connection run
our test does not find (``34110.json`` action 220: MP, home C18, destination J5, five stops
apart, longest train a 4: by 9.6.1 and 9.3.2 no run) or leave out one it finds.

``recorded_connections {corporations}`` (not a rule of the rulebook; never listed as a
legal choice, like ``end_game``) declares the result of the next connection check: that
check then starts exactly these runs.  A declared corporation our test does not find is
marked ``conn_declared``; its run follows the normal route rules (9.3) but need not
contain a route between home and destination (9.6.4), since by our rules there is none.
The declaration lives in the state, so a save of such an import reloads."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.errors import MALFORMED

if TYPE_CHECKING:
    from .state import G1870State

TYPE = "recorded_connections"


def may_connect(c: Any) -> bool:
    """A corporation (its state) that may make a connection run: floated, open, with a
    train, its run not made yet (9.6.1, 9.6.7)."""
    return not (c["closed"] or not c["floated"] or c.get("connected") or not c["trains"])


def declare(g: "G1870State", action: Mapping[str, Any]) -> dict:
    corps = action.get("corporations")
    if not isinstance(corps, list) or not all(isinstance(c, str) for c in corps) \
            or len(set(corps)) != len(corps):
        g.fail("'corporations' must be a list of distinct corporation symbols.", MALFORMED)
    s = g.s
    if s.get("declared_connections") is not None:
        g.fail("A recorded connection check is already waiting to be used (9.6.2).")
    for c in corps:
        v = s["corps"].get(c)
        if v is None:
            g.fail(f"There is no corporation {c!r}.", MALFORMED)
        if not may_connect(v):
            g.fail(f"{c} cannot make a connection run: it must be floated, open, have a "
                   f"train and not have made its run yet (9.6.1, 9.6.7).")
    s["declared_connections"] = list(corps)
    return {"type": TYPE, "player": action["player"], "corporations": list(corps)}


def take(g: "G1870State", found: list[str]) -> list[str]:
    """The result of a connection check: the declared list if one waits (then used up),
    else ``found`` (our 9.6.1 test).  Declared corporations our test did not find are
    marked ``conn_declared`` (their run need not join home and destination)."""
    s = g.s
    declared = s.pop("declared_connections", None)
    if declared is None:
        return found
    out = []
    for c in declared:
        v = s["corps"][c]
        if not may_connect(v):
            continue                               # changed since the declaration
        if c not in found:
            v["conn_declared"] = True
        out.append(c)
    return out
