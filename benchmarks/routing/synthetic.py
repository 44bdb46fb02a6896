"""Synthetic 18xx-like positions for benchmarks of the route optimiser: a grid of hexes
with cities, towns and off-boards, and track laid as random walks between them, so that
plain hexes carry curves, crossings and switches (branching at hex edges = junctions)."""
from __future__ import annotations

import random

from railyard.routing import Link, Network, Stop, Train

DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def grid_position(seed: int, rows: int = 8, cols: int = 10, walks: int = 30,
                  trains: tuple = (4, 4)) -> tuple[Network, list[Train]]:
    rng = random.Random(seed)
    hexes = [(q, r) for r in range(rows) for q in range(cols)]
    inside = set(hexes)
    kind: dict = {}
    for h in hexes:
        border = h[0] in (0, cols - 1) or h[1] in (0, rows - 1)
        roll = rng.random()
        if border and roll < 0.1:
            kind[h] = "offboard"
        elif roll < 0.3:
            kind[h] = "city"
        elif roll < 0.38:
            kind[h] = "town"
    paths: dict = {h: set() for h in hexes}   # endpoints: "s" (the stop) or an edge 0-5

    def nb(h, d):
        return (h[0] + DIRS[d][0], h[1] + DIRS[d][1])

    stop_hexes = sorted(kind)
    for _ in range(walks):
        h = rng.choice(stop_hexes)
        prev = "s"
        for _step in range(rng.randint(2, 8)):
            ds = [d for d in range(6) if nb(h, d) in inside and d != prev]
            if not ds:
                break
            d = rng.choice(ds)
            if kind.get(h) == "offboard" and prev != "s":
                break
            paths[h].add(frozenset((prev, d)))
            h, prev = nb(h, d), (d + 3) % 6
            if h in kind:
                paths[h].add(frozenset(("s", prev)))
                if rng.random() < 0.6:
                    break
                prev = "s"
        if h not in kind and prev != "s":
            paths[h].discard(frozenset())
    stops, links = [], []
    tokens = 0
    for h in hexes:
        if h in kind and paths[h]:
            k = kind[h]
            token = k == "city" and tokens < 3 and rng.random() < 0.25
            tokens += token
            blocked = k == "city" and not token and rng.random() < 0.12
            rev = {"city": rng.choice([20, 30, 40, 50]), "town": 10,
                   "offboard": rng.choice([30, 40, 60])}[k]
            stops.append(Stop(("S", h), rev, k, token=token, blocked=blocked))

    def end(h, e):
        if e == "s":
            return ("S", h), None
        return ("E",) + tuple(sorted([h, nb(h, e)])), h

    for h in hexes:
        for i, p in enumerate(sorted(paths[h], key=lambda p: sorted(map(str, p)))):
            if len(p) != 2:
                continue
            a, b = sorted(p, key=str)
            (na, sa), (nb_, sb) = end(h, a), end(h, b)
            links.append(Link(na, nb_, ((h, i),), sa, sb))
    if tokens == 0:
        i = next((i for i, s in enumerate(stops) if s.kind == "city"), 0)
        s = stops[i]
        stops[i] = Stop(s.id, s.revenue, s.kind, token=True)
    trs = [Train(f"T{i}", lim) for i, lim in enumerate(trains)]
    return Network(tuple(stops), tuple(links)), trs
