"""The 1830 and 1870 encoders (issue 25 points 1, 2, 5): fixed action ids, the legal-action
mask, the observation tensor.

Over seeded games, at every position visited: every legal engine action (the engine's own
``legal_actions()``, not the encoder's faster listing) maps to exactly one legal id and
the id back to an action of that id; the mask is exactly the legal ids; an id that is not
legal is refused; the observation has its fixed shape and finite values; the action of a
drawn id is accepted by the engine and moves the game on.  Games are played through the
ids (``sample_id``, the random lean) from the start and from later positions the random
bot reached, so the operating rounds, late phases, forced purchases and the rest are met.
"""
from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from railyard.bots.random_bot import RandomBot  # noqa: E402
from railyard.engine.errors import IllegalAction  # noqa: E402
from railyard.engine.registry import get_title  # noqa: E402
from railyard.envs.titles import eighteen, g1830, g1870  # noqa: E402

MODULES = {"1830": g1830, "1870": g1870}


def new_state(title: str, players: int, seed: int, options: dict | None = None):
    return get_title(title).factory([f"p{i}" for i in range(players)], seed, options or {})


def engine_actions(state, rng: random.Random) -> list[dict]:
    """Every legal action of the engine's listing (ranges: their ends and a few draws)."""
    out = []
    for ch in state.legal_actions():
        if ch.size <= 12:
            out.extend(ch.actions())
            continue
        out.append(ch.base() | {k: lo for k, (lo, hi) in ch.ranges.items()})
        out.append(ch.base() | {k: hi for k, (lo, hi) in ch.ranges.items()})
        out.extend(ch.sample(rng) for _ in range(4))
    return out


def check_position(enc, state, rng: random.Random, seen: set) -> None:
    ids = enc.legal_ids(state)
    assert ids == sorted(set(ids)) and ids, "legal ids ascending, unique, never empty"
    mask = enc.mask(state)
    assert mask.dtype == bool and mask.shape == (enc.num_actions,)
    assert np.flatnonzero(mask).tolist() == ids
    # every engine action has a legal id; the ids of the engine's choices are all the ids
    from_engine = set()
    for act in engine_actions(state, rng):
        i = enc.to_id(state, act)
        assert i in ids, (act, enc.keys[i])
        back = enc.to_action(state, i)
        assert back["type"] == act["type"] and back["player"] == act["player"]
        for k, v in act.items():        # same fields; a number is the bucket's (<= it)
            if k in ("routes",):
                continue
            if isinstance(v, int) and not isinstance(v, bool) and k in (
                    "amount", "price") and v != back.get(k):
                assert back[k] <= v, (act, back)
            elif k == "train" or k == "exchange":
                assert back[k].rsplit("-", 1)[0] == v.rsplit("-", 1)[0], (act, back)
            else:
                assert back.get(k) == v, (act, back)
        from_engine.add(i)
    assert from_engine <= set(ids)
    choices = state.legal_actions()
    for i in ids:
        act = enc.to_action(state, i)
        assert enc.to_id(state, act) == i, (enc.keys[i], act)
        # and the id's action is one of the engine's legal actions (the encoder lists
        # faster than legal_actions(): the two must agree)
        assert any(ch.type == act["type"] == "run_routes" or (ch.matches(act) and all(
            k in ch.fixed or k in ch.ranges for k, v in act.items()
            if v and k not in ("type", "player"))) for ch in choices), act
        seen.add(enc.keys[i][0])
    if len(ids) < enc.num_actions:
        bad = next(j for j in range(enc.num_actions) if j not in set(ids))
        with pytest.raises(ValueError):
            enc.to_action(state, bad)
    obs = enc.observation(state, state.current_player)
    assert obs.shape == enc.obs_shape and obs.dtype == np.float32
    assert np.isfinite(obs).all()


def uncached_observation(enc, state, seat: int):
    """The observation with every cache of the encoder emptied first."""
    core = enc.core
    core._map_cache = core._hold_cache = None
    core._rows = [None] * len(core.corps)
    if hasattr(enc, "_depot_cache"):
        enc._depot_cache = None
    return enc.observation(state, seat)


def play(enc, state, rng: random.Random, steps: int, seen: set, check_every: int = 1) -> int:
    done = 0
    fresh = type(enc)(enc.players)
    while done < steps and state.current_player is not None:
        if done % check_every == 0:
            check_position(enc, state, rng, seen)
            # the caches (kept from the positions before) give what a fresh encoding gives
            for seat in {state.current_player, (state.current_player + 1) % enc.players}:
                assert np.array_equal(enc.observation(state, seat),
                                      uncached_observation(fresh, state, seat))
        ids = enc.legal_ids(state)
        i = enc.sample_id(ids, rng)
        before = state.acts
        state.apply(enc.to_action(state, i))
        assert state.acts == before + 1
        done += 1
    return done


@pytest.mark.parametrize("title,players,seed", [
    ("1830", 2, 1), ("1830", 4, 7), ("1830", 6, 3),
    ("1870", 2, 4), ("1870", 3, 5), ("1870", 5, 6)])
def test_ids_round_trip_over_random_games(title, players, seed):
    """Point 1: every legal action has exactly one id and back; mask == legal ids; a
    non-legal id is refused; observations fixed and finite; ids advance the game."""
    enc = MODULES[title].make_encoder(players)
    rng = random.Random(seed)
    seen: set = set()
    state = new_state(title, players, seed)
    play(enc, state, rng, 100, seen)
    # later positions: the random bot plays on, then the ids again
    bot = RandomBot(seed)
    for _ in range(4):
        if state.current_player is None:
            break
        state.random_playout(bot, rng.randint(100, 400))
        play(enc, state, rng, 60, seen, check_every=3)
    for family in ("pass", "par", "buy_share", "lay_tile", "run_routes", "buy_train"):
        if title == "1830" or family != "pass":
            assert family in seen, (family, sorted(seen))


@pytest.mark.parametrize("title,players", [("1830", 4), ("1870", 4)])
def test_random_play_through_ids_ends_or_reaches_the_cap(title, players):
    """Point 5: a game played through the ids with the random lean (``sample_id``) ends by
    the rules before the documented cap (``action_cap``)."""
    enc = MODULES[title].make_encoder(players)
    rng = random.Random(11)
    state = new_state(title, players, 100)
    n = 0
    while state.current_player is not None and n < enc.action_cap:
        state.apply(enc.to_action(state, enc.sample_id(enc.legal_ids(state), rng)))
        n += 1
    assert state.current_player is None, "the lean ends games well before the cap"
    assert state.result() is not None and n < enc.action_cap


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_fixed_space_and_layout(title):
    """Ids are fixed per (title, players, options): the same keys in the same order; the
    layout's blocks tile the observation exactly; the space grows with the players only
    where seats are part of an action."""
    a = MODULES[title].make_encoder(4)
    b = MODULES[title].make_encoder(4)
    assert a.keys == b.keys and a.num_actions == len(set(a.keys)) == b.num_actions
    assert a.obs_shape == b.obs_shape
    names = a.action_names()
    assert len(names) == a.num_actions and len(set(names)) == a.num_actions
    blocks = a.layout()
    assert blocks[0][1] == 0 and blocks[-1][2] == a.obs_shape[0]
    for (_, _, stop, _), (_, start, _, _) in zip(blocks, blocks[1:]):
        assert stop == start
    assert all(meaning for *_, meaning in blocks)
    assert a.info_shape is None and a.information_state(new_state(title, 4, 1), 0) is None
    # the buckets of one choice have consecutive ids (the listing relies on it)
    for key, i in a.ids.items():
        if key[0] in ("bid", "offer_private", "corp_buy_private", "buy_company",
                      "buy_train_from"):
            assert a.ids[key[:-1] + (0,)] + key[-1] == i, key


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_observation_is_per_seat_me_first(title):
    """Point 2: each seat sees itself first (cash, holdings, the seat to act)."""
    enc = MODULES[title].make_encoder(4)
    state = new_state(title, 4, 3)
    state.random_playout(RandomBot(3), 300)
    at = enc.lay.at
    C = len(enc.core.corps)
    for seat in range(4):
        obs = enc.observation(state, seat)
        assert obs[at["player_cash"]] == pytest.approx(state.s["cash"][seat] / 1000)
        cur = state.current_player
        assert obs[at["to_act"] + (cur - seat) % 4] == 1.0
        assert obs[at["to_act"]: at["to_act"] + 4].sum() == 1.0
        for k, corp in enumerate(enc.core.corps):
            held = state.s["holders"][corp].get(str(seat), [])
            pct = sum(20 if c.endswith("_0") else 10 for c in held)
            assert obs[at["holdings"] + k] == pytest.approx(pct / 100)
        assert obs[at["holdings"] + C: at["holdings"] + 2 * C].tolist() == pytest.approx([
            sum(20 if c.endswith("_0") else 10
                for c in state.s["holders"][corp].get(str((seat + 1) % 4), [])) / 100
            for corp in enc.core.corps])
    # filling a given array gives the same tensor as a new one
    out = np.full(enc.obs_shape, 7.0, dtype=np.float32)
    assert np.array_equal(enc.observation(state, 2, out), enc.observation(state, 2))
    text = enc.observation_string(state, 2)
    assert "to_act" in text and "holdings" in text


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_map_blocks_show_tiles_and_stations(title):
    """The map blocks: a laid tile sets its hex's tile and rotation, a station its hex."""
    enc = MODULES[title].make_encoder(3)
    state = new_state(title, 3, 8)
    state.random_playout(RandomBot(8), 900 if title == "1830" else 1500)
    obs = enc.observation(state, 0)
    core, at = enc.core, enc.lay.at
    laid = [(h, t, r) for h, (t, r) in state.s["tiles"].items() if h in core.hex_tile_at]
    assert laid
    for h, t, r in laid:
        assert obs[at["map_tiles"] + core.hex_tile_at[h] + core.hex_tile_index[h][t]] == 1.0
        assert obs[at["map_rotations"] + 6 * core.hex_rot[h] + r] == 1.0
    assert obs[at["map_tiles"]: at["map_tiles"] + core.n_tile_slots].sum() == len(laid)
    stations = sum(1 for h, cities in state.s["tokens"].items() if h in core.th
                   for held in cities for c in held if c in core.ci)
    assert stations and obs[at["map_stations"]: at["map_stations"]
                            + len(core.corps) * len(core.token_hexes)].sum() == stations


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_run_routes_is_the_optimiser(title):
    """"Run the optimal routes" is one id; its action carries the route optimiser's set,
    which the engine accepts, earning at least the engine's own (greedy) set."""
    enc = MODULES[title].make_encoder(4)
    greedy = MODULES[title].make_encoder(4, {"routes": "engine"})
    rid = enc.ids[("run_routes",)]
    found = 0
    for seed in range(1, 12):
        state = new_state(title, 4, seed)
        bot = RandomBot(seed)
        while state.current_player is not None and found < 3:
            if rid in enc.legal_ids(state) and any(
                    state.s["corps"][state.s["op"]["corp"]]["trains"] for _ in [0]):
                best = state.clone().apply(enc.to_action(state, rid))
                own = state.clone().apply(greedy.to_action(state, rid))
                assert best["revenue"] >= own["revenue"]
                if own["revenue"]:
                    assert best["routes"]
                    found += 1
                state.apply(enc.to_action(state, rid))
            else:
                state.random_playout(bot, 1)
        if found >= 3:
            break
    assert found == 3


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_bad_ids_and_actions_are_refused(title):
    enc = MODULES[title].make_encoder(3)
    state = new_state(title, 3, 2)
    ids = enc.legal_ids(state)
    for bad in (-1, enc.num_actions, 10 ** 9, "3", None, 1.5):
        with pytest.raises(ValueError):
            enc.to_action(state, bad)
    for act in ({"type": "lay_tile", "player": 0, "hex": "H10", "tile": "57", "rotation": 0},
                {"type": "no_such_thing", "player": state.current_player},
                {"player": 0}, "pass", None):
        with pytest.raises(ValueError):
            enc.to_id(state, act)
    # a non-legal id leaves the game as it was
    before = state.fingerprint()
    with pytest.raises(ValueError):
        enc.to_action(state, next(j for j in range(enc.num_actions) if j not in ids))
    assert state.fingerprint() == before


def test_buckets():
    """Bids and prices: bucket 0 is the lowest allowed amount, the others fixed steps; an
    amount maps to the bucket at or below it; only buckets inside the range are legal."""
    assert eighteen.bid_buckets(50, 60) == [(0, 50), (1, 55), (2, 60)]
    assert eighteen.bid_buckets(50, 49) == []
    got = eighteen.price_buckets(80, 1, 85)
    assert got == [(0, 1), (1, 20), (2, 40), (3, 60), (4, 80)]
    assert eighteen.bucket_of(got, 59) == 2 and eighteen.bucket_of(got, 1) == 0
    assert eighteen.price_buckets(40, 20, 20) == [(0, 20)]      # half face: the lowest


def test_illegal_through_engine_is_still_typed():
    """An id's action goes through the engine's own checks: a doctored amount is refused
    with the engine's typed error and the state is untouched."""
    enc = g1830.make_encoder(4)
    state = new_state("1830", 4, 1)
    i = enc.ids[("bid", "CA", 0)]
    act = enc.to_action(state, i)
    act["amount"] = 10 ** 6
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(act)
    assert state.fingerprint() == before


def test_1830_sale_respects_the_pool_limit_with_an_empty_pool():
    """12.0b: the pool may hold at most 50 %: a president with 80 % and nobody to take the
    presidency sells at most 5 shares even when the pool is empty (the encoder's fast
    listing caps what the playout's share listing leaves open there)."""
    enc = g1830.make_encoder(4)
    state = new_state("1830", 4, 1)
    bot = RandomBot(1)
    while not (state.s["round"] == "stock" and state.s["sr"] >= 2
               and state.s["stock"]["offer"] is None):
        state.random_playout(bot, 1)
    seat = state.current_player
    corp = "NYC"
    s = state.s
    if s["corps"][corp]["pos"] is None:
        from railyard.games.g1830 import stock
        stock.set_par(state, corp, 67)
    certs = [f"{corp}_{i}" for i in range(9)]
    s["holders"][corp] = {"ipo": certs[7:], "pool": [], **{str(p): [] for p in range(4)}}
    s["holders"][corp][str(seat)] = certs[:7]                  # 80 %, the president
    s["corps"][corp]["president"] = seat
    s["stock"]["sold_round"].pop(str(seat), None)
    s["stock"]["buys"] = []
    state.acts += 1                                              # a new position
    sales = [enc.keys[i][2] for i in enc.legal_ids(state)
             if enc.keys[i][:2] == ("sell_shares", corp)]
    assert max(sales) == 5
    check_position(enc, state, random.Random(0), set())


@pytest.mark.parametrize("title,seed", [("1830", 21), ("1870", 22)])
def test_episode_steps_reach_the_positions_of_state_apply(title, seed):
    """An episode steps 1830/1870 through the encoder's ``step`` (no snapshot, no event
    watch: issue 25 point 4); the same ids applied with the engine's ``state.apply`` give
    the same state after every step, from the start and from a later position."""
    from railyard.envs.core import Episode
    ep = Episode(title, 4)
    ep.reset(seed)
    assert ep._fast is not None
    slow = new_state(title, 4, seed)
    rng = random.Random(seed)
    enc = ep.encoder
    for leg in range(2):
        for _ in range(120):
            if ep.done:
                break
            i = enc.sample_id(ep.legal_ids(), rng)
            slow.apply(enc.to_action(slow, i))
            ep.step(i)
            assert ep.state.fingerprint() == slow.fingerprint()
        if leg == 0 and not ep.done:
            ep.state.random_playout(RandomBot(seed), 300)
            ep._seat, ep._ids = ep.state.current_player, None   # moved outside the episode
            slow = ep.state.clone()
