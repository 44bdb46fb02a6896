"""A network compiled for search: stops numbered in input order, track pieces as bits of a
Python int (numbered by first appearance in the link list), and the track between
consecutive stops walked into *segments* (stop, stop, piece mask) through junctions: per
stop on first use (:class:`OnDemand`), as a company's routes reach only a few of the
map's stops and a network is compiled for nearly every run."""
from __future__ import annotations

import sys

from .model import Network
from .rules import Index, junction_side_ok


class OnDemand(dict):
    """``d[k]`` is ``make(k)``, made on first use and kept (a dict look-up afterwards):
    the same values as a list made in advance, for the keys asked."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


class Compiled:
    def __init__(self, net: Network):
        self.net = net
        self.index = Index(net)
        self.stops = net.stops
        self.sidx = {s.id: i for i, s in enumerate(net.stops)}
        bits: dict = {}
        link_mask: list[int] = []
        adj: dict = {}
        for li, link in enumerate(net.links):
            m = 0
            for p in link.pieces:
                m |= 1 << bits.setdefault(p, len(bits))
            link_mask.append(m)
            # the sides of Link.side_at (a link never joins a node to itself: Network)
            a, b, sa, sb = link.a, link.b, link.side_a, link.side_b
            if sa is None:
                sa = ("link", li)
            if sb is None:
                sb = ("link", li)
            at = adj.get(a)
            if at is None:
                adj[a] = [(li, b, sa, sb)]
            else:
                at.append((li, b, sa, sb))
            at = adj.get(b)
            if at is None:
                adj[b] = [(li, a, sb, sa)]
            else:
                at.append((li, a, sb, sa))
        self.link_mask = link_mask
        self.adj = adj
        self.n_pieces = len(bits)
        self.passable = [s.passable for s in net.stops]
        self.token = [s.token for s in net.stops]
        self.area = [s.area for s in net.stops]
        #: per stop: its segments (``_segments_from``) and the bit mask of their targets
        self.segs = OnDemand(self._segments_from)
        self.nbr = OnDemand(self._targets)
        self.reach = self._reachable()
        self.cache: dict = {}

    def _segments_from(self, s: int) -> list[tuple[int, int, tuple]]:
        """Every walk from stop ``s`` through junctions only to another stop:
        (target stop, piece mask, link indices); one walk per (target, mask)."""
        if not 0 <= s < len(self.stops):
            raise IndexError(f"no stop {s!r}")
        sidx, adj, lmask = self.sidx, self.adj, self.link_mask
        out: list = []
        seen: set = set()
        limit = sys.getrecursionlimit()
        if limit < 10000:
            sys.setrecursionlimit(10000)

        def go(node, mask, links, side_in):
            t = sidx.get(node)
            if t is not None:
                if t != s and (t, mask) not in seen:
                    seen.add((t, mask))
                    out.append((t, mask, links))
                return
            for li, other, side_here, side_far in adj.get(node, ()):
                m = lmask[li]
                if m & mask or not junction_side_ok(side_in, side_here):
                    continue
                go(other, mask | m, links + (li,), side_far)

        for li, other, _side, side_far in adj.get(self.stops[s].id, ()):
            go(other, self.link_mask[li], (li,), side_far)
        # a walk whose pieces include all pieces of another walk to the same stop is never
        # needed: the smaller one gives the same stops with less track (and ranks first)
        keep = []
        for t, m, links in out:
            if not any(t2 == t and m2 != m and m2 & m == m2 for t2, m2, _ in out):
                keep.append((t, m, links))
        return keep

    def _targets(self, s: int) -> int:
        m = 0
        for t, _m, _l in self.segs[s]:
            m |= 1 << t
        return m

    def _reachable(self) -> set[int]:
        """Stops joined to a token by track that passes only passable stops (a superset of
        the stops of legal routes)."""
        start = [i for i, t in enumerate(self.token) if t]
        seen = set(start)
        stack = list(start)
        while stack:
            s = stack.pop()
            if not self.passable[s] and not self.token[s]:
                continue
            for t, _m, _l in self.segs[s]:
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
        return seen

    def walk_nodes(self, first: int, segs: tuple) -> tuple[tuple, tuple]:
        """Node ids and link indices of a route given by its first stop and segments."""
        cur = self.stops[first].id
        nodes = [cur]
        links: list = []
        for seg in segs:
            for li in seg:
                link = self.net.links[li]
                cur = link.b if link.a == cur else link.a
                nodes.append(cur)
                links.append(li)
        return tuple(nodes), tuple(links)
