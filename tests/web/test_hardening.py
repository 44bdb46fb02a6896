"""Issue 15 (points 2, 4, 5 and the web side of 1): hostile or malformed requests get a 4xx
with a clear message and change nothing; JSON-only POSTs; per-client rate limits; the seed of
a title with hidden information comes from the server only and is never shown."""
from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest
from starlette.testclient import TestClient

from railyard.web.api import MAX_CREATE
from railyard.web.app import create_app
from railyard.web.limits import Buckets, RateLimits
from railyard.web.storage import Storage

from .toy import SLUG

JSON = {"content-type": "application/json"}
NAR = "north-american-railways"


@pytest.fixture
def client(tmp_path):
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")))
    with TestClient(app) as c:
        yield c


def _auth(token):
    return {"authorization": f"Bearer {token}"}


def _make(client, **extra):
    r = client.post("/api/games", json={"title": SLUG, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        "options": {"pile": 12}, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def _snapshot(client, gid):
    st = client.get(f"/api/games/{gid}").json()
    return st["version"], st["view"], client.get(f"/api/games/{gid}/log").json()


def _nested(depth: int, inner: str = "1") -> bytes:
    return ("[" * depth + inner + "]" * depth).encode()


# ---- point 2: malformed and hostile input ----------------------------------------------------

def test_player_as_list_or_object_is_a_400_and_changes_nothing(client):
    made = _make(client)
    gid, t0 = made["id"], made["tokens"][0]["token"]
    before = _snapshot(client, gid)
    for player in ([0], {"seat": 0}, [[0]], 0.0, "0", True, None):
        r = client.post(f"/api/games/{gid}/actions", headers=_auth(t0), json={
            "version": 0, "action": {"type": "take", "amount": 1, "player": player}})
        assert r.status_code == 400, (player, r.text)
        assert "player" in r.json()["error"]["message"]
    assert _snapshot(client, gid) == before


class _Server:
    """The app on a real uvicorn server in a thread (keep-alive connections as browsers
    use them)."""

    def __init__(self, app) -> None:
        import uvicorn
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, port=self.port, log_level="error",
                                                    lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.02)
        raise AssertionError("server did not start")

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)


def test_keep_alive_connection_survives_a_hostile_player_field(tmp_path):
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")))
    with _Server(app) as srv:
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)

        def call(method, url, body=None, token=None):
            headers = dict(JSON, **(_auth(token) if token else {}))
            conn.request(method, url, json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            return resp.status, json.loads(resp.read())

        status, made = call("POST", "/api/games", {"title": SLUG, "seats": [
            {"kind": "human"}, {"kind": "human"}], "options": {"pile": 12}})
        assert status == 201
        gid, t0 = made["id"], made["tokens"][0]["token"]
        for player in ([0], {"a": 1}):
            status, body = call("POST", f"/api/games/{gid}/actions",
                                {"version": 0, "action": {"type": "take", "amount": 1,
                                                          "player": player}}, t0)
            assert status == 400 and body["error"]["code"] == "malformed"
            # the next request on the same connection is answered
            status, body = call("GET", f"/api/games/{gid}")
            assert status == 200 and body["version"] == 0
        status, body = call("POST", f"/api/games/{gid}/actions",
                            {"version": 0, "action": {"type": "take", "amount": 1}}, t0)
        assert status == 200 and body["version"] == 1
        conn.close()


def test_deeply_nested_json_is_a_400_everywhere(client):
    made = _make(client)
    gid, t0 = made["id"], made["tokens"][0]["token"]
    before = _snapshot(client, gid)
    for depth in (40, 5000, 20000):
        deep = _nested(depth)
        bodies = {
            f"/api/games/{gid}/actions":
                b'{"version": 0, "action": {"type": "take", "amount": ' + deep + b"}}",
            f"/api/games/{gid}/undo": b'{"version": ' + deep + b"}",
            f"/api/games/{gid}/routes/check": b'{"routes": ' + deep + b"}",
            "/api/games": b'{"title": "toy-stones", "seats": ' + deep + b"}",
            "/api/games/import": b'{"save": ' + deep + b"}",
        }
        for url, body in bodies.items():
            r = client.post(url, content=body, headers={**JSON, **_auth(t0)})
            assert r.status_code in (400, 413), (url, depth, r.status_code, r.text)
            if r.status_code == 400:
                assert "nested" in r.json()["error"]["message"], r.text
    # a shallower value nested within the action itself: the engine's shape check
    r = client.post(f"/api/games/{gid}/actions", headers=_auth(t0), json={
        "version": 0, "action": {"type": "take", "amount": json.loads(_nested(20))}})
    assert r.status_code == 422 and "nested" in r.json()["error"]["message"]
    assert _snapshot(client, gid) == before
    assert len(client.get("/api/games").json()["games"]) == 1


@pytest.mark.parametrize("query", ["timeout=nan", "timeout=NaN", "timeout=inf",
                                   "timeout=-inf", "timeout=-1", "timeout=0", "timeout=1e300",
                                   "timeout=121", "timeout=x", "since=x", "since=1e9",
                                   "since=%C2%B2", "since=" + "9" * 40])
def test_live_update_stream_refuses_bad_timeouts_at_once(client, query):
    made = _make(client)
    start = time.monotonic()
    r = client.get(f"/api/games/{made['id']}/events?{query}")
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    assert "'timeout'" in r.text or "'since'" in r.text
    assert time.monotonic() - start < 5


def test_live_update_stream_still_ends_with_a_good_timeout(client):
    made = _make(client)
    with client.stream("GET", f"/api/games/{made['id']}/events?timeout=0.2&since=-1") as r:
        assert r.status_code == 200 and "version" in "".join(r.iter_text())


def test_tile_drawing_query_with_odd_digits_is_not_a_500(client):
    # issue 23: a rotation is 0..5 as the OpenAPI document says; anything else is a 400
    pytest.importorskip("railyard.games.g1830")
    r = client.post("/api/games", json={"title": "1830", "seats": [{"kind": "human"}] * 4})
    gid = r.json()["id"]
    for rot in ("%C2%B2", "%D9%A3", "9" * 50, "-1", "6"):
        r = client.get(f"/api/games/{gid}/tile.svg?tile=57&rotation={rot}")
        assert r.status_code == 400 and "rotation" in r.json()["error"]["message"]


def test_imported_names_are_limited_as_everywhere(client):
    from railyard.engine.game import Game
    save = Game(SLUG, ["A" * 41, "Bob"], 1, {"pile": 5}).to_save()
    r = client.post("/api/games/import", json={"save": save})
    # cut to 40 characters as at creation (the lobby never shows a longer name)
    assert r.status_code == 201, r.text
    names = [p for g in client.get("/api/games").json()["games"] for p in g["players"]]
    assert names and max(len(n) for n in names) <= 40


# ---- point 5: JSON only, rate limits, body size ------------------------------------------

def test_every_post_needs_the_json_content_type(client):
    made = _make(client)
    gid, t0 = made["id"], made["tokens"][0]["token"]
    before = _snapshot(client, gid)
    body = json.dumps({"version": 0, "action": {"type": "take", "amount": 1}})
    create = json.dumps({"title": SLUG, "seats": [{"kind": "bot"}], "options": {"pile": 3}})
    urls = {f"/api/games/{gid}/actions": body, f"/api/games/{gid}/undo": '{"version": 0}',
            f"/api/games/{gid}/routes/check": '{"routes": []}',
            f"/api/games/{gid}/routes/auto": "{}", "/api/games": create,
            "/api/games/import": '{"save": {}}'}
    for ctype in (None, "text/plain", "application/x-www-form-urlencoded",
                  "multipart/form-data; boundary=x", "application/jsonx", "text/json"):
        for url, text in urls.items():
            headers = {**_auth(t0), **({"content-type": ctype} if ctype else {})}
            r = client.post(url, content=text.encode(), headers=headers)
            assert r.status_code == 415, (url, ctype, r.text)
            assert "application/json" in r.json()["error"]["message"]
            assert r.headers["x-content-type-options"] == "nosniff"
    assert _snapshot(client, gid) == before
    assert len(client.get("/api/games").json()["games"]) == 1
    ok = client.post(f"/api/games/{gid}/actions", content=body.encode(), headers={
        **_auth(t0), "content-type": "Application/JSON; charset=utf-8"})
    assert ok.status_code == 200


def test_browser_scripts_send_json_posts():
    """The pages' own POSTs go through common.js's api(), which sets the JSON content type
    whenever there is a body, and every POST call passes one."""
    import pathlib
    import re
    static = pathlib.Path(__file__).parents[2] / "src" / "railyard" / "web" / "static"
    common = (static / "common.js").read_text()
    assert 'headers["content-type"] = "application/json"' in common
    for path in static.glob("*.js"):
        text = path.read_text()
        assert "fetch(" not in text or path.name == "common.js" or \
            not re.search(r"fetch\([^)]*method", text), path.name
        for call in re.findall(r'api\("POST",[^;]*', text):
            assert call.count(",") >= 2, (path.name, call)      # a body is passed


def test_creation_is_rate_limited_per_client_with_retry_after(tmp_path):
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")),
                     rate_limits=RateLimits(create=3, actions=5))
    with TestClient(app) as client:
        for _ in range(3):
            _make(client)
        r = client.post("/api/games", json={"title": SLUG, "seats": [{"kind": "bot"}]})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert r.json()["error"]["code"] == "rate_limited"
        assert "3 a minute" in r.json()["error"]["message"]
        assert client.post("/api/games/import", json={}).status_code == 429
        assert len(client.get("/api/games").json()["games"]) == 3      # reading is free
        gid = client.get("/api/games").json()["games"][0]["id"]
        codes = [client.post(f"/api/games/{gid}/actions", json={
            "version": 0, "action": {"type": "take"}}).status_code for _ in range(7)]
        assert codes[:5] == [401] * 5 and codes[5:] == [429, 429]
        # another client address has its own buckets
        other = TestClient(app, client=("10.0.0.2", 5000))
        assert other.post("/api/games/import", json={}).status_code == 400


def test_servers_on_one_postgresql_database_share_the_limits(pg_url):
    """Issue 15, point 5 with point 6: the limit is per client, not per worker -- two
    servers (apps with their own storage) on one database draw on one bucket."""
    limits = RateLimits(create=60, actions=4)
    apps = [create_app(storage=Storage(pg_url), rate_limits=limits) for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        gid = _make(a)["id"]
        codes = [(a if i % 2 else b).post(f"/api/games/{gid}/actions", json={
            "version": 0, "action": {"type": "take"}}).status_code for i in range(6)]
        assert codes[:4] == [401] * 4 and codes[4:] == [429, 429], codes
        r = b.post(f"/api/games/{gid}/undo", json={"version": 0})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        other = TestClient(apps[1], client=("10.0.0.9", 5000))      # its own bucket
        assert other.post(f"/api/games/{gid}/actions", json={
            "version": 0, "action": {"type": "take"}}).status_code == 401


def test_rate_limit_refills_and_can_be_turned_off(tmp_path, monkeypatch):
    b = Buckets(60)                 # a minute's worth at once, then one a second
    assert all(b.take("a", now=100.0) == 0 for _ in range(60))
    assert b.take("a", now=100.0) == pytest.approx(1.0)
    assert b.take("a", now=101.5) == 0 and b.take("a", now=101.5) > 0
    assert b.take("b", now=101.5) == 0
    monkeypatch.setenv("RAILYARD_RATE_CREATE", "off")
    monkeypatch.setenv("RAILYARD_RATE_ACTIONS", "7")
    assert RateLimits.from_env() == RateLimits(create=0, actions=7)
    monkeypatch.setenv("RAILYARD_RATE_ACTIONS", "lots")
    with pytest.raises(ValueError, match="RAILYARD_RATE_ACTIONS"):
        RateLimits.from_env()
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")), rate_limits=RateLimits(0, 0))
    with TestClient(app) as client:
        for _ in range(80):
            assert client.post("/api/games/import", json={}).status_code == 400


def test_serve_options_set_the_limits(monkeypatch):
    from click.testing import CliRunner

    from railyard.cli.cmd_serve import command
    seen = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: seen.update(
        limits=app.user_middleware[1].kwargs["limits"]))
    # set first, so that monkeypatch restores them: the command writes them for its workers
    for name in ("RAILYARD_RATE_CREATE", "RAILYARD_RATE_ACTIONS", "RAILYARD_DATABASE_URL"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    with CliRunner().isolated_filesystem():
        res = CliRunner().invoke(command, ["--data-dir", "d", "--rate-create", "0",
                                           "--rate-actions", "30"])
    assert res.exit_code == 0, res.output
    assert seen["limits"] == RateLimits(create=0, actions=30)


def test_creation_body_is_limited_before_parsing(client):
    big = b'{"title": "' + b"x" * MAX_CREATE + b'"}'
    r = client.post("/api/games", content=big, headers=JSON)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"

    def chunks():                   # no content-length: counted while streaming
        yield b'{"title": "'
        for _ in range(MAX_CREATE // 65536 + 1):
            yield b"x" * 65536
        yield b'"}'
    r = client.post("/api/games", content=chunks(), headers=JSON)
    assert r.status_code == 413
    # an uploaded deck or board of almost 1 MiB is read (the option check answers)
    text = "x" * (MAX_CREATE - 2000)
    r = client.post("/api/games", json={"title": SLUG, "seats": [{"kind": "bot"}],
                                        "options": {"deck": text}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
    assert client.get("/api/games").json()["games"] == []


# ---- point 4: hidden information ----------------------------------------------------------

def test_hidden_information_seed_comes_from_the_server_only(client):
    pytest.importorskip("railyard.games.nar")
    from railyard.engine.game import Game
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]
    for seed in (0, 5, 2**40):
        r = client.post("/api/games", json={"title": NAR, "seats": seats, "seed": seed})
        assert r.status_code == 400 and r.json()["error"]["code"] == "hidden_information"
        assert "seed" in r.json()["error"]["message"]
    # an unfinished save holds its seed: importing one would choose it
    save = Game(NAR, ["A", "B", "C"], 5).to_save()
    r = client.post("/api/games/import", json={"save": save})
    assert r.status_code == 400 and r.json()["error"]["code"] == "hidden_information"
    assert client.get("/api/games").json()["games"] == []
    # titles without hidden information still take a seed (reproducible games)
    assert client.post("/api/games", json={"title": SLUG, "seats": seats[:2], "seed": 5,
                                           "options": {"pile": 4}}).status_code == 201


def test_hidden_information_seed_is_never_shown_before_the_end(client):
    pytest.importorskip("railyard.games.nar")
    made = client.post("/api/games", json={"title": NAR, "hotseat": True, "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]}).json()
    gid, host = made["id"], made["host_token"]
    live = client.app.state.service.get(gid)
    seed = str(live.game.seed)
    assert live.game.hidden_information and len(seed) >= 6   # a server pick (63 bits)
    texts = [json.dumps(made)]
    for url, headers in [(f"/api/games/{gid}", {}), (f"/api/games/{gid}", _auth(host)),
                         (f"/api/games/{gid}?legal=1", _auth(host)),
                         (f"/api/games/{gid}/legal", _auth(host)),
                         (f"/api/games/{gid}/log", {}), ("/api/games", {}), ("/", {}),
                         (f"/games/{gid}", {}), (f"/api/games/{gid}/board.svg", {})]:
        r = client.get(url, headers=headers)
        assert r.status_code == 200, url
        texts.append(r.text)
    with client.stream("GET", f"/api/games/{gid}/events?since=-1&timeout=0.2") as r:
        texts.append("".join(r.iter_text()))
    assert all(seed not in t and '"seed"' not in t for t in texts)
    blocked = client.get(f"/api/games/{gid}/export")
    assert blocked.status_code == 403 and seed not in blocked.text


def test_title_info_flag_marks_hidden_information():
    from dataclasses import replace

    from railyard.engine.game import Game
    from railyard.engine.registry import get_title, register, unregister
    assert not Game(SLUG, ["A", "B"], 1, {"pile": 3}).hidden_information
    register(replace(get_title(SLUG), slug="toy-secret", hidden_information=True))
    try:
        assert Game("toy-secret", ["A", "B"], 1, {"pile": 3}).hidden_information
    finally:
        unregister("toy-secret")


def test_a_nar_deck_is_uploaded_content_not_a_server_path(client):
    """The new-game page sends a chosen deck file's text as the option ``deck``: the server
    takes that content; a server path is not read (it is not a deck)."""
    pytest.importorskip("railyard.games.nar")
    import pathlib

    import railyard.games.nar as nar
    text = (pathlib.Path(nar.__file__).parent / "data" / "deck.json").read_text()
    seats = [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]
    r = client.post("/api/games", json={"title": NAR, "seats": seats, "options": {"deck": text}})
    assert r.status_code == 201, r.text
    live = client.app.state.service.get(r.json()["id"])
    assert live.game.options["deck"] in (text, json.loads(text))
    for path in ("/etc/passwd", "/dev/zero", str(pathlib.Path(nar.__file__).parent / "data"
                                                 / "deck.json")):
        r = client.post("/api/games", json={"title": NAR, "seats": seats,
                                            "options": {"deck": path}})
        assert r.status_code == 400, (path, r.text)
        assert "root:" not in r.text
    assert len(client.get("/api/games").json()["games"]) == 1


def test_new_game_page_names_options_in_words_and_offers_board_files(client):
    """The new-game page names each option in a player's words (not its key) and offers a
    file chooser for a board or deck of one's own."""
    html = client.get("/new").text
    assert ">A third 6-train" in html and ">extra_6_train" not in html
    assert ">Station wars (variant)" in html
    import re
    board = re.search(r'<input type="file" data-option="board"[^>]*>', html)
    deck = re.search(r'<input type="file" data-option="deck"[^>]*>', html)
    assert board and deck


def test_new_game_page_tells_options_without_engine_words(client):
    """Issue 24 point 5: an option's text on the new-game page is a player's sentence: no
    "True"/"False", no option keys or engine names, the rule it changes named apart
    ("rule 26.0"); the ways 18xx.games plays are kept apart, folded, under their own
    heading."""
    import re
    from html.parser import HTMLParser

    class Texts(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.out: list[str] = []
            self.depth = 0

        def handle_starttag(self, tag, attrs):
            if tag == "small":
                self.depth += 1
                self.out.append("")

        def handle_endtag(self, tag):
            if tag == "small":
                self.depth -= 1

        def handle_data(self, data):
            if self.depth:
                self.out[-1] += data

    html = client.get("/new").text
    parser = Texts()
    parser.feed(html)
    texts = [t.strip() for t in parser.out if t.strip()]
    assert len(texts) > 30
    for text in texts:
        assert not re.search(r"\b(True|False|true|false)\b", text), text
        assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", text), text      # option keys
        assert not re.match(r"\d", text), text          # the rule goes at the end, apart
    assert any(t.endswith("(rule 26.0)") for t in texts)
    site = html[html.index('<details class="site-options">'):]
    assert "As 18xx.games plays" in site and 'data-option="withhold_moves_at_once"' in site
    printed = html[:html.index('<details class="site-options">')]
    assert 'data-option="extra_6_train"' in printed
