"""The private companies' abilities and closings (17.0 table, 18.0, 23.2, 23.3)."""
from __future__ import annotations

from .helpers import act, illegal, operating


def own(g, sym, corp):
    g.s["companies"][sym]["owner"] = f"c{corp}"


def test_17_0_csl_extra_free_tile_on_b20_without_connection():
    g = operating(corps={"PRR": (67, 0)})
    own(g, "CS", "PRR")
    cash = g.s["corps"]["PRR"]["cash"]
    illegal(g, {"type": "lay_tile", "player": 0, "hex": "B20", "tile": "9", "rotation": 0,
                "company": "CS"})
    act(g, "lay_tile", hex="B20", tile="3", rotation=0, company="CS")
    assert g.s["tiles"]["B20"] == ["3", 0]
    assert g.s["corps"]["PRR"]["cash"] == cash
    assert g.s["op"]["step"] == "track" and not g.s["op"]["laid"]  # normal lay still due
    illegal(g, {"type": "lay_tile", "player": 0, "hex": "B20", "tile": "4", "rotation": 0,
                "company": "CS"})


def test_17_0_csl_only_for_its_owning_company():
    g = operating(corps={"PRR": (67, 0)})
    err = illegal(g, {"type": "lay_tile", "player": 0, "hex": "B20", "tile": "3",
                      "rotation": 0, "company": "CS"})
    assert "does not own" in err.message


def test_17_0_dh_tile_on_f16_for_the_mountain_and_a_free_token():
    g = operating(corps={"PRR": (67, 0)})
    own(g, "DH", "PRR")
    cash = g.s["corps"]["PRR"]["cash"]
    act(g, "lay_tile", hex="F16", tile="57", rotation=0, company="DH")
    assert g.s["corps"]["PRR"]["cash"] == cash - 120
    assert g.s["op"]["laid"]  # it was the company's tile lay of the turn
    act(g, "place_token", hex="F16", city=0, company="DH")
    assert g.s["tokens"]["F16"] == [["PRR"]]
    assert g.s["corps"]["PRR"]["cash"] == cash - 120  # the token was free
    assert g.s["corps"]["PRR"]["tokens_used"] == 2


def test_18_0_dh_hex_blocked_while_a_player_owns_the_private():
    g = operating(corps={"PRR": (67, 0)})
    from railyard.games.g1830 import privates
    assert "F16" in privates.blocked_hexes(g)
    own(g, "DH", "NYC")
    assert "F16" not in privates.blocked_hexes(g)


def test_23_3_open_privates_count_at_face_value_closed_ones_not():
    g = operating(corps={"PRR": (67, 0)})
    seat = int(g.s["companies"]["SV"]["owner"][1:])
    w = g.worth(seat)
    g.s["companies"]["SV"]["closed"] = True
    assert g.worth(seat) == w - 20


def test_23_2_privates_cannot_be_closed_voluntarily_or_sold_to_the_pool():
    g = operating(corps={"PRR": (67, 0)})
    illegal(g, {"type": "close", "player": 0, "company": "SV"}, "malformed")  # no such action in 1830


def test_19_0_dh_token_is_the_companys_one_token_of_the_round():
    # 19.0 "darf nur eine Marke pro Runde legen, ausgenommen die Marke auf dem Basisfeld":
    # after the free D&H token no other token in this turn, and the other way round
    g = operating(corps={"PRR": (67, 0)})
    own(g, "DH", "PRR")
    act(g, "lay_tile", hex="F16", tile="57", rotation=0, company="DH")
    act(g, "place_token", hex="F16", city=0, company="DH")
    assert g.s["op"]["token"] and g.s["op"]["step"] != "token"
    assert not [c for c in g.legal_actions() if c.type == "place_token"]
    g2 = operating(corps={"PRR": (67, 0)})
    own(g2, "DH", "PRR")
    act(g2, "lay_tile", hex="F16", tile="57", rotation=0, company="DH")
    g2.s["op"]["token"] = True        # as after a normal token of this turn
    illegal(g2, {"type": "place_token", "player": 0, "hex": "F16", "city": 0,
                 "company": "DH"})
