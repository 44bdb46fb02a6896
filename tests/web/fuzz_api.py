"""A larger fuzz of the HTTP API than the CI property test (not collected by pytest).

    .venv/bin/python -m tests.web.fuzz_api --actions 4000 [--seed 1]

Creates hotseat games of every title (all seats human, one host token acts for all), then
for ``--actions`` steps: reads the seat's legal choices, sends either a legal action or a
hostile variant of one (a field replaced by a list, an object, a float, NaN text, a huge or
negative number, a deeply nested value, a wrong type, a missing field, a foreign field), and
now and then garbage to another endpoint (import, undo, routes, events, tile drawing,
create).  Counts the answers by status and prints every 5xx with its request.  A refused
request (4xx) must leave the game's version and state unchanged; violations are counted too.
"""
from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import tempfile
import time

from starlette.testclient import TestClient

from railyard.engine.registry import available
from railyard.web.app import create_app
try:
    from railyard.web.limits import RateLimits
except ImportError:                 # the code before the API guard existed
    RateLimits = None
from railyard.web.storage import Storage

SEATS = {"chicago-express": 3, "1830": 4, "1870": 4, "north-american-railways": 3,
         "six-companies": 3, "american-rails": 3}
HOSTILE = [[1], {"a": 1}, 1.5, float("inf"), "NaN", -1, 2**70, None, True, "", "x" * 300,
           [[[[[[[[[[1]]]]]]]]]], {"corporation": ["PRR"]}, 0, "PRR", "B&O"]
JSON = {"content-type": "application/json"}


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def post(client, url, body, headers=None):
    text = json.dumps(body, allow_nan=True) if not isinstance(body, (bytes, str)) else body
    return client.post(url, content=text, headers={**JSON, **(headers or {})})


def hostile(rng: random.Random, action: dict) -> dict:
    act = dict(action)
    keys = [k for k in act] + ["corporation", "company", "hex", "amount", "routes", "extra"]
    k = rng.choice(keys)
    r = rng.random()
    if r < 0.7:
        act[k] = rng.choice(HOSTILE + [nested(rng.randint(20, 3000))])
    elif r < 0.85:
        act.pop(k, None)
    else:
        act = rng.choice([[], "take", 5, None, {"type": ["x"]}, {"type": "pass", "player": [0]},
                          {"type": "pass", "player": {"a": 1}}])
    return act


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    statuses: collections.Counter = collections.Counter()
    fails: list[str] = []
    changed = 0
    titles = [t for t in available() if t in SEATS]
    with tempfile.TemporaryDirectory() as tmp:
        extra = {"rate_limits": RateLimits(0, 0)} if RateLimits else {}
        app = create_app(storage=Storage(f"{tmp}/fuzz.sqlite3"), **extra)
        with TestClient(app, raise_server_exceptions=False) as client:
            games = {}

            def new(title):
                seats = [{"kind": "human"}] * SEATS[title]
                r = post(client, "/api/games", {"title": title, "seats": seats, "hotseat": True})
                assert r.status_code == 201, r.text
                games[title] = (r.json()["id"], r.json()["host_token"])

            for t in titles:
                new(t)
            per = max(1, args.actions // len(titles))
            start = time.time()
            for t in titles:
                for i in range(per):
                    gid, host = games[t]
                    auth = {"authorization": f"Bearer {host}"}
                    st = client.get(f"/api/games/{gid}?legal=1", headers=auth).json()
                    if st["status"] == "finished":
                        new(t)
                        continue
                    choices = (st.get("legal") or {}).get("choices") or []
                    if not choices:
                        new(t)
                        continue
                    c = rng.choice(choices)
                    action = {"type": c["type"], "player": c["player"], **c.get("fixed", {})}
                    for key, span in (c.get("ranges") or {}).items():
                        action[key] = rng.randint(span["min"], span["max"])
                    bad = rng.random() < 0.6
                    if bad:
                        action = hostile(rng, action)
                    if rng.random() < 0.1:     # garbage to another endpoint
                        url, body = rng.choice([
                            ("/api/games/import", {"save": {"format": "railyard-save",
                                                            "version": 1, "title": t,
                                                            "players": nested(50)}}),
                            (f"/api/games/{gid}/undo", {"version": [st["version"]]}),
                            (f"/api/games/{gid}/routes/check", {"routes": rng.choice(HOSTILE)}),
                            ("/api/games", {"title": t, "seats": [{"kind": "bot",
                                                                  "name": nested(30)}]}),
                            ("/api/games", {"title": t, "seats": [{"kind": "human"}] * 3,
                                            "options": {"deck": nested(40)}}),
                        ])
                        r = post(client, url, body, auth)
                        statuses[r.status_code] += 1
                        if r.status_code >= 500:
                            fails.append(f"{t} {url} {json.dumps(body)[:200]} -> {r.status_code}")
                        for q in ("timeout=0.5&since=x", "since=1e9999"):
                            r = client.get(f"/api/games/{gid}/events?{q}")
                            statuses[r.status_code] += 1
                            if r.status_code >= 500:
                                fails.append(f"{t} events?{q} -> {r.status_code}")
                    try:
                        body = json.dumps({"version": st["version"], "action": action},
                                          allow_nan=True)
                    except (RecursionError, ValueError):
                        continue
                    before = client.get(f"/api/games/{gid}").json()
                    r = post(client, f"/api/games/{gid}/actions", body, auth)
                    statuses[r.status_code] += 1
                    if r.status_code >= 500:
                        fails.append(f"{t} action {body[:200]} -> {r.status_code}")
                    elif r.status_code >= 400:
                        after = client.get(f"/api/games/{gid}").json()
                        if (after["version"], after["view"]) != (before["version"],
                                                                 before["view"]):
                            changed += 1
                    if r.status_code >= 500 or st["version"] > 400:
                        new(t)         # a 500 may have left the game stuck; keep games short
            took = time.time() - start
    print(f"requests by status: {dict(sorted(statuses.items()))}")
    print(f"5xx answers: {sum(n for s, n in statuses.items() if s >= 500)} "
          f"of {sum(statuses.values())}; refused requests that changed the game: {changed}; "
          f"{took:.0f} s")
    by_title = collections.Counter(line.split(" ", 1)[0] for line in fails)
    print(f"5xx by title: {dict(by_title)}")
    for line in fails[:40]:
        print("  ", line)
    return 1 if fails or changed else 0


if __name__ == "__main__":
    sys.exit(main())
