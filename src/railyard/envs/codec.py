"""Fixed action ids from a title's legal-action :class:`~railyard.engine.actions.Choice` list.

An encoder's id space is a row of *blocks*, one per action type: a block holds one id per
*key* (the values of the type's identifying fields, e.g. company x hex for a build) times
one id per *bucket* of its number field, if it has one (a bid's amount, a price).

Buckets of a number field are given by their lower edges ``e0 < e1 < ...``; bucket ``k``
holds the numbers ``[e_k, e_k+1)`` (the last is open upwards).  Two kinds:

- ``relative``: the edges count up from the lowest legal number of the Choice (a bid's
  minimum): bucket ``k`` is legal when ``lo + e_k <= hi`` and stands for the amount
  ``lo + e_k`` (its *representative amount*).
- ``absolute``: the edges are amounts; bucket ``k`` is legal when it meets ``[lo, hi]``
  and stands for ``max(lo, e_k)``.

An action with any legal amount has the id of its bucket (``to_id``); an id stands for the
representative amount (``to_action``), so ``to_id(to_action(i)) == i`` for every legal id,
and ``to_action(to_id(a)) == a`` for every legal action whose amount is a representative
(all of them where the buckets are one wide).

Fields of a Choice that are not part of the key (a bid's company: the lot on auction) are
copied from the Choice into the action.  :class:`ChoiceEncoder` implements ``legal_ids``,
``mask``, ``to_action``, ``to_id`` and ``action_names`` of the encoder interface
(docs/research.md) on top of ``state.legal_actions()``; titles add the observation.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np


@dataclass
class Block:
    """The ids of one action type: ``keys`` (tuples of the values of ``fields``, in the
    order the ids take) x ``edges`` (bucket lower edges of the number field ``number``)."""

    type: str
    fields: tuple[str, ...] = ()
    keys: Sequence[tuple] = ((),)
    number: str | None = None
    edges: tuple[int, ...] = ()
    relative: bool = True
    #: how a key reads in ``action_names`` (default: the values joined by spaces)
    names: Sequence[str] | None = None
    start: int = 0
    index: dict = field(default_factory=dict)
    nbuckets: int = 1
    #: the action has fields beside its key that the state fills in (``fixed_extra``)
    extra: bool = False

    @property
    def buckets(self) -> int:
        return len(self.edges) if self.number else 1

    @property
    def size(self) -> int:
        return len(self.keys) * self.buckets

    def bucket_of(self, value: int, lo: int) -> int:
        """The bucket of ``value`` (``lo``: the Choice's lowest number)."""
        return bisect_right(self.edges, value - lo if self.relative else value) - 1

    def bucket_ids(self, base: int, lo: int, hi: int) -> list[int]:
        """The ids of the buckets with a legal representative in ``[lo, hi]``."""
        edges = self.edges
        if self.relative:
            top = bisect_right(edges, hi - lo)
            return list(range(base, base + top))
        first = max(0, bisect_right(edges, lo) - 1)
        top = bisect_right(edges, hi)
        return list(range(base + first, base + top))

    def amount(self, k: int, lo: int) -> int:
        """The representative amount of bucket ``k``."""
        return lo + self.edges[k] if self.relative else max(lo, self.edges[k])


class ChoiceEncoder:
    """Ids, masks and the id <-> action mapping of a title from its blocks (see the module
    docstring).  Subclasses set ``slug``, ``players``, ``obs_shape``, ``info_shape`` and
    implement ``observation``, ``observation_string`` and ``layout``."""

    slug = ""
    info_shape: tuple[int, ...] | None = None
    #: Choices seen before, by identity (titles reuse their immutable Choices): the ids of
    #: each, with the Choice held so that its id is not reused while cached
    _CACHE_LIMIT = 200_000

    def __init__(self, players: int, blocks: list[Block]) -> None:
        self.players = players
        self.blocks = blocks
        self._by_type: dict[str, Block] = {}
        start = 0
        for b in blocks:
            if b.type in self._by_type:
                raise ValueError(f"two blocks for the action type {b.type!r}")
            b.start = start
            b.index = {key: i for i, key in enumerate(b.keys)}
            b.nbuckets = b.buckets
            start += b.size
            self._by_type[b.type] = b
        self.num_actions = start
        self._starts = [b.start for b in blocks]
        self._cache: dict[int, tuple[Any, tuple[int, ...]]] = {}
        self._names: list[str] | None = None
        self._templates: list | None = None

    # ---- ids of the legal actions ------------------------------------------------------
    def _key(self, block: Block, ch: Any) -> int:
        fixed = ch.fixed
        key = tuple(fixed[f] for f in block.fields)
        i = block.index.get(key)
        if i is None:
            raise ValueError(f"{self.slug}: the action {ch.type} {key} has no id "
                             f"(not in the title's id table)")
        return i

    def choice_ids(self, ch: Any) -> tuple[int, ...]:
        """The ids of the actions of one Choice (cached by the Choice's identity)."""
        got = self._cache.get(id(ch))
        if got is not None and got[0] is ch:
            return got[1]
        block = self._by_type.get(ch.type)
        if block is None:
            raise ValueError(f"{self.slug}: the action type {ch.type!r} has no ids")
        base = block.start + self._key(block, ch) * block.nbuckets
        if block.number:
            lo, hi = ch.ranges[block.number]
            ids = tuple(block.bucket_ids(base, lo, hi))
        else:
            ids = (base,)
        cache = self._cache
        if len(cache) >= self._CACHE_LIMIT:
            cache.clear()
        cache[id(ch)] = (ch, ids)
        return ids

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of the legal actions of the seat to act, ascending (empty when over)."""
        return self.ids_of(state.legal_actions())

    def ids_of(self, choices: list) -> list[int]:
        """The ids of a list of Choices (``state.legal_actions()``), ascending."""
        out: list[int] = []
        ids = self.choice_ids
        for ch in choices:
            out.extend(ids(ch))
        out.sort()
        return out

    def mask(self, state: Any, out: np.ndarray | None = None) -> np.ndarray:
        """Bool array of ``num_actions``: True exactly at ``legal_ids(state)``."""
        if out is None:
            out = np.zeros(self.num_actions, dtype=bool)
        else:
            out[:] = False
        ids = self.legal_ids(state)
        if ids:
            out[ids] = True
        return out

    # ---- id <-> action -----------------------------------------------------------------
    def decode(self, action_id: int) -> tuple[Block, int, int]:
        """(block, key index, bucket) of an id; ValueError outside ``[0, num_actions)``."""
        if type(action_id) is not int:
            if isinstance(action_id, bool) or not isinstance(action_id, (int, np.integer)):
                raise ValueError(f"{self.slug}: an action id is a whole number, not "
                                 f"{action_id!r}")
            action_id = int(action_id)
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"{self.slug}: there is no action id {action_id!r} "
                             f"(ids are 0 to {self.num_actions - 1})")
        b = self.blocks[bisect_right(self._starts, action_id) - 1]
        k, bucket = divmod(action_id - b.start, b.buckets)
        return b, k, bucket

    def to_action(self, state: Any, action_id: int) -> dict[str, Any]:
        """The engine action of ``action_id`` in ``state`` (a dict for ``state.apply``);
        ValueError if the id is not legal here."""
        return self.action_of(state.legal_actions(), action_id)

    def action_of(self, choices: list, action_id: int) -> dict[str, Any]:
        """``to_action`` on the state's Choices (``state.legal_actions()``), listed once."""
        block, k, bucket = self.decode(action_id)
        key = block.keys[k]
        fields = block.fields
        for ch in choices:
            if ch.type != block.type:
                continue
            if fields:
                fixed = ch.fixed
                if tuple(fixed[f] for f in fields) != key:
                    continue
            act = ch.base()
            if block.number:
                lo, hi = ch.ranges[block.number]
                amount = block.amount(bucket, lo)
                if not lo <= amount <= hi or block.bucket_of(amount, lo) != bucket:
                    break
                act[block.number] = amount
            return act
        raise ValueError(f"{self.slug}: action id {int(action_id)} "
                         f"({self.action_name(int(action_id))}) is not legal now")

    def action_for(self, state: Any, action_id: Any, legal: list[int]) -> dict[str, Any]:
        """``to_action`` when the legal ids of ``state`` are known (``legal``, e.g. from
        the mask just made): titles with :meth:`number_low` build the action from the id
        and the state without listing the Choices again."""
        if type(self).number_low is ChoiceEncoder.number_low:
            return self.to_action(state, action_id)
        if type(action_id) is not int:
            self.decode(action_id)                 # a clear error for a bad id
            action_id = int(action_id)
        if action_id not in legal:
            self.decode(action_id)
            raise ValueError(f"{self.slug}: action id {action_id} "
                             f"({self.action_name(action_id)}) is not legal now")
        templates = self._templates
        if templates is None:
            templates = self._templates = [self._template(i)
                                           for i in range(self.num_actions)]
        block, base, bucket = templates[action_id]
        act = dict(base)
        act["player"] = state.current_player
        if block.extra:
            act.update(self.fixed_extra(state, block))
        if block.number:
            act[block.number] = block.amount(bucket, self.number_low(state, block))
        return act

    def _template(self, action_id: int) -> tuple[Block, dict[str, Any], int]:
        block, k, bucket = self.decode(action_id)
        base = {"type": block.type, "player": None}
        base.update(zip(block.fields, block.keys[k]))
        return block, base, bucket

    def number_low(self, state: Any, block: Block) -> int:
        """The lowest legal number of ``block``'s Choice in ``state`` (titles with a fast
        ``legal_ids`` override this and :meth:`fixed_extra`)."""
        raise NotImplementedError

    def fixed_extra(self, state: Any, block: Block) -> dict[str, Any] | None:
        """Fields of ``block``'s Choice that are not part of its key (a bid's lot)."""
        return None

    def block_ids(self, block: Block, key_index: int, lo: int, hi: int) -> list[int]:
        """The ids of ``block``'s key ``key_index`` for numbers ``lo .. hi``."""
        return block.bucket_ids(block.start + key_index * block.nbuckets, lo, hi)

    def to_id(self, state: Any, action: Mapping[str, Any]) -> int:
        """The id of a legal engine action (a number in its bucket); ValueError if the
        action is not legal here or has no id."""
        if not isinstance(action, Mapping):
            raise ValueError(f"{self.slug}: an action is a dict, not {type(action).__name__}")
        for ch in state.legal_actions():
            if not ch.matches(action):
                continue
            block = self._by_type.get(ch.type)
            if block is None:
                break
            base = block.start + self._key(block, ch) * block.buckets
            if block.number:
                lo, _hi = ch.ranges[block.number]
                return base + block.bucket_of(action[block.number], lo)
            # an action with extra fields the Choice does not name is not the Choice's
            if set(action) - {"type", "player", *ch.fixed}:
                continue
            return base
        raise ValueError(f"{self.slug}: the action {dict(action)!r} is not legal now "
                         "(or has no id)")

    # ---- names -------------------------------------------------------------------------
    def action_name(self, action_id: int) -> str:
        block, k, bucket = self.decode(action_id)
        parts = [block.type]
        if block.names is not None:
            parts.append(block.names[k])
        elif block.fields:
            parts.append(" ".join(str(v) for v in block.keys[k]))
        if block.number:
            e = block.edges
            hi = f"{e[bucket + 1] - 1}" if bucket + 1 < len(e) else "up"
            span = f"{e[bucket]}" if hi == f"{e[bucket]}" else f"{e[bucket]}..{hi}"
            parts.append(f"{block.number} {'min+' if block.relative else ''}{span}")
        return " ".join(parts)

    def action_names(self) -> list[str]:
        """A name per id (made on first use)."""
        if self._names is None:
            self._names = [self.action_name(i) for i in range(self.num_actions)]
        return self._names

    def action_table(self) -> list[tuple[str, int, int, str]]:
        """(block, first id, stop, what it holds) per block, for docs/research.md."""
        out = []
        for b in self.blocks:
            what = f"{len(b.keys)} ({' x '.join(b.fields)})" if b.fields else "1"
            if b.number:
                kind = "above the minimum" if b.relative else "absolute"
                what += f" x {len(b.edges)} buckets of `{b.number}` ({kind}; lower edges " \
                        f"{', '.join(map(str, b.edges))})"
            out.append((b.type, b.start, b.start + b.size, what))
        return out

    # ---- defaults ----------------------------------------------------------------------
    def information_state(self, state: Any, seat: int) -> np.ndarray | None:
        return None


def edges_geometric(exact: int, steps: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Bucket edges: ``0 .. exact-1`` one wide, then for each ``(step, upto)`` edges every
    ``step`` up to ``upto`` (exclusive)."""
    out = list(range(exact))
    v = exact
    for step, upto in steps:
        while v < upto:
            out.append(v)
            v += step
    return tuple(out)


class Planes:
    """Bit masks (hex sets) as 0/1 float32 rows, unpacked with one ``unpackbits`` for all
    of them; :meth:`rows` remembers the rows of recent mask tuples (a board changes by a
    few pieces per action, and many steps leave it as it was)."""

    def __init__(self, width: int, limit: int = 4096) -> None:
        self.width = width
        self.limit = limit
        self._memo: dict[tuple, np.ndarray] = {}

    def rows(self, masks: tuple) -> np.ndarray:
        got = self._memo.get(masks)
        if got is None:
            if len(self._memo) >= self.limit:
                self._memo.clear()
            got = self._memo[masks] = self.bits(masks, self.width)
        return got

    @staticmethod
    def bits(masks: Sequence[int], width: int) -> np.ndarray:
        """``len(masks)`` x ``width`` 0/1 float32 rows of the bit masks (bit h -> column
        h)."""
        big = 0
        shift = 0
        for m in masks:
            big |= m << shift
            shift += width
        nbytes = (shift + 7) // 8
        raw = np.frombuffer(big.to_bytes(nbytes or 1, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[:shift].astype(np.float32)


def slices(parts: Sequence[tuple[str, int, str]]) -> list[tuple[str, int, int, str]]:
    """``(name, size, meaning)`` parts laid end to end: ``(name, start, stop, meaning)``."""
    out = []
    at = 0
    for name, size, meaning in parts:
        out.append((name, at, at + size, meaning))
        at += size
    return out
