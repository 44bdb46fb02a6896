"""The loop of ``railyard play``: humans type at the terminal, bots act at once.

Works with any stdin (a terminal, a pipe, click's test runner).  At each human decision the
board summary, whose turn it is and the numbered legal actions are shown; the player types a
number (followed by the value(s) for a numeric choice, or is asked for them), ``u`` to undo,
``s`` to save, ``l`` for the log, ``v`` to show the board again, ``f TEXT`` to find actions,
``q`` to quit.  A bad entry re-prompts with the reason, which for an illegal action is the
engine's own sentence.

1830 and 1870 are played in the game's words instead (:mod:`.play18xx`): the table, the map
(:mod:`.map18xx`) and the decisions grouped and worded as in the browser, tiles chosen by
hex, tile and rotation, routes by hexes or the optimiser's.
"""
from __future__ import annotations

import traceback
from typing import Any

import click
from rich.text import Text

from ..bots import BotSpecError
from ..bots.factory import make_bot
from ..engine import Choice, Game, IllegalAction, NothingToUndo
from .common import fail, save_game
from .play18xx import HELP as HELP_18XX, Turn18xx, is_18xx
from .render import (choice_text, choices_table, command_parser_for, console, result_table,
                     summary, turn_line)
from .seats import HUMAN

HELP = ("Type the number of an action (add the value for a numeric one, e.g. '3 12'), "
        "u = undo, s = save, l = log, v = view board, f TEXT = list the actions containing "
        "TEXT, q = quit.")


class Quit(Exception):
    pass


def story_line(entry: dict[str, Any], numbered: bool = False) -> str:
    """One story entry (``Game.story``) as a terminal line: the entry's sentence as it is,
    an automatic event indented under the action that caused it (``numbered``: actions
    carry their number, as in the log)."""
    if entry["auto"]:
        return f"{'       ' if numbered else '    '}{entry['text']}"
    return f"{entry['i'] + 1:>5}. {entry['text']}" if numbered else entry["text"]


def end_lines(game: Game) -> list[str]:
    """The end of the game (``Game.end_summary``): why it ended and how each player's score
    came about, part by part; nothing while the game runs."""
    end = game.end_summary()
    if end is None:
        return []
    out = [end["reason"], "How the scores came about:"]
    for p in end["players"]:
        shown = [(label, a) for label, a in p["parts"] if a] or p["parts"][:1]
        parts = ""
        for k, (label, amount) in enumerate(shown):
            sign = ("- " if amount < 0 else "+ ") if k else ("-" if amount < 0 else "")
            parts += f"{' ' if k else ''}{sign}{label} ${abs(amount)}"
        won = " (winner)" if p["winner"] else ""
        out.append(f"  {game.players[p['seat']]}: ${p['score']}{won} = {parts}")
    return out


def ask(text: str, default: str | None = None) -> str | None:
    """One line of input; ``None`` at the end of input."""
    try:
        return click.prompt(text, default=default, show_default=default is not None,
                            prompt_suffix="> ")
    except click.Abort:
        return None


class TerminalPlay:
    def __init__(self, game: Game, kinds: list[str], save_path: str | None = None,
                 bot_seed: int = 0) -> None:
        self.game = game
        self.kinds = kinds
        self.save_path = save_path
        try:
            self.bots = {seat: make_bot(game.title, bot_seed * 1000 + seat, kind)
                         for seat, kind in enumerate(kinds) if kind != HUMAN}
        except BotSpecError as exc:
            fail(str(exc))
        self.out = console()
        self.shown_at: int | None = None  # log length when the board was last shown
        # story entries already printed: a new game tells its setup, a loaded one goes on
        self.told = len(game.story()) if game.log else 0
        # 1830 / 1870: the table, the map and the worded decisions of the browser
        self.t18 = Turn18xx(self) if is_18xx(game) else None

    # ---- main loop -------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        self.say((HELP_18XX if self.t18 else HELP) if HUMAN in self.kinds
                 else "Only bots are playing.")
        self.tell()
        try:
            while not self.game.is_terminal:
                seat = self.game.current_player
                if self.kinds[seat] != HUMAN:
                    self.bot_turn(seat)
                else:
                    self.human_turn(seat)
        except Quit:
            return False
        except Exception:  # noqa: BLE001 - a bug in game code: keep the log, report, stop
            self.crashed()
        if self.t18 is not None:
            from .play18xx import table_view
            self.out.print(table_view(self.game))
        else:
            self.out.print(summary(self.game.state))
        self.out.print(result_table(self.game))
        for line in end_lines(self.game):
            self.say(line)
        if self.save_path:
            self.save(self.save_path)
        return True

    def crashed(self) -> None:
        """The game code raised something other than a refusal.  The action log is intact
        (the failing action was not logged), so it is saved if a save file was named."""
        click.echo(traceback.format_exc(), err=True)
        click.echo(f"The game stopped on an internal error after {len(self.game.log)} "
                   f"actions; this is a bug in the game code, please report it.", err=True)
        if self.save_path:
            error = save_game(self.game, self.save_path, self.kinds)
            click.echo(error or f"The actions so far are saved in {self.save_path}.", err=True)
        raise SystemExit(1)

    def say(self, text: str, style: str = "") -> None:
        self.out.print(Text(text, style=style), soft_wrap=True)

    def tell(self) -> None:
        """Print the story entries since the last ones printed: the action (a bot's marked
        with its seat) and what happened by itself after it."""
        story = self.game.story()
        for entry in story[self.told:]:
            line = story_line(entry)
            seat = entry["seat"]
            if not entry["auto"] and seat is not None and self.kinds[seat] != HUMAN:
                line = f"{self.game.players[seat]} (bot): {line}"
            self.say(line)
        self.told = len(story)

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        # the default bot reads the state; bot kinds get the seat's view only.  A search bot
        # thinks up to a second or more: at a terminal a spinner says who is thinking
        if self.out.is_terminal:
            with self.out.status(f"{self.game.players[seat]} is thinking…"):
                action = bot.choose(self.game.state)
        else:
            action = bot.choose(self.game.state)
        self.game.apply(action)
        self.tell()

    # ---- a human decision ----------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        if self.shown_at != len(self.game.log):
            self.show()
        choices = self.game.legal_actions()
        name = self.game.players[seat]
        while True:
            line = ask(f"{name}, choose" if self.t18 else f"{name}, choose 1-{len(choices)}")
            if line is None:
                self.say("End of input: leaving the game.")
                raise Quit
            done = self.handle(line.strip(), choices)
            if done:
                return

    def ask_line(self, text: str) -> str | None:
        return ask(text)

    def show(self) -> None:
        self.shown_at = len(self.game.log)
        if self.t18 is not None:
            self.say(turn_line(self.game))
            self.t18.show()
            return
        self.out.print(summary(self.game.state))
        self.say(turn_line(self.game))
        self.out.print(choices_table(self.game.legal_actions()))

    def handle(self, line: str, choices: list[Choice]) -> bool:
        """Act on one line of input; True when the turn is over (an action was applied or
        undone)."""
        words = line.split()
        if not words:
            self.say(HELP)
            return False
        command = words[0].lower()
        if self.t18 is not None and command not in ("v", "view"):
            done = self.t18.handle(line)
            if done is not None:
                return done
        if command in ("q", "quit"):
            self.quit()
        if command in ("u", "undo"):
            return self.undo()
        if command in ("s", "save"):
            self.save(self.save_path)
            return False
        if command in ("l", "log"):
            story = self.game.story()
            for entry in story[-25:]:
                self.say(story_line(entry, numbered=True))
            if not self.game.log:
                self.say("No action yet.")
            return False
        if command in ("f", "find"):
            self.find(" ".join(words[1:]), choices)
            return False
        if command in ("v", "view"):
            self.show()
            return False
        if command in ("h", "help", "?"):
            self.say(HELP_18XX if self.t18 else HELP)
            return False
        try:
            number = int(command)
        except ValueError:
            return self.text_command(line)
        if not 1 <= number <= len(choices):
            self.say(f"There is no action {number}; choose 1 to {len(choices)}.")
            return False
        action = self.fill(choices[number - 1], words[1:])
        return action is not None and self.try_apply(action)

    def try_apply(self, action: dict[str, Any]) -> bool:
        """Apply ``action``; an illegal one is explained with the engine's reason."""
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            self.say(f"Not allowed: {exc.message}")
            return False
        self.tell()
        return True

    def text_command(self, line: str) -> bool:
        """A game's own text command (e.g. ``lay 57 H12 2`` in 1830), where it has them."""
        parse = command_parser_for(self.game.state)
        if parse is None:
            self.say(f"'{line.split()[0]}' is not an action number. {HELP}")
            return False
        try:
            action = parse(self.game.state, line)
        except ValueError as exc:
            self.say(f"Not understood: {exc}. Type a number from the list, or h for help.")
            return False
        return self.try_apply(action)

    def find(self, text: str, choices: list[Choice]) -> None:
        """List the legal actions whose text contains ``text`` (keeping their numbers)."""
        needle = text.lower()
        hits = [(i, choice_text(c)) for i, c in enumerate(choices, 1)
                if needle in choice_text(c).lower()]
        for i, label in hits:
            self.say(f"{i:>4}. {label}")
        if not hits:
            self.say(f"No action matches {text!r}.")

    def fill(self, choice: Choice, values: list[str]) -> dict[str, Any] | None:
        """The action of ``choice`` with its numbers from ``values`` or asked for."""
        action = choice.base()
        given = list(values)
        for key, (lo, hi) in choice.ranges.items():
            raw = given.pop(0) if given else ask(f"{key} ({lo}..{hi})")
            if raw is None:
                return None
            try:
                action[key] = int(raw)
            except ValueError:
                self.say(f"'{raw}' is not a whole number; {key} must be from {lo} to {hi}.")
                return None
        if given:
            self.say(f"Too many values: this action takes {len(choice.ranges)}.")
            return None
        return action

    # ---- undo, save, quit ----------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last human action and the bot actions after it."""
        log = self.game.log
        for i in range(len(log) - 1, -1, -1):
            seat = log[i].get("player")
            if isinstance(seat, int) and 0 <= seat < len(self.kinds) and \
                    self.kinds[seat] == HUMAN:
                count = len(log) - i
                try:
                    self.game.undo(count)
                except NothingToUndo as exc:
                    self.say(exc.message)
                    return False
                self.say(f"Undone: {count} action(s).")
                self.told = len(self.game.story())
                return True
        self.say("There is nothing to undo.")
        return False

    def save(self, path: str | None) -> None:
        if not path:
            path = ask("Save to file")
            if not path:
                self.say("Not saved.")
                return
        error = save_game(self.game, path, self.kinds)
        if error:
            self.say(error)
            return
        self.say(f"Saved {len(self.game.log)} actions to {path}. "
                 f"Resume with: railyard play --load {path}")

    def quit(self) -> None:
        reply = ask("Save before quitting? (y/n)", default="n")
        if reply is not None and reply.strip().lower() in ("y", "yes"):
            self.save(self.save_path)
        self.say("Game left.")
        raise Quit
