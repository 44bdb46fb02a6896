"""Benchmark (not a test) of the game server: N concurrent games with bot seats.

    .venv/bin/python benchmarks/bench_web.py --games 50 --seconds 30
    RAILYARD_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test \\
        .venv/bin/python benchmarks/bench_web.py --games 50 --seconds 30

Starts ``railyard serve`` as a separate process on a free loopback port (fresh SQLite file,
or the PostgreSQL URL from the environment), creates N Chicago Express games of one human
seat and two bots, and lets N client threads play the human seats as fast as they can:
GET the legal choices, POST one random action with the version seen.  Each POST includes the
bots' answers (they act server-side before the response) and the database commit.
Reports p50/p95/max latency of the action POSTs, human actions per second, all actions
(human + bot) per second, finished games, and the server process's CPU time per action
request (including the GET /legal that precedes it) -- the figure that stays meaningful on
a shared, overloaded machine -- as a Markdown row for docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request


LOCK = threading.Lock()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_conns = threading.local()


def call(method: str, url: str, body=None, token=None):
    """One request over this thread's keep-alive connection (as a browser would)."""
    parts = urllib.parse.urlsplit(url)
    conn = getattr(_conns, "conn", None)
    if conn is None:
        conn = _conns.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, parts.path, data, headers)
    resp = conn.getresponse()
    return resp.status, json.loads(resp.read())


def start_server(port: int, data_dir: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", "from railyard.cli.main import main; main()",
                             "serve", "--port", str(port), "--data-dir", data_dir,
                             "--log-level", "warning"], stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/titles", timeout=1)
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("server did not start")


def player(base: str, idx: int, deadline: float, lat: list[float], counts: list[int],
           seed: int) -> None:
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        st, made = call("POST", f"{base}/api/games", {
            "title": "chicago-express", "seats": [{"kind": "human", "name": f"P{idx}"},
                                                  {"kind": "bot"}, {"kind": "bot"}],
            "seed": rng.randrange(1 << 30)})
        gid, tok = made["id"], made["tokens"][0]["token"]
        version = None
        while time.monotonic() < deadline:
            _, legal = call("GET", f"{base}/api/games/{gid}/legal", token=tok)
            if not legal["choices"]:
                break
            version = legal["version"]
            c = rng.choice(legal["choices"])
            action = {"type": c["type"], "player": c["player"], **c.get("fixed", {})}
            for k, r in c.get("ranges", {}).items():
                action[k] = r["min"]
            t0 = time.perf_counter()
            status, state = call("POST", f"{base}/api/games/{gid}/actions",
                                 {"version": version, "action": action}, tok)
            if status != 200:
                raise SystemExit(f"action refused: {status} {state}")
            with LOCK:
                lat.append(time.perf_counter() - t0)
                counts[0] += 1
                counts[1] += state["version"] - version
                counts[2] += state["status"] == "finished"
            if state["status"] == "finished":
                break


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0)
    args = ap.parse_args()
    backend = "PostgreSQL" if os.environ.get("RAILYARD_DATABASE_URL") else "SQLite"
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, tmp)
        try:
            base = f"http://127.0.0.1:{port}"
            lat: list[float] = []
            counts = [0, 0, 0]          # human actions, all entries, finished games
            cpu_before = cpu_seconds(proc.pid)        # start-up (imports) excluded
            deadline = time.monotonic() + args.seconds
            start = time.monotonic()
            threads = [threading.Thread(target=player, args=(base, i, deadline, lat, counts, i))
                       for i in range(args.games)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - start
            server_cpu = cpu_seconds(proc.pid) - cpu_before
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    lat.sort()
    q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [float("nan")] * 99
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"| {backend} | {args.games} | {len(lat)} | {q[49] * 1000:.1f} | {q[94] * 1000:.1f} "
          f"| {lat[-1] * 1000:.0f} | {counts[0] / wall:.0f} | {counts[1] / wall:.0f} "
          f"| {counts[2]} | {server_cpu / max(1, counts[0]) * 1000:.1f} | {load} |")


if __name__ == "__main__":
    main()
