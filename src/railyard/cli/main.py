"""The ``railyard`` click group.

Subcommands are discovered: every module ``railyard/cli/cmd_*.py`` that defines a module
attribute ``command`` (a :class:`click.Command`) is added to the group.  A module that
fails to import is skipped with a warning on stderr, so one broken command never takes the
whole CLI down.
"""
from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from .. import __version__

PACKAGE = __name__.rsplit(".", 1)[0]


def discover(group: click.Group, package: str = PACKAGE) -> list[str]:
    """Add the ``command`` of every ``cmd_*`` module of ``package`` to ``group``; returns the
    names of the modules that could not be imported."""
    pkg = importlib.import_module(package)
    failed = []
    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if not mod.name.startswith("cmd_"):
            continue
        try:
            module = importlib.import_module(f"{package}.{mod.name}")
        except Exception as exc:  # noqa: BLE001 - any failure must not break the CLI
            click.echo(f"warning: command module {mod.name} could not be loaded: "
                       f"{type(exc).__name__}: {exc}", err=True)
            failed.append(mod.name)
            continue
        command = getattr(module, "command", None)
        if isinstance(command, click.Command):
            group.add_command(command)
    return failed


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="railyard")
def main() -> None:
    """railyard: railroad stock games played exactly by their printed rules."""


discover(main)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
