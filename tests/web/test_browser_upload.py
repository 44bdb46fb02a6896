"""Uploaded option content in real chromium (issue 15, point 1, web side): on the new-game
page a deck or board of one's own is a file the player picks; the page reads it in the
browser and sends its text as the option's value (never a path on the server).  A toy title
with such an option stands in for North American Railways' ``deck`` and American Rails'
``board``.  Screenshots at 1400 and 400 px go to ``build/test-artifacts/web``."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from typing import Any

import pytest

from railyard.engine.errors import BadOptions
from railyard.engine.registry import OptionSpec, get_title, register, unregister

from .browser18xx import ARGS, ARTIFACTS, CHROMIUM, serve_app
from .test_browser import TIMEOUT_MS
from .toy import SLUG, Stones

pytestmark = pytest.mark.slow
UPLOAD = "toy-upload"


@dataclass(frozen=True)
class DeckOption(OptionSpec):
    """Content, not a path: ``None`` (the built-in deck) or the text of a file."""

    def check(self, value: Any) -> Any:
        if value is not None and not (isinstance(value, str) and value.startswith("{")):
            raise BadOptions("The deck must be the content of a JSON deck file.")
        return value


class DeckStones(Stones):
    def __init__(self, players, seed, options) -> None:
        deck = json.loads(options["deck"]) if options["deck"] else {"pile": 10}
        super().__init__(players, seed, {"pile": deck["pile"]})


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from railyard.web.app import create_app
    from railyard.web.storage import Storage
    register(replace(get_title(SLUG), slug=UPLOAD, name="Toy Upload", factory=DeckStones,
                     options=(DeckOption("deck", None, "a deck of your own (a file)"),)))
    app = create_app(storage=Storage(str(tmp_path_factory.mktemp("up") / "db.sqlite3")))
    with serve_app(app) as url:
        yield url, app
    unregister(UPLOAD)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def test_a_deck_file_is_read_in_the_browser_and_sent_as_content(server, browser, tmp_path):
    base, app = server
    deck = tmp_path / "my-deck.json"
    deck.write_text('{"pile": 7, "note": "a deck of my own"}')
    os.makedirs(ARTIFACTS, exist_ok=True)
    for width in (1400, 400):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{base}/new")
        page.select_option("#title", UPLOAD)
        file_input = page.locator(f'fieldset[data-title="{UPLOAD}"] input[type="file"]')
        assert file_input.is_visible()
        file_input.set_input_files(str(deck))
        page.wait_for_selector(".file-note:has-text('sent with the game (my-deck.json)')")
        page.screenshot(path=os.path.join(ARTIFACTS, f"new-upload-{width}.png"), full_page=True)
        page.click("#create")
        href = page.locator("a.spectator-link").get_attribute("href")
        gid = href.rsplit("/", 1)[1]
        live = app.state.service.get(gid)
        assert live.game.options["deck"] == deck.read_text()     # the content, not a name
        assert live.game.state.pile == 7
        page.close()


def test_without_a_file_the_option_is_left_out_and_a_bad_file_is_explained(server, browser,
                                                                           tmp_path):
    base, app = server
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{base}/new")
    page.select_option("#title", UPLOAD)
    page.click("#create")
    gid = page.locator("a.spectator-link").get_attribute("href").rsplit("/", 1)[1]
    assert app.state.service.get(gid).game.options["deck"] is None
    page.goto(f"{base}/new")
    page.select_option("#title", UPLOAD)
    bad = tmp_path / "notes.txt"
    bad.write_text("not a deck")
    page.locator(f'fieldset[data-title="{UPLOAD}"] input[type="file"]').set_input_files(str(bad))
    page.click("#create")
    page.wait_for_selector("#msg:has-text('content of a JSON deck file')")
    page.close()
