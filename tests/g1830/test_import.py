"""Import of 18xx.games exports of 1830 (issue 3): every fixture replays to its recorded
result; bad exports are refused with a clear message naming the action and the rule."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from railyard.cli.cmd_import18xx import command
from railyard.eighteen.import18xx import ExportError, effective_actions, load_export
from railyard.games.g1830.import18xx import import_1830
from railyard.engine.game import Game

from tests.fixture_files import fixture, fixture_files

FILES = fixture_files("1830")
MAIN = fixture("1830", "26855.json")


def _load(path: Path) -> dict:
    return load_export(path.read_text("utf-8"))


def test_fixture_folder_is_present():
    assert MAIN.exists(), f"fixture missing: {MAIN}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_fixture_replays_to_its_recorded_result(path):
    data = _load(path)
    game, result = import_1830(data)
    expected = {str(k): v for k, v in data["result"].items()}
    assert result == expected
    if data.get("status") == "finished":
        assert game.is_terminal


def test_effective_action_count_of_26855_matches_the_reference():
    # format notes section 4: 588 entries, 502 effective
    data = _load(MAIN)
    assert len(data["actions"]) == 588
    assert len(effective_actions(data["actions"])) == 502


def test_undo_redo_groups_worked_example():
    # format notes section 4 table (ids 270-292 of 26855.json)
    data = _load(MAIN)
    ids = [e["id"] for e in effective_actions(data["actions"]) if 271 <= e["id"] <= 292]
    assert ids == [271, 272, 273, 290, 291, 292]


def test_undo_without_target_and_redo_on_a_small_log():
    entries = [{"id": 1, "type": "pass"}, {"id": 2, "type": "pass"},
               {"id": 3, "type": "undo"}, {"id": 4, "type": "redo"},
               {"id": 5, "type": "undo", "action_id": 1}, {"id": 6, "type": "bid"}]
    assert [e["id"] for e in effective_actions(entries)] == [1, 6]


def test_saved_import_reloads_to_the_same_result(tmp_path):
    game, result = import_1830(_load(MAIN))
    path = tmp_path / "g.json"
    game.save(str(path))
    again = Game.load(str(path))
    assert list(again.result().scores) == [result[k] for k in ("1627", "82", "117", "330")]


def test_cli_prints_the_result_as_last_line(tmp_path):
    out = tmp_path / "save.json"
    res = CliRunner().invoke(command, [str(MAIN), "--out", str(out)])
    assert res.exit_code == 0, res.output
    last = res.output.strip().splitlines()[-1]
    assert json.loads(last) == {"result": {"330": 2212, "82": 2127, "1627": 1831, "117": 310}}
    assert out.exists()


def test_cli_rejects_malformed_json(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    res = CliRunner().invoke(command, [str(bad)])
    assert res.exit_code != 0
    assert "not valid JSON" in res.output


def test_unknown_title_is_refused():
    data = _load(MAIN)
    data["title"] = "1889"
    with pytest.raises(ExportError, match="Unsupported title"):
        import_1830(data)


def test_unsupported_optional_rule_is_refused():
    data = _load(MAIN)
    data["settings"]["optional_rules"] = ["station_wars"]
    with pytest.raises(ExportError, match="Unsupported optional rule 'station_wars'"):
        import_1830(data)


def test_illegal_action_names_its_id_and_rule():
    data = copy.deepcopy(_load(MAIN))
    # action 3: Player 3 bids 170 on CA over Player 1's 165; 167 is not $5 over it (7.2)
    entry = next(e for e in data["actions"] if e["id"] == 3)
    entry["price"] = 167
    with pytest.raises(ExportError) as err:
        import_1830(data)
    assert "Action 3 (bid)" in err.value.message
    assert "7.2" in err.value.message


def test_tampered_route_revenue_is_refused():
    data = copy.deepcopy(_load(MAIN))
    entry = next(e for e in data["actions"] if e["id"] == 92)
    entry["routes"][0]["revenue"] += 10
    with pytest.raises(ExportError, match="Action 92 \\(run_routes\\)"):
        import_1830(data)


def test_unknown_action_type_is_refused():
    data = copy.deepcopy(_load(MAIN))
    data["actions"].insert(5, {"id": 5.5, "type": "take_loan", "entity": 82,
                               "entity_type": "player"})
    with pytest.raises(ExportError, match="take_loan"):
        import_1830(data)


def test_purchase_at_a_wrong_price_is_refused():
    data = copy.deepcopy(_load(MAIN))
    entry = next(e for e in data["actions"] if e["id"] == 6)  # SV bought at face value
    entry["price"] = 15
    with pytest.raises(ExportError, match="Action 6 \\(bid\\).*7.1"):
        import_1830(data)


def test_hotseat_export_without_player_ids_uses_the_names():
    # format notes section 2: hotseat exports name players only, and use the name as id
    data = copy.deepcopy(_load(MAIN))
    names = {p["id"]: p["name"] for p in data["players"]}
    data["players"] = [{"name": p["name"]} for p in data["players"]]
    for e in data["actions"]:
        if e.get("entity_type") == "player":
            e["entity"] = names[e["entity"]]
    game, result = import_1830(data)
    assert result == {names[int(k)]: v for k, v in data["result"].items()}


def test_messages_and_programs_change_nothing():
    data = copy.deepcopy(_load(MAIN))
    data["actions"].insert(10, {"type": "message", "entity": 82, "entity_type": "player",
                                "message": "hi"})
    data["actions"].insert(40, {"id": 9999, "type": "program_share_pass", "entity": 82,
                                "entity_type": "player"})
    _, result = import_1830(data)
    assert result == {str(k): v for k, v in data["result"].items()}


def _tiny_export(actions: list[dict]) -> dict:
    players = [{"id": 11, "name": "a"}, {"id": 12, "name": "b"}, {"id": 13, "name": "c"}]
    for i, a in enumerate(actions, 1):
        a.setdefault("id", i)
    return {"id": 1, "title": "1830", "status": "finished", "players": players,
            "settings": {"optional_rules": []}, "actions": actions, "result": {}}


def test_end_game_action_ends_our_game_with_the_worth_at_that_moment(tmp_path):
    # 7.3: all three pass, so the SV is offered again $5 cheaper; seat 11 buys it for $15,
    # then player 13 (not on turn) ends the game (format: end_game ends it immediately).  Worth (25.0,
    # 23.3): 800 - 15 + 20 (SV at face value) = 805; the others keep their $800.
    p = [{"type": "pass", "entity": e, "entity_type": "player"} for e in (11, 12, 13)]
    data = _tiny_export(p + [
        {"type": "bid", "entity": 11, "entity_type": "player", "company": "SV", "price": 15},
        {"type": "end_game", "entity": 13, "entity_type": "player"}])
    game, result = import_1830(data)
    assert result == {"11": 805, "12": 800, "13": 800}
    assert game.is_terminal
    assert game.state.result().details["reason"] == "ended by the players"
    assert game.readable_log()[-1] == "c ends the game (agreed by the players)"
    # the saved game ends too
    again = Game.from_save(json.loads(json.dumps(game.to_save())))
    assert again.is_terminal


def test_actions_after_end_game_are_refused():
    data = _tiny_export([{"type": "end_game", "entity": 13, "entity_type": "player"},
                         {"type": "pass", "entity": 11, "entity_type": "player"}])
    with pytest.raises(ExportError) as err:
        import_1830(data)
    assert "2" in err.value.message and "over" in err.value.message


def test_the_import_plays_by_the_sites_profile_and_says_so(tmp_path):
    """Where 18xx.games departs from the rulebook the import switches on exactly the
    options of its profile (docs/games/1830.md); a game created in railyard has none."""
    from railyard.engine.registry import get_title
    profile = {"unlimited_d_trains": True, "train_limit_purchase_then_discard": True,
               "agreed_prices_need_consent": False,
               "route_may_start_and_end_in_one_red_area": True,
               "withhold_moves_at_once": True, "erie_token_replaced": True,
               "emergency_sale_whole_presidents_certificate": True,
               "private_purchase_before_discard": True}
    game, _ = import_1830(_load(MAIN))
    defaults = {o.name: o.default for o in get_title("1830").options}
    chosen = {k: v for k, v in game.options.items() if defaults[k] != v}
    assert chosen == {**profile, "multiple_brown_from_ipo": True}
    assert all(defaults[k] != v for k, v in profile.items())   # the rule is the default
    assert Game("1830", ["a", "b", "c"]).options == defaults
    out = tmp_path / "g.json"
    res = CliRunner().invoke(command, [str(MAIN), "--out", str(out)])
    line = next(x for x in res.output.splitlines() if x.startswith('{"options"'))
    assert json.loads(line) == {"options": chosen}
    assert Game.load(str(out)).options == game.options
