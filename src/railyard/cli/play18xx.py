"""A human's turn in 1830 and 1870 at the terminal, in the game's words.

What the player reads is what the browser's table says: the decisions of
:func:`railyard.web.decisions18xx.decisions` (grouped by kind, each choice with the
title's own sentence, what it will do and, for what is not allowed now, the engine's
reason), the table of :func:`railyard.web.table18xx.table` and the map of
:mod:`.map18xx`.  Nothing shows an engine action or an internal id.

* Choices are numbered, and a choice keeps its number while the decision lasts (the same
  player, round, operating company and step): after buying a train the other trains keep
  their numbers.  Choices that are not allowed now are listed without a number, with the
  reason.
* Track: "Lay a tile" asks for the hex (its number or its coordinate, e.g. ``H10``; the
  hexes are marked on the map), then the tile, then the rotation, each rotation drawn as a
  small hex with the sides its track joins; typing a coordinate at the main prompt starts
  there too.
* Routes: "Run the best routes" takes the exact route optimiser's routes (the browser's
  "auto") and shows each train's stops and revenue before they run; "Choose the routes"
  asks each train's route as hexes (``H10 H12 G13``), checked by the engine on a copy.
* 1870's optional steps ("Lay no more track", "Place no station") hide their step; price
  protection, redemption and the destination run are choices like any other.
"""
from __future__ import annotations

import json
import re
from functools import partial
from typing import Any, Callable

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..engine import Game
from . import map18xx

TITLES = ("1830", "1870")
HELP = ("Type the number of a choice; a hex coordinate (e.g. H10) to lay a tile there; "
        "m = map (m H10: the map around H10), t = table, k = stock market, f TEXT = the "
        "choices containing TEXT, u = undo, s = save, l = log, v = view all again, q = quit.")
TRAIN_ID = re.compile(r"^([0-9A-Za-z]+)-\d+$")


def is_18xx(game: Game) -> bool:
    return game.title in TITLES


def train_name(tid: Any) -> str:
    """A train as players name it: "3-train" (never the engine's id "3-1")."""
    m = TRAIN_ID.match(str(tid))
    return f"{m.group(1) if m else tid}-train"


def state_json(src: Any) -> dict[str, Any]:
    """The state (of a game, or a state itself) as the browser's table reads it: the
    public view with 1870's destinations."""
    st = getattr(src, "state", src)
    view = st.public_view()
    if st.title == "1870":
        view["destinations"] = {corp: {"marker": c.get("dest_marker") or "charter"}
                                for corp, c in st.s["corps"].items() if c.get("connected")}
    return {"title": st.title, "players": list(st.players), "view": view,
            "current_player": st.current_player}


# ---- the table -------------------------------------------------------------------------------

def table_view(src: Any) -> Group:
    """Status line, players, corporations, trains and open privates, in words (of a game,
    or a state)."""
    from ..web.table18xx import table
    st = getattr(src, "state", src)
    t = table(state_json(st), list(getattr(st, "events", []) or []))
    s = t["status"]
    head = Text()
    head.append(f"{st.title} · {s['round']} · phase {s['phase']} · bank ${s['bank']}",
                style="bold")
    if s["bank_broken"]:
        head.append(" (broken)")
    if s.get("train_limit") is not None:
        head.append(f" · train limit {s['train_limit']}")
    if s.get("cert_limit") is not None:
        head.append(f" · certificate limit {s['cert_limit']}")
    started = t["started"]
    # light tables (a rule under the header, a space between columns, long words folded,
    # never cut) so that every column fits 80 columns; the privates' owners are listed
    # below
    players = _table("Players")
    for col in ("", "player", "cash", *(c["sym"] for c in started), "certs", "worth"):
        players.add_column(col, justify="right" if col not in ("player", "privates", "")
                           else "left", overflow="fold", min_width=len(col))
    for p in t["players"]:
        mark = ("▶" if p["to_act"] else "") + ("P" if p["priority"] else "")
        cells = []
        for c in started:
            sh = p["shares"][c["sym"]]
            cells.append(f"{sh['pct']}%{'*' if sh['president'] else ''}" if sh["pct"] else "")
        players.add_row(mark, p["name"], f"${p['cash']}", *cells, str(p["certs"]),
                        f"${p['worth']}")
    out: list[Any] = [head, players,
                      Text("▶ to act · P priority deal · * president", style="dim")]
    if started:
        corps = _table("Corporations")
        for col in ("", "president", "par", "price", "treasury", "trains", "stations\nleft",
                    "initial\noffering", "pool", "last\nrevenue"):
            corps.add_column(col, justify="left" if col in ("", "president", "trains")
                             else "right", overflow="fold",
                             min_width=max(len(w) for w in col.split("\n")))
        for c in started:
            pres = c["president"]
            name = Text(c["sym"], style=f"bold {map18xx.ink(c['color'])} on {c['color']}")
            if c["acting"]:
                name.append(" ▶")
            last = "" if c["last_revenue"] is None else \
                f"${c['last_revenue']} {c['paid'] or ''}".strip()
            corps.add_row(name, st.players[pres] if isinstance(pres, int) else "",
                          f"${c['par']}" if c["par"] else "",
                          f"${c['price']}" if c["price"] else "",
                          f"${c['cash']}" if c["floated"] else "—",
                          _trains(c["trains"]),
                          f"{c['tokens_left']} of {c['tokens_total']}",
                          f"{c['ipo']}%", f"{c['pool']}%", last)
        out.append(corps)
        out.append(Text("▶ operates now · treasury — : not floated yet", style="dim"))
    dep = t["depot"]
    words = []
    for r in dep["rows"]:
        left = "unlimited" if r["unlimited"] else f"{r['left']} left"
        if r["unlimited"] or r["left"]:
            words.append(f"{r['name']}-train ${r['price']} ({left})")
    line = "Trains for sale: " + (", ".join(words[:4]) or "none")
    if dep["pool"]:
        line += " · in the bank pool: " + ", ".join(f"{n} × {k}-train"
                                                     for k, n in dep["pool"].items())
    nxt = dep.get("next")
    if nxt:
        line += f" · the first {nxt['train']}-train starts phase {nxt['phase']}"
        if nxt["rusts"]:
            line += " and rusts " + ", ".join(f"{x}-trains" for x in nxt["rusts"])
    out.append(Text(line))
    privs = [p for p in t["privates"] if not p["closed"]]
    if privs:
        out.append(Text("Privates: " + "; ".join(
            f"{p['sym']} ({p['owner']}, revenue ${p['revenue']})" for p in privs)))
    return Group(*out)


#: the market's zones as the browser colours them (web/static/style.css)
ZONE_BG = {"p": "#f0b9b0", "y": "#f7e35a", "o": "#f3a44f", "b": "#c9996a", "c": "#777777"}
ZONE_WORDS = [("p", "par"), ("y", "not counted for the certificate limit"),
              ("o", "may hold more than 60%"), ("b", "may buy several at once")]


def market_view(src: Any) -> "MarketView":
    """The stock market chart as the browser shows it (see :class:`MarketView`)."""
    st = getattr(src, "state", src)
    return MarketView(state_json(st))


class MarketView:
    """The stock market chart: each cell's price on its zone's colour; a cell holding
    markers in the colour of the corporation on top, its symbol under the price (ending
    in "+" when more share the cell); then each occupied price with its corporations, the
    top of the stack first, and the zones' meaning.  Cells are 5 columns wide, or 4 where
    the terminal is too narrow for that (80 columns)."""

    def __init__(self, state: dict[str, Any]) -> None:
        from ..web.render.g1830 import _title_data
        self.d, _ = _title_data(state)
        view = state["view"]
        self.colours = {c["sym"]: c.get("color", "#666666")
                        for c in self.d.get("corporations") or []}
        stacks = view.get("stacks") or {}
        self.at: dict[tuple[int, int], list[str]] = {}
        for sym, c in (view.get("corporations") or {}).items():
            pos = c.get("pos") if isinstance(c, dict) else None
            if isinstance(pos, list) and len(pos) == 2 and not c.get("closed"):
                self.at.setdefault((int(pos[0]), int(pos[1])), []).append(sym)
        for key, lst in self.at.items():
            order = stacks.get(f"{key[0]},{key[1]}") or []
            lst.sort(key=lambda x: order.index(x) if x in order else 99)

    def __rich_console__(self, console: Any, options: Any) -> Any:
        market = self.d.get("market") or []
        cols = max((len(r) for r in market), default=0)
        w = 5 if cols * 5 <= options.max_width else 4
        yield Text("Stock market", style="bold")
        for r, row in enumerate(market):
            prices, marks = Text(), Text()
            for col, cell in enumerate(row):
                if not cell:
                    prices.append(" " * w)
                    marks.append(" " * w)
                    continue
                price = cell.rstrip("abcdefghijklmnopqrstuvwxyz")
                bg = ZONE_BG.get(cell[len(price):len(price) + 1], "#f4f1e8")
                here = self.at.get((r, col), [])
                prices.append(f"{price:>{w - 1}}", style=f"{map18xx.ink(bg)} on {bg}")
                prices.append(" ")
                if here:
                    top = self.colours.get(here[0], "#666666")
                    sym = here[0][:w - 1] if len(here) == 1 else here[0][:w - 2] + "+"
                    marks.append(f"{sym:<{w - 1}}", style=f"bold {map18xx.ink(top)} on {top}")
                else:
                    marks.append(" " * (w - 1), style=f"on {bg}")
                marks.append(" ")
            prices.rstrip()
            yield prices
            if here_row(self.at, r):
                marks.rstrip()
                yield marks
        where = []
        for (r, col), syms in sorted(self.at.items(), key=lambda kv: (kv[0][1], -kv[0][0]),
                                     reverse=True):
            price = market[r][col].rstrip("abcdefghijklmnopqrstuvwxyz")
            where.append(f"${price}: " + ", ".join(syms))
        if where:
            yield Text("Prices (top of a stack first): " + "; ".join(where))
        key = Text("Zones: ")
        for z, words in ZONE_WORDS:
            key.append(f" {words} ", style=f"{map18xx.ink(ZONE_BG[z])} on {ZONE_BG[z]}")
            key.append(" ")
        yield key


def here_row(at: dict[tuple[int, int], list[str]], r: int) -> bool:
    """Whether a row of the market holds a marker."""
    return any(k[0] == r for k in at)


def _table(title: str) -> Table:
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, padding=(0, 0))


def _trains(names: list[str]) -> str:
    """A corporation's trains as on the browser's sheet: "2 2 3" (two 2-trains and a
    3-train; the column is headed "trains")."""
    return " ".join(str(x) for x in names) or "none"


def board_view(src: Any) -> Group:
    """The table and the map (strips fitting the console's width): what ``railyard show``
    and ``replay`` print for 1830 and 1870."""
    st = getattr(src, "state", src)
    return Group(table_view(st), market_view(st),
                 map18xx.FittedMap(st.title, state_json(st)["view"]))


# ---- stable numbering ----------------------------------------------------------------------

class Numbering:
    """Numbers that stay with a choice while the decision lasts: a choice seen before
    keeps its number, a new one gets the next free number; a new decision starts at 1."""

    def __init__(self) -> None:
        self.key: Any = None
        self.numbers: dict[str, int] = {}

    def start(self, key: Any) -> None:
        if key != self.key:
            self.key, self.numbers = key, {}

    def number(self, identity: str) -> int:
        if identity not in self.numbers:
            self.numbers[identity] = len(self.numbers) + 1
        return self.numbers[identity]


class Entry:
    """A numbered line of the menu and what choosing it does."""

    def __init__(self, label: str, run: Callable[[], bool], detail: str | None = None
                 ) -> None:
        self.label, self.run, self.detail = label, run, detail


def decision_key(game: Game) -> tuple[Any, ...]:
    """What a decision is: the same player, round, operating company and step."""
    st: Any = game.state
    s = st.s
    op = s.get("op") or {}
    return (game.current_player, s.get("round"), s.get("sr"), s.get("or_num"),
            op.get("corp"), op.get("step"))


class Turn18xx:
    """The 18xx part of :class:`~railyard.cli.terminal_play.TerminalPlay`: shows the table,
    the map and the worded menu, and turns a line of input into an action."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.game: Game = play.game
        self.numbering = Numbering()
        self.skipped: set[str] = set()
        self.skip_key: Any = None
        self.entries: dict[int, Entry] = {}
        self.d: dict[str, Any] = {}
        self.map_seen: str | None = None     # the board last drawn (tiles and stations)

    @property
    def st(self) -> Any:
        """The 18xx state (its ``s`` dict)."""
        return self.game.state

    @property
    def seats(self) -> set[int]:
        seat = self.game.current_player
        return set() if seat is None else {seat}

    @property
    def out(self) -> Console:
        return self.play.out

    def say(self, text: str, style: str | None = None) -> None:
        self.out.print(Text(text, style=style or ""), soft_wrap=True)

    # ---- showing -------------------------------------------------------------------------
    def show_map(self, around: str | None = None, lit: set[str] | None = None) -> None:
        mv = map18xx.MapView(self.game.title, state_json(self.game)["view"])
        width = self.out.width
        if around:
            xs, ys = map18xx.region(self.game.title, around, width)
            self.out.print(mv.board(highlight=(lit or set()) | {around}, xs=xs, ys=ys))
            return
        for xs in map18xx.strips(self.game.title, width):
            self.out.print(mv.board(highlight=lit or set(), xs=xs))
        self.out.print(map18xx.legend(self.game.title))

    def show(self, with_map: bool | None = None) -> None:
        """Table, map and the menu.  The map (the hexes a tile may go marked) is drawn when
        asked, or else when the board changed since it was last drawn or a tile may be
        laid; otherwise a line says it is as before."""
        self.refresh()
        self.out.print(table_view(self.game))
        if self.st.s.get("round") != "operating":        # prices matter in a stock round
            self.out.print(market_view(self.game))
        view = self.game.state.public_view()
        board = json.dumps([view.get("tiles"), view.get("tokens")], sort_keys=True,
                           default=str)
        if with_map is None:
            with_map = board != self.map_seen or bool(self.tile_hexes())
        if with_map:
            self.map_seen = board
            self.show_map(lit=set(self.tile_hexes()))
        else:
            self.say("(the map is as before: m shows it)", "dim")
        self.print_menu()

    def refresh(self) -> None:
        from ..web.decisions18xx import decisions
        seat = self.game.current_player
        key = decision_key(self.game)
        if key != self.skip_key:
            self.skip_key, self.skipped = key, set()
        self.numbering.start(key)
        self.d = decisions(self.game, {seat} if seat is not None else set())

    def tile_hexes(self) -> list[str]:
        if "track" in self.skipped:
            return []
        return list((self.d.get("tiles") or {}).keys())

    def print_menu(self) -> None:
        d = self.d
        self.entries = {}
        steps = d.get("steps")
        if steps and self.st.s.get("round") == "operating":
            line = Text("Steps: ")
            for k, st in enumerate(steps):
                if k:
                    line.append(" → ", style="dim")
                line.append(("▸ " if st["current"] else "") + st["label"],
                            style="bold reverse" if st["current"] else "dim")
            self.out.print(line)
        self.say(d.get("heading") or "Your decision.", "bold")
        for row in d.get("auction") or []:
            self.out.print(Text(f"{row['company']} {row['name']}: {row['info']}",
                                style="bold"))
            for it in row["items"]:
                self.item(it, f"auction {row['company']}")
        routes_said = d.get("routes") is None
        for g in d.get("groups") or []:
            if not routes_said and g.get("kind") not in ("tiles", "stations") and \
                    g["title"] != "Or":
                self.print_routes_entries()
                routes_said = True
            self.group(g)
        if not routes_said:
            self.print_routes_entries()
        if not self.entries:
            self.say("(nothing to choose: type v to look again)", "dim")

    def group(self, g: dict[str, Any]) -> None:
        kind = g.get("kind")
        if kind == "tiles" and "track" in self.skipped:
            return
        if kind == "stations" and "token" in self.skipped:
            return
        items = [it for it in g.get("items") or []
                 if not (it.get("skip") and it["skip"] in self.skipped)]
        if not (items or g.get("refused") or g.get("guide") or kind == "tiles"):
            return
        self.out.print(Text(g["title"], style="bold underline"))
        hint = g.get("hint")
        if hint and "lick" not in hint:          # the browser's "click ..." hints: not here
            self.out.print(Text("  " + hint, style="dim"), soft_wrap=True)
        for step in g.get("guide") or []:
            self.out.print(Text(("→ " if step["current"] else "  ") + step["text"],
                                style="bold" if step["current"] else ""), soft_wrap=True)
        if kind == "tiles":
            hexes = g.get("hexes") or []
            self.entry(g["title"], f"Lay a tile: choose the hex ({len(hexes)} marked on the "
                                   f"map: {', '.join(h['hex'] for h in hexes[:8])}"
                                   f"{', …' if len(hexes) > 8 else ''})", self.lay_tile,
                       identity="lay a tile")
        refused = []
        for it in items:
            if it.get("pars") is None and not it.get("skip") and (
                    it.get("action") is None or it.get("disabled")):
                refused.append(it)
            else:
                self.item(it, g["title"])
        self.refused(refused + list(g.get("refused") or []))

    def refused(self, items: list[dict[str, Any]]) -> None:
        """What is not allowed now, one line per reason: "Place a station in D2, D14:
        reason" (the subjects after the words the labels share)."""
        by_reason: dict[str, list[str]] = {}
        for it in items:
            by_reason.setdefault(str(it.get("reason") or ""), []).append(it["label"])
        for reason, labels in by_reason.items():
            labels = list(dict.fromkeys(labels))
            words = [x.split(" ") for x in labels]
            common = 0
            if len(labels) > 1:
                while all(len(w) > common + 1 and w[common] == words[0][common]
                          for w in words):
                    common += 1
                if common and words[0][common - 1] in ("the", "a", "an"):
                    common -= 1                      # "from the initial offering, the pool"
            said = labels[0] if len(labels) == 1 else \
                " ".join(words[0][:common]) + " " + ", ".join(" ".join(w[common:])
                                                              for w in words)
            line = Text("    – " + said, style="dim")
            if reason:
                line.append(f": {reason}", style="dim italic")
            self.out.print(line, soft_wrap=True)

    def item(self, it: dict[str, Any], where: str) -> None:
        if it.get("pars") is not None:
            self.entry(where, f"{it['label']} … (par price: "
                              f"{', '.join(p['label'] for p in it['pars'] if p['action'])})",
                       partial(self.choose_par, it))
            return
        if it.get("skip"):
            self.entry(where, it["label"], partial(self.skip, it["skip"]), it.get("detail"),
                       identity=f"skip {it['skip']}")
            return
        if it.get("action") is None or it.get("disabled"):
            line = Text("    – " + it["label"], style="dim")
            if it.get("reason"):
                line.append(f": {it['reason']}", style="dim italic")
            self.out.print(line, soft_wrap=True)
            return
        self.entry(where, it["label"], partial(self.take, it), it.get("detail"))

    def entry(self, where: str, label: str, run: Callable[[], bool],
              detail: str | None = None, identity: str | None = None) -> None:
        """A numbered line; ``identity`` (default: the group and the label) is what keeps
        its number while the decision lasts."""
        n = self.numbering.number(identity or f"{where}\x00{label}")
        self.entries[n] = Entry(label, run, detail)
        line = Text(f"{n:>4}. ", style="bold cyan")
        line.append(label)
        if detail:
            line.append(f" — {detail}", style="dim")
        self.out.print(line, soft_wrap=True)

    def print_routes_entries(self) -> None:
        """The two ways to run the trains (none for a corporation without trains: 1870's
        "Run no trains" is its choice)."""
        if self.d.get("routes") is None:
            return
        corp = self.d.get("corp") or self.d["routes"]["fixed"].get("corporation")
        if corp in self.st.s["corps"] and \
                not self.st.s["corps"][corp].get("trains"):
            return
        self.out.print(Text("Run trains", style="bold underline"))
        self.entry("Run trains", "Run the best routes (found by the route optimiser)",
                   self.run_auto)
        self.entry("Run trains", "Choose the routes: each train's hexes", self.run_pick)

    # ---- input ---------------------------------------------------------------------------
    def ask(self, text: str) -> str | None:
        return self.play.ask_line(text)

    def handle(self, line: str) -> bool | None:
        """Act on a line; True when an action was applied, False when not, None when the
        line is not an 18xx menu input (the common commands handle it)."""
        words = line.split()
        if not words:
            return None
        w = words[0]
        if w.isdigit():
            n = int(w)
            if n not in self.entries:
                nums = sorted(self.entries)
                self.say(f"There is no choice {n}; the choices are "
                         f"{', '.join(map(str, nums)) or 'none'}.")
                return False
            return self.entries[n].run()
        if w.lower() in ("m", "map"):
            around = words[1].upper() if len(words) > 1 else None
            if around and around not in map18xx.MapView(self.game.title, {}).hexes:
                self.say(f"There is no hex {around} on the map.")
                return False
            self.show_map(around, set(self.tile_hexes()))
            return False
        if w.lower() in ("f", "find"):
            needle = " ".join(words[1:]).lower()
            hits = [(n, e.label) for n, e in sorted(self.entries.items())
                    if needle in e.label.lower()]
            for n, label in hits:
                self.say(f"{n:>4}. {label}")
            if not hits:
                self.say(f"No choice contains {needle!r}.")
            return False
        if w.lower() in ("t", "table"):
            self.out.print(table_view(self.game))
            return False
        if w.lower() in ("k", "market"):
            self.out.print(market_view(self.game))
            return False
        if w.upper() in self.tile_hexes():
            return self.lay_tile(w.upper())
        return None

    def apply(self, action: dict[str, Any]) -> bool:
        return bool(self.play.try_apply(action))

    def take(self, it: dict[str, Any]) -> bool:
        action = dict(it["action"])
        spec = it.get("input")
        if spec:
            lo, hi = spec.get("min"), spec.get("max")
            label = str(spec.get("label") or spec["name"]).rstrip(" $")
            raw = self.ask(f"{label} (${lo} to ${hi}; Enter: ${spec.get('value', lo)})"
                           if spec["name"] in ("amount", "price")
                           else f"{label} ({lo} to {hi})")
            if raw is None:
                return False
            raw = raw.strip().lstrip("$") or str(spec.get("value", lo))
            if not raw.isdigit() or not (lo is None or int(raw) >= lo) or \
                    not (hi is None or int(raw) <= hi):
                self.say(f"'{raw}' is not a number from {lo} to {hi}.")
                return False
            action[spec["name"]] = int(raw)
        return self.apply(action)

    def skip(self, step: str) -> bool:
        self.skipped.add(step)
        self.say({"track": "No more track this turn.",
                  "token": "No station this turn."}.get(step, "Step skipped."))
        self.print_menu()
        return False

    def pick(self, title: str, options: list[str], allow: Callable[[str], int | None]
             | None = None) -> int | None:
        """A small numbered sub-menu; the index chosen, None for back."""
        self.out.print(Text(title, style="bold underline"))
        for i, o in enumerate(options, 1):
            self.out.print(Text(f"{i:>4}. ", style="bold cyan") + Text(o), soft_wrap=True)
        while True:
            raw = self.ask(f"Choose 1-{len(options)} (b = back)")
            if raw is None or raw.strip().lower() in ("b", "back", ""):
                return None
            raw = raw.strip()
            if raw.isdigit() and 1 <= int(raw) <= len(options):
                return int(raw) - 1
            if allow is not None:
                got = allow(raw)
                if got is not None:
                    return got
            self.say(f"Type a number from 1 to {len(options)}, or b to go back.")

    def choose_par(self, it: dict[str, Any]) -> bool:
        pars = [p for p in it["pars"] if p.get("action")]
        for p in it["pars"]:
            if not p.get("action") and p.get("reason"):
                self.say(f"    – {p['label']}: {p['reason']}", "dim")
        k = self.pick(it["label"] + " (par price)", [p["label"] for p in pars],
                      lambda raw: next((i for i, p in enumerate(pars)
                                        if p["label"] == "$" + raw.lstrip("$")), None))
        return False if k is None else self.apply(dict(pars[k]["action"]))

    # ---- track ---------------------------------------------------------------------------
    def lay_tile(self, hex_id: str | None = None) -> bool:
        tiles = self.d.get("tiles") or {}
        hexes = sorted(tiles, key=lambda h: (h[0], int(h[1:]) if h[1:].isdigit() else 0))
        mv = map18xx.MapView(self.game.title, state_json(self.game)["view"])
        if hex_id is None:
            names = [f"{h} {mv.hexes[h].get('name') or ''}".strip() + self._hex_now(mv, h)
                     for h in hexes]
            k = self.pick("Lay a tile: which hex? (or type its coordinate)", names,
                          lambda raw: hexes.index(raw.upper()) if raw.upper() in hexes
                          else None)
            if k is None:
                return False
            hex_id = hexes[k]
        self.show_map(hex_id, set(hexes))
        options = tiles[hex_id]
        supply = state_json(self.game)["view"]
        left = supply.get("tile_supply") or supply.get("supply") or {}
        labels = []
        for o in options:
            tile = mv.tiles[str(o["tile"])]
            n = left.get(str(o["tile"]))
            labels.append(f"Tile {o['tile']} ({map18xx.colour_word(tile.get('color'))}"
                          f"{self._tile_stops(tile)}"
                          f"{'' if n is None else f'; {n} left'}): "
                          f"{len(o['rotations'])} way{'s' if len(o['rotations']) > 1 else ''}"
                          " to turn it")
        name = mv.hexes[hex_id].get("name")
        where = f"{hex_id}" + (f" ({name})" if name else "")
        k = self.pick(f"Which tile at {where}?", labels,
                      lambda raw: next((i for i, o in enumerate(options)
                                        if str(o["tile"]) == raw.lstrip("#")), None))
        if k is None:
            return False
        tile_name = str(options[k]["tile"])
        tile = mv.tiles[tile_name]
        rots = list(options[k]["rotations"])
        pictures = [map18xx.tile_box(mv, tile, r, hex_id) for r in rots]
        for start in range(0, len(rots), 6):
            chunk = list(range(start, min(len(rots), start + 6)))
            head = Text("")
            for i in chunk:
                head.append(f"{i + 1:^15}", style="bold cyan")
            self.out.print(head)
            for ln in range(len(pictures[0])):
                row = Text("")
                for i in chunk:
                    pic = pictures[i][ln].copy()
                    pic.set_length(13)
                    row.append("  ")
                    row.append_text(pic)
                self.out.print(row)
        words = [f"track from the {map18xx.joins_words(tile, r)}" for r in rots]
        k2 = self.pick(f"Tile {tile_name} at {where}: which way? (drawn above)", words)
        if k2 is None:
            return False
        action = (self.d.get("tile_actions") or {}).get(hex_id, {}).get(
            f"{tile_name}/{rots[k2]}")
        if action is None:
            self.say("That tile may not be laid so.")
            return False
        self.say(f"Lay tile {tile_name} at {where}: {words[k2]}.")
        return self.apply(dict(action))

    @staticmethod
    def _hex_now(mv: map18xx.MapView, h: str) -> str:
        tile, rot, laid = mv.tile_of(h)
        return f" (tile {laid} now)" if laid else ""

    @staticmethod
    def _tile_stops(tile: dict[str, Any]) -> str:
        parts = []
        for key, word in (("cities", "city"), ("towns", "town")):
            n = len(tile.get(key) or [])
            if n:
                parts.append(f"{n} {word}{'s' if n > 1 else ''}" if n > 1 else f"a {word}")
        if tile.get("cities"):
            rev = map18xx.revenue_text(tile["cities"][0].get("revenue"), None)
            parts.append(f"${rev}")
        return (", " + " ".join(parts)) if parts else ", track only"

    # ---- routes --------------------------------------------------------------------------
    def route_base(self) -> dict[str, Any]:
        r = self.d["routes"]
        return {"type": r["type"], "player": r["player"], **r["fixed"]}

    def show_routes(self, res: dict[str, Any]) -> None:
        mv = map18xx.MapView(self.game.title, state_json(self.game)["view"])
        for row in res["trains"]:
            hexes = row["hexes"]
            stops = " – ".join(f"{h} {mv.hexes[h].get('name') or ''}".strip()
                               if h in mv.hexes else h for h in hexes)
            what = (f"${row['revenue']}" if row["revenue"] is not None
                    else row["error"] or "does not run")
            self.say(f"  {train_name(row['train'])}: {stops or 'no route'} → {what}")
        if res.get("ok"):
            self.say(f"  Total ${res['total']}", "bold")
        elif res.get("error"):
            self.say(f"  {res['error']}", "bold")

    def run_auto(self) -> bool:
        from ..web.routes18xx import auto
        res = auto(self.game, self.seats)
        self.say(f"The best routes for {res['corporation']}:", "bold")
        return self.confirm_routes(res)

    def confirm_routes(self, res: dict[str, Any]) -> bool:
        self.show_routes(res)
        if not res.get("ok"):
            return False
        raw = self.ask(f"Run these routes for ${res['total']}? (y = yes, c = choose by hexes, "
                       "n = back)")
        if raw is None:
            return False
        raw = raw.strip().lower()
        if raw in ("c", "choose"):
            return self.run_pick(res)
        if raw not in ("y", "yes"):
            return False
        return self.apply(dict(self.route_base(), routes=res["routes"]))

    def run_pick(self, start: dict[str, Any] | None = None) -> bool:
        from ..web.routes18xx import RouteProblem, auto, check
        seats = self.seats
        try:
            res = start or check(self.game, seats, [])
        except RouteProblem as exc:
            self.say(exc.message)
            return False
        picks = []
        self.say("Type each train's route as the hexes it runs through, in order (e.g. "
                 "H10 H12 G13); Enter: the route shown; a: the optimiser's; - : the train "
                 "does not run.", "dim")
        best = None
        for row in res["trains"]:
            now = " ".join(row["hexes"])
            raw = self.ask(f"{train_name(row['train'])} ({row['distance']} stops)"
                           + (f" (Enter: {now})" if now else ""))
            if raw is None:
                return False
            raw = raw.strip()
            if raw.lower() in ("a", "auto"):
                if best is None:
                    best = auto(self.game, seats)
                got: list[str] = next((t["hexes"] for t in best["trains"]
                                       if t["train"] == row["train"]), [])
            elif raw == "-":
                got = []
            elif not raw:
                got = list(row["hexes"])
            else:
                got = [h.upper() for h in re.split(r"[\s,]+", raw) if h]
            picks.append({"train": row["train"], "hexes": got})
        try:
            res = check(self.game, seats, picks)
        except RouteProblem as exc:
            self.say(exc.message)
            return False
        return self.confirm_routes(res)
