"""Events of the 18xx titles: what happened while an action was applied, in structured form,
and the sentence a player reads for each.

A state (:class:`~railyard.eighteen.state.DictState`) keeps ``events``: tuples
``(action_index, kind, data)``.  Rules code records what only it knows with one call,
``g.event(kind, **data)`` (private revenue, each run, dividends, rusting); what shows in the
state itself (price moves, presidents, phase, privates closing, the bank breaking, the end
of the game, new rounds) is found by :func:`watch` / :func:`changes`, comparing a few fields
before and after the action.  :func:`sentence` turns an event into English with amounts.
Events live beside ``s`` (not in it), so they never change a state's fingerprint; ``clone``
copies them and a refused action drops the ones it recorded.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Any, Callable, Mapping, Sequence

Event = tuple[int, str, dict]


def watch(g: Any) -> tuple:
    """The fields :func:`changes` compares (cheap: a few scalars per corporation)."""
    s = g.s
    corps = s.get("corps") or {}
    return (s.get("phase"), s.get("bank_broken"), s.get("ended"), s.get("round"),
            s.get("sr"), s.get("or_num"),
            [(c, tuple(pos) if (pos := v.get("pos")) else None, v.get("president"),
              v.get("closed", False), v.get("floated", False)) for c, v in corps.items()],
            [(k, v.get("closed", False)) for k, v in (s.get("companies") or {}).items()])


def _price(g: Any, pos: Sequence[int] | None) -> int | None:
    if pos is None:
        return None
    try:
        return int(g.st.market.price(list(pos)))
    except Exception:  # noqa: BLE001 - a title without this market: no amount
        return None


def changes(g: Any, before: tuple) -> list[tuple[str, dict]]:
    """Events visible in the state's change since ``before`` (see :func:`watch`)."""
    after = watch(g)
    if after == before:
        return []
    s = g.s
    out: list[tuple[str, dict]] = []
    (ph0, bank0, end0, rnd0, sr0, or0, corps0, comps0) = before
    (ph1, bank1, end1, rnd1, sr1, or1, corps1, comps1) = after
    corps0 = {c: rest for c, *rest in corps0}
    corps1 = {c: rest for c, *rest in corps1}
    comps0, comps1 = dict(comps0), dict(comps1)
    for c, (pos1, pres1, closed1, float1) in corps1.items():
        pos0, pres0, closed0, float0 = corps0.get(c, (None, None, False, False))
        if float1 and not float0:
            out.append(("floated", {"corp": c}))
        if pos0 is not None and pos1 is not None and pos0 != pos1:
            out.append(("price", {"corp": c, "old": _price(g, pos0), "new": _price(g, pos1)}))
        if pres0 is not None and pres1 is not None and pres0 != pres1:
            out.append(("president", {"corp": c, "old": pres0, "new": pres1}))
        if closed1 and not closed0:
            out.append(("corp_closed", {"corp": c}))
    closing = [k for k, v in comps1.items() if v and not comps0.get(k)]
    if closing:
        out.append(("privates_closed", {"companies": closing}))
    if ph1 != ph0:
        out.append(("phase", {"phase": ph1}))
    if bank1 and not bank0:
        out.append(("bank_broken", {}))
    if (rnd1, sr1, or1) != (rnd0, sr0, or0) and not end1:
        if rnd1 == "stock" and (rnd0 != "stock" or sr1 != sr0):
            out.append(("round", {"round": "stock", "number": sr1}))
        elif rnd1 == "operating" and (rnd0 != "operating" or or1 != or0):
            out.append(("round", {"round": "operating", "number": or1,
                                  "of": s.get("or_total")}))
    if end1 and not end0:
        out.append(("game_end", {"reason": s.get("end_reason")}))
    return out


END_REASONS = {
    "bank": "the bank has broken and the set of operating rounds is over",
    "bank broken": "the bank has broken and the set of operating rounds is over",
    "bankrupt": "a player went bankrupt",
    "bankruptcy": "a player went bankrupt",
    "ended by the players": "the players agreed to end it",
}


def _money(v: Any) -> str:
    return f"${v}" if isinstance(v, int) else "?"


def end_text(reason: Any) -> str:
    """Why the game ended, in words."""
    text = END_REASONS.get(str(reason))
    if text:
        return text
    r = str(reason or "the end condition was met")
    return r if " " in r else r.replace("_", " ")


def sentence(kind: str, d: Mapping[str, Any], player: Callable[[Any], str],
             train: Callable[[str], str] = lambda t: str(t).rsplit("-", 1)[0]) -> str:
    """One sentence for an event; ``player`` names a seat (int or "p0"/"0" holder key),
    ``train`` names a train id ("3-1" -> "3")."""
    c = d.get("corp", "")
    if kind == "private_revenue":
        owner = str(d.get("owner", ""))
        who = (player(owner[1:]) if owner[:1] == "p" and owner[1:].isdigit()
               else owner[1:] if owner[:1] == "c" else owner)
        return f"{d.get('company')} pays {_money(d.get('amount'))} to {who}."
    if kind == "run":
        parts = []
        for t in d.get("trains") or []:
            tid, rev = t[0], t[1]
            stops = t[2] if len(t) > 2 else None
            where = [str(x[0] if isinstance(x, (list, tuple)) else x) for x in stops or ()]
            parts.append(f"the {train(tid)}-train runs "
                         + (f"{'-'.join(where)} " if where else "") + f"for {_money(rev)}")
        if not parts or not d.get("revenue"):
            return ""          # no run: the dividend line says the company earns nothing
        return (f"{c} runs its trains: " + "; ".join(parts)
                + f" (total {_money(d.get('revenue'))}).")
    if kind == "dividend":
        rev, how = int(d.get("revenue") or 0), d.get("kind")
        if how in ("payout", "full"):
            return f"{c} pays out {_money(rev)}: {_money(rev // 10)} per share."
        if how == "half":
            keep = rev // 20 * 10
            return (f"{c} pays half: keeps {_money(keep)}, pays {_money((rev - keep) // 10)} "
                    f"per share.")
        if rev:
            return f"{c} withholds {_money(rev)} in its treasury."
        return f"{c} earns nothing."
    if kind == "price":
        old, new = d.get("old"), d.get("new")
        if isinstance(old, int) and isinstance(new, int):
            if new == old:
                return f"{c}'s price marker moves; the share price stays {_money(new)}."
            way = "rises" if new > old else "falls"
            return f"{c}'s share price {way} from {_money(old)} to {_money(new)}."
        return f"{c}'s share price moves."
    if kind == "private_sold":
        who, sym, extra = player(d.get("seat")), d.get("company"), d.get("extra")
        if d.get("told"):
            return f"With {sym}, {who} receives {extra}." if extra else ""
        return (f"{who} gets {sym} for {_money(d.get('price'))}"
                + (f" and with it {extra}." if extra else "."))
    if kind == "president":
        return f"{player(d.get('new'))} becomes president of {c} (was {player(d.get('old'))})."
    if kind == "floated":
        return f"{c} floats and receives its capital."
    if kind == "corp_closed":
        return f"{c} closes."
    if kind == "privates_closed":
        comps = list(d.get("companies") or [])
        what = ", ".join(comps)
        return (f"The private compan{'ies' if len(comps) > 1 else 'y'} {what} "
                f"close{'' if len(comps) > 1 else 's'}.")
    if kind == "phase":
        return f"Phase {d.get('phase')} begins."
    if kind == "rust":
        types = [str(x) for x in d.get("types") or []]
        if not types:
            return ""
        return f"The {', '.join(t + '-trains' for t in types)} rust."
    if kind == "bank_broken":
        return "The bank has broken: the game ends after the current set of operating rounds."
    if kind == "round":
        if d.get("round") == "stock":
            return f"Stock round {d.get('number')} begins."
        of = d.get("of")
        return f"Operating round {d.get('number')}" + (f" of {of}" if of else "") + " begins."
    if kind == "game_end":
        return f"The game ends: {end_text(d.get('reason'))}."
    text = ", ".join(f"{k} {v}" for k, v in d.items())
    return f"{kind.replace('_', ' ').capitalize()}" + (f": {text}." if text else ".")


def player_namer(players: Sequence[str]) -> Callable[[Any], str]:
    def name(seat: Any) -> str:
        try:
            return players[int(str(seat).lstrip("p"))]
        except (ValueError, IndexError):
            return str(seat)
    return name


def story(events: Sequence[Event], players: Sequence[str], first: int = 0
          ) -> dict[int, list[str]]:
    """Sentences of the events of actions ``first`` on, by action index."""
    name = player_namer(players)
    out: dict[int, list[str]] = {}
    start = bisect_left(events, first, key=lambda e: e[0])
    revenue_at: dict[int, int] = {}
    for idx, kind, data in events[start:]:
        text = sentence(kind, data, name)
        if not text:
            continue
        lines = out.setdefault(idx, [])
        if kind == "private_revenue" and idx not in revenue_at:
            revenue_at[idx] = len(lines)
        if kind == "round" and data.get("round") == "operating" and idx in revenue_at:
            lines.insert(revenue_at.pop(idx), text)    # the round begins, then privates pay
        else:
            lines.append(text)
    return out
