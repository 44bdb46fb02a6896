"""A deck of the players' own (option ``deck``): its content - never a file name - is the
option, checked with errors naming the line and field, stored in saves; ``--deck FILE`` reads
the file once (issue 5; issue 15 point 1)."""
import json
import os
import threading

import pytest

from railyard.engine import BadOptions, Game, SaveError
from railyard.games.nar.deck import (MAX_DECK_BYTES, DeckError, builtin_deck, deck_from_option,
                                     parse_deck)
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


def test_a_deck_text_as_the_option_is_used_by_the_game():
    game = Game(SLUG, ["a", "b", "c"], 0, {"deck": deck_text()})
    assert game.state.deck.cities[5].name == "C5" and game.state.deck.start_cities[0].income == 200
    view = game.public_view()
    assert view["deck"]["reconstructed"] is False and view["deck"]["name"] == "Mine"


def test_a_deck_object_as_the_option_is_used_by_the_game():
    """A program (or the web API) may send the deck as a JSON object."""
    game = Game(SLUG, ["a", "b", "c"], 0, {"deck": json.loads(deck_text())})
    assert game.state.deck.cities[35].name == "C35" and game.public_view()["deck"]["name"] == "Mine"
    again = Game.loads(game.dumps())
    assert again.state.deck == game.state.deck


def _one_move(game):
    first = game.legal_actions()[0]
    game.apply(first.base() | {"hundreds": 2} if first.ranges else first.base())


def test_deck_option_is_saved_and_loaded_with_the_game():
    game = Game(SLUG, ["a", "b", "c"], 3, {"deck": deck_text()})
    _one_move(game)
    again = Game.loads(game.dumps())
    assert again.state.fingerprint() == game.state.fingerprint()
    assert again.options["deck"] == deck_text()


def test_empty_deck_option_is_the_builtin_reconstructed_deck():
    assert deck_from_option("") is builtin_deck() and builtin_deck().reconstructed


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


@pytest.mark.parametrize("value", ["/dev/zero", "/etc/passwd", "mine.json", "~/deck.json",
                                   "../../railyard.sqlite3", "C:\\decks\\a.json", "-"])
def test_a_file_name_is_refused_without_opening_anything(value, monkeypatch):
    """Issue 15 point 1: no option names a file on the server.  The refusal is the same
    whether the path exists or not (it tells nothing about the server's files) and no file
    is opened."""
    opened = []
    real_open, real_os_open = open, os.open
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a) or real_os_open(*a, **k))
    with pytest.raises(BadOptions) as err:
        Game(SLUG, ["a", "b", "c"], 0, {"deck": value})
    monkeypatch.undo()
    assert opened == []
    msg = err.value.message
    assert err.value.code == "bad_deck" and "is not a deck" in msg and "--deck FILE" in msg
    assert msg.replace(repr(value), "X") == _not_a_deck_message("/no/such/file")


def _not_a_deck_message(value):
    with pytest.raises(BadOptions) as err:
        deck_from_option(value)
    return err.value.message.replace(repr(value), "X")


def test_a_fifo_named_as_deck_is_refused_at_once(tmp_path):
    """A FIFO named as deck froze the server (issue 15): now the call returns at once."""
    fifo = tmp_path / "deck.fifo"
    os.mkfifo(fifo)
    outcome = []

    def create():
        try:
            Game(SLUG, ["a", "b", "c"], 0, {"deck": str(fifo)})
        except BadOptions as exc:
            outcome.append(exc)

    worker = threading.Thread(target=create, daemon=True)
    worker.start()
    worker.join(timeout=10)
    if worker.is_alive():   # it opened the FIFO and waits for a writer: release it
        with open(fifo, "w"):
            pass
        worker.join(timeout=5)
        pytest.fail("the deck option opened the FIFO")
    assert len(outcome) == 1 and outcome[0].code == "bad_deck"


@pytest.mark.parametrize("value,words", [
    (5, "not 5"), (True, "not True"), (None, "not None"), ([1, 2], "not a list"),
    (3.5, "not 3.5"), ({"start_cities": []}, "field 'start_cities': must hold exactly 5 cards"),
    ({"cities": []}, "field 'start_cities': the deck lacks this field"),
])
def test_a_deck_option_of_another_kind_is_a_bad_option(value, words):
    with pytest.raises(BadOptions) as err:
        Game(SLUG, ["a", "b", "c"], 0, {"deck": value})
    assert words in err.value.message and err.value.code == "bad_deck"


def test_a_deck_text_above_256_kib_is_refused_before_parsing():
    text = deck_text().replace('"name": "Mine"', '"name": "' + "x" * MAX_DECK_BYTES + '"')
    with pytest.raises(BadOptions) as err:
        Game(SLUG, ["a", "b", "c"], 0, {"deck": text})
    assert "larger than 256 KiB" in err.value.message


@pytest.mark.parametrize("index,card,path,words", [
    (3, {"name": "C3", "cost": 250, "income": 0, "coast_to_coast": 0}, "cities[3].cost",
     "multiple of $100"),
    (3, {"name": "C3", "cost": 200, "coast_to_coast": 1}, "cities[3].income", "lacks"),
    (3, {"name": "C3", "cost": 200, "incme": 0, "coast_to_coast": 1}, "cities[3].incme",
     "unknown field"),
    (3, {"name": "C1", "cost": 200, "income": 0, "coast_to_coast": 1}, "cities[3].name",
     "already used by field 'cities[1].name'"),
    (3, ["C3", 200], "cities[3]", "must be an object"),
    (3, {"name": "C3" * 40, "cost": 200, "income": 0, "coast_to_coast": 1}, "cities[3].name",
     "at most 60 characters"),
])
def test_a_deck_object_names_the_bad_field_by_its_path(index, card, path, words):
    deck = json.loads(deck_text())
    deck["cities"][index] = card
    with pytest.raises(DeckError) as err:
        Game(SLUG, ["a", "b", "c"], 0, {"deck": deck})
    assert f"field '{path}'" in err.value.message and words in err.value.message, \
        err.value.message
    assert err.value.details == {"line": None, "field": path}


def test_hostile_deck_values_get_a_clear_refusal():
    """Deep nesting, huge numbers and long texts are refused as bad options, never with a
    RecursionError or ValueError."""
    deep = "x"
    for _ in range(100_000):
        deep = [deep]
    deck = json.loads(deck_text())
    deck["name"] = deep
    with pytest.raises(DeckError, match="field 'name': must be a text"):
        deck_from_option(deck)
    deck = json.loads(deck_text())
    deck["cities"][0]["cost"] = 10 ** 5000
    with pytest.raises(DeckError, match="so large a number"):
        deck_from_option(deck)
    with pytest.raises(DeckError, match="line 1: not valid JSON: a number of more than 40"):
        deck_from_option('{"name": 1' + "0" * 5000 + "}")
    with pytest.raises(DeckError, match="nested too deeply"):
        deck_from_option('{"a": ' + "[" * 200 + "]" * 200 + "}")
    deck = json.loads(deck_text())
    deck["note"] = {"a": 1}
    with pytest.raises(DeckError, match="field 'note': must be a text"):
        deck_from_option(deck)


def test_a_save_replays_the_same_game_whatever_happens_to_the_deck_file(tmp_path):
    """Issue 15 point 1: the deck is embedded in the save; editing or deleting the file the
    deck came from changes nothing."""
    deck_file, save = tmp_path / "mine.json", tmp_path / "game.json"
    deck_file.write_text(deck_text())
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(deck_file), "--seed", "3",
                  "--out", str(save))
    assert result.exit_code == 0, result.output
    game = Game.load(str(save))
    from railyard.games.nar.bot import rules_bot
    bot = rules_bot(4)
    while not game.is_terminal and len(game.log) < 12:
        game.apply(bot.choose(game.state))
    assert len(game.log) >= 5
    game.save(str(save))
    before = game.state.fingerprint()
    deck_file.write_text(deck_text().replace('"cost": 100', '"cost": 200'))
    assert Game.load(str(save)).state.fingerprint() == before
    deck_file.unlink()
    again = Game.load(str(save))
    assert again.state.fingerprint() == before and again.state.deck.cities[0].cost == 100
    assert str(deck_file) not in save.read_text()


def test_an_old_save_that_stored_a_path_gets_a_clear_message(tmp_path):
    deck_file = tmp_path / "mine.json"
    deck_file.write_text(deck_text())
    data = Game(SLUG, ["a", "b", "c"], 3).to_save()
    data["options"]["deck"] = str(deck_file)    # as saves before issue 15 held it
    from railyard.engine.game import _genesis
    data["head"] = _genesis(data["title"], data["players"], data["seed"], data["options"])
    with pytest.raises(SaveError) as err:
        Game.from_save(data)
    assert "not a deck" in err.value.message and "Saves made before" in err.value.message
    save = tmp_path / "old.json"
    save.write_text(json.dumps(data))
    result = _cli("show", str(save))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "Saves made before decks were stored with the game" in result.output


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
    # issue 5: "let a player load their own deck from a file (--deck FILE)"; issue 15: the
    # file is read once and its content stored with the game
    path, out = tmp_path / "mine.json", tmp_path / "game.json"
    path.write_text(deck_text())
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(path), "--out", str(out))
    assert result.exit_code == 0, result.output
    game = Game.load(str(out))
    assert game.options["deck"] == deck_text()
    assert game.public_view()["deck"]["name"] == "Mine"


def test_cli_deck_flag_refuses_a_fifo_and_a_missing_file(tmp_path):
    fifo, out = tmp_path / "deck.fifo", tmp_path / "game.json"
    os.mkfifo(fifo)
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(fifo), "--out", str(out))
    assert result.exit_code == 2 and "not a regular file" in result.output
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(tmp_path / "nope.json"),
                  "--out", str(out))
    assert result.exit_code == 2 and "cannot read the file" in result.output
    assert not out.exists()


def test_cli_deck_flag_names_the_line_and_field_of_a_bad_file(tmp_path):
    path, out = tmp_path / "bad.json", tmp_path / "game.json"
    path.write_text(deck_text(cities={7: {"name": "C7", "cost": "cheap", "income": 100,
                                          "coast_to_coast": 0}}))
    result = _cli("new", SLUG, "--players", "a,b,c", "--deck", str(path), "--out", str(out))
    assert result.exit_code != 0 and not out.exists()
    assert "line 18, field 'cost'" in result.output and str(path) in result.output


def test_cli_deck_flag_is_refused_for_a_game_without_decks(tmp_path):
    path, out = tmp_path / "mine.json", tmp_path / "game.json"
    path.write_text(deck_text())
    result = _cli("new", "chicago-express", "--players", "a,b,c", "--deck", str(path),
                  "--out", str(out))
    assert result.exit_code == 2 and "deck" in result.output and not out.exists()


def test_the_web_service_takes_deck_content_and_refuses_file_names(tmp_path):
    """Issue 15 point 1 on the server: a deck object is stored with the game; a file name
    (here a FIFO, which froze the server before) is a 400 at once."""
    from railyard.web.service import ApiError, Service
    from railyard.web.storage import Storage
    svc = Service(Storage(str(tmp_path / "railyard.sqlite3")))
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    try:
        fifo = tmp_path / "deck.fifo"
        os.mkfifo(fifo)
        for bad in (str(fifo), "/dev/zero", str(tmp_path / "railyard.sqlite3")):
            with pytest.raises(ApiError) as err:
                svc.create(SLUG, seats, {"deck": bad})
            assert err.value.status == 400 and err.value.code == "bad_deck"
        made = svc.create(SLUG, seats, {"deck": json.loads(deck_text())})
        live = svc.get(made["id"])
        assert live.game.public_view()["deck"]["name"] == "Mine"
        assert live.row.options["deck"]["cities"][3]["name"] == "C3"
    finally:
        svc.close()


def test_a_server_game_stored_with_a_deck_path_gets_a_clear_answer(tmp_path):
    """A game the server stored before issue 15 holds a file name as its deck: opening it is
    a clear 409, not a 500, and no file is read."""
    from railyard.web.service import ApiError, Service
    from railyard.web.storage import GameRow, SeatRow, Storage, now_iso
    storage = Storage(str(tmp_path / "railyard.sqlite3"))
    storage.create_game(GameRow("old1", SLUG, ["a", "b", "c"], 7, {"deck": "/etc/passwd"},
                                now_iso(), None, "active", [0], 0),
                        [SeatRow(i, "human", n, None) for i, n in enumerate("abc")])
    svc = Service(storage)
    try:
        with pytest.raises(ApiError) as err:
            svc.get("old1")
        assert err.value.status == 409 and err.value.code == "unloadable_game"
        assert "not a deck" in err.value.message and "--deck FILE" in err.value.message
    finally:
        svc.close()
