"""``railyard import-18xx FILE [--out SAVE]``: replay an 18xx.games export through
railyard's rules; it prints ``{"options": {...}}`` (the options the imported game plays by
that differ from the printed rules: the export's optional rules and the site's profile) and
as its last line ``{"result": {<player id>: worth, ...}}``.  With ``--out`` the save is
written only if it loads back to the same position (else an error, exit status 1).  A
file that is no readable export ends with one ``Error:`` line naming what is wrong and
exit status 1, never a traceback."""
from __future__ import annotations

import json

import click

from ..engine.errors import RailyardError
from ..eighteen.import18xx import ExportError, import_export, load_export
from .common import fail


@click.command("import-18xx")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Write the replayed game as a railyard save file.")
@click.option("--check-routes", "check_routes", is_flag=True,
              help="Before every run_routes action run the route optimiser; print one JSON "
                   "line per position (recorded vs optimal revenue, ms).")
def command(file: str, out: str | None, check_routes: bool = False) -> None:
    """Replay an 18xx.games JSON export (1830 or 1870) and print each player's final
    worth."""
    try:
        with open(file, "rb") as fh:
            text = fh.read()
    except OSError as exc:
        fail(f"Cannot read {file}: {exc.strerror}.", 1)
    try:
        data = load_export(text)
        if check_routes:
            from ..routing.import_check import check_routes as _check
            game, result, records = _check(data, lambda r: click.echo(json.dumps(r)))
            worse = [r for r in records if r["optimal"] < r["recorded"]]
            if worse:
                click.echo(f"warning: {len(worse)} positions where the optimiser found less "
                           f"than the players ran", err=True)
        else:
            game, result = import_export(data)
    except ExportError as exc:
        fail(exc.message, 1)
    except RailyardError as exc:
        fail(f"This 18xx.games export cannot be replayed: {exc.message}", 1)
    except RecursionError:
        fail("This 18xx.games export cannot be replayed: it is nested too deep.", 1)
    except Exception as exc:  # noqa: BLE001 - a malformed file must never end in a traceback
        fail(f"This 18xx.games export cannot be replayed: a part of it is not as 18xx.games "
             f"writes it ({type(exc).__name__}: {str(exc)[:200]}).", 1)
    from ..engine.registry import get_title
    defaults = {o.name: o.default for o in get_title(game.title).options}
    chosen = {k: v for k, v in game.options.items() if defaults.get(k) != v}
    # the export's optional rules and where 18xx.games departs from the rulebook (every
    # line of --check-routes output stays JSON)
    click.echo(json.dumps({"options": chosen}, sort_keys=True))
    for warning in getattr(game, "import_warnings", None) or []:
        click.echo(f"warning: action {warning}", err=True)
    if out:
        _check_reload(game)
        try:
            game.save(out)
        except OSError as exc:
            fail(f"Cannot write {out}: {exc.strerror}.", 1)
        click.echo(f"saved {len(game.log)} actions to {out}")
    expected = data.get("result")
    if isinstance(expected, dict) and {str(k): v for k, v in expected.items()} != result:
        click.echo(f"warning: the export's own result {json.dumps(expected)} differs",
                   err=True)
    click.echo(json.dumps({"result": result}))


def _check_reload(game) -> None:
    """Refuse (exit 1, nothing written) a save of ``game`` that would not load back to the
    position the import reached: the import and a later load must play by the same
    options and rulings."""
    from ..engine.errors import RailyardError
    from ..engine.game import Game
    try:
        again = Game.loads(game.dumps())
    except RailyardError as exc:
        fail(f"The save was not written: it would not load back ({exc.message}).", 1)
    if again.state.s != game.state.s:
        fail("The save was not written: loaded back it reaches another position than the "
             "import.", 1)
