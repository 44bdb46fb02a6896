"""What the 1830 and 1870 encoders share (:mod:`.g1830`, :mod:`.g1870`): the fixed action
space, the per-position listing that maps each legal choice to its id, the buckets of
numbers, and the blocks of the observation tensor.

Action ids.  An encoder builds, once per (title, players, options), the ordered list of
every action *key* the title can ever offer (``("pass",)``, ``("par", "PRR", 67)``,
``("lay_tile", "H10", "57", 1)``, ...); the id of a key is its index.  In a position the
encoder lists the legal choices (``legal_actions()`` or the title's faster listing that gives
the same choices, see each title) and maps every choice to its key(s):

- a choice without numbers is one key;
- a choice with a number range is one key per *bucket* whose amount lies in the range
  (:func:`bid_buckets`, :func:`price_buckets`; counts of shares are exact, one key each);
  the id stands for that bucket's representative amount, and an engine action with
  another amount maps to the bucket at or below it ("the representative amount");
- equal trains (the same type at the same source, e.g. two 2-trains of one company) are
  one key; the id stands for the first of them in the listing (the trains of one type are
  alike in every rule).

``to_action`` builds the engine action from the listed choice (its fixed fields, plus the
bucket's amount); ``to_id`` finds the listed choice an action belongs to.  The listing and
its ids are cached per position (the state object, its action count and its dict), so
``legal_ids``, ``mask`` and ``to_action`` of one position list once.

Observation.  A flat float32 vector made of named blocks (:class:`Layout`); the player
blocks are in seat order starting with the observing seat ("me" first), seats elsewhere
(the seat to act, presidents, owners, bidders) are given relative to the observer too.
1830 and 1870 hide nothing, so the observation of a seat is the whole position seen from
that seat and ``information_state`` is None.
"""
from __future__ import annotations

import marshal
from typing import Any, Iterable, Mapping

import numpy as np

from ...engine.actions import Choice

#: auction bids: the lowest bid allowed plus one of these offsets (dollars); an id is
#: legal when its amount does not exceed the bidder's free cash
BID_OFFSETS = (0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 125, 150, 200, 250, 300)

#: prices in a range (train or private bought from another owner, private offered to a
#: player): bucket 0 = the lowest price allowed, bucket j >= 1 = face value x
#: PRICE_FRACTIONS[j - 1] (rounded down), legal when above the lowest and not above the
#: highest price allowed
PRICE_FRACTIONS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)

#: share counts of a sale: 1..MAX_COUNT (exact)
MAX_COUNT = 10


def bid_buckets(lo: int, hi: int) -> list[tuple[int, int]]:
    """``(bucket, amount)`` of the bids in ``lo..hi`` (lo = the lowest bid allowed)."""
    return [(j, lo + off) for j, off in enumerate(BID_OFFSETS) if lo + off <= hi]


def price_amounts(face: int, lo: int) -> list[int]:
    """The representative amount of every price bucket (None where it is not above ``lo``)."""
    return [lo] + [int(face * f) for f in PRICE_FRACTIONS]


def price_buckets(face: int, lo: int, hi: int) -> list[tuple[int, int]]:
    """``(bucket, amount)`` of the price buckets legal in ``lo..hi``."""
    out = [(0, lo)] if lo <= hi else []
    for j, f in enumerate(PRICE_FRACTIONS, 1):
        a = int(face * f)
        if lo < a <= hi:
            out.append((j, a))
    return out


def bucket_of(buckets: list[tuple[int, int]], amount: int) -> int | None:
    """The bucket an amount falls in: the last one whose amount is not above it."""
    best = None
    for j, a in buckets:
        if a <= amount:
            best = j
    return best


#: fields of an action that do not change its id
_FREE_FIELDS = frozenset({"type", "player", "routes"})


class Layout:
    """Named blocks of the flat observation: ``(name, start, stop, meaning)``."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, int, str]] = []
        self.size = 0
        self.at: dict[str, int] = {}

    def add(self, name: str, size: int, meaning: str) -> int:
        start = self.size
        self.blocks.append((name, start, start + size, meaning))
        self.at[name] = start
        self.size += size
        return start


_CANDIDATES: dict = {}


def tile_candidates(board: Any, fits) -> dict[str, list[str]]:
    """Per layable hex, every tile that can ever lie on it: the closure of ``fits(hex,
    current tile, new tile)`` (the title's colour, label and stop rules) from the printed
    tile, in the order of the tile manifest.  Computed once per board (static data)."""
    hit = _CANDIDATES.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    out = _candidates(board, fits)
    _CANDIDATES[id(board)] = (board, out)
    return out


def _candidates(board: Any, fits) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    tiles = board.tiles
    for h, hx in board.hexes.items():
        if not hx.layable:
            continue
        seen: list[str] = []
        frontier = [hx.printed]
        while frontier:
            cur = frontier.pop()
            for name, t in tiles.items():
                if name not in seen and fits(h, cur, t):
                    seen.append(name)
                    frontier.append(t)
        order = {name: i for i, name in enumerate(tiles)}
        out[h] = sorted(seen, key=order.__getitem__)
    return out


class Encoder18xx:
    """The interface every railyard encoder has (docs/research.md), for the 18xx titles.

    A title subclass sets ``slug``, builds its keys in ``_build_actions`` (with
    :meth:`_add`), lists a position in ``_choices`` and maps a choice to ``[(id, extra
    fields)]`` in ``_ids_of``; it builds its observation blocks in ``_build_layout`` and
    fills them in ``_fill``."""

    slug = ""
    info_shape = None
    #: the documented cap of an episode in actions (the environments end a game there;
    #: the result is then each player's worth at that moment)
    action_cap = 10_000

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = int(players)
        self.options = dict(options or {})
        self.keys: list[tuple] = []
        self.ids: dict[tuple, int] = {}
        self._build_actions()
        self.num_actions = len(self.keys)
        self.lay = Layout()
        self._build_layout()
        self.obs_shape = (self.lay.size,)
        self._cache: tuple | None = None

    # ---- the action space ----------------------------------------------------------
    def _add(self, *key: Any) -> int:
        i = self.ids.get(key)
        if i is None:
            i = self.ids[key] = len(self.keys)
            self.keys.append(key)
        return i

    def _build_actions(self) -> None:
        raise NotImplementedError

    def _choices(self, state: Any) -> list[Choice]:
        """The legal choices of the position, as ``legal_actions()`` lists them (the
        ``run_routes`` choice need not carry a route set)."""
        return state.legal_actions()

    def _ids_of(self, state: Any, c: Choice, ctx: dict) -> list[tuple[int, dict | None]]:
        raise NotImplementedError

    #: the random lean of :meth:`sample_id`: a weight per action family (key[0]) split
    #: evenly over the legal ids of that family, times a factor per id (:attr:`id_factor`);
    #: families not named weigh 1
    family_weight: dict[str, float] = {}

    def sample_id(self, ids: list[int], rng: Any) -> int:
        """A random legal id with the title's lean (what the benchmark and the tests play;
        uniform play over ids never ends 1830 or 1870: the offers between players and the
        sales repeat forever).  ``rng``: a ``random.Random``."""
        fw = self.family_weight
        if not fw:
            return rng.choice(ids)
        table = self.__dict__.get("_lean")
        if table is None:                 # per id: (family, family weight x id factor)
            factor = self.id_factor
            table = self._lean = [(k[0], fw.get(k[0], 1.0) * factor.get(i, 1.0))
                                  for i, k in enumerate(self.keys)]
        counts: dict[str, int] = {}
        for i in ids:
            f = table[i][0]
            counts[f] = counts.get(f, 0) + 1
        weights = [w / counts[f] for f, w in map(table.__getitem__, ids)]
        if not any(weights):
            return rng.choice(ids)
        return rng.choices(ids, weights)[0]

    @property
    def id_factor(self) -> dict[int, float]:
        return {}

    def action_names(self) -> list[str]:
        return [" ".join(str(k) for k in key) for key in self.keys]

    def _listing(self, state: Any) -> dict:
        """``{id: (type, player, fixed fields, extra fields)}`` of the position, cached
        per position (the state object, its action count and its dict)."""
        c = self._cache
        s = state.s
        acts = state.__dict__.get("acts", 0)
        if c is not None and c[0] is state and c[1] == acts and c[2] is s:
            return c[3]
        entries = self._entries(state) if state.current_player is not None else {}
        self._cache = (state, acts, s, entries)
        return entries

    def _entries(self, state: Any) -> dict:
        """The listing of :meth:`_listing` from :meth:`_choices`; titles may list the
        frequent positions faster (the same entries; the tests compare them with the
        engine's ``legal_actions()``)."""
        entries: dict[int, tuple] = {}
        ctx: dict = {}
        for ch in self._choices(state):
            for i, extra in self._ids_of(state, ch, ctx):
                if i not in entries:            # equal trains: the first one listed
                    entries[i] = (ch.type, ch.player, ch.fixed, extra)
        return entries

    def legal_ids(self, state: Any) -> list[int]:
        return sorted(self._listing(state))

    def mask(self, state: Any) -> np.ndarray:
        m = np.zeros(self.num_actions, dtype=bool)
        ids = list(self._listing(state))
        if ids:
            m[ids] = True
        return m

    def to_action(self, state: Any, action_id: int) -> dict:
        entries = self._listing(state)
        hit = entries.get(action_id) if isinstance(action_id, (int, np.integer)) \
            and not isinstance(action_id, bool) else None
        if hit is None:
            raise ValueError(f"action id {action_id!r} is not legal in this position")
        t, player, fixed, extra = hit
        act = {"type": t, "player": player}
        act.update(fixed)
        if extra:
            act.update(extra)
        if t == "run_routes":
            act = self._run_action(state, act)
        return act

    def _run_action(self, state: Any, act: dict) -> dict:
        """The ``run_routes`` action with the optimal routes (the exact route optimiser,
        as the browser's "auto" button; option ``routes="engine"``: the engine's own)."""
        raise NotImplementedError

    def to_id(self, state: Any, action: Mapping[str, Any]) -> int:
        """The id of a legal ``action`` (found among the engine's ``legal_actions()``; a
        number maps to the bucket at or below it, a train to its type)."""
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise ValueError("an action is a mapping with a 'type'")
        entries = self._listing(state)
        ctx: dict = {}
        for ch in (state.legal_actions() if entries else ()):
            if ch.type == "run_routes":
                if action["type"] == "run_routes" and action.get("player") == ch.player:
                    return self.ids[("run_routes",)]
                continue
            if not ch.matches(action) or any(
                    v and k not in ch.fixed and k not in ch.ranges
                    for k, v in action.items() if k not in _FREE_FIELDS):
                continue                # (an extra field such as "mrbc" or "exchange"
                                        # makes another action; the routes named for a
                                        # connection run do not, 1870 9.6)
            got = [(i, extra) for i, extra in self._ids_of(state, ch, ctx) if i in entries]
            if not got:
                continue
            if not ch.ranges:
                return got[0][0]
            (field, _), = ch.ranges.items()
            amount = action[field]
            best = None
            for i, extra in got:
                if extra[field] <= amount:
                    best = i
            if best is not None:
                return best
        raise ValueError(f"the action {dict(action)!r} is not legal in this position, so "
                         f"it has no id here")

    def step(self, state: Any, action: Mapping[str, Any]) -> None:
        """Apply an action :meth:`to_action` made for this position, faster than
        ``state.apply``: the rules of the action run with their checks (``_dispatch``),
        as in the random playouts, without the engine contract's shape and turn checks
        and without events (only a Game's state records them).  ``run_routes`` (the optimiser's routes, checked by the game) goes
        through ``state.apply``.  For environments and benchmarks; anything else (a
        player's action, a saved log) goes through ``state.apply``."""
        if action.get("type") == "run_routes" or state.current_player != action.get("player"):
            state.apply(action)
            return
        state._dispatch(action)
        state.acts = state.__dict__.get("acts", 0) + 1

    # ---- the observation ------------------------------------------------------------
    def _build_layout(self) -> None:
        raise NotImplementedError

    def _fill(self, state: Any, seat: int, out: np.ndarray) -> None:
        raise NotImplementedError

    def layout(self) -> list[tuple[str, int, int, str]]:
        return list(self.lay.blocks)

    def observation(self, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(self.obs_shape, dtype=np.float32)
        else:
            out.fill(0.0)
        self._fill(state, int(seat), out)
        return out

    def information_state(self, state: Any, seat: int) -> None:
        return None

    def observation_string(self, state: Any, seat: int) -> str:
        vec = self.observation(state, seat)
        lines = [f"{self.slug} seen by seat {seat} ({state.players[seat]}); "
                 f"to act: {state.current_player}"]
        for name, a, b, _ in self.lay.blocks:
            nz = [(i - a, round(float(vec[i]), 3)) for i in range(a, b) if vec[i]]
            if len(nz) > 24:
                lines.append(f"  {name}: {len(nz)} non-zero of {b - a}")
            else:
                lines.append(f"  {name}: " + ", ".join(f"[{i}]={v}" for i, v in nz))
        return "\n".join(lines)


class Core:
    """The observation blocks 1830 and 1870 share (their states keep these facts in the
    same shape): round, seats, phase, bank, players, holdings, corporations, privates and
    the map.  ``corp_extra`` names extra per-corporation features the title fills."""

    ROUNDS = ("auction", "stock", "operating", "ended")

    def __init__(self, st: Any, players: int, phases: list[str], train_types: list[str],
                 privates: list[str], fits, corp_extra: tuple[str, ...] = ()) -> None:
        self.st = st
        self.n = players
        self.corps = list(st.corp_order) if hasattr(st, "corp_order") else list(st.corps)
        self.ci = {c: i for i, c in enumerate(self.corps)}
        self.phases = {p: i for i, p in enumerate(phases)}
        self.types = list(train_types)
        self.ti = {t: i for i, t in enumerate(self.types)}
        self.privates = list(privates)
        self.pi = {p: i for i, p in enumerate(self.privates)}
        board = st.board
        self.cands = tile_candidates(board, fits)
        self.tile_hexes = sorted(self.cands)
        self.hex_tile_at: dict[str, int] = {}
        self.hex_tile_index: dict[str, dict[str, int]] = {}
        k = 0
        for h in self.tile_hexes:
            self.hex_tile_at[h] = k
            self.hex_tile_index[h] = {t: i for i, t in enumerate(self.cands[h])}
            k += len(self.cands[h])
        self.n_tile_slots = k
        self.hex_rot = {h: i for i, h in enumerate(self.tile_hexes)}
        self.token_hexes = sorted(
            h for h, hx in board.hexes.items()
            if hx.printed.n_cities or any(board.tiles[t].n_cities for t in self.cands.get(h, ())))
        self.th = {h: i for i, h in enumerate(self.token_hexes)}
        self.max_slots = {h: max([sum(hx.printed.city_slots)] + [
            sum(board.tiles[t].city_slots) for t in self.cands.get(h, ())])
            for h, hx in board.hexes.items() if h in self.th}
        self.tile_names = list(board.tiles)
        self.tile_count = {name: t.count for name, t in board.tiles.items()}
        self.rows = max(1, len(st.market.grid) - 1)
        self.cols = max(1, max(len(r) for r in st.market.grid) - 1)
        self.corp_extra = corp_extra
        self.pres_cert = [f"{c}_0" for c in self.corps]
        self.inv_count = np.array([1.0 / t.count if t.count else 0.0
                                   for t in board.tiles.values()], dtype=np.float32)
        self._map_cache: tuple | None = None
        self._supply_in_order: bool | None = None
        self._hold_cache: tuple | None = None
        self._at: dict = {}
        #: per corporation: 11 fixed features, president (n + 1), trains per type, extras
        self.corp_width = 11 + (players + 1) + len(self.types) + len(corp_extra)
        #: per corporation: the copies its row was made from (see :meth:`_corp_row`)
        self._rows: list = [None] * len(self.corps)
        self._corp_arr = np.zeros(len(self.corps) * self.corp_width, dtype=np.float32)
        self._hold = np.zeros((players, len(self.corps)), dtype=np.float32)

    def layout(self, lay: Layout) -> None:
        n, C = self.n, len(self.corps)
        self._at = lay.at
        lay.add("round", 4, "one-hot: " + ", ".join(self.ROUNDS))
        lay.add("to_act", n, "one-hot: the seat to act, counted from the observer (0 = me)")
        lay.add("priority", n, "one-hot: the seat holding the priority deal, from the observer")
        lay.add("phase", len(self.phases), "one-hot: the phase (" + ", ".join(self.phases) + ")")
        lay.add("counters", 3, "stock round number / 10, operating round in the set / 3, "
                               "operating rounds in the set / 3")
        lay.add("bank", 2, "bank cash / 10000, bank broken (0/1)")
        lay.add("player_cash", n, "each player's cash / 1000, me first")
        lay.add("player_certs", n, "each player's certificates / the certificate limit, me first")
        lay.add("holdings", n * C, f"per player (me first) x corporation ({', '.join(self.corps)})"
                                   f": percent held / 100")
        feats = ("par price / 100 (0 = not started)", "market price / 100",
                 "market row / last row", "market column / last column", "treasury / 1000",
                 "floated", "operated (this round)", "initial offering percent / 100",
                 "pool percent / 100", "stations on the map / 10", "is operating now")
        lay.add("corporations", C * self.corp_width,
                f"per corporation ({', '.join(self.corps)}), {self.corp_width} features: "
                + "; ".join(feats) + f"; president one-hot over {n} seats from the "
                f"observer + none; trains held per type ({', '.join(self.types)}); "
                + "; ".join(self.corp_extra))
        P = len(self.privates)
        lay.add("privates", P * (2 + n + C),
                f"per private ({', '.join(self.privates)}): closed, unsold (bank), owner "
                f"one-hot over {n} players from the observer, owner one-hot over the "
                f"corporations")
        lay.add("map_tiles", self.n_tile_slots,
                f"per layable hex ({len(self.tile_hexes)}, sorted) one-hot over the tiles "
                f"that can lie there (the printed tile = all zero); the hexes' tile lists "
                f"are in the encoder's core.cands")
        lay.add("map_rotations", 6 * len(self.tile_hexes),
                "per layable hex: one-hot rotation of the tile laid (all zero: printed)")
        lay.add("map_stations", C * len(self.token_hexes),
                f"per hex with cities ({len(self.token_hexes)}, sorted) x corporation: "
                f"stations of that corporation in the hex")
        lay.add("map_free_slots", len(self.token_hexes),
                "per hex with cities: free station slots / 4")
        lay.add("tile_supply", len(self.tile_names),
                "per tile of the manifest: tiles left / tiles in the game (0 if none)")

    def fill(self, g: Any, seat: int, out: np.ndarray, at: dict, extra=None) -> None:
        """Write the shared blocks of ``g`` seen by ``seat`` into ``out`` (zeroed).  The
        map and the corporations' blocks are computed again only when their part of the
        state changed (compared with a copy of that part of the last position encoded)."""
        s = g.s
        n = self.n
        rnd = "ended" if s["ended"] else s["round"]
        if rnd in self.ROUNDS:
            out[at["round"] + self.ROUNDS.index(rnd)] = 1.0
        cur = g.current_player
        if cur is not None:
            out[at["to_act"] + (cur - seat) % n] = 1.0
        pr = s.get("priority")
        if isinstance(pr, int):
            out[at["priority"] + (pr - seat) % n] = 1.0
        ph = self.phases.get(s["phase"])
        if ph is not None:
            out[at["phase"] + ph] = 1.0
        a = at["counters"]
        out[a] = s["sr"] / 10
        out[a + 1] = s["or_num"] / 3
        out[a + 2] = s["or_total"] / 3
        a = at["bank"]
        out[a] = s["bank"] / 10000
        out[a + 1] = 1.0 if s["bank_broken"] else 0.0
        cash = s["cash"]
        a = at["player_cash"]
        for p in range(n):
            out[a + (p - seat) % n] = cash[p] / 1000
        # the map (seat-independent): again only when tiles or tokens changed
        mc = self._map_cache
        if mc is None or mc[0] != s["tiles"] or mc[1] != s["tokens"]:
            mc = self._map_cache = (_copy(s["tiles"]), _copy(s["tokens"])) + \
                self._map_blocks(g)
        a, b = at["map_tiles"], at["tile_supply"]
        out[a:b] = mc[2]
        stations = mc[3]
        sup = s["supply"]
        if self._supply_in_order is None:
            self._supply_in_order = list(sup) == self.tile_names
        if self._supply_in_order:
            out[b:b + len(self.tile_names)] = np.fromiter(
                sup.values(), dtype=np.float32, count=len(sup)) * self.inv_count
        else:
            for i, name in enumerate(self.tile_names):
                out[b + i] = sup.get(name, 0) * self.inv_count[i]
        # corporations and holdings: a corporation's row again only when it changed
        op = s.get("op") if s["round"] == "operating" else None
        now = op.get("corp") if op else None
        corps_ = s["corps"]
        holders = s["holders"]
        rows = self._rows
        changed = False
        for k, corp in enumerate(self.corps):
            c = corps_[corp]
            h = holders[corp]
            r = rows[k]
            if r is None or r[0] != c or r[1] != h or r[2] != (corp == now) \
                    or r[3] != stations[k]:
                if r is None or r[1] != h or r[0].get("pos") != c.get("pos"):
                    changed = True          # the certificates count again (holdings, zone)
                rows[k] = self._corp_row(g, k, corp, c, h, corp == now, stations[k], extra)
        queued = g.queued_sales() if hasattr(g, "queued_sales") else None     # 1870 6.2.6
        key = (s["companies"], queued)
        hc = self._hold_cache
        if changed or hc is None or hc[0] != key:
            hc = self._hold_cache = (_copy(key),) + self._hold_blocks(g)
        _, certs, priv_fixed, priv_players = hc
        limit = g.cert_limit() or 1
        a = at["player_certs"]
        for p in range(n):
            out[a + (p - seat) % n] = certs[p] / limit
        a = at["holdings"]
        C = len(self.corps)
        hold = self._hold
        out[a:a + (n - seat) * C] = hold[seat:].ravel()      # me first, then the seats after me
        out[a + (n - seat) * C:a + n * C] = hold[:seat].ravel()
        a = at["corporations"]
        cw = self.corp_width
        out[a:a + C * cw] = self._corp_arr
        for k, r in enumerate(rows):
            p = r[4]
            out[a + k * cw + 11 + (n if p is None else (p - seat) % n)] = 1.0
        a = at["privates"]
        for i in priv_fixed:
            out[a + i] = 1.0
        for i, p in priv_players:
            out[a + i + (p - seat) % n] = 1.0

    def _map_blocks(self, g: Any) -> tuple:
        """(the blocks from map_tiles up to tile_supply, stations per corporation)."""
        s = g.s
        at = self._at
        base = at["map_tiles"]
        vec = np.zeros(at["tile_supply"] - base, dtype=np.float32)
        C = len(self.corps)
        stations = [0] * C
        ms = at["map_stations"] - base
        fs = at["map_free_slots"] - base
        th = self.th
        ci = self.ci
        NT = len(th)
        for h, cities in s["tokens"].items():
            hi = th.get(h)
            used = 0
            for held in cities:
                for c in held:
                    k = ci.get(c)
                    if k is not None:
                        stations[k] += 1
                        if hi is not None:
                            vec[ms + k * NT + hi] += 1.0
                    used += 1
            if hi is not None:
                vec[fs + hi] = max(0, self.slots_now(g, h) - used) / 4
        mt = at["map_tiles"] - base
        mr = at["map_rotations"] - base
        hta = self.hex_tile_at
        hti = self.hex_tile_index
        hr = self.hex_rot
        for h, (name, rot) in s["tiles"].items():
            off = hta.get(h)
            if off is None:
                continue
            i = hti[h].get(name)
            if i is not None:
                vec[mt + off + i] = 1.0
            vec[mr + 6 * hr[h] + rot % 6] = 1.0
        return vec, stations

    def _hold_blocks(self, g: Any) -> tuple:
        """(certificates per seat, the privates' seat-independent ones, [(offset, owner
        seat)])."""
        s = g.s
        n = self.n
        C = len(self.corps)
        certs = g.cert_counts() if hasattr(g, "cert_counts") else [
            g.cert_count(p) for p in range(n)]
        fixed = []
        players = []
        pw = 2 + n + C
        ci = self.ci
        for sym, comp in s["companies"].items():
            i = self.pi.get(sym)
            if i is None:
                continue
            b = i * pw
            owner = comp["owner"]
            if comp["closed"]:
                fixed.append(b)
            if owner is None:
                fixed.append(b + 1)
            elif owner[0] == "p" and owner[1:].isdigit():
                players.append((b + 2, int(owner[1:])))
            else:
                k = ci.get(owner[1:] if owner[0] == "c" and owner[1:] in ci else owner)
                if k is not None:
                    fixed.append(b + 2 + n + k)
        return certs, fixed, players

    def _corp_row(self, g: Any, k: int, corp: str, c: dict, h: dict, operating: bool,
                  stations: int, extra) -> tuple:
        """Write corporation ``k``'s row of the corporations' block (without its
        president) and its column of the holdings; return what the row was made from
        (copies) and the president's seat."""
        n = self.n
        cw = self.corp_width
        b = k * cw
        arr = self._corp_arr
        arr[b:b + cw] = 0.0
        pres_cert = self.pres_cert[k]
        col = self._hold[:, k]
        col[:] = 0.0
        for key, held in h.items():
            if held and key.isdigit():
                p = int(key)
                if p < n:
                    col[p] = (10 * len(held) + (10 if pres_cert in held else 0)) / 100
        if c.get("par"):
            arr[b] = c["par"] / 100
        pos = c.get("pos")
        if pos is not None:
            arr[b + 1] = self.st.market.price(pos) / 100
            arr[b + 2] = pos[0] / self.rows
            arr[b + 3] = pos[1] / self.cols
        arr[b + 4] = c["cash"] / 1000
        arr[b + 5] = 1.0 if c.get("floated") else 0.0
        arr[b + 6] = 1.0 if c.get("operated") else 0.0
        ipo = h.get("ipo")
        if ipo:
            arr[b + 7] = (10 * len(ipo) + (10 if pres_cert in ipo else 0)) / 100
        pool = h.get("pool")
        if pool:
            arr[b + 8] = (10 * len(pool) + (10 if pres_cert in pool else 0)) / 100
        arr[b + 9] = stations / 10
        arr[b + 10] = 1.0 if operating else 0.0
        tb = b + 12 + n
        ti = self.ti
        for t in c["trains"]:
            j = ti.get(t.split("-", 1)[0])
            if j is not None:
                arr[tb + j] += 1.0
        if extra is not None:
            extra(g, corp, c, arr, tb + len(self.types))
        return (_copy(c), _copy(h), operating, stations, c.get("president"))

    def slots_now(self, g: Any, h: str) -> int:
        board = self.st.board
        laid = g.s["tiles"].get(h)
        t = board.tiles[laid[0]] if laid else board.hexes[h].printed
        return sum(t.city_slots)


def _copy(value: Any) -> Any:
    """A deep copy of plain data (what the caches compare the next position with)."""
    return marshal.loads(marshal.dumps(value))


def _pct(certs: Iterable[str]) -> int:
    """Percent of a list of certificates (``CORP_0`` = the 20 % president's certificate)."""
    total = 0
    for cert in certs:
        total += 20 if cert.endswith("_0") else 10
    return total
