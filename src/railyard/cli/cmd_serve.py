"""``railyard serve``: the web server (JSON API, live updates, browser UI)."""
from __future__ import annotations

import os

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="TCP port.")
@click.option("--data-dir", default=os.path.join("~", ".railyard"), show_default=True,
              help="Folder of the SQLite database (ignored when RAILYARD_DATABASE_URL is set).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@click.option("--rate-create", type=click.IntRange(0), default=None,
              help="Games a client (address) may create or import per minute; 0 = no limit "
                   "[default: $RAILYARD_RATE_CREATE or 60].")
@click.option("--rate-actions", type=click.IntRange(0), default=None,
              help="Actions (and other POSTs) a client may send per minute; 0 = no limit "
                   "[default: $RAILYARD_RATE_ACTIONS or 1200].")
def command(host: str, port: int, data_dir: str, log_level: str, rate_create: int | None,
            rate_actions: int | None) -> None:
    """Serve games in the browser and over the JSON API."""
    import uvicorn

    # through the environment, so that every worker process applies the same limits
    if rate_create is not None:
        os.environ["RAILYARD_RATE_CREATE"] = str(rate_create)
    if rate_actions is not None:
        os.environ["RAILYARD_RATE_ACTIONS"] = str(rate_actions)

    from ..web.app import create_app

    data_dir = os.path.abspath(os.path.expanduser(data_dir))
    app = create_app(data_dir)
    store = app.state.service.storage
    where = "PostgreSQL (RAILYARD_DATABASE_URL)" if store.is_postgres else store.url
    click.echo(f"railyard: storage {where}; open http://{host}:{port}/")
    uvicorn.run(app, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=3)
