"""Firmen-Einkommen, Ausbau and the special-connection bonus."""
import pytest

from railyard.games.american_rails.income import company_income

from .helpers import MIKE, RICK, act, cidx, hexid, make, put, rejects, setup


@pytest.fixture
def four():
    st = make(4, 0)
    setup(st, [("national", RICK, 10, "Buffalo"), ("liberty", MIKE, 10, "Rochester"),
               ("american", None, 0, None), ("continental", None, 0, None),
               ("republic", None, 0, None), ("majestic", None, 0, None)])
    return st


def _value(st, name):
    h = st.board.city_by_name[name]
    return st.board.full[h], st.board.shared[h]


def test_first_cube_full_second_shared_and_first_adjusted(four):
    """Firmen-Einkommen: the first company in a city earns the full value; a second company
    earns the shared value and the first drops by full - shared; further ones earn shared."""
    st = four
    full, shared = _value(st, "Albany")
    nat, lib, am = cidx("national"), cidx("liberty"), cidx("american")
    n0, l0 = st.income[nat], st.income[lib]
    put(st, "national", "Albany")
    assert st.income[nat] == n0 + full
    put(st, "liberty", "Albany")
    assert st.income[lib] == l0 + shared
    assert st.income[nat] == n0 + shared
    put(st, "american", "Albany")
    assert st.income[am] == shared
    assert st.income[nat] == n0 + shared and st.income[lib] == l0 + shared


def test_buffalo_example_liberty_joins_national(four):
    """Beispiel: National runs through urbanised Buffalo (4/3); Liberty places a cube there:
    Liberty +4 (3 shared + 1 marker), National -2 (-1 value, -1 marker)."""
    st = four
    nat, lib = cidx("national"), cidx("liberty")
    act(st, "space", space="urbanise")
    act(st, "urbanise", hex=hexid(st, "Buffalo"))
    assert st.income[nat] == 4 + 2                   # alone in an urbanised city: +2
    n0, l0 = st.income[nat], st.income[lib]
    put(st, "liberty", "Buffalo")
    assert st.income[lib] - l0 == 4
    assert st.income[nat] - n0 == -2


def test_urbanise_adds_one_each_when_shared(four):
    """Ausbau: +2 to the full value, +1 to the shared value."""
    st = four
    put(st, "liberty", "Buffalo")
    nat, lib = cidx("national"), cidx("liberty")
    n0, l0 = st.income[nat], st.income[lib]
    act(st, "space", space="urbanise")
    act(st, "urbanise", hex=hexid(st, "Buffalo"))
    assert (st.income[nat] - n0, st.income[lib] - l0) == (1, 1)
    assert st.markers_left == 11


def test_urbanise_rules(four):
    """Ausbau: a not yet urbanised city with at least one cube; never the five cities with
    black squares; needs a marker in the supply."""
    st = four
    act(st, "space", space="urbanise")
    offered = {c.fixed["hex"] for c in st.legal_actions() if c.type == "urbanise"}
    assert offered == {hexid(st, "Buffalo"), hexid(st, "Rochester")}
    rejects(st, {"type": "urbanise", "player": RICK, "hex": hexid(st, "Albany")}, "not_allowed")
    put(st, "national", "New York")
    rejects(st, {"type": "urbanise", "player": RICK, "hex": hexid(st, "New York")},
            "not_allowed")
    rejects(st, {"type": "urbanise", "player": RICK, "hex": "C3"}, "not_allowed")
    st.markers_left = 0
    rejects(st, {"type": "urbanise", "player": RICK, "hex": hexid(st, "Buffalo")},
            "not_allowed")
    assert [c.type for c in st.legal_actions()] == ["forgo"]
    st.markers_left = 1
    act(st, "urbanise", hex=hexid(st, "Buffalo"))
    st2 = st.clone()
    st2.actor, st2.step = RICK, "urbanise"
    st2.markers_left = 5
    rejects(st2, {"type": "urbanise", "player": RICK, "hex": hexid(st, "Buffalo")},
            "not_allowed")


def _path(st, a, b):
    """Shortest hex path between two cities (inclusive), by breadth-first search."""
    board = st.board
    s, t = board.city_by_name[a], board.city_by_name[b]
    prev = {s: None}
    queue = [s]
    for h in queue:
        for n in board.neighbors[h]:
            if n not in prev:
                prev[n] = h
                queue.append(n)
    out = [t]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return [board.ids[h] for h in reversed(out)]


def test_connection_bonus_ten_then_twenty_for_the_third_city():
    """Einkommens-Bonus: linking two of Chicago, New York, Atlanta gives +10 at once; linking
    the third city as well gives +20 more (two further connections)."""
    st = make(4, 0)
    setup(st, [("national", RICK, 10, "Chicago"), ("american", None, 0, None),
               ("continental", None, 0, None), ("liberty", None, 0, None),
               ("republic", None, 0, None), ("majestic", None, 0, None)])
    nat = cidx("national")
    path = _path(st, "Chicago", "New York")
    for h in path[1:-1]:
        put(st, "national", h)
    before = st.income[nat]
    put(st, "national", path[-1])
    ny_full = _value(st, "New York")[0]
    assert st.income[nat] == before + ny_full + 10
    path2 = _path(st, "Chicago", "Atlanta")
    for h in path2[1:-1]:
        if not st.hexmask[st.board.index[h]] & (1 << nat):
            put(st, "national", h)
    before = st.income[nat]
    put(st, "national", "F9")
    assert st.income[nat] == before + _value(st, "Atlanta")[0] + 20
    assert st.pairs[nat] == 3


def test_bonus_counted_once_per_connection():
    """Den Bonus für eine der Verbindungen kann eine Firma nur einmal erhalten."""
    st = make(4, 0)
    setup(st, [("national", RICK, 10, "Chicago"), ("american", None, 0, None),
               ("continental", None, 0, None), ("liberty", None, 0, None),
               ("republic", None, 0, None), ("majestic", None, 0, None)])
    nat = cidx("national")
    path = _path(st, "Chicago", "New York")
    for h in path[1:]:
        put(st, "national", h)
    inc = st.income[nat]
    nb = [st.board.ids[n] for n in st.board.neighbors[st.board.city_by_name["New York"]]
          if not st.hexmask[n]][0]
    put(st, "national", nb)     # more track near New York: no second bonus
    assert st.income[nat] == inc + (st.board.full[st.board.index[nb]])
    assert st.income[nat] == company_income(st.board, st.hexmask, st.urban, nat,
                                            st.comp_hexes[nat])


def test_mike_urbanises_cincinnati_example():
    """Beispiel Ausbau: in the first action phase Mike urbanises Cincinnati; a Continental cube
    is there and no black square is printed, so he may; Continental alone gains +2."""
    st = make(3, 0)
    setup(st, [("continental", MIKE, 10, "Cincinnati"), ("majestic", RICK, 10, "Memphis"),
               ("national", None, 0, None), ("american", None, 0, None),
               ("republic", None, 0, None)])
    assert st.track[:2] == [MIKE, RICK]
    con = cidx("continental")
    full = st.board.full[st.board.city_by_name["Cincinnati"]]
    assert st.income[con] == full
    act(st, "space", space="urbanise")
    act(st, "urbanise", hex=hexid(st, "Cincinnati"))
    assert st.income[con] == full + 2
    assert st.urban[st.board.city_by_name["Cincinnati"]]
