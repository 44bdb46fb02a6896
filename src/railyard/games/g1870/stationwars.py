"""Station marker wars (option ``station_wars``; seed VARIANTEN "BAHNHOFSMARKER-KÄMPFE",
supplement 9.6.8): the destination marker of GMO, MP, SP, SSW and TP placed on the map
(9.6.3 a) goes into a station space of the destination city, where it blocks like any
station.  With no free space it takes an extra space (18xx.games; the city stays as full
as it was); a later upgrade that adds a space absorbs the extra one, because a city is full
when its markers fill its spaces.  It is no charter marker: it does not change the number
or prices of the corporation's other station markers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .variants import facts

if TYPE_CHECKING:
    from .state import G1870State


def applies(g: "G1870State", corp: str) -> bool:
    return bool(g.options.get("station_wars")) and corp in facts()["station_wars_corporations"]


def place(g: "G1870State", corp: str) -> None:
    """After a connection run with the map marker (9.6.3 a)."""
    s = g.s
    c = s["corps"][corp]
    if not applies(g, corp) or c.get("dest_marker") != "map" or c.get("war_marker"):
        return
    dest = g.st.corps[corp].destination
    cities = s["tokens"].setdefault(dest, [])
    if not cities:
        cities.append([])
    if corp not in cities[0]:
        cities[0].append(corp)
    c["war_marker"] = dest
