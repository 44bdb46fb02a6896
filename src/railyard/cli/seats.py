"""Who sits where in ``railyard play``: human and bot seats from --players/--bots/--seats."""
from __future__ import annotations

from dataclasses import dataclass

from ..engine import TitleInfo
from .common import fail, parse_names

HUMAN, BOT = "human", "bot"


@dataclass(frozen=True)
class Seat:
    kind: str  # HUMAN, BOT or a bot kind ("mcts:hard", "strategic:normal", "rules", "random")
    name: str | None  # None: a default name is given


def parse_seats(text: str) -> list[Seat]:
    """``"human:Ann,bot,mcts:hard,rules:Rob"`` -> seats; a kind is ``human``, ``bot`` (the
    default bot) or a bot kind with its level (``random``, ``rules``, ``mcts:hard``,
    ``strategic:normal``)."""
    from ..bots.kinds import BotSpecError, parse_seat
    seats = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        try:  # human[:NAME], bot[:NAME] or a bot kind KIND[:LEVEL][:NAME] (railyard.bots.kinds)
            spec = parse_seat(token)
        except BotSpecError as exc:
            fail(f"{exc} (in --seats)")
        seats.append(Seat(HUMAN if spec.is_human else spec.bot_spec, spec.name))
    if not seats:
        fail("--seats lists no seat; write e.g. human:Ann,bot,bot.")
    return seats


def _named(seats: list[Seat]) -> tuple[list[str], list[str]]:
    humans = sum(1 for s in seats if s.kind == HUMAN)
    names, kinds, h, b = [], [], 0, 0
    for s in seats:
        if s.kind == HUMAN:
            h += 1
            default = "You" if humans == 1 else f"Player {h}"
        else:
            b += 1
            default = f"Bot {b}"
        names.append(s.name or default)
        kinds.append(s.kind)
    return names, kinds


def new_seats(info: TitleInfo, players: str | None, bots: int | None,
              seats: str | None) -> tuple[list[str], list[str]]:
    """Names and kinds for a new game.

    ``--seats`` gives every seat; otherwise ``--players`` names the human players (default:
    one, "You") and ``--bots N`` adds N bot seats after them (default: enough bots for the
    game's smallest player count)."""
    if seats is not None:
        if players is not None or bots is not None:
            fail("Use either --seats or --players/--bots, not both.")
        return _named(parse_seats(seats))
    humans = parse_names(players) if players is not None else ["You"]
    if bots is None:
        bots = max(0, info.min_players - len(humans)) if players is not None else \
            max(1, info.min_players - 1)
    layout = [Seat(HUMAN, n) for n in humans] + [Seat(BOT, None)] * bots
    return _named(layout)


def ask_bot_kind(info: TitleInfo, layout: list[str]) -> list[str]:
    """At an interactive terminal with no seats given: ask which kind of bot the bot seats
    are (the title's kinds from :func:`railyard.bots.factory.bot_kinds`; Enter takes the
    recommended one, :func:`~railyard.bots.factory.recommended_kind`).  Returns the kinds
    with the bot seats set."""
    import click

    from ..bots.factory import bot_kinds, recommended_kind
    from ..bots.kinds import BotSpecError, parse_kind
    n = sum(1 for k in layout if k != HUMAN)
    kinds = bot_kinds(info)
    if not n or len(kinds) < 2:
        return layout
    seats = "the bot seat" if n == 1 else f"the {n} bot seats"
    while True:
        answer = click.prompt(f"Bot kind for {seats} ({', '.join(kinds)})",
                              default=recommended_kind(info), prompt_suffix="> ").strip().lower()
        try:
            kind = str(parse_kind(answer))
        except BotSpecError as exc:
            click.echo(str(exc))
            continue
        if kind in kinds:
            return [k if k == HUMAN else kind for k in layout]
        click.echo(f"{info.name} has no {kind} bot; choose one of {', '.join(kinds)}.")


def loaded_kinds(names: list[str], bots: int | None, seats: str | None,
                 players: str | None, stored: list[str] | None = None) -> list[str]:
    """Kinds for the seats of a loaded game (its names are kept): ``--seats`` gives the
    kind per seat, ``--bots N`` makes the last N seats bots; default: the kinds stored in
    the save by ``railyard play``, else all human."""
    if players is not None:
        fail("--players cannot be used with --load: the save names the players.")
    if seats is not None:
        if bots is not None:
            fail("Use either --seats or --bots, not both.")
        parsed = parse_seats(seats)
        if len(parsed) != len(names):
            fail(f"The save has {len(names)} seats ({', '.join(names)}), "
                 f"but --seats lists {len(parsed)}.")
        return [s.kind for s in parsed]
    if bots is None and stored is not None:
        return list(stored)
    bots = bots or 0
    if not 0 <= bots <= len(names):
        fail(f"--bots must be between 0 and {len(names)} for this save.")
    return [HUMAN] * (len(names) - bots) + [BOT] * bots
