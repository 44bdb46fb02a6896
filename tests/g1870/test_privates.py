"""The cattle and port tokens (11.3, 11.4, 2.6; T17)."""
from __future__ import annotations

from railyard.games.g1870 import operating, privates, running

from .helpers import act, float_corp, illegal, new


def gmo_in_mobile():
    """GMO (home Mobile M20, tile 57 towards Southeast M22) owns GSC; one 2-train."""
    g = new(4)
    float_corp(g, "GMO", 100, 0)
    g.s["tiles"]["M20"] = ["57", 1]           # sides 1 and 4 (M22)
    g.s["corps"]["GMO"]["trains"] = ["2-1"]
    g.s["companies"]["GSC"]["owner"] = "GMO"
    g.s["or_total"] = 1
    operating.next_round(g)
    return g


def test_T17_open_port_bonus_for_owner_and_others():
    """11.4 / T17: open port in Mobile: GMO's 2-train Mobile-Southeast 20 + 20 + 20 = 60;
    another corporation's train +10."""
    g = gmo_in_mobile()
    assert running.revenue(g, "GMO") == 40
    act(g, "assign", corporation="GMO", token="port", hex="M20")
    assert running.revenue(g, "GMO") == 60
    assert privates.bonus(g, "IC", [("M20", "c0"), ("M22", "c0")]) == 10


def test_T17_closed_port_only_for_the_owner_and_closes_the_private():
    """11.4: the second use turns it into the closed port; GSC closes."""
    g = gmo_in_mobile()
    act(g, "assign", corporation="GMO", token="port", hex="M20")
    illegal(g, {"type": "assign", "player": 0, "corporation": "GMO", "token": "port",
                "hex": "N17"})
    act(g, "assign", corporation="GMO", token="port", hex="M20")
    assert g.s["companies"]["GSC"]["closed"]
    assert privates.bonus(g, "IC", [("M20", "c0")]) == 0
    assert privates.bonus(g, "GMO", [("M20", "c0")]) == 20


def test_cattle_token_plus_ten_for_the_owner_only():
    """11.3: +$10 per train of the owning corporation stopping there; once."""
    g = gmo_in_mobile()
    g.s["companies"]["SCC"]["owner"] = "GMO"
    act(g, "assign", corporation="GMO", token="cattle", hex="J5")
    assert privates.bonus(g, "GMO", [("J5", "c0")]) == 10
    assert privates.bonus(g, "IC", [("J5", "c0")]) == 0
    assert not any(c.fixed.get("token") == "cattle" for c in g.legal_actions()
                   if c.type == "assign")


def test_tokens_leave_when_phase_5_starts():
    """2.6 / T17: after the first 6-train all cattle and port bonuses are gone."""
    g = gmo_in_mobile()
    act(g, "assign", corporation="GMO", token="port", hex="M20")
    act(g, "dividend", corporation="GMO", kind="withhold")
    g.s["phase"] = "4"
    for name in ("2", "3", "4", "5"):
        g.s["depot"][name] = 0
    g.s["corps"]["GMO"]["trains"] = []
    g.s["corps"]["GMO"]["cash"] = 1000
    act(g, "buy_train", corporation="GMO", source="depot")
    assert g.s["phase"] == "5" and privates.bonus(g, "GMO", [("M20", "c0")]) == 0


def test_only_the_owning_corporation_places_tokens():
    """11.3/11.4: a private owned by a player gives no token."""
    g = gmo_in_mobile()
    g.s["companies"]["GSC"]["owner"] = "p0"
    illegal(g, {"type": "assign", "player": 0, "corporation": "GMO", "token": "port",
                "hex": "M20"})
