"""Games as the server keeps them: creation, seats and tokens (open seats joined from the
lobby, a browser's games), acting, fair undo (rules in :mod:`.undo`), rematch, bots (each
bot seat of its kind).

Each game lives in memory as a :class:`Live` (the engine ``Game`` plus the log version) and
in the database as its entry log; the database is the truth.  Every request first catches up
with entries other workers wrote, then checks the version the client saw, applies in memory
and appends to the database in one transaction before answering.  A lost race (another worker
appended first) evicts the in-memory copy, so nothing is ever applied twice.

Bots never think inside a request: the request commits the human's action and hands the game
to this process's :class:`~railyard.web.bots.BotRunner`.  Every commit is published to the
process's :class:`~railyard.web.notify.Hub` (live streams); on PostgreSQL the
:class:`~railyard.web.notify.Listener` brings in the commits of other workers.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

import anyio.to_thread

from ..bots.factory import make_bot
from ..bots.kinds import BotSpecError
from ..engine.errors import IllegalAction, RailyardError
from ..engine.game import MAX_SEED, Game
from ..engine.registry import get_title
from . import reader
from . import undo as undo_rules
from .bots import BotRunner
from .notify import Hub, Listener
from .storage import Conflict, Entry, GameRow, SeatRow, Storage, now_iso

log = logging.getLogger("railyard.web")

MAX_NAME = 40
MAX_LIVE = 2000                  # games kept in memory
BOT_STEPS_PER_REQUEST = 300     # passed by create(); bots no longer act inside a request


class ApiError(Exception):
    """An error answered to the client: HTTP status, machine code, sentence, extras."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}, **self.extra}


class Credential(str):
    """What a request acts with when a logged-in account sends it: the seat token it
    carries (or a placeholder that opens no seat) plus the account, whose seats it also
    holds (:mod:`.accounts`; made by ``api.token_of``)."""

    account: str | None = None

    def __new__(cls, token: str | None, account: str | None) -> "Credential":
        self = super().__new__(cls, token or "account")
        self.account = account
        return self


def account_of(token: Any) -> str | None:
    return getattr(token, "account", None)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    return secrets.token_hex(6)


@dataclass
class Live:
    row: GameRow
    seats: list[SeatRow]
    game: Game
    version: int
    lines: list[str]
    lock: threading.RLock = field(default_factory=threading.RLock)
    cached: tuple[int, dict[str, Any]] | None = None
    encoded: tuple[int, bytes] | None = None
    broken: bool = False           # the engine raised unexpectedly; drop this copy
    svg: tuple[int, str] | None = None
    private: dict[int, dict[str, Any]] = field(default_factory=dict)   # seat -> state
    auto: tuple[Any, dict[str, Any]] | None = None    # (version, seats) -> optimal routes
    notices: list[dict[str, Any]] = field(default_factory=list)   # undos, for every reader
    #: ``(version, answers)``: reads of a committed version prepared ahead (reader.answers),
    #: served by the event loop without the lock while ``version`` is still the copy's
    ready: tuple[int, dict[Any, bytes]] | None = None
    #: the event loop holds ``lock`` for an action (Service.act_on_loop; the lock is
    #: re-entrant, so other requests on the loop's thread must look here)
    on_loop: bool = False

    @property
    def status(self) -> str:
        return "finished" if self.game.is_terminal else "active"

    def to_act(self) -> list[int]:
        cp = self.game.current_player
        return [] if cp is None else [cp]

    def bot_to_act(self) -> bool:
        if self.broken:
            return False
        cp = self.game.current_player
        return cp is not None and self.seats[cp].kind == "bot"


def _check_seats(spec: Any) -> list[dict[str, Any]]:
    if not isinstance(spec, list) or not spec:
        raise ApiError(400, "bad_seats", "'seats' must be a non-empty list.")
    out, bots = [], 0
    for i, s in enumerate(spec):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise ApiError(400, "bad_seats", f"Seat {i + 1} needs a 'kind' of 'human' or 'bot'.")
        bot = s.get("bot") if s["kind"] == "bot" else None
        if bot is not None and not isinstance(bot, str):
            raise ApiError(400, "bad_seats", f"Seat {i + 1}'s bot kind must be text, e.g. "
                           "'mcts:normal'.")
        name = s.get("name")
        if name is not None and not isinstance(name, str):
            raise ApiError(400, "bad_seats", f"Seat {i + 1}'s name must be text.")
        invite = s.get("account") if s["kind"] == "human" else None
        if invite is not None and (not isinstance(invite, str) or not invite.strip() or
                                   len(invite) > 200 or s.get("open") is True):
            raise ApiError(400, "bad_seats", f"Seat {i + 1}'s 'account' must be the name of "
                           "an account (and the seat not open).")
        name = " ".join((name or invite or "").split())[:MAX_NAME]
        if not name:
            if s["kind"] == "bot":
                bots += 1
                name = f"Bot {bots}"
            else:
                name = f"Player {i + 1}"
        out.append({"kind": s["kind"], "name": name, "bot": bot or None,
                    "open": s["kind"] == "human" and s.get("open") is True,
                    "invite": invite, "me": s["kind"] == "human" and s.get("me") is True})
    return out


def _check_bots(title: str, spec: list[dict[str, Any]]) -> None:
    """Normalise each bot seat's kind (``mcts`` -> ``mcts:normal``) and check that the
    title has such a bot (400 naming the kinds there are)."""
    from ..bots.factory import bot_kinds
    from ..bots.kinds import parse_kind
    kinds = bot_kinds(title)
    for i, s in enumerate(spec):
        if not s.get("bot"):
            continue
        try:
            kind = str(parse_kind(s["bot"]))
        except BotSpecError as exc:
            raise ApiError(400, "bad_seats", f"Seat {i + 1}: {exc}") from None
        if kind not in kinds:
            raise ApiError(400, "bad_seats", f"Seat {i + 1}: there is no {kind} bot for this "
                           f"game; it has {', '.join(kinds)}.")
        s["bot"] = kind


class Service:
    """``max_live`` games stay in memory (least recently used ones are dropped and replayed
    from the database when read again)."""

    def __init__(self, storage: Storage, max_live: int = MAX_LIVE) -> None:
        self.storage = storage
        self.max_live = max_live
        self._live: "OrderedDict[str, Live]" = OrderedDict()
        self._guard = threading.Lock()
        self._results: "OrderedDict[str, dict[str, Any]]" = OrderedDict()
        #: e-mail and webhook notifications (web/notifications.py; set when accounts are on)
        self.notifier: Any = None
        self.listener: Listener | None = None
        if storage.is_postgres:
            self.hub = Hub(on_subscribe=self._listen)
            self.listener = Listener(storage.url, storage.channel, self.hub)
        else:
            self.hub = Hub()
        self.bots = BotRunner(self)

    def _listen(self) -> None:
        if self.listener is not None:
            self.listener.start()

    # ---- loading --------------------------------------------------------------------
    def _replay(self, row: GameRow, seats: list[SeatRow]) -> Live:
        try:
            game = Game(row.title, row.players, row.seed, row.options)
        except RailyardError as exc:  # e.g. a NAR game stored with a deck file name (issue 15)
            raise ApiError(409, "unloadable_game",
                           f"This game cannot be loaded: {exc.message}") from None
        live = Live(row, seats, game, 0, [])
        self._catch_up(live, self.storage.entries(row.id))
        return live

    @staticmethod
    def _apply_entry(live: Live, e: Entry) -> None:
        if e.kind == "undo":
            n = len(live.game.log)
            target = e.body.get("undo") if isinstance(e.body, dict) else None
            if not isinstance(target, int) or not 0 <= target < n:
                target = n - 1                    # one action, as the first undos did
            live.game.undo(n - target)
            del live.lines[max(0, len(live.lines) - (n - target)):]
            live.notices.append(undo_rules.notice(live, target, e.seat, e.body))
        else:
            live.lines.append(_describe(live.game, e.body))
            live.game.apply(e.body)
        live.version = e.idx + 1

    def _catch_up(self, live: Live, entries: list[Entry]) -> None:
        for e in entries:
            if e.idx != live.version:
                raise RuntimeError(f"entry log of {live.row.id} has a gap at {live.version}")
            self._apply_entry(live, e)

    def get(self, game_id: Any, at_least: int | None = None, check: bool = True) -> Live:
        """The live game, caught up with the database -- without asking the database when
        the copy in memory already holds version ``at_least`` (what the client saw: an
        action is then checked against the database by its append, which fails on a lost
        race), or when ``check`` is false (the caller asks the database itself)."""
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 64:
            raise ApiError(404, "unknown_game", "There is no such game.")
        with self._guard:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None:
            row = self.storage.get_game(game_id)
            if row is None:
                raise ApiError(404, "unknown_game", f"There is no game {game_id!r}.")
            live = self._replay(row, self.storage.get_seats(game_id))
            return self._keep(game_id, live)
        if not check or (at_least is not None and live.version >= at_least):
            return live
        with live.lock:
            db_version = self.storage.version(game_id)
            if db_version is not None and db_version != live.version:
                if db_version < live.version:       # cannot happen; be safe and reload
                    self.evict(game_id)
                    return self.get(game_id)
                self._catch_up(live, self.storage.entries(game_id, live.version))
        return live

    def _keep(self, game_id: str, live: Live) -> Live:
        """Hold ``live`` in memory (or the copy another thread put there first)."""
        with self._guard:
            live = self._live.setdefault(game_id, live)
            while len(self._live) > self.max_live:
                self._live.popitem(last=False)
        return live

    def evict(self, game_id: str) -> None:
        with self._guard:
            self._live.pop(game_id, None)

    def peek_version(self, game_id: str) -> int | None:
        with self._guard:
            live = self._live.get(game_id)
        return live.version if live else None

    # ---- creating ---------------------------------------------------------------------
    def create(self, title: Any, seats: Any, options: Any = None, seed: Any = None,
               hotseat: bool = False, save: dict[str, Any] | None = None,
               account: str | None = None) -> dict[str, Any]:
        """A new game.  ``account``: the logged-in creator, who gets the seat marked
        ``"me": true`` (else the first human seat that is not open nor invited); a seat
        with ``"account": NAME`` belongs to that account (an invitation)."""
        seat_spec = _check_seats(seats)
        self._seat_accounts(seat_spec, account, hotseat)
        if hotseat and any(s["open"] for s in seat_spec):
            raise ApiError(400, "bad_seats", "A hotseat game is played in one browser: it "
                           "cannot have open seats for others to join.")
        if options is not None and not isinstance(options, dict):
            raise ApiError(400, "bad_options", "'options' must be an object.")
        client_seed = seed is not None
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        names = [s["name"] for s in seat_spec]
        try:
            if save is not None:
                game = Game.from_save(save)
                names = game.players
            else:
                game = Game(title, names, seed, options or {})
        except RailyardError as exc:
            raise ApiError(400, exc.code, exc.message) from None
        _check_bots(game.title, seat_spec)
        if save is not None:
            _refuse_known_seed(game, "an unfinished save (it holds the seed)",
                               not game.is_terminal)
        else:
            _refuse_known_seed(game, "a seed", client_seed)
        if any(len(n) > MAX_NAME for n in names):
            raise ApiError(400, "bad_seats", f"Player names have at most {MAX_NAME} characters.")
        tokens, seat_rows = _seat_rows(seat_spec, names)
        host = new_token() if hotseat else None
        row = GameRow(new_game_id(), game.title, list(game.players), game.seed,
                      dict(game.options), now_iso(), host and hash_token(host),
                      "active", [], 0)
        fresh = Game(row.title, row.players, row.seed, row.options)
        live = Live(row, seat_rows, fresh, 0, [])
        row.status, row.to_act = live.status, live.to_act()
        self.storage.create_game(row, seat_rows)
        self._keep(row.id, live)
        invited = [s.account for s in seat_rows if s.account and s.account != account]
        if invited and self.notifier is not None:
            from .notifications import Notice
            self.notifier.changed(Notice(row.id, game.info.name, "invite",
                                         list(dict.fromkeys(invited))))
        with live.lock:
            if save is not None and game.log:
                entries = [Entry(i, "action", a.get("player"), a) for i, a in enumerate(game.log)]
                self._commit(live, entries)
            self._run_bots(live, BOT_STEPS_PER_REQUEST)
        out: dict[str, Any] = {"id": row.id, "title": row.title, "tokens": tokens,
                               "seats": _seats_json(seat_rows)}
        if host:
            out["host_token"] = host
        return out

    def _seat_accounts(self, spec: list[dict[str, Any]], account: str | None,
                       hotseat: bool) -> None:
        """Mark the seats of accounts in ``spec`` (``account_id``): invitations by name
        (400 for an unknown name) and the creator's own seat."""
        names = [s["invite"] for s in spec if s.get("invite")]
        if names and hotseat:
            raise ApiError(400, "bad_seats", "A hotseat game is played in one browser: its "
                           "seats cannot be invited.")
        found = self.storage.account_ids(names)
        for i, s in enumerate(spec):
            if s.get("invite"):
                got = found.get(s["invite"])
                if got is None:
                    raise ApiError(400, "unknown_account", f"Seat {i + 1}: there is no "
                                   f"account named {s['invite']!r}.")
                s["account_id"] = got[0]
                if s["name"] == " ".join(s["invite"].split())[:MAX_NAME]:
                    s["name"] = got[1][:MAX_NAME]       # the account's own spelling
        if account and not hotseat:
            mine = [s for s in spec if s.get("me")] or \
                [s for s in spec if s["kind"] == "human" and not s["open"] and
                 not s.get("invite")]
            if mine:
                mine[0]["account_id"] = account

    # ---- tokens -----------------------------------------------------------------------
    def seats_of(self, live: Live, token: str | None) -> set[int]:
        """Seats the token may act for (empty for spectators and wrong tokens)."""
        known = self._known_seats(live, token)
        if known is not None:
            return known
        h = hash_token(token or "")
        # an open seat may have been taken since this copy was read (maybe by another
        # worker), or a rematch host named: read the seats (and host) once more
        live.seats = self.storage.get_seats(live.row.id)
        row = self.storage.get_game(live.row.id)
        if row is not None and row.host_token_hash != live.row.host_token_hash:
            live.row.host_token_hash = row.host_token_hash
            if hmac.compare_digest(h, row.host_token_hash or ""):
                return {s.seat for s in live.seats if s.kind == "human"}
        acc = account_of(token)
        return {s.seat for s in live.seats
                if s.token_hash and hmac.compare_digest(h, s.token_hash) or
                acc and s.account == acc}

    def _require_seats(self, live: Live, token: str | None) -> set[int]:
        seats = self.seats_of(live, token)
        if not seats:
            if account_of(token):
                raise ApiError(403, "not_your_game", "You have no seat in this game (and "
                               "the request carries no seat's link).")
            raise ApiError(403 if token else 401, "bad_token",
                           "A valid seat token is required to act in this game.")
        return seats

    # ---- acting -----------------------------------------------------------------------
    def _commit(self, live: Live, entries: list[Entry],
                ready: dict[Any, bytes] | None = None) -> None:
        """Append entries already applied in memory; on a lost race drop the memory copy.
        ``ready``: reads of the new version prepared ahead (:meth:`prepare`), offered to
        readers once it is committed (before the live streams hear of it)."""
        if not entries:
            if live.broken:
                self.evict(live.row.id)
            return
        start = entries[0].idx
        try:
            self.storage.append(live.row.id, start, entries, live.status, live.to_act(),
                                bots_due=live.bot_to_act())
        except Exception:
            self.evict(live.row.id)
            raise
        self._stored(live, entries, ready)

    def _stored(self, live: Live, entries: list[Entry],
                ready: dict[Any, bytes] | None = None) -> None:
        """After ``entries`` were committed: offer the prepared reads, tell the streams."""
        if live.broken:
            self.evict(live.row.id)
        if ready is not None:
            live.ready = (live.version, ready)
        self.hub.publish(live.row.id, entries[0].idx + len(entries))
        if self.notifier is not None:
            self._notify(live, entries)

    def _notify(self, live: Live, entries: list[Entry]) -> None:
        """Hand the notifier who is now to act, or that the game ended (never those who
        just acted): a queue put, the sending happens in its thread."""
        from .notifications import Notice
        try:
            seats = live.seats
            actors = {seats[e.seat].account for e in entries
                      if isinstance(e.seat, int) and 0 <= e.seat < len(seats)}
            name = live.game.info.name
            if live.game.is_terminal:
                res = live.game.state.result()
                text = ("Won by " + ", ".join(live.game.players[i] for i in res.winners) +
                        ".") if res is not None else ""
                accs = list(dict.fromkeys(s.account for s in seats
                                          if s.account and s.account not in actors))
                self.notifier.changed(Notice(live.row.id, name, "end", accs, text))
            else:
                accs = list(dict.fromkeys(seats[i].account for i in live.to_act()
                                          if 0 <= i < len(seats) and seats[i].account and
                                          seats[i].account not in actors))
                self.notifier.changed(Notice(live.row.id, name, "turn", accs))
        except Exception:  # noqa: BLE001 - a notice must never fail a move
            log.exception("no notification for game %s", live.row.id)

    def _bot_entries(self, live: Live, limit: int,
                     deadline: float | None = None) -> list[Entry]:
        """Let bots act in memory (at most ``limit`` moves, none begun after
        ``deadline``, a ``time.monotonic()`` value)."""
        out: list[Entry] = []
        while live.bot_to_act() and len(out) < limit:
            if deadline is not None and out and time.monotonic() >= deadline:
                break
            seat = live.game.current_player
            seed = (live.row.seed * 1_000_003 + live.version) % MAX_SEED
            try:
                bot = make_bot(live.game.title, seed, live.seats[seat].bot)
            except BotSpecError:       # a kind this server no longer has: the default bot
                log.warning("game %s: no %s bot here; seat %s plays the default bot",
                            live.row.id, live.seats[seat].bot, seat)
                bot = make_bot(live.game.title, seed)
            action = bot.choose(live.game.state)
            line = _describe(live.game, action)
            try:
                normal = live.game.apply(action)
            except IllegalAction as exc:   # an engine fault; leave the game to a human look
                log.error("bot action refused in game %s: %s %s", live.row.id, action, exc)
                break
            except Exception:              # the state may be half-changed: reload it later
                log.exception("bot action crashed the engine in game %s: %s", live.row.id,
                              action)
                live.broken = True
                break
            live.lines.append(line)
            out.append(Entry(live.version, "action", seat, normal))
            live.version += 1
        return out

    def _run_bots(self, live: Live, limit: int = 0) -> None:
        """Hand the game to the bot runner if a bot is to act (``limit`` is unused: bots
        never act inside a request)."""
        if live.bot_to_act():
            self.bots.kick(live.row.id)

    def _check_version(self, live: Live, version: Any) -> None:
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError(400, "malformed", "'version' (the state version you saw) must be a "
                           "whole number.")
        if version != live.version:
            raise ApiError(409, "stale", f"The game has moved on (version {live.version}, you "
                           f"saw {version}); nothing was changed.", state=self.state_json(live))

    def act(self, game_id: str, token: str | None, version: Any, action: Any,
            encoded: bool = False) -> Any:
        live = self.get(game_id, at_least=_int_or_none(version))
        with live.lock:
            seats, entries = self._apply_action(live, token, version, action)
            try:
                self._commit(live, entries)
            except Conflict:
                self._refuse_lost_race(game_id)
            return self._acted(live, seats, encoded)

    async def act_on_loop(self, game_id: Any, token: str | None, version: Any,
                          action: Any) -> bytes | None:
        """:meth:`act` (encoded) served by the event loop itself, without a thread: on
        PostgreSQL, when the copy in memory is at ``version``, no other request or bot holds
        the game and a connection of the loop is free; the append is awaited, every other
        step takes well under a millisecond for the small games.  ``None`` when these do
        not hold (nothing done: the caller then calls :meth:`act` in a thread)."""
        if not self.storage.is_postgres or not isinstance(game_id, str) or \
                type(version) is not int:
            return None
        with self._guard:
            live = self._live.get(game_id)
        if live is None or live.version != version or live.broken or live.on_loop:
            return None
        if self._known_seats(live, token) is None:
            return None                    # the seats must be read again: in a thread
        conn = await self.storage.loop_connection()
        if conn is None:
            return None
        bad = False
        try:
            if live.on_loop or not live.lock.acquire(blocking=False):
                return None
            live.on_loop = True            # the lock is the loop thread's: keep others out
            try:
                seats, entries = self._apply_action(live, token, version, action)
                try:
                    await self.storage.append_async(
                        conn, game_id, entries[0].idx, entries, live.status, live.to_act(),
                        bots_due=live.bot_to_act())
                except BaseException as exc:
                    self.evict(game_id)
                    if not isinstance(exc, Conflict):
                        bad = True         # cut off mid-statement: not reused
                        raise
                    lost = True
                else:
                    lost = False
                    self._stored(live, entries)
                    return self._acted(live, seats, True)
            finally:
                live.on_loop = False
                live.lock.release()
        finally:
            await self.storage.loop_give_back(conn, bad)
        if lost:      # the refusal carries the state read again: in a thread
            await anyio.to_thread.run_sync(self._refuse_lost_race, game_id)
        return None

    def _apply_action(self, live: Live, token: str | None, version: Any,
                      action: Any) -> tuple[set[int], list[Entry]]:
        """Check and apply a player's action in memory (the lock held): the acting token's
        seats and the entry to store.  Raises :class:`ApiError` (nothing changed)."""
        seats = self._require_seats(live, token)
        self._check_version(live, version)
        if not isinstance(action, dict):
            raise ApiError(400, "malformed", "'action' must be an object with a 'type'.")
        action = dict(action)
        if "player" not in action and len(seats) == 1:
            action["player"] = next(iter(seats))
        if "player" not in action and live.game.current_player in seats:
            action["player"] = live.game.current_player
        if action.get("player") not in seats:
            raise ApiError(403, "wrong_seat", "Your token does not act for that seat.")
        line = _describe(live.game, action)
        try:
            normal = live.game.apply(action)
        except IllegalAction as exc:
            raise ApiError(422, exc.code, exc.message, reason=exc.to_json()) from None
        except Exception:
            self.evict(live.row.id)        # the engine failed; reload from the database
            raise
        live.lines.append(line)
        entries = [Entry(live.version, "action", action["player"], normal)]
        live.version += 1
        return seats, entries

    def _refuse_lost_race(self, game_id: str) -> None:
        fresh = self.get(game_id)
        raise ApiError(409, "stale", "Another request changed the game first; nothing "
                       "was changed.", state=self.state_json(fresh)) from None

    def _acted(self, live: Live, seats: set[int], encoded: bool) -> Any:
        """The answer to an action (the state and the token's next choices, made before the
        bots may take the lock), then the bots are told to answer."""
        legal = reader.legal(live, seats)
        out = self.state_bytes(live, seats, legal) if encoded else \
            dict(self.state_json(live, seats), legal=legal)
        self._run_bots(live)               # the bots answer after this response
        return out

    def undo(self, game_id: str, token: str | None, version: Any, encoded: bool = False) -> Any:
        """Take back the token's last action with the bots' answers to it (the rules are in
        :mod:`.undo`).  ``version`` is the one the client saw; bot moves made since do not
        make it stale (the player asks to take back the same action)."""
        for _ in range(3):              # a bot of another worker may commit meanwhile
            live = self.get(game_id)
            with live.lock:
                seats = self._require_seats(live, token)
                if type(version) is not int or version != live.version:
                    self._check_bots_since(live, version)
                try:
                    p = undo_rules.plan(live, seats)
                except undo_rules.Refused as exc:
                    raise ApiError(409, exc.code, exc.message) from None
                live.game.undo(p.count)
                del live.lines[max(0, len(live.lines) - p.count):]
                live.notices.append({"after": p.target, "text": p.text})
                entry = Entry(live.version, "undo", p.seat,
                              {"undo": p.target, "count": p.count, "text": p.text})
                live.version += 1
                try:
                    self._commit(live, [entry])
                except Conflict:
                    continue                    # the copy is evicted: read it again
                self._run_bots(live)
                return self.state_bytes(live, seats) if encoded else self.state_json(live,
                                                                                      seats)
        fresh = self.get(game_id)
        raise ApiError(409, "stale", "Another request changed the game first; nothing was "
                       "changed.", state=self.state_json(fresh))

    def _check_bots_since(self, live: Live, version: Any) -> None:
        """Accept a version older than the game's only if bots alone acted since (else the
        answer is 409 stale, or 400 for a version that is no number)."""
        gap = live.version - version if isinstance(version, int) else -1
        if isinstance(version, bool) or not 0 < gap <= 1000:
            self._check_version(live, version)
        bots = undo_rules.bot_seats(live)
        since = self.storage.entries(live.row.id, version)[:gap]
        if len(since) != gap or not all(e.kind == "action" and e.seat in bots for e in since):
            self._check_version(live, version)

    # ---- seats: joining, rematch, my games ------------------------------------------------
    def join(self, game_id: str, seat: Any, account: str | None = None,
             name: Any = None) -> dict[str, Any]:
        """Take an open seat (a human seat nobody holds and nobody is kept for): its token,
        returned once; a logged-in player's seat belongs to the account.  ``name``: the
        joining player's name (a logged-in player's is the account's); it replaces the
        seat's name while no move has been made (afterwards the log already names the
        seat)."""
        if name is not None:
            if not isinstance(name, str) or not " ".join(name.split()):
                raise ApiError(400, "bad_name", "'name' must be your name (text).")
            name = " ".join(name.split())
            if len(name) > MAX_NAME:
                raise ApiError(400, "bad_name", f"A name has at most {MAX_NAME} characters.")
        live = self.get(game_id)
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not 0 <= seat < len(live.seats):
            raise ApiError(400, "bad_seat", f"'seat' must be a seat number from 0 to "
                           f"{len(live.seats) - 1}.")
        with live.lock:
            if live.game.is_terminal:
                raise ApiError(409, "game_over", "The game is over; its seats can no longer "
                               "be joined.")
            s = live.seats[seat]
            if s.kind != "human" or s.token_hash or s.claim:
                raise ApiError(409, "seat_taken", f"Seat {seat + 1} ({s.name}) is not open.")
            token = new_token()
            players = None
            if name and name != s.name and live.version == 0:
                players = list(live.row.players)
                players[seat] = name
                if any(p.casefold() == name.casefold() for i, p in enumerate(players)
                       if i != seat):
                    raise ApiError(409, "name_taken", f"Another player of this game is "
                                   f"called {name!r}; choose another name.")
                try:
                    Game(live.row.title, players, live.row.seed, live.row.options)
                except RailyardError as exc:
                    raise ApiError(400, "bad_name", exc.message) from None
            if not self.storage.take_seat(game_id, seat, hash_token(token), account,
                                          players):
                live.seats = self.storage.get_seats(game_id)
                raise ApiError(409, "seat_taken", f"Seat {seat + 1} ({s.name}) was just taken "
                               "by someone else.")
            live.seats[seat] = replace(s, token_hash=hash_token(token), account=account)
        joined = players[seat] if players else s.name
        self._notify_join(live, seat, joined, account)
        if players is not None:
            self.evict(game_id)        # replayed with the new name when read again
        return {"id": game_id, "title": live.row.title, "seat": seat,
                "name": joined, "token": token}

    def _notify_join(self, live: Live, seat: int, name: str, account: str | None) -> None:
        """Tell the accounts seated in the game (its creator among them) that ``name``
        took open seat ``seat``, and how many seats are still open: a queue put."""
        if self.notifier is None:
            return
        from .notifications import Notice
        try:
            seats = live.seats
            accs = list(dict.fromkeys(s.account for s in seats if s.account and
                                      s.seat != seat and s.account != account))
            still = sum(1 for s in seats if s.kind == "human" and not s.token_hash and
                        not s.claim and s.seat != seat)
            rest = ("Every seat is taken now." if not still else
                    f"{still} seat{'s are' if still > 1 else ' is'} still open.")
            text = f"{name} took seat {seat + 1}. {rest}"
            self.notifier.changed(Notice(live.row.id, live.game.info.name, "join", accs,
                                         text))
        except Exception:  # noqa: BLE001 - a notice must never fail a join
            log.exception("no notification for game %s", live.row.id)

    def claim(self, game_id: str, token: Any) -> dict[str, Any]:
        """Put the seats a private link holds (``token``) into the logged-in account of
        the request (``token`` is a :class:`Credential`); the link keeps working."""
        acc = account_of(token)
        if not acc:
            raise ApiError(401, "login_required", "Log in to keep a seat in your account.")
        live = self.get(game_id)
        h = hash_token(token)
        with live.lock:
            live.seats = self.storage.get_seats(game_id)
            held = [s for s in live.seats if s.token_hash and hmac.compare_digest(h, s.token_hash)]
            if not held:
                raise ApiError(403, "bad_token", "This link is no seat of the game; nothing "
                               "was changed.")
            for s in held:
                if s.account and s.account != acc:
                    raise ApiError(409, "seat_owned", f"Seat {s.seat + 1} ({s.name}) belongs "
                                   "to another account; nothing was changed.")
            claimed = [s.seat for s in held
                       if self.storage.claim_for_account(game_id, s.seat, s.token_hash or "",
                                                         acc)]
            live.seats = self.storage.get_seats(game_id)
        return {"id": game_id, "seats": claimed}

    def account_games(self, account: str, limit: int = 200) -> list[dict[str, Any]]:
        """The games with a seat of ``account``: as the lobby lists them, plus the
        account's seats, opponents, whether it is its turn, who is thinking, when the log
        last grew (``last_move``; the account has been waited for since then when it is
        its turn) and, for a finished game, its result."""
        ids = self.storage.account_game_ids(account, limit)
        rows = self.storage.games(ids)
        seats = self.storage.seats_of_games(list(rows))
        last = self.storage.last_moves(list(rows))
        out = []
        for gid in ids:
            row = rows.get(gid)
            if row is None:
                continue
            ss = seats[gid]
            my = [s.seat for s in ss if s.account == account]
            to_act = [i for i in row.to_act if 0 <= i < len(ss)]
            entry = _row_json(row, ss)
            entry.update(my_seats=my, my_turn=row.status == "active" and any(
                i in my for i in to_act), thinking=[ss[i].name for i in to_act
                                                    if ss[i].kind == "bot"],
                opponents=[s.name for s in ss if s.seat not in my],
                last_move=last.get(gid, row.created))
            if row.status == "finished":
                entry["result"] = self.result_of(gid, my)
            out.append(entry)
        return out

    def result_of(self, game_id: str, mine: list[int]) -> dict[str, Any] | None:
        """A finished game's result (kept once computed: a finished game never changes):
        winners, scores by player, and the place of the seats ``mine``."""
        got = self._results.get(game_id)
        if got is None:
            try:
                live = self.get(game_id)
                with live.lock:
                    res = live.game.state.result()
                    players = list(live.game.players)
            except Exception:  # noqa: BLE001 - a game that cannot load: no result shown
                log.warning("no result for game %s", game_id)
                return None
            if res is None:
                return None
            got = {"winners": [players[i] for i in res.winners], "unit": res.unit,
                   "scores": [[players[i], sc] for i, sc in enumerate(res.scores)],
                   "raw": list(res.scores), "winner_seats": list(res.winners)}
            with self._guard:
                self._results[game_id] = got
                while len(self._results) > 5000:
                    self._results.popitem(last=False)
        out = {k: got[k] for k in ("winners", "unit", "scores")}
        if mine:
            best = max(got["raw"][i] for i in mine)
            out["won"] = any(i in got["winner_seats"] for i in mine)
            out["place"] = 1 + sum(1 for sc in got["raw"] if sc > best)
        return out

    def rematch_of(self, game_id: str) -> dict[str, Any]:
        self.get(game_id)
        return {"rematch": self.storage.rematch(game_id)}

    def rematch(self, game_id: str, token: str | None) -> tuple[bool, dict[str, Any]]:
        """A finished game's rematch: same title, options, players and bot kinds, a new seed.
        The first call creates it; every player of the finished game then gets new tokens
        for their own seats (the rematch keeps each human seat for its player; a hotseat
        token gets a hotseat token).  Returns ``(created, answer)``."""
        live = self.get(game_id)
        with live.lock:
            seats = self._require_seats(live, token)
            if not live.game.is_terminal:
                raise ApiError(409, "not_finished", "A rematch can be started when the game "
                               "is over.")
            old_seats = list(live.seats)
            row0 = live.row
        is_host = bool(row0.host_token_hash) and hmac.compare_digest(
            hash_token(token or ""), row0.host_token_hash or "")
        created = False
        new_id = self.storage.rematch(game_id)
        if new_id is None:
            try:
                game = Game(row0.title, row0.players, secrets.randbelow(MAX_SEED),
                            row0.options)
            except RailyardError as exc:
                raise ApiError(409, "unloadable_game", f"No rematch: {exc.message}") from None
            row = GameRow(new_game_id(), game.title, list(game.players), game.seed,
                          dict(game.options), now_iso(), None, live.status, [], 0)
            fresh = Live(row, [], game, 0, [])
            row.status, row.to_act = fresh.status, fresh.to_act()
            rows = [SeatRow(s.seat, s.kind, s.name, None, s.bot,
                            s.token_hash if s.kind == "human" else None, s.account)
                    for s in old_seats]
            try:
                self.storage.create_game(row, rows, rematch_of=game_id)
                created, new_id = True, row.id
            except Conflict:
                new_id = self.storage.rematch(game_id)
                if new_id is None:      # pragma: no cover - the id itself collided
                    raise ApiError(409, "stale", "Try the rematch again.") from None
        out: dict[str, Any] = {"id": new_id, "title": row0.title, "tokens": []}
        if is_host:
            host = new_token()
            self.storage.set_host(new_id, hash_token(host))
            out["host_token"] = host
        else:
            new_seats = {s.seat: s for s in self.storage.get_seats(new_id)}
            for seat in sorted(seats):
                old = old_seats[seat]
                if old.token_hash is None or new_seats.get(seat) is None:
                    continue
                tok = new_token()
                if self.storage.claim_seat(new_id, seat, hash_token(tok), old.token_hash):
                    out["tokens"].append({"seat": seat, "name": old.name, "token": tok})
        self.evict(new_id)               # read again with the seats just taken
        new = self.get(new_id)
        with new.lock:
            out["seats"] = _seats_json(new.seats)
            self._run_bots(new)
        return created, out

    def mine(self, items: Any) -> list[dict[str, Any]]:
        """The games of a browser: ``items`` = ``[{"id", "token"}]`` (at most 200); for each
        known game the token opens: title, players, status, whose turn, the token's seats,
        whether it is its turn and which bot is thinking.  Read from the stored rows (no
        game is replayed)."""
        if not isinstance(items, list) or len(items) > 200 or not all(
                isinstance(i, dict) and isinstance(i.get("id"), str) and
                isinstance(i.get("token"), str) and 0 < len(i["id"]) <= 64 and
                len(i["token"]) <= 200 for i in items):
            raise ApiError(400, "malformed", "'games' must be a list of at most 200 objects "
                           "with an 'id' and a 'token' (text).")
        ids = list(dict.fromkeys(i["id"] for i in items))
        rows = self.storage.games(ids)
        seats = self.storage.seats_of_games(list(rows))
        out = []
        for item in items:
            row = rows.get(item["id"])
            if row is None:
                continue
            h = hash_token(item["token"])
            if row.host_token_hash and hmac.compare_digest(h, row.host_token_hash):
                my = [s.seat for s in seats[row.id] if s.kind == "human"]
            else:
                my = [s.seat for s in seats[row.id]
                      if s.token_hash and hmac.compare_digest(h, s.token_hash)]
            if not my:
                continue
            entry = _row_json(row, seats[row.id])
            to_act = [i for i in row.to_act if 0 <= i < len(seats[row.id])]
            entry.update(my_seats=my, my_turn=row.status == "active" and any(
                i in my for i in to_act), thinking=[seats[row.id][i].name for i in to_act
                                                    if seats[row.id][i].kind == "bot"])
            out.append(entry)
        return out

    # ---- reading ----------------------------------------------------------------------
    def legal(self, game_id: str, token: str | None) -> dict[str, Any]:
        live = self.get(game_id)
        with live.lock:
            return reader.legal(live, self._require_seats(live, token))

    def routes(self, game_id: str, token: str | None, picks: Any = None,
               auto: bool = False) -> dict[str, Any]:
        """18xx route picking: check the trains' routes (hexes in click order) with the
        engine's rules on a copy of the state, or fill in the optimal ones; changes
        nothing."""
        from . import routes18xx
        live = self.get(game_id)
        with live.lock:
            seats = self._require_seats(live, token)
            try:
                if auto:       # the optimiser's answer, once per version (it can be slow)
                    key = (live.version, tuple(sorted(seats)))
                    if live.auto is None or live.auto[0] != key:
                        live.auto = (key, routes18xx.auto(live.game, seats))
                    out = dict(live.auto[1])
                else:
                    out = routes18xx.check(live.game, seats, picks)
            except routes18xx.RouteProblem as exc:
                raise ApiError(exc.status, "no_routes" if exc.status == 409 else "malformed",
                               exc.message) from None
            out["version"] = live.version
            return out

    @staticmethod
    def state_json(live: Live, seats: set[int] | None = None) -> dict[str, Any]:
        return reader.state_json(live, seats)

    @staticmethod
    def state_bytes(live: Live, seats: set[int] | None = None,
                    legal: dict[str, Any] | None = None) -> bytes:
        return reader.state_bytes(live, seats, legal)

    def state(self, game_id: str, token: str | None = None, encoded: bool = False,
              with_legal: bool = False, at_least: int | None = None) -> Any:
        """The state as the token sees it; ``with_legal`` adds the token's choices (for a
        seat's token) so a page needs one request per change.  ``at_least``: the version
        the reader knows of (from the live stream); a copy in memory that has it is
        answered without asking the database."""
        live = self.get(game_id, at_least=at_least)
        with live.lock:
            seats = self.seats_of(live, token) if token else None
            choices = reader.legal(live, seats) if with_legal and seats else None
            if encoded:
                return self.state_bytes(live, seats, choices)
            out = self.state_json(live, seats)
            return dict(out, legal=choices) if choices is not None else out

    def cached_state(self, game_id: Any, token: str | None, with_legal: bool,
                     at_least: int | None) -> bytes | None:
        """:meth:`state` (encoded) when it was prepared ahead (``Live.ready``, see
        :meth:`prepare`) for the version the copy in memory holds and the reader names
        (``at_least``: what its live stream announced), else ``None`` (the caller then asks
        :meth:`state` in a thread).  Takes no lock and never asks the database: the event
        loop answers such reads itself (on PostgreSQL, where several workers serve many
        players; one process on SQLite reads in threads as before)."""
        if at_least is None or not isinstance(game_id, str) or not self.storage.is_postgres:
            return None
        with self._guard:
            live = self._live.get(game_id)
        if live is None:
            return None
        ready = live.ready
        if ready is None or ready[0] != live.version or ready[0] < at_least or live.broken:
            return None
        seats = self._known_seats(live, token)
        if seats is None or len(seats) > 1 or (token and not seats):
            return None
        key = (next(iter(seats)), with_legal) if seats else (None, False)
        return ready[1].get(key)

    def _known_seats(self, live: Live, token: str | None) -> set[int] | None:
        """The token's seats when memory can tell (``None`` when :meth:`seats_of` would
        have to read the seats again)."""
        if not token:
            return set()
        h = hash_token(token)
        if live.row.host_token_hash and hmac.compare_digest(h, live.row.host_token_hash):
            return {s.seat for s in live.seats if s.kind == "human"}
        mine = {s.seat for s in live.seats
                if s.token_hash and hmac.compare_digest(h, s.token_hash)}
        acc = account_of(token)
        if acc:
            mine |= {s.seat for s in live.seats if s.account == acc}
        if not mine and any(s.kind == "human" and not s.token_hash for s in live.seats):
            return None
        return mine

    def prepare(self, live: Live) -> dict[Any, bytes] | None:
        """The reads of ``live``'s version that will come next, encoded ahead (each human
        seat's state with and without its choices, and the public state; see
        ``reader.answers``), for :meth:`_commit` to offer once the version is committed.
        The bot runner calls this, holding the lock, when a human is to act after its
        moves."""
        if live.broken or live.game.is_terminal or not self.storage.is_postgres:
            return None
        try:
            return reader.answers(live)
        except Exception:  # noqa: BLE001 - a read will compute (and report) it again
            log.exception("could not prepare the state of game %s", live.row.id)
            return None

    def board_svg(self, game_id: str) -> str:
        """The board drawing, made once per version."""
        from .render import render_board
        live = self.get(game_id)
        with live.lock:
            if live.svg is None or live.svg[0] != live.version:
                live.svg = (live.version, render_board(self.state_json(live)))
            return live.svg[1]

    def full_log(self, game_id: str) -> list[str]:
        live = self.get(game_id)
        with live.lock:
            return list(live.lines)

    def export(self, game_id: str) -> dict[str, Any]:
        live = self.get(game_id)
        with live.lock:
            info = live.game.info
            if live.game.hidden_information and not live.game.is_terminal:
                raise ApiError(403, "hidden_information", f"{info.name} has hidden "
                               "information (the save holds the seed of the shuffled deck); "
                               "it can be exported when the game is over.")
            return live.game.to_save()

    def import_save(self, save: Any, seats: Any = None, hotseat: bool = False) -> dict[str, Any]:
        """Import a railyard save, or an 18xx.games export (replayed through our rules).

        The save is checked and replayed in memory first; the game, its seats and all its
        entries are then written in one transaction (nothing is stored if that fails).
        Player names are limited as at creation (:data:`MAX_NAME` characters, blanks
        collapsed); the status, who is to act and ``bot_due`` are those of the replayed
        game, so a finished game is listed as finished and bots to act start at once."""
        if not isinstance(save, dict):
            raise ApiError(400, "not_a_save", "'save' must be a railyard save object.")
        if "format" not in save and "actions" in save and "players" in save:
            game = _from_18xx(save)
        else:
            try:
                game = Game.from_save(save)
            except RailyardError as exc:
                raise ApiError(400, exc.code, exc.message) from None
        _refuse_known_seed(game, "an unfinished save (it holds the seed)",
                           not game.is_terminal)
        players = list(game.players)
        if seats is None:
            seats = [{"kind": "human"} for _ in players]
        if not isinstance(seats, list) or len(seats) != len(players):
            raise ApiError(400, "bad_seats", f"The save has {len(players)} players; give as "
                           "many seats.")
        spec = _check_seats([dict(s, name=p) if isinstance(s, dict) else s
                             for s, p in zip(seats, players)])
        names = [s["name"] for s in spec]
        try:
            fresh = Game(game.title, names, game.seed, game.options)
        except RailyardError as exc:         # e.g. two names alike in their first 40 letters
            raise ApiError(400, exc.code, exc.message) from None
        tokens, seat_rows = _seat_rows(spec, names)
        host = new_token() if hotseat else None
        row = GameRow(new_game_id(), fresh.title, list(fresh.players), fresh.seed,
                      dict(fresh.options), now_iso(), host and hash_token(host), "active", [],
                      0)
        live = Live(row, seat_rows, fresh, 0, [])
        entries = []
        try:
            for action in game.log:
                entry = Entry(live.version, "action", action.get("player"), action)
                self._apply_entry(live, entry)
                entries.append(entry)
        except RailyardError as exc:  # pragma: no cover - the names do not change the rules
            raise ApiError(400, exc.code, f"The save does not replay: {exc.message}") from None
        row.status, row.to_act, row.version = live.status, live.to_act(), live.version
        self.storage.create_game(row, seat_rows, entries)
        self._keep(row.id, live)
        with live.lock:
            self._run_bots(live)
        out: dict[str, Any] = {"id": row.id, "title": row.title, "tokens": tokens,
                               "seats": _seats_json(seat_rows)}
        if host:
            out["host_token"] = host
        return out

    def open_games(self, limit: int = 300) -> list[dict[str, Any]]:
        """Active games with a seat anyone may join (newest first), with their options
        (those of short values: uploaded content is left out) for the lobby's filters."""
        rows = self.storage.list_games(limit, status="active")
        seats = self.storage.seats_of_games([r.id for r in rows])
        out = []
        for row in rows:
            entry = _row_json(row, seats.get(row.id, []))
            if not entry["open_seats"]:
                continue
            entry["options"] = {k: v for k, v in row.options.items()
                                if isinstance(v, (bool, int, float)) or
                                isinstance(v, str) and len(v) <= 60}
            out.append(entry)
        return out

    def list(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = self.storage.list_games(limit)
        seats = self.storage.seats_of_games([r.id for r in rows])
        return [_row_json(row, seats.get(row.id, [])) for row in rows]

    # ---- background bots ----------------------------------------------------------------
    def resume_bots(self) -> int:
        """At start-up: let bots continue every game waiting for a bot, and from now on look
        for such games every few seconds (those of a worker that died); on PostgreSQL also
        start listening for other workers' commits.  Returns how many games were found."""
        self._listen()
        n = self.bots.scan(all_due=True)
        self.bots.start_scanning()
        return n

    def wait_bots_idle(self, timeout: float = 30.0) -> bool:
        """For tests and shutdown: wait until no game of this process waits for its bots."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.bots.idle():
                return True
            time.sleep(0.02)
        return False

    def close(self) -> None:
        if self.notifier is not None:
            self.notifier.stop()
        self.bots.stop()
        if self.listener is not None:
            self.listener.stop()
        self.storage.close()


def _seat_rows(spec: list[dict[str, Any]],
               names: list[str]) -> tuple[list[dict[str, Any]], list[SeatRow]]:
    """A token for every human seat but the open ones (returned once) and the seat rows
    (token hashes, bot kinds)."""
    tokens: list[dict[str, Any]] = []
    rows = []
    for i, s in enumerate(spec):
        token = None
        if s["kind"] == "human" and not s.get("open"):
            token = new_token()
            tokens.append({"seat": i, "name": names[i], "token": token})
        rows.append(SeatRow(i, s["kind"], names[i], token and hash_token(token),
                            s.get("bot") if s["kind"] == "bot" else None,
                            account=s.get("account_id")))
    return tokens, rows


def _seats_json(seats: list[SeatRow]) -> list[dict[str, Any]]:
    """Seats as readers see them: kind, name, a bot's kind, whether a human seat is open."""
    out = []
    for s in seats:
        d: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name}
        if s.kind == "bot":
            d["bot"] = s.bot or "default"
        elif not s.token_hash:
            d["open"] = not s.claim          # kept for a player of the previous game: False
        out.append(d)
    return out


def _row_json(row: GameRow, seats: list[SeatRow]) -> dict[str, Any]:
    """A game as the lobby lists it (from its stored row: nothing replayed)."""
    try:
        name = get_title(row.title).name
    except RailyardError:
        name = row.title
    return {"id": row.id, "title": row.title, "title_name": name, "players": row.players,
            "status": row.status, "version": row.version, "created": row.created,
            "to_act": [row.players[i] for i in row.to_act if 0 <= i < len(row.players)],
            "open_seats": [{"seat": s.seat, "name": s.name} for s in seats
                           if s.kind == "human" and not s.token_hash and not s.claim
                           and row.status == "active"]}


def _from_18xx(data: dict[str, Any]) -> Game:
    """The game an 18xx.games export replays to (any title with an import adapter)."""
    try:
        from ..eighteen.import18xx import import_export
    except ImportError:
        raise ApiError(400, "unsupported", "Importing 18xx.games exports is not available.") \
            from None
    try:
        game, _ = import_export(data)
        game.keep_events()          # the page's log and table read the state's events
    except RailyardError as exc:
        raise ApiError(400, exc.code, exc.message) from None
    except Exception as exc:  # noqa: BLE001 - a hostile file must not crash the server
        log.warning("18xx.games import failed: %r", exc)
        raise ApiError(400, "bad_export", "This 18xx.games export cannot be read.") from None
    return game


def _refuse_known_seed(game: Game, what: str, known: bool) -> None:
    """Issue 15, point 4: in a title with hidden information the seed fixes what the
    players must not know, so it comes from the server only -- a game whose seed the
    client knows (``known``: it chose the seed, or sends a save of an unfinished game,
    which holds it) is refused."""
    if game.hidden_information and known:
        raise ApiError(400, "hidden_information", f"{game.info.name} hides information "
                       f"that its seed fixes, so the server picks the seed: {what} "
                       "cannot be given. Nothing was created.")


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _describe(game: Game, action: Any) -> str:
    try:
        return str(game.state.describe(action))
    except Exception:
        return f"{action}"
