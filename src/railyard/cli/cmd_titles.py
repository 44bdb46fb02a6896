"""``railyard titles``: the games railyard plays, with player counts and options."""
from __future__ import annotations

import click

from ..engine import available
from ..engine.registry import MODULES
from .common import describe_option


@click.command("titles")
def command() -> None:
    """List the available games (slugs), their player counts and options."""
    games = available()
    width = max((len(s) for s in [*games, *MODULES]), default=0)
    for slug, info in games.items():
        click.echo(f"{slug:<{width}}  {info.name} · {info.min_players}-{info.max_players} players")
        for spec in info.options:
            click.echo(f"{'':<{width}}    --option {describe_option(spec)}: {spec.description}")
    for slug in MODULES:
        if slug not in games:
            click.echo(f"{slug:<{width}}  not available yet")
