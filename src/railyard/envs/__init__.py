"""railyard for AI research: the five titles as standard environments.

On top of the engine (like the web; nothing below imports it).  Needs the optional extra
``rl`` (``pip install railyard[rl]``: numpy, PettingZoo, Gymnasium, OpenSpiel).

- ``titles``: per title an *encoder* (``make_encoder(slug, players, options)``): fixed
  action ids with a legal-action mask, the seat's observation tensor with a documented
  layout, an information-state tensor where information is hidden (North American
  Railways); ``codec.py`` holds the id machinery the small games share.
- ``core.Episode``: one game stepped by ids, with the title's episode cap.
- :func:`aec_env`: a PettingZoo ``AECEnv`` (``pettingzoo_env.py``).
- :func:`gym_env`: a Gymnasium ``Env`` for one learning seat against railyard bots
  (``gym_env.py``).
- ``vector.VectorEnv``: a batch of episodes stepped together, numpy in and out.
- ``import railyard.envs.openspiel`` registers every title with OpenSpiel as
  ``railyard_<slug with - as _>`` (``openspiel.py``).

docs/research.md describes the ids, the observation layouts, the caps and the adapters.
"""
from __future__ import annotations

from typing import Any

from .titles import CAPS, MissingEncoder, available, make_encoder

__all__ = ["aec_env", "gym_env", "make_encoder", "available", "CAPS", "MissingEncoder",
           "vector_env"]


def aec_env(slug: str, players: int = 4, seed: int | None = None, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of ``slug`` (``pettingzoo_env.RailyardAEC``):
    observations ``{"observation", "action_mask"}``; keyword ``options``, ``cap``,
    ``render_mode``."""
    from .pettingzoo_env import aec_env as make
    return make(slug, players=players, seed=seed, **kwargs)


def gym_env(slug: str, players: int = 4, opponents: str = "random", seed: int | None = None,
            **kwargs: Any) -> Any:
    """A Gymnasium environment: seat ``seat`` (keyword, default 0) learns, the other seats
    are railyard bots of kind ``opponents`` (``bots/kinds.make_bot``)."""
    from .gym_env import RailyardGym
    return RailyardGym(slug, players=players, opponents=opponents, seed=seed, **kwargs)


def vector_env(slug: str, players: int = 4, num_envs: int = 8, seed: int = 0,
               **kwargs: Any) -> Any:
    """``num_envs`` episodes of ``slug`` stepped together (``vector.VectorEnv``)."""
    from .vector import VectorEnv
    return VectorEnv(slug, players=players, num_envs=num_envs, seed=seed, **kwargs)
