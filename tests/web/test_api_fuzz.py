"""Property test (hypothesis) of the HTTP API (issue 15, point 2): whatever a client sends to
any endpoint -- arbitrary JSON, arbitrary bytes, arbitrary query strings, any content type,
a valid, wrong or missing token -- the answer is never a 5xx, and a refused request (4xx)
changes nothing: the game's version, state and log and the list of games stay as they were.

Bounded (a few hundred examples in all) so it runs in CI in well under a minute; the larger
fuzz is ``tests/web/fuzz_api.py``."""
from __future__ import annotations

import json
import math
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.limits import RateLimits
from railyard.web.storage import Storage

from .toy import SLUG

SETTINGS = settings(max_examples=80, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-5, 5)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20)
           | st.sampled_from(["take", "pass", "bid", "B&O", "PRR", "NaN", "-1", "0"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)
deep = st.integers(1, 3000).map(lambda d: "[" * d + "]" * d)


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """One server with a toy game (pile large enough never to end) and a Chicago Express
    game, both hotseat: the host token acts for every seat."""
    db = tmp_path_factory.mktemp("fuzz") / "db.sqlite3"
    app = create_app(storage=Storage(str(db)), rate_limits=RateLimits(0, 0))
    with TestClient(app, raise_server_exceptions=False) as client:
        games = {}
        made = client.post("/api/games", json={"title": SLUG, "hotseat": True, "seats": [
            {"kind": "human"}, {"kind": "human"}], "options": {"pile": 10**9}}).json()
        games["toy"] = (made["id"], made["host_token"], made["tokens"][0]["token"])
        made = client.post("/api/games", json={"title": "chicago-express", "hotseat": True,
                                               "seats": [{"kind": "human"}] * 3}).json()
        games["ce"] = (made["id"], made["host_token"], made["tokens"][0]["token"])
        yield client, games


def snapshot(client, gid):
    state = client.get(f"/api/games/{gid}").json()
    return (state["version"], state["view"], client.get(f"/api/games/{gid}/log").json(),
            [g["id"] for g in client.get("/api/games").json()["games"]])


ENDPOINTS = ["actions", "undo", "routes/check", "routes/auto", "/api/games",
             "/api/games/import"]


def _url(gid, endpoint):
    return endpoint if endpoint.startswith("/") else f"/api/games/{gid}/{endpoint}"


def check(client, gid, method, url, content=None, headers=None):
    before = snapshot(client, gid)
    r = client.request(method, url, content=content, headers=headers or {})
    assert r.status_code < 500, (method, url, content and content[:300], r.text[:300])
    if 400 <= r.status_code < 500:
        assert snapshot(client, gid) == before, (url, content and content[:300])
        assert r.json()["error"]["message"]
    return r


tokens = st.sampled_from(["host", "seat0", "wrong", None])
ctypes = st.sampled_from(["application/json", "application/json; charset=utf-8",
                          "text/plain", None])


def _headers(games, which, token, ctype):
    gid, host, seat0 = games[which]
    h = {}
    tok = {"host": host, "seat0": seat0, "wrong": "x" * 32, None: None}[token]
    if tok:
        h["authorization"] = f"Bearer {tok}"
    if ctype:
        h["content-type"] = ctype
    return gid, h


@SETTINGS
@given(which=st.sampled_from(["toy", "ce"]), endpoint=st.sampled_from(ENDPOINTS),
       body=json_values, token=tokens, ctype=ctypes)
def test_any_json_to_any_post_endpoint(env, which, endpoint, body, token, ctype):
    client, games = env
    gid, headers = _headers(games, which, token, ctype)
    check(client, gid, "POST", _url(gid, endpoint),
          json.dumps(body, allow_nan=True).encode(), headers)


@SETTINGS
@given(which=st.sampled_from(["toy", "ce"]), endpoint=st.sampled_from(ENDPOINTS),
       raw=st.binary(max_size=200) | deep.map(str.encode), token=tokens)
def test_any_bytes_to_any_post_endpoint(env, which, endpoint, raw, token):
    client, games = env
    gid, headers = _headers(games, which, token, "application/json")
    check(client, gid, "POST", _url(gid, endpoint), raw, headers)


@SETTINGS
@given(which=st.sampled_from(["toy", "ce"]), pick=st.integers(0, 50),
       field=st.sampled_from(["player", "type", "amount", "company", "hex", "action",
                              "extra"]),
       value=json_values | st.integers(1, 400).map(lambda d: json.loads("[" * d + "]" * d)),
       version=st.none() | json_values,
       stale=st.booleans())
def test_legal_actions_with_one_field_replaced(env, which, pick, field, value, version,
                                               stale):
    """A legal action of the seat to act with one field replaced by anything."""
    client, games = env
    gid, host, _ = games[which]
    auth = {"authorization": f"Bearer {host}"}
    legal = client.get(f"/api/games/{gid}/legal", headers=auth).json()
    if not legal["choices"]:
        return
    choice = legal["choices"][pick % len(legal["choices"])]
    action = {"type": choice["type"], "player": choice["player"], **choice.get("fixed", {})}
    for key, span in (choice.get("ranges") or {}).items():
        action[key] = span["min"]
    action[field] = value
    body = {"version": legal["version"] if not stale else version, "action": action}
    check(client, gid, "POST", f"/api/games/{gid}/actions",
          json.dumps(body, allow_nan=True).encode(), {**auth, **{"content-type":
                                                               "application/json"}})


def _timeout_ok(text: str) -> bool:
    try:
        t = float(text)
    except ValueError:
        return False
    return math.isfinite(t) and 0 < t


@SETTINGS
@given(which=st.sampled_from(["toy", "ce"]),
       path=st.sampled_from(["", "/legal", "/log", "/export", "/events", "/tile.svg",
                             "/board.svg", "/nosuch"]),
       query=st.dictionaries(st.sampled_from(["legal", "timeout", "since", "tile",
                                              "rotation", "x"]),
                             st.text(max_size=12) | st.sampled_from(
                                 ["nan", "inf", "-inf", "-1", "1e999", "0", "²", "٣"]),
                             max_size=3),
       token=tokens, gid_text=st.none() | st.text(min_size=1, max_size=80))
def test_any_query_to_any_get_endpoint(env, which, path, query, token, gid_text):
    client, games = env
    gid, headers = _headers(games, which, token, None)
    if path == "/events" and _timeout_ok(query.get("timeout", "25")):
        query["timeout"] = "0.05"          # a valid stream ends at once; the others are 400
    target = quote(gid_text, safe="") if gid_text else gid
    qs = "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())
    check(client, gid, "GET", f"/api/games/{target}{path}?{qs}", None, headers)
