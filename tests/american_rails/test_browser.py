"""American Rails in real chromium: a game created from the new-game form with the board
option as the form shows it ('published'), played by clicking - an auction, then the first cube
placed by clicking a city on the published map - and the page at 400 px: the board drawing
scales to the page's width."""
from __future__ import annotations

import pytest

from web.test_browser import TIMEOUT_MS, _shot, browser, server  # noqa: F401 - fixtures

pytestmark = pytest.mark.slow


def test_create_auction_and_place_the_first_cube_by_clicking(server, browser):  # noqa: F811
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/new")
    page.select_option("#title", "american-rails")
    board_field = page.locator('fieldset.options[data-title="american-rails"] '
                               '[data-option="board"]')
    assert board_field.input_value() == "published"
    page.fill("#seat-count", "3")
    page.dispatch_event("#seat-count", "change")
    for i in range(3):
        page.locator("#seats li .kind").nth(i).select_option("human")
    page.check("#hotseat")
    page.get_by_role("button", name="Create game").click()
    page.wait_for_selector("#board svg.american-rails")
    page.get_by_role("button", name="Auction Continental").click()
    page.wait_for_selector("#actions form[data-type='bid']")
    page.locator("#actions form[data-type='bid'] button").click()      # the minimum, $10
    for _ in range(2):                                                  # the others pass
        page.wait_for_selector("#actions form[data-type='pass']")
        version = page.get_attribute("#game", "data-version")
        page.locator("#actions form[data-type='pass'] button").click()
        page.wait_for_function(f"document.querySelector('#game').dataset.version != "
                               f"'{version}'")
    # the winner places the first cube: free cities are highlighted on the map
    page.wait_for_selector("#board .hex.legal[data-hex='F7']")          # Cincinnati
    page.click("#board .hex.legal[data-hex='F7'] polygon", force=True)
    cube = "#board .hex[data-hex='F7'] rect.cube[data-company='continental']"
    page.wait_for_selector(cube)
    assert page.locator(cube).get_attribute("fill") == "#3d7a46"      # published green
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
