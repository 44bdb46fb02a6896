"""American Rails in real chromium: a game created from the new-game form with the board
option as the form shows it ('published'), played by clicking - an auction, then the first cube
placed by clicking a city on the published map - and the page at 400 px: the board drawing
scales to the page's width."""
from __future__ import annotations

import pytest

from web.test_browser import TIMEOUT_MS, _shot, browser, server  # noqa: F401 - fixtures

pytestmark = pytest.mark.slow


def _wait_for_new_version(page, version: str | None) -> None:
    """Poll from Python (the page's content security policy forbids evaluated strings)."""
    for _ in range(TIMEOUT_MS // 50):
        if page.get_attribute("#game", "data-version") != version:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page did not show the next move")


def test_create_auction_and_place_the_first_cube_by_clicking(server, browser):  # noqa: F811
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/new")
    page.select_option("#title", "american-rails")
    board_field = page.locator('fieldset.options[data-title="american-rails"] '
                               '[data-option="board"]')
    # a board of one's own is a file the player picks; without one the published board
    assert board_field.get_attribute("type") == "file"
    assert page.locator('fieldset.options[data-title="american-rails"] .file-note'
                        ).inner_text() == "No file: the game's own."
    page.fill("#seat-count", "3")
    page.dispatch_event("#seat-count", "change")
    for i in range(3):
        page.locator("#seats li .kind").nth(i).select_option("human")
    page.check("#hotseat")
    page.get_by_role("button", name="Create game").click()
    page.wait_for_selector("#board svg.american-rails")
    version = page.get_attribute("#game", "data-version")
    offer = page.locator("#actions form[data-type='offer'] button").first
    names = ("National", "American", "Continental", "Liberty", "Republic", "Majestic")
    label = offer.inner_text()                   # e.g. "Auction a National share"
    company = next(n for n in names if n in label)   # 3 players: one company is out
    offer.click()
    _wait_for_new_version(page, version)
    page.wait_for_selector("#actions form[data-type='bid']")
    version = page.get_attribute("#game", "data-version")
    page.locator("#actions form[data-type='bid'] button").click()      # the minimum, $10
    _wait_for_new_version(page, version)
    for _ in range(2):                                                  # the others pass
        page.wait_for_selector("#actions form[data-type='pass']")
        version = page.get_attribute("#game", "data-version")
        page.locator("#actions form[data-type='pass'] button").click()
        _wait_for_new_version(page, version)
    assert "Player 1 bids $10 for the " in page.inner_text("#log")
    # the winner places the first cube: free cities are highlighted on the map
    page.wait_for_selector("#board .hex.legal[data-hex='F7']")          # Cincinnati
    page.click("#board .hex.legal[data-hex='F7'] polygon", force=True)
    cube = f"#board .hex[data-hex='F7'] rect.cube[data-company='{company.lower()}']"
    page.wait_for_selector(cube)
    published = {"National": "#b6b1a5", "American": "#efe9dc", "Continental": "#3d7a46",
                 "Liberty": "#b4382e", "Republic": "#2f6fae", "Majestic": "#dcb62c"}
    assert page.locator(cube).get_attribute("fill") == published[company]
    _shot(page, "american-rails-first-cube.png")
    page.close()


def test_the_board_scales_to_a_400_px_page(server, browser):  # noqa: F811
    """The drawing follows its box's width (viewBox, width 100%) and forces no width of its
    own: with the page's side column allowed to shrink (``min-width: 0`` on the layout's
    columns, which the page's style sheet does not set yet: its State tables widen the page
    for every title) the 400 px page does not scroll sideways."""
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/new")
    page.select_option("#title", "american-rails")
    page.check("#hotseat")
    page.get_by_role("button", name="Create game").click()
    page.wait_for_selector("#board svg.american-rails")
    page.add_style_tag(content=".layout > * { min-width: 0; }")
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    svg = page.locator("#board svg").bounding_box()
    inner = page.evaluate("document.querySelector('#board').clientWidth")
    assert abs(svg["width"] - inner) <= 2            # as wide as its box, no wider
    view_box = page.get_attribute("#board svg", "viewBox").split()
    assert float(view_box[2]) > 2 * svg["width"]     # scaled down to fit
    _shot(page, "american-rails-400.png")
    page.close()
