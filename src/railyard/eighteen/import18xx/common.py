"""What the 1830 and 1870 adapters share: reading the export's players and optional rules,
looking up players and presidents, turning our errors into :class:`ExportError` naming the
action, and walking the effective actions (export notes 4) with their ``auto_actions``."""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator, cast

from ...engine.errors import IllegalAction, RailyardError
from ...engine.game import Game
from ..state import DictState
from .effective import effective_actions
from .errors import ExportError

#: entries that change nothing in the game (chat, programmed actions: export notes 3.8)
NO_OPS = {"message", "program_buy_shares", "program_share_pass", "program_disable",
          "program_auction_bid"}


def load_export(text: str | bytes) -> dict:
    try:
        data = json.loads(text)
    except RecursionError:
        raise ExportError("The file is not an 18xx.games export: it is nested too deep.",
                          "malformed_json") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ExportError(f"The file is not valid JSON: {exc}.", "malformed_json") from None
    check_export(data)
    return data


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_export(data: Any) -> None:
    """Refuse (:class:`ExportError`) an export whose shape the replay cannot read, naming
    what is wrong: it must be an object with a ``title`` (text), ``players`` (a list of
    objects with a distinct ``id`` -- a whole number or text -- and a ``name`` of text) and
    ``actions`` (a list of objects with a ``type`` of text, an ``id`` and ``action_id`` --
    if given -- a whole number or text; ``auto_actions`` likewise),
    and if present ``settings`` an object whose ``optional_rules`` is a list of texts."""
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list) or \
            not isinstance(data.get("players"), list):
        raise ExportError("This is not an 18xx.games export (no 'players' or 'actions').",
                          "not_an_export")
    if not isinstance(data.get("title"), str):
        raise ExportError("The export names no title ('title' must be text, e.g. \"1830\").",
                          "not_an_export")
    ids = []
    for i, p in enumerate(data["players"]):
        if not isinstance(p, dict):
            raise ExportError(f"Player {i + 1} of the export is not an object with an 'id' "
                              "and a 'name'.", "bad_players")
        pid = p.get("id", p.get("name"))
        if not (_whole(pid) or isinstance(pid, str)) or pid == "":
            raise ExportError(f"Player {i + 1} of the export has no 'id' (a whole number or "
                              "text).", "bad_players")
        if "name" in p and not isinstance(p["name"], str):
            raise ExportError(f"Player {i + 1}'s name in the export is not text.",
                              "bad_players")
        ids.append(str(pid))
    if len(set(ids)) != len(ids):
        raise ExportError("Two players of the export have the same id.", "bad_players")
    for i, a in enumerate(data["actions"]):
        where = f"Action {a.get('id', f'number {i + 1}')}" if isinstance(a, dict) else \
            f"Entry {i + 1} of 'actions'"
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise ExportError(f"{where} of the export is not an object with a 'type'.",
                              "bad_action")
        for key in ("id", "action_id"):
            if key in a and a[key] is not None and not (_whole(a[key]) or
                                                        isinstance(a[key], str)):
                raise ExportError(f"Entry {i + 1} of 'actions' has an '{key}' that is no "
                                  "whole number or text.", "bad_action")
        autos = a.get("auto_actions")
        if autos is not None and (not isinstance(autos, list) or not all(
                isinstance(b, dict) and isinstance(b.get("type"), str) for b in autos)):
            raise ExportError(f"{where}'s 'auto_actions' is not a list of actions.",
                              "bad_action")
    settings = data.get("settings")
    if settings is not None:
        rules = settings.get("optional_rules") if isinstance(settings, dict) else None
        if not isinstance(settings, dict) or rules is not None and (
                not isinstance(rules, list) or not all(isinstance(r, str) for r in rules)):
            raise ExportError("The export's 'settings' must be an object whose "
                              "'optional_rules' is a list of names.", "bad_settings")


def map_options(data: dict, known: dict[str, str]) -> dict:
    """The export's optional rules as railyard options; ``known`` maps 18xx.games names to
    ours, and any other rule is refused."""
    options = {}
    for r in (data.get("settings") or {}).get("optional_rules") or []:
        if r not in known:
            raise ExportError(f"Unsupported optional rule {r!r} (supported: "
                              f"{', '.join(sorted(known))}).", "unsupported_option")
        options[known[r]] = True
    return options


class ReplayBase:
    """The parts of a replay that do not depend on the title."""

    title = ""

    def __init__(self, data: dict, before: Any, options_of: Callable[[dict], dict]) -> None:
        self.before = before   # before(game, export action, id): called before each action
        if data.get("title") != self.title:
            raise ExportError(f"Unsupported title {data.get('title')!r}: this import reads "
                              f"{self.title} exports.", "unknown_title")
        options = options_of(data)
        self.ids = [str(p.get("id", p.get("name"))) for p in data["players"]]
        names = [str(p.get("name") or p.get("id")) for p in data["players"]]
        if len(set(names)) != len(names):
            names = [f"{n} ({i})" for n, i in zip(names, self.ids)]
        try:
            # no events while replaying: whoever reads the story asks (Game.keep_events)
            self.game = Game(self.title, names, 0, options, events=False)
        except RailyardError as exc:
            raise ExportError(f"The export's players cannot play {self.title}: "
                              f"{exc.message}", "bad_players") from None
        self.data = data

    @property
    def s(self) -> dict:
        return self.dict_state.s

    @property
    def dict_state(self) -> DictState:
        """The game's state (every 18xx title's is a :class:`DictState`)."""
        return cast(DictState, self.game.state)

    def seat_of(self, entity: Any) -> int:
        key = str(entity)
        if key not in self.ids:
            raise ExportError(f"unknown player {entity!r}")
        return self.ids.index(key)

    def president(self, corp: str) -> int:
        c = self.s["corps"].get(corp)
        if c is None or c["president"] is None:
            raise ExportError(f"unknown or unowned corporation {corp!r}")
        return c["president"]

    def entries(self) -> Iterator[tuple[dict, Any]]:
        """The effective actions and their automatic follow-ups, with their ids."""
        for e in effective_actions(self.data["actions"]):
            yield e, e.get("id")
            for auto in e.get("auto_actions") or []:
                yield auto, f"{e.get('id')} (auto)"

    def worth(self) -> dict:
        st = self.dict_state
        return {pid: st.worth(i) for i, pid in enumerate(self.ids)}

    @staticmethod
    def guarded(ident: Any, t: Any, body: Callable[[], None]) -> None:
        """Run ``body``; errors become an :class:`ExportError` naming the action: ``rule``
        for what our rules forbid, ``bad_action`` for what cannot be read."""
        try:
            body()
        except IllegalAction as exc:
            raise ExportError(f"Action {ident} ({t}) is illegal under our rules: {exc.message}",
                              "rule", action_id=ident, reason=exc.code) from None
        except ExportError as exc:
            if exc.message.startswith("Action "):
                raise
            code = "rule" if exc.code == "rule" else "bad_action"
            raise ExportError(f"Action {ident} ({t}) is illegal under our rules: {exc.message}"
                              if code == "rule" else f"Action {ident} ({t}): {exc.message}",
                              code, action_id=ident) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ExportError(f"Action {ident} ({t}) is malformed: {exc!r}", "bad_action",
                              action_id=ident) from None

    def not_finished(self, over: bool) -> None:
        if self.data.get("status") == "finished" and not over:
            raise ExportError("The export says the game finished, but after its last action "
                              "the game is not over under our rules.", "not_finished")


def bid_action(auction: Any, state: Any, seat: int, a: dict, open_sale: bool,
               rules: str) -> dict:
    """A ``bid`` of the private sale: on the cheapest private while no auction is under way
    it is a purchase at our price (``rules`` names the sections); otherwise a bid."""
    comp = a["company"]
    if open_sale and comp == auction.cheapest(state):
        ours = auction.price_of(state, comp)
        if a.get("price", ours) != ours:
            raise ExportError(f"the export buys {comp} for ${a.get('price')}, our "
                              f"price is ${ours} ({rules})", "rule")
        return {"type": "buy_private", "player": seat, "company": comp}
    return {"type": "bid", "player": seat, "company": comp, "amount": a["price"]}
