"""Accounts in a real chromium (issue 23): two people sign up in two browser contexts, Bob
asks on his settings page for e-mail and webhook notices, Ann creates a Chicago Express game
from the form and invites Bob's account to a seat, both play moves by clicking from their
own context, Bob's turn reaches him by e-mail (a real local SMTP server) and by a webhook
post (a local receiver), they chat (each sees the other's message arrive live, HTML shown as
text), Bob logs out and logs in again on a "new device" (a fresh context), finds the game
under "My games" with its chat and is in his seat there.  A stranger
joins an open seat from the lobby, asked for a name.  Screenshots of the new pages at 1400
and 400 px wide (``build/test-artifacts/web``)."""
from __future__ import annotations

import json
import random
import socket
import threading
import time
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from .browser18xx import (TIMEOUT_MS, browser, get_json, serve_app,  # noqa: F401
                          shot)

pytestmark = pytest.mark.slow
PASSWORD = "steam and rails 1"


class Outside:
    """A local SMTP server (aiosmtpd) and webhook receiver: what reached the players."""

    def __init__(self):
        from aiosmtpd.controller import Controller
        self.mails, self.posts = [], []
        outside = self

        class Inbox:
            async def handle_DATA(self, server, session, envelope):
                outside.mails.append((list(envelope.rcpt_tos), message_from_bytes(
                    envelope.content, policy=policy.default)))
                return "250 OK"

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.smtp = Controller(Inbox(), hostname="127.0.0.1", port=port)
        self.smtp.start()
        self.smtp_port = port

        class Hook(BaseHTTPRequestHandler):
            def do_POST(self):
                outside.posts.append(json.loads(self.rfile.read(
                    int(self.headers["content-length"]))))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.hook = f"http://127.0.0.1:{self.http.server_address[1]}/hook"

    def close(self):
        self.smtp.stop()
        self.http.shutdown()


@pytest.fixture(scope="module")
def outside():
    o = Outside()
    yield o
    o.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory, outside):
    from railyard.web.app import create_app
    from railyard.web.notifications import Notifier, SmtpSettings
    from railyard.web.storage import Storage

    data = tmp_path_factory.mktemp("data")
    app = create_app(storage=Storage(str(data / "db.sqlite3")))
    app.state.service.notifier = Notifier(
        app.state.service.storage, SmtpSettings("127.0.0.1", outside.smtp_port,
                                                "railyard@test"), delay=0.5, backoff=0.1,
        allow_private=True)
    with serve_app(app) as url:
        yield url


def _until(cond, what, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.1)
    raise AssertionError(f"no {what} within {timeout} s")


def _context(browser, width=1400, tz=None):
    extra = {"timezone_id": tz} if tz else {}
    ctx = browser.new_context(viewport={"width": width, "height": 900}, **extra)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return ctx, page


def _signup(page, server, name):
    page.goto(f"{server}/")
    page.click("#nav-signup")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("#signup-submit")
    page.wait_for_selector(f"#nav-me:has-text('{name}')")


def _login(page, server, name):
    page.goto(f"{server}/")
    page.click("#nav-login")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("#login-submit")
    page.wait_for_selector(f"#nav-me:has-text('{name}')")


def _version(page) -> int:
    return int(page.get_attribute("#game", "data-version"))


def _my_move(page, rng) -> None:
    """Click one of the enabled choices of the seat to act and wait for the new version."""
    page.wait_for_function(
        "() => { const g = document.getElementById('game');"
        " return g.dataset.legalVersion === g.dataset.version &&"
        " document.querySelectorAll('#actions form.choice button:not([disabled])').length }")
    before = _version(page)
    buttons = page.locator("#actions form.choice button:not([disabled])")
    buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function(
        f"() => +document.getElementById('game').dataset.version > {before} ||"
        " document.getElementById('action-msg').textContent !== ''")
    assert _version(page) > before, page.text_content("#action-msg")


def _account_games(page, server):
    """The logged-in page's account games (its session cookie)."""
    return page.evaluate("fetch('/api/account/games').then(r => r.json())")["games"]


def _no_sideways_scroll(page) -> None:
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert sw <= iw, f"the page scrolls sideways: {sw} > {iw}"


def test_two_accounts_play_from_their_devices(server, browser, outside):
    rng = random.Random(7)
    ann_ctx, ann = _context(browser)
    bob_ctx, bob = _context(browser)
    _signup(ann, server, "Ann")
    _signup(bob, server, "Bob")
    # Bob wants to hear of his turns outside the browser
    bob.goto(f"{server}/account")
    bob.fill("#notify-email", "bob@example.org")
    bob.fill("#notify-webhook", outside.hook)
    bob.uncheck("#notify-invite")
    bob.click("#notify-submit")
    bob.wait_for_selector("text=Saved.")
    shot(bob, "accounts-settings-1400.png")

    # Ann creates a game: her seat, Bob's account invited, a bot
    ann.goto(f"{server}/new")
    ann.select_option("#title", "chicago-express")
    ann.fill("#seat-count", "3")
    ann.dispatch_event("#seat-count", "change")
    kinds = ann.locator("#seats select.kind")
    kinds.nth(0).select_option("human")
    ann.locator("#seats input.name").nth(0).fill("Ann")
    kinds.nth(1).select_option("invite")
    ann.locator("#seats input.name").nth(1).fill("bob")
    kinds.nth(2).select_option("bot")
    ann.click("#create")
    ann.click("#play-link")
    ann.wait_for_selector("#you:has-text('You: Ann')")
    gid = ann.get_attribute("#game", "data-game")

    # Bob finds it in his lobby (no link was passed) and opens it: he is in his seat
    bob.goto(f"{server}/")
    row = bob.locator(f"#my-games-body tr[data-game='{gid}']")
    row.wait_for()
    assert "Ann" in row.inner_text() and "Bot" in row.inner_text()
    row.locator("a").click()
    bob.wait_for_selector("#you:has-text('You: Bob')")
    assert bob.locator("#you").inner_text() != "Spectator"

    pages = {0: ann, 1: bob}
    moves = {0: 0, 1: 0}
    told = False
    for _ in range(60):
        if min(moves.values()) >= 2:
            break
        st = get_json(f"{server}/api/games/{gid}")
        seat = st["current_player"]
        assert st["status"] == "active"
        if seat in pages:
            if seat == 1 and not told:        # Bob has been waited for: he is told
                _until(lambda: outside.mails and outside.posts, "e-mail and webhook post")
                (to, mail), = outside.mails
                assert to == ["bob@example.org"]
                assert mail["Subject"] == "It is your turn in Chicago Express"
                assert f"/games/{gid}" in mail.get_content()
                assert "It is your turn in Chicago Express" in outside.posts[0]["content"]
                told = True
            _my_move(pages[seat], rng)
            moves[seat] += 1
        else:
            pages[0].wait_for_function(f"() => +document.getElementById('game').dataset.version > {st['version']}")
    assert min(moves.values()) >= 2, moves
    assert told
    # each sees the other's moves in the log
    ann.wait_for_function("(v) => +document.getElementById('game').dataset.version >= v",
                          arg=get_json(f"{server}/api/games/{gid}")["version"])

    # they chat: each account's seat writes from its session; the other sees it live
    for writer, reader, text in ((ann, bob, "Good game so far, Bob <b>!</b>"),
                                 (bob, ann, "Thanks Ann - your move next")):
        writer.fill("#chat-text", text)
        writer.press("#chat-text", "Enter")
        writer.wait_for_function("() => document.getElementById('chat-text').value === ''")
        reader.wait_for_function(
            "(t) => [...document.querySelectorAll('#chat-list .chat-text')]"
            ".some(e => e.textContent === t)", arg=text)
    assert bob.locator("#chat-list b").count() == 0          # shown as text

    # Bob logs out; on a new device (fresh context) he logs in and finds the game
    bob.click("#logout")
    bob.wait_for_selector("#nav-login")
    bob_ctx.close()
    new_ctx, new = _context(browser, width=400, tz="America/New_York")
    _login(new, server, "Bob")
    row = new.locator(f"#my-games-body tr[data-game='{gid}']")
    row.wait_for()
    # the last move's time in the reader's time zone (the server keeps UTC)
    from datetime import datetime
    from zoneinfo import ZoneInfo
    mine = get_json(f"{server}/api/games/{gid}")
    last = [g for g in _account_games(new, server) if g["id"] == gid][0]["last_move"]
    local = datetime.fromisoformat(last).astimezone(ZoneInfo("America/New_York"))
    assert local.strftime("%I:%M") in row.locator("td").nth(4).inner_text(), mine["version"]
    _no_sideways_scroll(new)
    shot(new, "accounts-lobby-400.png")
    row.locator("a").click()
    new.wait_for_selector("#you:has-text('You: Bob')")
    new.wait_for_selector("#chat-list .chat-text:has-text('Thanks Ann')")   # the chat is kept
    _no_sideways_scroll(new)
    shot(new, "accounts-game-400.png")
    st = get_json(f"{server}/api/games/{gid}")
    if st["current_player"] == 1:                  # his turn: he plays from the new device
        _my_move(new, rng)
    # the profile lists the game
    new.goto(f"{server}/players/bob")
    assert new.locator(f"a[href='/games/{gid}']").count() == 1
    shown = new.locator("time[datetime]").first
    assert shown.get_attribute("title").endswith(" UTC")      # local time, UTC on hover
    assert shown.inner_text() != shown.get_attribute("title")[:16]
    _no_sideways_scroll(new)
    shot(new, "accounts-profile-400.png")
    ann.goto(f"{server}/")
    ann.locator(f"#my-games-body tr[data-game='{gid}']").wait_for()
    shot(ann, "accounts-lobby-1400.png")
    ann.goto(f"{server}/players/Ann")
    shot(ann, "accounts-profile-1400.png")
    new.goto(f"{server}/account")
    _no_sideways_scroll(new)
    shot(new, "accounts-settings-400.png")
    for ctx in (ann_ctx, new_ctx):
        ctx.close()


def test_stranger_joins_an_open_seat_with_a_name_and_pages_fit(server, browser):
    ctx, page = _context(browser)
    from .browser18xx import post_json
    made = post_json(f"{server}/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human", "name": "Host"}, {"kind": "human", "open": True},
        {"kind": "bot"}]})
    page.goto(f"{server}/")
    page.select_option("#filter-title", "chicago-express")
    page.select_option("#filter-players", "3")
    button = page.locator(f"#open-body button.join[data-game='{made['id']}']")
    button.wait_for()
    button.click()
    page.fill("form.join-name input", "Zoë <i>")
    page.click("form.join-name button")
    page.wait_for_selector("#you:has-text('You: Zoë <i>')")
    assert "#t=" in page.url
    # the game's address without the link, in the browser that keeps the seat: in the seat
    page.goto(f"{server}/")
    page.goto(f"{server}/games/{made['id']}")
    page.wait_for_selector("#you:has-text('You: Zoë <i>')")
    # ... and from the list of all games (whose links carry no token)
    page.goto(f"{server}/")
    page.locator(f"table.all-games a[href='/games/{made['id']}']").click()
    page.wait_for_selector("#you:has-text('You: Zoë <i>')")
    for width in (1400, 400):
        for path, name in (("/login", "login"), ("/signup", "signup"), ("/reset", "reset")):
            c2, p2 = _context(browser, width)
            p2.goto(server + path)
            _no_sideways_scroll(p2)
            shot(p2, f"accounts-{name}-{width}.png")
            c2.close()
    ctx.close()


def test_a_private_link_seat_is_kept_in_the_account(server, browser):
    from .browser18xx import post_json
    made = post_json(f"{server}/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human", "name": "Cara"}, {"kind": "bot"}, {"kind": "bot"}]})
    gid, token = made["id"], made["tokens"][0]["token"]
    ctx, page = _context(browser)
    _signup(page, server, "Cara")
    page.goto(f"{server}/games/{gid}#t={token}")
    page.wait_for_selector("#you:has-text('You: Cara')")
    page.click("#claim-seat")
    page.wait_for_selector("text=Kept in your account.")
    ctx.close()
    # another device: the game is in My games and opens in the seat, without the link
    ctx2, other = _context(browser, width=400)
    _login(other, server, "Cara")
    row = other.locator(f"#my-games-body tr[data-game='{gid}']")
    row.wait_for()
    assert "#t=" not in row.locator("a").get_attribute("href")
    row.locator("a").click()
    other.wait_for_selector("#you:has-text('You: Cara')")
    ctx2.close()


def test_ones_own_open_game_is_not_offered_to_join(server, browser):
    """A logged-in creator's game with an open seat is marked as theirs in "Open games to
    join" (no "Join" button); a stranger gets the button."""
    ctx, page = _context(browser)
    _signup(page, server, "Dan")
    made = page.evaluate("""async () => {
        const csrf = document.querySelector('meta[name="csrf-token"]').content;
        const r = await fetch('/api/games', {method: 'POST', headers: {
            'content-type': 'application/json', 'x-csrf-token': csrf}, body: JSON.stringify({
            title: 'chicago-express', seats: [{kind: 'human', name: 'Dan'},
                                              {kind: 'human', open: true}, {kind: 'bot'}]})});
        return await r.json(); }""")
    gid = made["id"]
    page.goto(f"{server}/")
    row = page.locator("#open-body tr", has=page.locator(f"a[href='/games/{gid}']"))
    row.locator("text=your game").wait_for()
    assert row.locator("button.join").count() == 0
    ctx.close()
    ctx2, stranger = _context(browser, width=400)
    stranger.goto(f"{server}/")
    stranger.locator(f"#open-body button.join[data-game='{gid}']").wait_for()
    ctx2.close()
