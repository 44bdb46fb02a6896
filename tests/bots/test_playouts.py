"""The small games' fast random playouts (``random_playout``, issue 14 point 6) play exactly
the game the random bot plays through ``legal_actions()`` and ``apply()``, and the bit masks
they keep up to date between actions equal the same masks computed from scratch.

Step by step over many seeded random games: one state moves by ``RandomBot.choose`` +
``apply()`` (the engine contract, full validation), a copy moves by one action of
``random_playout`` with an identically seeded bot; after every action both states and both
bots' generators must be equal.  Any difference in what the playout lists (count or order),
draws or applies shows up at the step where it happens."""
from __future__ import annotations

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.bots.selfplay import random_game, seat_names, start
from railyard.cube.hexgrid import bits
from railyard.engine import available

#: fields an ``apply()`` may record for people that a playout does not need (none today)
NOT_PLAYED = frozenset({"events", "story", "log"})


def fields(st) -> dict:
    return {k: v for k, v in vars(st).items() if k not in NOT_PLAYED}


def check_ce(st) -> None:
    """Chicago Express: ``stacked`` (hexes by number of locomotives) and the build masks,
    against the per-hex rule ``why_not_build`` (Streckenausbau)."""
    b = st.board
    for k in range(len(st.stacked)):
        want = sum(1 << h for h in range(len(b.hex_ids)) if st.occ[h].bit_count() == k)
        if k == 0:
            assert st.stacked[0] == 0
        else:
            assert st.stacked[k] == want, k
    p = st.current_player
    if p is None:
        return
    for c in range(len(b.companies)):
        slow = [h for h in range(len(b.hex_ids)) if st.why_not_build(p, c, h) is None]
        assert list(bits(st.build_mask(p, c))) == slow == st.legal_builds(p, c)


def check_ar(st) -> None:
    """American Rails: ``pieces_at`` (hexes by pieces that set the cost) and the listed
    builds, against the per-hex rule ``build_cost`` / ``adjacent_to`` (Ausdehnen)."""
    b = st.board
    for k in range(1, len(st.pieces_at)):
        want = sum(1 << h for h in range(len(b.ids))
                   if bin(st.hexmask[h]).count("1")
                   + (1 if st.urban[h] and b.counts_markers[h] else 0) == k)
        assert st.pieces_at[k] == want, k
    p = st.current_player
    if p is not None:
        slow = [(c, h, st.build_cost(h, c)) for c in st.in_play
                if st.held[p][c] > 0 and st.cubes_left[c] > 0
                for h in range(len(b.ids))
                if st.build_cost(h, c) is not None and st.adjacent_to(h, c)
                and st.build_cost(h, c) <= st.ccash[c]]
        assert st.legal_builds(p) == slow


def check_nar(st) -> None:
    """North American Railways: the city phase's quick test whether a player can still buy
    (``can_buy`` with the cheapest bottom city) against the full list ``buyable``."""
    from railyard.games.nar import cities
    cheapest = cities.cheapest_city(st)
    for p in range(st.n):
        assert cities.can_buy(st, p, cheapest) == bool(cities.buyable(st, p))


CHECKS = {"chicago-express": check_ce, "american-rails": check_ar,
          "north-american-railways": check_nar}


def lockstep(title: str, players: int, seed: int, check_every: int = 1) -> int:
    info = available()[title]
    a = start(info, seat_names(players), seed, None)
    b = a.clone()
    bot_a, bot_b = RandomBot(seed), RandomBot(seed)
    check = CHECKS.get(title)
    steps = 0
    while a.current_player is not None:
        a.apply(bot_a.choose(a))
        assert b.random_playout(bot_b, 1) == 1
        steps += 1
        assert bot_a.rng.getstate() == bot_b.rng.getstate(), f"step {steps}"
        assert fields(a) == fields(b), f"step {steps}"
        if check and steps % check_every == 0:
            check(b)
    assert b.current_player is None and b.random_playout(bot_b, 5) == 0
    assert a.result() == b.result()
    return steps


@pytest.mark.parametrize("title", ["chicago-express", "american-rails",
                                   "north-american-railways"])
def test_playout_step_by_step_is_the_random_bots_game(title):
    info = available()[title]
    games = 0
    for players in range(info.min_players, info.max_players + 1):
        for seed in range(3 if title != "north-american-railways" else 8):
            assert lockstep(title, players, 1000 * players + seed) > 0
            games += 1
    assert games >= 9


def lockstep_chunks(title: str, players: int, seed: int, same=fields, sizes=None) -> int:
    """Like :func:`lockstep`, but the playout plays several actions per call (1 to 12, drawn
    from ``sizes``, by default a generator of its own), so that the paths that run on over
    several actions (a whole auction on local values, the cubes or locomotives of one build
    action; 1870's kept track pieces) end at every kind of step and are compared there
    too, by ``same(state)`` (default: every field of the state)."""
    import random
    info = available()[title]
    a = start(info, seat_names(players), seed, None)
    b = a.clone()
    bot_a, bot_b = RandomBot(seed), RandomBot(seed)
    sizes = sizes if sizes is not None else random.Random(-seed)
    check = CHECKS.get(title)
    steps = chunks = 0
    while a.current_player is not None:
        k = sizes.randint(1, 12)
        done = 0
        while done < k and a.current_player is not None:
            a.apply(bot_a.choose(a))
            done += 1
        assert b.random_playout(bot_b, k) == done
        steps += done
        chunks += 1
        assert bot_a.rng.getstate() == bot_b.rng.getstate(), f"chunk {chunks}, step {steps}"
        assert same(a) == same(b), f"chunk {chunks}, step {steps}"
        if check:
            check(b)
    assert b.current_player is None and a.result() == b.result()
    return steps


@pytest.mark.parametrize("title", ["chicago-express", "american-rails",
                                   "north-american-railways"])
def test_playout_in_chunks_is_the_random_bots_game(title):
    info = available()[title]
    for players in range(info.min_players, info.max_players + 1):
        for seed in range(4):
            assert lockstep_chunks(title, players, 7000 * players + seed) > 0


@pytest.mark.parametrize("title", ["chicago-express", "american-rails",
                                   "north-american-railways"])
def test_whole_playouts_end_like_the_apply_loop(title):
    info = available()[title]
    for seed in range(10):
        slow, n_slow = random_game(info, seat_names(4), seed)
        fast, n_fast = random_game(info, seat_names(4), seed, fast=True)
        assert n_slow == n_fast
        assert slow.result() == fast.result()
        assert fast.fingerprint() == slow.fingerprint()


@pytest.mark.parametrize("title", ["chicago-express", "american-rails",
                                   "north-american-railways"])
def test_playout_from_a_clone_leaves_the_original_alone(title):
    info = available()[title]
    st = start(info, seat_names(4), 0, None)
    bot = RandomBot(0)
    for _ in range(10):
        st.apply(bot.choose(st))
    before = st.fingerprint()
    copy = st.clone()
    copy.random_playout(RandomBot(9), 100_000)
    assert copy.current_player is None
    assert st.fingerprint() == before
    assert st.current_player is not None
    st.apply(bot.choose(st))                    # the original still plays on


def test_nth_bit_is_the_kth_index_of_bits():
    import random
    from railyard.cube.hexgrid import nth_bit
    rng = random.Random(5)
    for _ in range(500):
        mask = rng.getrandbits(rng.randint(1, 300)) | 1 << rng.randint(0, 299)
        listed = list(bits(mask))
        assert [nth_bit(mask, k) for k in range(len(listed))] == listed
