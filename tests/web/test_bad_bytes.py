"""Issue 23, point 5: text that PostgreSQL cannot store -- a NUL character (U+0000) or a lone
UTF-16 surrogate -- gets a 400 with a reason on every endpoint, in the path, the query, the
JSON body and the headers, with the same answer on SQLite and PostgreSQL, and nothing
changes.  A request body has a read time limit: a client that stops sending half-way gets a
408 and its connection closed, and costs one log line, no traceback (raw sockets against a
real uvicorn server)."""
from __future__ import annotations

import json
import logging
import socket
import time

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.limits import RateLimits, unstorable, unstorable_in
from railyard.web.storage import Storage

from .browser18xx import serve_app
from .toy import SLUG

JSON = {"content-type": "application/json"}
NUL, SURROGATE = "\x00", "\ud800"


def _auth(token):
    return {"authorization": f"Bearer {token}"}


@pytest.fixture
def env(db_url):
    app = create_app(storage=Storage(db_url), rate_limits=RateLimits(0, 0))
    with TestClient(app, raise_server_exceptions=False) as client:
        made = client.post("/api/games", json={"title": SLUG, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
            "options": {"pile": 40}}).json()
        yield client, made["id"], made["tokens"][0]["token"]


def _endpoints(app):
    """Every (method, path template) the app serves (pages and API)."""
    out = []
    for route in app.routes:
        if isinstance(route, Route):
            for method in sorted(route.methods or ()):
                if method != "HEAD":
                    out.append((method, route.path))
    return out


def _snapshot(client, gid):
    st = client.get(f"/api/games/{gid}").json()
    return (st["version"], client.get(f"/api/games/{gid}/chat").json()["messages"],
            sorted((g["id"], tuple(g["players"]))
                   for g in client.get("/api/games").json()["games"]))


def _refused(r, where):
    assert r.status_code == 400, (where, r.status_code, r.text[:300])
    if r.headers["content-type"].startswith("application/json"):
        assert r.json()["error"]["code"] == "bad_text", (where, r.text)
        text = r.json()["error"]["message"]
    else:
        text = r.text
    assert "cannot be stored" in text or "control characters" in text, (where, text)


def test_every_endpoint_refuses_nul_in_path_query_and_headers(env):
    client, gid, token = env
    before = _snapshot(client, gid)
    endpoints = _endpoints(client.app)
    assert len(endpoints) >= 20
    for method, template in endpoints:
        good = template.replace("{game_id}", gid)
        bad_paths = [template.replace("{game_id}", "ab%00cd")] if "{game_id}" in template \
            else [good.rstrip("/") + "/%00" if good != "/" else "/%00"]
        for path in bad_paths:
            _refused(client.request(method, path, headers={**JSON, **_auth(token)},
                                    content=b"{}"), (method, path))
        for query in ("x=%00", "since=1%00", "%00=1", "tile=a%00"):
            _refused(client.request(method, f"{good}?{query}",
                                    headers={**JSON, **_auth(token)}, content=b"{}"),
                     (method, good, query))
        for header in ("authorization", "x-railyard-token", "last-event-id", "x-anything"):
            value = "Bearer a\x00b" if header == "authorization" else "1\x00"
            _refused(client.request(method, good, headers={**JSON, header: value},
                                    content=b"{}"), (method, good, header))
    assert _snapshot(client, gid) == before


def _bodies(gid):
    """A body per POST endpoint that is right but for the bad text at ``{X}``."""
    save_players = ["Ann", "B{X}b"]
    return {
        "/api/games": {"title": SLUG, "seats": [{"kind": "human", "name": "A{X}n"},
                                                {"kind": "human"}], "options": {"pile": 5}},
        "/api/games/import": {"save": {"format": "railyard-save", "version": 1,
                                       "title": SLUG, "players": save_players, "seed": 1,
                                       "options": {"pile": 5}, "actions": []}},
        "/api/games/mine": {"games": [{"id": gid, "token": "t{X}"}]},
        f"/api/games/{gid}/actions": {"version": 0, "action": {"type": "ta{X}ke",
                                                               "amount": 1}},
        f"/api/games/{gid}/undo": {"version": 0, "note{X}": 1},
        f"/api/games/{gid}/join": {"seat": 0, "name": "{X}"},
        f"/api/games/{gid}/rematch": {"{X}": True},
        f"/api/games/{gid}/routes/check": {"routes": [{"train": "2", "hexes": ["A{X}1"]}]},
        f"/api/games/{gid}/routes/auto": {"x": "{X}"},
        f"/api/games/{gid}/chat": {"text": "hello {X} there"},
        f"/api/games/{gid}/claim": {"{X}": 1},
    }


def _forms():
    """A form per POST page (accounts, issue 23 part A) that is right but for the bad text
    at ``{X}``; the CSRF field is filled in from the page."""
    return {
        "/signup": {"name": "A{X}n", "password": "pw-long-enough", "password2":
                    "pw-long-enough", "next": "/"},
        "/login": {"name": "Ann", "password": "pass{X}word"},
        "/logout": {"everywhere": "{X}"},
        "/account/password": {"old": "x", "new": "n{X}w-password", "new2": "n{X}w-password"},
        "/account/notifications": {"email": "a{X}@b.org", "turn": "1"},
        "/reset": {"name": "A{X}n"},
        "/reset/{token}": {"password": "n{X}w-password", "password2": "n{X}w-password"},
    }


@pytest.mark.parametrize("bad", [NUL, SURROGATE, "\udfff"], ids=["nul", "surrogate",
                                                                 "low-surrogate"])
def test_every_json_body_refuses_unstorable_text_and_nothing_changes(env, bad):
    client, gid, token = env
    before = _snapshot(client, gid)
    bodies = _bodies(gid)
    posts = {path for method, path in _endpoints(client.app)
             if method == "POST" and path.startswith("/api/")}
    covered = {p.replace(gid, "{game_id}") for p in bodies}
    assert posts <= covered, posts - covered          # every POST endpoint has its case
    for path, body in bodies.items():
        # JSON escapes (\u0000, \ud800) as a client sends them
        text = json.dumps(body).replace("{X}", "\\u%04x" % ord(bad))
        r = client.post(path, headers={**JSON, **_auth(token)}, content=text.encode())
        if path.endswith("/routes/auto"):
            # the route optimiser's POST reads no body: the toy game has no routes
            assert r.status_code in (400, 404, 409), r.text
            continue
        _refused(r, path)
        assert ("U+0000" if bad == NUL else "surrogate") in r.json()["error"]["message"]
    assert _snapshot(client, gid) == before


def test_every_form_refuses_nul_and_nothing_changes(env):
    """The account pages' forms (names, passwords, addresses): NUL is a 400 page in words,
    no account made, nobody logged in.  (A form is percent-encoded UTF-8, which decodes to
    no lone surrogate.)"""
    import re
    client, gid, token = env
    bad = NUL
    forms = _forms()
    posts = {path for method, path in _endpoints(client.app)
             if method == "POST" and not path.startswith("/api/")}
    assert posts and posts <= set(forms), posts - set(forms)
    csrf = re.search(r'name="csrf" value="([^"]+)"',
                     client.get("/signup").text.split("<main", 1)[1]).group(1)
    for path, form in forms.items():
        data = {k.replace("{X}", bad): v.replace("{X}", bad) for k, v in form.items()}
        url = path.replace("{token}", "sometoken")
        r = client.post(url, data={**data, "csrf": csrf}, follow_redirects=False)
        _refused(r, path)
    store = client.app.state.service.storage
    with store._tx(write=False) as tx:
        assert tx.execute("SELECT count(*) FROM ry_accounts").fetchone()[0] == 0
    assert "railyard_session" not in client.cookies


def test_a_nul_game_id_is_a_400_not_a_500(env):
    client, gid, token = env
    for path in ("/api/games/%00", "/api/games/%00/legal", "/games/%00",
                 "/api/games/%00/chat"):
        r = client.get(path, headers=_auth(token))
        _refused(r, path)


def test_the_words_of_the_refusal():
    assert unstorable("plain text, ünïcode, 汉字, emoji 🚂") is None
    assert unstorable("a\x00b") == "a NUL character (U+0000)"
    assert unstorable("x\udc80") == "a lone surrogate (U+DC80)"
    assert unstorable_in({"seats": [{"name": "ok"}, {"name": "b\x00"}]}) == \
        "'seats[1].name' contains a NUL character (U+0000)"
    assert "a key in" in unstorable_in({"options": {"\x00": 1}})
    assert unstorable_in([1, 2.5, None, True, {"a": ["b"]}]) is None


# ---- the body read time limit ---------------------------------------------------------------

def _raw(port, data: bytes, wait_for: float):
    """Send ``data`` and read until the server closes or ``wait_for`` seconds pass:
    (answer bytes, whether the server closed the connection, seconds until it did)."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait_for) as sock:
        sock.sendall(data)
        got, closed = b"", False
        sock.settimeout(wait_for)
        try:
            while True:
                chunk = sock.recv(4096)
                if not chunk:
                    closed = True
                    break
                got += chunk
        except socket.timeout:
            pass
    return got, closed, time.monotonic() - start


def test_a_client_that_stops_half_way_gets_408_and_one_log_line(tmp_path, caplog):
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")),
                     rate_limits=RateLimits(0, 0), body_timeout=1.0)
    caplog.set_level(logging.INFO)
    with serve_app(app) as url:
        port = int(url.rsplit(":", 1)[1])
        body = json.dumps({"title": SLUG, "seats": [{"kind": "human"}] * 2}).encode()
        head = (f"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                f"content-length: {len(body)}\r\n\r\n").encode()
        caplog.clear()
        got, closed, took = _raw(port, head + body[:10], wait_for=10)
        assert got.startswith(b"HTTP/1.1 408"), got[:200]
        assert b'"body_timeout"' in got and closed and 0.9 <= took < 8
        records = [r for r in caplog.records if r.name.startswith(("railyard", "uvicorn"))
                   and r.levelno >= logging.WARNING]
        assert len(records) == 1, [r.getMessage() for r in records]
        assert "did not arrive within 1 s" in records[0].getMessage()
        assert not any(r.exc_info for r in caplog.records)
        # a complete request on a new connection is served as usual; nothing was created
        got, _, _ = _raw(port, head + body, wait_for=3)
        assert got.startswith(b"HTTP/1.1 201")
        listing, _, _ = _raw(port, b"GET /api/games HTTP/1.1\r\nhost: x\r\nconnection: close"
                             b"\r\n\r\n", wait_for=5)
        assert listing.count(b'"title": "toy-stones"') == 1 or \
            listing.count(b'"title":"toy-stones"') == 1


def test_a_client_that_leaves_half_way_costs_one_line_without_traceback(tmp_path, caplog):
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")),
                     rate_limits=RateLimits(0, 0), body_timeout=5.0)
    caplog.set_level(logging.INFO)
    with serve_app(app) as url:
        port = int(url.rsplit(":", 1)[1])
        caplog.clear()
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: "
                         b"application/json\r\ncontent-length: 500\r\n\r\n{\"title\":")
            time.sleep(0.3)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any(
                "left before" in r.getMessage() for r in caplog.records):
            time.sleep(0.05)
        mine = [r for r in caplog.records if r.name.startswith(("railyard", "uvicorn"))]
        assert [r.getMessage() for r in mine if "left before" in r.getMessage()], \
            [r.getMessage() for r in mine]
        assert not any(r.exc_info for r in caplog.records)
        assert not [r for r in mine if r.levelno >= logging.ERROR]


def test_body_timeout_from_the_environment(monkeypatch):
    from railyard.web.limits import DEFAULT_BODY_TIMEOUT, body_timeout_from_env
    assert body_timeout_from_env({}) == DEFAULT_BODY_TIMEOUT
    assert body_timeout_from_env({"RAILYARD_BODY_TIMEOUT": "2.5"}) == 2.5
    for bad in ("0", "-1", "nan", "soon"):
        with pytest.raises(ValueError, match="RAILYARD_BODY_TIMEOUT"):
            body_timeout_from_env({"RAILYARD_BODY_TIMEOUT": bad})
