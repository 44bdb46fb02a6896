"""Engine contract: creation parameters, save/load, undo and errors (issue 2 section 2)."""
import json

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine.errors import (BadOptions, BadPlayers, NothingToUndo, RailyardError,
                                    SaveError, UnknownTitle)
from railyard.engine.game import Game


def played(n_actions=80, seed=3):
    g = Game("chicago-express", ["Ann", "Bob", "Cy"], seed=seed)
    bot = RandomBot(seed)
    for _ in range(n_actions):
        g.apply(bot.choose(g.state))
    return g


def test_unknown_title_lists_available():
    with pytest.raises(UnknownTitle) as e:
        Game("monopoly", ["a", "b"])
    assert "chicago-express" in e.value.message


@pytest.mark.parametrize("players", [["a"], ["a"] * 7, ["a", "a"], ["a", ""], "ab", [1, 2]])
def test_bad_players(players):
    with pytest.raises(BadPlayers):
        Game("chicago-express", players)


def test_unknown_option_and_bad_seed():
    with pytest.raises(BadOptions) as e:
        Game("chicago-express", ["a", "b"], options={"turbo": True})
    assert "turbo" in e.value.message
    for seed in (-1, 2**64, "7", 1.5, True):
        with pytest.raises(RailyardError):
            Game("chicago-express", ["a", "b"], seed=seed)


def test_save_load_roundtrip_is_identical():
    g = played()
    text = g.dumps()
    h = Game.loads(text)
    assert h.log == g.log and h.state.fingerprint() == g.state.fingerprint()
    assert h.dumps() == text


def test_corrupt_and_truncated_json_refused():
    text = played().dumps()
    with pytest.raises(SaveError) as e:
        Game.loads(text[: len(text) // 2])
    assert e.value.code == "corrupt"
    with pytest.raises(SaveError):
        Game.loads(b"\xff\xfe garbage")
    with pytest.raises(SaveError) as e:
        Game.loads("[]")
    assert e.value.code == "not_a_save"


def test_truncated_action_list_names_first_missing_action():
    data = played().to_save()
    data["actions"] = data["actions"][:50]
    with pytest.raises(SaveError) as e:
        Game.from_save(data)
    assert e.value.code == "truncated" and e.value.action_index == 50
    assert "51" in e.value.message


def test_wrong_version_refused():
    data = played().to_save()
    data["version"] = 99
    with pytest.raises(SaveError) as e:
        Game.from_save(data)
    assert e.value.code == "wrong_version"


def test_tampered_action_named():
    data = played().to_save()
    # change an early action's content (e.g. a bid amount or a pass into something else)
    entry = data["actions"][1]
    entry["action"] = {**entry["action"], "player": entry["action"]["player"]}
    entry["action"]["extra"] = 1
    with pytest.raises(SaveError) as e:
        Game.from_save(data)
    assert e.value.code == "tampered" and e.value.action_index == 1
    assert "Action 2" in e.value.message


def test_illegal_action_with_recomputed_chain_is_named():
    """A save whose chain was recomputed over an illegal action: refused at that action."""
    g = played(10)
    data = g.to_save()
    data["actions"][3]["action"] = {"type": "bid", "player": 0, "amount": 10**6,
                                    "company": "PRR"}
    # recompute digests as a forger would
    from railyard.engine.game import _chain, _genesis
    prev = _genesis(data["title"], data["players"], data["seed"], data["options"])
    for entry in data["actions"]:
        prev = entry["digest"] = _chain(prev, entry["action"])
    data["head"] = prev
    with pytest.raises(SaveError) as e:
        Game.from_save(data)
    assert e.value.code == "illegal_action" and e.value.action_index == 3


def test_bad_header_and_missing_fields():
    data = played(5).to_save()
    for key, value in [("title", "nope"), ("players", ["solo"]), ("options", {"x": 1})]:
        bad = {**data, key: value}
        with pytest.raises(SaveError) as e:
            Game.from_save(bad)
        assert e.value.code == "bad_header"
    bad = dict(data)
    del bad["head"]
    with pytest.raises(SaveError):
        Game.from_save(bad)


def test_load_missing_file(tmp_path):
    with pytest.raises(SaveError) as e:
        Game.load(str(tmp_path / "nope.json"))
    assert e.value.code == "unreadable"


def test_save_file_roundtrip(tmp_path):
    g = played(30)
    path = tmp_path / "g.json"
    g.save(str(path))
    assert json.loads(path.read_text())["version"] == 1
    assert Game.load(str(path)).state.fingerprint() == g.state.fingerprint()


def test_undo_errors_and_beyond_checkpoint():
    g = Game("chicago-express", ["Ann", "Bob"], seed=1)
    with pytest.raises(NothingToUndo):
        g.undo()
    g = played(150)
    fp = g.state.fingerprint()
    log = list(g.log)
    g.undo(100)
    assert len(g.log) == 50
    for a in log[50:]:
        g.apply(a)
    assert g.state.fingerprint() == fp
    with pytest.raises(NothingToUndo):
        g.undo(0)
    with pytest.raises(NothingToUndo):
        g.undo(10**6)
    assert len(g.log) == 150


def _chain_by_hand(header, actions):
    """The save format's hash chain, written out from its definition (sha256 of the
    previous digest + the action's canonical JSON, first 16 hex digits; the first link
    hangs on the digest of the header)."""
    import hashlib

    def canon(obj):
        return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    prev = hashlib.sha256(canon(header).encode()).hexdigest()[:16]
    out = []
    for a in actions:
        prev = hashlib.sha256((prev + canon(a)).encode()).hexdigest()[:16]
        out.append(prev)
    return out


def test_digests_asked_at_any_time_are_the_chain_of_the_log():
    """The chain is computed when asked for (issue 26 point 4), yet a save taken in the
    middle, after an undo, after more actions and from a clone holds exactly the chain
    over its actions."""
    g = Game("chicago-express", ["Ann", "Bob", "Cy"], seed=5)
    bot = RandomBot(5)
    header = {"title": g.title, "players": g.players, "seed": g.seed, "options": g.options}
    for step in range(6):
        for _ in range(7):
            g.apply(bot.choose(g.state))
        if step == 2:
            g.undo(4)
        c = g.clone() if step == 3 else g
        data = c.to_save()
        want = _chain_by_hand(header, c.log)
        assert [e["digest"] for e in data["actions"]] == want
        assert data["head"] == want[-1]
        assert Game.from_save(data).to_save() == data


def test_an_action_game_apply_checked_is_checked_again_when_applied_directly():
    """Game.apply's shape check is not repeated for the object it hands to the state,
    but the state still checks any later apply of it (here: given a fraction)."""
    from railyard.engine.errors import IllegalAction
    g = played(5)
    act = dict(RandomBot(1).choose(g.state))
    g.apply(act)
    state = g.state.clone()
    act["player"] = state.current_player
    act["extra"] = 1.5
    with pytest.raises(IllegalAction) as e:
        state.apply(act)
    assert e.value.code == "malformed" and "'extra' must be a whole number" in e.value.message


def test_same_json_tells_true_from_one():
    from railyard.engine.game import _same_json
    assert _same_json({"a": [1, {"b": "x"}]}, {"a": [1, {"b": "x"}]})
    assert not _same_json({"a": 1}, {"a": True})
    assert not _same_json({"a": [1]}, {"a": [1.0]})
    assert not _same_json({"a": [1]}, {"a": (1,)})
    assert not _same_json({"a": 1}, {"a": 1, "b": None})
