"""Accounts (issue 23, point 1) on SQLite and PostgreSQL: passwords only as argon2 hashes
and never logged, sessions that act only for their own account, the CSRF token required on
every state-changing request and form of a logged-in browser, the log-in rate limit, names
with HTML shown as text, log out (everywhere), password change and the admin's commands,
seats of accounts (creator, invitation, join, claim of a private link), the lobby's
account games and open games, and accounts switched off."""
from __future__ import annotations

import logging
import re

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from railyard.bots.random_bot import RandomBot
from railyard.cli.main import main as cli
from railyard.web.accounts import COOKIE
from railyard.web.app import create_app
from railyard.web.storage import Storage

PASSWORD = "correct horse battery"
CE3 = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def make_app(db_url):
    made = []

    def make(**kw):
        kw.setdefault("secure_cookies", "off")
        app = create_app(storage=Storage(db_url), **kw)
        made.append(app)
        return app

    yield make
    for app in made:
        app.state.service.close()


def _form_csrf(html: str, action: str = "") -> str:
    """The CSRF field of the page's form (of ``action``; else of the form after the
    navigation, whose log-out form comes first when logged in)."""
    main = html.split("<main", 1)[1]
    if action:
        main = main.split(f'action="{action}"', 1)[1]
    return re.search(r'name="csrf" value="([^"]+)"', main).group(1)


def _meta_csrf(client) -> str:
    html = client.get("/").text
    return re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)


def signup(client, name, password=PASSWORD):
    page = client.get("/signup")
    return client.post("/signup", data={"name": name, "password": password,
                                        "password2": password, "csrf": _form_csrf(page.text),
                                        "next": "/"}, follow_redirects=False)


def login(client, name, password=PASSWORD):
    page = client.get("/login")
    return client.post("/login", data={"name": name, "password": password,
                                       "csrf": _form_csrf(page.text)}, follow_redirects=False)


class User:
    """A browser of one account: a client with its cookie and the page's CSRF token."""

    def __init__(self, app, name, new=True):
        self.client = TestClient(app)
        self.client.__enter__()
        r = signup(self.client, name) if new else login(self.client, name)
        assert r.status_code == 303, r.text
        self.csrf = _meta_csrf(self.client)

    def post(self, url, body, **kw):
        return self.client.post(url, json=body, headers={"x-csrf-token": self.csrf}, **kw)

    def close(self):
        self.client.__exit__(None, None, None)


def test_password_is_stored_only_as_argon2_hash_and_never_logged(make_app, caplog):
    app = make_app()
    caplog.set_level(logging.DEBUG)
    secret = "Pw-that-must-not-leak-42"
    ann = User(app, "Ann")
    with TestClient(app) as c:
        assert signup(c, "Bea", secret).status_code == 303
        assert login(c, "Bea", secret).status_code == 303
        assert login(c, "Bea", secret + "x").status_code == 401
    store = app.state.service.storage
    with store._tx(write=False) as tx:
        rows = tx.execute("SELECT name, pw_hash FROM ry_accounts").fetchall()
        sessions = tx.execute("SELECT id_hash FROM ry_sessions").fetchall()
        dump = repr(rows) + repr(sessions) + repr(tx.execute(
            "SELECT * FROM ry_accounts").fetchall())
    assert {n for n, _ in rows} == {"Ann", "Bea"}
    assert all(h.startswith("$argon2id$") for _, h in rows)
    assert secret not in dump and PASSWORD not in dump
    cookie = ann.client.cookies.get(COOKIE)
    assert cookie and cookie not in dump                       # only the session's hash
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert secret not in logged and PASSWORD not in logged and cookie not in logged
    ann.close()


def test_session_of_one_account_cannot_act_for_another(make_app):
    app = make_app()
    ann, bob = User(app, "Ann"), User(app, "Bob")
    made = ann.post("/api/games", {"title": "chicago-express", "seed": 5, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "bob"},
        {"kind": "bot", "bot": "random"}]})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    st = ann.client.get(f"/api/games/{gid}?legal=1").json()
    assert st["my_seats"] == [0]
    assert bob.client.get(f"/api/games/{gid}").json()["my_seats"] == [1]
    svc = app.state.service
    live = svc.get(gid)
    assert live.game.current_player == 0
    action = RandomBot(1).choose(live.game.state)
    # Bob's cookie may not play Ann's seat
    r = bob.post(f"/api/games/{gid}/actions", {"version": st["version"], "action": action})
    assert r.status_code == 403 and r.json()["error"]["code"] in ("wrong_seat", "not_your_game")
    # nor may Ann's cookie with Bob's CSRF token, nor Bob's cookie with Ann's token
    r = ann.client.post(f"/api/games/{gid}/actions", json={"version": st["version"],
                        "action": action}, headers={"x-csrf-token": bob.csrf})
    assert r.status_code == 403 and r.json()["error"]["code"] == "csrf"
    assert svc.get(gid).version == st["version"]
    # a third account has no seat at all
    cy = User(app, "Cy")
    r = cy.post(f"/api/games/{gid}/actions", {"version": st["version"], "action": action})
    assert r.status_code == 403
    assert svc.get(gid).version == st["version"]
    r = ann.post(f"/api/games/{gid}/actions", {"version": st["version"], "action": action})
    assert r.status_code == 200, r.text
    for u in (ann, bob, cy):
        u.close()


def test_requests_without_the_csrf_token_are_refused(make_app):
    app = make_app()
    ann = User(app, "Ann")
    body = {"title": "chicago-express", "seats": CE3}
    for headers in ({}, {"x-csrf-token": ""}, {"x-csrf-token": "0" * 64},
                    {"x-csrf-token": ann.csrf[:-1] + ("0" if ann.csrf[-1] != "0" else "1")}):
        r = ann.client.post("/api/games", json=body, headers=headers)
        assert r.status_code == 403 and r.json()["error"]["code"] == "csrf", headers
    assert app.state.service.list() == []
    assert ann.post("/api/games", body).status_code == 201
    # the forms of a logged-in browser too: log out and change the password
    r = ann.client.post("/logout", data={"csrf": "nope"}, follow_redirects=False)
    assert ann.client.get("/api/session").json()["account"] == {"name": "Ann"}
    r = ann.client.post("/account/password", data={"old": PASSWORD, "new": "x" * 12,
                                                    "new2": "x" * 12, "csrf": "nope"})
    assert r.status_code == 403
    assert login(TestClient(app), "Ann").status_code == 303      # the password is unchanged
    # a sign-up form without its double-submit token
    with TestClient(app) as c:
        r = c.post("/signup", data={"name": "Eve", "password": PASSWORD,
                                    "password2": PASSWORD, "csrf": "forged"})
        assert r.status_code == 403
    assert app.state.accounts.by_name("Eve") is None
    # the private-link API without a cookie needs no CSRF token (as before accounts)
    with TestClient(app) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 201
        gid, tok = r.json()["id"], r.json()["tokens"][0]["token"]
        live = app.state.service.get(gid)
        r = c.post(f"/api/games/{gid}/actions", json={
            "version": 0, "action": RandomBot(3).choose(live.game.state)},
            headers={"authorization": f"Bearer {tok}"})
        assert r.status_code == 200
    ann.close()


def test_login_rate_limit_per_name_and_per_address(make_app):
    app = make_app(login_rate=3)
    with TestClient(app) as c:
        assert signup(c, "Ann").status_code == 303
    with TestClient(app) as c:
        codes = [login(c, "Ann", "wrong password").status_code for _ in range(3)]
        assert codes == [401, 401, 401]
        r = login(c, "Ann")                    # even the right password: the name waits
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert "Too many log-in attempts" in r.text
        assert c.cookies.get(COOKIE) is None
        # other names from this address: limited at three times the rate (9 a minute;
        # 5 taken above by the sign-up and the attempts; a slow machine may refill a little
        # meanwhile)
        codes = []
        while len(codes) < 15 and 429 not in codes:
            codes.append(login(c, f"nobody{len(codes)}", "x" * 9).status_code)
        assert codes[:4] == [401] * 4 and codes[-1] == 429, codes


def test_names_with_html_are_shown_as_text(make_app):
    app = make_app()
    evil = "<script>alert(1)</script>"
    u = User(app, evil)
    made = u.post("/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human", "name": "<img src=x onerror=alert(2)>"}, {"kind": "bot"},
        {"kind": "human", "open": True}]})
    gid = made.json()["id"]
    from urllib.parse import quote
    pages = ["/", "/account", f"/games/{gid}", "/players/" + quote(evil, safe="")]
    for path in pages:
        html = u.client.get(path).text
        assert "<script>alert(1)" not in html and "<img src=x" not in html, path
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in u.client.get("/account").text
    assert "&lt;img src=x onerror=alert(2)&gt;" in u.client.get("/").text
    profile = u.client.get("/players/" + quote(evil, safe=""))
    assert profile.status_code == 200
    assert "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>" in profile.text
    u.close()


def test_logout_and_logout_everywhere(make_app):
    app = make_app()
    phone = User(app, "Ann")
    laptop = User(app, "Ann", new=False)
    assert laptop.client.get("/api/session").json()["account"] == {"name": "Ann"}
    r = laptop.client.post("/logout", data={"csrf": laptop.csrf}, follow_redirects=False)
    assert r.status_code == 303
    assert laptop.client.get("/api/session").json()["account"] is None
    assert phone.client.get("/api/session").json()["account"] == {"name": "Ann"}
    tablet = User(app, "Ann", new=False)
    r = tablet.client.post("/logout", data={"csrf": tablet.csrf, "everywhere": "1"},
                           follow_redirects=False)
    assert r.status_code == 303
    for u in (phone, tablet):
        assert u.client.get("/api/session").json()["account"] is None
        u.close()
    laptop.close()


def test_password_change_ends_other_sessions(make_app):
    app = make_app()
    a, b = User(app, "Ann"), User(app, "Ann", new=False)
    r = a.client.post("/account/password", data={"old": "wrong one!", "new": "n" * 10,
                                                  "new2": "n" * 10, "csrf": a.csrf})
    assert r.status_code == 401 and "current password is wrong" in r.text
    r = a.client.post("/account/password", data={"old": PASSWORD, "new": "n" * 10,
                                                  "new2": "n" * 10, "csrf": a.csrf},
                      follow_redirects=False)
    assert r.status_code == 303
    assert a.client.get("/api/session").json()["account"] == {"name": "Ann"}
    assert b.client.get("/api/session").json()["account"] is None
    with TestClient(app) as c:
        assert login(c, "Ann").status_code == 401
        assert login(c, "ann", "n" * 10).status_code == 303        # names: any case
    a.close()
    b.close()


def test_admin_commands_list_disable_reset_delete(make_app, db_url, monkeypatch, tmp_path):
    # the server hears of the command's changes within SESSION_CACHE_SECONDS; here at once
    monkeypatch.setattr("railyard.web.accounts.SESSION_CACHE_SECONDS", 0.0)
    app = make_app()
    ann = User(app, "Ann")
    gid = ann.post("/api/games", {"title": "chicago-express", "seats": CE3}).json()["id"]
    if db_url.startswith("postgres"):
        monkeypatch.setenv("RAILYARD_DATABASE_URL", db_url)
        args = []
    else:
        monkeypatch.delenv("RAILYARD_DATABASE_URL", raising=False)
        import os
        args = ["--data-dir", os.path.dirname(db_url)]
        assert db_url.endswith("railyard.sqlite3")
    run = CliRunner().invoke
    out = run(cli, ["accounts", "list", *args])
    assert out.exit_code == 0 and "Ann" in out.output and "1 seat(s)" in out.output
    out = run(cli, ["accounts", "disable", "ann", *args])
    assert out.exit_code == 0, out.output
    assert ann.client.get("/api/session").json()["account"] is None
    with TestClient(app) as c:
        r = login(c, "Ann")
        assert r.status_code == 403 and "disabled" in r.text
    assert run(cli, ["accounts", "enable", "Ann", *args]).exit_code == 0
    out = run(cli, ["accounts", "reset-password", "Ann", *args])
    assert out.exit_code == 0
    new = re.search(r"new password of Ann: (\S+)", out.output).group(1)
    with TestClient(app) as c:
        assert login(c, "Ann").status_code == 401
        assert login(c, "Ann", new).status_code == 303
    out = run(cli, ["accounts", "delete", "Ann", "--yes", *args])
    assert out.exit_code == 0 and "1 seat(s) keep their private links" in out.output
    assert app.state.accounts.by_name("Ann") is None
    assert app.state.service.storage.get_seats(gid)[0].token_hash      # the seat is kept
    out = run(cli, ["accounts", "disable", "nobody", *args])
    assert out.exit_code == 1 and "There is no account 'nobody'" in out.output
    assert "Traceback" not in out.output
    ann.close()


def test_seats_of_accounts_join_claim_and_my_games(make_app):
    app = make_app()
    ann, bob = User(app, "Ann"), User(app, "Bob")
    made = ann.post("/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True},
        {"kind": "bot", "bot": "random"}]}).json()
    gid = made["id"]
    # Bob joins the open seat: it belongs to his account, under his name (no move yet)
    r = bob.post(f"/api/games/{gid}/join", {"seat": 1})
    assert r.status_code == 200 and r.json()["name"] == "Bob"
    st = bob.client.get(f"/api/games/{gid}").json()
    assert st["my_seats"] == [1] and st["seats"][1]["name"] == "Bob"
    mine = bob.client.get("/api/account/games").json()["games"]
    assert [g["id"] for g in mine] == [gid]
    assert mine[0]["opponents"] == ["Ann", "Bot 1"] and mine[0]["my_turn"] is False
    assert ann.client.get("/api/account/games").json()["games"][0]["my_turn"] is True
    # a game page opened by the account shows its seat (no link needed)
    assert 'name="railyard-seat"' in bob.client.get(f"/games/{gid}").text
    # a private-link game claimed into Bob's account; Ann cannot claim it afterwards
    with TestClient(app) as c:
        linked = c.post("/api/games", json={"title": "chicago-express", "seats": CE3}).json()
    tok = linked["tokens"][2]["token"]
    lid = linked["id"]
    r = bob.client.post(f"/api/games/{lid}/claim", json={}, headers={
        "x-csrf-token": bob.csrf, "authorization": f"Bearer {tok}"})
    assert r.status_code == 200 and r.json()["seats"] == [2]
    assert lid in {g["id"] for g in bob.client.get("/api/account/games").json()["games"]}
    r = ann.client.post(f"/api/games/{lid}/claim", json={}, headers={
        "x-csrf-token": ann.csrf, "authorization": f"Bearer {tok}"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_owned"
    r = bob.post(f"/api/games/{lid}/claim", {})                # no link: nothing to claim
    assert r.status_code == 403
    # the link itself keeps working
    with TestClient(app) as c:
        assert c.get(f"/api/games/{lid}", headers={
            "authorization": f"Bearer {tok}"}).json()["my_seats"] == [2]
    # invitation of an unknown account: refused, nothing created
    r = ann.post("/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human"}, {"kind": "human", "account": "nobody"}, {"kind": "bot"}]})
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_account"
    ann.close()
    bob.close()


def test_joining_without_account_gives_the_seat_a_name(make_app):
    app = make_app()
    with TestClient(app) as c:
        made = c.post("/api/games", json={"title": "chicago-express", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True},
            {"kind": "human", "open": True}]}).json()
        gid = made["id"]
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "name": "  Zoë  Q "})
        assert r.status_code == 200 and r.json()["name"] == "Zoë Q"
        st = c.get(f"/api/games/{gid}", headers={"authorization": "Bearer " +
                                                 r.json()["token"]}).json()
        assert st["seats"][1]["name"] == "Zoë Q" and st["my_seats"] == [1]
        r = c.post(f"/api/games/{gid}/join", json={"seat": 2, "name": "ann"})
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
        r = c.post(f"/api/games/{gid}/join", json={"seat": 2, "name": 7})
        assert r.status_code == 400


def test_open_games_filters(make_app):
    app = make_app()
    with TestClient(app) as c:
        a = c.post("/api/games", json={"title": "chicago-express", "seats": [
            {"kind": "human"}, {"kind": "human", "open": True}, {"kind": "bot"}]}).json()
        b = c.post("/api/games", json={"title": "american-rails", "seats": [
            {"kind": "human"}, {"kind": "human", "open": True}, {"kind": "bot"},
            {"kind": "bot"}]}).json()
        c.post("/api/games", json={"title": "chicago-express", "seats": CE3})   # none open
        ids = lambda q: [g["id"] for g in c.get("/api/open-games" + q).json()["games"]]
        assert set(ids("")) == {a["id"], b["id"]}
        assert ids("?title=chicago-express") == [a["id"]]
        assert ids("?players=4") == [b["id"]]
        assert ids("?players=5") == []
        assert ids("?option=nothing-like-this") == []
        assert c.get("/api/open-games?players=x").status_code == 400


def test_secure_flag_of_the_session_cookie(make_app):
    app = make_app(secure_cookies="auto")
    with TestClient(app, base_url="https://railyard.example") as c:
        r = signup(c, "Ann")
        cookie = [h for h in r.headers.get_list("set-cookie") if h.startswith(COOKIE)][0]
        assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:     # make run: plain http
        r = signup(c, "Bob")
        cookie = [h for h in r.headers.get_list("set-cookie") if h.startswith(COOKIE)][0]
        assert "Secure" not in cookie and "HttpOnly" in cookie
    app2 = make_app(secure_cookies="on")
    with TestClient(app2, base_url="http://127.0.0.1:8000") as c:
        # forced on: even the form's cookie is Secure, so plain http cannot log in
        cookie = c.get("/signup").headers["set-cookie"]
        assert cookie.startswith("railyard_csrf=") and "Secure" in cookie


def test_accounts_switched_off(make_app):
    app = make_app(accounts=False)
    with TestClient(app) as c:
        assert c.get("/login").status_code == 404
        assert c.post("/login", data={"name": "a"}).status_code == 404
        assert c.get("/api/session").json() == {"accounts": False, "account": None,
                                                "csrf": None}
        assert c.get("/api/account/games").status_code == 404
        assert "Log in" not in c.get("/").text
        r = c.post("/api/games", json={"title": "chicago-express", "seats": CE3})
        assert r.status_code == 201                         # private links as always


def test_openapi_documents_the_account_endpoints_as_they_answer(make_app):
    app = make_app()
    with TestClient(app) as c:
        doc = c.get("/openapi.json").json()
        paths = doc["paths"]
        routes = {r.path for r in app.routes if hasattr(r, "path")}
        for path in ("/api/session", "/api/account/games", "/api/open-games",
                     "/api/games/{game_id}/claim"):
            assert path in paths and path in routes
        assert doc["components"]["securitySchemes"]["session"]["in"] == "cookie"
        assert "account" in doc["components"]["schemas"]["Seat"]["properties"]
        # the answers these endpoints gave above are documented
        assert c.get("/api/account/games").status_code == 401
        assert "401" in paths["/api/account/games"]["get"]["responses"]
        assert c.get("/api/open-games?players=x").status_code == 400
        assert "400" in paths["/api/open-games"]["get"]["responses"]
        made = c.post("/api/games", json={"title": "chicago-express", "seats": CE3}).json()
        r = c.post(f"/api/games/{made['id']}/claim", json={})
        assert r.status_code == 401
        claim = paths["/api/games/{game_id}/claim"]["post"]["responses"]
        assert {"200", "401", "403", "404", "409"} <= set(claim)


def test_nul_characters_get_an_answer_not_a_server_error(make_app):
    """PostgreSQL cannot store NUL: names, passwords, invitations and profile addresses
    holding one are refused with a 400 in words (bad_text, issue 23 part B's rule for every
    request), on both databases, and nothing changes."""
    app = make_app()
    ann = User(app, "Ann")
    with TestClient(app) as c:
        for r in (login(c, "Ann\x00", PASSWORD), login(c, "Ann", PASSWORD + "\x00"),
                  signup(c, "Bo\x00b"), signup(c, "Bob", "pass\x00word-long"),
                  c.get("/players/Ann%00")):
            assert r.status_code == 400 and "cannot be stored" in r.text, r.text
        assert c.cookies.get(COOKIE) is None                    # nobody logged in
    r = ann.post("/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human"}, {"kind": "human", "account": "Bob\x00"}, {"kind": "bot"}]})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_text"
    r = ann.client.post("/account/notifications", data={"csrf": ann.csrf,
                                                        "email": "a\x00@b.org", "turn": "1"})
    assert r.status_code == 400 and "cannot be stored" in r.text
    store = app.state.service.storage
    with store._tx(write=False) as tx:
        assert [n for (n,) in tx.execute("SELECT name FROM ry_accounts").fetchall()] == ["Ann"]
        assert tx.execute("SELECT settings FROM ry_accounts").fetchone()[0] == "{}"
    ann.close()


def test_accounts_and_cookie_settings_from_the_environment(db_url, monkeypatch):
    from railyard.web.auth import accounts_enabled, secure_mode
    assert accounts_enabled({}) is True
    for off in ("off", "0", "no", "false", "OFF"):
        assert accounts_enabled({"RAILYARD_ACCOUNTS": off}) is False
    assert secure_mode({}) == "auto"
    assert secure_mode({"RAILYARD_SECURE_COOKIES": "0"}) == "off"
    assert secure_mode({"RAILYARD_SECURE_COOKIES": "on"}) == "on"
    assert secure_mode({"RAILYARD_SECURE_COOKIES": "bogus"}) == "auto"
    monkeypatch.setenv("RAILYARD_ACCOUNTS", "off")     # what serve --no-accounts sets
    app = create_app(storage=Storage(db_url))
    try:
        assert app.state.accounts is None
        with TestClient(app) as c:
            assert c.get("/signup").status_code == 404
    finally:
        app.state.service.close()
