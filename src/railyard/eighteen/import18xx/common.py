"""What the 1830 and 1870 adapters share: reading the export's players and optional rules,
looking up players and presidents, turning our errors into :class:`ExportError` naming the
action, and walking the effective actions (export notes 4) with their ``auto_actions``."""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator, cast

from ...engine.errors import IllegalAction
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
    except (ValueError, UnicodeDecodeError) as exc:
        raise ExportError(f"The file is not valid JSON: {exc}.", "malformed_json") from None
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list) or \
            not isinstance(data.get("players"), list):
        raise ExportError("This is not an 18xx.games export (no 'players' or 'actions').",
                          "not_an_export")
    return data


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
        self.game = Game(self.title, names, 0, options)
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
