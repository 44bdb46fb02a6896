"""terminal.render: a rich renderable with board summary, companies, players, spaces."""
from rich.console import Console

from railyard.games.american_rails.terminal import render

from .helpers import act, make, to_action_phase


def _text(st):
    console = Console(width=120, record=True, file=open("/dev/null", "w"))
    console.print(render(st))
    return console.export_text()


def test_render_shows_the_parts_and_the_map():
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    act(st, "offer", company="national")
    out = _text(st)
    for piece in ("published board", "Companies", "Players", "Action spaces", "Majestic",
                  "Rick", "Memphis", "Develop", "Expand 4", "Auction of a share of National",
                  "removed for 3 players: Liberty"):
        assert piece in out, piece


def test_auction_line_names_the_company_without_an_article_slip():
    """Issue 24 point 5: "Auction of a American share" read wrong; the line names the
    company after "a share of"."""
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    act(st, "offer", company="american")
    out = _text(st)
    assert "Auction of a share of American" in out
    assert "a American" not in out


def test_render_during_setup_and_expansion():
    st = make(4, 0)
    assert "setup auction" in _text(st)


def test_terminal_map_shows_cities_terrain_and_cubes_by_company():
    """The map: city codes with black squares and development markers, terrain, and one
    letter per company cube on its hex's line."""
    from railyard.games.american_rails.terminal import board_map, city_codes
    from .helpers import put
    st = to_action_phase(make(3, 0))   # Republic St. Louis, Majestic Memphis, American Pittsburgh
    put(st, "majestic", "G3")
    st.urban[st.board.city_by_name["Memphis"]] = True
    console = Console(width=120, record=True, file=open("/dev/null", "w"))
    console.print(board_map(st))
    lines = console.export_text().splitlines()
    codes = city_codes(st)
    b = st.board
    assert codes[b.city_by_name["New York"]] == "NY" and codes[b.city_by_name["St. Louis"]] == "SL"
    assert len(set(codes.values())) == len(b.cities)

    def cell(hid, line):
        """The four characters of hex ``hid`` on its row's first (0) or cube (1) line."""
        h = b.index[hid]
        row = 1 + 2 * b.rows[h] + line
        x = 2 + (2 if b.rows[h] % 2 else 0) + 4 * b.cols[h]
        return lines[row][x:x + 4].ljust(4)
    assert cell("G2", 0) == "SL  " and cell("G2", 1).strip() == "R"
    assert cell("G3", 0).strip() == "." and cell("G3", 1).strip() == "M"
    assert cell("K2", 0) == "MEM+" and cell("K2", 1).strip() == "M"
    assert cell("D17", 0) == "NY ■" and cell("D11", 1).strip() == "A"
    assert cell("D12", 0).strip() == "♣" and cell("E12", 0).strip() == "▲"
    text = "\n".join(lines)
    assert "Republic" in text and "NY New York 8/5" in text
