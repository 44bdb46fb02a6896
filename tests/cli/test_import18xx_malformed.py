"""Issue 23, point 5: ``railyard import-18xx`` on any malformed export ends with one clear
``Error:`` line and exit status 1, never a traceback.  The three kinds that printed a
traceback before (players that are no objects, actions that are no objects, settings that
are no object) and their relatives are named cases; a hypothesis run mutates a real
18xx.games export (a value replaced by another of any JSON type, a key removed, the text
cut short or a byte changed) and checks the same for each mutation."""
from __future__ import annotations

import copy
import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railyard.cli.main import main as cli

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "fixtures",
                       "18xx-games", "1830", "26855.json")
#: the adapters' last-resort words: a mutation that reaches them is a shape check missing
LAST_RESORT = "is not as 18xx.games writes it"


def _export():
    if not os.path.exists(FIXTURE):
        pytest.skip(f"{FIXTURE} is missing")
    pytest.importorskip("railyard.games.g1830")
    with open(FIXTURE) as fh:
        return json.load(fh)


def _run(tmp_path, content, name="export.json"):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    result = CliRunner().invoke(cli, ["import-18xx", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"traceback: {result.exception!r}"
    return result


def _refused(result, words):
    assert result.exit_code == 1, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Error: ") and words in last, last
    assert "Traceback" not in result.output
    assert LAST_RESORT not in result.output


@pytest.mark.parametrize("change, words", [
    # the three that printed a traceback (issue 23, 2026-11-28)
    (lambda d: d.update(players=[1, 2, 3, 4]), "Player 1 of the export is not an object"),
    (lambda d: d.update(actions=[1, "x"]), "Entry 1 of 'actions' of the export is not an"),
    (lambda d: d.update(settings=[1]), "'settings' must be an object"),
    # their relatives
    (lambda d: d.update(players=[]), "players cannot play 1830: 1830 is played by 2 to 6"),
    (lambda d: d.update(players=[{"name": "a"}] * 4), "Two players of the export have the "
                                                      "same id"),
    (lambda d: d.update(players=[{"id": [1]}] * 4), "Player 1 of the export has no 'id'"),
    (lambda d: d.update(players=[{"id": i, "name": 5} for i in range(4)]),
     "Player 1's name in the export is not text"),
    (lambda d: d["actions"][0].pop("type"), "Action 1 of the export is not an object with a "
                                            "'type'"),
    (lambda d: d["actions"][0].update(auto_actions=[3]), "Action 1's 'auto_actions' is not a "
                                                         "list"),
    (lambda d: d.update(settings={"optional_rules": "abc"}), "'optional_rules' is a list"),
    (lambda d: d.update(title=["1830"]), "names no title"),
    (lambda d: d.update(title="18Chesapeake"), "Unsupported title '18Chesapeake'"),
    (lambda d: d.pop("actions"), "not an 18xx.games export"),
])
def test_named_malformed_exports_end_with_a_clear_error(tmp_path, change, words):
    data = _export()
    change(data)
    _refused(_run(tmp_path, data), words)


def test_not_json_cut_short_and_too_deep(tmp_path):
    text = json.dumps(_export()).encode()
    _refused(_run(tmp_path, text[: len(text) // 2]), "not valid JSON")
    _refused(_run(tmp_path, b"\xff\xfe{"), "not valid JSON")
    _refused(_run(tmp_path, b"[" * 100_000 + b"]" * 100_000), "")
    _refused(_run(tmp_path, b"[]"), "not an 18xx.games export")


def _paths(value, prefix=()):
    """Every path into the JSON value (to pick one to mutate)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=6), lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


@pytest.fixture(scope="module")
def small_export():
    """The fixture export cut to its first 80 actions (the replay of each mutation stays
    short), no longer marked finished."""
    data = _export()
    data["actions"] = data["actions"][:80]
    data["status"] = "active"
    data.pop("result", None)
    return data


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_mutated_exports_never_end_in_a_traceback(tmp_path_factory, small_export, data):
    mutated = copy.deepcopy(small_export)
    paths = [p for p in _paths(mutated) if p]
    # aim at the parts the adapters read: players, settings, the early actions
    useful = [p for p in paths if p[0] in ("players", "settings", "title")
              or p[0] == "actions" and len(p) > 1 and p[1] < 30]
    path = data.draw(st.sampled_from(useful))
    parent = mutated
    for key in path[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(["replace", "remove"]))
    if how == "remove" and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(json_values)
    result = _run(tmp_path_factory.mktemp("m"), mutated)
    if result.exit_code != 0:
        last = result.output.strip().splitlines()[-1]
        assert result.exit_code == 1 and last.startswith("Error: "), result.output
        # named by a shape check or the rules, not by the command's last resort
        assert LAST_RESORT not in last, last
