"""Games imported from 18xx.games exports (1830 through the API's import, 1870 through the
1870 adapter and a railyard save): the page shows every player's cash and every started
corporation's treasury and share price as the state holds them, in the game's words (no
engine action names, no raw JSON), at 1400 and 400 px."""
from __future__ import annotations

import json
import os

import pytest

from .browser18xx import (TIMEOUT_MS, browser, check_page_shows_state, post_json,  # noqa: F401
                          server, shot)

pytestmark = pytest.mark.slow
FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "18xx-games")


def _open(browser, server, gid, width):  # noqa: F811
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector("#spreadsheet")
    return page


def test_1830_import_from_18xx_games_shows_the_state(server, browser):  # noqa: F811
    with open(os.path.join(FIXTURES, "1830", "26855.json"), encoding="utf-8") as fh:
        export = json.load(fh)
    made = post_json(f"{server}/api/games/import", {"save": export})
    page = _open(browser, server, made["id"], 1400)
    check_page_shows_state(page, server, made["id"])
    assert page.locator("#log li").count() > 100
    shot(page, "1830-imported-1400.png")
    page.close()
    narrow = _open(browser, server, made["id"], 400)
    check_page_shows_state(narrow, server, made["id"])
    shot(narrow, "1830-imported-400.png")
    narrow.close()


def test_1870_import_from_18xx_games_shows_the_state(server, browser):  # noqa: F811
    from railyard.games.g1870.import18xx import import_1870
    with open(os.path.join(FIXTURES, "1870", "34110.json"), encoding="utf-8") as fh:
        game, _ = import_1870(json.load(fh))
    made = post_json(f"{server}/api/games/import", {"save": game.to_save()})
    page = _open(browser, server, made["id"], 1400)
    check_page_shows_state(page, server, made["id"])
    shot(page, "1870-imported-1400.png")
    page.close()
