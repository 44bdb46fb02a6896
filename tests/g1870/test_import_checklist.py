"""Import of 1870 exports: situations the two fixtures do not show, on synthetic exports
(fixtures cut short or changed; expectations worked out by hand from the rules and the
export notes)."""
from __future__ import annotations

import copy
import json

import pytest

from railyard.eighteen.import18xx import ExportError
from railyard.games.g1870.import18xx import _Replay, import_1870
from railyard.engine.game import Game

from tests.fixture_files import fixture

from .helpers import float_corp, give, new, place, to_stock_round


def _load(name: str) -> dict:
    return json.loads(fixture("1870", name).read_text("utf-8"))


def _reloads(game: Game) -> None:
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == game.state.fingerprint()


# ---- recorded connection checks (export notes 5.2; 9.6.1, 9.6.2) ----------------------------
def test_5_2_a_recorded_run_our_test_does_not_find_is_declared_and_the_save_reloads():
    """34110 action 220 records MP's connection run; by 9.6.1 MP (home C18, destination J5,
    five stops apart, longest train a 4) is not connected.  The import follows the record
    and keeps it in the game, so the save reloads."""
    game, _ = import_1870(_load("34110.json"))
    assert any(w.startswith("220 (auto)") and "MP" in w for w in game.import_warnings)
    assert [a["corporations"] for a in game.log if a["type"] == "recorded_connections"] \
        == [["MP"]]
    _reloads(game)


def test_5_2_the_recorded_run_is_made_and_the_save_reloads():
    """34110 continued after MP's ``choose Map`` (227): MP's 4-train runs E12 (tile 14,
    $30) - H13 (tile 15, $30) - J5 (tile 57, $20, doubled by the map marker, 9.6.6): $100,
    paid out (9.6.5: marker one column right).  The run need not touch MP's home (it was
    recorded, :mod:`railyard.games.g1870.recorded`)."""
    data = _load("34110.json")
    data["actions"] = [e for e in data["actions"] if e["id"] < 228] + [
        {"id": 229, "type": "run_routes", "entity": "MP", "entity_type": "corporation",
         "routes": [{"train": "4-3", "revenue": 100, "hexes": ["E12", "H13", "J5"],
                     "connections": [["E12", "F13", "G14", "H15", "H13"],
                                     ["H13", "H11", "H9", "I8", "J7", "J5"]]}]},
        {"id": 230, "type": "dividend", "entity": "MP", "entity_type": "corporation",
         "kind": "payout"}]
    data["status"] = "active"
    rp = _Replay(data)
    rp.run()
    run = [a for a in rp.game.log if a["type"] == "connection_run"]
    assert len(run) == 1 and run[0]["revenue"] == 100 and run[0]["marker"] == "map"
    mp = rp.s["corps"]["MP"]
    assert mp["connected"] and mp["dest_marker"] == "map"
    _reloads(rp.game)


def test_5_2_a_recorded_empty_check_holds_back_a_run_our_test_finds():
    """The bankrupt game, action 397 (GMO ends its turn): the record starts SLSF's run.
    Changed to an empty list and cut there, the import follows it: no run now (9.6.2),
    with a warning, and the save reloads."""
    data = _load("1870_game_end_bankrupt.json")
    data["actions"] = [e for e in data["actions"] if e["id"] <= 397]
    for a in data["actions"][-1]["auto_actions"]:
        if a["type"] == "destination_connection":
            a["corporations"] = []
    data["status"] = "active"
    rp = _Replay(data)
    rp.run()
    assert any(w.startswith("397 (auto)") and "SLSF" in w for w in rp.warnings)
    assert rp.s["op"]["connections"] == [] and not rp.s["corps"]["SLSF"].get("connected")
    _reloads(rp.game)


def test_5_2_a_recorded_run_of_a_corporation_that_cannot_run_is_refused():
    """9.6.1/9.6.7: the record names a corporation that has not floated (IC)."""
    data = _load("34110.json")
    data["actions"] = [e for e in data["actions"] if e["id"] <= 220]
    data["actions"][-1]["auto_actions"][0]["corporations"] = ["IC"]
    data["status"] = "active"
    with pytest.raises(ExportError, match=r"Action 220 \(auto\).*IC.*9\.6"):
        import_1870(data)


# ---- the final private-purchase step (export notes 6.3) --------------------------------------
def _company_step(phase: str, corp: str, cash: int, owned: dict) -> bool:
    data = {"title": "1870", "players": [{"id": 1}, {"id": 2}, {"id": 3}], "actions": []}
    rp = _Replay(data)
    g = rp.game.state
    s = g.s
    s["phase"] = phase
    for sym, comp in s["companies"].items():
        comp["owner"] = owned.get(sym)
    s["corps"][corp]["cash"] = cash
    return rp._company_open(corp)


@pytest.mark.parametrize("phase,corp,cash,owned,open_", [
    ("2", "ATSF", 40, {"GSC": "p1"}, True),        # 8.1: GSC $80, minimum $40
    ("2", "ATSF", 39, {"GSC": "p1"}, False),
    ("3", "ATSF", 10, {"GRSC": "p0"}, True),       # GRSC $20, minimum $10
    ("4", "ATSF", 500, {"GSC": "p1"}, False),      # phase 4: privates closed / not for sale
    ("1", "ATSF", 500, {"GSC": "p1"}, False),      # 2.5: no purchases in phase 1 ...
    ("1", "MP", 40, {"GSC": "p1"}, True),          # ... but MP and SSW (8.2; 34110 act. 59)
    ("1", "SSW", 39, {"GSC": "p1"}, False),
    ("2", "ATSF", 500, {"SLSF": "p1"}, False),     # SLSF private: never bought (4.6)
    ("2", "ATSF", 500, {"GSC": "MP"}, False),      # a corporation's private: not for sale
])
def test_6_3_final_private_step_waits_only_for_a_purchase_it_could_pay(phase, corp, cash,
                                                                         owned, open_):
    assert _company_step(phase, corp, cash, owned) is open_


def test_6_3_final_private_step_waits_for_a_token_to_place():
    """11.3: a corporation owning SCC with the cattle token not yet placed."""
    assert _company_step("4", "ATSF", 0, {"SCC": "ATSF"}) is True


# ---- reissue (7.4) ---------------------------------------------------------------------------
def _reissue_replay():
    """T10 position: IC par 76, market 140, two redeemed shares, IPO empty; a stock round
    with IC's president (seat 0) to act."""
    data = {"title": "1870", "players": [{"id": i} for i in range(1, 5)], "actions": []}
    rp = _Replay(data)
    g = new(4)
    float_corp(g, "IC", 76, 0)
    give(g, "IC", 1, ["IC_5", "IC_6"])
    give(g, "IC", "treasury", ["IC_7", "IC_8"])
    place(g, "IC", 2, 11)                           # 140
    to_stock_round(g)
    rp.game.state = g
    return rp


def _reissue(certs, price):
    return {"type": "sell_shares", "entity": "IC", "entity_type": "corporation",
            "shares": certs, "percent": 10 * len(certs), "share_price": f"{price},0,4"}


def test_7_4_reissue_at_the_recorded_price():
    """7.4.2/7.4.3: 75 % of 140 = 105 -> 110; all redeemed shares go to the IPO."""
    rp = _reissue_replay()
    rp.apply_entry(_reissue(["IC_7", "IC_8"], 110), 7)
    assert rp.s["corps"]["IC"]["ipo_price"] == 110
    assert sorted(rp.s["holders"]["IC"]["ipo"]) == ["IC_7", "IC_8"]


def test_7_4_1_a_partial_reissue_is_refused():
    rp = _reissue_replay()
    before = copy.deepcopy(rp.s)
    with pytest.raises(ExportError, match=r"Action 7 .*7\.4\.1"):
        rp.apply_entry(_reissue(["IC_8"], 110), 7)
    assert rp.s == before


def test_7_4_2_a_reissue_at_another_price_is_refused():
    rp = _reissue_replay()
    with pytest.raises(ExportError, match=r"Action 7 .*\$100.*\$110.*7\.4\.2"):
        rp.apply_entry(_reissue(["IC_7", "IC_8"], 100), 7)


# ---- trains between corporations (9.5.2) -----------------------------------------------------
def test_9_5_2_a_train_bought_from_another_corporation_for_a_dollar():
    """34110 changed at action 62: MKT (no train yet) buys MP's train 2-1 for $1 instead of
    a depot train; any price from $1, also without a train of its own for its own cash
    (9.5.2, 9.5.4); the presidents differ, so the recorded purchase is the seller's
    agreement (our offer, then his acceptance)."""
    data = _load("34110.json")
    data["actions"] = [e for e in data["actions"] if e["id"] < 62] + [
        {"id": 62, "type": "buy_train", "entity": "MKT", "entity_type": "corporation",
         "train": "2-1", "price": 1, "variant": "2"}]
    data["status"] = "active"
    seen = {}

    def before(game, a, ident):
        if ident == 62:
            s = game.state.s
            seen.update(mkt=s["corps"]["MKT"]["cash"], mp=s["corps"]["MP"]["cash"],
                        trains=list(s["corps"]["MP"]["trains"]),
                        presidents=(s["corps"]["MKT"]["president"],
                                    s["corps"]["MP"]["president"]))
    rp = _Replay(data, before)
    rp.run()
    s = rp.s
    assert seen["presidents"][0] != seen["presidents"][1]
    ours = rp.trains["2-1"]
    assert ours in seen["trains"] and ours not in s["corps"]["MP"]["trains"]
    assert s["corps"]["MKT"]["trains"] == [ours]
    assert s["corps"]["MKT"]["cash"] == seen["mkt"] - 1
    assert s["corps"]["MP"]["cash"] == seen["mp"] + 1
    last = max(i for i, a in enumerate(rp.game.log) if a["type"] == "buy_train")
    assert rp.game.log[last + 1]["type"] == "accept_offer"


def test_optional_rules_map_to_our_options_diesels_and_400():
    """Notes 1: `diesels` (12.2: only from phase 5) and `finish_on_400` (10.1.3) change
    nothing in 34110, which ends before phase 5 with no price near $400: same result, and the
    game carries both options."""
    data = _load("34110.json")
    data["settings"]["optional_rules"] = ["diesels", "finish_on_400"]
    game, result = import_1870(data)
    assert game.options.get("diesels") is True and game.options.get("finish_on_400") is True
    assert result == {str(k): v for k, v in data["result"].items()}


# ---- the track step after a station marker (export notes 3.4, 6.3) ---------------------------
def test_6_3_a_pass_after_the_marker_declines_the_track_step_still_waiting():
    """34110 changed: MP lays one yellow tile (B19, action 52), places its marker (54), then
    passes; a second yellow lay was left, so the reference's track step still waits and the
    pass declines it (notes 6.3: "offered while the corporation still has a tile lay").
    Then no train: routes skipped; MP buys its trains (55-57), passes the train step (58)
    and the private step (59; phase 1, MP may buy privates, 8.2)."""
    data = _load("34110.json")
    keep = [e for e in data["actions"] if e["id"] <= 52 or e["id"] == 54]
    rest = [e for e in data["actions"] if 55 <= e["id"] <= 59]
    data["actions"] = keep + [{"id": 540, "type": "pass", "entity": "MP",
                               "entity_type": "corporation"}] + rest
    data["status"] = "active"
    rp = _Replay(data)
    rp.run()
    s = rp.s
    assert len(s["corps"]["MP"]["trains"]) == 3
    assert s["op"]["corp"] != "MP" and "MP" in s["op"]["done"]
    assert "A20" not in s["tiles"] and s["tiles"]["B19"][0] == "57"


# ---- the track step kept open by MRBC (export notes 6.3 corrected) ---------------------------
RANDOM = fixture("1870", "34110.json").parents[2] / "18xx-games-random" / "1870"


def _random(name: str) -> dict:
    return json.loads((RANDOM / name).read_text("utf-8"))


def _stopped_before(data: dict, ident: int) -> _Replay:
    class Stop(Exception):
        pass

    def before(game, a, i):
        if i == ident:
            raise Stop
    rp = _Replay(data, before)
    with pytest.raises(Stop):
        rp.run()
    return rp


def test_6_3_b_mrbc_of_a_player_keeps_the_track_step_open_in_phases_2_and_3():
    """1870-p2-seed1, action 85: SLSF has upgraded F13 (its one lay, 9.1.1), MRBC belongs
    to Player 2, phase 2, SLSF has $140 >= MRBC's lowest price $20 (8.1): the reference's
    track step still waits and action 85's ``pass`` leaves it; action 86's ``pass`` ends
    the turn in the private step.  With less than $20 the track step would be over."""
    rp = _stopped_before(_random("1870-p2-seed1.json"), 85)
    s = rp.s
    assert s["op"]["corp"] == "SLSF" and s["op"]["lays"] == [["F13", "green"]]
    assert s["companies"]["MRBC"]["owner"] == "p1" and s["phase"] == "2"
    assert rp._track_open("SLSF")
    s["corps"]["SLSF"]["cash"] = 19
    assert not rp._track_open("SLSF")
    s["corps"]["SLSF"]["cash"] = 140
    s["phase"] = "4"
    assert not rp._track_open("SLSF")


def test_6_3_a_own_unused_mrbc_keeps_the_track_step_open():
    """Same position, MRBC given to SLSF: its tile lay (11.2 b) is unused, so the track step
    waits (notes 6.3 a); once the lay is used it does not."""
    rp = _stopped_before(_random("1870-p2-seed1.json"), 85)
    s = rp.s
    s["companies"]["MRBC"]["owner"] = "SLSF"
    s["corps"]["SLSF"]["cash"] = 0
    assert rp._track_open("SLSF")
    s.setdefault("used_abilities", []).append("MRBC")
    assert not rp._track_open("SLSF")


# ---- the connection check recorded after a bank-break end (notes 6.5 corrected) --------------
def test_6_5_the_check_after_the_final_turn_is_applied_before_the_end():
    """1870-p2-seed21: the bank is broken; MKT's dividend (action 758) ends the last turn of
    the final operating round, and its auto action records the end-of-turn connection check
    (empty) before the game ends (10.1.1).  The import accepts it; the game ends with the
    recorded worths."""
    data = _random("1870-p2-seed21.json")
    game, result = import_1870(data)
    assert game.state.s["end_reason"] == "bank broken"
    assert result == {str(k): v for k, v in data["result"].items()}


def test_6_5_a_run_recorded_after_the_end_is_refused():
    data = _random("1870-p2-seed21.json")
    last = next(a for a in data["actions"] if a["id"] == 758)
    last["auto_actions"][0]["corporations"] = ["MKT"]
    with pytest.raises(ExportError, match="after the game ended"):
        import_1870(data)


def test_6_5_only_one_check_after_the_end():
    data = _random("1870-p2-seed21.json")
    last = next(a for a in data["actions"] if a["id"] == 758)
    last["auto_actions"].append(dict(last["auto_actions"][0]))
    with pytest.raises(ExportError, match="already over"):
        import_1870(data)


# ---- MRBC's lay after the normal lays (11.2 b; profile option mrbc_lay_extra) ---------------
def test_11_2_b_mrbc_lay_is_one_of_the_normal_lays_and_extra_on_the_site():
    """1870-p4-seed32, action 253: IC has upgraded L15 (its one lay, 9.1.1), then lays a
    yellow tile on the Mississippi hex K14 with MRBC.  By 11.2 (b) that lay is one of the
    normal lays: refused.  18xx.games (profile option ``mrbc_lay_extra``, which the import
    switches on) gives it in addition once the normal lays are used up."""
    from railyard.games.g1870 import track
    rp = _stopped_before(_random("1870-p4-seed32.json"), 253)
    g = rp.game.state
    assert g.options["mrbc_lay_extra"] is True
    assert g.s["op"]["lays"] == [["L15", "green"]] and g.company_owner("MRBC") == "IC"
    assert track.lay_error(g, "IC", "K14", "58", 2, use_mrbc=True) is None
    g.options["mrbc_lay_extra"] = False
    assert "9.1.1" in track.lay_error(g, "IC", "K14", "58", 2, use_mrbc=True)


def test_11_2_b_with_a_normal_lay_left_the_mrbc_lay_uses_it():
    """1870-p5-seed28, actions 191-193: SSW lays one yellow tile, then MRBC's yellow tile:
    that is its second normal lay, so no track step is left (the next action buys a train)."""
    rp = _stopped_before(_random("1870-p5-seed28.json"), 193)
    op = rp.s["op"]
    assert op["lays"] == [["I18", "yellow"], ["G18", "yellow"]]
    assert not rp._track_open("SSW")


def test_6_2_a_possible_private_purchase_keeps_the_stock_turn_open():
    """1870-p6-seed9, action 47: Player 2 ($44, nothing to buy or sell) could buy a private
    from another player (6.3.1, phase 2): the reference waits for his ``pass`` instead of
    ending his turn by itself (notes 6.2)."""
    rp = _stopped_before(_random("1870-p6-seed9.json"), 47)
    assert rp.s["stock"]["turn"] == 1 and rp.s["phase"] == "2"
    assert {c.type for c in rp.game.legal_actions()} == {"pass", "buy_private"}
    assert not rp._only_pass()


def test_6_2_a_treasury_action_alone_does_not_keep_a_stock_turn_open():
    """1870-p4-seed3, before action 439: Player 4 can do nothing but have MKT redeem a pool
    share (7.3); the reference passes over him (the next recorded action is Player 1's),
    so the import ends his turn by itself; the redemption stays legal in our game."""
    rp = _stopped_before(_random("1870-p4-seed3.json"), 439)
    assert rp.s["stock"]["turn"] == 0                 # Player 4 (seat 3) was passed over
    assert dict(rp.game.log[-1]) == {"type": "pass", "player": 3}
    rp.game.undo(1)
    assert {c.type for c in rp.game.legal_actions()} == {"pass", "redeem"}


def test_6_3_the_train_step_waits_at_the_limit_for_a_diesel_trade_in():
    """1870-p2-seed30 (diesels), action 1034: FW is at the phase-D limit of 2 trains; a
    diesel with a 5 traded in does not raise its count (12.2), so the reference's train
    step still waits and FW buys it."""
    rp = _stopped_before(_random("1870-p2-seed30.json"), 1034)
    s = rp.s
    assert s["op"]["corp"] == "FW" and len(s["corps"]["FW"]["trains"]) == 2
    assert rp._trains_open("FW")


def test_2_1_a_purchase_beyond_the_limit_is_refused_and_on_the_site_then_discarded():
    """1870-p2-seed10 (diesels), action 1065: FW holds a D and a 6 (the phase-D limit of 2)
    and could trade the 6 in for a diesel (12.2).  It buys ATSF's 5 for $1: by 2.1/9.5.1
    refused; with the profile option ``train_limit_purchase_then_discard`` (18xx.games)
    bought, and FW must then discard down to the limit (action 1066 discards it)."""
    rp = _stopped_before(_random("1870-p2-seed10.json"), 1065)
    g = rp.game
    seller = next(c for c, v in rp.s["corps"].items() if rp.trains["5-0"] in v["trains"])
    buy = {"type": "buy_train", "player": g.current_player, "corporation": "FW",
           "source": seller, "train": rp.trains["5-0"], "price": 1}
    g.state.options["train_limit_purchase_then_discard"] = False
    with pytest.raises(Exception, match="train limit"):
        g.apply(dict(buy))
    g.state.options["train_limit_purchase_then_discard"] = True
    g.apply(dict(buy))
    if rp.s["op"].get("offer"):
        g.apply({"type": "accept_offer", "player": g.current_player, "corporation": seller})
    assert rp.s["op"]["discard"] == ["FW"] and len(rp.s["corps"]["FW"]["trains"]) == 3
