"""``railyard import-18xx FILE [--out SAVE]``: replay an 18xx.games export of 1830 through
railyard's rules; the last line printed is ``{"result": {<player id>: worth, ...}}``."""
from __future__ import annotations

import json

import click

from ..eighteen.import18xx import ExportError, import_1830, load_export
from .common import fail


@click.command("import-18xx")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Write the replayed game as a railyard save file.")
def command(file: str, out: str | None) -> None:
    """Replay an 18xx.games JSON export (1830) and print each player's final worth."""
    try:
        with open(file, "rb") as fh:
            text = fh.read()
    except OSError as exc:
        fail(f"Cannot read {file}: {exc.strerror}.", 1)
    try:
        data = load_export(text)
        game, result = import_1830(data)
    except ExportError as exc:
        fail(exc.message, 1)
    if out:
        game.save(out)
        click.echo(f"saved {len(game.log)} actions to {out}")
    expected = data.get("result")
    if isinstance(expected, dict) and {str(k): v for k, v in expected.items()} != result:
        click.echo(f"warning: the export's own result {json.dumps(expected)} differs",
                   err=True)
    click.echo(json.dumps({"result": result}))
