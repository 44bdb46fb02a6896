"""Branch and bound over trains: pick one candidate (or none) per train, piece masks
pairwise disjoint, maximising the sum of revenues.

Trains are searched in a fixed order; each train's candidates best first, "no route" last.
The search visits combinations in lexicographic order of candidate positions and replaces
the incumbent only by a strictly better total, while pruning only subtrees that cannot beat
it strictly.  So the result is the lexicographically first optimal combination.

Each train keeps the set of its candidates still disjoint from the chosen routes as a
bitset over candidate positions (``avail``); choosing a route removes, per list, the union
of the candidates sharing one of its pieces (precomputed per piece).  Bound of a node: for
every remaining train the revenue of its first (best) available candidate; trains that
share a list with an earlier train of the search take a candidate after it, so they are
worth at most that train's candidate."""
from __future__ import annotations

from bisect import bisect_left

#: at the last-but-one train, the last train's candidates are scanned (instead of updating
#: bitsets) when at most this many of them could beat the incumbent
SCAN_LAST = 512


class NodeLimit(Exception):
    pass


def _piece_table(masks: list[int]) -> dict[int, int]:
    """piece bit -> bitset of the candidate positions whose mask uses it."""
    rows: dict = {}
    for k, m in enumerate(masks):
        while m:
            b = m & -m
            rows.setdefault(b.bit_length() - 1, []).append(k)
            m ^= b
    size = (len(masks) + 8) // 8
    table: dict = {}
    for p, ks in rows.items():
        buf = bytearray(size)
        for k in ks:
            buf[k >> 3] |= 1 << (k & 7)
        table[p] = int.from_bytes(buf, "little")
    return table


def _piece_table_parts(parts: list, part_mask) -> dict[int, int]:
    """The same table from the parts of each candidate (``part_mask(part)`` = its pieces; a
    candidate's mask is the union of its parts' masks): bitset of the candidates per part,
    then per piece the union over the parts that contain it.  Fewer steps than per piece
    when a part (a stop-to-stop segment) holds several pieces."""
    rows: dict = {}
    for k, ps in enumerate(parts):
        for s in ps:
            row = rows.get(s)
            if row is None:
                rows[s] = [k]
            else:
                row.append(k)
    size = (len(parts) + 8) // 8
    table: dict = {}
    for s, ks in rows.items():
        buf = bytearray(size)
        for k in ks:
            buf[k >> 3] |= 1 << (k & 7)
        bits = int.from_bytes(buf, "little")
        m = part_mask(s)
        while m:
            b = m & -m
            m ^= b
            p = b.bit_length() - 1
            table[p] = table.get(p, 0) | bits
    return table


def best_combination(cands: list[list[tuple]], same_as_prev: list[bool], used0: int = 0,
                     max_nodes: int | None = None,
                     part_mask=None) -> tuple[int, tuple, bool, int]:
    """``cands[i]``: list of ``(revenue, mask, ...)`` sorted best first, masks already
    disjoint from ``used0``.  ``same_as_prev[i]``: train ``i`` has the same candidate list
    as train ``i - 1`` (then its choice is after train ``i - 1``'s, which removes
    permutations).  ``part_mask``: if given, ``cand[3]`` lists the parts of a candidate's
    route and ``part_mask(part)`` their pieces (faster conflict tables).  Returns (total,
    choice, complete, nodes); ``choice[i] == len(cands[i])`` means no route."""
    n = len(cands)
    revs = [[c[0] for c in lst] for lst in cands]
    masks = [[c[1] for c in lst] for lst in cands]
    # one table per distinct list (identical trains share theirs)
    lid: list[int] = []
    tables: list = []
    for i in range(n):
        if i and same_as_prev[i]:
            lid.append(lid[-1])
        else:
            lid.append(len(tables))
            if part_mask is not None:
                tables.append(_piece_table_parts([c[3] for c in cands[i]], part_mask))
            else:
                tables.append(_piece_table(masks[i]))
    n_lists = len(tables)
    group = [0] * (n + 1)
    for i in range(n - 2, -1, -1):
        if same_as_prev[i + 1]:
            group[i] = group[i + 1] + 1
    best = -1
    best_choice: tuple = tuple(len(c) for c in cands)
    choice = [0] * n
    nodes = 0

    def conflicts(t: dict, m: int) -> int:
        out = 0
        while m:
            b = m & -m
            out |= t.get(b.bit_length() - 1, 0)
            m ^= b
        return out

    neg_last = [-r for r in revs[-1]] if n else []   # ascending, for bisect

    def scan_last(i: int, k: int, acc: int, used: int, lo: int) -> None:
        """Train ``i`` takes candidate ``k``, the last train its first candidate disjoint
        from ``used`` among those that could beat the incumbent (a short prefix; called
        only when running no route with the last train cannot beat it)."""
        nonlocal best, best_choice, nodes
        nodes += 1
        j = n - 1
        rs2, ms2 = revs[j], masks[j]
        end = bisect_left(neg_last, -(best - acc))      # rs2[k2] > best - acc for k2 < end
        for k2 in range(lo, end):
            if not ms2[k2] & used:
                best = acc + rs2[k2]
                choice[i], choice[j] = k, k2
                best_choice = tuple(choice)
                return

    def rec(i: int, acc: int, lo: int, avail: list, used: int) -> None:
        nonlocal best, best_choice, nodes
        if i == n:
            if acc > best:
                best = acc
                best_choice = tuple(choice)
            return
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise NodeLimit
        mine = avail[lid[i]] >> lo << lo
        bv = [0] * (n + 1)
        for j in range(n - 1, i - 1, -1):
            a = mine if j == i else avail[lid[j]]
            top = revs[j][(a & -a).bit_length() - 1] if a else 0
            bv[j] = bv[j + 1] + max(top, 0)
        if acc + bv[i] <= best:
            return
        rs, ms = revs[i], masks[i]
        rest = bv[i + 1]
        m = group[i]
        after = bv[i + 1 + m]
        nxt_same = i + 1 < n and same_as_prev[i + 1]
        later = sorted({lid[j] for j in range(i + 1, n)})
        a = mine
        while a:
            b = a & -a
            a ^= b
            k = b.bit_length() - 1
            r = rs[k]
            if acc + r + rest <= best or acc + r + m * max(r, 0) + after <= best:
                break
            choice[i] = k
            mk = ms[k]
            if i == n - 2:
                lo2 = k + 1 if nxt_same else 0
                if bisect_left(neg_last, -(best - acc - r)) - lo2 <= SCAN_LAST \
                        and acc + r <= best:
                    scan_last(i, k, acc + r, used | mk, lo2)
                    continue
            if later:
                new = list(avail)
                for x in later:
                    new[x] = avail[x] & ~conflicts(tables[x], mk)
            else:
                new = avail
            rec(i + 1, acc + r, k + 1 if nxt_same else 0, new, used | mk)
        if acc + rest > best:
            choice[i] = len(rs)
            rec(i + 1, acc, len(rs) if nxt_same else 0, avail, used)

    complete = True
    try:
        rec(0, 0, 0, [(1 << len(cands[lid.index(x)])) - 1 for x in range(n_lists)], used0)
    except NodeLimit:
        complete = False
    return best, best_choice, complete, nodes
