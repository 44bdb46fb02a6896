"""Station markers (9.2): one per turn after the home marker, in the charter's order and
prices, in a reachable city with a free space that is not another unstarted corporation's
home, at most one per hex.  A destination marker on the map counts as the corporation's
station there (9.6.3 a; rulebook "Legen von Bahnhofsmarkern": reachable "von einem der
bereits gesetzten Bahnhofsmarker aus", and "nicht mehr als einen Bahnhofsmarker auf einem
Feld"): cities are reached from it too, and no station may join it in its hex."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...eighteen import graph
from ...eighteen.track import free_spaces, put_token, token_cities
from .running import reach_of, red_hexes
from .track import refuse

if TYPE_CHECKING:
    from .state import G1870State


def placed(g: "G1870State", corp: str) -> int:
    """Charter markers on the map (a station-wars destination marker is not one, 9.6.8)."""
    n = sum(held.count(corp) for cities in g.s["tokens"].values() for held in cities)
    return n - (1 if g.s["corps"][corp].get("war_marker") else 0)


def next_price(g: "G1870State", corp: str) -> int | None:
    prices = g.st.corps[corp].token_prices
    if g.s["corps"][corp].get("dest_marker") == "charter":
        prices = prices + (100,)                      # 9.6.3 (b)
    n = placed(g, corp)
    return prices[n] if n < len(prices) else None


def token_error(g: "G1870State", corp: str, hex_id: str, city: int,
                reach: Any = None) -> str | None:
    s = g.s
    board = g.st.board
    if hex_id not in board.hexes:
        return f"There is no hex {hex_id}."
    if s["op"].get("token"):
        return "Only one station marker per turn (9.2.1)."
    price = next_price(g, corp)
    if price is None:
        return f"{corp} has no station marker left (9.2.1)."
    tile, _ = graph.hex_tile(board, s["tiles"], hex_id)
    if not 0 <= city < tile.n_cities or hex_id in red_hexes(board):
        return f"There is no city {city} for a station in {hex_id}."
    if any(corp in held for held in s["tokens"].get(hex_id, [])):
        return f"{corp} already has a station in {hex_id} (9.2.2)."
    if s["corps"][corp].get("dest_marker") == "map" and hex_id == g.st.corps[corp].destination:
        return (f"{corp}'s destination marker in {hex_id} is already its station there; "
                f"at most one per hex (9.2.2, 9.6.3).")
    homes = g.st.board.hexes[hex_id].reservations            # 9.2.3: kept for home markers
    corps = s["corps"]
    if free_spaces(tile, s["tokens"], corp, hex_id, city,
                   homes[city] if city < len(homes) else (),
                   lambda o: not corps[o]["operated"] and not corps[o]["closed"]) <= 0:
        return f"The city in {hex_id} has no free space (9.2.2, 9.2.3)."
    if (hex_id, f"c{city}") not in (reach or reach_of(g, corp, None)).nodes:
        return f"{corp} cannot reach the city in {hex_id} (9.2.2)."
    if s["corps"][corp]["cash"] < price:
        return f"The station marker costs ${price} (9.2.1)."
    return None


def place(g: "G1870State", corp: str, action: Mapping[str, Any]) -> dict:
    s = g.s
    hex_id = get_str(action, "hex")
    city = get_int(action, "city")
    refuse(g, token_error(g, corp, hex_id, city))
    price = next_price(g, corp)
    put_token(s, corp, hex_id, city, city + 1, price or 0)
    s["op"]["token"] = True
    return {"type": "place_token", "player": action["player"], "corporation": corp,
            "hex": hex_id, "city": city, "price": price}


def choices(g: "G1870State", corp: str, seat: int, seen: list | None = None) -> list[Choice]:
    """The station markers ``corp`` may place now, in the cities its network reaches
    (``seen``: as for :func:`.running.reach_of`)."""
    if g.s["op"].get("token") or next_price(g, corp) is None:
        return []
    reach = reach_of(g, corp, seen)                  # destination marker: 9.6.3 (a)
    return [Choice("place_token", seat, {"corporation": corp, "hex": hex_id, "city": city})
            for hex_id, city in token_cities(reach.nodes)
            if token_error(g, corp, hex_id, city, reach) is None]
