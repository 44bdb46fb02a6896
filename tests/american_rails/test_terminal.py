"""terminal.render: a rich renderable with board summary, companies, players, spaces."""
from rich.console import Console

from railyard.games.american_rails.terminal import render

from .helpers import act, make, to_action_phase


def _text(st):
    console = Console(width=120, record=True, file=open("/dev/null", "w"))
    console.print(render(st))
    return console.export_text()


def test_render_shows_the_parts_and_reconstructed_mark():
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    act(st, "offer", company="national")
    out = _text(st)
    for piece in ("RECONSTRUCTED", "Companies", "Players", "Action spaces", "Majestic",
                  "Rick", "Memphis", "Urbanise", "Expand 4", "Auction of a National share",
                  "removed for 3 players: Liberty"):
        assert piece in out, piece


def test_render_during_setup_and_expansion():
    st = make(4, 0)
    assert "setup auction" in _text(st)
