"""Accounts in a real chromium (issue 23): two people sign up in two browser contexts, Ann
creates a Chicago Express game from the form and invites Bob's account to a seat, both play
moves by clicking from their own context, Bob logs out and logs in again on a "new device"
(a fresh context), finds the game under "My games" and is in his seat there.  A stranger
joins an open seat from the lobby, asked for a name.  Screenshots of the new pages at 1400
and 400 px wide (``build/test-artifacts/web``)."""
from __future__ import annotations

import random

import pytest

from .browser18xx import (TIMEOUT_MS, browser, get_json, serve_app,  # noqa: F401
                          shot)

pytestmark = pytest.mark.slow
PASSWORD = "steam and rails 1"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from railyard.web.app import create_app
    from railyard.web.storage import Storage

    data = tmp_path_factory.mktemp("data")
    with serve_app(create_app(storage=Storage(str(data / "db.sqlite3")))) as url:
        yield url


def _context(browser, width=1400):
    ctx = browser.new_context(viewport={"width": width, "height": 900})
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


def _no_sideways_scroll(page) -> None:
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert sw <= iw, f"the page scrolls sideways: {sw} > {iw}"


def test_two_accounts_play_from_their_devices(server, browser):
    rng = random.Random(7)
    ann_ctx, ann = _context(browser)
    bob_ctx, bob = _context(browser)
    _signup(ann, server, "Ann")
    _signup(bob, server, "Bob")

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
    for _ in range(60):
        if min(moves.values()) >= 2:
            break
        st = get_json(f"{server}/api/games/{gid}")
        seat = st["current_player"]
        assert st["status"] == "active"
        if seat in pages:
            _my_move(pages[seat], rng)
            moves[seat] += 1
        else:
            pages[0].wait_for_function(f"() => +document.getElementById('game').dataset.version > {st['version']}")
    assert min(moves.values()) >= 2, moves
    # each sees the other's moves in the log
    ann.wait_for_function("(v) => +document.getElementById('game').dataset.version >= v",
                          arg=get_json(f"{server}/api/games/{gid}")["version"])

    # Bob logs out; on a new device (fresh context) he logs in and finds the game
    bob.click("#logout")
    bob.wait_for_selector("#nav-login")
    bob_ctx.close()
    new_ctx, new = _context(browser, width=400)
    _login(new, server, "Bob")
    row = new.locator(f"#my-games-body tr[data-game='{gid}']")
    row.wait_for()
    _no_sideways_scroll(new)
    shot(new, "accounts-lobby-400.png")
    row.locator("a").click()
    new.wait_for_selector("#you:has-text('You: Bob')")
    st = get_json(f"{server}/api/games/{gid}")
    if st["current_player"] == 1:                  # his turn: he plays from the new device
        _my_move(new, rng)
    # the profile lists the game
    new.goto(f"{server}/players/bob")
    assert new.locator(f"a[href='/games/{gid}']").count() == 1
    _no_sideways_scroll(new)
    shot(new, "accounts-profile-400.png")
    ann.goto(f"{server}/")
    ann.locator(f"#my-games-body tr[data-game='{gid}']").wait_for()
    shot(ann, "accounts-lobby-1400.png")
    ann.goto(f"{server}/players/Ann")
    shot(ann, "accounts-profile-1400.png")
    ann.goto(f"{server}/account")
    shot(ann, "accounts-settings-1400.png")
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
    for width in (1400, 400):
        for path, name in (("/login", "login"), ("/signup", "signup")):
            c2, p2 = _context(browser, width)
            p2.goto(server + path)
            _no_sideways_scroll(p2)
            shot(p2, f"accounts-{name}-{width}.png")
            c2.close()
    ctx.close()
