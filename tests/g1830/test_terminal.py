"""Terminal support: the summary renders and text commands become actions."""
from __future__ import annotations

import pytest
from rich.console import Console

from railyard.games.g1830.terminal import CommandError, parse, render

from .helpers import operating


def test_render_shows_players_and_companies():
    g = operating(corps={"PRR": (67, 0)})
    console = Console(record=True, width=140)
    console.print(render(g))
    text = console.export_text()
    assert "PRR" in text and "P1" in text and "phase 2" in text


def test_commands_become_actions_and_apply():
    g = operating(corps={"PRR": (67, 0)})
    g.s["tiles"]["H14"] = ["9", 1]
    act = parse(g, "lay 57 H16 1")
    assert act == {"player": 0, "type": "lay_tile", "tile": "57", "hex": "H16", "rotation": 1}
    g.apply(act)
    assert g.s["tiles"]["H16"] == ["57", 1]
    assert parse(g, "run 2-0:H12,H14,H16 3-0:G19,F20/F20,F22")["routes"] == [
        {"train": "2-0", "chains": [["H12", "H14", "H16"]]},
        {"train": "3-0", "chains": [["G19", "F20"], ["F20", "F22"]]}]
    assert parse(g, "payout") == {"player": 0, "type": "dividend", "kind": "payout"}
    assert parse(g, "train D-0 800 4-1")["exchange"] == "4-1"


@pytest.mark.parametrize("line", ["", "fly", "lay 57", "bid CA x", "run 2-0"])
def test_bad_commands_are_refused(line):
    g = operating(corps={"PRR": (67, 0)})
    with pytest.raises(CommandError):
        parse(g, line)
