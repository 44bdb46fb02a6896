"""Issue 24, point 3: the 18xx table in view.  At 1400 x 900 a whole 1830 operating round is
played by clicking (tiles on the map, stations on the city, auto routes, dividends, trains)
and after every move the page has not scrolled by itself, the map, the decision and every
player's cash, shares and worth are inside the window; the tabs beside the map (stock
market, charters, privates/trains/phases, tiles, revenue) open with a click and stay as the
player left them between moves.  Screenshots at 1400 and 400 px are kept as artifacts."""
from __future__ import annotations

import pytest

from .browser18xx import (TIMEOUT_MS, browser, check_page_shows_state, click_and_wait,  # noqa: F401
                          human_move, post_json, server, settled, shot)

pytestmark = pytest.mark.slow

WATCH = """() => { window.__scrolls = 0;
  addEventListener('scroll', () => { window.__scrolls += 1; }, {passive: true}); }"""

IN_VIEW = """() => {
  const H = innerHeight, W = innerWidth;
  const inside = (n) => { if (!n) return false; const r = n.getBoundingClientRect();
    if (r.width === 0 || r.bottom <= 0 || r.top >= H || r.left >= W || r.right <= 0) return false;
    for (let p = n.parentElement; p; p = p.parentElement) {        // not scrolled away
      const s = getComputedStyle(p);
      if (!/(auto|scroll|hidden)/.test(s.overflow + s.overflowX + s.overflowY)) continue;
      const q = p.getBoundingClientRect();
      if (r.bottom > q.bottom + 1 || r.top < q.top - 1 || r.right > q.right + 1 || r.left < q.left - 1) return false;
    }
    return r.bottom <= H && r.right <= W; };
  const rows = [...document.querySelectorAll('#spreadsheet tr.player')];
  const bad = [];
  for (const row of rows) {
    for (const sel of ['th.name', 'td.cash', 'td.worth'])
      if (!inside(row.querySelector(sel))) bad.push(row.dataset.seat + ' ' + sel);
    row.querySelectorAll('td.pct').forEach((cell, k) => {      // every corporation's
      if (!inside(cell)) bad.push(row.dataset.seat + ' shares ' + k); });
  }
  if (!inside(document.querySelector('#board svg'))) bad.push('map');
  if (!inside(document.getElementById('decision-heading'))) bad.push('decision');
  return {bad, rows: rows.length, scrollY, scrolls: window.__scrolls,
          round: document.querySelector('#status18xx .round').textContent};
}"""


def _start_of_an_operating_round(game):
    s = game.state.s
    return s.get("round") == "operating" and s.get("sr", 0) >= 3 and \
        not (s.get("op") or {}).get("done") and \
        any(c.type == "lay_tile" for c in game.legal_actions()) and \
        sum(1 for v in s["corps"].values() if v.get("trains")) >= 2


def _station_on_the_city(page) -> bool:
    """A station placed by clicking its marked city on the map (issue 24: not a second box)."""
    if page.locator("#routes-panel").count() or \
            page.text_content("#steps li.current") != "Place a station":
        return False
    hexes = page.evaluate("""() => [...document.querySelectorAll(
        "#actions .group[data-kind='stations'] .item:not(.disabled) button.decide")]
        .map(b => b.textContent.match(/in ([A-Z]+\\d+)/)).filter(m => m).map(m => m[1])""")
    for h in hexes:
        if len([x for x in hexes if x == h]) == 1:
            click_and_wait(page, page.locator(f'#board .hex.legal[data-hex="{h}"]').first)
            return True
    return False


def test_1830_operating_round_by_clicking_keeps_the_table_in_view(server, browser):  # noqa: F811
    from .positions import play_until
    game = play_until("1830", _start_of_an_operating_round, seed=1, bot_seed=1)
    made = post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{made['id']}#t={made['host_token']}")
    settled(page)
    page.evaluate(WATCH)
    start = page.evaluate(IN_VIEW)
    assert start["rows"] == 4 and not start["bad"], start
    assert start["round"].startswith("OR "), start
    # a tab opened by the player stays open between moves; the map tab comes back by a click
    page.click("#left-tabs [data-tab='corps']")
    assert page.locator("#corps-box .charter").count() >= 1
    stats: dict = {"max_trains": 2}
    moves = stations_on_map = 0
    page.click("#left-tabs [data-tab='map']")
    rnd = start["round"]
    while moves < 120:
        label = page.evaluate(IN_VIEW)["round"]
        if label != rnd:                  # a whole operating round was played
            if stats.get("runs") and label.startswith("SR") or stats.get("runs", 0) >= 3:
                break
            rnd = label                   # no run yet (no trains): the next round too
        if page.text_content("#status") == "finished":
            break
        if stats.get("tiles", 0) == 1 and not stats.get("shot"):
            stats["shot"] = True
            shot(page, "18xx-view-or-1400.png")
        if _station_on_the_city(page):
            stations_on_map += 1
        else:
            human_move(page, stats, prefix="18xx-view")
        settled(page)
        moves += 1
        now = page.evaluate(IN_VIEW)
        assert now["scrollY"] == 0 and now["scrolls"] == 0, ("the page scrolled", moves, now)
        if now["round"].startswith("OR"):
            if now["bad"]:
                shot(page, "18xx-view-bad.png")
            assert not now["bad"], (moves, now, page.evaluate(
                "[document.getElementById('actions-box').scrollTop, document.getElementById("
                "'actions-box').hidden, document.getElementById('decision-heading')"
                ".getBoundingClientRect().top]"))
        if moves == 2:                      # the player's tab choice survives a move
            page.click("#left-tabs [data-tab='revenue']")
            settled(page)
            assert page.is_visible("#revenue-box")
            page.click("#left-tabs [data-tab='map']")
    assert moves < 120, "the operating round did not end"
    assert stats.get("tiles", 0) >= 1 and stats.get("runs", 0) >= 1, (moves, stats)
    check_page_shows_state(page, server, made["id"])
    shot(page, "18xx-view-after-or-1400.png")
    narrow = browser.new_page(viewport={"width": 400, "height": 800})
    narrow.set_default_timeout(TIMEOUT_MS)
    narrow.goto(f"{server}/games/{made['id']}#t={made['host_token']}")
    settled(narrow)
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 400
    shot(narrow, "18xx-view-400.png")


def test_tabs_show_charters_manifest_revenue_and_phases(server, browser):  # noqa: F811
    """Issue 24 point 4: a charter per started corporation (par, price, treasury, trains,
    stations, privates, revenue), the tile manifest with what is left (1830: 18.0's counts
    less the tiles on the map), revenue per OR ("OR 2.1") and "privates close" in the
    phases (1830 17.0: with the first 5-train)."""
    from .positions import play_until
    game = play_until("1830", _start_of_an_operating_round, seed=1, bot_seed=1)
    made = post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{made['id']}#t={made['host_token']}")
    settled(page)
    s = game.state.s
    started = [c for c, v in s["corps"].items() if v.get("pos") is not None]
    page.click("#left-tabs [data-tab='corps']")
    for corp in started:
        card = page.locator(f'#corps-box .charter[data-corp="{corp}"]')
        assert card.is_visible(), corp
        assert f"${s['corps'][corp]['cash']}" in card.inner_text()
    page.click("#left-tabs [data-tab='tiles']")
    supply = s["supply"]
    row = page.locator("#manifest tr", has_text="#57").first
    assert f"{supply['57']} of" in row.inner_text()
    page.click("#left-tabs [data-tab='revenue']")
    assert page.locator("#revenue-history th", has_text="OR 2.1").count() == 1
    page.click("#left-tabs [data-tab='info']")
    phase5 = page.locator("#phases tr", has_text="first 5-train")
    assert "privates close" in phase5.inner_text()
    assert not page.locator("#board").is_visible()          # the map pane is behind its tab
    shot(page, "18xx-view-tabs-1400.png")


@pytest.mark.parametrize("title,export", [("1830", "26855.json"),
                                          ("1870", "1870_game_end_bankrupt.json")])
def test_every_share_of_every_started_corporation_in_view_late_in_a_game(  # noqa: F811
        server, browser, title, export):
    """Late in a real game (every 1830 corporation started; 1870's many) every player's
    cash, worth and share of each started corporation is in view at 1400 x 900, without
    scrolling the spreadsheet sideways."""
    import json

    from railyard.eighteen.import18xx import import_export
    from tests.fixture_files import fixture
    game, _ = import_export(json.loads(fixture(title, export).read_text()))
    made = post_json(f"{server}/api/games/import", {"save": game.to_save()})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.add_init_script(WATCH)
    page.goto(f"{server}/games/{made['id']}")
    page.wait_for_selector("#spreadsheet tr.player")
    started = page.locator("#spreadsheet thead th.corp").count()
    assert started >= 7, started
    got = page.evaluate(IN_VIEW)
    bad = [b for b in got["bad"] if b != "decision"]     # the game is over: no decision
    assert got["rows"] == len(game.players) and bad == [], got
    shot(page, f"{title}-late-sheet-1400.png")
    page.close()
