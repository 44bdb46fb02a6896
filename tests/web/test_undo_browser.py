"""Undo, your turn, my games and rematch in real chromium, by clicking (issue 11 points 3-4,
issue 14 point 5): a Chicago Express game made on the new page with a bot seat of a chosen
kind; the human acts, the bot answers, the human undoes (the bot's answer goes too) and the
log shows the notice; a short game (the web tests' stones title) played to its end offers no
undo but a rematch, whose page says it is your turn; the lobby lists both games.
Screenshots of the lobby and the game page at 1400 px and 400 px."""
from __future__ import annotations

import pytest

from .browser18xx import browser, get_json, server, shot  # noqa: F401 - shared fixtures
from .toy import SLUG

TIMEOUT_MS = 60_000

pytestmark = pytest.mark.slow


def _version(page) -> int:
    return int(page.get_attribute("#game", "data-version"))


def _my_turn(page) -> None:
    """Wait until the page shows this seat's choices for the state it shows."""
    page.wait_for_function(
        "() => { const g = document.getElementById('game');"
        " return g.dataset.legalVersion === g.dataset.version &&"
        " document.querySelectorAll('#actions form.choice button:not([disabled])').length; }")


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _create(page, server, title, seats, pile=None):
    page.goto(f"{server}/new")
    page.select_option("#title", title)
    page.fill("#seat-count", str(len(seats)))
    page.dispatch_event("#seat-count", "change")
    for i, (kind, name) in enumerate(seats):
        page.locator("#seats select.kind").nth(i).select_option(kind)
        page.locator("#seats input.name").nth(i).fill(name)
    if pile is not None:
        page.locator(f'fieldset.options[data-title="{title}"] input[data-option="pile"]').fill(
            str(pile))
    page.click("#create")
    link = page.locator("a.seat-link").first
    href = link.get_attribute("href")
    page.goto(href)
    return href.split("/games/")[1].split("#")[0]


def test_undo_notice_end_and_rematch_by_clicking(server, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    # the new page offers the title's bot kinds; pick the rule-of-thumb bot (not the default)
    page.goto(f"{server}/new")
    page.select_option("#title", "chicago-express")
    offered = page.locator("#seats select.kind").nth(1).locator("option").all_inner_texts()
    assert any(t.startswith("bot: mcts:hard") for t in offered)
    assert any(t.startswith("open seat") for t in offered)
    # a bot seat starts at the title's strongest bot at the normal level
    assert page.locator("#seats select.kind").nth(1).input_value() == "bot:mcts:normal"
    assert "bot: mcts:normal — search (recommended)" in offered
    page.select_option("#title", "1830")
    assert page.locator("#seats select.kind").nth(1).input_value() == "bot:strategic:normal"
    gid = _create(page, server, "chicago-express", [("human", "Ann"), ("bot:rules", "Rob")])
    assert [s.get("bot") for s in get_json(f"{server}/api/games/{gid}")["seats"]] == \
        [None, "rules"]
    page.wait_for_selector("#you:has-text('You: Ann')")
    _my_turn(page)
    assert page.title().startswith("● Your turn — Chicago Express")
    assert page.locator("#undo").is_hidden()             # nothing of Ann's to take back yet
    # Ann acts; the bot answers until it is Ann's turn again
    before = _version(page)
    page.locator("#actions form.choice button").first.click()
    page.wait_for_function(f"() => +document.getElementById('game').dataset.version > {before}")
    page.wait_for_selector("#undo:visible")
    _my_turn(page)
    acted = get_json(f"{server}/api/games/{gid}")
    assert acted["action_count"] >= 1 and acted["log"][0].startswith("Ann")
    page.click("#undo")
    notice = page.locator("#log li.notice")
    notice.wait_for()
    text = notice.inner_text()
    assert text.startswith("Ann took back their last action: " + acted["log"][0])
    after = get_json(f"{server}/api/games/{gid}")
    assert after["action_count"] == 0 and after["current_player"] == 0
    if acted["action_count"] > 1:                        # the bot had answered: taken back too
        assert "Rob" in text
    _my_turn(page)
    assert page.locator("#undo").is_hidden()
    shot(page, "undo-game-1400.png")
    page.set_viewport_size({"width": 400, "height": 900})
    _no_sideways_scroll(page)
    shot(page, "undo-game-400.png")
    page.set_viewport_size({"width": 1400, "height": 1000})

    # a short game to its end: no undo, a rematch with the same seats
    gid2 = _create(page, server, SLUG, [("human", "Ann"), ("bot", "Rob")], pile=3)
    _my_turn(page)
    page.fill("#actions input[name=amount]", "3")
    page.click("#actions form.choice button")
    page.wait_for_selector("#status:has-text('finished')")
    page.wait_for_selector("#rematch")
    assert page.locator("#undo").is_hidden()
    assert not page.title().startswith("●")
    shot(page, "undo-finished-1400.png")
    page.click("#rematch")
    page.wait_for_url(lambda url: gid2 not in url and "#t=" in url)
    _my_turn(page)
    new_id = page.url.split("/games/")[1].split("#")[0]
    st = get_json(f"{server}/api/games/{new_id}")
    assert st["players"] == ["Ann", "Rob"] and st["options"] == {"pile": 3}
    assert page.title().startswith("● Your turn — Toy Stones")
    assert get_json(f"{server}/api/games/{gid2}/rematch") == {"rematch": new_id}

    # the lobby: my games, whose turn, the your-turn mark
    page.goto(server + "/")
    rows = page.locator("#my-games-body tr")
    rows.first.wait_for()
    mine = {r.get_attribute("data-game"): r.inner_text() for r in rows.all()}
    assert {gid, gid2, new_id} <= set(mine)
    assert "Your turn" in mine[new_id] and "Your turn" in mine[gid]
    assert "finished" in mine[gid2]
    assert page.title().startswith("● Your turn (2) — ")
    shot(page, "lobby-1400.png")
    page.set_viewport_size({"width": 400, "height": 900})
    _no_sideways_scroll(page)
    shot(page, "lobby-400.png")
    page.close()


def test_join_an_open_seat_from_the_lobby(server, browser):
    from .browser18xx import post_json
    made = post_json(f"{server}/api/games", {"title": SLUG, "options": {"pile": 9}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Guest", "open": True}]})
    context = browser.new_context(viewport={"width": 1400, "height": 900})   # a new browser
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server + "/")
    assert page.locator("#my-games").is_hidden()
    page.locator(f"button.join[data-game='{made['id']}']").first.click()
    page.fill("form.join-name input", "Guest")        # not logged in: a name is asked
    page.click("form.join-name button")
    page.wait_for_selector("#you:has-text('You: Guest')")
    assert get_json(f"{server}/api/games")["games"][0]["open_seats"] == []
    page.goto(server + "/")
    page.wait_for_selector(f"#my-games-body tr[data-game='{made['id']}']")
    assert "Guest" in page.inner_text(f"#my-games-body tr[data-game='{made['id']}']")
    assert page.locator(f"button.join[data-game='{made['id']}']").count() == 0
    context.close()


def test_undo_notice_on_the_18xx_table(server, browser):
    """1830: the human's pass in the private auction and the bots' answers are taken back;
    the table's story log shows the notice."""
    from .browser18xx import human_move, post_json, settled
    made = post_json(f"{server}/api/games", {"title": "1830", "seed": 7, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "name": "Rob"},
        {"kind": "bot", "name": "Sue"}]})
    gid = made["id"]
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{gid}#t={made['tokens'][0]['token']}")
    page.wait_for_selector("#you:has-text('You: Ann')")
    settled(page)
    assert page.locator("#undo").is_hidden()
    human_move(page, {"privates": 1})                 # Ann passes
    page.wait_for_selector("#undo:visible")
    settled(page)
    acted = get_json(f"{server}/api/games/{gid}")
    page.click("#undo")
    note = page.locator("#log li.notice")
    note.wait_for()
    assert note.inner_text().startswith("Ann took back their last action: " + acted["log"][0])
    assert get_json(f"{server}/api/games/{gid}")["action_count"] == 0
    settled(page)
    assert page.locator("#undo").is_hidden()
    shot(page, "undo-1830-1400.png")
    page.close()


def test_page_says_which_bot_is_thinking(browser, tmp_path):
    """A bot to move shows as thinking (this server's bots are stopped, so it stays so)."""
    from railyard.web.app import create_app
    from railyard.web.storage import Storage

    from .browser18xx import post_json, serve_app
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")))
    app.state.service.bots.stop()
    with serve_app(app) as url:
        made = post_json(f"{url}/api/games", {"title": SLUG, "options": {"pile": 9}, "seats": [
            {"kind": "bot", "name": "Rob", "bot": "random"}, {"kind": "human", "name": "Ann"}]})
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{url}/games/{made['id']}#t={made['tokens'][0]['token']}")
        page.wait_for_selector("#turn:has-text('Rob is thinking…')")
        assert not page.title().startswith("●")
        assert "bot: random" in page.inner_text("#players")
        # the notice toggle is off by default and remembered by the browser
        assert not page.is_checked("#notify-toggle")
        page.check("#notify-toggle")
        page.reload()
        page.wait_for_selector("#turn:has-text('Rob is thinking…')")
        assert page.is_checked("#notify-toggle")
        page.close()


def test_new_game_page_fits_a_phone(server, browser):
    """At 400 px the seats' bot kinds (the longest: strategic:normal, recommended) and the
    options' words fit the width: no sideways scrolling."""
    page = browser.new_page(viewport={"width": 400, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/new")
    for title in ("1830", "1870", "chicago-express", "american-rails"):
        page.select_option("#title", title)
        page.fill("#seat-count", "4")
        page.dispatch_event("#seat-count", "change")
        _no_sideways_scroll(page)
    page.close()
