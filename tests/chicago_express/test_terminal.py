from rich.console import Console

from railyard.games.chicago_express.terminal import render

from .helpers import finish_opening, new_state, place


def test_terminal_render_shows_companies_players_and_map():
    st = new_state(3)
    finish_opening(st, winners=(0, 1, 2, 0))
    place(st, "NYC", "R3")
    console = Console(width=120, record=True)
    console.print(render(st))
    text = console.export_text()
    assert "Companies" in text and "Andy" in text and "NYC" in text
    assert "fN" in text          # forest R3 with a NYC locomotive
    assert "auction: 0/3" in text
