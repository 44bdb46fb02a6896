"""The generic summary of a public view, for games without a terminal renderer
(issue 2 §4: the terminal shows board summary, companies and players)."""
from rich.console import Console

from railyard.cli.render import Records, compact, generic_view


def render(renderable, width):
    con = Console(width=width, record=True, color_system=None)
    con.print(renderable)
    return con.export_text()


def test_records_fit_as_a_table_or_fall_back_to_lines():
    rows = [(None, {"name": "Ann", "cash": 40}), (None, {"name": "Bob", "cash": 35})]
    wide = render(Records("players", rows), 80)
    assert "┃" in wide or "│" in wide
    many = [(str(i), {f"column{k}": k * i for k in range(12)}) for i in range(3)]
    narrow = render(Records("companies", many), 60)
    assert "┃" not in narrow
    assert "  2 column0=0 column1=2 column2=4" in narrow


def test_compact_values():
    assert compact(None) == "-"
    assert compact([1, 2, 3]) == "1, 2, 3"
    assert compact({"lot": "PRR", "passed": [0, 2], "bid": None}) == "lot=PRR passed=[0, 2] bid=-"
    assert compact("x" * 100, limit=10) == "x" * 9 + "…"


def test_generic_view_summarises_large_collections():
    view = {"phase": "build", "hexes": [{"id": str(i)} for i in range(100)],
            "players": {"A": {"cash": 3}}}
    out = render(generic_view(view), 80)
    assert "phase: build" in out
    assert "hexes: 100 entries" in out
    assert "cash" in out
