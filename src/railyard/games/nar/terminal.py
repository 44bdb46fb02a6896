"""Terminal rendering of a North American Railways state (used by ``railyard play``): the share
and city columns (the lowest card of each column is the one that may be taken), companies and
players.  Money is secret in this game: only the acting player's own money is shown (the
terminal is in front of that player), everybody's once the game is over."""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

STYLE = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow",
         "black": "bold white"}


def company_text(cid: str, name: str | None = None) -> Text:
    return Text(name or cid, STYLE.get(cid, ""))


def _columns(title: str, cols: list[list[Any]], cell) -> Table:
    table = Table(title=title, title_justify="left", show_lines=False)
    for i in range(len(cols)):
        table.add_column(f"column {i + 1}")
    depth = max((len(c) for c in cols), default=0)
    for row in range(depth):
        cells = []
        for col in cols:
            if row < len(col):
                text = cell(col[row])
                if row == len(col) - 1:
                    text.stylize("reverse")
                    text.append(" <")
                cells.append(text)
            else:
                cells.append(Text(""))
        table.add_row(*cells)
    return table


def _city(card: dict[str, Any]) -> Text:
    stars = "*" * card["coast_to_coast"]
    return Text(f"{card['name']} ${card['cost']} +{card['income']} {stars}".rstrip())


def render(s: Any) -> Group:
    v = s.public_view()
    deck = v["deck"]
    head = Text(f"North American Railways · round {v['round']} · {s.phase_name()} · start "
                f"player {s.players[v['start_player']]}", "bold")
    parts: list[Any] = [head]
    if deck["reconstructed"]:
        parts.append(Text(f"Deck: {deck['name']} (RECONSTRUCTED card values)", "magenta"))
    else:
        parts.append(Text(f"Deck: {deck['name']} ({deck['source']})"))
    if v["last_round"]:
        parts.append(Text("Last round: " + "; ".join(v["end_reasons"]), "bold red"))
    parts.append(Text(f"{v['shares_removed']} shares were put back unseen; '<' marks the "
                      "lowest card of a column, the one that may be taken.", "dim"))
    parts.append(_columns("Share columns", v["share_columns"], lambda cid: company_text(cid)))
    parts.append(_columns("City columns ($cost +income, * = coast-to-coast symbol)",
                          v["city_columns"], _city))
    comp = Table(title="Companies", title_justify="left")
    for col in ("company", "director", "treasury", "shares", "income", "symbols", "network"):
        comp.add_column(col)
    for c in v["companies"]:
        if not c["founded"]:
            comp.add_row(company_text(c["id"], c["name"]), "-", "-", "0", "-", "-",
                         Text("not founded", "dim"))
            continue
        network = ", ".join([c["start_city"]["name"]] + [x["name"] for x in c["cities"]])
        comp.add_row(company_text(c["id"], c["name"]), s.players[c["director"]],
                     f"${c['cash']}", str(c["shares_held"]), f"${c['income']}",
                     str(c["coast_to_coast"]), network)
    parts.append(comp)
    players = Table(title="Players", title_justify="left")
    players.add_column("player")
    for c in v["companies"]:
        players.add_column(company_text(c["id"], c["name"]))
    players.add_column("money")
    acting = s.current_player
    for p in v["players"]:
        name = Text(p["name"], "bold" if p["seat"] == acting else "")
        if p["passed"]:
            name.append(" (passed)", "dim")
        shares = []
        for c in v["companies"]:
            count = p["shares"][c["id"]]
            cell = Text(str(count) if count else "")
            if c["id"] in p["director_of"]:
                cell.append(" D", "bold")
            shares.append(cell)
        if p["cash"] is not None:
            cash = f"${p['cash']}"
        elif p["seat"] == acting:
            cash = f"${s.cash[acting]} (yours)"
        else:
            cash = "secret"
        players.add_row(name, *shares, cash)
    parts.append(players)
    if v["pending"]:
        pend = v["pending"]
        name = next(c["name"] for c in v["companies"] if c["id"] == pend["company"])
        parts.append(Text(f"{s.players[pend['proposer']]} proposes ${pend['price']} for the "
                          f"{name} share of share column {pend['column'] + 1}; "
                          f"{s.players[pend['director']]} lets it happen or buys it.", "bold"))
    if v["last_income"]:
        lines = [f"{r['company']} ${r['income']}: " +
                 ", ".join(f"{s.players[i]} ${x}" for i, x in enumerate(r["paid"]) if x) +
                 (f", company ${r['to_company']}" if r["to_company"] else "")
                 for r in v["last_income"]]
        parts.append(Text("Last income: " + " · ".join(lines), "dim"))
    if v["final_payout"]:
        parts.append(Text("Coast-to-coast payout: " + ", ".join(
            f"{s.players[i]} ${x}" for i, x in enumerate(v["final_payout"])), "bold"))
    return Group(*parts)
