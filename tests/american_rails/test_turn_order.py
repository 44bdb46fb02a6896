"""Aktions-Phasen und Spieler-Reihenfolge: the rulebook's examples with Rick, Mike and Mary."""
from railyard.games.american_rails.rules import RULES

from .helpers import MARY, MIKE, RICK, act, cidx, make, rejects, to_action_phase


def _ready():
    st = to_action_phase(make(3, 0))
    assert st.track == [RICK, MIKE, MARY]   # Rick first, then Mike and Mary
    return st


def test_space_order_is_consistent_with_all_examples():
    """The seed orders the spaces only by its examples: pass > urbanise > expand 3,
    urbanise > finance > auction, finance > take $2 > expand 4 (higher = earlier next)."""
    r = {s: i for i, s in enumerate(RULES.spaces)}
    assert len(RULES.spaces) == 7
    for high, low in [("pass", "urbanise"), ("urbanise", "expand3"), ("urbanise", "finance"),
                      ("finance", "auction"), ("finance", "take2"), ("take2", "expand4")]:
        assert r[high] < r[low], (high, low)


def test_phase_examples_give_the_printed_orders():
    """Beispiel Aktions-Phase 1 and 2, Beispiel Rundenende."""
    st = _ready()
    # Phase 1: Rick expand 3 (and does it), Mike urbanises, Mary passes
    assert st.current_player == RICK
    act(st, "space", space="expand3")
    act(st, "stop")
    assert st.current_player == MIKE
    act(st, "space", space="urbanise")
    act(st, "urbanise", hex="A5")           # St. Louis holds Republic's cube
    assert st.current_player == MARY
    # Mary would like to urbanise, but Mike took it
    rejects(st, {"type": "space", "player": MARY, "space": "urbanise"}, "not_allowed")
    act(st, "space", space="pass")
    # Phase 2: Mary is on top, then Mike, then Rick
    assert st.phase == 2 and st.order == [MARY, MIKE, RICK]
    act(st, "space", space="urbanise")
    act(st, "forgo")
    act(st, "space", space="auction")
    act(st, "forgo")
    act(st, "space", space="finance")
    act(st, "finance", company="republic")
    # Phase 3: Mary before Rick before Mike
    assert st.phase == 3 and st.order == [MARY, RICK, MIKE]
    act(st, "space", space="finance")
    act(st, "forgo")
    act(st, "space", space="take2")
    act(st, "take2")
    act(st, "space", space="expand4")
    act(st, "stop")
    # Round end: Mary (finance) before Rick (take $2) before Mike (expand 4)
    assert st.year == 1852 and st.phase == 1
    assert st.track == [MARY, RICK, MIKE] and st.current_player == MARY
    assert all(s is None for col in st.columns for s in col)


def test_one_player_per_space_per_phase_but_free_again_next_phase():
    st = _ready()
    act(st, "space", space="finance")
    act(st, "forgo")
    assert "finance" not in {c.fixed["space"] for c in st.legal_actions()}
    act(st, "space", space="pass")
    act(st, "space", space="take2")
    act(st, "forgo")
    assert st.phase == 2
    assert "finance" in {c.fixed["space"] for c in st.legal_actions()}


def test_chosen_action_may_be_forgone_keeping_the_space():
    """Die Aktionen: a player carries out the chosen action or forgoes it completely."""
    st = _ready()
    act(st, "space", space="urbanise")
    before = list(st.cash), list(st.ccash), st.markers_left
    act(st, "forgo")
    assert (list(st.cash), list(st.ccash), st.markers_left) == before
    assert st.columns[0][RULES.spaces.index("urbanise")] == RICK


def test_take2_pays_two_from_bank():
    """Nimm 2$: $2 from the bank to the player."""
    st = _ready()
    bank = st.bank
    act(st, "space", space="take2")
    act(st, "take2")
    assert st.cash[RICK] == 40 + 2 and st.bank == bank - 2


def test_levy_takes_two_from_each_other_player_to_bank():
    """Nimm 2$: ... or takes $2 from each other player and gives it to the bank."""
    st = _ready()
    st.cash[MARY] = 1
    bank = st.bank
    act(st, "space", space="take2")
    act(st, "levy")
    assert st.cash == [40, 38, 0]          # Mary pays what she has (ruling)
    assert st.bank == bank + 3


def test_finance_five_from_bank_to_any_company():
    """Finanziere 5$: $5 from the bank into any company's treasury."""
    st = _ready()
    act(st, "space", space="finance")
    assert {c.fixed["company"] for c in st.legal_actions() if c.type == "finance"} == {
        "national", "american", "continental", "republic", "majestic"}
    bank = st.bank
    act(st, "finance", company="national")     # even one not owned by anybody
    assert st.ccash[cidx("national")] == 5 and st.bank == bank - 5


def test_pass_does_nothing():
    st = _ready()
    fp = st.public_view()
    act(st, "space", space="pass")
    after = st.public_view()
    for key in ("players", "companies", "bank", "board"):
        assert after[key] == fp[key]
    assert st.current_player == MIKE
