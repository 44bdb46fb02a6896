"""The fallback drawing for titles without their own renderer: a card per player with the
player's public numbers, and the round/phase line.  The page shows the full public view as
tables next to it."""
from __future__ import annotations

from typing import Any

from . import esc

W, CARD_W, CARD_H = 760, 180, 110


def _scalars(obj: Any) -> list[tuple[str, Any]]:
    if not isinstance(obj, dict):
        return []
    return [(k, v) for k, v in obj.items()
            if isinstance(v, (int, float, str)) and not isinstance(v, bool) and k != "name"][:5]


def render(state: dict[str, Any]) -> str:
    view = state.get("view") or {}
    players = view.get("players") if isinstance(view.get("players"), list) else None
    names = state.get("players") or []
    cp = state.get("current_player")
    per_row = W // (CARD_W + 10)
    rows = (len(names) + per_row - 1) // per_row or 1
    height = 60 + rows * (CARD_H + 10)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" '
           f'class="board generic" role="img" aria-label="{esc(state.get("title_name", ""))}">',
           f'<rect width="{W}" height="{height}" fill="#f6f3ea"/>',
           f'<text x="10" y="26" font-size="18" font-weight="bold">'
           f'{esc(state.get("title_name", state.get("title", "")))}</text>']
    line = " · ".join(f"{k}: {v}" for k, v in _scalars(view) if k not in ("title",))
    out.append(f'<text x="10" y="46" font-size="12" fill="#555">{esc(line)}</text>')
    for i, name in enumerate(names):
        x = 10 + (i % per_row) * (CARD_W + 10)
        y = 60 + (i // per_row) * (CARD_H + 10)
        stroke = "#c0392b" if i == cp else "#888"
        out.append(f'<g class="player" data-seat="{i}"><rect x="{x}" y="{y}" width="{CARD_W}" '
                   f'height="{CARD_H}" rx="6" fill="#fff" stroke="{stroke}" '
                   f'stroke-width="{3 if i == cp else 1}"/>')
        out.append(f'<text x="{x + 8}" y="{y + 20}" font-size="14" font-weight="bold">'
                   f'{esc(name)}</text>')
        info = players[i] if players and i < len(players) else None
        for j, (k, v) in enumerate(_scalars(info)):
            out.append(f'<text x="{x + 8}" y="{y + 40 + 16 * j}" font-size="12">'
                       f'{esc(k)}: {esc(v)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
