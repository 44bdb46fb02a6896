"""Issue 23, point 5: the OpenAPI document states exactly what the server accepts and
answers.  Schemathesis (pinned in the test extra) generates requests from the document --
positive cases (valid by it) and negative cases (not valid by it) for every operation, once
with free path parameters and once against a real game with a seat's token -- and checks
each answer: no server error, no status code the document does not list, the answer's body
and content type as documented, valid requests accepted and invalid ones refused.  It runs
against the app on SQLite and on PostgreSQL and must find nothing.

Bounded: a fixed number of examples per operation and mode, derandomized (the same requests
on every run), no example database, no shrinking; well under a minute for both databases.

One departure from schemathesis' defaults, stated here: a request valid by the document may
still be refused with a 400 whose code names a rule the document gives in words only
(JSON Schema cannot say "names must differ" or "a seat number of this game", nor
"the save must replay"); :data:`SEMANTIC` lists those codes per operation (an import: any
code about the save's content), and any other 400 for a valid request is a finding.  An action valid in shape but not allowed by the game's rules is a 422 (the
document lists it), accepted as an answer to valid data."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable

from railyard.web.app import create_app
from railyard.web.limits import RateLimits
from railyard.web.storage import Storage

from .toy import SLUG

schemathesis = pytest.importorskip("schemathesis")
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.openapi.checks import RejectedPositiveData  # noqa: E402
from schemathesis.python import asgi  # noqa: E402

EXAMPLES = 6         # per operation, mode and round

#: 400 codes a request valid by the document may get, per operation, for a rule the
#: document states in words only: each is named in the description of the operation's 400
#: answer (checked below) and was seen in a run of this test with more examples
#: (2026-11-28) except where noted.  Rules JSON Schema can state are in the schemas (a
#: chat message's pattern, a joining name's; the seed's 5.0 is taken as 5).
SEMANTIC = {
    # as many seats as the title's players, names that differ, bot kinds and option values
    # of the title, no seed for titles with hidden information (reachable by hand, rarely
    # generated), invited accounts that exist
    # (a schema per title could state the first, but the server's answers would lose their
    # codes; kept in words)
    "POST /api/games": {"bad_seats", "bad_options", "bad_players", "hidden_information",
                        "unknown_account"},
    # a seat number of this game (a blank name is the schema's pattern now)
    "POST /api/games/{game_id}/join": {"bad_seat"},
    # an action number up to the log's length (only 1830/1870 games have a table: not met
    # with the toy game here; kept for the document's sake)
    "GET /api/games/{game_id}/table": {"out_of_range"},
    # JSON Schema's "integer" takes 1.0; the engine takes whole numbers written as such
    # (no fractions, engine/actions.py); route picks name hexes and trains of the game
    # (rarely generated: not met in the longer run, but reachable by hand)
    "POST /api/games/{game_id}/actions": {"malformed"},
    "POST /api/games/{game_id}/undo": {"malformed"},
    "POST /api/games/{game_id}/routes/check": {"malformed"},
}
#: the save (or 18xx.games export) of an import must replay: any refusal of its content is
#: such a rule; only the codes of the request's own shape would be findings
SHAPE_CODES = {"malformed_json", "bad_text", "too_large"}
IMPORT = "POST /api/games/import"


def _make_app(url):
    return create_app(storage=Storage(url), rate_limits=RateLimits(0, 0))


def _semantic_refusal(label, response) -> bool:
    if response.status_code != 400:
        return False
    try:
        code = response.json()["error"]["code"]
    except Exception:  # noqa: BLE001 - not our error body: a finding
        return False
    if label == IMPORT:
        return code not in SHAPE_CODES
    return code in SEMANTIC.get(label, ())


def _run(schema, client, findings, label_filter=None, path_parameters=None, headers=None):
    for result in schema.get_all_operations():
        op = result.ok()
        if label_filter and not label_filter(op):
            continue
        free = [p for p in op.iter_parameters() if p.location != "path"] or op.body
        # negative cases need something to make invalid: a game id is any text, so an
        # operation with nothing else has none (hypothesis would search in vain)
        modes = [GenerationMode.POSITIVE] + ([GenerationMode.NEGATIVE] if free else [])
        for mode in modes:
            kwargs = {}
            if path_parameters and "{game_id}" in op.path:
                kwargs["path_parameters"] = path_parameters
            strategy = op.as_strategy(mode, **kwargs)

            @given(case=strategy)
            @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                      phases=[Phase.explicit, Phase.generate],
                      suppress_health_check=list(HealthCheck))
            def check(case):
                response = case.call(session=client, headers=headers)
                try:
                    case.validate_response(response, headers=headers,
                                           transport_kwargs={"session": client})
                except BaseExceptionGroup as group:
                    for failure in group.exceptions:
                        if isinstance(failure, RejectedPositiveData) and \
                                _semantic_refusal(op.label, response):
                            continue
                        findings.append((op.label, mode.value, type(failure).__name__,
                                         case.as_curl_command(), response.status_code,
                                         response.text[:300]))

            try:
                check()
            except Unsatisfiable:
                # nothing in the operation can be made invalid (no parameters, no body)
                assert mode is GenerationMode.NEGATIVE, op.label


def _report(findings):
    seen, lines = set(), []
    for label, mode, kind, curl, status, text in findings:
        if (label, mode, kind) in seen:
            continue
        seen.add((label, mode, kind))
        lines.append(f"{label} [{mode}] {kind}: {status} {text}\n    {curl[:400]}")
    return "\n".join(lines)


def test_every_semantic_refusal_is_named_in_the_document():
    """Each code the run accepts for a valid request is named in the description of the
    operation's 400 answer (the import: 'not_a_save')."""
    from railyard.web.openapi import document
    paths = document()["paths"]
    listed = dict(SEMANTIC, **{IMPORT: {"not_a_save"}})
    for label, codes in listed.items():
        method, path = label.split(" ", 1)
        words = paths[path][method.lower()]["responses"]["400"]["description"]
        for code in codes:
            assert code in words, (label, code)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_schemathesis_finds_nothing(backend, tmp_path, request):
    url = str(tmp_path / "db.sqlite3") if backend == "sqlite" else \
        request.getfixturevalue("db_url_pg")
    app = _make_app(url)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    # the document's own words: no text may hold U+0000 or a lone surrogate (400
    # bad_text, tested on every endpoint by test_bad_bytes.py), so valid data has none
    schema.config.generation.update(allow_x00=False, codec="utf-8")
    findings: list = []
    with asgi.get_client(app, max_stream_events=1) as client:
        made = client.post("/api/games", json={"title": SLUG, "hotseat": True, "seats": [
            {"kind": "human"}, {"kind": "human"}], "options": {"pile": 10 ** 6}}).json()
        # round 1: every parameter generated (mostly unknown games)
        _run(schema, client, findings)
        # round 2: a real game, acted on with its host token
        _run(schema, client, findings, lambda op: "{game_id}" in op.path,
             path_parameters={"game_id": made["id"]},
             headers={"Authorization": f"Bearer {made['host_token']}"})
    assert not findings, "schemathesis found:\n" + _report(findings)


@pytest.fixture
def db_url_pg(request):
    url = request.getfixturevalue("pg_url")
    store = Storage(url)
    with store._tx() as tx:
        for table in ("ry_chat", "ry_actions", "ry_seats", "ry_games", "ry_rate"):
            tx.execute(f"DELETE FROM {table}")
    store.close()
    return url
