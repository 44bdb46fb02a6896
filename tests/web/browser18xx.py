"""Shared pieces of the 18xx browser tests (1830, 1870): a live server, Debian's chromium,
screenshots under ``build/test-artifacts/web`` (or ``$RAILYARD_ARTIFACTS``), a human seat that
plays by clicking the visible controls of the 18xx table, and the check that the page shows
the state as the engine holds it, in the game's words."""
from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import threading
import time
import urllib.request

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = os.environ.get("RAILYARD_ARTIFACTS") or os.path.join(
    os.path.dirname(__file__), "..", "..", "build", "test-artifacts", "web")
TIMEOUT_MS = 90_000
ENGINE_WORDS = ["lay_tile", "buy_shares", "buy_share", "sell_shares", "run_routes",
                "place_token", "buy_train", "buy_private", "discard_train", "buy_company",
                "emergency_sell", "connection_run", "refuse_offer", "accept_offer"]


@contextlib.contextmanager
def serve_app(app):
    """``app`` served by uvicorn in a thread on a free local port: yields its base URL."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                        timeout_graceful_shutdown=1))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from railyard.web.app import create_app
    from railyard.web.storage import Storage

    data = tmp_path_factory.mktemp("data")
    with serve_app(create_app(storage=Storage(str(data / "db.sqlite3")))) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def shot(page, name: str) -> str:
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, name)
    page.screenshot(path=path, full_page=True)
    return path


def post_json(url: str, body) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.load(resp)


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=60) as resp:
        return json.load(resp)


def version(page) -> int:
    return int(page.get_attribute("#game", "data-version"))


def settled(page) -> None:
    """Wait until the table and the decisions shown belong to the state shown (or the game
    is over)."""
    page.wait_for_function(
        "() => { const g = document.getElementById('game');"
        " const b = document.getElementById('actions-box');"
        " const t = document.getElementById('table');"
        " return t.dataset.version === g.dataset.version &&"
        " (document.getElementById('status').textContent === 'finished' ||"
        "  (b && b.dataset.version === g.dataset.version)); }")


def wait_for_others(page) -> None:
    """Wait while other seats move: until the game shown moves past the version read here,
    the page's seat is to act in the version shown, or the game is over.  The seat's turn
    is part of the condition because the page may reach the version where it acts between
    the caller's look at the turn and the read of the version here."""
    page.wait_for_function(
        "(v) => { const g = document.getElementById('game');"
        " const b = document.getElementById('actions-box');"
        " return +g.dataset.version > v ||"
        " document.getElementById('status').textContent === 'finished' ||"
        " (b && b.dataset.mine === '1' && b.dataset.version === g.dataset.version); }",
        arg=version(page))


def finished(page) -> bool:
    return page.text_content("#status") == "finished"


def click_and_wait(page, locator) -> None:
    before = version(page)
    locator.click()
    page.wait_for_function(
        f"() => +document.getElementById('game').dataset.version > {before} ||"
        " document.getElementById('action-msg').textContent !== ''")
    assert version(page) > before, page.text_content("#action-msg")


def check_page_shows_state(page, server: str, gid: str) -> None:
    """The visible text has no engine action names and no raw JSON, and shows every
    player's cash and every started corporation's treasury and share price as the state
    holds them (read from the API)."""
    page.wait_for_function(
        "() => document.getElementById('status-slot').textContent.length > 0")
    st = get_json(f"{server}/api/games/{gid}")
    page.wait_for_function(f"() => +document.getElementById('table').dataset.version >= "
                           f"{st['version']}")
    text = page.inner_text("main")
    for word in ENGINE_WORDS:
        assert word not in text, f"engine word {word!r} on the page"
    assert not re.search(r'\{\s*"', text), "raw JSON on the page"
    assert "lay_tile (" not in text
    view = st["view"]
    rows = page.locator("#spreadsheet tr.player")
    assert rows.count() == len(view["players"])
    for i, cash in enumerate(view["cash"]):
        row = rows.nth(i)
        assert row.locator("th.name").inner_text().startswith(view["players"][i])
        assert row.locator("td.cash").inner_text() == f"${cash}"
    for sym, c in view["corporations"].items():
        if c.get("pos") is None:
            continue
        assert page.locator(f'#spreadsheet td.treasury[data-corp="{sym}"]').inner_text() \
            == f"${c['cash']}", sym
        assert page.locator(f'#spreadsheet td.price[data-corp="{sym}"]').inner_text() \
            == f"${c['price']}", sym


def _first(page, selector):
    loc = page.locator(selector)
    return loc.first if loc.count() else None


# what the decision box offers, read in one round trip (each locator query is one)
_SUMMARY = """() => {
  const q = (s) => document.querySelector(s) !== null;
  const on = [...document.querySelectorAll('#actions button.decide')]
    .filter(b => !b.disabled && !b.closest('.item.disabled')).map(b => b.textContent);
  const groups = [...document.querySelectorAll('#actions .group h3')].map(h => h.textContent);
  return {heading: document.getElementById('decision-heading').textContent || '',
          auction: q('#actions .auction'), par: q('#actions .par-row'),
          tiles: q("#actions .group[data-kind='tiles']"), routes: q('#routes-panel'),
          groups, on};
}"""


def human_move(page, stats: dict, prefix: str = "18xx") -> None:
    """One decision of the human seat, chosen from what the page shows."""
    sm = page.evaluate(_SUMMARY)
    heading, on = sm["heading"], sm["on"]

    def offers(pattern):
        return any(re.search(pattern, t) for t in on)
    # the private auction: buy the cheapest private while it is affordable, else pass
    if sm["auction"]:
        if offers("^Buy ") and stats.setdefault("privates", 0) < 1:
            stats["privates"] += 1
            return click_and_wait(page, page.locator(
                "#actions .lot button.decide:text-matches('^Buy ')").first)
        return click_and_wait(page, page.locator("#actions button.decide:text-is('Pass')"))
    # start a corporation: pick it, then its par price on the chart
    if sm["par"] and not stats.get("started"):
        par_row = page.locator("#actions .par-row").first
        stats["started"] = par_row.get_attribute("data-corp")
        par_row.locator("button.par-corp").click()
        cell = page.locator("#market td.par-pick").last          # the lowest par price
        assert cell.count() and cell.is_visible()
        stats["par_on_chart"] = True
        return click_and_wait(page, cell)
    # the stock round: buy shares of my corporation, else pass
    if heading.startswith("Stock round") or "Buy a share" in sm["groups"]:
        mine = stats.get("started")
        if mine and stats.get("bought", 0) < 5:
            stats["bought"] = stats.get("bought", 0) + 1
            if offers(f"share of {re.escape(mine)} from"):
                return click_and_wait(page, page.locator(
                    f"#actions .item:not(.disabled) button.decide:text-matches("
                    f"'share of {mine} from')").first)
        for label in ("Pass", "End your turn"):
            if label in on:
                return click_and_wait(page, page.locator(
                    f"#actions button.decide:text-is('{label}')").first)
    # operating: lay track by the map, stations, routes (auto), dividend, trains
    if sm["tiles"] and stats.get("tiles", 0) < 8:
        hexes = page.locator("#board .hex.legal")
        n = hexes.count()
        # a click that lands while the board is drawn again opens nothing: click once more
        # (at most three times) before the long wait for the picker
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        for attempt in range(3):
            hexes.nth(stats.setdefault("tiles", 0) % n).click()
            try:
                page.wait_for_selector("#tile-picker:not([hidden])", timeout=5_000)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
        if page.locator("#tile-confirm").count():
            stats["tiles"] += 1
            if page.is_enabled("#tile-rotate"):
                page.click("#tile-rotate")
                stats["rotated"] = stats.get("rotated", 0) + 1
            if stats["tiles"] == 1:
                shot(page, f"{prefix}-tile-picker-1400.png")
            return click_and_wait(page, page.locator("#tile-confirm"))
    station = _first(page, "#actions .group:has(h3:text-is('Place a station')) "
                           ".item:not(.disabled) button.decide") \
        if "Place a station" in sm["groups"] else None
    if station is not None:
        stats["stations"] = stats.get("stations", 0) + 1
        return click_and_wait(page, station)
    if sm["routes"]:
        page.wait_for_selector("#routes-panel:not([data-state='loading'])")
        page.click("#route-auto")
        page.wait_for_selector("#routes-panel:not([data-state='loading'])")
        if page.is_enabled("#route-run"):
            stats["runs"] = stats.get("runs", 0) + 1
            return click_and_wait(page, page.locator("#route-run"))
    pay = page.locator("#actions button.decide:text-is('Pay out')").first \
        if "Pay out" in on else None
    if pay is not None:
        stats["dividends"] = stats.get("dividends", 0) + 1
        return click_and_wait(page, pay)
    train = page.locator("#actions .item:not(.disabled) button.decide:text-matches("
                         "'from the bank')").first if offers("from the bank") else None
    if train is not None and stats.get("trains", 0) < stats.get("max_trains", 3):
        stats["trains"] = stats.get("trains", 0) + 1
        return click_and_wait(page, train)
    for label in ("Pass", "End your turn", "Lay no track", "Place no station"):
        b = page.locator(f"#actions button.decide:not(.skip):text-is('{label}')")
        if label in on and b.count():       # 1870's skips (.skip) change nothing by themselves
            return click_and_wait(page, b.first)
    if offers("^Run no trains"):
        return click_and_wait(page, page.locator(
            "#actions button.decide:text-matches('^Run no trains')").first)
    if offers("^(Pass|Buy no more trains|Buy no private)"):
        return click_and_wait(page, page.locator(
            "#actions button.decide:text-matches('^(Pass|Buy no more trains|Buy no private)')"
        ).first)
    # anything else the game requires (e.g. a forced train, selling, bankruptcy)
    any_ = page.locator("#actions .item:not(.disabled) button.decide:not(.skip)")
    assert any_.count(), f"no decision to click: {page.inner_text('#actions-box')}"
    stats["other"] = stats.get("other", 0) + 1
    click_and_wait(page, any_.first)
