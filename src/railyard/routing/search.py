"""Branch and bound over trains: pick one candidate (or none) per train, piece masks
pairwise disjoint, maximising the sum of revenues.

Trains are searched in a fixed order; each train's candidates best first, "no route" last.
The search visits combinations in lexicographic order of candidate positions and replaces
the incumbent only by a strictly better total, while pruning only subtrees that cannot beat
it strictly.  So the result is the lexicographically first optimal combination.

Bound for trains ``i..n-1`` under the used pieces: for each train the revenue of its best
candidate disjoint from the used pieces (looked for among its first ``SCAN`` candidates;
beyond that the revenue of candidate ``SCAN``, which is no smaller)."""
from __future__ import annotations

SCAN = 48


class NodeLimit(Exception):
    pass


def best_combination(cands: list[list[tuple]], same_as_prev: list[bool], used0: int = 0,
                     max_nodes: int | None = None) -> tuple[int, tuple, bool, int]:
    """``cands[i]``: list of ``(revenue, mask, ...)`` sorted best first.  ``same_as_prev[i]``:
    train ``i`` has the same candidate list as train ``i - 1`` (then its choice is not
    before train ``i - 1``'s, which removes permutations).  Returns (total, choice, complete,
    nodes); ``choice[i] == len(cands[i])`` means no route."""
    n = len(cands)
    revs = [[c[0] for c in lst] for lst in cands]
    masks = [[c[1] for c in lst] for lst in cands]
    top = [r[0] if r else 0 for r in revs]
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + max(top[i], 0)
    best = -1
    best_choice: tuple = tuple(len(c) for c in cands)
    choice = [0] * n
    nodes = 0

    def free_best(j: int, used: int) -> int:
        ms, rs = masks[j], revs[j]
        k = len(ms)
        for x in range(min(SCAN, k)):
            if not ms[x] & used:
                return max(rs[x], 0)
        return max(rs[SCAN], 0) if k > SCAN else 0

    def rec(i: int, used: int, acc: int, lo: int) -> None:
        nonlocal best, best_choice, nodes
        if i == n:
            if acc > best:
                best = acc
                best_choice = tuple(choice)
            return
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise NodeLimit
        ub = acc
        for j in range(i, n):
            ub += free_best(j, used)
        if ub <= best:
            return
        rs, ms = revs[i], masks[i]
        rest = suffix[i + 1]
        nxt_same = i + 1 < n and same_as_prev[i + 1]
        for k in range(lo, len(rs)):
            r = rs[k]
            if acc + r + rest <= best:
                break
            m = ms[k]
            if m & used:
                continue
            choice[i] = k
            rec(i + 1, used | m, acc + r, k + 1 if nxt_same else 0)
        if acc + rest > best:
            choice[i] = len(rs)
            rec(i + 1, used, acc, len(rs) if nxt_same else 0)

    complete = True
    try:
        rec(0, used0, 0, 0)
    except NodeLimit:
        complete = False
    return best, best_choice, complete, nodes
