"""public_view (JSON, marks the reconstructed board) and describe (readable sentences)."""
import json

from railyard.engine.game import Game

from .helpers import MIKE, RICK, act, make, to_action_phase


def test_public_view_is_json_and_marks_reconstruction():
    st = to_action_phase(make(3, 0))
    view = st.public_view()
    json.dumps(view)
    assert view["board"]["reconstructed"] is True
    assert view["removed_company"] == "liberty"
    assert view["year"] == 1851 and view["phase"] == "action phase 1"
    assert view["action_spaces"][0] == "pass" and view["action_spaces"][-1] == "expand4"
    assert view["board"]["cubes"]["A5"] == ["republic"]
    hexes = {h["id"]: h for h in view["hexes"]}
    assert len(hexes) == len(st.board.ids)
    assert hexes["A5"]["name"] == "St. Louis" and hexes["A5"]["cubes"] == ["republic"]
    assert (hexes["A5"]["col"], hexes["A5"]["row"]) == (0, 5)
    assert hexes["O3"]["special"] is True and hexes["O3"]["urbanisable"] is False
    assert {c["id"] for c in view["companies"]} == {"national", "american", "continental",
                                                    "republic", "majestic"}


def test_fingerprint_sees_the_auction_state():
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    act(st, "offer", company="national")
    a = st.clone()
    b = st.clone()
    act(a, "bid", amount=10)
    act(b, "bid", amount=11)
    assert a.fingerprint() != b.fingerprint()


def test_describe_every_action_type():
    st = make(4, 0)
    cases = {
        "offer": ({"company": "national"}, "puts a share of National up for auction"),
        "bid": ({"amount": 12}, "bids $12"),
        "pass": ({}, "passes in the auction"),
        "place": ({"hex": "O3"}, "first cube on New York (O3)"),
        "space": ({"space": "expand4"}, "Expand 4"),
        "finance": ({"company": "liberty"}, "$5 from the bank to Liberty"),
        "urbanise": ({"hex": "K1"}, "urbanises Buffalo (K1)"),
        "take2": ({}, "takes $2"),
        "levy": ({}, "every other player pay $2"),
        "build": ({"company": "majestic", "hex": "B5"}, "Majestic cube on B5"),
        "stop": ({}, "stops expanding"),
        "forgo": ({}, "does not carry out"),
    }
    for kind, (fields, text) in cases.items():
        sentence = st.describe({"type": kind, "player": MIKE, **fields})
        assert sentence.startswith("Mike") and text in sentence, sentence


def test_game_log_reads_and_saves():
    game = Game("american-rails", ["Rick", "Mike", "Mary"], seed=0)
    game.apply({"type": "offer", "player": RICK, "company": "majestic"})
    game.apply({"type": "bid", "player": RICK, "amount": 10})
    game.apply({"type": "pass", "player": MIKE})
    game.apply({"type": "pass", "player": 2})
    game.apply({"type": "place", "player": RICK, "hex": "Memphis"})   # name -> id
    assert game.log[-1]["hex"] == "B8"
    lines = game.readable_log()
    assert lines[0] == "Rick puts a share of Majestic up for auction."
    assert "Memphis (B8)" in lines[-1]
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == game.state.fingerprint()


def test_board_option_loads_a_board_file(tmp_path):
    from importlib import resources
    text = resources.files("railyard.games.american_rails").joinpath("data").joinpath(
        "board.json").read_text("utf-8")
    data = json.loads(text)
    path = tmp_path / "board.json"
    data["reconstructed"] = False
    data["title"] = "my board"
    path.write_text(json.dumps(data))
    game = Game("american-rails", ["A", "B", "C", "D"], seed=1, options={"board": str(path)})
    assert game.state.board.title == "my board"
    assert game.public_view()["board"]["reconstructed"] is False
