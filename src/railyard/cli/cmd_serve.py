"""``railyard serve``: the web server (JSON API, live updates, browser UI).

With ``--workers N`` (PostgreSQL only) uvicorn starts N worker processes on one socket and
restarts any that dies; each builds its app through :func:`app_factory`.  Workers (and other
servers on the same ``RAILYARD_DATABASE_URL``) share games through the database: live
updates travel by ``LISTEN``/``NOTIFY`` and each game's bots run in one worker at a time
(see ``docs/web.md``).  SQLite stays one process."""
from __future__ import annotations

import os

import click

DATA_DIR_ENV = "RAILYARD_DATA_DIR"


def app_factory():
    """The app of one worker process (``uvicorn --factory``): the data folder comes from
    ``RAILYARD_DATA_DIR``, the database from ``RAILYARD_DATABASE_URL``."""
    from ..web.app import create_app
    return create_app(os.environ.get(DATA_DIR_ENV) or os.path.expanduser("~/.railyard"))


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="TCP port.")
@click.option("--data-dir", default=os.path.join("~", ".railyard"), show_default=True,
              help="Folder of the SQLite database (ignored when RAILYARD_DATABASE_URL is set).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (more than one needs PostgreSQL).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@click.option("--rate-create", type=click.IntRange(0), default=None,
              help="Games a client (address) may create or import per minute; 0 = no limit "
                   "[default: $RAILYARD_RATE_CREATE or 60].")
@click.option("--rate-actions", type=click.IntRange(0), default=None,
              help="Actions (and other POSTs) a client may send per minute; 0 = no limit "
                   "[default: $RAILYARD_RATE_ACTIONS or 1200].")
@click.option("--accounts/--no-accounts", default=None,
              help="Accounts (log-in, games on every device); --no-accounts: private links "
                   "only, for a self-hosted table [default: $RAILYARD_ACCOUNTS or on].")
@click.option("--secure-cookies", type=click.Choice(["auto", "on", "off"]), default=None,
              help="The Secure flag of the log-in cookie: auto = on except plain http to "
                   "localhost; off only for plain-http development on another host "
                   "[default: $RAILYARD_SECURE_COOKIES or auto].")
def command(host: str, port: int, data_dir: str, workers: int, log_level: str,
            rate_create: int | None, rate_actions: int | None, accounts: bool | None,
            secure_cookies: str | None) -> None:
    """Serve games in the browser and over the JSON API."""
    import uvicorn

    if accounts is not None:
        os.environ["RAILYARD_ACCOUNTS"] = "on" if accounts else "off"
    if secure_cookies is not None:
        os.environ["RAILYARD_SECURE_COOKIES"] = secure_cookies

    # through the environment, so that every worker process applies the same limits
    if rate_create is not None:
        os.environ["RAILYARD_RATE_CREATE"] = str(rate_create)
    if rate_actions is not None:
        os.environ["RAILYARD_RATE_ACTIONS"] = str(rate_actions)
    data_dir = os.path.abspath(os.path.expanduser(data_dir))
    url = os.environ.get("RAILYARD_DATABASE_URL")
    if workers > 1:
        if not url or not url.startswith(("postgres://", "postgresql://")):
            raise click.UsageError(
                f"--workers {workers} needs PostgreSQL: set RAILYARD_DATABASE_URL (for example "
                "postgresql://user@host/dbname). SQLite is served by one process only.")
        from ..web.storage import Storage
        store = Storage(url)                   # the schema, once, before the workers start
        for step in store.upgraded:
            click.echo(f"railyard: database upgraded: {step}")
        store.close()
        os.environ[DATA_DIR_ENV] = data_dir
        click.echo(f"railyard: storage PostgreSQL (RAILYARD_DATABASE_URL); {workers} workers; "
                   f"open http://{host}:{port}/")
        uvicorn.run("railyard.cli.cmd_serve:app_factory", factory=True, host=host, port=port,
                    workers=workers, log_level=log_level, timeout_graceful_shutdown=3)
        return
    from ..web.app import create_app

    app = create_app(data_dir)
    store = app.state.service.storage
    for step in store.upgraded:
        click.echo(f"railyard: database upgraded: {step}")
    where = "PostgreSQL (RAILYARD_DATABASE_URL)" if store.is_postgres else store.url
    click.echo(f"railyard: storage {where}; open http://{host}:{port}/")
    uvicorn.run(app, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=3)
