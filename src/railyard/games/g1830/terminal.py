"""Terminal support for 1830: ``render`` (a compact summary with the engine's ids, for
tools; the CLI shows 1830 and 1870 in words with their map, ``cli/play18xx.board_view``)
and ``parse`` (text commands such as ``lay 57 H12 2``; ``railyard play`` takes them next to
the worded menu, for players who know them).

Commands (the acting seat is always the player to act):

    buy SV | bid CA 170 | pass | par NYC 90 | buy NYC ipo | buy NYC pool | sell NYC 2
    exchange MH ipo | lay 57 H12 2 | lay 3 B20 0 CS | token H16 0 | token F16 0 DH
    run 2-0:H12,H14,H16 3-0:G19,F20/F20,F22   (a route: its hexes, "/" between stretches)
    payout | withhold | train 3-0 180 | train D-0 800 4-1 | discard 3-4 | private CS 80
    bankrupt
    offer SV 2 30   (23.1: offer the private SV to seat 2 for $30, or, if seat 2 owns it,
                     offer to buy it from him)  | accept | decline
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...eighteen import trains as depot

if TYPE_CHECKING:
    from .state import G1830State


def render(g: "G1830State") -> Any:
    s = g.s
    head = Text(f"1830 - {s['round']} round, stock round {s['sr']}, "
                f"operating round {s['or_num']}/{s['or_total']}, phase {s['phase']}, "
                f"bank ${s['bank']}" + (" (broken)" if s["bank_broken"] else ""))
    players = Table(title="Players")
    for col in ("seat", "name", "cash", "certs", "privates", "worth"):
        players.add_column(col)
    for i, name in enumerate(g.players):
        privs = [p for p, c in s["companies"].items() if c["owner"] == f"p{i}"
                 and not c["closed"]]
        mark = "*" if i == s["priority"] else ""
        players.add_row(f"{i}{mark}", name, f"${s['cash'][i]}", str(g.cert_count(i)),
                        " ".join(privs) or "-", f"${g.worth(i)}")
    corps = Table(title="Companies")
    for col in ("corp", "president", "par", "price", "cash", "trains", "tokens", "ipo", "pool"):
        corps.add_column(col)
    for c, v in s["corps"].items():
        h = s["holders"][c]
        corps.add_row(
            c, "-" if v["president"] is None else g.players[v["president"]],
            str(v["par"] or "-"), str(g.price(c)) if v["pos"] else "-",
            f"${v['cash']}" if v["floated"] else "-", " ".join(v["trains"]) or "-",
            f"{v['tokens_used']}/{g.st.corps[c].n_tokens}",
            str(sum(20 if x.endswith("_0") else 10 for x in h["ipo"])),
            str(sum(20 if x.endswith("_0") else 10 for x in h["pool"])))
    tiles = " ".join(f"{h}:{t}/{r}" for h, (t, r) in sorted(s["tiles"].items())) or "-"
    tokens = " ".join(f"{h}:{'|'.join(','.join(c) or '.' for c in cities)}"
                      for h, cities in sorted(s["tokens"].items())) or "-"
    offered = [t for t in [depot.next_type(s["depot"])] if t]
    trains = Text(f"tiles {tiles}\ntokens {tokens}\nnext train {', '.join(offered) or '-'}"
                  f"; returned trains {' '.join(s['train_pool']) or '-'}")
    parts: list[Any] = [head, players, corps, trains]
    offer = (s.get("stock") or {}).get("offer") if s["round"] == "stock" else None
    if offer:
        parts.append(Text(f"open offer (23.1): {offer['company']} from "
                          f"{g.players[offer['seller']]} to {g.players[offer['buyer']]} for "
                          f"${offer['price']}; {g.players[offer['to']]} accepts or declines"))
    return Group(*parts)


class CommandError(ValueError):
    pass


def parse(g: "G1830State", line: str) -> dict[str, Any]:
    """The action for a text command (see the module doc); raises :class:`CommandError`."""
    words = line.split()
    if not words:
        raise CommandError("empty command")
    seat = g.current_player
    cmd, args = words[0].lower(), words[1:]
    base: dict[str, Any] = {"player": seat}

    def need(n: int) -> None:
        if len(args) < n:
            raise CommandError(f"'{cmd}' needs {n} value(s)")

    def num(x: str) -> int:
        try:
            return int(x)
        except ValueError:
            raise CommandError(f"{x!r} is not a number") from None

    if cmd in ("accept", "decline"):
        return {**base, "type": f"{cmd}_offer"}
    if cmd == "offer":
        need(3)
        return {**base, "type": "offer_private", "company": args[0].upper(),
                "buyer": num(args[1]), "price": num(args[2])}
    if cmd in ("pass", "payout", "withhold", "bankrupt"):
        if cmd in ("payout", "withhold"):
            return {**base, "type": "dividend", "kind": cmd}
        return {**base, "type": cmd}
    if cmd == "buy":
        need(1)
        if len(args) == 1:
            return {**base, "type": "buy_private", "company": args[0].upper()}
        return {**base, "type": "buy_share", "corporation": args[0].upper(),
                "source": args[1].lower()}
    if cmd == "bid":
        need(2)
        return {**base, "type": "bid", "company": args[0].upper(), "amount": num(args[1])}
    if cmd == "par":
        need(2)
        return {**base, "type": "par", "corporation": args[0].upper(), "price": num(args[1])}
    if cmd == "sell":
        need(2)
        return {**base, "type": "sell_shares", "corporation": args[0].upper(),
                "count": num(args[1])}
    if cmd == "exchange":
        return {**base, "type": "exchange", "company": "MH",
                "source": (args[1] if len(args) > 1 else "ipo").lower()}
    if cmd == "lay":
        need(3)
        act = {**base, "type": "lay_tile", "tile": args[0], "hex": args[1].upper(),
               "rotation": num(args[2])}
        if len(args) > 3:
            act["company"] = args[3].upper()
        return act
    if cmd == "token":
        need(2)
        act = {**base, "type": "place_token", "hex": args[0].upper(), "city": num(args[1])}
        if len(args) > 2:
            act["company"] = args[2].upper()
        return act
    if cmd == "run":
        routes = []
        for spec in args:
            if ":" not in spec:
                raise CommandError(f"a route is TRAIN:HEX,HEX,...; got {spec!r}")
            train, rest = spec.split(":", 1)
            chains = [[h.upper() for h in part.split(",") if h] for part in rest.split("/")]
            routes.append({"train": train, "chains": chains})
        return {**base, "type": "run_routes", "routes": routes}
    if cmd == "train":
        need(2)
        act = {**base, "type": "buy_train", "train": args[0], "price": num(args[1])}
        if len(args) > 2:
            act["exchange"] = args[2]
        return act
    if cmd == "discard":
        need(1)
        return {**base, "type": "discard_train", "train": args[0]}
    if cmd == "private":
        need(2)
        return {**base, "type": "buy_company", "company": args[0].upper(),
                "price": num(args[1])}
    raise CommandError(f"unknown command {cmd!r}")
