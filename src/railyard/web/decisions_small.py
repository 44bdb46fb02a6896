"""The side panel of the small games' page (Chicago Express, North American Railways, American
Rails) in the game's own words: a status line, a table of players and one of companies, and
the decision at hand - what is decided (the lot on offer with its minimum and high bid, the
acting company, costs), every choice grouped by kind with what it will do, and the choices
that are not allowed shown disabled with the rules' reason.

``panel(game, seats, choices)`` builds it from the engine state and the engine's legal
choices; each enabled item carries the action it sends (``action``) and, for a number to
pick, its field, bounds and the factor the page shows it in (``amount``).  Nothing here
changes the game: the disabled items are read from the engines' checks (Chicago Express
``why_not_build`` / ``why_not_develop``) or from the state's numbers.

Hidden information: North American Railways keeps each player's money secret; the panel
shows a seat its own money only (the viewer), nobody else's, until the game is over.
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.actions import Choice


def _money(v: Any) -> str:
    return "—" if v is None else f"${v}"


def _item(ch: Choice | None, label: str, detail: str = "", reason: str = "",
          hex: str | None = None, amount: dict[str, Any] | None = None,
          primary: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"label": label}
    if detail:
        out["detail"] = detail
    if hex is not None:
        out["hex"] = hex
    if ch is None:
        out["disabled"] = True
        out["reason"] = reason or "Not possible now."
        return out
    out["action"] = dict({"type": ch.type, "player": ch.player}, **dict(ch.fixed))
    if ch.ranges:
        field, (lo, hi) = next(iter(ch.ranges.items()))
        out["amount"] = dict({"field": field, "min": lo, "max": hi, "scale": 1}, **(amount or {}))
    if primary:
        out["primary"] = True
    return out


def _article(word: str) -> str:
    """"a" or "an" before ``word`` (by its first letter)."""
    return "an" if word[:1].upper() in "AEIOU" else "a"


def _group(title: str, items: list[dict[str, Any]], note: str = "") -> dict[str, Any] | None:
    if not items:
        return None
    return {"title": title, "note": note, "items": items}


def _find(choices: list[Choice], kind: str, **fixed: Any) -> Choice | None:
    for c in choices:
        if c.type == kind and all(c.fixed.get(k) == v for k, v in fixed.items()):
            return c
    return None


# ---------------------------------------------------------------------------------------
# Chicago Express
# ---------------------------------------------------------------------------------------
CE_ACTION_WORDS = {
    "auction": ("Auction a share", "offer a share of an open company; everybody bids, the money "
                "goes to the company's treasury"),
    "build": ("Build track", "place up to 3 locomotives of one company you hold a share of, "
              "paid from its treasury; each raises its income"),
    "develop": ("Develop a hex", "place a house on a hex with a locomotive (or raise an "
                "industry): the companies there earn more"),
}


_CE_TERRAIN = {"plain": "plains", "forest": "forest", "mountain": "mountain", "town": "town",
               "city": "city", "industry": "industry"}
_CE_COLOURS = {"red": "#d1342b", "blue": "#2b5fd1", "yellow": "#f0c419", "green": "#2e9b4e",
               "black": "#222222"}


def _ce(game: Any, seats: set[int], choices: list[Choice]) -> dict[str, Any]:
    from ..cube.hexgrid import bits
    from ..games.chicago_express.board import ACTIONS
    s = game.state
    b = s.board
    comps = b.companies
    names = s.players
    cp = s.current_player

    def cname(c: int) -> str:
        return f"{comps[c].name} ({comps[c].id})"

    def per_share(c: int) -> int | None:
        sold = s.sold(c)
        return -(-s.income[c] // sold) if sold else None

    # status
    dials = " · ".join(f"{CE_ACTION_WORDS[n][0].split()[0]} {s.dials[i]} of {b.dials[i]}"
                       + (" (red)" if s.dials[i] >= b.dials[i] else "")
                       for i, n in enumerate(ACTIONS))
    status = [f"Pointers: {dials} — two on red: a general dividend",
              f"Houses left: {s.houses_left}",
              f"General dividends paid: {s.general_dividends}"]
    if s.chicago_reached:
        status.append("Chicago reached: the Wabash is open")
    ends = s.end_conditions()
    if ends and not s.over:
        status.append("The game ends at the next general dividend: " + "; ".join(ends))

    players = {"title": "Players", "columns": ["Player", "Cash", "Shares"], "rows": []}
    for p, name in enumerate(names):
        held = ", ".join(f"{comps[c].id} ×{s.held[c][p]}" for c in range(len(comps))
                         if s.held[c][p]) or "—"
        players["rows"].append({"cells": [name, _money(s.cash[p]), held], "current": p == cp,
                                "you": p in seats})
    companies = {"title": "Companies",
                 "columns": ["Company", "Treasury", "Income", "Per share", "Shares sold / left",
                             "Locos left", "Hexes"], "rows": []}
    for c, co in enumerate(comps):
        if not s.opened[c]:
            cells = [co.id + " (not open)", "—", "—", "—",
                     f"0 / {s.treasury[c]}", str(s.locos[c]), "—"]
        else:
            ps = per_share(c)
            cells = [co.id, _money(s.ccash[c]), _money(s.income[c]),
                     _money(ps), f"{s.sold(c)} / {s.treasury[c]}", str(s.locos[c]),
                     str(s.network[c].bit_count())]
        companies["rows"].append({"cells": cells, "color": _CE_COLOURS.get(co.color, co.color),
                                  "title": co.name,
                                  "current": s.build_company == c})

    out: dict[str, Any] = {"status": status, "tables": [players, companies]}
    if s.over or cp is None:
        out["heading"] = "The game is over."
        out["end_reason"] = ("The game ended at a general dividend: " + "; ".join(ends) +
                             ". The player with the most cash wins.")
        return out
    who = names[cp]
    mine = cp in seats
    groups: list[dict[str, Any] | None] = []
    lines: list[str] = []
    ph = s.phase
    if s.auction is not None:
        a = s.auction
        c = a.lot
        kind = {"opening": "Opening auction", "wabash": "Wabash opening auction"}.get(
            a.kind, "Auction")
        heading = f"{kind}: one share of the {cname(c)}"
        if a.kind in ("opening", "wabash"):
            lines.append(f"Minimum bid ${a.min_bid}.")
        else:
            lines.append(f"Minimum bid ${a.min_bid} (its income ${s.income[c]} divided by "
                         f"{s.sold(c) + 1} shares, rounded up).")
        if a.high_bid is None:
            lines.append("No bid yet.")
        else:
            lines.append(f"High bid: ${a.high_bid} by {names[a.high_bidder]}.")
        if a.passed:
            lines.append("Out of this auction: " + ", ".join(names[q] for q in sorted(a.passed))
                         + ".")
        lines.append(f"The price goes to the {comps[c].id}'s treasury; a share now pays "
                     f"${-(-s.income[c] // (s.sold(c) + 1))} at each general dividend.")
        if a.kind == "opening" and a.high_bid is None:
            lines.append(f"If nobody bids, {names[a.starter]} gets the share free.")
        bid = _find(choices, "bid")
        if mine:
            cash = s.cash[cp]
            items = [_item(bid, f"Bid for the {comps[c].id} share",
                           f"you have ${cash}; at least ${a.next_minimum}",
                           reason=f"You have ${cash}; the bid must be at least "
                                  f"${a.next_minimum}.",
                           amount={"unit": "$"}, primary=True),
                     _item(_find(choices, "pass"), f"Pass on the {comps[c].id} share",
                           "you are out of this auction for good")]
            groups.append(_group("Your bid", items))
    elif ph == "choose_action":
        heading = "Choose one of the three actions"
        lines.append("Each choice moves that action's pointer one step; when two pointers "
                     "stand on red at the start of a turn, every company pays a dividend.")
        if mine:
            items = []
            now = _ce_options_now(s, cp)
            for i, n in enumerate(ACTIONS):
                title, what = CE_ACTION_WORDS[n]
                ch = _find(choices, "choose", action=n)
                items.append(_item(ch, title, f"{what} (pointer to {s.dials[i] + 1} of "
                                   f"{b.dials[i]}). Now: {now[n]}",
                                   reason=f"Its pointer stands on red ({s.dials[i]} of "
                                          f"{b.dials[i]})."))
            groups.append(_group("Actions", items))
    elif ph == "offer_share":
        heading = "Auction a share: which company's share to offer"
        lines.append("The other players bid in turn after you; the price goes to the "
                     "company's treasury.")
        if mine:
            items = []
            for c, co in enumerate(comps):
                ch = _find(choices, "offer", company=co.id)
                why = ("Not open yet: it opens when a company reaches Chicago."
                       if not s.opened[c] else "It has no shares left.")
                detail = (f"minimum bid ${s.minimum_bid(c)}; {s.treasury[c]} left"
                          if ch else "")
                items.append(_item(ch, f"Offer a {co.id} share", detail, reason=why))
            groups.append(_group("Offer", items))
            groups.append(_group("Or", [_item(_find(choices, "forgo"), "Give up the auction",
                                              "your turn ends")]))
    elif ph == "build":
        bc = s.build_company
        if bc is None:
            heading = "Build track: pick a hex for a company you hold a share of"
        else:
            heading = (f"Build track for the {cname(bc)}: locomotive {s.built + 1} of up to 3 "
                       f"(treasury ${s.ccash[bc]})")
        lines.append("A locomotive costs the hex's cost times the locomotives there plus one, "
                     "paid from the company's treasury; its income rises by the hex's value.")
        if mine:
            cands = [bc] if bc is not None else [c for c in range(len(comps))
                                                  if s.held[c][cp]]
            for c in cands:
                cid = comps[c].id
                items = []
                near = sorted(bits(s.frontier[c] & b.buildable & ~s.network[c]),
                              key=lambda h: b.hex_ids[h])
                for h in near:
                    hid = b.hex_ids[h]
                    place = f"{b.names[h]} ({hid})" if b.names[h] else \
                        f"{hid} {_CE_TERRAIN.get(b.terrain[h], b.terrain[h])}"
                    ch = _find(choices, "build", company=cid, hex=hid)
                    why = None if ch else s.why_not_build(cp, c, h)
                    if ch is None and why is None:
                        continue
                    gain = s.build_income(h)
                    items.append(_item(ch, f"{place}: ${s.build_cost(h)}",
                                       f"income +${gain}" if gain else "",
                                       reason=why[1] if why else "", hex=hid))
                note = (f"treasury ${s.ccash[c]}, {s.locos[c]} locomotives left"
                        if s.opened[c] else "")
                if not items:
                    items.append(_item(None, f"No hex for the {cid}",
                                       reason=(f"The {cid} has no locomotives left."
                                               if not s.locos[c] else
                                               "No hex next to its network it can pay for.")))
                groups.append(_group(f"{comps[c].name} builds", items, note))
            end = _find(choices, "end_build") or _find(choices, "forgo")
            groups.append(_group("Or", [_item(end, "Stop building" if s.built else
                                              "Give up building", "your turn ends")]))
    elif ph == "develop":
        heading = "Develop a hex with a locomotive"
        lines.append(f"A house raises the income of every company there; {s.houses_left} "
                     "houses left. Industries move one step up their track.")
        if mine:
            items = []
            for h in sorted(bits(s.occupied), key=lambda h: b.hex_ids[h]):
                hid = b.hex_ids[h]
                place = f"{b.names[h]} ({hid})" if b.names[h] else f"{b.terrain[h]} {hid}"
                ch = _find(choices, "develop", hex=hid)
                who_there = ", ".join(comps[c].id for c in bits(s.occ[h]))
                if b.industry_of[h] is not None:
                    i = b.industry_of[h]
                    ind = b.industries[i]
                    vals = ind.values
                    nxt = vals[s.industry[i] + 1] if s.industry[i] + 1 < len(vals) else None
                    detail = (f"industry {s.industry_value(i)} → {nxt} for {who_there}"
                              if nxt is not None else "")
                else:
                    gains = []
                    if b.bonus[h]:
                        gains.append(f"income +${b.bonus[h]}")
                    if b.dev_cash[h]:
                        gains.append(f"${b.dev_cash[h]} from the bank to the treasury")
                    detail = (f"a house: {' and '.join(gains) or 'no gain'} for each company "
                              f"there ({who_there})")
                why = None if ch else s.why_not_develop(h)
                if ch is None and (why is None or "cannot be developed" in why):
                    continue
                items.append(_item(ch, f"Develop {place}", detail, reason=why or "", hex=hid))
            groups.append(_group("Develop", items))
            groups.append(_group("Or", [_item(_find(choices, "forgo"), "Give up developing",
                                              "your turn ends")]))
    else:
        heading = ""
    out.update(heading=heading, lines=lines, actor=who,
               groups=[g for g in groups if g] if mine else None)
    return out


def _ce_options_now(s: Any, p: int) -> dict[str, str]:
    """What each of the three actions would offer player ``p`` right now."""
    comps = s.board.companies
    offer = [f"{comps[c].id} from ${s.minimum_bid(c)}" for c in s.offerable()]
    builders = [f"{comps[c].id} (${s.ccash[c]}, {len(s.legal_builds(p, c))} hexes)"
                for c in range(len(comps)) if s.held[c][p] and s.legal_builds(p, c)]
    hexes = len(s.legal_develops())
    return {
        "auction": ("shares of " + ", ".join(offer)) if offer else "no share to offer",
        "build": ("you may build for " + ", ".join(builders)) if builders else
                 "no company of yours can build",
        "develop": f"{hexes} hex{'es' if hexes != 1 else ''} can be developed" if hexes else
                   "no hex can be developed",
    }


# ---------------------------------------------------------------------------------------
# North American Railways
# ---------------------------------------------------------------------------------------
def _nar(game: Any, seats: set[int], choices: list[Choice]) -> dict[str, Any]:
    from ..games.nar import shares as nsh
    from ..games.nar.money import STEP
    s = game.state
    r = s.rules
    names = s.players
    cp = s.current_player
    over = s.phase == "over"
    viewer = next(iter(seats)) if len(seats) == 1 else (cp if cp in seats else None)
    phase_words = {"shares": "Phase I: shares", "respond": "Phase I: shares",
                   "cities": "Phase II: cities", "over": "Game over"}
    status = [f"Round {s.round} · {phase_words.get(s.phase, s.phase)}",
              f"Shares left in the columns: {s.shares_left()} · cities left: "
              f"{s.cities_left()}"]
    if s.last_round and not over:
        status.append("This is the last round: " + "; ".join(s.end_reasons))
    if not over:
        status.append("Money is secret: each player sees only their own.")

    ids = r.company_ids
    players = {"title": "Players", "columns": ["Player", "Cash", "Shares", "Director of"],
               "rows": []}
    for p, name in enumerate(names):
        cash = _money(s.cash[p]) if over or p == viewer else "secret"
        held = ", ".join(f"{s.cname(c)} ×{s.holdings[p][c]}" for c in range(len(ids))
                         if s.holdings[p][c]) or "—"
        dirs = ", ".join(s.cname(c) for c in range(len(ids)) if s.director[c] == p) or "—"
        row = [name + (" (passed)" if s.phase == "cities" and s.passed[p] else ""),
               cash, held, dirs]
        players["rows"].append({"cells": row, "current": p == cp, "you": p == viewer})
    companies = {"title": "Companies",
                 "columns": ["Company", "Director", "Treasury", "Income", "Shares sold",
                             "Cities", "Coast-to-coast"], "rows": []}
    for c in range(len(ids)):
        d = s.director[c]
        start = s.comp_start[c]
        cities = [s.deck.start_cities[start].name + " (start)"] if start is not None else []
        cities += [s.deck.cities[i].name for i in s.comp_cities[c]]
        companies["rows"].append({
            "cells": [s.cname(c), "—" if d is None else names[d],
                      _money(s.comp_cash[c]) if d is not None else "—",
                      _money(s.company_income(c)) if d is not None else "—",
                      str(sum(h[c] for h in s.holdings)), ", ".join(cities) or "not founded",
                      str(s.company_symbols(c))],
            "chip": s.cname(c), "color": _NAR_COLORS.get(ids[c], "#777")})
    out: dict[str, Any] = {"status": status, "tables": [players, companies]}
    if over or cp is None:
        out["heading"] = "The game is over."
        if s.final_payout is not None:
            out["end_parts"] = [[["money before the final payout", s.cash[p] - paid],
                                 ["coast-to-coast payout", paid]]
                                for p, paid in enumerate(s.final_payout)]
        out["end_reason"] = ("The last round was played: " + "; ".join(s.end_reasons) +
                             ". After the last income every share paid $"
                             f"{r.coast_to_coast_value} per coast-to-coast symbol of its "
                             "company. The player with the most money wins.")
        return out
    mine = cp in seats
    lines: list[str] = []
    groups: list[dict[str, Any] | None] = []
    money = {"unit": "$", "scale": STEP}
    if s.phase == "shares":
        heading = f"{names[cp]} picks a share: the lowest share of a column"
        lines.append("A new company's share founds it (the price you name all goes to it); "
                     f"a share of your own company costs ${r.own_share_price} (half to it); "
                     "another director's share: you propose a price, its director lets you buy it or "
                     "buys it himself.")
        if s.chosen:
            lines.append("Bought away by their directors this turn: "
                         + ", ".join(s.cname(c) for c in s.chosen) + ".")
        if mine:
            kinds: dict[str, list] = {nsh.FOUND: [], nsh.OWN: [], nsh.PROPOSE: []}
            for column, col in enumerate(s.share_cols):
                if not col:
                    continue
                c = col[-1]
                name = s.cname(c)
                d = s.director[c]
                case = nsh.FOUND if d is None else nsh.OWN if d == cp else nsh.PROPOSE
                ch = _find(choices, case, column=column)
                where = f"Column {column + 1}: {name}"
                if case == nsh.FOUND:
                    detail = f"you become director; the price goes to {name}; the next " \
                             "start city is " + (s.deck.start_cities[s.start_stack[0]].name
                                                 if s.start_stack else "—")
                    label = f"{where} — found it"
                elif case == nsh.OWN:
                    price = nsh.own_price(s, cp)
                    detail = f"${price}: ${-(-price // 2)} to {name}, the rest to the bank"
                    label = f"{where} — buy a share of your company"
                else:
                    detail = f"its director {names[d]} lets you buy it or buys it himself"
                    label = f"{where} — propose a price"
                if ch is None:
                    if c in s.chosen:
                        why = f"{name} was bought away by its director this turn."
                    elif case == nsh.OWN:
                        why = (f"A share of your own company costs ${r.own_share_price}; "
                               f"you have ${s.cash[cp]}.")
                    else:
                        why = "Not possible now."
                    kinds[case].append(_item(None, label, detail, reason=why))
                else:
                    kinds[case].append(_item(ch, label, detail, amount=money))
            take = _find(choices, "take_200")
            if take is not None:
                groups.append(_group("No money", [_item(take, f"Take ${r.broke_grant} from the "
                                                        "bank", "no share this round")]))
            groups.append(_group("Found a company", kinds[nsh.FOUND],
                                 f"you have ${s.cash[cp]}; the price goes to the company's "
                                 "treasury, which pays for its cities"))
            groups.append(_group("Your own company", kinds[nsh.OWN]))
            groups.append(_group("Another director's company", kinds[nsh.PROPOSE]))
            end = _find(choices, "end_turn")
            if end is not None:
                groups.append(_group("Or", [_item(end, "End the turn without a share")]))
    elif s.phase == "respond":
        column, c, price = s.pending
        proposer = names[s.order()[s.turn]]
        half = -(-price // 2)
        heading = (f"{proposer} proposes ${price} for the {s.cname(c)} share (column "
                   f"{column + 1}); its director {names[s.director[c]]} answers")
        lines.append(f"Allow: {proposer} pays ${price}, ${half} to {s.cname(c)}, "
                     f"${price - half} to the bank. Buy it yourself: you pay ${price}, "
                     f"${half} to {s.cname(c)}, ${price - half} to {proposer}.")
        if mine:
            allow = _find(choices, "allow")
            buy = _find(choices, "buy")
            groups.append(_group("Your answer", [
                _item(allow, f"Let {proposer} buy it for ${price}",
                      f"${half} to {s.cname(c)}, ${price - half} to the bank"),
                _item(buy, f"Buy it yourself for ${price}",
                      f"${half} to {s.cname(c)}, ${price - half} to {proposer}",
                      reason=f"You have ${s.cash[cp]}; the price is ${price}.")]))
    else:
        heading = (f"{names[cp]} buys a city for a company whose share they hold — or "
                   "passes")
        lines.append("The company pays from its treasury; each player buys at most once "
                     "per company in this phase; a pass is final for this phase.")
        if mine:
            bottoms = [(column, s.deck.cities[col[-1]]) for column, col in
                       enumerate(s.city_cols) if col]
            for c in range(len(ids)):
                if not s.holdings[cp][c]:
                    continue
                items = []
                used = s.used[cp] >> c & 1
                for column, city in bottoms:
                    ch = _find(choices, "buy_city", company=ids[c], column=column)
                    stars = f", {city.coast_to_coast} ★" if city.coast_to_coast else ""
                    label = f"Column {column + 1}: {city.name} for ${city.cost}"
                    detail = f"income +${city.income}{stars}"
                    if ch is None:
                        why = (f"You already bought for {s.cname(c)} in this phase."
                               if used else f"{s.cname(c)} has ${s.comp_cash[c]}; {city.name}"
                               f" costs ${city.cost}.")
                        items.append(_item(None, label, detail, reason=why))
                    else:
                        items.append(_item(ch, label, detail))
                groups.append(_group(f"For {s.cname(c)} (treasury ${s.comp_cash[c]})", items))
            groups.append(_group("Or", [_item(_find(choices, "pass"), "Pass",
                                              "out of the city phase until next round")]))
    out.update(heading=heading, lines=lines, actor=names[cp],
               groups=[g for g in groups if g] if mine else None)
    return out


_NAR_COLORS = {"red": "#c62828", "blue": "#1f4fbf", "green": "#2e8b3d", "yellow": "#e0b000",
               "black": "#222"}


# ---------------------------------------------------------------------------------------
# American Rails
# ---------------------------------------------------------------------------------------
AR_SPACE_WORDS = {
    "pass": "do nothing this phase; the top space goes first in the next phase",
    "urbanise": "put a development marker on a city with a cube: more income there",
    "finance": "the bank gives $5 to a company's treasury",
    "take2": "take $2 from the bank, or make every other player pay $2 to the bank",
    "expand3": "place up to 3 cubes of companies you hold a share of",
    "auction": "offer a share of a company; the price goes to its treasury",
    "expand4": "place up to 4 cubes of companies you hold a share of",
}


def _ar(game: Any, seats: set[int], choices: list[Choice]) -> dict[str, Any]:
    from ..games.american_rails.rules import RULES
    s = game.state
    b = s.board
    comps = RULES.companies
    names = s.players
    cp = s.current_player
    over = cp is None

    def place(h: int) -> str:
        return b.places[h]

    phase = "setup auction" if s.phase == 0 else f"action phase {s.phase} of {RULES.phases}"
    status = [f"Year {s.year} · {phase}",
              f"Bank ${s.bank} · development markers left {s.markers_left}"]
    if s.order:
        status.append("Turn order: " + ", ".join(names[q] for q in s.order))
    if s.removed_company is not None:
        status.append(f"{comps[s.removed_company].name} is out of this game (three players).")
    if s.last_dividends:
        status.append("Last dividends per share: " + ", ".join(
            f"{_ar_name(k)} ${v}" for k, v in s.last_dividends.items()))
    players = {"title": "Players", "columns": ["Player", "Cash", "Shares"], "rows": []}
    for p, name in enumerate(names):
        held = ", ".join(f"{comps[c].name} ×{s.held[p][c]}" for c in s.in_play
                         if s.held[p][c]) or "—"
        players["rows"].append({"cells": [name, _money(s.cash[p]), held], "current": p == cp,
                                "you": p in seats})
    companies = {"title": "Companies",
                 "columns": ["Company", "Treasury", "Income", "Per share",
                             "Unsold / removed shares", "Cubes left", "Special links"],
                 "rows": []}
    for c in s.in_play:
        co = comps[c]
        companies["rows"].append({
            "cells": [co.name, _money(s.ccash[c]), _money(s.income[c]),
                      _money(s.dividend_per_share(c)),
                      f"{s.shares_left[c]} / {s.shares_out[c]}", str(s.cubes_left[c]),
                      str(s.pairs[c])],
            "chip": co.name, "color": co.color})
    out: dict[str, Any] = {"status": status, "tables": [players, companies]}
    if over:
        out["heading"] = "The game is over."
        out["end_reason"] = (f"The game ended in {s.year}"
                             + (f": {s.end_reason}" if s.end_reason else "")
                             + ". The player with the most cash wins.")
        return out
    mine = cp in seats
    lines: list[str] = []
    groups: list[dict[str, Any] | None] = []
    step = s.step
    if step == "space":
        heading = f"Action phase {s.phase}: {names[cp]} takes an action space"
        lines.append("Each space is taken once per phase; the spaces are carried out from "
                     "the top down.")
        if mine:
            col = s.columns[s.phase - 1]
            items = []
            for i, sp in enumerate(RULES.spaces):
                ch = _find(choices, "space", space=sp)
                taken = col[i]
                items.append(_item(ch, RULES.space_labels[sp], AR_SPACE_WORDS.get(sp, ""),
                                   reason="" if taken is None else f"Taken by {names[taken]}."))
            groups.append(_group("Action spaces", items))
    elif step == "bid":
        a = s.auction
        co = comps[a.lot]
        kind = "Setup auction" if a.kind == "setup" else "Auction"
        heading = f"{kind}: one share of {co.name}"
        lines.append(f"Minimum bid ${a.min_bid}." if a.high_bid is None else
                     f"High bid: ${a.high_bid} by {names[a.high_bidder]}; the next bid must be "
                     f"at least ${a.next_minimum}.")
        if a.high_bid is None:
            lines.append("No bid yet.")
        if a.passed:
            lines.append("Out of this auction: " + ", ".join(names[q] for q in sorted(a.passed))
                         + ".")
        lines.append(f"The price goes to {co.name}'s treasury ({_money(s.ccash[a.lot])} now).")
        if mine:
            cash = s.cash[cp]
            groups.append(_group("Your bid", [
                _item(_find(choices, "bid"), f"Bid for the {co.name} share",
                      f"you have ${cash}; at least ${a.next_minimum}",
                      reason=f"You have ${cash}; the bid must be at least ${a.next_minimum}.",
                      amount={"unit": "$"}, primary=True),
                _item(_find(choices, "pass"), f"Pass on the {co.name} share",
                      "you are out of this auction for good")]))
    elif step == "offer":
        heading = ("Setup auction: choose the company whose share is auctioned" if s.phase == 0
                   else "Auction a share: which company's share to offer")
        if s.phase == 0:
            lines.append("Before the game one share of each company is auctioned; the buyer "
                         "puts the company's first cube on a free city.")
        lines.append(f"Bids start at ${RULES.minimum_bid}; everybody bids in turn, a pass is "
                     "final; the price goes to the company's treasury.")
        if mine:
            items = []
            for c in s.in_play:
                co = comps[c]
                ch = _find(choices, "offer", company=co.id)
                why = ("Its share was already auctioned before the game." if s.phase == 0
                       and s.setup_offered[c] else "It has no share left.")
                items.append(_item(ch, f"Auction {_article(co.name)} {co.name} share",
                                   f"{s.shares_left[c]} unsold" if ch else "", reason=why))
            groups.append(_group("Offer", items))
            forgo = _find(choices, "forgo")
            if forgo is not None:
                groups.append(_group("Or", [_item(forgo, "Do not auction", "your turn ends")]))
    elif step == "place":
        co = comps[s.auction.lot] if s.auction is not None else None
        heading = f"The first cube of {co.name if co else 'the company'}: pick a free city"
        lines.append("The company earns the city's value (the first number while it is alone "
                     "there); its later cubes must touch its cubes.")
        if mine:
            items = [_item(c, f"{place(b.index[c.fixed['hex']])}",
                           f"value {b.full[b.index[c.fixed['hex']]]}", hex=c.fixed["hex"])
                     for c in choices if c.type == "place"]
            groups.append(_group("Free cities", items))
    elif step in ("expand", "take2"):
        if step == "expand":
            heading = f"Expand: {s.expand_left} cube{'s' if s.expand_left != 1 else ''} left"
        elif s.n >= 4:
            heading = "Take $2, make every other player pay $2 — or expand 2"
        else:
            heading = "Take $2, or make every other player pay $2"
        lines.append("A cube costs the hex's price, paid from the company's treasury; it must "
                     "touch the company's cubes.")
        if mine:
            if step == "take2":
                groups.append(_group("Money", [
                    _item(_find(choices, "take2"), f"Take ${RULES.take_amount} from the bank"),
                    _item(_find(choices, "levy"),
                          f"Each other player pays ${RULES.take_amount} to the bank")]))
            by_comp: dict[str, list] = {}
            for ch in choices:
                if ch.type != "build":
                    continue
                h = b.index[ch.fixed["hex"]]
                c = RULES.company_index(ch.fixed["company"])
                cost = s.build_cost(h, c)
                by_comp.setdefault(ch.fixed["company"], []).append(
                    _item(ch, f"{place(h)}: ${cost}", _ar_income_change(s, ch),
                          hex=ch.fixed["hex"]))
            may_build = step == "expand" or s.n >= 4      # expand 2: 4-5 players only
            for c in (s.in_play if may_build else ()):
                if not s.held[cp][c]:
                    continue
                co = comps[c]
                items = by_comp.get(co.id, []) + _ar_refused_builds(s, cp, c)
                if not items:
                    why = (f"{co.name} has no cube left." if not s.cubes_left[c] else
                           f"{co.name} has ${s.ccash[c]}: no hex next to its cubes it can pay "
                           "for." if s.on_board(c) else f"{co.name} has no cube on the map "
                           "yet.")
                    items = [_item(None, f"No cube for {co.name}", reason=why)]
                groups.append(_group(f"{co.name} (treasury ${s.ccash[c]})", items))
            stop = _find(choices, "stop") or _find(choices, "forgo")
            groups.append(_group("Or", [_item(stop, "Stop expanding" if step == "expand"
                                              else "Do nothing", "your turn ends")]))
    elif step == "finance":
        heading = f"Fund a company with ${RULES.finance_amount} from the bank"
        if mine:
            items = [_item(_find(choices, "finance", company=comps[c].id),
                           f"Fund {comps[c].name}", f"treasury ${s.ccash[c]} → "
                           f"${s.ccash[c] + RULES.finance_amount}") for c in s.in_play]
            groups.append(_group("Fund", items))
            groups.append(_group("Or", [_item(_find(choices, "forgo"), "Do not fund a company",
                                              "your turn ends")]))
    elif step == "urbanise":
        heading = f"Develop a city ({s.markers_left} development markers left)"
        lines.append("Only a city with a cube and no black square; its companies earn more.")
        if mine:
            items = []
            for h in b.cities:
                if not s.hexmask[h]:
                    continue
                hid = b.ids[h]
                ch = _find(choices, "urbanise", hex=hid)
                who = ", ".join(comps[c].name for c in range(len(comps)) if s.hexmask[h] >> c & 1)
                why = ("Already developed." if s.urban[h] else "Black square: it cannot be "
                       "developed." if not b.urbanisable[h] else "No development marker left.")
                detail = _ar_income_change(s, ch) if ch is not None else f"cubes of {who}"
                items.append(_item(ch, f"Develop {place(h)}", detail, reason=why, hex=hid))
            groups.append(_group("Cities with cubes", items))
            groups.append(_group("Or", [_item(_find(choices, "forgo"), "Do not develop",
                                              "your turn ends")]))
    else:
        heading = ""
    out.update(heading=heading, lines=lines, actor=names[cp],
               groups=[g for g in groups if g] if mine else None)
    return out


def _ar_income_change(s: Any, ch: Choice) -> str:
    """What a cube or a development marker does to the companies' incomes, found by making
    the move on a copy of the state (the engine's own rules, nothing recomputed here)."""
    from ..games.american_rails.rules import RULES
    copy = s.clone()
    try:
        copy.apply(dict({"type": ch.type, "player": ch.player}, **dict(ch.fixed)))
    except Exception:  # noqa: BLE001 - a description must never break the panel
        return ""
    parts = [f"{RULES.companies[c].name} {'+' if d > 0 else '−'}${abs(d)}"
             for c in range(len(RULES.companies))
             if (d := copy.income[c] - s.income[c])]
    return ("income: " + ", ".join(parts)) if parts else ""


def _ar_refused_builds(s: Any, p: int, c: int, most: int = 4) -> list[dict[str, Any]]:
    """Up to ``most`` hexes next to company ``c``'s cubes it cannot pay for, each with the
    engine's refusal (the move tried on a copy of the state)."""
    from ..cube.hexgrid import bits
    from ..engine.errors import IllegalAction
    from ..games.american_rails.rules import RULES
    if s.cubes_left[c] <= 0:
        return []
    b = s.board
    out = []
    cands = []
    for h in bits(s.reach[c] & ~s.closed[c] & ~s.full_single):
        cost = s.build_cost(h, c)
        if cost is not None and cost > s.ccash[c]:
            cands.append((cost, b.ids[h], h))
    for cost, hid, h in sorted(cands)[:most]:
        action = {"type": "build", "player": p, "company": RULES.companies[c].id, "hex": hid}
        try:
            s.clone().apply(action)
        except IllegalAction as exc:
            out.append(_item(None, f"{b.places[h]}: ${cost}", reason=exc.message, hex=hid))
    return out


def _ar_name(cid: str) -> str:
    from ..games.american_rails.rules import RULES
    for co in RULES.companies:
        if co.id == cid:
            return co.name
    return cid


TITLES: dict[str, Callable[[Any, set[int], list[Choice]], dict[str, Any]]] = {
    "chicago-express": _ce,
    "north-american-railways": _nar,
    "american-rails": _ar,
}


def has_panel(title: str) -> bool:
    return title in TITLES


def panel(game: Any, seats: set[int], choices: list[Choice]) -> dict[str, Any]:
    """The panel of ``game`` for a reader holding ``seats`` (empty: a spectator)."""
    out = TITLES[game.title](game, seats, choices)
    if out.get("groups") is not None:
        _cover(out, choices)
    return out


def _cover(out: dict[str, Any], choices: list[Choice]) -> None:
    """Every legal choice the panel did not place gets an item in its own words (the
    engine's label), so no legal move is ever missing from the page."""
    sent = {_key(i["action"]) for g in out["groups"] for i in g["items"] if "action" in i}
    rest = [_item(c, c.label or "Another choice") for c in choices
            if _key(dict({"type": c.type, "player": c.player}, **dict(c.fixed))) not in sent]
    if rest:
        out["groups"].append({"title": "Other choices", "note": "", "items": rest})


def _key(action: dict[str, Any]) -> str:
    return repr(sorted(action.items()))
