"""Issue 24 point 7: 1830 and 1870 at the terminal in the game's words.

The main test plays a whole 1830 operating round through a pseudo-terminal (the standard
library's ``pty``; a real terminal of 160 × 50 as tmux gives it, colours on) by reading the
worded menus and choosing from them as a player does: tiles by hex -> tile -> rotation,
routes by the optimiser, dividends, trains.  The others check the map's drawing against the
printed tiles, the stable numbering and the 1870 menus."""
from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from typing import Any

from rich.console import Console

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
# engine ids and action names a player must never read (as tests/web/test_words.py)
ENGINE = [re.compile(p) for p in (
    r"(?<![\w$.])[2-8D]-\d+\b(?! players)", r"\b[a-z]-train", r"\b[a-z]+_[a-z_]+\b",
    r"[{}\[\]]", r"\b(True|False|None)\b", r"\$\?")]


def _or_start(title: str = "1830", players: int = 3, seed: int = 1) -> Game:
    """A random game at the start of an operating round after stock round 2, with a
    corporation that owns trains (so routes are run)."""
    game, bot = Game(title, ["Ann", "Bob", "Cy", "Di"][:players], seed), RandomBot(2)

    def ready() -> bool:
        s = game.state.s
        return s["round"] == "operating" and s["sr"] >= 2 and \
            not (s.get("op") or {}).get("done") and \
            any(c["trains"] for c in s["corps"].values())
    while not ready():
        assert len(game.log) < 3000, "position not reached"
        game.apply(bot.choose(game.state))
    return game


class Pty:
    """``railyard`` in a pseudo-terminal of ``cols`` × ``rows``."""

    def __init__(self, args: list[str], cols: int = 160, rows: int = 50) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("COLUMNS", None)
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from railyard.cli.main import main; main()", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.raw = b""
        self.mark = 0

    def until_prompt(self, timeout: float = 60) -> str:
        """The text (colours stripped) since the last input, up to the next prompt."""
        end = time.monotonic() + timeout
        while True:
            text = ANSI.sub("", self.raw[self.mark:].decode("utf-8", "replace"))
            if text.rstrip(" ").endswith("> ") or text.rstrip().endswith(">"):
                return text
            left = end - time.monotonic()
            assert left > 0, "no prompt came:\n" + text[-3000:]
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise EOFError(text)
                self.raw += chunk

    def send(self, line: str) -> None:
        self.mark = len(self.raw)
        os.write(self.master, (line + "\n").encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


def _menu(text: str) -> dict[str, int]:
    """The numbered choices of the last menu: label -> number."""
    out = {}
    for m in re.finditer(r"^\s+(\d+)\. (.+?)(?: — .*)?$", text, re.M):
        out[m.group(2).strip()] = int(m.group(1))
    return out


def _pick(menu: dict[str, int], *starts: str) -> int | None:
    for start in starts:
        for label, n in menu.items():
            if label.startswith(start):
                return n
    return None


def play_round(save: str, start_sr: int, cols: int = 160) -> tuple[str, list[str], bytes]:
    """Play the operating round of the save ``save`` through a pseudo-terminal by choosing
    from the menus by their words; the text seen (colours stripped), what was chosen and
    the raw output (with colours)."""
    term = Pty(["play", "--load", save], cols=cols)
    seen, chosen = [], []
    bought: set[str] = set()
    try:
        text = term.until_prompt()
        for _ in range(160):
            seen.append(text)
            if f"SR {start_sr + 1}" in text or "Stock round:" in text:
                break                                   # the operating round is over
            corp = (re.findall(r"^(\S+) operates\.", text, re.M) or ["?"])[-1]
            menu = _menu(text)
            n = _pick(menu, "Lay a tile")
            if n is not None:
                chosen.append("tile")
                term.send(str(n))
                text = term.until_prompt()               # which hex
                assert "Lay a tile: which hex?" in text
                for answer in ("1", "1", "1"):           # hex, tile, rotation
                    seen.append(text)
                    term.send(answer)
                    text = term.until_prompt()
                continue
            n = _pick(menu, "Run the best routes")
            if n is not None:
                chosen.append("routes")
                term.send(str(n))
                text = term.until_prompt()
                assert "The best routes for" in text
                seen.append(text)
                term.send("y" if "Run these routes for $" in text else "b")
                text = term.until_prompt()
                continue
            n = _pick(menu, "Place a station in")
            if n is None:
                n = _pick(menu, "Pay out", "Withhold")
                if n is not None:
                    chosen.append("dividend")
            if n is None and corp not in bought:
                n = _pick(menu, "Buy a 2-train from the bank", "Buy a 3-train from the bank",
                          "Buy a 1-train from the bank")
                if n is not None:
                    bought.add(corp)
                    chosen.append("train")
            if n is None:
                n = _pick(menu, "Buy no more trains", "Lay no track", "Lay no more track",
                          "Place no station", "Run no trains", "Buy no private",
                          "Do not protect", "Pass")
            assert n is not None, "no choice to make:\n" + text[-3000:]
            term.send(str(n))
            text = term.until_prompt()
        else:
            raise AssertionError("the operating round did not end")
        term.send("q")
        term.until_prompt()
        term.send("n")
        term.proc.wait(timeout=30)
    finally:
        term.close()
    return "".join(seen), chosen, term.raw


def test_an_1830_operating_round_played_in_a_pseudo_terminal(tmp_path):
    from railyard.cli.common import save_game
    game = _or_start()
    save = tmp_path / "or.json"
    assert save_game(game, str(save), ["human"] * len(game.players)) is None
    start_sr = game.state.s["sr"]
    out, chosen, _ = play_round(str(save), start_sr)
    assert f"SR {start_sr + 1}" in out or "Stock round:" in out
    assert {"tile", "routes", "dividend"} <= set(chosen), chosen
    # the map: printed coordinates, hex boxes, names, a station, a laid tile's number
    assert re.search(r"^\s+1\s+2\s+3\s+4\s+5\s+6", out, re.M)
    assert "┌───────────┬" in out and "Pittsburgh" in out and "H10" in out
    assert re.search(r"#\d+", out)
    # the tile menus in words, the rotation drawn
    assert re.search(r"Which tile at [A-K]\d+", out)
    assert re.search(r"Tile \d+ at [A-K]\d+( \([^)]*\))?: which way\?", out)
    assert re.search(r"Lay tile \d+ at [A-K]\d+.*: track from the", out)
    assert "Steps: ▸ Lay track → Place a station → Run trains → Dividend" in out
    assert "Steps: Lay track → Place a station → Run trains → ▸ Dividend" in out
    assert re.search(r"Run these routes for \$\d+", out)
    assert re.search(r"\d-train: [A-K]\d+", out)     # a route: the train and its hexes
    for pattern in ENGINE:
        hit = pattern.search(out)
        assert hit is None, f"{pattern.pattern}: {out[max(0, hit.start() - 200):hit.end() + 80]}"


# ---- the map ---------------------------------------------------------------------------------

def _text(renderable: Any, width: int = 160) -> str:
    con = Console(width=width, record=True, file=open(os.devnull, "w"), color_system=None)
    con.print(renderable)
    return con.export_text()


def test_the_map_fits_160_columns_and_100_in_strips():
    from railyard.cli.map18xx import MapView, full_width, strips
    for title in ("1830", "1870"):
        game = Game(title, ["Ann", "Bob", "Cy"], 1)
        mv = MapView(title, game.state.public_view())
        assert full_width(title) <= 160
        assert strips(title, 160) == [strips(title, 160)[0]] and len(strips(title, 100)) == 2
        for width in (160, 100):
            for xs in strips(title, width):
                text = _text(mv.board(xs=xs), width)
                assert max(len(line) for line in text.splitlines()) <= width
    text = _text(MapView("1830", Game("1830", ["A", "B", "C"], 1).state.public_view()).board())
    # the printed board: homes not yet placed (1830 printed map: PRR in Altoona H12, NYC
    # in Albany E19), names, terrain costs (a river hex $80, mountains $120), off-boards
    assert "(PRR)" in text and "(NYC)" in text and "Altoona" in text and "Albany" in text
    assert "≈$80" in text and "▲$120" in text and "40/70" in text      # Chicago: 40/70


def test_a_tile_shows_the_sides_its_track_leaves():
    """Tile 57 is a yellow city with straight track: laid unturned its track leaves through
    the south-west and north-east sides (paths e0 and e3 in the data); turned once, west
    and east."""
    from railyard.cli.map18xx import HW, RH, MapView, joins_words, tile_box
    mv = MapView("1830", Game("1830", ["A", "B", "C"], 1).state.public_view())
    tile = mv.tiles["57"]
    box = [t.plain for t in tile_box(mv, tile, 0, "H10")]
    assert box[RH][HW // 2] == "╫" and box[0][HW + HW // 2] == "╫"        # SW, NE
    assert box[0][HW // 2] != "╫" and box[RH // 2][0] != "╪"
    turned = [t.plain for t in tile_box(mv, tile, 1, "H10")]
    assert turned[RH // 2][0] == "╪" and turned[RH // 2][2 * HW] == "╪"     # W, E
    assert joins_words(tile, 1) == "city to the west and east"
    assert "Pittsburgh" in box[1] and "○" in box[3] and "H10" in box[4] and "#57" in box[2]


def test_a_crossing_says_which_sides_join():
    """Tile 20 (1830, green) is two straight tracks crossing: laid unturned, south-west to
    north-east and west to east (paths e0-e3, e1-e4); its four exits alone would not say
    which sides join."""
    from railyard.cli.map18xx import MapView, tile_box
    mv = MapView("1830", Game("1830", ["A", "B", "C"], 1).state.public_view())
    box = [t.plain for t in tile_box(mv, mv.tiles["20"], 0, "G9")]
    assert "SW-NE W-E" in box[3]
    turned = [t.plain for t in tile_box(mv, mv.tiles["20"], 1, "G9")]
    assert "W-E NW-SE" in turned[3]


def test_a_station_in_its_corporations_place_and_a_laid_tile():
    from railyard.cli.map18xx import MapView
    game = _or_start()
    view = game.state.public_view()
    text = _text(MapView("1830", view).board())
    for hid, cities in view["tokens"].items():
        for corp in (x for city in cities for x in city):
            assert corp in text
    for hid, (tile, _) in view["tiles"].items():
        assert f"#{tile}" in text


# ---- the menu --------------------------------------------------------------------------------

class _Play:
    """What :class:`Turn18xx` needs of the terminal loop, with the output recorded."""

    def __init__(self, game: Game, answers: list[str] | None = None) -> None:
        self.game = game
        self.out = Console(width=160, record=True, file=open(os.devnull, "w"),
                           color_system=None)
        self.answers = list(answers or [])

    def ask_line(self, text: str) -> str | None:
        self.out.print(text + "> ")
        return self.answers.pop(0) if self.answers else None

    def try_apply(self, action: dict[str, Any]) -> bool:
        self.game.apply(action)
        return True

    def text(self) -> str:
        return self.out.export_text(clear=False)


def test_a_choice_keeps_its_number_while_the_decision_lasts():
    """At the train step, after a train is bought, "Buy no more trains" and the other
    trains keep their numbers."""
    from railyard.cli.play18xx import Turn18xx
    game = _or_start()
    play = _Play(game)
    turn = Turn18xx(play)
    while True:                                   # on to a train step with a bank train
        turn.refresh()
        turn.print_menu()
        menu = _menu(play.text().split("operates.")[-1])
        if _pick(menu, "Buy a 2-train from the bank") and _pick(menu, "Buy no more trains"):
            break
        n = _pick(menu, "Lay no track", "Place no station", "Pay out", "Withhold",
                  "Buy no more trains", "Pass")
        assert n is not None, menu
        turn.entries[n].run()
    first = dict(menu)
    stop = first[next(k for k in first if k.startswith("Buy no more trains"))]
    turn.entries[_pick(first, "Buy a 2-train from the bank")].run()
    turn.refresh()
    turn.print_menu()
    again = _menu(play.text().split("operates.")[-1])
    assert again[next(k for k in again if k.startswith("Buy no more trains"))] == stop
    for label, n in again.items():
        if label in first:
            assert first[label] == n, label


def test_1870_menus_in_words_with_the_skips():
    """1870: the optional track and station steps are declined by named choices, the
    destinations are on the map."""
    from railyard.cli.map18xx import MapView
    from railyard.cli.play18xx import Turn18xx
    game = Game("1870", ["Ann", "Bob", "Cy"], 1)
    bot = RandomBot(2)
    while not any(c.type == "lay_tile" for c in game.legal_actions()):
        game.apply(bot.choose(game.state))
    play = _Play(game)
    turn = Turn18xx(play)
    turn.refresh()
    turn.print_menu()
    text = play.text()
    assert "Lay a tile: choose the hex" in text
    assert "Lay no track" in text or "Lay no more track" in text
    first = _menu(text)
    lay = _pick(first, "Lay a tile")
    tiles = turn.d["tile_actions"]
    game.apply(next(iter(next(iter(tiles.values())).values())))   # a first tile (5.3)
    turn.refresh()
    turn.print_menu()
    text = play.text()
    second = _menu(text.split("operates.")[-1])
    if _pick(second, "Lay a tile") is not None:     # a second lay: the same numbers
        assert _pick(second, "Lay a tile") == lay
        assert _pick(second, "Lay no more track") == _pick(first, "Lay no track")
    for label, n in second.items():
        if label in first:
            assert first[label] == n, label
    n = _pick(_menu(text.split("operates.")[-1]), "Lay no track", "Lay no more track",
              "Place no station")
    turn.entries[n].run()                           # the step hides; the menu is shown again
    after = play.text()[len(text):]
    assert "Lay a tile" not in after
    assert "No more track this turn." in after or "No station this turn." in after
    board = _text(MapView("1870", game.state.public_view()).board())
    assert "→ATSF" in board or "→SSW" in board
    for pattern in ENGINE:
        assert not pattern.search(play.text()), pattern.pattern


def test_routes_typed_as_hexes_run_as_the_engine_checks_them():
    """A train's route typed as its hexes is split into stretches and checked by the
    engine on a copy: the optimiser's routes typed by hand earn what it found; a route
    through hexes that are not joined is refused with the reason and nothing runs."""
    from railyard.cli.play18xx import Turn18xx
    from railyard.web.routes18xx import auto
    game = _or_start()
    play = _Play(game)
    turn = Turn18xx(play)
    while True:                                   # on to a corporation's run with a route
        turn.refresh()
        if turn.d.get("routes") is not None:
            best = auto(game, {game.current_player})
            if best["ok"] and best["total"]:
                break
        turn.print_menu()
        menu = _menu(play.text().split("operates.")[-1])
        n = _pick(menu, "Lay no track", "Place no station", "Pay out", "Withhold",
                  "Buy no more trains", "Pass")
        assert n is not None, menu
        turn.entries[n].run()
    n_log = len(game.log)
    trains = [t["train"] for t in best["trains"]]
    bad = _Play(game, ["A9 K15"] + ["-"] * (len(trains) - 1))
    assert not _run_pick(bad)
    assert len(game.log) == n_log and "Fix the routes" in bad.text()
    typed = [" ".join(t["hexes"]) or "-" for t in best["trains"]]
    good = _Play(game, typed + ["y"])
    assert _run_pick(good)
    assert f"Run these routes for ${best['total']}?" in good.text()
    assert len(game.log) == n_log + 1 and game.log[-1]["type"] == "run_routes"
    assert game.state.s["op"]["revenue"] == best["total"]


def _run_pick(play: "_Play") -> bool:
    from railyard.cli.play18xx import Turn18xx
    turn = Turn18xx(play)
    turn.refresh()
    return turn.run_pick()


def test_map_commands_region_and_find():
    """``m H10`` draws the part of the map around H10 (a narrow terminal's view), a hex
    that is not on the map is named as such, ``f`` lists the choices containing a word."""
    from railyard.cli.play18xx import Turn18xx
    game = _or_start()
    play = _Play(game)
    play.out.width = 100
    turn = Turn18xx(play)
    turn.refresh()
    turn.print_menu()
    before = len(play.text())
    assert turn.handle("m H10") is False
    region = play.text()[before:]
    assert "Pittsburgh" in region and "H10" in region
    assert "Boston" not in region and "Chicago" not in region      # E23, F2: far away
    assert max(len(x) for x in region.splitlines()) <= 100
    assert turn.handle("m Z99") is False and "There is no hex Z99 on the map." in play.text()
    turn.handle("f track")
    found = play.text().splitlines()[-1]
    assert re.match(r"\s+\d+\. .*track", found, re.I)


def _late(title: str, seed: int, actions: int = 1500) -> Game:
    game, bot = Game(title, ["Ann", "Bob", "Cy", "Di"], seed), RandomBot(seed + 100)
    while not game.is_terminal and len(game.log) < actions:
        game.apply(bot.choose(game.state))
    return game


def _plain(renderable: Any, width: int) -> str:
    con = Console(width=width, record=True, color_system=None, file=open(os.devnull, "w"))
    con.print(renderable)
    return con.export_text()


def test_tables_fit_80_and_120_columns_without_cutting_a_word():
    """The players' and corporations' tables of a late game (eight corporations started in
    1830, ten in 1870) keep every header and cell whole at 80 columns (rich would end a cut
    word with "…") and no line is longer than the terminal."""
    from railyard.cli.play18xx import table_view
    for title, seed in (("1830", 3), ("1870", 2)):
        game = _late(title, seed)
        syms = [s for s, c in game.public_view()["corporations"].items() if c.get("floated")]
        assert len(syms) >= 6
        for width in (80, 120):
            text = _plain(table_view(game), width)
            assert "…" not in text, (title, width, text)
            assert max(len(x) for x in text.splitlines()) <= width
            head = next(x for x in text.splitlines() if "cash" in x)
            for word in ("player", "cash", "certs", "worth", *syms):
                assert word in head.split(), (word, head)
            for word in ("president", "treasury", "trains", "stations", "offering"):
                assert word in text, word


def test_market_chart_shows_each_corporation_at_its_price():
    """``k`` (and ``railyard show``): the stock market as a chart of the prices of the data
    file, with each corporation named at the price the engine holds for it."""
    from railyard.cli.play18xx import market_view
    game = _late("1830", 3)
    for width in (80, 120):
        text = _plain(market_view(game), width)
        assert max(len(x) for x in text.splitlines()) <= width
        assert " 350" in text.splitlines()[1]                 # the top row, to $350
        prices = next(x for x in text.replace("\n", " ").split("Zones")[0:1]).split(
            "Prices (top of a stack first): ")[1]
        said = {}
        for part in prices.split(";"):
            price, syms = part.split(":")
            for s in syms.split(","):
                said[s.strip()] = int(price.strip().lstrip("$"))
        for sym, c in game.public_view()["corporations"].items():
            if c.get("pos"):
                assert said[sym] == c["price"], (sym, said.get(sym), c["price"])


def test_stopless_tiles_name_every_join_within_the_hex():
    """A tile without stops whose exits do not tell which sides join shows its joins in
    the hex (no "…"): pairs "W-E", groups of sides all joined "SW+W+NW"; read back, they
    are exactly the tile's track in that rotation."""
    from railyard.cli import map18xx as m
    for title in ("1830", "1870"):
        for tile in m.data_for(title)["tiles"]:
            if tile.get("cities") or tile.get("towns") or tile.get("offboards"):
                continue
            for rot in range(6):
                said = m.track_pairs(tile, rot)
                pairs = {tuple(sorted(((int(p[0][1:]) + rot) % 6, (int(p[1][1:]) + rot) % 6)))
                         for p in tile.get("paths") or []}
                if len(pairs) < 2:
                    continue
                back = set()
                for word in said.split():
                    sides = [m.SHORT.index(x) for x in re.split("[+-]", word)]
                    back |= {(a, b) for i, a in enumerate(sorted(sides))
                             for b in sorted(sides)[i + 1:]}
                assert back == pairs, (title, tile["name"], rot, said)
                words = said.split()           # on one line, or on two (lines 2 and 3)
                assert all(len(w) <= m.INNER for w in words)
                assert len(said) <= m.INNER or len(said) <= 2 * m.INNER + 1


def test_every_place_name_is_readable_at_80_columns():
    """Issue 24: a name too long for its hex's box (1830's "Philadelphia & Trenton", cut
    to "Philadelph…") is written whole in the legend under the map, with its coordinate;
    every other name stands whole in the map itself."""
    from railyard.cli.map18xx import FittedMap, data_for
    for title in ("1830", "1870"):
        game = Game(title, ["Ann", "Bob", "Cy"], 1)
        text = _text(FittedMap(title, game.state.public_view()), 80)
        assert max(len(line) for line in text.splitlines()) <= 80
        flat = re.sub(r"\s+", " ", text)
        map_part, _, key = flat.partition("Names cut on the map:")
        for h in data_for(title)["hexes"]:
            name = h.get("name")
            if not name:
                continue
            words = name.replace("&", " ").replace(",", " ").split()
            if all(w in map_part for w in words):
                continue
            assert f"{h['id']} " in key and name in key, (title, name)
    text = _text(FittedMap("1830", Game("1830", ["A", "B", "C"], 1).state.public_view()), 80)
    assert "Philadelph…" in text
    assert "H18 Philadelph… & Trenton = Philadelphia & Trenton" in re.sub(r"\s+", " ", text)
