"""The 18xx table at 1400 px and at 400 px (a phone) in real chromium: the page never scrolls
sideways (the map zooms and pans inside its frame, the panels stack), it shows the state as
the engine holds it in the game's words, and a person can play by clicking: an 1830 stock
round (choices not allowed now shown disabled with the engine's reason), an 1830 tile lay
on a phone (the hex picked from the list, the map zooming onto it), the forced train
purchase guided step by step (1830 24.0), and a late 1870 game with its destination
markers (9.6).  Screenshots are kept as artifacts."""
from __future__ import annotations

import json
import os
from functools import lru_cache

import pytest

from .browser18xx import (ARTIFACTS, TIMEOUT_MS, browser, check_page_shows_state, click_and_wait,  # noqa: F401
                          get_json, post_json, server, settled, shot)

pytestmark = pytest.mark.slow
FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "18xx-games")


def _open(browser, server, game, width):  # noqa: F811
    made = post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{made['id']}#t={made['host_token']}")
    settled(page)
    return page, made["id"]


def _no_sideways_scroll(page):
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@lru_cache(maxsize=8)
def _play(title, stop, seed, players=3):
    """A position reached by random bots (fixed seeds), built once for both widths."""
    from railyard.bots.random_bot import RandomBot
    from railyard.engine import Game
    game, bot = Game(title, ["Ann", "Bob", "Cy", "Di"][:players], seed), RandomBot(seed)
    while not stop(game):
        assert not game.is_terminal and len(game.log) < 3000, "position not reached"
        game.apply(bot.choose(game.state))
    return game


def _second_stock_round_with_sales(game):
    v = game.public_view()
    return v["round"] == "stock" and v.get("stock_round", 0) >= 2 and \
        any(c.type == "sell_shares" for c in game.legal_actions())


@pytest.mark.parametrize("width", [1400, 400])
def test_1830_stock_round_shows_refused_choices_with_the_reason(server, browser, width):  # noqa: F811
    game = _play("1830", _second_stock_round_with_sales, 1, 4)
    page, gid = _open(browser, server, game, width)
    _no_sideways_scroll(page)
    check_page_shows_state(page, server, gid)
    folded = page.locator("#actions details.refused summary")
    for k in range(folded.count()):                 # many refusals are folded: open them
        folded.nth(k).click()
    refused = page.locator("#actions .item.disabled .reason")
    assert refused.count() and refused.first.is_visible()      # e.g. "The share costs $90..."
    sale = page.locator("#actions .item:has(button.decide:text-matches('^Sell ')) .detail")
    assert "you receive $" in sale.first.inner_text()
    shot(page, f"1830-stock-round-{width}.png")
    # the map zooms inside its frame; the page still does not scroll sideways
    page.click("#zoom-in")
    page.click("#zoom-in")
    assert "scale(1.9" in page.get_attribute("#board svg", "style")
    _no_sideways_scroll(page)
    page.close()


def _tile_lay(game):
    v = game.public_view()
    op = v.get("operating")
    return bool(op and op.get("step") == "track" and len(v.get("tiles") or {}) > 12 and
                any(c.type == "lay_tile" for c in game.legal_actions()))


@pytest.mark.parametrize("width", [1400, 400])
def test_1830_lay_a_tile_from_the_hex_list(server, browser, width):  # noqa: F811
    game = _play("1830", _tile_lay, 1, 4)
    lays = [c for c in game.legal_actions() if c.type == "lay_tile"]
    page, gid = _open(browser, server, game, width)
    buttons = page.locator("#actions button.hex-pick")
    assert buttons.count() == len({c.fixed["hex"] for c in lays})
    hex_ = buttons.first.get_attribute("data-hex")
    buttons.first.click()
    page.wait_for_selector("#tile-picker:not([hidden])")
    if width < 700:                                  # a phone: the map zooms onto the hex
        assert "scale(3)" in page.get_attribute("#board svg", "style")
    _no_sideways_scroll(page)
    shot(page, f"1830-operating-tile-{width}.png")
    tile = page.locator("#tile-picker .tile-choice.chosen").get_attribute("data-tile")
    click_and_wait(page, page.locator("#tile-confirm"))
    settled(page)
    assert get_json(f"{server}/api/games/{gid}")["view"]["tiles"][hex_][0] == tile
    check_page_shows_state(page, server, gid)
    page.close()


def _short_of_money_for_a_train(game):
    return game.public_view()["round"] == "operating" and any(
        c.type == "sell_shares" for c in game.legal_actions())


def test_1830_forced_train_purchase_is_guided(server, browser):  # noqa: F811
    game = _play("1830", _short_of_money_for_a_train, 1)
    page, gid = _open(browser, server, game, 400)
    _no_sideways_scroll(page)
    guide = page.locator("#actions .group[data-kind='emergency']")
    assert guide.is_visible()
    text = guide.inner_text()
    assert "must buy one (24.0)" in text and "is still missing" in text
    assert "sell shares" in guide.locator("ol.guide li.current").inner_text()
    shot(page, "1830-forced-train-400.png")
    sell = page.locator("#actions .group:has(h3:text-is('Sell shares to pay for the train')) "
                        ".item:not(.disabled) button.decide").first
    cash = get_json(f"{server}/api/games/{gid}")["view"]["cash"][game.current_player]
    detail = sell.locator("xpath=..").locator(".detail").inner_text()
    click_and_wait(page, sell)
    got = get_json(f"{server}/api/games/{gid}")["view"]["cash"][game.current_player] - cash
    assert f"you receive ${got}" in detail
    page.close()


@lru_cache(maxsize=1)
def _late_1870():
    """A real game (18xx.games export) 40 actions before its end."""
    from railyard.games.g1870.import18xx import import_1870
    with open(os.path.join(FIXTURES, "1870", "1870_game_end_bankrupt.json"),
              encoding="utf-8") as fh:
        game, _ = import_1870(json.load(fh))
    game.undo(40)
    return game


@pytest.mark.parametrize("width", [1400, 400])
def test_1870_late_game_with_destinations(server, browser, width):  # noqa: F811
    game = _late_1870()
    reached = [c for c, v in game.state.s["corps"].items() if v.get("connected")]
    page, gid = _open(browser, server, game, width)
    _no_sideways_scroll(page)
    check_page_shows_state(page, server, gid)
    assert page.locator("#board g.destination.reached").count() == len(reached) > 0
    assert "Destination" in page.inner_text("#spreadsheet")
    shot(page, f"1870-late-game-{width}.png")
    page.close()


def _late_stock_round(game):
    v = game.public_view()
    return v["round"] == "stock" and v.get("stock_round", 0) >= 3


@pytest.mark.parametrize("width", [1400, 400])
def test_1830_players_cash_shares_and_worth_read_without_sideways_scrolling(
        server, browser, width):  # noqa: F811
    """Issue 24 point 3: at 400 px the players' part of the spreadsheet is one block per
    player (cash, worth, shares with the presidencies) that fits the screen's width and
    holds what the state holds; at 1400 px it is the sheet's rows, the block hidden."""
    game = _play("1830", _late_stock_round, 2, 4)
    page, gid = _open(browser, server, game, width)
    view = get_json(f"{server}/api/games/{gid}")["view"]
    narrow = page.locator("#players-narrow li.player")
    if width >= 1000:
        assert not page.locator("#players-narrow").is_visible()
        assert page.locator("#spreadsheet tr.player").first.is_visible()
        page.close()
        return
    assert not page.locator("#spreadsheet tr.player").first.is_visible()
    assert narrow.count() == len(view["players"])
    for i, name in enumerate(view["players"]):
        li = narrow.nth(i)
        assert li.is_visible()
        box = li.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
        assert li.locator(".name").inner_text() == name
        assert li.locator(".cash").inner_text() == f"${view['cash'][i]}"
        # every share the player holds as the state holds it (1830 8.0: the president's
        # certificate, the first of each company, is 20 %, the others 10 %), "*": president
        text = li.inner_text()
        held = 0
        for sym, c in view["corporations"].items():
            certs = c.get("shares", {}).get(str(i), [])
            if certs:
                pct = sum(20 if cert.endswith("_0") else 10 for cert in certs)
                star = "*" if c.get("president") == i else ""
                assert f"{sym} {pct}%{star}" in text, (name, sym, text)
                held += 1
        assert held or "%" not in text
        # nothing in the block runs past the screen's edge
        assert li.evaluate("e => e.scrollWidth <= e.clientWidth")
    _no_sideways_scroll(page)
    shot(page, "1830-players-400.png")
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.locator(".table18xx").screenshot(path=os.path.join(ARTIFACTS, "1830-sheet-400.png"))
    page.close()
