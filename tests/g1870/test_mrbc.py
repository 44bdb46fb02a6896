"""MRBC's free home tile for MP and SSW (11.2 c, T16)."""
from __future__ import annotations

from railyard.games.g1870 import operating, track

from .helpers import act, float_corp, illegal, new, total_money


def first_turn(corp: str, phase: str = "1", operated: bool = False):
    """``corp`` (president seat 0, $1000) starts its turn; seat 0 owns MRBC."""
    g = new(4)
    float_corp(g, corp, 100, 0)
    g.s["phase"] = phase
    g.s["companies"]["MRBC"]["owner"] = "p0"
    if operated:                                     # not its first turn
        g.s["corps"][corp]["operated"] = True
        g.s["tokens"][g.st.corps[corp].home] = [[corp]]
    g.s["or_total"] = 1
    operating.next_round(g)
    assert g.s["op"]["corp"] == corp
    return g


def lays(g, hex_id=None, mrbc=None):
    return [c.fixed for c in g.legal_actions() if c.type == "lay_tile"
            and (hex_id is None or c.fixed["hex"] == hex_id)
            and (mrbc is None or bool(c.fixed.get("mrbc")) == mrbc)]


def test_T16_mp_lays_st_louis_free_in_addition_to_two_yellow_lays():
    """11.2 (c) / T16: MP buys MRBC for $25 in its first turn and lays #5 in St. Louis free,
    then still two normal yellow tiles."""
    g = first_turn("MP")
    act(g, "buy_private", corporation="MP", company="MRBC", price=25)
    assert g.s["op"]["mrbc_home"]
    act(g, "lay_tile", corporation="MP", hex="C18", tile="5", rotation=0, mrbc=True)
    assert g.s["corps"]["MP"]["cash"] == 1000 - 25 and g.s["tiles"]["C18"] == ["5", 0]
    assert g.s["op"]["lays"] == []
    first = lays(g, mrbc=False)[0]
    act(g, "lay_tile", **first)
    second = next(f for f in lays(g, mrbc=False) if f["hex"] != first["hex"])
    act(g, "lay_tile", **second)
    assert lays(g) == []
    assert total_money(g) == 12000


def test_T16_ssw_pays_nothing_for_memphis_but_only_in_its_first_turn():
    """11.2 (c): Memphis ($60) is fully waived for SSW in its first turn; later the MRBC
    use is the $40 discount of 11.2 (b) and counts as a normal lay."""
    g = first_turn("SSW")
    act(g, "buy_private", corporation="SSW", company="MRBC", price=40)
    home = lays(g, "H17", mrbc=True)[0]
    act(g, "lay_tile", **home)
    assert g.s["corps"]["SSW"]["cash"] == 1000 - 40
    assert "MRBC" in g.s["used_abilities"] and g.s["op"]["lays"] == []

    g = first_turn("SSW", operated=True)
    act(g, "buy_private", corporation="SSW", company="MRBC", price=40)
    assert not g.s["op"]["mrbc_home"]
    home = lays(g, "H17", mrbc=True)[0]
    act(g, "lay_tile", **home)
    assert g.s["corps"]["SSW"]["cash"] == 1000 - 40 - 20
    assert g.s["op"]["lays"] == [["H17", "yellow"]]


def test_11_2_c_no_upgrade_of_the_free_home_tile_in_the_same_round():
    """11.2 (c): in phase 2 MP may not upgrade the free St. Louis tile in the same OR."""
    g = first_turn("MP", phase="2")
    act(g, "buy_private", corporation="MP", company="MRBC", price=60)
    act(g, "lay_tile", corporation="MP", hex="C18", tile="5", rotation=0, mrbc=True)
    assert lays(g, "C18") == []
    assert "11.2" in track.lay_error(g, "MP", "C18", "14", 0)
    illegal(g, {"type": "lay_tile", "player": 0, "corporation": "MP", "hex": "C18",
                "tile": "14", "rotation": 0}, "not_allowed")


def test_11_2_c_only_mp_and_ssw_and_only_before_running():
    """11.2 (c): another corporation gets no free home tile; neither does MP buying MRBC
    after its trains ran."""
    g = first_turn("IC", phase="2")
    act(g, "buy_private", corporation="IC", company="MRBC", price=40)
    assert not g.s["op"]["mrbc_home"]
    g = first_turn("MP", phase="2")
    act(g, "dividend", corporation="MP", kind="withhold")
    act(g, "buy_private", corporation="MP", company="MRBC", price=40)
    assert not g.s["op"]["mrbc_home"]
