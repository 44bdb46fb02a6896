"""The state shape shared by the 18xx titles: static facts in ``self.st``, everything that
changes in one plain dict ``self.s`` (only lists, dicts, strings, numbers, booleans).

That shape gives every title the same cheap mechanisms: ``clone`` copies ``s``, the
fingerprint is all of ``s`` (no hidden information in 1830 or 1870), and the result is each
player's final worth.  The rules check an action before they change anything, so a refused
action leaves ``s`` untouched without a snapshot (``Game.apply`` rebuilds the state from its
checkpoint should the rules ever raise inside, :attr:`DictState.refused_inside`).  Beside
``s`` a state keeps ``events`` (:mod:`.events`) when asked to (:meth:`DictState.record_events`,
as ``Game`` does): what each action did, for the log.
"""
from __future__ import annotations

import marshal
from typing import Any, Callable, Mapping, NoReturn, cast

from ..engine.actions import Action, Choice
from ..engine.errors import NOT_ALLOWED, WRONG_PHASE, IllegalAction
from ..engine.state import GameState, Result, winners_by_max
from . import shares as sh
from .events import changes, end_text, story, watch

#: the players agree to end the game at once (18xx.games ``end_game``); not a rule of the
#: rulebooks, so never listed among the legal choices; the result is the worth at that moment
END_GAME = "end_game"

_PHASES: dict = {}     # (id of the phases' data, phase name) -> (that data, its entry)


class DictState(GameState):
    """Base of the 18xx title states; subclasses set ``st``, ``s`` and :attr:`rounds`."""

    st: Any
    s: dict
    #: the title's rounds by ``s["round"]`` (``"auction"``, ``"stock"``, ``"operating"``):
    #: each with ``actor(g)``, ``legal(g)`` and ``apply(g, action)``
    rounds: Mapping[str, Any]
    events: Any = ()        # (action index, kind, data) per event; a list once one happens
    acts: int = 0           # actions applied to this state since the start of the game
    #: whether events are recorded (:meth:`record_events`; off for states no ``Game`` reads
    #: the story of: bots' clones of a fresh state, environments, playouts)
    records_events: bool = False
    #: set when the rules raised while applying an action (a refusal or an error): the
    #: state may then differ from before, and ``Game.apply`` rebuilds it
    refused_inside: bool = False

    #: the bank breaks when a payment leaves it with $0 or less (1830, 25.0); a title where
    #: it breaks only when it has to pay more than it holds sets False (1870, 10.1.1)
    bank_breaks_at_zero = True

    @property
    def current_player(self) -> int | None:
        s = self.s
        return None if s["ended"] else self.rounds[s["round"]].actor(self)

    def legal_actions(self) -> list[Choice]:
        if self.current_player is None:
            return []
        return self.rounds[self.s["round"]].legal(self)

    def apply(self, action: Any) -> Action:
        """``GameState.apply``; an action its seat may take out of turn
        (:meth:`out_of_turn`) skips the engine's turn check."""
        if isinstance(action, Mapping) and self.out_of_turn(action):
            return self._apply(action)
        return super().apply(action)

    apply_action = apply

    def out_of_turn(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` is one its seat may take out of turn: the players' agreement
        to end the game (any seat, any time); a title adds its own."""
        p = action.get("player")
        return (action.get("type") == END_GAME and isinstance(p, int)
                and not isinstance(p, bool) and 0 <= p < len(self.players)
                and not self.s["ended"])

    def _dispatch(self, action: Mapping[str, Any]) -> Action:
        """The rules of one action: the players' end of the game, else the round's."""
        if action.get("type") == END_GAME:
            self.end_game("ended by the players")
            return {"type": END_GAME, "player": action["player"]}
        return cast(Action, self.rounds[self.s["round"]].apply(self, action))

    # ---- rules both titles share (issue 27: written once) ---------------------------------
    def new_state(self, layout: str, corp: Callable[[], dict], bank: int, **own: Any) -> dict:
        """A new game's ``s`` (1830 2.0, 1870 1.2-1.6): the first phase, the private sale
        begun, each player's starting cash from the ``bank``, the privates unsold, every
        corporation with the fields ``corp()`` makes and all its certificates in the
        initial offering, no tiles or tokens laid, the full tile supply and depot; and the
        title's ``own`` keys.  The keys are in the order ``layout`` names them (the state's
        fingerprint, and so the golden traces, keep that order)."""
        n = len(self.players)
        st = self.st
        start = st.starting_cash[n]
        core = {
            "round": "auction", "phase": st.phases[0]["name"], "or_num": 0, "or_total": 1,
            "cash": [start] * n, "bank": bank - start * n, "bank_broken": False,
            "priority": 0, "companies": {p: {"owner": None, "closed": False} for p in st.privates},
            "corps": {c: corp() for c in st.corp_order},
            "holders": {c: sh.new_holders(c) for c in st.corp_order},
            "stacks": {}, "tiles": {}, "tokens": {},
            "supply": {name: t.count for name, t in st.board.tiles.items()},
            "depot": {t.name: t.count for t in st.trains}, "train_pool": [],
            "auction": self.rounds["auction"].initial(n), "stock": None, "op": None,
            "ended": False, "end_reason": None, **own}
        return {k: core[k] for k in layout.split()}

    def price(self, corp: str) -> int:
        """The share price of a started corporation."""
        return self.st.market.price(self.s["corps"][corp]["pos"])

    def pay_from_bank(self, amount: int) -> None:
        """The bank pays; when it runs dry it is broken (see :attr:`bank_breaks_at_zero`)
        and payments continue (1830 25.0, 1870 10.1.1)."""
        s = self.s
        s["bank"] -= amount
        if (s["bank"] <= 0) if self.bank_breaks_at_zero else (s["bank"] < 0):
            s["bank_broken"] = True

    def worth(self, seat: int) -> int:
        """Cash + shares at market price (none for a closed corporation) + open privates at
        face value (1830 25.0 / 23.3, 1870 10.4.1)."""
        s = self.s
        total = s["cash"][seat]
        corps = s["corps"]
        for c, h in s["holders"].items():
            corp = corps[c]
            pos = corp["pos"]
            if pos is None or corp.get("closed"):
                continue
            total += sh.percent(h, str(seat)) * self.st.market.price(pos) // 10
        for sym, comp in s["companies"].items():
            if comp["owner"] == f"p{seat}" and not comp["closed"]:
                total += self.st.privates[sym].value
        return total

    def set_pos(self, corp: str, pos: list[int]) -> None:
        """Move a price marker: one arriving on an occupied cell goes under the markers
        there, one that does not move keeps its place (1830 8.2, 1870 3.3.6); then the
        title's :meth:`price_moved`."""
        s = self.s
        old = s["corps"][corp]["pos"]
        if old is not None:
            if old == list(pos):
                return
            s["stacks"][f"{old[0]},{old[1]}"].remove(corp)
        s["stacks"].setdefault(f"{pos[0]},{pos[1]}", []).append(corp)
        s["corps"][corp]["pos"] = list(pos)
        self.price_moved(corp, pos)

    def price_moved(self, corp: str, pos: list[int]) -> None:
        """A title's hook after a price marker moved (nothing by default)."""

    def update_president(self, corp: str) -> None:
        """A player holding more than the president takes the presidency and swaps two 10 %
        shares for the president's certificate (1830 13.0, 1870 7.2.1)."""
        c = self.s["corps"][corp]
        h = self.s["holders"][corp]
        cur = c["president"]
        if cur is None:
            return
        new = sh.new_president(h, cur, len(self.players))
        if new != cur:
            sh.transfer_presidency(h, corp, cur, cast(int, new))
            c["president"] = new

    def phase_info(self) -> dict:
        """The current phase's facts (static data: read, never changed), looked up once
        per phase name."""
        phases = self.st.phases
        key = (id(phases), self.s["phase"])
        hit = _PHASES.get(key)
        if hit is None or hit[0] is not phases:
            hit = _PHASES[key] = (phases, next(p for p in phases if p["name"] == key[1]))
        return hit[1]

    def company_owner(self, sym: str) -> str | None:
        """``"p<seat>"``, ``"c<corporation>"`` or ``None`` (unsold or closed)."""
        comp = self.s["companies"][sym]
        return None if comp["closed"] else comp["owner"]

    def end_game(self, reason: str) -> None:
        self.s["ended"] = True
        self.s["end_reason"] = reason

    def _apply(self, action: Mapping[str, Any]) -> Action:
        """Run the rules of one action (``_dispatch``).  No snapshot is taken: the rules
        check before they change anything, so a refused action leaves ``s`` as it was
        (``tests/engine/test_refusals.py`` tries refused actions over random games of
        both titles); should a refusal or an error still come from inside the rules,
        :attr:`refused_inside` is set and ``Game.apply`` rebuilds the state from its
        checkpoint and log.  The events the state sees change (:func:`.events.watch`)
        are looked for only while :attr:`records_events` is set."""
        acts = self.__dict__.get("acts", 0)
        records = self.records_events
        if records:
            events = self.__dict__.setdefault("events", [])
            mark = len(events)
            before = watch(self)
        try:
            out = self._dispatch(action)
        except BaseException:
            if records:
                del events[mark:]
            self.refused_inside = True
            raise
        if records:
            events.extend((acts, kind, data) for kind, data in changes(self, before))
        self.acts = acts + 1
        return out

    def record_events(self, on: bool = True) -> None:
        """Keep ``events`` from now on (``Game`` asks for them where its story, log or table
        is read; clones keep the setting)."""
        self.records_events = on

    def random_playout(self, bot: Any, max_actions: int) -> int:
        """Play random actions until the game ends or ``max_actions`` were played; returns
        the number played (``railyard bench``'s playouts, search).  ``bot`` is a
        :class:`~railyard.bots.random_bot.RandomBot`; each action is the title's
        :meth:`playout_step`, without what only the engine contract needs: the turn and
        shape checks and the events found by comparing the state before and after (events
        the rules record themselves are kept where the state records events).  So a
        playout reaches the same position as the bot's game through ``apply()``;
        ``tests/eighteen/test_playout.py`` checks this step by step."""
        step = self.playout_step
        played = 0
        acts = self.__dict__.get("acts", 0)
        while played < max_actions and self.current_player is not None:
            step(bot)
            played += 1
            acts += 1
            self.acts = acts
        return played

    def playout_step(self, bot: Any) -> None:
        """One action of :meth:`random_playout`: ``bot.choose_from`` picks from
        ``legal_actions()``, as ``RandomBot.choose`` does (same draws from its generator),
        and the rules run it (``_dispatch``, which still checks it).  A title lists and
        runs its frequent positions faster (``games/g1830/playout.py``,
        ``games/g1870/playout.py``)."""
        choices = self.legal_actions()
        if not choices:
            raise ValueError("no legal action: the game is over")
        self._dispatch(bot.choose_from(choices, self.title))

    def event(self, kind: str, /, **data: Any) -> None:
        """Record what happened during the action being applied (:mod:`..events`), if events
        are recorded (:attr:`records_events`)."""
        if self.records_events:
            self.__dict__.setdefault("events", []).append((self.__dict__.get("acts", 0),
                                                           kind, data))

    def clone(self) -> "DictState":
        other = type(self).__new__(type(self))
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.st = self.st
        other.s = marshal.loads(marshal.dumps(self.s))
        if self.records_events:
            other.records_events = True
            other.events = list(self.__dict__.get("events", ()))
        other.acts = self.__dict__.get("acts", 0)
        return other

    # ---- the story (Game.story): the events this state records anyway --------------------
    def begin_notes(self) -> Any:
        return len(self.__dict__.get("events", ()))

    def take_notes(self, mark: Any) -> Any:
        """The events the action added (they stay in ``events`` too, for the 18xx table)."""
        return tuple(self.__dict__.get("events", ())[mark:])

    def tell(self, notes: Any) -> list[str]:
        """The sentences of the events, as the 18xx table tells them (:func:`.events.story`);
        the end of the game is left to the story's last line."""
        events = [e for e in notes if e[1] != "game_end"]
        return [t for lines in story(events, self.players).values() for t in lines]

    def end_sentence(self) -> str:
        return f"The game ends: {end_text(self.s.get('end_reason'))}."

    def score_parts(self, seat: int) -> list[list[Any]]:
        """Cash, each corporation's shares at its market price, open privates at face
        value: the parts of :meth:`worth` (1830 25.0, 1870 10.4.1)."""
        s = self.s
        parts: list[list[Any]] = [["cash", s["cash"][seat]]]
        for c, h in s["holders"].items():
            corp = s["corps"][c]
            pct = sh.percent(h, str(seat))
            if not pct or corp["pos"] is None or corp.get("closed"):
                continue
            price = self.st.market.price(corp["pos"])
            parts.append([f"{pct}% of {c} at ${price} a share", pct * price // 10])
        for sym, comp in s["companies"].items():
            if comp["owner"] == f"p{seat}" and not comp["closed"]:
                parts.append([f"{sym} (private company, face value)",
                              self.st.privates[sym].value])
        return parts

    def counts(self, corp: str, projected: bool = True) -> bool:
        """The shares of ``corp`` count against the certificate limit: always before it has
        a price, else unless its price is in a zone that does not count (the market's: 1830
        10.0 yellow, orange, brown; 1870 3.1.2 yellow, green, brown).  1870 overrides it
        for sales waiting for price protection (``projected``, 6.2.6)."""
        pos = self.s["corps"][corp]["pos"]
        return pos is None or self.st.market.counts_for_cert_limit(pos)

    def cert_count(self, seat: int, projected: bool = True) -> int:
        """Certificates ``seat`` holds that count against the limit: each open private and
        each share of a corporation whose shares count (:meth:`counts`; 1830 10.0, 1870
        3.1.2)."""
        owner = f"p{seat}"
        n = sum(1 for comp in self.s["companies"].values()
                if comp["owner"] == owner and not comp["closed"])
        key = str(seat)
        counts = self.counts
        for c, h in self.s["holders"].items():
            held = h.get(key)
            if held and counts(c, projected):
                n += len(held)
        return n

    def result(self) -> Result | None:
        if not self.s["ended"]:
            return None
        scores = tuple(self.worth(i) for i in range(len(self.players)))
        return Result(scores, winners_by_max(scores), "worth", {"reason": self.s["end_reason"]})

    def fingerprint(self) -> Any:
        """All of the state (no hidden information)."""
        return marshal.loads(marshal.dumps(self.s))

    def fail(self, message: str, code: str = NOT_ALLOWED) -> NoReturn:
        raise IllegalAction(message, code)

    def wrong_phase(self, message: str) -> NoReturn:
        raise IllegalAction(message, WRONG_PHASE)
