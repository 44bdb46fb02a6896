"""The browser UI in real chromium (Debian's /usr/bin/chromium, driven by Playwright):
create a Chicago Express game with one human and two bots from the form, play it to the end
by clicking, and watch a second browser see every move without reloading.  Screenshots are
kept in ``build/test-artifacts/web`` (or ``$RAILYARD_ARTIFACTS``)."""
from __future__ import annotations

import os
import random
import re

import pytest

from .browser18xx import ARTIFACTS, browser, server  # noqa: F401 - shared fixtures

TIMEOUT_MS = 90_000          # per wait; generous for a machine shared by many jobs

pytestmark = pytest.mark.slow


def _shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, name)
    page.screenshot(path=path, full_page=True)
    return path


def _version(page) -> int:
    return int(page.get_attribute("#game", "data-version"))


def test_play_chicago_express_to_the_end_by_clicking(server, browser):
    rng = random.Random(3)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/new")
    page.select_option("#title", "chicago-express")
    page.fill("#seat-count", "3")
    page.dispatch_event("#seat-count", "change")
    kinds = page.locator("#seats select.kind")
    kinds.nth(0).select_option("human")
    page.locator("#seats input.name").nth(0).fill("Ann <b>")
    kinds.nth(1).select_option("bot")
    kinds.nth(2).select_option("bot")
    page.click("#create")
    link = page.locator("a.seat-link").first
    href = link.get_attribute("href")
    assert "#t=" in href
    spectator = browser.new_page(viewport={"width": 1200, "height": 900})
    spectator.set_default_timeout(TIMEOUT_MS)
    spectator.goto(page.locator("a.spectator-link").get_attribute("href"))
    page.goto(href)
    page.wait_for_selector("#you:has-text('You: Ann <b>')")
    spectator.wait_for_selector("#live.on")
    assert spectator.locator("#actions-box").is_hidden()

    clicks, hex_clicks, seen_by_spectator = 0, 0, 0
    while clicks < 400:
        page.wait_for_function(
            "() => { const g = document.getElementById('game');"
            " return document.getElementById('status').textContent === 'finished' ||"
            " (g.dataset.legalVersion === g.dataset.version &&"
            "  document.querySelectorAll('#actions form.choice button:not([disabled])').length) }")
        if page.text_content("#status") == "finished":
            break
        before = _version(page)
        legal_hexes = page.locator("#board .hex.legal")
        if legal_hexes.count() and rng.random() < 0.8:
            legal_hexes.nth(rng.randrange(legal_hexes.count())).click()
            hex_clicks += 1
            if page.text_content("#picked-hex"):
                # The hex has several choices (e.g. tiles/rotations): the click only narrowed
                # the list to that hex; pick one of the choices shown.
                shown = page.locator("#actions form.choice:not([hidden]) button")
                shown.nth(rng.randrange(shown.count())).click()
        else:
            buttons = page.locator("#actions form.choice button")
            buttons.nth(rng.randrange(buttons.count())).click()
        clicks += 1
        page.wait_for_function(
            f"() => +document.getElementById('game').dataset.version > {before} ||"
            " document.getElementById('action-msg').textContent !== ''")
        assert _version(page) > before, page.text_content("#action-msg")
        if clicks in (1, 10):
            after = _version(page)
            spectator.wait_for_function(
                f"() => +document.getElementById('game').dataset.version >= {after}")
            seen_by_spectator += 1
            if clicks == 10:
                _shot(page, "chicago-express-midgame.png")
    assert page.text_content("#status") == "finished", f"not finished after {clicks} clicks"
    # the bots' seeds come from the new game's id, so the end may be a shared win (a tie)
    assert re.search(r"\bWinners?: \S", page.locator("#result").inner_text())
    assert hex_clicks > 0 and seen_by_spectator == 2
    spectator.wait_for_selector("#status:has-text('finished')")
    assert page.locator("#log li").count() > 10
    _shot(page, "chicago-express-finished.png")
    _shot(spectator, "chicago-express-spectator.png")
    page.close()
    spectator.close()


def _post_json(url, body):
    import json
    import urllib.request
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.load(resp)


def _hotseat_page(server, browser, game):
    made = _post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{made['id']}#t={made['host_token']}")
    return page


def _routes_settled(page, state=None):
    """Wait until the route panel has the server's answer to the last change."""
    want = f"[data-state='{state}']" if state else ":not([data-state='loading'])"
    page.wait_for_selector(f"#routes-panel{want}")


def _run(game):
    c = next(c for c in game.legal_actions() if c.type == "run_routes")
    return {"type": "run_routes", "player": c.player,
            **{k: v for k, v in c.fixed.items() if k != "routes"}}


def test_lobby_shows_new_games_and_who_is_to_act_without_reload(server, browser):
    _post_json(f"{server}/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human", "name": "First"}, {"kind": "bot"}]})
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/")
    page.wait_for_selector("table.games td:has-text('First')")
    _post_json(f"{server}/api/games", {"title": "chicago-express", "seats": [
        {"kind": "human", "name": "Zed <i>"}, {"kind": "bot"}]})
    page.wait_for_selector("table.games td:has-text('Zed <i>')")
    assert page.locator("table.games i").count() == 0       # text, not markup
    page.close()


def test_nar_seat_page_shows_own_cash_and_spectator_none(server, browser):
    """North American Railways keeps cash secret: a seat's page shows its own cash (the
    title's private view), the spectator's page no one's."""
    pytest.importorskip("railyard.games.nar")
    made = _post_json(f"{server}/api/games", {"title": "north-american-railways", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
        {"kind": "bot"}]})
    gid = made["id"]
    seat = browser.new_page()
    seat.set_default_timeout(TIMEOUT_MS)
    seat.goto(f"{server}/games/{gid}#t={made['tokens'][1]['token']}")
    seat.wait_for_selector("#you:has-text('You: Bob')")
    seat.wait_for_selector("#tables tr.you-row")
    you = seat.locator("#tables tr.you-row")
    assert you.locator("td").nth(0).inner_text().startswith("Bob")
    cash = you.locator("td").nth(1).inner_text()
    assert cash.startswith("$") and cash[1:].isdigit()
    others = seat.locator("#tables table").first.locator("tbody tr")
    assert others.nth(0).locator("td").nth(1).inner_text() == "secret"        # Ann's money
    spectator = browser.new_page()
    spectator.set_default_timeout(TIMEOUT_MS)
    spectator.goto(f"{server}/games/{gid}")
    spectator.wait_for_selector("#tables table")                     # the panel is drawn
    assert spectator.locator("#tables tr.you-row").count() == 0
    rows = spectator.locator("#tables table").first.locator("tbody tr")
    assert [rows.nth(i).locator("td").nth(1).inner_text() for i in range(3)] == ["secret"] * 3
    _shot(seat, "nar-seat-private-view.png")
    seat.close()
    spectator.close()
