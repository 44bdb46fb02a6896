"""The track of the route examples in the 1830 rulebook, section 27 (as far as the text
describes it).  Hexes A-J; B&O token in F; no 5-train bought yet (lower red values).

Facts from the text: FE = 80, FIJ = 60, EFIJ = 90, FED = 110, FEH = 100, GCBEF = 100
give F 50, E 30, J 10, D 30 (red off-board, arrows to E and A), H 20, G 20; C and B carry
track only: C has a switch (the tracks from F and from G join towards B; FCG reverses at
it), B a bridge (C-E crosses the track from A, FCBAD would turn on the bridge); I is plain
track between F and J.  Junctions are hex edges named by their two hexes; their sides are
the hexes."""
from railyard.routing import Link, Network, Stop


def build(b_straight: bool = False) -> Network:
    stops = (Stop("F", 50, token=True), Stop("E", 30), Stop("H", 20), Stop("G", 20),
             Stop("J", 10), Stop("D", 30, kind="offboard"))
    def L(a, b, piece, side_a, side_b):
        return Link(a, b, (piece,), side_a, side_b)
    links = [
        L("F", "FE", ("F", 1), None, "F"), L("FE", "E", ("E", 1), "E", None),
        L("F", "FC", ("F", 2), None, "F"), L("FC", "CB", ("C", 1), "C", "C"),
        L("G", "GC", ("G", 1), None, "G"), L("GC", "CB", ("C", 2), "C", "C"),
        L("CB", "BE", ("B", 1), "B", "B"), L("BE", "E", ("E", 2), "E", None),
        L("E", "ED", ("E", 3), None, "E"), L("ED", "D", ("D", 1), "D", None),
        L("E", "EH", ("E", 4), None, "E"), L("EH", "H", ("H", 1), "H", None),
        L("F", "FI", ("F", 3), None, "F"), L("FI", "IJ", ("I", 1), "I", "I"),
        L("IJ", "J", ("J", 1), "J", None),
        L("D", "DA", ("D", 2), None, "D"),
    ]
    if b_straight:   # "Wenn B eine Gerade wäre, die A und C verbindet"
        links.append(L("DA", "AB", ("A", 1), "A", "A"))
        links.append(L("AB", "CB", ("B", 2), "B", "B"))
    else:            # the bridge: A's track crosses B to another side
        links.append(L("DA", "AB", ("A", 1), "A", "A"))
        links.append(L("AB", "BX", ("B", 2), "B", "B"))
    return Network(stops, tuple(links))
