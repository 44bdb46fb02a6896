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


def test_23_1_private_sale_in_terminal_play(tmp_path):
    """`railyard play`: Cid (on turn in stock round 2) offers the D&H to Ann by a text
    command; Ann, now to act, accepts with the listed choice number 1 (the worded menu of
    the 18xx terminal, issue 24 point 7)."""
    from click.testing import CliRunner

    from railyard.cli.main import main
    from railyard.engine.game import Game
    from railyard.games.g1830 import auction
    g = Game("1830", ["Ann", "Bob", "Cid", "Dee"], 1)
    while g.state.s["round"] == "auction":
        if g.state.s["auction"]["pending_par"] is not None:
            g.apply({"type": "par", "player": g.current_player, "corporation": "B&O",
                     "price": 100})
            continue
        g.apply({"type": "buy_private", "player": g.current_player,
                 "company": auction.cheapest(g.state)})
    while g.state.s["sr"] == 1:
        g.apply({"type": "pass", "player": g.current_player})
    assert g.current_player == 2 and g.state.s["companies"]["DH"]["owner"] == "p2"
    ann, cid = g.state.s["cash"][0], g.state.s["cash"][2]
    path = tmp_path / "g.json"
    g.save(str(path))
    result = CliRunner().invoke(main, ["play", "--load", str(path), "--save", str(path)],
                                input="offer DH 0 100\n1\ns\nq\nn\n", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "1. Accept the offer of $100 for DH" in result.output   # the worded menu
    done = Game.load(str(path))
    assert done.state.s["companies"]["DH"]["owner"] == "p0"
    assert done.state.s["cash"][0] == ann - 100 and done.state.s["cash"][2] == cid + 100
    assert done.readable_log()[-2:] == ["Cid offers DH to Ann for $100",
                                        "Ann accepts the offer of $100 for DH"]
