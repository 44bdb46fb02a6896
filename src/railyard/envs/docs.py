"""The id and observation tables of docs/research.md, made from the encoders themselves.

    python -m railyard.envs.docs [SLUG ...] [--players N]

prints, per title (default: every title whose encoder is present), a Markdown section
between ``<!-- layout:SLUG -->`` and ``<!-- /layout:SLUG -->`` marks: the action blocks
(``action_table()`` where the encoder has one, else the ids' names grouped by their first
word) and the observation slices of ``layout()``.  ``--write FILE`` replaces the marked
sections in FILE (adding missing ones at the end), which is how docs/research.md is kept
true; tests/envs/test_docs.py checks that it is.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from . import titles

DOC_PLAYERS = {"chicago-express": 4, "north-american-railways": 4, "american-rails": 4,
               "1830": 4, "1870": 4}


def _action_rows(enc) -> list[tuple[str, int, int, str]]:
    table = getattr(enc, "action_table", None)
    if table is not None:
        return table()
    names = enc.action_names() if hasattr(enc, "action_names") else None
    if not names:
        return [("(ids)", 0, enc.num_actions, "names not provided by the encoder")]
    rows: list[tuple[str, int, int, str]] = []
    for i, name in enumerate(names):
        head = name.split(" ", 1)[0]
        if rows and rows[-1][0] == head and rows[-1][2] == i:
            rows[-1] = (head, rows[-1][1], i + 1, rows[-1][3])
        else:
            rows.append((head, i, i + 1, f"e.g. `{name}`"))
    return rows


def section(slug: str, players: int | None = None) -> str:
    players = players or DOC_PLAYERS.get(slug, 4)
    enc = titles.make_encoder(slug, players)
    info = "" if enc.info_shape is None else \
        f" Information-state tensor: {tuple(enc.info_shape)} (float32)."
    lines = [f"<!-- layout:{slug} -->",
             f"#### `{slug}`: {enc.num_actions} action ids, observation "
             f"{tuple(enc.obs_shape)} (float32) with {players} players.{info}",
             "",
             "| action block | ids | what |", "|---|---|---|"]
    for name, start, stop, what in _action_rows(enc):
        lines.append(f"| `{name}` | {start}-{stop - 1} | {what} |")
    lines += ["", "| observation slice | start-stop | meaning |", "|---|---|---|"]
    for name, start, stop, meaning in enc.layout():
        lines.append(f"| `{name}` | {start}-{stop} | {meaning} |")
    lines.append(f"<!-- /layout:{slug} -->")
    return "\n".join(lines)


def write(path: Path, slugs: list[str]) -> None:
    text = path.read_text("utf-8")
    for slug in slugs:
        block = section(slug)
        pattern = re.compile(rf"<!-- layout:{re.escape(slug)} -->.*?"
                             rf"<!-- /layout:{re.escape(slug)} -->", re.S)
        if pattern.search(text):
            text = pattern.sub(lambda _m: block, text)
        else:
            text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, "utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("slugs", nargs="*")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--write", default=None, help="replace the marked sections in this file")
    args = ap.parse_args(argv)
    slugs = args.slugs or titles.available()
    if args.write:
        write(Path(args.write), slugs)
        return 0
    for slug in slugs:
        print(section(slug, args.players))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
