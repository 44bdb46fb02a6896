"""Shared by tests/envs: the titles, their encoders (a title whose encoder module is not in
this checkout is skipped, naming the module), and random positions of a title."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="tests/envs need the rl extra (numpy)")

from railyard.engine.registry import get_title  # noqa: E402
from railyard.envs import titles  # noqa: E402

SLUGS = list(titles.MODULES)
SMALL = ["chicago-express", "north-american-railways", "american-rails"]


def player_counts(slug: str) -> list[int]:
    info = get_title(slug)
    return list(range(info.min_players, info.max_players + 1))


def encoder_or_skip(slug: str, players: int, options: dict | None = None):
    try:
        return titles.make_encoder(slug, players, options)
    except titles.MissingEncoder as exc:
        pytest.skip(f"no encoder for {slug} in this checkout ({exc})")


def new_state(slug: str, players: int, seed: int, options: dict | None = None):
    info = get_title(slug)
    return info.factory([f"P{i + 1}" for i in range(players)], seed,
                        info.resolve_options(options))


def random_positions(slug: str, players: int, seed: int, enc, limit: int = 400,
                     every: int = 1):
    """States of one random game (through the encoder's ids), every ``every``-th of the
    first ``limit`` positions; the game goes on on the original, each yielded state is a
    copy."""
    rng = random.Random(seed)
    st = new_state(slug, players, seed)
    k = 0
    while st.current_player is not None and k < limit:
        if k % every == 0:
            yield st.clone()
        ids = enc.legal_ids(st)
        st.apply(enc.to_action(st, ids[rng.randrange(len(ids))]))
        k += 1
    if st.current_player is None:
        yield st
