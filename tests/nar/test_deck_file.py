"""The deck file (option ``deck``): loading a player's own deck and refusing bad files with
an error naming the line and field."""
import json

import pytest

from railyard.engine import BadOptions, Game
from railyard.games.nar.deck import DeckError, builtin_deck, load_deck, parse_deck
from railyard.games.nar.jsonpos import JsonPosError, loads

SLUG = "north-american-railways"


def deck_text(**change):
    """A valid deck written one card per line (line 1 '{', line 2 name, line 3 start_cities,
    lines 4-8 start cities, line 9 ']', line 10 'cities', lines 11-46 cities)."""
    starts = [{"name": f"S{i}", "income": 200} for i in range(5)]
    cities = [{"name": f"C{i}", "cost": 100 * (i % 9 + 1), "income": 100 * (i % 4),
               "coast_to_coast": i % 4} for i in range(36)]
    for index, fields in change.get("cities", {}).items():
        cities[index] = fields
    lines = ['{', ' "name": "Mine",', ' "start_cities": [']
    lines += ["  " + json.dumps(s) + ("," if i < 4 else "") for i, s in enumerate(starts)]
    lines += [' ],', ' "cities": [']
    lines += ["  " + json.dumps(c) + ("," if i < 35 else "") for i, c in enumerate(cities)]
    lines += [' ]', '}']
    return "\n".join(lines) + "\n"


def test_a_valid_deck_file_is_used_by_the_game(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(deck_text())
    game = Game(SLUG, ["a", "b", "c"], 0, {"deck": str(path)})
    assert game.state.deck.cities[5].name == "C5" and game.state.deck.start_cities[0].income == 200
    view = game.public_view()
    assert view["deck"]["reconstructed"] is False and view["deck"]["name"] == "Mine"


def test_deck_option_is_saved_and_loaded_with_the_game(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(deck_text())
    game = Game(SLUG, ["a", "b", "c"], 3, {"deck": str(path)})
    game.apply(game.legal_actions()[0].base() | {"hundreds": 2}
               if game.legal_actions()[0].ranges else game.legal_actions()[0].base())
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == game.state.fingerprint()


def test_empty_deck_option_is_the_builtin_reconstructed_deck():
    assert load_deck("") is builtin_deck() and builtin_deck().reconstructed


@pytest.mark.parametrize("card,line,field,words", [
    ({"name": "C3", "cost": 250, "income": 0, "coast_to_coast": 0}, 14, "cost", "multiple"),
    ({"name": "C3", "cost": 0, "income": 0, "coast_to_coast": 0}, 14, "cost", "at least"),
    ({"name": "C3", "cost": 200, "income": -100, "coast_to_coast": 0}, 14, "income", "at least"),
    ({"name": "C3", "cost": 200, "income": 0, "coast_to_coast": 4}, 14, "coast_to_coast",
     "0 to 3"),
    ({"name": "C3", "cost": "200", "income": 0, "coast_to_coast": 1}, 14, "cost", "whole"),
    ({"name": "C3", "cost": 200, "coast_to_coast": 1}, 14, "income", "lacks"),
    ({"name": "C3", "cost": 200, "incme": 0, "coast_to_coast": 1}, 14, "incme", "unknown"),
    ({"name": "C1", "cost": 200, "income": 0, "coast_to_coast": 1}, 14, "name", "line 12"),
    ({"name": "", "cost": 200, "income": 0, "coast_to_coast": 1}, 14, "name", "non-empty"),
])
def test_bad_city_values_are_named_by_line_and_field(card, line, field, words):
    text = deck_text(cities={3: card})
    with pytest.raises(DeckError) as err:
        parse_deck(text, "mine.json")
    msg = err.value.message
    assert f"line {line}" in msg and f"field '{field}'" in msg and words in msg, msg
    assert err.value.details["line"] == line and err.value.details["field"] == field


def test_wrong_number_of_cities_names_the_cities_field():
    text = deck_text().replace('  {"name": "C35", "cost": 900, "income": 300, '
                               '"coast_to_coast": 3}\n', "").replace(
        '"coast_to_coast": 2},\n ]', '"coast_to_coast": 2}\n ]')
    with pytest.raises(DeckError) as err:
        parse_deck(text, "mine.json")
    assert "line 10, field 'cities'" in err.value.message and "exactly 36" in err.value.message


def test_a_syntax_error_names_its_line():
    text = deck_text().splitlines()
    text[20] = text[20].rstrip(",")  # a missing comma after the card on line 21
    with pytest.raises(DeckError) as err:
        parse_deck("\n".join(text), "mine.json")
    # blamed where the next card starts (line 22), pointing back at the card on line 21
    assert "line 22:" in err.value.message and "not valid JSON" in err.value.message
    assert "after the value ending on line 21" in err.value.message


def test_a_missing_file_is_a_bad_option_naming_the_path(tmp_path):
    with pytest.raises(BadOptions) as err:
        Game(SLUG, ["a", "b", "c"], 0, {"deck": str(tmp_path / "nope.json")})
    assert "nope.json" in err.value.message


def test_start_city_without_income_is_refused():
    text = deck_text().replace('{"name": "S2", "income": 200}', '{"name": "S2"}')
    with pytest.raises(DeckError) as err:
        parse_deck(text, "mine.json")
    assert "line 6, field 'income'" in err.value.message


def test_position_reader_agrees_with_json_and_tracks_lines():
    text = '{\n "a": [1,\n  {"b": "x\\u00e9"}],\n "c": true, "d": null, "e": -1.5e2\n}'
    value = loads(text)
    assert value == json.loads(text)
    assert value.key_lines == {"a": 2, "c": 4, "d": 4, "e": 4}
    assert value["a"].item_lines == [2, 3] and value["a"][1].line == 3


@pytest.mark.parametrize("text,line", [('{"a": 1,,}', 1), ('{\n"a": 1\n"b": 2}', 3),
                                       ('[1,\n2', 2), ('{"a": 1, "a": 2}', 1),
                                       ('\n\n{"a": tru}', 3), ('{} x', 1)])
def test_position_reader_reports_syntax_errors_with_line(text, line):
    with pytest.raises(JsonPosError) as err:
        loads(text)
    assert err.value.line == line


def _cli(*args):
    from click.testing import CliRunner

    from railyard.cli.main import main
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_cli_deck_flag_plays_with_the_players_own_deck(tmp_path):
    # issue 5: "let a player load their own deck from a file (--deck FILE)"
    path, out = tmp_path / "mine.json", tmp_path / "game.json"
    path.write_text(deck_text())
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(path), "--out", str(out))
    assert result.exit_code == 0, result.output
    game = Game.load(str(out))
    assert game.options["deck"] == str(path)
    assert game.public_view()["deck"]["name"] == "Mine"


def test_cli_deck_flag_names_the_line_and_field_of_a_bad_file(tmp_path):
    path, out = tmp_path / "bad.json", tmp_path / "game.json"
    path.write_text(deck_text(cities={7: {"name": "C7", "cost": "cheap", "income": 100,
                                          "coast_to_coast": 0}}))
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(path), "--out", str(out))
    assert result.exit_code != 0 and not out.exists()
    assert "line 18" in result.output and "cost" in result.output


def test_cli_deck_flag_is_refused_for_a_game_without_decks(tmp_path):
    path, out = tmp_path / "mine.json", tmp_path / "game.json"
    path.write_text(deck_text())
    result = _cli("new", "chicago-express", "--players", "a,b,c", "--deck", str(path),
                  "--out", str(out))
    assert result.exit_code == 2 and "deck" in result.output and not out.exists()
