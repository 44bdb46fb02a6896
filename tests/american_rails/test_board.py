"""The reconstructed board: what the rulebook says about it, and loading board files."""
import json

import pytest

from railyard.games.american_rails.board import BoardError, load_board, parse_board
from railyard.games.american_rails.hexgrid import distance

RULEBOOK_CITIES = ["New York", "Boston", "Philadelphia", "Baltimore", "Chicago", "Buffalo",
                   "Cincinnati", "St. Louis", "Atlanta"]


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_board_is_marked_reconstructed(board):
    """The seed prints no map: the shipped board says it is reconstructed."""
    assert board.reconstructed is True
    assert "RECONSTRUCTED" in board.provenance


def test_cities_named_in_rulebook_exist(board):
    """Rulebook (Ausbau, Ausdehnen, Firmen-Einkommen, Bonus): the cities it names."""
    for name in RULEBOOK_CITIES:
        assert name in board.city_by_name, name


def test_black_square_cities_are_exactly_the_five_named(board):
    """Ausbau: New York, Baltimore, Philadelphia, Boston and Chicago have black squares."""
    blocked = {board.names[h] for h in board.cities if not board.urbanisable[h]}
    assert blocked == {"New York", "Baltimore", "Philadelphia", "Boston", "Chicago"}


def test_buffalo_values_from_the_example(board):
    """Firmen-Einkommen example: Buffalo is worth 4 full and 3 shared."""
    h = board.city_by_name["Buffalo"]
    assert (board.full[h], board.shared[h]) == (4, 3)


def test_shared_value_never_exceeds_full(board):
    for h in board.cities:
        assert 0 < board.shared[h] < board.full[h] or board.full[h] == board.shared[h] == 0


def test_terrains_present_and_example_plain_next_to_st_louis(board):
    """Spielbrett: plains, forests, mountains; Ausdehnen example: empty plain next to St. Louis."""
    assert {"plain", "forest", "mountain", "city"} <= set(board.terrain)
    sl = board.city_by_name["St. Louis"]
    plains = [n for n in board.neighbors[sl] if board.terrain[n] == "plain"]
    assert len(plains) >= 2


def test_neighbours_symmetric_and_at_distance_one(board):
    for h, nbrs in enumerate(board.neighbors):
        for n in nbrs:
            assert h in board.neighbors[n]
    col = {h: "ABCDEFGHIJKLMNOPQR".index(i[0]) for h, i in enumerate(board.ids)}
    row = {h: int(i[1:]) for h, i in enumerate(board.ids)}
    for h, nbrs in enumerate(board.neighbors):
        for n in nbrs:
            assert distance((col[h], row[h]), (col[n], row[n])) == 1


def test_board_is_one_connected_land_mass(board):
    seen, stack = {0}, [0]
    while stack:
        for n in board.neighbors[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert len(seen) == len(board.ids)


def test_geography_sanity(board):
    """East coast cities lie east of Chicago and St. Louis; Atlanta south of New York."""
    col = lambda name: "ABCDEFGHIJKLMNOPQR".index(board.ids[board.city_by_name[name]][0])
    row = lambda name: int(board.ids[board.city_by_name[name]][1:])
    for east in ("New York", "Boston", "Philadelphia", "Baltimore"):
        assert col(east) > col("Pittsburgh") > col("Chicago") > col("St. Louis")
    assert row("Atlanta") > row("New York")


def _minimal(**over):
    extra = [{"id": f"B{r}", "col": 1, "row": r, "terrain": "city", "name": f"Town {r}",
              "full": 2, "shared": 1, "urbanisable": True} for r in range(3)]
    hexes = extra + [
        {"id": "A0", "col": 0, "row": 0, "terrain": "city", "name": "Chicago", "full": 5,
         "shared": 3, "urbanisable": False},
        {"id": "A1", "col": 0, "row": 1, "terrain": "plain"},
        {"id": "A2", "col": 0, "row": 2, "terrain": "city", "name": "New York", "full": 6,
         "shared": 4, "urbanisable": False},
        {"id": "A3", "col": 0, "row": 3, "terrain": "city", "name": "Atlanta", "full": 3,
         "shared": 2, "urbanisable": True},
    ]
    data = {"title": "tiny", "hexes": hexes}
    data.update(over)
    return data


def test_custom_board_file_loads(tmp_path):
    """A board file like the Chicago Express one can replace the built-in board."""
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(_minimal()))
    b = load_board(str(path))
    assert b.reconstructed is False
    assert len(b.ids) == 7
    assert sorted(b.ids[n] for n in b.neighbors[b.index["A1"]]) == ["A0", "A2", "B0", "B1"]


def test_bad_board_names_hex_and_field():
    data = _minimal()
    data["hexes"][4]["terrain"] = "swamp"
    with pytest.raises(BoardError, match="hex A1.*'terrain'"):
        parse_board(data)
    data = _minimal()
    data["hexes"][3]["shared"] = 9
    with pytest.raises(BoardError, match="hex A0.*'shared'"):
        parse_board(data)
    data = _minimal()
    data["hexes"][4]["neighbors"] = ["A3"]
    with pytest.raises(BoardError, match="hex A1.*'neighbors'"):
        parse_board(data)
    data = _minimal()
    del data["hexes"][-1]
    with pytest.raises(BoardError, match="Atlanta"):
        parse_board(data)
    data = _minimal()
    del data["hexes"][0]
    with pytest.raises(BoardError, match="at least 6 cities"):
        parse_board(data)


def test_unreadable_board_file(tmp_path):
    with pytest.raises(BoardError, match="Cannot read"):
        load_board(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BoardError, match="not valid JSON"):
        load_board(str(bad))
