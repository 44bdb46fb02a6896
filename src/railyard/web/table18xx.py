"""The 18xx table of 1830 and 1870 as players read it: a view model built from the title's
public view, its data file and the state's events, and its HTML (Jinja2).

``table(state_json, events)`` gives: the status line (round, phase, bank, who acts), the
spreadsheet (a row per player: cash, share % per corporation with the president marked,
certificates / limit, privates, worth, priority deal; rows for the initial offering /
treasury and the bank pool; per corporation: par, price, treasury, trains, stations left,
privates owned, operating order, last revenue and how it was paid), the private companies
(owner, face value, revenue, what they do), the depot (trains for sale, the next phase and
what it rusts) and the phase table.  Title specifics are small hooks in :data:`TITLES`.
"""
from __future__ import annotations

import os
from typing import Any, Iterable

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..eighteen import shares as sh
from ..eighteen.events import end_text

HERE = os.path.dirname(__file__)
_env = Environment(loader=FileSystemLoader(os.path.join(HERE, "templates")),
                   autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)

TITLES = {
    "1830": {"package": "railyard.games.g1830", "file": "1830.json", "treasury": False,
             "round_names": {"auction": "Private auction", "stock": "Stock round",
                             "operating": "Operating round"}},
    "1870": {"package": "railyard.games.g1870", "file": "1870.json", "treasury": True,
             "round_names": {"auction": "Private auction", "stock": "Stock round",
                             "operating": "Operating round"}},
}
COLOUR_WORDS = {"yellow": "yellow", "green": "green", "brown": "brown", "gray": "grey"}


def is_18xx(title: str) -> bool:
    return title in TITLES


def data_of(title: str) -> dict[str, Any]:
    from .render.g1830 import load
    t = TITLES[title]
    return load(t["package"], t["file"])


def train_type(tid: str) -> str:
    return str(tid).rsplit("-", 1)[0]


def _ability_text(a: dict[str, Any]) -> str | None:
    kind = a.get("type")
    hexes = ", ".join(a.get("hexes") or [])
    if kind == "blocks_hexes":
        return f"blocks {hexes} while a player owns it"
    if kind == "blocks_partition":
        return "blocks river crossings while a player owns it"
    if kind == "tile_lay":
        extra = f" (${a['discount']} off)" if a.get("discount") else ""
        where = hexes if len(a.get("hexes") or []) <= 3 else "a river hex"
        return f"its company may lay a tile on {where}{extra}"
    if kind == "teleport":
        return f"its company may lay a tile and a station on {hexes}"
    if kind == "exchange":
        corps = ", ".join(a.get("corporations") or [])
        return f"may be exchanged for a 10% share of {corps}"
    if kind == "shares":
        shares = a.get("shares") or []
        shares = [shares] if isinstance(shares, str) else list(shares)
        text = ", ".join(("the president's certificate of " + s.split("_")[0]) if
                         s.endswith("_0") else f"a 10% share of {s.split('_')[0]}"
                         for s in map(str, shares))
        return f"comes with {text}"
    if kind == "no_buy":
        return "cannot be bought by a company"
    if kind == "close":
        return "closes when its company buys a train" if a.get("on_phase") is None \
            else f"closes in phase {a['on_phase']}"
    if kind == "assign_hexes":
        return f"its company may place a token on {hexes}"
    if kind == "assign_corporation":
        return "its token gives a company a bonus"
    if kind in ("revenue_change", "reservation", "description"):
        return a.get("description") or None
    return None


def private_text(comp: dict[str, Any]) -> str:
    if comp.get("desc"):
        return str(comp["desc"])
    parts = [t for t in (_ability_text(a) for a in comp.get("abilities") or []) if t]
    return "; ".join(dict.fromkeys(parts)) or "pays its revenue"


def _owner(owner: Any, players: list[str], corps: Any) -> tuple[str, str | None]:
    """(name shown, corporation or None) of a private's owner key: ``p<seat>``, a
    corporation (1870) or ``c<corporation>`` (1830)."""
    o = str(owner or "")
    if not o:
        return "for sale", None
    if o[:1] == "p" and o[1:].isdigit():
        i = int(o[1:])
        return (players[i] if i < len(players) else o), None
    corp = o if o in corps else o[1:] if o[:1] == "c" and o[1:] in corps else o
    return corp, corp


def _last_dividends(events: Iterable[tuple[int, str, dict]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for _, kind, data in events:
        if kind == "dividend":
            out[str(data.get("corp"))] = {"revenue": data.get("revenue"),
                                          "kind": data.get("kind")}
    return out


def _tokens_on_map(tokens: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for cities in (tokens or {}).values():
        for city in cities or []:
            for corp in city or []:
                out[str(corp)] = out.get(str(corp), 0) + 1
    return out


def _round_text(view: dict[str, Any], names: dict[str, str]) -> str:
    """The round as 18xx players count it: "SR 3", "OR 2.1" (the first operating round
    after stock round 2) with how many the set has."""
    r = view.get("round")
    sr = view.get("stock_round", view.get("sr"))
    if r == "operating":
        n = view.get("operating_round", view.get("or_num"))
        total = view.get("operating_rounds_in_set", view.get("or_total"))
        return f"OR {sr}.{n} (operating round {n} of {total})"
    if r == "stock":
        return f"SR {sr} (stock round)"
    return names.get(str(r), str(r or "").replace("_", " ").capitalize())


def _depot(view: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
    defs = {str(t["name"]): t for t in d.get("trains") or []}
    depot = view.get("depot")
    counts = {str(k): v for k, v in (depot or {}).items()}  # type -> count left (None: ∞)
    bought = set(view.get("bought_train_types") or [train_type(t) for t in
                                                    view.get("bought") or []])
    rows = []
    for name, t in defs.items():
        left = counts.get(name, 0)
        rows.append({"name": name, "price": t.get("price"), "left": left,
                     "unlimited": left is None,
                     "rusts_on": t.get("rusts_on"), "distance": t.get("distance")})
    available = [r for r in rows if r["unlimited"] or (r["left"] or 0) > 0]
    current = available[0]["name"] if available else None
    pool: dict[str, int] = {}
    for tid in view.get("train_pool") or []:
        pool[train_type(tid)] = pool.get(train_type(tid), 0) + 1
    nxt = None
    for r in available:
        phase = next((p for p in d.get("phases") or [] if p.get("on") == r["name"]), None)
        if r["name"] not in bought and phase is not None:
            rusts = [x for x, t in defs.items() if t.get("rusts_on") == r["name"]]
            nxt = {"train": r["name"], "phase": phase["name"] if phase else None,
                   "rusts": rusts}
            break
    return {"rows": rows, "current": current, "pool": pool, "next": nxt}


def _privates_close(title: str, p: dict[str, Any]) -> bool:
    """Whether the private companies close when phase ``p`` begins: the constant the rule
    itself reads (1830 17.0: the first 5-train; 1870 2.5: phase 4)."""
    if title == "1830":
        from ..games.g1830.trains import PRIVATES_CLOSE_ON
        return str(p.get("on")) == PRIVATES_CLOSE_ON
    from ..games.g1870.operating import PRIVATES_CLOSE_PHASE
    return str(p.get("name")) == PRIVATES_CLOSE_PHASE


def _phases(view: dict[str, Any], d: dict[str, Any], title: str) -> list[dict[str, Any]]:
    out = []
    rusts = {}
    for t in d.get("trains") or []:
        if t.get("rusts_on"):
            rusts.setdefault(str(t["rusts_on"]), []).append(str(t["name"]))
    for p in d.get("phases") or []:
        out.append({"name": p["name"], "on": p.get("on") or "—",
                    "train_limit": p.get("train_limit"),
                    "tiles": [COLOUR_WORDS.get(c, c) for c in p.get("tiles") or []],
                    "ors": p.get("operating_rounds"),
                    "rusts": rusts.get(str(p.get("on")), []),
                    "privates_close": _privates_close(title, p),
                    "current": str(p["name"]) == str(view.get("phase"))})
    return out


def revenue_history(events: Iterable[tuple[int, str, dict]]) -> dict[str, Any]:
    """Each corporation's revenue per operating round ("OR 2.1"), and how it was paid,
    from the dividend events in order (the round events number them)."""
    sr, label, rounds = 0, None, []
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    for _, kind, d in events:
        if kind == "round" and d.get("round") == "stock":
            sr = d.get("number") or sr
        elif kind == "round" and d.get("round") == "operating":
            label = f"OR {sr}.{d.get('number')}"
            if label not in rounds:
                rounds.append(label)
        elif kind == "dividend" and label:
            how = {"payout": "paid", "full": "paid", "half": "half",
                   "withhold": "withheld"}.get(str(d.get("kind")), "")
            rows.setdefault(str(d.get("corp")), {})[label] = {
                "revenue": int(d.get("revenue") or 0), "how": how}
    return {"rounds": rounds, "rows": rows}


def _stations(tokens: dict[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for hex_id, cities in (tokens or {}).items():
        for city in cities or []:
            for corp in city or []:
                out.setdefault(str(corp), []).append(hex_id)
    return out


def manifest(title: str, supply: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The tile manifest: each tile with its colour, how many there are and are left, and
    the tiles it may be upgraded to (colour order and kept track, 18.1; the board's own
    check, :meth:`eighteen.board.Board.upgrade_mappings`)."""
    ups = _upgrades(title)
    out = []
    for t in data_of(title).get("tiles") or []:
        name = str(t["name"])
        total = t.get("count")
        left = (supply or {}).get(name, total)
        out.append({"name": name, "color": COLOUR_WORDS.get(t.get("color"), t.get("color")),
                    "total": total, "left": left, "label": t.get("label"),
                    "upgrades": ups.get(name, [])})
    return out


_UPGRADES: dict[str, dict[str, list[str]]] = {}


def _upgrades(title: str) -> dict[str, list[str]]:
    if title in _UPGRADES:
        return _UPGRADES[title]
    from ..engine import Game
    board = Game(title, ["A", "B", "C"], 1).state.st.board
    out: dict[str, list[str]] = {}
    tiles = list(board.tiles.values())
    for old in tiles:
        for new in tiles:
            if not board.colour_may_follow(old, new) or \
                    (getattr(old, "label", None) or None) != (getattr(new, "label", None) or None):
                continue
            if any(board.upgrade_mappings(old, 0, new, r) is not None for r in range(6)):
                out.setdefault(old.name, []).append(new.name)
    _UPGRADES[title] = out
    return out


def table(st: dict[str, Any], events: Iterable[tuple[int, str, dict]] = ()) -> dict[str, Any]:
    """The view model of the table for a state JSON (``reader`` output) of 1830 or 1870."""
    title = str(st.get("title"))
    hooks = TITLES[title]
    d = data_of(title)
    view = st.get("view") or {}
    players = list(view.get("players") or st.get("players") or [])
    corps_view = view.get("corporations") or {}
    corp_defs = {c["sym"]: c for c in d.get("corporations") or []}
    order = list(view.get("operating_order") or [])
    last = _last_dividends(events)
    on_map = _tokens_on_map(view.get("tokens") or {})
    companies = view.get("companies") or {}
    comp_defs = {c["sym"]: c for c in d.get("companies") or []}
    cp = st.get("current_player")
    op = view.get("operating") or view.get("op") or {}
    acting_corp = op.get("corp") if view.get("round") == "operating" else None

    corps = []
    for sym, c in corps_view.items():
        cdef = corp_defs.get(sym, {})
        started = c.get("pos") is not None or c.get("par") is not None
        holders = c.get("shares") or {}
        owned = [k for k, v in companies.items()
                 if _owner(v.get("owner"), players, corps_view)[1] == sym and not v.get("closed")]
        total_tokens = len(cdef.get("tokens") or [])
        ld = last.get(sym)
        corps.append({
            "sym": sym, "name": cdef.get("name", sym), "color": cdef.get("color", "#666"),
            "started": started, "floated": bool(c.get("floated")),
            "closed": bool(c.get("closed")),
            "par": c.get("par"), "price": c.get("price") if c.get("pos") else None,
            "cash": c.get("cash", 0),
            "trains": [train_type(t) for t in c.get("trains") or []],
            "tokens_left": max(0, total_tokens - on_map.get(sym, 0)),
            "tokens_total": total_tokens, "privates": owned,
            "order": order.index(sym) + 1 if sym in order and c.get("floated") else None,
            "last_revenue": ld["revenue"] if ld else None,
            "paid": {"payout": "paid", "full": "paid", "half": "half",
                     "withhold": "withheld"}.get(str(ld["kind"])) if ld else None,
            "president": c.get("president"),
            "ipo": sh.percent(holders, "ipo"), "pool": sh.percent(holders, "pool"),
            "treasury": sh.percent(holders, "treasury"),
            "acting": sym == acting_corp,
            "destination": next((h for ab in cdef.get("abilities") or []
                                 if ab.get("type") == "assign_hexes" and title == "1870"
                                 for h in ab.get("hexes") or []), None),
            "dest_marker": ((view.get("destinations") or {}).get(sym) or {}).get("marker"),
        })
    started = [c for c in corps if c["started"]]
    cash = list(view.get("cash") or [])
    worth = list(view.get("worth") or [])
    certs = list(view.get("cert_count") or [])
    prow = []
    for i, name in enumerate(players):
        shares = {}
        for c in corps:
            pct = sh.percent(corps_view[c["sym"]].get("shares") or {}, str(i))
            shares[c["sym"]] = {"pct": pct, "president": c["president"] == i and pct > 0}
        privs = [k for k, v in companies.items()
                 if str(v.get("owner")) == f"p{i}" and not v.get("closed")]
        prow.append({"seat": i, "name": name, "cash": cash[i] if i < len(cash) else None,
                     "shares": shares, "certs": certs[i] if i < len(certs) else None,
                     "privates": privs, "worth": worth[i] if i < len(worth) else None,
                     "priority": view.get("priority") == i, "to_act": cp == i})
    privates = []
    for sym, v in companies.items():
        cdef = comp_defs.get(sym, {})
        owner, _ = _owner(v.get("owner"), players, corps_view)
        privates.append({"sym": sym, "name": cdef.get("name", sym), "value": cdef.get("value"),
                         "revenue": cdef.get("revenue"), "owner": owner,
                         "closed": bool(v.get("closed")), "does": private_text(cdef)})
    status = {"round": _round_text(view, hooks["round_names"]),
              "phase": view.get("phase"), "bank": view.get("bank"),
              "bank_broken": bool(view.get("bank_broken")),
              "to_act": players[cp] if isinstance(cp, int) and cp < len(players) else None,
              "acting_corp": acting_corp, "ended": bool(view.get("ended")),
              "end_reason": view.get("end_reason"),
              "end_text": end_text(view.get("end_reason")) if view.get("ended") else None,
              "train_limit": view.get("train_limit"), "cert_limit": view.get("cert_limit")}
    return {"title": title, "status": status, "players": prow, "corps": corps,
            "started": started, "privates": privates, "depot": _depot(view, d),
            "phases": _phases(view, d, title), "treasury_row": hooks["treasury"],
            "revenue": revenue_history(events),
            "manifest": manifest(title, view.get("tile_supply") or view.get("supply")),
            "stations": _stations(view.get("tokens") or {})}


def table_html(st: dict[str, Any], events: Iterable[tuple[int, str, dict]] = ()) -> str:
    return _env.get_template("table18xx.html").render(t=table(st, events))
