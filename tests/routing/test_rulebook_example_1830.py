"""1830 rulebook 27.0 (route examples): the table of best revenues, and the allowed and
forbidden routes named in the text."""
import pytest

from railyard.routing import Route, RouteInvalid, Train, best_routes, check_run

from .example1830 import build

NET = build()


def T(i, n):
    return Train(i, n)


@pytest.mark.parametrize("limits,expected", [
    ([2], 80), ([2, 2], 160), ([2, 2, 2], 220), ([2, 2, 3], 250), ([2, 3, 3], 270),
    ([3, 3], 210), ([3, 4], 220)])
def test_27_table_of_best_revenues(limits, expected):
    res = best_routes(NET, [T(f"t{i}", n) for i, n in enumerate(limits)])
    assert res.optimal
    assert res.total == expected


def walk(*nodes):
    """Route through the given node names, picking the link joining each pair."""
    links = []
    for a, b in zip(nodes, nodes[1:]):
        links.append(next(i for i, l in enumerate(NET.links) if {l.a, l.b} == {a, b}))
    return Route(tuple(nodes), tuple(links))


ROUTES = {
    "FE": walk("F", "FE", "E"),
    "FCBE": walk("F", "FC", "CB", "BE", "E"),
    "FIJ": walk("F", "FI", "IJ", "J"),
    "FCG": walk("F", "FC", "CB", "GC", "G"),
    "DE": walk("D", "ED", "E"),
    "EH": walk("E", "EH", "H"),
    "EBC": walk("E", "BE", "CB", "GC", "G"),
    "EFIJ": walk("E", "FE", "F", "FI", "IJ", "J"),
    "EBCFIJ": walk("E", "BE", "CB", "FC", "F", "FI", "IJ", "J"),
    "GCBEF": walk("G", "GC", "CB", "BE", "E", "FE", "F"),
    "FED": walk("F", "FE", "E", "ED", "D"),
    "FEH": walk("F", "FE", "E", "EH", "H"),
    "FCBED": walk("F", "FC", "CB", "BE", "E", "ED", "D"),
    "FCBEH": walk("F", "FC", "CB", "BE", "E", "EH", "H"),
    "FEBCF": walk("F", "FE", "E", "BE", "CB", "FC", "F"),
    "DEBCFIJ": walk("D", "ED", "E", "BE", "CB", "FC", "F", "FI", "IJ", "J"),
}


@pytest.mark.parametrize("name,value", [("FE", 80), ("FCBE", 80), ("FIJ", 60)])
def test_27a_allowed_for_a_2(name, value):
    assert check_run(NET, [T("2", 2)], {"2": ROUTES[name]}) == {"2": value}


@pytest.mark.parametrize("name,reason", [
    ("FCG", "reverses at the switch"), ("DE", "no station token"), ("EH", "no station token"),
    ("EBC", "no station token")])
def test_27b_forbidden_for_a_2(name, reason):
    with pytest.raises(RouteInvalid) as e:
        check_run(NET, [T("2", 2)], {"2": ROUTES[name]})
    assert any(reason in r for r in e.value.reasons)


@pytest.mark.parametrize("name,value", [
    ("EFIJ", 90), ("EBCFIJ", 90), ("GCBEF", 100), ("FED", 110), ("FEH", 100),
    ("FCBED", 110), ("FCBEH", 100)])
def test_27e_allowed_for_a_3(name, value):
    assert check_run(NET, [T("3", 3)], {"3": ROUTES[name]}) == {"3": value}


def test_27f_same_city_twice_forbidden():
    with pytest.raises(RouteInvalid) as e:
        check_run(NET, [T("3", 4)], {"3": ROUTES["FEBCF"]})
    assert any("visits a stop twice" in r for r in e.value.reasons)


def test_27f_same_city_and_track_twice_forbidden():
    efe = Route(("E", "FE", "F", "FE", "E"), (1, 0, 0, 1))
    with pytest.raises(RouteInvalid) as e:
        check_run(NET, [T("3", 3)], {"3": efe})
    assert any("used twice" in r for r in e.value.reasons)


def test_27g_two_3s_allowed_sets():
    for a, b in [("EFIJ", "FCBED"), ("EFIJ", "FCBEH"), ("GCBEF", "FIJ"),
                 ("EBCFIJ", "FED"), ("EBCFIJ", "FEH"), ("FCBED", "FEH"), ("FCBEH", "FED")]:
        check_run(NET, [T("a", 3), T("b", 3)], {"a": ROUTES[a], "b": ROUTES[b]})


def test_27h_fed_and_feh_share_track():
    with pytest.raises(RouteInvalid) as e:
        check_run(NET, [T("a", 3), T("b", 3)], {"a": ROUTES["FED"], "b": ROUTES["FEH"]})
    assert any("may not share track" in r for r in e.value.reasons)


def test_27_red_area_not_in_the_middle():
    eda = walk("E", "ED", "D", "DA", "AB")
    with pytest.raises(RouteInvalid):
        check_run(NET, [T("4", 4)], {"4": eda})


def test_27_dabcfed_forbidden_even_with_b_straight():
    net = build(b_straight=True)
    names = ("D", "DA", "AB", "CB", "FC", "F", "FE", "E", "ED", "D")
    links = tuple(next(i for i, l in enumerate(net.links) if {l.a, l.b} == {a, b})
                  for a, b in zip(names, names[1:]))
    with pytest.raises(RouteInvalid) as e:
        check_run(net, [Train("D", None)], {"D": Route(names, links)})
    assert any("visits a stop twice" in r for r in e.value.reasons)
    # and the optimiser finds a legal set there too (one diesel: D-A-B-C-F-E-H or similar)
    res = best_routes(net, [Train("D", None)])
    check_run(net, [Train("D", None)], res.routes)
