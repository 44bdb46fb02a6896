"""``railyard db``: the server's database (``RAILYARD_DATABASE_URL``, else the SQLite file
of ``--data-dir``).  ``db upgrade`` brings it to this code's schema (the same step the
server runs at every start; idempotent) and says what it did."""
from __future__ import annotations

import os

import click


@click.group("db")
def command() -> None:
    """The server's database: upgrade it to this version's schema."""


@command.command("upgrade")
@click.option("--data-dir", default=os.path.join("~", ".railyard"), show_default=True,
              help="Folder of the SQLite database (ignored when RAILYARD_DATABASE_URL is set).")
def upgrade(data_dir: str) -> None:
    """Upgrade the database (games are kept); nothing happens when it is up to date."""
    from ..web.storage import SCHEMA_VERSION, Storage
    try:
        store = Storage.from_env(os.path.abspath(os.path.expanduser(data_dir)))
    except Exception as exc:  # noqa: BLE001 - a database that cannot be opened
        raise click.ClickException(f"The database could not be opened or upgraded: "
                                   f"{type(exc).__name__}: {exc}") from None
    try:
        where = "PostgreSQL (RAILYARD_DATABASE_URL)" if store.is_postgres else store.url
        done, version = store.upgraded, store.schema_version()
    finally:
        store.close()
    if done:
        click.echo(f"{where}: upgraded to schema version {version}:")
        for step in done:
            click.echo(f"  {step}")
    else:
        click.echo(f"{where}: up to date (schema version {version}; this code's is "
                   f"{SCHEMA_VERSION}).")
