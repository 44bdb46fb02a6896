"""1830 in the browser, by clicking only: one human seat (the others bots) from the private
auction to the end of the game, through the 18xx table's decisions (auction lots, par on the
chart's prices, share buying, tile lays picked on the map with rotation, stations, routes by
"auto", dividends, trains).  Along the way the page shows the state as the engine holds it,
in the game's words; screenshots at 1400 and 400 px are kept as artifacts."""
from __future__ import annotations

import pytest

from .browser18xx import (TIMEOUT_MS, browser, check_page_shows_state, finished,  # noqa: F401
                          human_move, post_json, server, settled, shot, wait_for_others)

pytestmark = pytest.mark.slow


def test_1830_from_the_private_auction_to_the_end_by_clicking(server, browser):  # noqa: F811
    # a short game: the bank of the 26.0 variant option set to $6000 breaks sooner
    made = post_json(f"{server}/api/games", {"title": "1830", "seed": 7, "options": {
        "bank_cash": 6000}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]})
    gid = made["id"]
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{gid}#t={made['tokens'][0]['token']}")
    page.wait_for_selector("#you:has-text('You: Ann')")
    settled(page)
    assert page.locator("#actions .auction .lot").count() == 6      # every private on offer
    shot(page, "1830-auction-1400.png")
    check_page_shows_state(page, server, gid)
    stats: dict = {}
    moves = 0
    while not finished(page) and moves < 400:
        settled(page)
        if finished(page):
            break
        if page.get_attribute("#actions-box", "data-mine") != "1":
            wait_for_others(page)
            continue
        human_move(page, stats, "1830")
        moves += 1
        if moves in (3, 25) or moves % 60 == 0:
            settled(page)
            check_page_shows_state(page, server, gid)
        if stats.get("runs") == 1 and not stats.get("shot_or"):
            stats["shot_or"] = True
            shot(page, "1830-operating-1400.png")
    assert finished(page), f"not finished after {moves} moves: {stats}"
    assert stats.get("started") and stats.get("par_on_chart") and stats.get("tiles"), stats
    page.wait_for_selector("#result-box:not([hidden])")
    # the log panel is refreshed after the result box: wait for the game's last line
    page.wait_for_function(
        "() => document.getElementById('log').innerText.includes('The game ends:')")
    log = page.inner_text("#log")
    assert "pays" in log
    check_page_shows_state(page, server, gid)
    shot(page, "1830-finished-1400.png")
    # history: step back to the start of the game and see the table as it was
    page.click("#hist-first")
    page.wait_for_function("() => document.getElementById('table').dataset.at === '0'")
    assert page.locator("#spreadsheet td.cash").first.inner_text() == "$800"    # 2.0
    page.click("#hist-next")
    page.wait_for_function("() => document.getElementById('table').dataset.at === '1'")
    page.click("#hist-live")
    page.wait_for_function("() => document.getElementById('hist-live').hidden")
    narrow = browser.new_page(viewport={"width": 400, "height": 900})
    narrow.set_default_timeout(TIMEOUT_MS)
    narrow.goto(f"{server}/games/{gid}")
    narrow.wait_for_selector("#spreadsheet")
    assert narrow.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(narrow, "1830-finished-400.png")
    narrow.close()
    page.close()
