"""OpenSpiel games of the railyard titles: ``import railyard.envs.openspiel`` registers each
title whose encoder is present as ``railyard_<slug with - as _>`` (``railyard_1830``,
``railyard_chicago_express``, ...), a Python game loaded with
``pyspiel.load_game("railyard_chicago_express", {"players": 3})``.

Game parameters: ``players`` (default ``DEFAULT_PLAYERS``), ``cap`` (the episode cap in
actions, default the environments' cap of the title, :func:`default_cap`; a smaller cap
makes a short game for tests and search), ``setups``
(the number of set-ups chance picks from, default 1000).

Game type: sequential, terminal rewards, constant-sum (``utility_sum`` 1: the engine's
returns, 1 for a sole winner, shared on a tie, 0 otherwise; a game cut at the cap is
scored by the rules' score at that moment, core.py).  Information: perfect for Chicago Express, American Rails,
1830 and 1870; imperfect for North American Railways (hidden money and box shares).

Chance: explicit where the set-up is random.  North American Railways shuffles its share
and city columns and American Rails (3 players) draws the company left out; both from
railyard's game seed.  Their OpenSpiel game starts with one chance node whose outcome
``k`` (``0 .. setups-1``, uniform) is the seed of the game: the set-up of railyard's game
``k``.  Titles whose set-up is fixed (Chicago Express, 1830, 1870; American Rails with 4
or 5 players) have no chance node and are played with seed 0.

Actions are the encoder's ids; observation tensors its ``observation`` (what the seat
may see), information-state tensors its ``information_state`` (NAR) ; strings for
debugging.  States clone by cloning the engine state; serialised states are rebuilt by
replaying the ids (``pyspiel.serialize_game_and_state`` works).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..engine.registry import get_title
from . import titles
from .core import Episode

#: titles whose set-up depends on the seed (for some player count): chance picks the seed
SEEDED_SETUP = {
    "north-american-railways": lambda players: True,
    "american-rails": lambda players: players == 3,
}
#: titles with hidden information (the observation differs from the full state)
IMPERFECT = {"north-american-railways"}
DEFAULT_PLAYERS = {"chicago-express": 3, "north-american-railways": 4, "american-rails": 4,
                   "1830": 4, "1870": 4}
DEFAULT_SETUPS = 1000

#: encoders by (slug, players), shared by the games and states of those parameters
_ENCODERS: dict[tuple, Any] = {}


def game_name(slug: str) -> str:
    return "railyard_" + slug.replace("-", "_")


class _Play:
    """The engine side of a state: the episode (state, steps) and the ids played.  Deep
    copies clone the engine state (OpenSpiel's ``clone``); pickling keeps the parameters
    and the ids and replays them (OpenSpiel's serialisation)."""

    def __init__(self, slug: str, players: int, cap: int, encoder: Any) -> None:
        self.ep = Episode(slug, players, None, cap, encoder)
        self.ids: list[int] = []
        self.started = False

    def __deepcopy__(self, memo: dict) -> "_Play":
        other = _Play.__new__(_Play)
        ep = Episode.__new__(Episode)
        ep.__dict__.update(self.ep.__dict__)
        if self.ep.state is not None:
            ep.state = self.ep.state.clone()
        ep._ids = None
        other.ep = ep
        other.ids = list(self.ids)
        other.started = self.started
        return other

    def __reduce__(self) -> tuple:
        ep = self.ep
        return (_rebuild, (ep.slug, ep.players, ep.cap, self.started, ep.seed, list(self.ids)))


def _rebuild(slug: str, players: int, cap: int, started: bool, seed: int,
             ids: list[int]) -> _Play:
    enc = _encoder(slug, players)
    play = _Play(slug, players, cap, enc)
    if started:
        play.ep.replay(seed, ids)
        play.ids = list(ids)
        play.started = True
    return play


def _encoder(slug: str, players: int) -> Any:
    key = (slug, players)
    enc = _ENCODERS.get(key)
    if enc is None:
        enc = _ENCODERS[key] = titles.make_encoder(slug, players, None)
    return enc


_NAMES: dict[int, tuple[Any, list[str] | None]] = {}


def _names(enc: Any) -> list[str] | None:
    """The encoder's id names, made once per encoder."""
    got = _NAMES.get(id(enc))
    if got is None or got[0] is not enc:
        try:
            names = enc.action_names()
        except (AttributeError, NotImplementedError):
            names = None
        got = _NAMES[id(enc)] = (enc, names)
    return got[1]


def default_cap(slug: str) -> int:
    """The cap of a game without the ``cap`` parameter: the encoder's ``action_cap`` where
    it has one, else ``titles.CAPS`` (the environments' rule, core.py)."""
    enc = _encoder(slug, DEFAULT_PLAYERS.get(slug, get_title(slug).min_players))
    return int(getattr(enc, "action_cap", None) or titles.cap(slug))


def _game_type(slug: str) -> Any:
    info = get_title(slug)
    seeded = slug in SEEDED_SETUP
    imperfect = slug in IMPERFECT
    GT = pyspiel.GameType
    return GT(
        short_name=game_name(slug),
        long_name=f"railyard {info.name}",
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.EXPLICIT_STOCHASTIC if seeded else GT.ChanceMode.DETERMINISTIC,
        information=(GT.Information.IMPERFECT_INFORMATION if imperfect
                     else GT.Information.PERFECT_INFORMATION),
        utility=GT.Utility.CONSTANT_SUM,
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=imperfect,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": DEFAULT_PLAYERS.get(slug, info.min_players),
                                 "cap": default_cap(slug), "setups": DEFAULT_SETUPS})


def _register(slug: str) -> None:
    gtype = _game_type(slug)
    seeded_for = SEEDED_SETUP.get(slug, lambda players: False)

    class Game(pyspiel.Game):
        __doc__ = f"railyard's {slug} as an OpenSpiel game (module docstring)."

        def __init__(self, params: dict | None = None) -> None:
            params = dict(params or {})
            players = int(params.get("players", gtype.parameter_specification["players"]))
            cap = int(params.get("cap", gtype.parameter_specification["cap"]))
            setups = int(params.get("setups", DEFAULT_SETUPS))
            if cap < 1 or setups < 1:
                raise ValueError(f"{game_name(slug)}: cap and setups must be at least 1")
            self.slug, self.players, self.cap, self.setups = slug, players, cap, setups
            self.encoder = _encoder(slug, players)
            self.chance = seeded_for(players)
            enc = self.encoder
            info = pyspiel.GameInfo(
                num_distinct_actions=enc.num_actions,
                max_chance_outcomes=setups if self.chance else 0,
                num_players=players,
                min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                max_game_length=cap + (1 if self.chance else 0))
            super().__init__(gtype, info, {"players": players, "cap": cap, "setups": setups})

        def new_initial_state(self) -> "State":
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "Observer":
            return Observer(self, iig_obs_type, params)

    class State(pyspiel.State):
        def __init__(self, game: Game) -> None:
            super().__init__(game)
            self.play = _Play(slug, game.players, game.cap, game.encoder)
            self.setups = game.setups
            if not game.chance:
                self.play.ep.reset(0)
                self.play.started = True

        def current_player(self) -> int:
            play = self.play
            if not play.started:
                return pyspiel.PlayerId.CHANCE
            seat = play.ep.to_act
            return pyspiel.PlayerId.TERMINAL if seat is None else seat

        def _legal_actions(self, player: int) -> list[int]:
            play = self.play
            if not play.started or player != play.ep.to_act:
                return []
            return list(play.ep.legal_ids())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            p = 1.0 / self.setups
            return [(k, p) for k in range(self.setups)]

        def _apply_action(self, action: int) -> None:
            play = self.play
            if not play.started:
                play.ep.reset(int(action))
                play.started = True
                return
            play.ep.step(int(action))
            play.ids.append(int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"set-up of seed {action}"
            names = _names(self.play.ep.encoder)
            return names[action] if names else f"action {action}"

        def is_terminal(self) -> bool:
            return self.play.started and self.play.ep.done

        def returns(self) -> list[float]:
            play = self.play
            if not play.started:
                return [0.0] * play.ep.players
            return [float(r) for r in play.ep.returns()]

        def __str__(self) -> str:
            play = self.play
            if not play.started:
                return f"{game_name(slug)}: set-up not drawn yet"
            seat = play.ep.state.current_player
            return play.ep.encoder.observation_string(play.ep.state,
                                                      0 if seat is None else seat)

    class Observer:
        """Observation (``perfect_recall=False``) or information state (``True``) of a
        seat, as OpenSpiel's PyObserver interface wants it (``tensor``, ``dict``,
        ``set_from``, ``string_from``)."""

        def __init__(self, game: Game, iig_obs_type: Any, params: Any) -> None:
            if params:
                raise ValueError(f"{game_name(slug)}: observation parameters are not "
                                 f"supported ({params!r})")
            enc = game.encoder
            self.encoder = enc
            self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            shape = enc.info_shape if self.recall and enc.info_shape else enc.obs_shape
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

        def set_from(self, state: State, player: int) -> None:
            play = state.play
            if not play.started:
                self.tensor.fill(0.0)
                return
            enc = self.encoder
            if self.recall and enc.info_shape:
                self.tensor[:] = enc.information_state(play.ep.state, player).reshape(-1)
            else:
                enc.observation(play.ep.state, player, self.tensor.reshape(enc.obs_shape))

        def string_from(self, state: State, player: int) -> str:
            play = state.play
            if not play.started:
                return "set-up not drawn yet"
            text = self.encoder.observation_string(play.ep.state, player)
            if self.recall:
                # the seat's record: every action (all are public), not the chance outcome
                text += "\nactions: " + " ".join(map(str, play.ids))
            return text

    Game.__qualname__ = f"{game_name(slug)}.Game"
    State.__qualname__ = f"{game_name(slug)}.State"
    pyspiel.register_game(gtype, Game)
    GAMES[slug] = Game


#: slug -> the registered Game class
GAMES: dict[str, Any] = {}

for _slug in titles.available():
    if game_name(_slug) not in pyspiel.registered_names():
        _register(_slug)
