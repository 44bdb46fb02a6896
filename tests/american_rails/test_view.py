"""public_view (JSON, the published board's facts) and describe (readable sentences)."""
import json

from railyard.engine.game import Game

from .helpers import MIKE, RICK, act, make, to_action_phase


def test_public_view_is_json_and_names_the_published_board():
    st = to_action_phase(make(3, 0))
    view = st.public_view()
    json.dumps(view)
    assert view["board"]["published"] is True and view["board"]["source"] == "published board"
    assert view["board"]["grid"]["columns"] == 20 and view["board"]["grid"]["rows"] == 18
    assert view["removed_company"] == "liberty"
    assert view["year"] == 1851 and view["phase"] == "action phase 1"
    assert view["action_spaces"][0] == "pass" and view["action_spaces"][-1] == "expand4"
    assert view["board"]["cubes"]["G2"] == ["republic"]
    hexes = {h["id"]: h for h in view["hexes"]}
    assert len(hexes) == len(st.board.ids) == 215
    assert hexes["G2"]["name"] == "St. Louis" and hexes["G2"]["cubes"] == ["republic"]
    assert (hexes["G2"]["col"], hexes["G2"]["row"]) == (1, 6)
    ny = hexes["D17"]
    assert ny["name"] == "New York" and ny["special"] is True and ny["black_square"] is True
    assert ny["urbanisable"] is False and ny["confidence"] == "high"
    assert hexes["A12"]["name"] == "Buffalo" and hexes["A12"]["black_square"] is False
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
        "place": ({"hex": "D17"}, "first cube on New York (D17)"),
        "space": ({"space": "expand4"}, "Expand 4"),
        "finance": ({"company": "liberty"}, "funds Liberty: $5 from the bank"),
        "urbanise": ({"hex": "A12"}, "develops Buffalo (A12)"),
        "take2": ({}, "takes $2"),
        "levy": ({}, "every other player pay $2"),
        "build": ({"company": "majestic", "hex": "G3"}, "Majestic cube on G3"),
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
    assert game.log[-1]["hex"] == "K2"
    lines = game.readable_log()
    assert lines[0] == "Rick puts a share of Majestic up for auction."
    assert lines[-1] == "Rick places Majestic's first cube on Memphis (K2) (income $3)."
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == game.state.fingerprint()
