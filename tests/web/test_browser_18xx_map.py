"""The 18xx map in the browser (1830, 1870): a tile laid by clicking a hex, picking a tile
drawn on it, rotating and confirming; routes picked per train by clicking hexes with the
revenue from the engine's own check; history steps back without changing the game."""
from __future__ import annotations

import pytest

from .browser18xx import (TIMEOUT_MS, browser, check_page_shows_state, get_json,  # noqa: F401
                          post_json, server, settled, shot, version)

pytestmark = pytest.mark.slow


def _hotseat_page(server, browser, game, width=1500):  # noqa: F811
    made = post_json(f"{server}/api/games/import", {"save": game.to_save(), "hotseat": True})
    page = browser.new_page(viewport={"width": width, "height": 1100})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/games/{made['id']}#t={made['host_token']}")
    settled(page)
    return page, made["id"]


def _routes_settled(page, state=None):
    want = f"[data-state='{state}']" if state else ":not([data-state='loading'])"
    page.wait_for_selector(f"#routes-panel{want}")


def _run(game):
    c = next(c for c in game.legal_actions() if c.type == "run_routes")
    return {"type": "run_routes", "player": c.player,
            **{k: v for k, v in c.fixed.items() if k != "routes"}}


def _bumped(page, before):
    page.wait_for_function(f"() => +document.getElementById('game').dataset.version > {before}")


def test_1830_lay_a_tile_on_the_map_then_run_and_step_back(server, browser):  # noqa: F811
    pytest.importorskip("railyard.games.g1830")
    from .positions import play_1830_until

    def tile_lay_with_a_train(game):      # an operating turn of a company with a train
        view, cs = game.public_view(), game.legal_actions()
        op = view.get("operating")
        lays = [c for c in cs if c.type == "lay_tile"]
        return lays and op and op.get("step") == "track" and \
            view["corporations"][op["corp"]]["trains"] and any(
            sum(1 for d in lays if d.fixed["hex"] == c.fixed["hex"]) > 1 for c in lays)

    game = play_1830_until(tile_lay_with_a_train)
    lays = [c for c in game.legal_actions() if c.type == "lay_tile"]
    hex_ = next(c.fixed["hex"] for c in lays
                if sum(1 for d in lays if d.fixed["hex"] == c.fixed["hex"]) > 1)
    options = {(c.fixed["tile"], c.fixed["rotation"]) for c in lays if c.fixed["hex"] == hex_}
    page, gid = _hotseat_page(server, browser, game)
    n = len(game.log)
    assert page.locator("#steps li.current").inner_text() == "Lay track"
    assert page.locator("#board .hex.legal").count() == len({c.fixed["hex"] for c in lays})
    page.locator(f'#board .hex[data-hex="{hex_}"]').click()
    page.wait_for_selector("#tile-picker:not([hidden])")
    tiles = page.locator("#tile-picker .tile-choice")
    assert tiles.count() == len({t for t, _ in options})
    assert page.locator("#board image.tile-preview-on-map").count() == 1    # drawn on the hex
    chosen = page.locator("#tile-picker .tile-choice.chosen").get_attribute("data-tile")
    rotations = sorted(r for t, r in options if t == chosen)
    seen = []
    for _ in range(len(rotations)):
        href = page.locator("#board image.tile-preview-on-map").get_attribute("href")
        seen.append(int(href.rsplit("rotation=", 1)[1]))
        if len(rotations) > 1:
            page.click("#tile-rotate")
    assert sorted(seen) == rotations          # rotating cycles through the legal ones only
    shot(page, "1830-tile-on-map-1400.png")
    before = version(page)
    page.click("#tile-confirm")
    _bumped(page, before)
    settled(page)
    laid = get_json(f"{server}/api/games/{gid}")["view"]["tiles"][hex_]
    assert laid[0] == chosen and laid[1] in rotations
    assert f"lays tile {chosen} on {hex_}" in page.inner_text("#log")
    # history: the map before the lay shows the printed hex; the game is not changed
    page.click("#hist-prev")
    page.wait_for_function(f"() => document.getElementById('table').dataset.at === '{n}'")
    assert not page.locator("#hist-live").is_hidden()
    assert get_json(f"{server}/api/games/{gid}")["action_count"] == n + 1
    page.click("#hist-live")
    page.wait_for_function("() => document.getElementById('hist-live').hidden")
    check_page_shows_state(page, server, gid)
    page.close()


def test_1830_pick_each_trains_route_by_clicking_hexes(server, browser):  # noqa: F811
    """Per-train route picking with live revenue from the server (1830 20.1), a bad click
    showing the rule it breaks and taken back, then "auto" and running the routes."""
    pytest.importorskip("railyard.games.g1830")
    from railyard.routing import auto_routes

    from .positions import play_1830_until, several_trains_running

    game = play_1830_until(several_trains_running, bot_seed=6)
    corp = game.state.s["op"]["corp"]
    best = auto_routes(game.state, corp)["routes"]
    expected = {r["train"]: game.state.clone().apply({**_run(game), "routes": [r]})["revenue"]
                for r in best}
    total = game.state.clone().apply({**_run(game), "routes": best})["revenue"]
    page, gid = _hotseat_page(server, browser, game)
    page.wait_for_selector("#routes-panel")
    _routes_settled(page)
    assert page.locator("#route-trains li").count() == len(game.state.s["corps"][corp]["trains"])
    assert page.is_disabled("#route-run")
    far = next(h for h in ("A19", "I2", "G3", "B24")
               if all(h not in ch for r in best for ch in r["chains"]))
    for k_route, r in enumerate(best):
        row = page.locator(f"#route-trains li[data-train='{r['train']}']")
        row.locator(".pick-train").click()
        hexes = [h for ch in r["chains"] for h in (ch if ch is r["chains"][0] else ch[1:])]
        for k, h in enumerate(hexes):
            page.locator(f'#board .hex[data-hex="{h}"]').click()
            _routes_settled(page)
            assert row.locator(".hexes").inner_text().count("→") == k
        assert row.locator(".revenue").inner_text() == f"${expected[r['train']]}"
        if k_route == 0:              # a click off the track: the engine's reason, then back
            page.locator(f'#board .hex[data-hex="{far}"]').click()
            _routes_settled(page, "bad")
            assert "20.1" in row.locator(".route-error").inner_text()
            page.locator(f'#board .hex[data-hex="{far}"]').click()
            _routes_settled(page)
            assert row.locator(".route-error").inner_text() == ""
    _routes_settled(page, "ok")
    assert page.text_content("#route-total") == f"${total}"
    shot(page, "1830-routes-picked-1400.png")
    page.click("#route-auto")
    _routes_settled(page, "ok")
    assert page.text_content("#route-total") == f"${total}"
    before = version(page)
    page.click("#route-run")
    _bumped(page, before)
    settled(page)
    log = page.inner_text("#log")
    assert f"({corp}) runs its trains" in log
    assert f"{corp} runs its trains: the " in log         # each train's run and its stops
    assert f"(total ${total})" in log
    # the dividend step says what paying does
    pay = page.locator("#actions .item:has(button.decide:text-is('Pay out')) .detail")
    assert "per share" in pay.inner_text() and "price" in pay.inner_text()
    page.close()


def test_1870_board_clicks_lay_tiles_until_a_train_is_picked(server, browser):  # noqa: F811
    """1870 lets a corporation lay track before it runs (9.3): a hex click opens the tile
    picker on that hex; once the player picks a train, clicks build its route."""
    pytest.importorskip("railyard.games.g1870")
    from collections import Counter

    from .positions import play_until

    def tile_or_run(g):
        cs = g.legal_actions()
        run = next((c for c in cs if c.type == "run_routes"), None)
        many = [h for h, n in Counter(c.fixed.get("hex") for c in cs
                                      if c.type == "lay_tile").items() if h and n > 1]
        return run is not None and run.fixed["routes"] and many

    game = play_until("1870", tile_or_run)
    cs = game.legal_actions()
    hex_ = next(h for h, n in Counter(c.fixed.get("hex") for c in cs
                                      if c.type == "lay_tile").items() if h and n > 1)
    route = next(c for c in cs if c.type == "run_routes").fixed["routes"][0]
    revenue = game.state.clone().apply({**_run(game), "routes": [route]})["revenue"]
    page, gid = _hotseat_page(server, browser, game)
    page.wait_for_selector("#routes-panel")
    _routes_settled(page)
    page.locator(f'#board .hex[data-hex="{hex_}"]').click()
    page.wait_for_selector("#tile-picker:not([hidden])")
    assert page.text_content("#tile-picker h3") == f"Lay track on {hex_}"
    row = page.locator(f"#route-trains li[data-train='{route['train']}']")
    assert row.locator(".hexes").inner_text() == "no route"
    page.click("#tile-cancel")
    row.locator(".pick-train").click()
    for h in [h for ch in route["chains"] for h in ch]:
        if row.locator(".hexes").inner_text().endswith(h):
            continue                 # a stop shared by two stretches is clicked once
        page.locator(f'#board .hex[data-hex="{h}"]').click()
        _routes_settled(page)
    assert row.locator(".revenue").inner_text() == f"${revenue}"
    shot(page, "1870-route-picked-1400.png")
    page.close()
