"""Issue 23, point 4, in a real chromium: two players of one game chat from two browser
contexts (two "devices") and each sees the other's message arrive without reloading;
messages with HTML and script are shown as text; a spectator reads but has no input.
Screenshots at 1400 and 400 px wide in ``build/test-artifacts/web``."""
from __future__ import annotations

import json
import urllib.request

import pytest

from .browser18xx import browser, server, shot  # noqa: F401 - shared fixtures

TIMEOUT_MS = 90_000

pytestmark = pytest.mark.slow

HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>&amp;'


def _post_json(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.load(resp)


def _page(browser, url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    streams = []
    page.on("request", lambda req: streams.append(req.url) if "/events" in req.url else None)
    page.goto(url)
    page.streams = streams
    return context, page


def _say(page, text):
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")
    page.wait_for_function("() => document.getElementById('chat-text').value === ''")


@pytest.mark.parametrize("title", ["chicago-express", "1830"])
def test_two_seats_chat_live_and_markup_stays_text(server, browser, title):
    made = _post_json(f"{server}/api/games", {"title": title, "seats": [
        {"kind": "human", "name": "Ann <b>bold</b>"}, {"kind": "human", "name": "Bob"},
        *([{"kind": "bot"}] * (2 if title == "1830" else 1))]})
    gid = made["id"]
    ann_tok, bob_tok = (t["token"] for t in made["tokens"])
    ctx_a, ann = _page(browser, f"{server}/games/{gid}#t={ann_tok}", 1400)
    ctx_b, bob = _page(browser, f"{server}/games/{gid}#t={bob_tok}", 400)
    ctx_s, spectator = _page(browser, f"{server}/games/{gid}", 1400)
    for page in (ann, bob):
        page.wait_for_selector("#chat-form:not([hidden])")
    spectator.wait_for_selector("#chat-msg:has-text('Spectators read the chat')")
    assert spectator.locator("#chat-form").is_hidden()

    _say(ann, "Hello Bob, good luck!")
    bob.wait_for_selector("#chat-list li:has-text('Hello Bob, good luck!')")
    assert bob.locator("#chat-list li .chat-who").first.inner_text() == "Ann <b>bold</b>"
    _say(bob, HOSTILE)
    ann.wait_for_selector("#chat-list li >> nth=1")
    spectator.wait_for_selector("#chat-list li >> nth=1")
    for page in (ann, bob, spectator):
        texts = page.locator("#chat-list .chat-text").all_inner_texts()
        assert texts == ["Hello Bob, good luck!", HOSTILE], texts
        # shown as text: no element was made from the message, no script ran
        assert page.locator("#chat-list img, #chat-list script, #chat-list b").count() == 0
        assert page.evaluate("() => window.__pwned") is None
    assert ann.locator("#chat-list li.mine").count() == 1    # one's own messages marked
    # a second line of Bob's (Shift+Enter keeps writing) arrives live too
    bob.fill("#chat-text", "line one")
    bob.press("#chat-text", "Shift+Enter")
    bob.type("#chat-text", "line two")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat-list li >> nth=2")
    assert ann.locator("#chat-list .chat-text").nth(2).inner_text() == "line one\nline two"
    slug = title.replace("-", "_")
    shot(ann, f"chat-{slug}-1400.png")
    shot(bob, f"chat-{slug}-400.png")
    shot(spectator, f"chat-{slug}-spectator-1400.png")
    # the chat rides on the page's one live stream: no second connection
    # (game.js asks its stream with ?since=N; a stream of the chat's own would not)
    for page in (ann, bob, spectator):
        assert page.streams and all("since=" in u for u in page.streams), page.streams
    # no sideways scrolling at 400 px
    assert bob.evaluate("() => document.documentElement.scrollWidth") <= 400 + 1
    for ctx in (ctx_a, ctx_b, ctx_s):
        ctx.close()
