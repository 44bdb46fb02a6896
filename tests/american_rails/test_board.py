"""The published board (a transcription, data/board.json): the facts the rulebook states about
it, the grid geometry, and own boards in the same format."""
import copy
import json
from importlib import resources

import pytest

from railyard.games.american_rails.board import (BoardError, load_board, parse_board,
                                                 published_text)
from railyard.games.american_rails.hexgrid import distance

RULEBOOK_CITIES = ["New York", "Boston", "Philadelphia", "Baltimore", "Chicago", "Buffalo",
                   "Cincinnati", "St. Louis", "Atlanta"]


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture(scope="module")
def data():
    return json.loads(published_text())


def test_the_shipped_board_is_the_transcription_with_its_provenance(board, data):
    """The file keeps the transcription's provenance, grid and confidence statement."""
    assert board.published and board.source == "published board"
    assert "transcription" in board.provenance.lower()
    assert data["grid"]["orientation"] == "pointy-top" and "odd rows" in data["grid"]["offset"]
    assert set(data["confidence"]) == {"high", "medium", "low"}
    counts = data["grid"]["counts"]           # as the transcription states them
    assert len(board.ids) == counts["hexes"] == 215
    for terrain, key in (("plain", "plains"), ("forest", "forest"), ("mountain", "mountain"),
                         ("city", "city")):
        assert board.terrain.count(terrain) == counts[key], terrain
    assert (board.columns, board.nrows) == (20, 18)


def test_per_city_confidence_follows_the_file(board):
    """confidence: high for New York and Buffalo, medium for Atlanta, Philadelphia and
    Pittsburgh, low for every other city value."""
    assert board.confidence["New York"] == board.confidence["Buffalo"] == "high"
    for name in ("Atlanta", "Philadelphia", "Pittsburgh"):
        assert board.confidence[name] == "medium"
    assert board.confidence["Syracuse"] == "low"
    assert set(board.confidence) == set(board.city_by_name)


def test_cities_named_in_rulebook_exist(board):
    """Rulebook (Ausbau, Ausdehnen, Firmen-Einkommen, Bonus): the cities it names."""
    for name in RULEBOOK_CITIES:
        assert name in board.city_by_name, name


def test_black_square_cities_are_exactly_the_five_named(board):
    """Ausbau: New York, Baltimore, Philadelphia, Boston and Chicago have black squares."""
    blocked = {board.names[h] for h in board.cities if not board.urbanisable[h]}
    assert blocked == {"New York", "Baltimore", "Philadelphia", "Boston", "Chicago"}


def test_special_connection_cities(board):
    """Einkommens-Bonus für spezielle Verbindungen: Chicago, New York and Atlanta."""
    assert {board.names[h] for h in board.special} == {"Chicago", "New York", "Atlanta"}


def test_printed_values_of_buffalo_and_new_york(board):
    """Firmen-Einkommen example: Buffalo is worth 4 full and 3 shared; New York 8/5 as the
    English rulebook's city-hex legend prints it."""
    for name, values in (("Buffalo", (4, 3)), ("New York", (8, 5))):
        h = board.city_by_name[name]
        assert (board.full[h], board.shared[h]) == values


def test_shared_value_never_exceeds_full(board):
    for h in board.cities:
        assert 0 < board.shared[h] <= board.full[h]


def test_examples_fit_the_board(board):
    """Ausdehnen example: empty plains next to St. Louis (Rick places two blue cubes in empty
    plains); Beispiel Ausbau: Cincinnati has no black square."""
    sl = board.city_by_name["St. Louis"]
    plains = [n for n in board.neighbors[sl] if board.terrain[n] == "plain"]
    assert len(plains) >= 2
    assert board.urbanisable[board.city_by_name["Cincinnati"]]


def test_odd_rows_are_shifted_right(board):
    """The README's neighbour rule: same row col±1; an even row touches columns col-1 and
    col of the rows above and below, an odd row columns col and col+1."""
    def nbrs(hid):
        return sorted(board.ids[n] for n in board.neighbors[board.index[hid]])
    # St. Louis, column 1 of row 6 (even): the hex at column 0 of row 6 is off the map
    assert nbrs("G2") == sorted(["G3", "F1", "F2", "H1", "H2"])
    # Pittsburgh, column 10 of row 3 (odd)
    assert nbrs("D11") == sorted(["D10", "D12", "C11", "C12", "E11", "E12"])


def test_neighbours_symmetric_and_at_distance_one(board):
    for h, nbrs in enumerate(board.neighbors):
        assert len(nbrs) <= 6
        for n in nbrs:
            assert h in board.neighbors[n]
            assert distance((board.cols[h], board.rows[h]), (board.cols[n], board.rows[n])) == 1


def test_board_is_one_connected_land_mass(board):
    seen, stack = {0}, [0]
    while stack:
        for n in board.neighbors[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert len(seen) == len(board.ids)


def test_geography_sanity(board):
    """East coast cities lie east of Pittsburgh, Chicago and St. Louis; Atlanta south of New
    York."""
    col = lambda name: board.cols[board.city_by_name[name]]
    row = lambda name: board.rows[board.city_by_name[name]]
    for east in ("New York", "Boston", "Philadelphia", "Baltimore"):
        assert col(east) > col("Pittsburgh") > col("Chicago") > col("St. Louis")
    assert row("Atlanta") > row("New York")


def test_ids_are_row_letter_and_column_number(board):
    assert board.ids[board.city_by_name["Buffalo"]] == "A12"      # column 11, row 0
    assert board.ids[board.city_by_name["New Orleans"]] == "R1"   # column 0, row 17


def _minimal():
    return {"title": "tiny",
            "grid": {"rows_top_to_bottom": ["CPCPC", "PCPCP", "CPPPO"]},
            "cities": [
                {"col": 0, "row": 0, "name": "Chicago", "full": 5, "shared": 3,
                 "black_square": True, "special_connection": True},
                {"col": 2, "row": 0, "name": "New York", "full": 6, "shared": 4,
                 "black_square": True, "special_connection": True},
                {"col": 4, "row": 0, "name": "Atlanta", "full": 3, "shared": 2,
                 "special_connection": True},
                {"col": 1, "row": 1, "name": "Town 1", "full": 2, "shared": 1},
                {"col": 3, "row": 1, "name": "Town 2", "full": 2, "shared": 1},
                {"col": 0, "row": 2, "name": "Town 3", "full": 2, "shared": 2}]}


def test_own_board_in_the_published_format_loads():
    b = parse_board(_minimal())
    assert not b.published and b.title == "tiny"
    assert len(b.ids) == 14 and len(b.cities) == 6
    # B2 (row 1 is odd, shifted right) touches A2, A3 above and C2, C3 below
    assert sorted(b.ids[n] for n in b.neighbors[b.index["B2"]]) == ["A2", "A3", "B1", "B3",
                                                                   "C2", "C3"]
    assert not b.urbanisable[b.city_by_name["Chicago"]]
    assert b.urbanisable[b.city_by_name["Town 1"]]


def test_the_published_file_itself_is_valid_own_board_content(data):
    own = copy.deepcopy(data)
    own["title"] = "corrected"
    own["cities"][0]["full"] = 5
    b = parse_board(own)
    assert b.full[b.city_by_name[own["cities"][0]["name"]]] == 5 and b.title == "corrected"


@pytest.mark.parametrize("change, where", [
    (lambda d: d["grid"]["rows_top_to_bottom"].__setitem__(1, "PCPXP"),
     "grid row 2, column 4"),
    (lambda d: d["grid"]["rows_top_to_bottom"].__setitem__(2, "CPP"), "grid row 3"),
    (lambda d: d["grid"].__setitem__("orientation", "flat"), "grid.orientation"),
    (lambda d: d["cities"][1].__setitem__("shared", 9), "city New York.*'shared'"),
    (lambda d: d["cities"][3].__setitem__("full", "2"), "city Town 1.*'full'"),
    (lambda d: d["cities"][3].__setitem__("col", 2), "city Town 1.*not a C"),
    (lambda d: d["cities"].pop(5), "grid row 3, column 1.*no entry of 'cities'"),
    (lambda d: d["cities"][2].__setitem__("name", "Savannah"), "Atlanta"),
    (lambda d: d["cities"][3].__setitem__("special_connection", True), "special_connection"),
    (lambda d: d["cities"][4].__setitem__("name", "Town 1"), "used twice"),
    (lambda d: d.__setitem__("terrain_costs", {"city": {}}), "terrain_costs"),
    (lambda d: d.__setitem__("grid", []), "'grid'"),
])
def test_bad_board_names_the_place_and_field(change, where):
    data = _minimal()
    change(data)
    with pytest.raises(BoardError, match=where):
        parse_board(data)


def test_too_few_cities():
    data = _minimal()
    data["grid"]["rows_top_to_bottom"][2] = "PPPPO"
    data["cities"].pop()
    with pytest.raises(BoardError, match="at least 6 cities"):
        parse_board(data)


def test_resources_hold_only_the_published_board():
    """The invented (reconstructed) board is gone from the package."""
    files = {f.name for f in resources.files("railyard.games.american_rails").joinpath(
        "data").iterdir()}
    assert files == {"board.json", "game.json"}
    assert "RECONSTRUCTED" not in published_text()


def test_company_colours_and_space_order_are_the_files(data):
    """game.json's company colours and action-space order are those the board file records
    for the published game (company by name; spaces by their printed words)."""
    from railyard.games.american_rails.rules import RULES
    printed = {c["name"]: c["colour"] for c in data["companies"]}
    assert {c.name: c.color for c in RULES.companies} == printed
    words = {"pass": "pass", "urbanise": "develop", "finance": "fund $5",
             "take2": "take $2 (or expand 2 with 4-5 players)", "expand3": "expand 3",
             "auction": "auction a share", "expand4": "expand 4"}
    assert [words[s] for s in RULES.spaces] == data["action_spaces_top_to_bottom"]
    for c in data["companies"]:
        assert RULES.companies[RULES.company_index(c["name"].lower())].cubes == c["cubes"]
        assert RULES.companies[RULES.company_index(c["name"].lower())].shares == c["shares"]
