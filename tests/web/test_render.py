"""Board drawings: Chicago Express, 1830 (tiles from path data in rotation) and the generic
fallback; all of them escape text and parse as XML."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.web.render import render_board, renderer_for, tile_renderer_for
from railyard.web.render import generic

from .toy import SLUG

NS = "{http://www.w3.org/2000/svg}"


def _state(game: Game) -> dict:
    return {"title": game.title, "title_name": game.info.name, "players": game.players,
            "current_player": game.current_player, "view": game.public_view()}


def _hex(svg: str, hid: str):
    root = ET.fromstring(svg)
    for g in root.iter(f"{NS}g"):
        if g.get("data-hex") == hid:
            return g
    raise AssertionError(f"no hex {hid}")


def test_generic_fallback_escapes_names():
    g = Game(SLUG, ["<b>Ann</b>", "Bob"], 1, {"pile": 5})
    assert renderer_for(SLUG) is generic.render and tile_renderer_for(SLUG) is None
    svg = render_board(_state(g))
    ET.fromstring(svg)
    assert "<b>" not in svg and "&lt;b&gt;Ann" in svg


def test_chicago_express_draws_every_hex_locomotives_and_houses():
    pytest.importorskip("railyard.games.chicago_express")
    g = Game("chicago-express", ["A", "B", "C"], 2)
    bot = RandomBot(2)
    while not g.is_terminal and len(g.log) < 120:
        g.apply(bot.choose(g.state))
    view = g.public_view()
    svg = render_board(_state(g))
    root = ET.fromstring(svg)
    hexes = [e for e in root.iter(f"{NS}g") if e.get("data-hex")]
    assert len(hexes) == len(view["hexes"]) == 160
    locos = sum(len(h["locomotives"]) for h in view["hexes"])
    assert locos > 4 and svg.count('class="loco"') == locos
    assert svg.count('class="house"') == sum(1 for h in view["hexes"] if h["house"])
    for h in view["hexes"]:
        drawn = [r.get("data-company") for r in _hex(svg, h["id"]).iter(f"{NS}rect")
                 if r.get("class") == "loco"]
        assert drawn == list(h["locomotives"]), h["id"]


def test_1830_draws_laid_tiles_in_their_rotation():
    pytest.importorskip("railyard.games.g1830")
    g = Game("1830", ["A", "B", "C", "D"], 1)
    bot = RandomBot(2)
    while not g.is_terminal and len(g.public_view().get("tiles") or {}) < 3:
        g.apply(bot.choose(g.state))
    view = g.public_view()
    svg = render_board(_state(g))
    hid, (tile, rot) = next(iter(view["tiles"].items()))
    paths = [p for p in _hex(svg, hid).iter(f"{NS}path") if p.get("stroke") == "#222"]
    assert paths, "a laid tile shows its track"
    draw = tile_renderer_for("1830")
    shapes = {draw({}, tile, r) for r in range(6)}
    assert len(shapes) > 1 or tile in ("9",)   # rotations differ (unless symmetric)
    assert draw({}, "no-such-tile", 0) is None


@pytest.mark.parametrize("slug, module", [("american-rails", "american_rails"),
                                          ("north-american-railways", "north_american_railways")])
def test_cube_and_card_games_have_their_own_drawing(slug, module):
    pytest.importorskip(f"railyard.games.{ {'american-rails': 'american_rails'}.get(slug, 'nar') }")
    g = Game(slug, ["A", "B", "<i>C</i>"], 1)
    bot = RandomBot(1)
    while not g.is_terminal and len(g.log) < 150:
        g.apply(bot.choose(g.state))
    assert renderer_for(slug).__module__.endswith(module)
    svg = render_board(_state(g))
    root = ET.fromstring(svg)
    view = g.public_view()
    if slug == "american-rails":
        cubes = sum(len(h["cubes"]) for h in view["hexes"])
        assert cubes and len([r for r in root.iter(f"{NS}rect") if r.get("class") == "cube"]) \
            == cubes
    else:
        cards = sum(len(c) for c in view["city_columns"])
        assert len([e for e in root.iter(f"{NS}g")
                    if "city-card" in (e.get("class") or "").split()]) == cards


def test_1870_uses_the_18xx_drawing_and_a_failing_renderer_falls_back(monkeypatch):
    pytest.importorskip("railyard.games.g1870")
    g = Game("1870", ["A", "B", "C", "D"], 1)
    svg = render_board(_state(g))
    root = ET.fromstring(svg)
    assert "g1870" in root.get("class")
    assert tile_renderer_for("1870")({}, "7", 0)
    from railyard.web.render import g1870

    def broken(state):
        raise KeyError("surprise")

    monkeypatch.setattr(g1870, "render", broken)
    assert 'class="board generic"' in render_board(_state(g))


@pytest.mark.parametrize("slug", ["north-american-railways"])
def test_reconstructed_data_is_marked_on_the_board(slug):
    """Issue 5: the reconstructed board / deck is marked as such in the UI."""
    g = Game(slug, ["A", "B", "C"], 1)
    root = ET.fromstring(render_board(_state(g)))
    marks = [t for t in root.iter(f"{NS}text") if t.get("class") == "reconstructed"]
    assert len(marks) == 1 and "RECONSTRUCTED" in marks[0].text


def test_american_rails_cubes_use_the_published_company_colours():
    """Each cube is drawn in its company's colour of the published game (the board file)."""
    g = Game("american-rails", ["A", "B", "C", "D"], 1)
    bot = RandomBot(3)
    while len(g.log) < 200:
        g.apply(bot.choose(g.state))
    published = {"national": "#b6b1a5", "american": "#efe9dc", "continental": "#3d7a46",
                 "majestic": "#dcb62c", "liberty": "#b4382e", "republic": "#2f6fae"}
    view = g.public_view()
    assert {c["id"]: c["color"] for c in view["companies"]} == published
    root = ET.fromstring(render_board(_state(g)))
    cubes = [r for r in root.iter(f"{NS}rect") if r.get("class") == "cube"]
    assert cubes
    for r in cubes:
        assert r.get("fill") == published[r.get("data-company")]


def test_american_rails_map_shows_the_published_board():
    """Pointy-top hexes with odd rows shifted right; city names and values, the five black
    squares, the three special-connection cities, development markers; nothing drawn over
    the map; the drawing scales with its container."""
    g = Game("american-rails", ["A", "B", "C", "D"], 1)
    bot = RandomBot(4)
    while len(g.log) < 250:
        g.apply(bot.choose(g.state))
    view = g.public_view()
    root = ET.fromstring(render_board(_state(g)))
    assert root.get("width") == "100%" and root.get("viewBox")
    hexes = [e for e in root.iter(f"{NS}g") if e.get("class") == "hex"]
    assert len(hexes) == 215

    def corners(hid):
        poly = _hex(render_board(_state(g)), hid).find(f"{NS}polygon")
        return [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
    a12, b12 = corners("A12"), corners("B12")         # Buffalo; the hex below and right of it
    top = min(a12, key=lambda p: p[1])
    assert abs(top[0] - sum(p[0] for p in a12) / 6) < 0.2     # a corner on top: pointy-top
    centre = lambda pts: (sum(p[0] for p in pts) / 6, sum(p[1] for p in pts) / 6)
    (ax, ay), (bx, by) = centre(a12), centre(b12)
    assert by > ay and 0 < bx - ax < 30                # row B is shifted half a hex right
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    for name in ("Buffalo", "New York", "Atlanta", "New Orleans"):
        assert name in texts
    values = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "value"]
    assert len(values) == 39 and "8/5" in values and "4/3" in values
    assert len([r for r in root.iter(f"{NS}rect") if r.get("class") == "black-square"]) == 5
    assert len([c for c in root.iter(f"{NS}circle") if c.get("class") == "special"]) == 3
    developed = [p for p in root.iter(f"{NS}path") if p.get("class") == "development"]
    assert len(developed) == len(view["board"]["urbanised"]) > 0
    cubes = sum(len(h["cubes"]) for h in view["hexes"])
    assert len([r for r in root.iter(f"{NS}rect") if r.get("class") == "cube"]) == cubes
    # the note on the board's origin lies below the map's lowest hex
    lowest = max(float(p.split(",")[1]) for e in hexes
                 for p in e.find(f"{NS}polygon").get("points").split())
    note = [t for t in root.iter(f"{NS}text") if t.get("class") == "provenance"]
    assert len(note) == 1 and float(note[0].get("y")) > lowest
    # the action spaces in the printed order, in the game's words, with the players on them
    track = [g for g in root.iter(f"{NS}g") if g.get("class") == "action-spaces"][0]
    words = [t.text for t in track.iter(f"{NS}text")]
    order = ["Pass", "Develop", "Fund $5", "Take $2 (or expand 2 with 4-5 players)",
             "Expand 3", "Auction a share", "Expand 4"]
    assert [w for w in words if w in order] == order
    taken = sum(len(c) for c in view["columns"])
    assert len([t for t in track.iter(f"{NS}text") if t.get("class") == "space-marker"]) \
        == taken


def _map_bottom(root) -> float:
    ys = [float(pt.split(",")[1]) for g in root.iter(f"{NS}g") if g.get("class") == "hex"
          for poly in g.iter(f"{NS}polygon") for pt in poly.get("points").split()]
    return max(ys)


@pytest.mark.parametrize("slug", ["american-rails", "chicago-express"])
def test_notes_and_legends_are_drawn_below_the_map_never_over_it(slug):
    """Issue 11, point 6: nothing is drawn over the map (the six-company board once had its
    warning over the top row of hexes): every text outside the hexes and the city labels
    lies below the lowest hex."""
    g = Game(slug, ["A", "B", "C", "D"], 1)
    root = ET.fromstring(render_board(_state(g)))
    bottom = _map_bottom(root)
    inside = set()
    for g_el in root.iter(f"{NS}g"):
        if g_el.get("class") in ("hex", "labels", "coords", "map"):
            inside.update(id(t) for t in g_el.iter(f"{NS}text"))
    outside = [t for t in root.iter(f"{NS}text") if id(t) not in inside]
    assert outside, "no legend found"
    for t in outside:
        assert float(t.get("y")) > bottom, ("".join(t.itertext()), t.get("y"), bottom)
