"""Track (9.1): two yellow or one upgrade, phase colours, connection, terrain costs, the
P/K/L tiles and the New Orleans barrier."""
from __future__ import annotations

from railyard.engine.errors import UNAFFORDABLE, UNKNOWN_ID
from railyard.games.g1870 import operating, track

from .helpers import act, float_corp, illegal, new


def ic_turn(phase="1", cash=None):
    """IC (home Jackson K16) operating; its home marker is placed."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    if cash is not None:
        g.s["corps"]["IC"]["cash"] = cash
    g.s["phase"] = phase
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["corp"] == "IC" and g.s["tokens"]["K16"] == [["IC"]]
    return g


def lay(g, hex_id, tile, rot):
    return act(g, "lay_tile", corporation="IC", hex=hex_id, tile=tile, rotation=rot)


def test_two_yellow_tiles_in_different_hexes():
    """9.1.1: up to two yellow tiles; the second in another hex; no third."""
    g = ic_turn()
    lay(g, "K16", "57", 0)                    # Jackson: edges to L15 and J17
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "K16",
                "tile": "57", "rotation": 1})
    lay(g, "L15", "9", 0)                     # L15: edge 3 back to Jackson, edge 0 to M14
    assert g.s["tiles"] == {"K16": ["57", 0], "L15": ["9", 0]}
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "J17",
                "tile": "9", "rotation": 0})


def test_an_upgrade_is_the_only_lay_of_the_turn():
    """9.1.1: one upgrade, nothing else."""
    g = ic_turn(phase="2")
    g.s["tiles"]["K16"] = ["57", 0]
    g.s["supply"]["57"] -= 1
    lay(g, "K16", "15", 0)
    assert g.s["supply"]["57"] == 5 and g.s["supply"]["15"] == 3
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "L15",
                "tile": "9", "rotation": 0})


def test_yellow_then_no_upgrade():
    """9.1.1: after a yellow tile the second lay must be yellow too."""
    g = ic_turn(phase="2")
    lay(g, "K16", "57", 0)
    assert track.lay_error(g, "IC", "K16", "15", 0) is not None


def test_green_only_from_phase_2():
    """2.1: phase 1 yellow only."""
    g = ic_turn()
    g.s["tiles"]["K16"] = ["57", 0]
    err = track.lay_error(g, "IC", "K16", "15", 0)
    assert "phase 1" in err


def test_terrain_cost_is_paid_on_the_first_tile():
    """9.1.4: river hex J15 costs $60; the upgrade later is free."""
    g = ic_turn()
    lay(g, "K16", "57", 2)                    # edges 2 (J15) and 5 (L17)
    lay(g, "J15", "9", 2)                     # edges 2 and 5 (back to K16)
    assert g.s["corps"]["IC"]["cash"] == 1000 - 60
    assert g.s["bank"] + sum(g.s["cash"]) + 940 == 12000


def test_terrain_cost_must_be_affordable():
    """9.1.4."""
    g = ic_turn(cash=50)
    lay(g, "K16", "57", 2)
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "J15",
                "tile": "9", "rotation": 2}, UNAFFORDABLE)


def test_new_track_must_connect_to_the_network():
    """9.1.3: a lay away from the corporation's track is refused."""
    g = ic_turn()
    err = illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "L15",
                      "tile": "9", "rotation": 0})
    assert "9.1.3" in err.message


def test_existing_track_must_be_kept():
    """9.1.3: an upgrade keeps the old track (57 straight -> 14 in a rotation that keeps it)."""
    g = ic_turn(phase="2")
    g.s["tiles"]["K16"] = ["57", 0]           # edges 0, 3
    assert track.lay_error(g, "IC", "K16", "14", 0) is None      # 0,1,3,4
    assert "keep" in track.lay_error(g, "IC", "K16", "14", 1)    # 1,2,4,5


def test_new_orleans_barrier():
    """9.1.6 / seed DER SPIELPLAN: no track across the thick line east of New Orleans."""
    g = ic_turn()
    g.s["tokens"]["N17"] = [["IC"]]
    assert track.lay_error(g, "IC", "N17", "57", 0) is None      # edges 0, 3
    assert track.lay_error(g, "IC", "N17", "57", 1) is not None  # edge 4: the barrier
    assert (("N17", 4) in track.impassable()) and (("N19", 0) in track.impassable())


def test_p_cities_take_only_tile_170_as_brown():
    """9.1.5: Dallas (J5) brown only 170; other cities 63; 171K only Kansas City."""
    g = ic_turn(phase="4")
    g.s["tokens"]["J5"] = [["IC"]]
    g.s["tiles"]["J5"] = ["15", 0]
    g.s["tiles"]["K16"] = ["15", 0]
    assert track.lay_error(g, "IC", "J5", "170", 0) is None
    assert "9.1.5" in track.lay_error(g, "IC", "J5", "63", 0)
    assert track.lay_error(g, "IC", "K16", "63", 0) is None
    assert "9.1.5" in track.lay_error(g, "IC", "K16", "170", 0)
    assert track.label_ok("B11", g.st.board.tiles["171K"])
    assert not track.label_ok("C18", g.st.board.tiles["171K"])


def test_tile_supply_is_limited():
    """9.1.2: the manifest counts."""
    g = ic_turn()
    g.s["supply"]["57"] = 0
    assert "left" in track.lay_error(g, "IC", "K16", "57", 0)


def test_every_listed_lay_is_accepted():
    """Legal choices agree with validation."""
    g = ic_turn()
    lays = [c for c in g.legal_actions() if c.type == "lay_tile"]
    assert lays and all(c.fixed["hex"] == "K16" for c in lays)
    for c in lays:
        other = g.clone()
        other.apply(c.base())


def test_illegal_lays_are_typed():
    """Contract."""
    g = ic_turn()
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "Z99",
                "tile": "57", "rotation": 0}, UNKNOWN_ID)
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "K16",
                "tile": "57", "rotation": "x"}, "malformed")
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "A2",
                "tile": "57", "rotation": 0})


def test_mississippi_closed_while_mrbc_belongs_to_a_player():
    """9.1.7 / 11.2 (a): J15 banks {0,1,2}|{3,4,5}: a straight 2-5 crosses; once a
    corporation owns MRBC everybody may cross."""
    g = ic_turn()
    g.s["tiles"]["K16"] = ["57", 2]           # sides 2 (J15) and 5
    g.s["companies"]["MRBC"]["owner"] = "p1"
    assert "9.1.7" in track.lay_error(g, "IC", "J15", "9", 2)     # sides 2 and 5
    assert track.lay_error(g, "IC", "J15", "7", 4) is None        # sides 4 and 5: same bank
    g.s["companies"]["MRBC"]["owner"] = "IC"
    assert track.lay_error(g, "IC", "J15", "9", 2) is None


def test_river_city_hexes_use_only_their_listed_sides():
    """9.1.7: St. Louis C18 only sides 0 and 1 while the river is closed."""
    g = ic_turn()
    g.s["companies"]["MRBC"]["owner"] = "p1"
    g.s["tokens"]["C18"] = [["IC"]]
    assert track.lay_error(g, "IC", "C18", "5", 0) is None        # sides 0, 1
    assert "9.1.7" in track.lay_error(g, "IC", "C18", "57", 0)    # sides 0, 3
    assert track.crosses_river("C18", ((0, "c0"), ("c0", 3)))
    assert not track.crosses_river("J15", ((0, 1),))
    assert track.crosses_river("J15", ((2, "t0"), ("t0", 3)))


def test_mrbc_discount_once_for_its_owning_corporation():
    """11.2 (b): a corporation owning MRBC lays one yellow tile on a Mississippi hex with
    $40 off (J15: $60 -> $20), once."""
    g = ic_turn()
    lay(g, "K16", "57", 2)
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "IC", "hex": "J15",
                "tile": "7", "rotation": 4, "mrbc": True})        # IC does not own it
    g.s["companies"]["MRBC"]["owner"] = "IC"
    act(g, "lay_tile", corporation="IC", hex="J15", tile="9", rotation=2, mrbc=True)
    assert g.s["corps"]["IC"]["cash"] == 1000 - 20
    assert "used" in track.mrbc_error(g, "IC", "J15", "9")
