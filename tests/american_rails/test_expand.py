"""Ausdehnen: who may expand, where, and what it costs (rulebook examples included)."""
import pytest

from .helpers import MARY, MIKE, RICK, act, cidx, hexid, make, put, rejects, setup


def _rick_example():
    """Beispiel Ausdehnen: Rick holds 2 Majestic and 1 Republic; Republic is in St. Louis."""
    st = make(3, 0)   # Liberty removed
    setup(st, [("republic", RICK, 10, "St. Louis"), ("majestic", RICK, 10, "Memphis"),
               ("national", MIKE, 10, "Boston"), ("american", MARY, 10, "Pittsburgh"),
               ("continental", None, 0, None)])
    st.held[RICK][cidx("majestic")] += 1      # a second Majestic share (bought earlier)
    st.shares_left[cidx("majestic")] -= 1
    # Majestic's line has reached the plain south of St. Louis's east neighbour
    for h in ("B8", "B7", "B6", "C6"):
        if h != "B8":
            put(st, "majestic", h)
    return st


def test_rick_expand3_example():
    """Beispiel: blue cube in an empty plain next to St. Louis ($2), another empty plain ($2),
    then a yellow cube in the hex of the first blue cube ($4 = 2 plain + 2 per cube)."""
    st = _rick_example()
    rep, maj = cidx("republic"), cidx("majestic")
    assert st.current_player == RICK
    act(st, "space", space="expand3")
    st.ccash[rep] = 10
    st.ccash[maj] = 10
    bank = st.bank
    assert st.board.terrain[st.board.index["B5"]] == "plain"
    act(st, "build", company="republic", hex="B5")   # next to St. Louis (A5)
    assert st.ccash[rep] == 8
    act(st, "build", company="republic", hex="B4")   # another empty plain
    assert st.ccash[rep] == 6
    act(st, "build", company="majestic", hex="B5")   # joins the blue cube
    assert st.ccash[maj] == 6
    assert st.bank == bank + 8                       # costs go to the bank
    assert st.current_player == MIKE                 # three cubes: the action is over


def test_mary_american_cube_in_cincinnati_costs_6():
    """Beispiel: Cincinnati holds a Continental cube and an urbanisation marker: American pays
    $6 = 2 for the city + 2 for the green cube + 2 for the marker."""
    st = make(3, 0)
    setup(st, [("continental", MIKE, 10, "Cincinnati"), ("american", MARY, 10, "Louisville"),
               ("national", None, 0, None), ("majestic", None, 0, None),
               ("republic", None, 0, None)])
    st.urban[st.board.city_by_name["Cincinnati"]] = True
    st.markers_left -= 1
    assert st.build_cost(st.board.city_by_name["Cincinnati"], cidx("american")) == 6
    # play it: Mary takes expand 4 in the first phase
    while st.current_player != MARY:
        act(st, "space", space="pass" if st.columns[0][0] is None else "finance")
        if st.step == "finance":
            act(st, "forgo")
    act(st, "space", space="expand4")
    cash = st.ccash[cidx("american")]
    act(st, "build", company="american", hex=hexid(st, "Cincinnati"))
    assert st.ccash[cidx("american")] == cash - 6


@pytest.fixture
def ready():
    st = make(4, 0)
    setup(st, [("national", RICK, 20, "Pittsburgh"), ("liberty", RICK, 10, "Buffalo"),
               ("american", MIKE, 10, "Chicago"), ("continental", None, 0, None),
               ("republic", None, 0, None), ("majestic", None, 0, None)])
    act(st, "space", space="expand4")
    assert st.current_player == RICK
    return st


def test_cost_by_terrain(ready):
    """Städte 2 + 2 per cube or marker; Ebenen 2 + 2 per cube; Wälder 3; Berge 5."""
    st = ready
    b = st.board
    nat = cidx("national")
    pitt = b.city_by_name["Pittsburgh"]
    by_terrain = {}
    for n in b.neighbors[pitt]:
        by_terrain.setdefault(b.terrain[n], n)
    assert st.build_cost(by_terrain["mountain"], nat) == 5
    assert st.build_cost(by_terrain["forest"], nat) == 3
    plain = [h for h in range(len(b.ids)) if b.terrain[h] == "plain" and not st.hexmask[h]][0]
    assert st.build_cost(plain, nat) == 2
    put(st, "american", b.ids[plain])
    assert st.build_cost(plain, nat) == 4
    put(st, "liberty", b.ids[plain])
    assert st.build_cost(plain, nat) == 6
    chi = b.city_by_name["Chicago"]
    assert st.build_cost(chi, nat) == 4


def test_forest_and_mountain_take_one_cube_only(ready):
    st = ready
    b = st.board
    pitt = b.city_by_name["Pittsburgh"]
    mountain = [n for n in b.neighbors[pitt] if b.terrain[n] == "mountain"][0]
    act(st, "build", company="national", hex=b.ids[mountain])
    assert st.build_cost(mountain, cidx("liberty")) is None
    assert st.build_cost(mountain, cidx("american")) is None


def test_never_two_cubes_of_one_company_in_a_hex(ready):
    st = ready
    rejects(st, {"type": "build", "player": RICK, "company": "national",
                 "hex": hexid(st, "Pittsburgh")}, "not_allowed")


def test_must_touch_own_cube_and_hold_a_share(ready):
    """Ausdehnen: only companies the player holds a share of; next to a cube of that colour."""
    st = ready
    rejects(st, {"type": "build", "player": RICK, "company": "national", "hex": "A5"},
            "not_allowed")
    rejects(st, {"type": "build", "player": RICK, "company": "american", "hex": "C3"},
            "not_allowed")
    offered = {(c.fixed["company"]) for c in st.legal_actions() if c.type == "build"}
    assert offered == {"national", "liberty"}


def test_company_cash_only(ready):
    """Ausdehnen: costs come from the company; if it cannot pay, no cube is placed."""
    st = ready
    st.ccash[cidx("liberty")] = 2
    b = st.board
    buf = b.city_by_name["Buffalo"]
    forest = [n for n in b.neighbors[buf] if b.terrain[n] == "forest"][0]
    rejects(st, {"type": "build", "player": RICK, "company": "liberty", "hex": b.ids[forest]},
            "unaffordable")
    assert all(not (c.type == "build" and c.fixed["hex"] == b.ids[forest]
                    and c.fixed["company"] == "liberty") for c in st.legal_actions())


def test_cubes_one_by_one_any_own_cube_several_companies(ready):
    """Beachte: cubes are placed one after another, need not touch the last one, and may come
    from several companies in one action."""
    st = ready
    b = st.board
    pitt = b.city_by_name["Pittsburgh"]
    buf = b.city_by_name["Buffalo"]
    nat_hexes = [n for n in b.neighbors[pitt] if b.terrain[n] != "mountain"]
    act(st, "build", company="national", hex=b.ids[nat_hexes[0]])
    act(st, "build", company="national", hex=b.ids[nat_hexes[1]])   # from Pittsburgh again
    lib = [n for n in b.neighbors[buf] if not st.hexmask[n]][0]
    act(st, "build", company="liberty", hex=b.ids[lib])
    assert st.step == "expand" and st.expand_left == 1
    act(st, "stop")
    assert st.current_player == MIKE


def test_expand4_ends_after_four_cubes(ready):
    st = ready
    for _ in range(4):
        assert st.current_player == RICK
        c = [c for c in st.legal_actions() if c.type == "build"][0]
        act(st, "build", **c.fixed)
    assert st.current_player == MIKE


def test_supply_empty_no_cube(ready):
    st = ready
    st.cubes_left[cidx("liberty")] = 0
    assert {c.fixed["company"] for c in st.legal_actions() if c.type == "build"} == {"national"}
    buf = st.board.city_by_name["Buffalo"]
    rejects(st, {"type": "build", "player": RICK, "company": "liberty",
                 "hex": st.board.ids[st.board.neighbors[buf][0]]}, "not_allowed")


def test_expand2_only_with_four_or_five_players():
    """Nimm 2$ (oder Ausdehnen 2): the expand 2 alternative exists with 4 or 5 players."""
    st = make(4, 0)
    setup(st, [("national", RICK, 20, "Pittsburgh"), ("liberty", None, 0, None),
               ("american", None, 0, None), ("continental", None, 0, None),
               ("republic", None, 0, None), ("majestic", None, 0, None)])
    act(st, "space", space="take2")
    builds = [c for c in st.legal_actions() if c.type == "build"]
    assert builds
    act(st, "build", **builds[0].fixed)
    assert st.step == "expand" and st.expand_left == 1
    act(st, "build", **[c for c in st.legal_actions() if c.type == "build"][0].fixed)
    assert st.current_player != RICK
    st3 = make(3, 0)
    setup(st3, [("national", RICK, 20, "Pittsburgh"), ("american", None, 0, None),
                ("continental", None, 0, None), ("republic", None, 0, None),
                ("majestic", None, 0, None)])
    act(st3, "space", space="take2")
    assert not [c for c in st3.legal_actions() if c.type == "build"]
    pitt = st3.board.city_by_name["Pittsburgh"]
    rejects(st3, {"type": "build", "player": RICK, "company": "national",
                  "hex": st3.board.ids[st3.board.neighbors[pitt][0]]}, "not_allowed")
