"""Helpers shared by the commands: titles, options, players, save files, errors."""
from __future__ import annotations

import json
import os
from typing import Any, Callable, NoReturn

import click

from ..engine import Game, RailyardError, SaveError, TitleInfo, available, get_title
from ..engine.errors import BadOptions, BadPlayers, UnknownTitle
from ..engine.registry import OptionSpec

#: exit status for usage errors (unknown title, option, players), as click uses
USAGE = 2
#: exit status for a save file that cannot be loaded
BAD_SAVE = 1


def fail(message: str, status: int = USAGE) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    raise SystemExit(status)


def titles_listing() -> str:
    parts = []
    for slug, info in available().items():
        parts.append(f"{slug} ({info.min_players}-{info.max_players} players)")
    return ", ".join(parts) or "none"


def resolve_title(slug: str) -> TitleInfo:
    try:
        return get_title(slug)
    except UnknownTitle:
        fail(f"Unknown game {slug!r}. Available games: {titles_listing()}.")


def option_help(info: TitleInfo) -> str:
    if not info.options:
        return "none"
    return ", ".join(describe_option(o) for o in info.options)


def describe_option(spec: OptionSpec) -> str:
    if spec.choices is not None:
        values = "|".join(str(c) for c in spec.choices)
    else:
        values = getattr(spec, "values_text", None) or type(spec.default).__name__
    if spec.default is None:
        return f"{spec.name}={values} (default: none)"
    return f"{spec.name}={values} (default {spec.default})"


#: the most text ``--board FILE`` or ``-o KEY=@FILE`` reads (the game's own limit may be
#: lower; one character more is read so that the game can say the content is too long)
CONTENT_LIMIT = 512 * 1024


def read_content(path: str, what: str | None = None, limit: int = CONTENT_LIMIT) -> str:
    """The text of a file named in the terminal (``--board FILE``, ``--deck FILE``,
    ``-o KEY=@FILE``), read once, to be embedded in the game's options and so in its saves.
    Only a regular file is read (not a FIFO or a device); exits with a clear message if it
    cannot be read.  One byte more than ``limit`` is read so that the game can say the
    content is too long."""
    import stat
    what = what or path
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            fail(f"{what}: not a regular file.")
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        fail(f"{what}: cannot read the file: {exc.strerror or exc}.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"{what}: the file is not UTF-8 text.")


_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


def coerce(spec: OptionSpec, raw: str) -> Any:
    """Turn the text of ``--option key=value`` into the type the option expects."""
    if spec.choices is not None:
        for choice in spec.choices:
            if str(choice) == raw or (isinstance(choice, bool) and raw.lower() in
                                      (_TRUE if choice else _FALSE)):
                return choice
        return raw  # resolve_options names the allowed values
    kind = type(spec.default)
    try:
        if kind is bool:
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            return raw
        if kind is int:
            return int(raw)
        if kind is float:
            return float(raw)
    except ValueError:
        return raw
    return raw


def parse_options(info: TitleInfo, pairs: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """``("key=value", ...)`` -> checked options dict; errors list what exists."""
    known = {o.name: o for o in info.options}
    ctx = click.get_current_context(silent=True)
    deck = ctx.meta.get("railyard.deck") if ctx is not None else None
    board = ctx.meta.get("railyard.board") if ctx is not None else None
    if board:
        pairs = [*pairs, f"board=@{board}"]
    raw: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            fail(f"Options are written key=value, not {pair!r}. "
                 f"Options of {info.slug}: {option_help(info)}.")
        if value.startswith("@") and len(value) > 1:
            raw[key] = read_content(value[1:])     # -o KEY=@FILE: the file's content
        else:
            raw[key] = coerce(known[key], value.strip()) if key in known else value
    if deck:
        raw["deck"] = read_deck_file(deck)
    try:
        return info.resolve_options(raw)
    except BadOptions as exc:
        if deck and exc.code == "bad_deck":
            fail(f"--deck {deck}: {exc.message}")
        fail(f"{exc.message} Options of {info.slug}: {option_help(info)}.")


#: ``--deck FILE`` reads at most this much (the game refuses a deck above 256 KiB itself)
DECK_FILE_LIMIT = 1024 * 1024


def read_deck_file(path: str) -> str:
    """The text of the deck file of ``--deck FILE``, read once: the game stores the content
    (option ``deck``), never the path."""
    text = read_content(path, f"--deck {path}", DECK_FILE_LIMIT)
    if len(text.encode("utf-8")) > DECK_FILE_LIMIT:
        fail(f"--deck {path}: the file is larger than {DECK_FILE_LIMIT // 1024} KiB; "
             "a deck is a few KiB.")
    return text


def parse_names(text: str) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()]


def check_players(info: TitleInfo, names: list[str]) -> list[str]:
    try:
        return info.check_players(names)
    except BadPlayers as exc:
        fail(exc.message)


def new_game(info: TitleInfo, players: list[str], seed: int, options: dict[str, Any]) -> Game:
    try:
        return Game(info.slug, players, seed, options)
    except RailyardError as exc:
        fail(exc.message)


def load_save(path: str) -> Game:
    """Load a save or exit with status 1 and the engine's message (which names the first
    bad action)."""
    try:
        return Game.load(path)
    except SaveError as exc:
        fail(f"{path}: {exc.message}", BAD_SAVE)


def save_game(game: Game, path: str, seats: list[str] | None = None) -> str | None:
    """Save; returns an error sentence instead of raising.  ``seats`` (the kind of each
    seat, as ``railyard play`` uses them) is stored as an extra top-level field that the
    engine ignores, so that ``play --load`` can seat the bots again."""
    try:
        if seats is None:
            game.save(path)
        else:
            data = game.to_save()
            data[SEATS_KEY] = list(seats)
            tmp = f"{path}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1)
            os.replace(tmp, path)
    except OSError as exc:
        return f"Cannot save to {path}: {exc.strerror or exc}."
    return None


SEATS_KEY = "seats"


def stored_seats(path: str, count: int) -> list[str] | None:
    """The seat kinds ``railyard play`` stored in a save, if present and sound."""
    from ..engine.game import MAX_SAVE_BYTES, MAX_SAVE_DEPTH, parse_json
    try:
        with open(path, "rb") as fh:
            kinds = parse_json(fh.read(MAX_SAVE_BYTES + 1), MAX_SAVE_DEPTH).get(SEATS_KEY)
    except (OSError, ValueError, AttributeError):
        return None
    from ..bots.kinds import BotSpecError, parse_kind

    def sound(kind: object) -> bool:
        if kind in ("human", "bot"):
            return True
        try:                             # a bot kind: random, rules, mcts:hard ...
            return isinstance(kind, str) and str(parse_kind(kind)) == kind
        except BotSpecError:
            return False
    if isinstance(kinds, list) and len(kinds) == count and all(sound(k) for k in kinds):
        return kinds
    return None


seed_option = click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
                           help="Random seed of the game (default: a random one, printed).")


def pick_seed(seed: int | None) -> int:
    if seed is not None:
        return seed
    import random
    return random.SystemRandom().randrange(2**31)
def _remember_deck(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value:
        ctx.meta["railyard.deck"] = value


def _remember_board(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value:
        ctx.meta["railyard.board"] = value


def option_option(f: Callable) -> Callable:
    """``--option KEY=VALUE`` (repeatable; ``KEY=@FILE`` gives the file's content),
    ``--deck FILE``, the North American Railways city deck of your own, and ``--board FILE``,
    an American Rails board of your own (the same as ``-o board=@FILE``): each file is read
    once and its content goes into the option, so the game and its saves hold the content,
    never the path.  ``parse_options`` adds them."""
    f = click.option("--board", type=click.Path(dir_okay=False), default=None,
                     expose_value=False, callback=_remember_board,
                     help="American Rails: play on your own board file (read once; its "
                          "content is kept in the game and its saves; the same as "
                          "-o board=@FILE).")(f)
    f = click.option("--deck", type=click.Path(dir_okay=False), default=None,
                     expose_value=False, callback=_remember_deck,
                     help="North American Railways: play with your own city deck file; its "
                          "content is stored with the game (and in saves).")(f)
    return click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
                        help="A game option (repeatable); `railyard titles` lists them. "
                             "KEY=@FILE gives the option the content of FILE.")(f)
