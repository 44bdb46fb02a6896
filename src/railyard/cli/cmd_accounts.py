"""``railyard accounts``: the admin's commands for accounts (web/accounts.py) on the server's
database (``RAILYARD_DATABASE_URL``, else the SQLite file of ``--data-dir``): list,
disable/enable, delete, reset-password.  Errors end with a sentence and exit status 1."""
from __future__ import annotations

import os
import secrets

import click

DATA_DIR = click.option("--data-dir", default=os.path.join("~", ".railyard"), show_default=True,
                        help="Folder of the SQLite database (ignored when "
                             "RAILYARD_DATABASE_URL is set).")


def _accounts(data_dir: str):
    from ..web.accounts import Accounts
    from ..web.storage import Storage
    store = Storage.from_env(os.path.abspath(os.path.expanduser(data_dir)))
    return store, Accounts(store, login_rate=0)


def _run(data_dir: str, what):
    from ..web.service import ApiError
    store, accounts = _accounts(data_dir)
    try:
        return what(accounts)
    except ApiError as exc:
        raise click.ClickException(exc.message) from None
    finally:
        store.close()


@click.group("accounts")
def command() -> None:
    """List, disable, delete accounts and reset passwords (server admin)."""


@command.command("list")
@DATA_DIR
def list_(data_dir: str) -> None:
    """Every account: name, created, state, sessions, seats."""
    rows = _run(data_dir, lambda a: a.list())
    if not rows:
        click.echo("No accounts.")
        return
    for acc, sessions, seats in rows:
        state = "disabled" if acc.disabled else "active"
        click.echo(f"{acc.name}\tcreated {acc.created[:16].replace('T', ' ')}\t{state}\t"
                   f"{sessions} session(s)\t{seats} seat(s)")


@command.command("disable")
@click.argument("name")
@DATA_DIR
def disable(name: str, data_dir: str) -> None:
    """Disable an account: it cannot log in, its sessions end (its seats stay)."""
    acc = _run(data_dir, lambda a: a.set_disabled(name, True))
    click.echo(f"Account {acc.name} is disabled; its sessions ended.")


@command.command("enable")
@click.argument("name")
@DATA_DIR
def enable(name: str, data_dir: str) -> None:
    """Enable a disabled account again."""
    acc = _run(data_dir, lambda a: a.set_disabled(name, False))
    click.echo(f"Account {acc.name} is enabled.")


@command.command("delete")
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@DATA_DIR
def delete(name: str, yes: bool, data_dir: str) -> None:
    """Delete an account and its sessions; its seats stay in their games as private-link
    seats (no game loses anything)."""
    if not yes:
        click.confirm(f"Delete the account {name!r}?", abort=True)
    acc, seats = _run(data_dir, lambda a: a.delete(name))
    click.echo(f"Account {acc.name} deleted; {seats} seat(s) keep their private links.")


@command.command("reset-password")
@click.argument("name")
@click.option("--password", default=None,
              help="The new password (default: a random one, printed once). Prefer the "
                   "default: a password on the command line may stay in the shell's history.")
@DATA_DIR
def reset_password(name: str, password: str | None, data_dir: str) -> None:
    """Set a new password; every session of the account ends."""
    new = password or secrets.token_urlsafe(12)
    acc = _run(data_dir, lambda a: a.reset_password(name, new))
    if password:
        click.echo(f"The password of {acc.name} was set; its sessions ended.")
    else:
        click.echo(f"The new password of {acc.name}: {new}\n(give it to them; their "
                   "sessions ended.)")
