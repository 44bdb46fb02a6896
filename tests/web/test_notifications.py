"""Notifications (issue 23, point 3) through a real local SMTP server (aiosmtpd) and a local
webhook receiver: an invited account is told of the invitation, the waiting player of their
turn (e-mail and a Discord/Slack-style JSON post), a burst of turns arrives as one message,
kinds switched off are not sent, a failing webhook is retried with a log line per failure,
and a move never waits for a message."""
from __future__ import annotations

import json
import logging
import socket
import threading
import time
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from starlette.testclient import TestClient

from railyard.bots.random_bot import RandomBot
from railyard.web.notifications import Notifier, SmtpSettings

from .test_accounts import User, make_app  # noqa: F401 - the app fixture


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp():
    from aiosmtpd.controller import Controller

    class Inbox:
        def __init__(self):
            self.mails = []

        async def handle_DATA(self, server, session, envelope):
            self.mails.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content, policy=policy.default)))
            return "250 OK"

    inbox = Inbox()
    ctl = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    ctl.start()
    yield inbox, ctl.port
    ctl.stop()


@pytest.fixture
def hooks():
    """A local webhook receiver: the JSON bodies posted to /hook; /hold waits for
    ``release`` before answering; /broken answers 500."""
    got, release = [], threading.Event()
    release.holding = threading.Event()       # set once a post to /hold has come in

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["content-length"])))
            if self.path == "/hold":
                release.holding.set()
                release.wait(30)
            status = 500 if self.path == "/broken" else 204
            got.append((self.path, body))
            self.send_response(status)
            self.end_headers()

        def log_message(self, *args):
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield got, f"http://127.0.0.1:{srv.server_address[1]}", release
    release.set()
    srv.shutdown()


def _wait(cond, what, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"no {what} within {timeout} s")


def _notifier(app, port, delay=0.3):
    n = Notifier(app.state.service.storage, SmtpSettings(host="127.0.0.1", port=port,
                                                         sender="railyard@test"),
                 delay=delay, backoff=0.05, base_url="https://games.example",
                 allow_private=True)
    app.state.service.notifier = n
    return n


def _settings(user, email="", webhook="", kinds=("turn", "invite", "end")):
    page = user.client.get("/account")
    assert page.status_code == 200
    r = user.client.post("/account/notifications", data={
        "csrf": user.csrf, "email": email, "webhook": webhook,
        **{k: "1" for k in kinds}}, follow_redirects=False)
    assert r.status_code == 303, r.text


def _move(user, gid):
    svc = user.client.app.state.service
    live = svc.get(gid)
    action = RandomBot(live.version).choose(live.game.state)
    r = user.post(f"/api/games/{gid}/actions", {"version": live.version, "action": action})
    assert r.status_code == 200, r.text


def test_turn_and_invitation_reach_the_waiting_player(make_app, smtp, hooks):
    inbox, port = smtp
    posts, base, _ = hooks
    app = make_app()
    notifier = _notifier(app, port)
    ann, bob = User(app, "Ann"), User(app, "Bob")
    _settings(bob, email="bob@example.org", webhook=base + "/hook")
    _settings(ann, webhook=base + "/hook-ann", kinds=("turn",))
    made = ann.post("/api/games", {"title": "chicago-express", "seed": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "Bob"},
        {"kind": "human", "name": "Cy"}]})
    gid = made.json()["id"]
    _wait(lambda: inbox.mails and posts, "invitation")
    rcpt, mail = inbox.mails[0]
    assert rcpt == ["bob@example.org"]
    assert "invited to Chicago Express" in mail["Subject"]
    assert f"https://games.example/games/{gid}" in mail.get_content()
    assert posts[0][0] == "/hook" and "You are invited to Chicago Express" in \
        posts[0][1]["content"] and posts[0][1]["text"] == posts[0][1]["content"]
    inbox.mails.clear()
    posts.clear()
    # Ann moves: now it is Bob's turn
    _move(ann, gid)
    assert app.state.service.get(gid).game.current_player == 1
    _wait(lambda: inbox.mails and posts, "turn notice")
    assert "It is your turn in Chicago Express" in inbox.mails[0][1]["Subject"]
    assert [p for p, _ in posts] == ["/hook"]       # Ann acted: she is not told
    time.sleep(0.5)
    assert len(inbox.mails) == 1 and len(posts) == 1
    for u in (ann, bob):
        u.close()
    assert notifier.sent >= 4


def test_a_burst_of_turns_is_one_message_and_switched_off_kinds_are_not_sent(
        make_app, smtp, hooks):
    inbox, port = smtp
    posts, base, _ = hooks
    app = make_app()
    _notifier(app, port, delay=1.5)
    ann, bob = User(app, "Ann"), User(app, "Bob")
    _settings(bob, email="bob@example.org", kinds=("turn",))       # no invitations
    games = []
    for seed in (1, 2, 3):
        r = ann.post("/api/games", {"title": "chicago-express", "seed": seed, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "bob"},
            {"kind": "human", "name": "Cy"}]})
        games.append(r.json()["id"])
    for gid in games:
        _move(ann, gid)
    _wait(lambda: inbox.mails, "turn message")
    time.sleep(1.0)
    assert len(inbox.mails) == 1, [m["Subject"] for _, m in inbox.mails]
    mail = inbox.mails[0][1]
    assert mail["Subject"] == "It is your turn in 3 games"
    body = mail.get_content()
    assert all(f"/games/{gid}" in body for gid in games)
    assert "invited" not in body
    assert posts == []
    ann.close()
    bob.close()


def test_failing_webhook_is_retried_and_logged_and_moves_do_not_wait(
        make_app, smtp, hooks, caplog):
    inbox, port = smtp
    posts, base, release = hooks
    app = make_app()
    _notifier(app, port, delay=0.0)
    ann, bob, cy = User(app, "Ann"), User(app, "Bob"), User(app, "Cy")
    _settings(bob, webhook=base + "/broken", kinds=("turn",))
    _settings(cy, webhook=base + "/hold", kinds=("turn",))
    caplog.set_level(logging.WARNING, logger="railyard.web")
    gid = ann.post("/api/games", {"title": "chicago-express", "seed": 4, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "bob"},
        {"kind": "human", "account": "cy"}]}).json()["id"]
    _move(ann, gid)
    _wait(lambda: sum(1 for p, _ in posts if p == "/broken") == 3, "three attempts")

    def failures_logged():
        return [r.getMessage() for r in caplog.records if "webhook notification" in
                r.getMessage()]
    # the third failure is logged once the receiver's answer is back: wait for its line
    _wait(lambda: len(failures_logged()) >= 3, "the third failure's log line")
    failures = failures_logged()
    assert len(failures) == 3 and "attempt 3 of 3" in failures[-1] and "given up" in \
        failures[-1]
    assert "/broken" not in " ".join(failures)        # the URL (a secret) is not logged
    # Bob moves; Cy's webhook holds the notifier: Bob's move is answered all the same
    _move(bob, gid)
    assert app.state.service.get(gid).game.current_player == 2
    # (Cy moves once the notice is being posted: a turn notice is not sent to a player
    # who has already moved, so moving first would leave nothing to hold)
    _wait(release.holding.is_set, "post to /hold")
    _move(cy, gid)                                    # Cy's move does not wait either
    assert not any(p == "/hold" for p, _ in posts)    # the receiver still holds it
    release.set()
    _wait(lambda: any(p == "/hold" for p, _ in posts), "held post")
    for u in (ann, bob, cy):
        u.close()


def test_webhooks_to_private_addresses_are_not_posted(make_app, smtp, hooks, caplog):
    """A player's webhook must not make the server call into its own network (SSRF): a
    host that resolves to a loopback, private or link-local address is refused with one log
    line naming neither the URL nor its host, nothing is posted and the mail still goes;
    ``allow_private`` (RAILYARD_WEBHOOK_PRIVATE=allow) is what the other tests use."""
    from railyard.web.notifications import webhook_refused
    for url in ("http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/x",
                "http://192.168.0.1/", "http://169.254.169.254/latest/meta-data",
                "http://[::1]/x", "http://0.0.0.0/"):
        assert webhook_refused(url), url
    assert webhook_refused("http://93.184.215.14/hook") is None      # a public address
    assert webhook_refused("http:///nohost")
    inbox, port = smtp
    posts, base, _ = hooks
    app = make_app()
    n = Notifier(app.state.service.storage, SmtpSettings(host="127.0.0.1", port=port,
                                                         sender="railyard@test"),
                 delay=0.0, backoff=0.05)
    assert n.allow_private is False
    app.state.service.notifier = n
    caplog.set_level(logging.WARNING, logger="railyard.web")
    ann, bob = User(app, "Ann"), User(app, "Bob")
    _settings(bob, email="bob@example.org", webhook=base + "/inside", kinds=("invite",))
    ann.post("/api/games", {"title": "chicago-express", "seed": 5, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "Bob"},
        {"kind": "human", "name": "Cy"}]})
    _wait(lambda: inbox.mails, "the invitation by mail")
    time.sleep(0.3)
    assert posts == []
    lines = [r.getMessage() for r in caplog.records if "webhook notification" in
             r.getMessage()]
    assert len(lines) == 1 and "private or local address" in lines[0]
    assert "/inside" not in lines[0] and "127.0.0.1" not in lines[0]
    for u in (ann, bob):
        u.close()


def test_notification_settings_are_checked(make_app):
    app = make_app()
    ann = User(app, "Ann")
    for email, hook in (("not an address", ""), ("a@b@c", ""), ("", "ftp://x"),
                        ("", "javascript:alert(1)")):
        r = ann.client.post("/account/notifications", data={
            "csrf": ann.csrf, "email": email, "webhook": hook, "turn": "1"})
        assert r.status_code == 400
    r = ann.client.post("/account/notifications", data={"email": "a@b.org", "turn": "1"})
    assert r.status_code == 403                        # no CSRF token
    assert app.state.accounts.by_name("Ann").settings == {}
    ann.close()


def test_password_reset_by_e_mail(make_app, smtp):
    import re as _re

    from .test_accounts import PASSWORD, _form_csrf, login
    inbox, port = smtp
    app = make_app()
    _notifier(app, port)
    ann = User(app, "Ann")
    _settings(ann, email="ann@example.org")
    with TestClient(app) as c:
        page = c.get("/login")
        assert 'href="/reset"' in page.text
        for name in ("nobody", "ann"):
            form = c.get("/reset")
            r = c.post("/reset", data={"name": name, "csrf": _form_csrf(form.text)})
            assert r.status_code == 200 and "a link to set a new password is on its way" \
                in r.text                                   # the same answer for both
        _wait(lambda: inbox.mails, "reset mail")
        time.sleep(0.3)
        assert len(inbox.mails) == 1 and inbox.mails[0][0] == ["ann@example.org"]
        body = inbox.mails[0][1].get_content()
        token = _re.search(r"https://games\.example/reset/(\S+)", body).group(1)
        assert "Ann" in body
        page = c.get(f"/reset/{token}")
        assert page.status_code == 200 and "<strong>Ann</strong>" in page.text
        r = c.post(f"/reset/{token}", data={"new": "a brand new one", "new2":
                                            "a brand new one",
                                            "csrf": _form_csrf(page.text)},
                   follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/login?reset=1"
        assert ann.client.get("/api/session").json()["account"] is None   # logged out
        assert login(c, "Ann", PASSWORD).status_code == 401
        assert login(c, "Ann", "a brand new one").status_code == 303
        again = c.get(f"/reset/{token}")                    # a link works once
        assert again.status_code == 400 and "not valid" in again.text
        r = c.post(f"/reset/{token}", data={"new": "x" * 10, "new2": "x" * 10,
                                            "csrf": _form_csrf(c.get("/reset").text)})
        assert r.status_code == 400
        assert c.get("/reset/" + "x" * 40).status_code == 400
    ann.close()


def test_no_reset_by_e_mail_without_a_mail_server(make_app):
    app = make_app()                      # no RAILYARD_SMTP_HOST: the admin resets
    with TestClient(app) as c:
        assert 'href="/reset"' not in c.get("/login").text
        assert "admin can set a new password" in c.get("/reset").text


def _pending(storage):
    with storage._tx(write=False) as tx:
        return tx.execute("SELECT account_id, game_id, kind FROM ry_notices").fetchall()


def test_pending_notices_survive_a_restart_and_are_sent_once(make_app, smtp):
    """A notice queued within the delay is kept in the database: the service stops (a
    restart) before it is due, the next service sends it, once."""
    inbox, port = smtp
    app = make_app()
    _notifier(app, port, delay=2.0)
    ann, bob = User(app, "Ann"), User(app, "Bob")
    _settings(bob, email="bob@example.org")
    gid = ann.post("/api/games", {"title": "chicago-express", "seed": 6, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "Bob"},
        {"kind": "human", "name": "Cy"}]}).json()["id"]
    bob_id = app.state.accounts.by_name("Bob").id
    app.state.service.close()                  # stopped within the delay: nothing sent
    assert inbox.mails == []
    from railyard.web.storage import Storage
    store = Storage(app.state.service.storage.url)
    assert _pending(store) == [(bob_id, gid, "invite")]
    store.close()
    again = make_app()                         # the server started again
    _notifier(again, port, delay=2.0)
    with TestClient(again):                    # its start looks for waiting notices
        _wait(lambda: inbox.mails, "the invitation after the restart")
        time.sleep(0.5)
    assert len(inbox.mails) == 1 and inbox.mails[0][0] == ["bob@example.org"]
    assert f"/games/{gid}" in inbox.mails[0][1].get_content()
    assert _pending(again.state.service.storage) == []
    ann.close()
    bob.close()


def test_a_burst_split_over_two_workers_is_one_message(make_app, smtp):
    """Two processes (two notifiers on their own connections to one database) each queue
    a notice for the same account: one message names both games."""
    from railyard.web.notifications import Notice
    from railyard.web.storage import Storage
    inbox, port = smtp
    app = make_app()
    n1 = _notifier(app, port, delay=1.0)
    bob = User(app, "Bob")
    _settings(bob, email="bob@example.org")
    bob_id = app.state.accounts.by_name("Bob").id
    other = Storage(app.state.service.storage.url)
    n2 = Notifier(other, SmtpSettings(host="127.0.0.1", port=port, sender="railyard@test"),
                  delay=1.0, backoff=0.05, allow_private=True, poll=0.2)
    n1.poll = 0.2
    n1.changed(Notice("game-one", "Chicago Express", "invite", [bob_id]))
    n2.changed(Notice("game-two", "Chicago Express", "invite", [bob_id]))
    _wait(lambda: inbox.mails, "the invitations")
    time.sleep(1.5)                             # both have looked again by now
    assert len(inbox.mails) == 1, [m["Subject"] for _, m in inbox.mails]
    body = inbox.mails[0][1].get_content()
    assert "/games/game-one" in body and "/games/game-two" in body
    assert n1.sent + n2.sent == 1
    assert _pending(other) == []
    n2.stop()
    other.close()
    bob.close()


def test_only_one_claim_takes_a_notice(db_url):
    """Two connections claim an account's notices at the same moment: each notice goes
    to exactly one of them; a claim whose lease ran out is taken again."""
    from railyard.web.storage import Storage
    stores = [Storage(db_url), Storage(db_url)]
    try:
        for round_ in range(5):
            rows = [("acc", f"g{round_}-{i}", "turn", "Chicago Express", "", 1.0)
                    for i in range(20)]
            stores[0].add_notices(rows)
            got: list = [None, None]
            start = threading.Barrier(2)

            def claim(i):
                start.wait()
                got[i] = stores[i].claim_notices("acc", f"c{round_}-{i}", 100.0, 60.0)
            threads = [threading.Thread(target=claim, args=(i,)) for i in (0, 1)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            taken = [r[0] for r in got[0]] + [r[0] for r in got[1]]
            assert sorted(taken) == sorted(r[1] for r in rows)       # each once
            for i in (0, 1):
                stores[0].drop_notices(f"c{round_}-{i}")
        stores[0].add_notices([("acc", "late", "end", "Chicago Express", "Won.", 1.0)])
        assert stores[0].notices_due(100.0, 60.0) == (["acc"], None)
        assert stores[0].notices_due(30.0, 60.0) == ([], 61.0)
        assert stores[0].claim_notices("acc", "first", 100.0, 60.0) == [
            ("late", "end", "Chicago Express", "Won.")]
        assert stores[1].claim_notices("acc", "second", 120.0, 60.0) == []   # still held
        assert stores[0].notices_due(120.0, 60.0) == ([], None)
        assert stores[1].claim_notices("acc", "second", 161.0, 60.0) == [    # lease over
            ("late", "end", "Chicago Express", "Won.")]
        stores[1].drop_notices("second")
        assert _pending(stores[0]) == []
    finally:
        for s in stores:
            s.close()


def test_a_player_joining_an_open_seat_is_told_to_the_seated_accounts(make_app, smtp,
                                                                      hooks):
    """Someone takes an open seat: the accounts seated in the game (the creator among
    them) are told who took which seat and how many are still open, by the channels and
    kinds they chose; the joining account is not told of itself."""
    inbox, port = smtp
    posts, base, _ = hooks
    app = make_app()
    _notifier(app, port, delay=0.2)
    ann, bob, cy = User(app, "Ann"), User(app, "Bob"), User(app, "Cy")
    _settings(ann, email="ann@example.org", kinds=("join",))
    _settings(bob, webhook=base + "/bob", kinds=("join", "turn"))
    _settings(cy, email="cy@example.org", kinds=("turn", "invite", "end"))   # no joins
    gid = ann.post("/api/games", {"title": "chicago-express", "seed": 8, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "cy"},
        {"kind": "human", "open": True}, {"kind": "human", "open": True}]}).json()["id"]
    time.sleep(0.6)
    inbox.mails.clear()                         # Cy's invitation
    r = bob.post(f"/api/games/{gid}/join", {"seat": 2})
    assert r.status_code == 200, r.text
    _wait(lambda: inbox.mails, "the join notice")
    time.sleep(0.5)
    assert [m[0] for m in inbox.mails] == [["ann@example.org"]]     # Cy: joins off
    mail = inbox.mails[0][1]
    assert mail["Subject"] == "A player joined Chicago Express"
    assert "Bob took seat 3. 1 seat is still open." in mail.get_content()
    assert posts == []                          # Bob joined: he is not told of himself
    inbox.mails.clear()
    anon = TestClient(app)          # a player without an account, by name (no lifespan:
    r = anon.post(f"/api/games/{gid}/join", json={"seat": 3, "name": "Dora <b>"})
    assert r.status_code == 200, r.text     # its end would stop the app's service)
    _wait(lambda: inbox.mails and posts, "the second join notice")
    assert "Dora <b> took seat 4. Every seat is taken now." in \
        inbox.mails[0][1].get_content()
    assert posts[0][0] == "/bob" and "Dora <b> took seat 4." in posts[0][1]["content"]
    for u in (ann, bob, cy):
        u.close()


def test_the_end_of_a_game_is_told_with_its_winner_to_those_who_did_not_end_it(
        make_app, smtp):
    from .toy import SLUG
    inbox, port = smtp
    app = make_app()
    _notifier(app, port, delay=0.2)
    ann, bob = User(app, "Ann"), User(app, "Bob")
    _settings(ann, email="ann@example.org", kinds=("end",))
    _settings(bob, email="bob@example.org", kinds=("end",))
    gid = ann.post("/api/games", {"title": SLUG, "options": {"pile": 4}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "account": "Bob"}]}).json()["id"]
    for user, take, version in ((ann, 3, 0), (bob, 1, 1)):
        r = user.post(f"/api/games/{gid}/actions", {"version": version, "action": {
            "type": "take", "amount": take, "player": version}})
        assert r.status_code == 200, r.text
    assert r.json()["status"] == "finished"
    _wait(lambda: inbox.mails, "the end of the game")
    time.sleep(0.5)
    assert [m[0] for m in inbox.mails] == [["ann@example.org"]]     # Bob ended it
    mail = inbox.mails[0][1]
    assert mail["Subject"] == "Game over: Toy Stones"
    assert "The game is over: Toy Stones. Won by Bob." in mail.get_content()
    ann.close()
    bob.close()
