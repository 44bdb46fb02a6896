"""Per-train route search: depth-first over stop-to-stop segments with a bitset of used
track pieces and a bitset of visited stops, pruned by a revenue upper bound.

Upper bound of any extension of a partial route ending at stop ``cur``: the stops it can
still add are unvisited stops reachable from ``cur`` through unvisited passable stops
(breadth-first over the stop graph, ignoring piece conflicts).  A reachable stop that cannot
be passed (blocked, off-board) or has fewer than two neighbours left can only be the last
stop, so at most one of those counts.  Of the others, every stop that does not count against
the limit, plus the most valuable counted ones up to the limit left; plus the largest end
bonus among the reachable stops and ``cur``.

``search(.., threshold)`` lists every legal route worth at least ``threshold`` (all of them
for ``threshold <= 0``); ``best_single`` finds the value of the best route alone."""
from __future__ import annotations

from .compiled import Compiled
from .model import Train
from .rules import stop_counts, stop_value


class TrainSearch:
    def __init__(self, cp: Compiled, train: Train):
        self.cp = cp
        self.train = train
        ov = train.value_map()
        n = len(cp.stops)
        self.val = [stop_value(train, s, ov) for s in cp.stops]
        self.cnt = [stop_counts(train, s) for s in cp.stops]
        self.end = [s.end_bonus for s in cp.stops]
        self.cap = train.limit if train.limit is not None else n + 1
        self.nbr = cp.nbr        # per stop, made on first use (compiled.OnDemand)
        self.pass_mask = sum(1 << i for i in range(n) if cp.passable[i])
        #: no negative values: a partial route worth the threshold is never pruned
        self.nonneg = min(self.val, default=0) >= 0 and min(self.end, default=0) >= 0

    def bound(self, cur: int, visited: int, count: int) -> int:
        nbr, pm = self.nbr, self.pass_mask
        reach = 0
        frontier = nbr[cur] & ~visited
        while frontier:
            reach |= frontier
            f = frontier & pm
            new = 0
            while f:
                b = f & -f
                new |= nbr[b.bit_length() - 1]
                f ^= b
            frontier = new & ~visited & ~reach
        val, end, nbr_ = self.val, self.end, self.nbr
        area = reach | 1 << cur
        # a stop that cannot be passed, or has one neighbour left, can only be the last stop
        inner: list = []
        tail_c = tail_f = 0
        free = 0
        best_end = end[cur]
        r = reach
        while r:
            b = r & -r
            r ^= b
            i = b.bit_length() - 1
            v = val[i]
            if end[i] > best_end:
                best_end = end[i]
            if pm & b and (nbr_[i] & area).bit_count() >= 2:
                if self.cnt[i]:
                    inner.append(v)
                else:
                    free += v
            elif self.cnt[i]:
                if v > tail_c:
                    tail_c = v
            elif v > tail_f:
                tail_f = v
        k = self.cap - count
        if k <= 0:
            return free + tail_f + best_end
        inner.sort(reverse=True)
        with_tail = sum(inner[:k - 1]) + tail_c
        without = sum(inner[:k]) + tail_f
        return free + max(with_tail, without) + best_end

    def search(self, threshold: int, used: int = 0, best_only: bool = False) -> list[tuple]:
        """Routes (canonical direction) with revenue >= threshold and no piece in ``used``:
        ``(revenue, mask, stops, segments)``.  With ``best_only`` the threshold rises to
        each route found (plus one), so the last route returned is a best one."""
        cp = self.cp
        passable, token, segs, area = cp.passable, cp.token, cp.segs, cp.area
        val, cnt, end, cap = self.val, self.cnt, self.end, self.cap
        nonneg = self.nonneg
        memo: dict = {}     # bound(cur, visited, count): the same stop set is met often
        found: dict = {}
        stops: list[int] = []
        seglist: list[tuple] = []
        thr = threshold

        def dfs(cur, visited, mask, count, value, has_token):
            nonlocal thr
            if len(stops) >= 2:
                if has_token and stops[0] < cur and (area[cur] is None or
                                                     area[cur] != area[stops[0]]):
                    rev = value + end[cur]
                    if rev >= thr:
                        k = (tuple(stops), mask)
                        if k not in found:
                            found[k] = (rev, mask, k[0], tuple(seglist))
                            if best_only:
                                thr = rev + 1
                if not passable[cur]:
                    return
            if value < thr or not nonneg:
                key = (cur, visited, count)
                b = memo.get(key)
                if b is None:
                    b = memo[key] = self.bound(cur, visited, count)
                if value + b < thr:
                    return
            for t, m, links in segs[cur]:
                if visited >> t & 1 or m & mask:
                    continue
                c = count + cnt[t]
                if c > cap:
                    continue
                stops.append(t)
                seglist.append(links)
                dfs(t, visited | 1 << t, mask | m, c, value + val[t],
                    has_token or token[t])
                stops.pop()
                seglist.pop()

        for s in sorted(cp.reach):
            if cnt[s] > cap:
                continue
            stops.append(s)
            dfs(s, 1 << s, used, cnt[s], val[s] + end[s], token[s])
            stops.pop()
        out = list(found.values())
        for i, (rev, mask, st, sg) in enumerate(out):
            out[i] = (rev, mask & ~used, st, sg)
        return out

    def best_single(self, used: int = 0) -> tuple[int, tuple | None]:
        routes = self.search(0, used, best_only=True)
        if not routes:
            return 0, None
        top = max(routes, key=lambda r: r[0])
        return top[0], top


def sort_candidates(routes: list[tuple]) -> list[tuple]:
    """Best first: revenue descending, then (stops, mask) ascending (the tie-break order)."""
    return sorted(routes, key=lambda r: (-r[0], r[2], r[1]))
