"""The engine contract for 1830: title, views, clone independence, save/undo."""
from __future__ import annotations

import json

from railyard.engine.game import Game
from railyard.engine.registry import get_title

from .helpers import act, new, operating


def test_title_is_registered_with_its_options():
    info = get_title("1830")
    assert (info.min_players, info.max_players) == (2, 6)
    assert {o.name for o in info.options} == {
        "extra_6_train", "diesels", "bank_cash", "multiple_brown_from_ipo",
        "unlimited_d_trains", "agreed_prices_need_consent",
        "bankruptcy_sale_may_change_president", "train_limit_purchase_then_discard",
        "route_may_start_and_end_in_one_red_area", "withhold_moves_at_once",
        "erie_token_replaced", "emergency_sale_whole_presidents_certificate",
        "private_purchase_before_discard"}


def test_2_0_setup_starting_cash_and_bank():
    for n, cash in ((2, 1200), (3, 800), (4, 600), (5, 480), (6, 400)):
        g = new(n)
        assert g.s["cash"] == [cash] * n
        assert g.s["bank"] == 12000 - cash * n


def test_public_view_is_json_and_shows_whose_turn():
    g = operating(corps={"PRR": (67, 0)})
    view = g.public_view()
    json.dumps(view)
    assert view["to_act"] == 0 and view["round"] == "operating"
    assert view["corporations"]["PRR"]["price"] == 67


def test_clone_is_independent():
    g = new(4)
    c = g.clone()
    act(c, "buy_private", company="SV")
    assert g.s["companies"]["SV"]["owner"] is None
    assert c.s["companies"]["SV"]["owner"] == "p0"


def test_undo_restores_the_earlier_state():
    game = Game("1830", ["a", "b", "c"], 0)
    before = game.state.fingerprint()
    game.apply({"type": "buy_private", "player": 0, "company": "SV"})
    game.apply({"type": "bid", "player": 1, "company": "CA", "amount": 170})
    game.undo(2)
    assert game.state.fingerprint() == before


def test_result_only_at_the_end():
    g = new(3)
    assert g.result() is None and not g.is_terminal
    assert g.legal_actions()


def test_26_0_variants_are_options_and_unknown_options_are_refused():
    from railyard.engine.errors import BadOptions
    import pytest
    game = Game("1830", ["a", "b", "c"], 0, {"diesels": False, "extra_6_train": True})
    assert "D" not in game.state.s["depot"]
    with pytest.raises(BadOptions):
        Game("1830", ["a", "b", "c"], 0, {"no_500_notes": True})
    with pytest.raises(BadOptions):
        Game("1830", ["a", "b", "c"], 0, {"diesels": "no"})


def test_26_0_bank_without_the_500_notes_is_a_smaller_bank():
    from railyard.engine.errors import BadOptions
    import pytest
    # 3 players receive 3 x $800 = $2400 (2.0); a bank of $9,000 keeps $6,600
    game = Game("1830", ["a", "b", "c"], 0, {"bank_cash": 9000})
    assert game.state.s["bank"] == 6600
    assert Game("1830", ["a", "b", "c"], 0, {}).state.s["bank"] == 12000 - 2400
    for bad in (2400, 100, 12500):
        with pytest.raises(BadOptions):
            Game("1830", ["a", "b", "c"], 0, {"bank_cash": bad})
    # 25.0: the smaller bank runs dry sooner: with $2,500 only $100 is left after 2.0, and
    # the six privates' income (5 + 10 + 15 + 20 + 25 + 30 = $105) breaks it
    g = Game("1830", ["a", "b", "c"], 0, {"bank_cash": 2500}).state
    for sym in g.s["companies"]:
        g.s["companies"][sym]["owner"] = "p0"
    from railyard.games.g1830 import privates
    privates.pay_revenue(g)
    assert g.s["bank"] == -5 and g.s["bank_broken"]
