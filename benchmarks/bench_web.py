"""Benchmark (not a test) of the game server: N concurrent games with bot seats.

    .venv/bin/python benchmarks/bench_web.py --games 50 --seconds 30 --load open --rate 1
    .venv/bin/python benchmarks/bench_web.py --games 50 --seconds 30 --load closed
    RAILYARD_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test \\
        .venv/bin/python benchmarks/bench_web.py --games 50 --seconds 30

Starts ``railyard serve`` as a separate process on a free loopback port (fresh SQLite file,
or the PostgreSQL URL from the environment; ``--url`` uses a running server instead),
creates N Chicago Express games of one human seat and two bots, and lets one client thread
per game play the human seat on a keep-alive connection.  Each step POSTs one random legal
action with the version seen -- the response comes after the bots' answers and the database
commit -- then reads what the next step needs:

* ``--client api``: nothing (the answer carries the new state and the seat's next choices);
* ``--client browser``: what the game page does after its own action: ``GET /board.svg``.

Load models:

* ``--load open --rate R``: every game's human acts R times a second on average (Poisson
  think times, independent of the server's speed).  Latency is measured from the moment the
  action was *due*, so a server that falls behind cannot hide its queue (no coordinated
  omission).
* ``--load closed``: every client acts again as soon as it has its answer (no think time):
  the worst case, which measures throughput; latency is then N / throughput.

Prints a Markdown row: storage, load, client, games, POSTs, p50/p95/max latency of the action
POSTs, human actions/s, all entries (human + bot) per second, finished games, the server
process's CPU time per human action (all requests of the step and game creation included;
the figure that stays meaningful on a shared machine), the client process's CPU time per
human action (it runs on the same cores) and the load average at the end.
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


def call(method: str, url: str, body=None, token=None, raw: bool = False):
    """One request over this thread's keep-alive connection (as a browser would)."""
    parts = urllib.parse.urlsplit(url)
    conn = getattr(_conns, "conn", None)
    if conn is None:
        conn = _conns.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    try:
        conn.request(method, target, data, headers)
        resp = conn.getresponse()
    except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
        # the server closed an idle keep-alive connection: reconnect, as browsers do (a
        # repeated action would be refused with 409, never applied twice)
        conn.close()
        conn.request(method, target, data, headers)
        resp = conn.getresponse()
    payload = resp.read()
    return resp.status, (payload if raw else json.loads(payload))


def start_server(port: int, data_dir: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", "from railyard.cli.main import main; main()",
                             "serve", "--port", str(port), "--data-dir", data_dir,
                             "--log-level", "warning",  # one client address drives all games:
                             "--rate-create", "0", "--rate-actions", "0"],
                            stdout=subprocess.DEVNULL)
    for _ in range(400):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/titles", timeout=1)
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("server did not start")


class Stats:
    def __init__(self) -> None:
        self.lat: list[float] = []
        self.human = self.entries = self.finished = 0
        self.client_cpu = 0.0

    def add(self, seconds: float, entries: int, finished: bool) -> None:
        with LOCK:
            self.lat.append(seconds)
            self.human += 1
            self.entries += entries
            self.finished += finished


def player(base: str, idx: int, args, deadline: float, stats: Stats) -> None:
    rng = random.Random(idx)
    due = time.monotonic()
    if args.load == "open":
        due += rng.random() / args.rate            # spread the games' first actions
    while time.monotonic() < deadline:
        _, made = call("POST", f"{base}/api/games", {
            "title": "chicago-express", "seats": [{"kind": "human", "name": f"P{idx}"},
                                                  {"kind": "bot"}, {"kind": "bot"}],
            "seed": rng.randrange(1 << 30)})
        gid, tok = made["id"], made["tokens"][0]["token"]
        _, legal = call("GET", f"{base}/api/games/{gid}/legal", token=tok)
        while legal["choices"]:
            if args.load == "open":
                due += rng.expovariate(args.rate)
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
            if time.monotonic() >= deadline:
                return
            start = due if args.load == "open" else time.monotonic()
            version = legal["version"]
            c = rng.choice(legal["choices"])
            action = {"type": c["type"], "player": c["player"], **c.get("fixed", {})}
            for k, r in c.get("ranges", {}).items():
                action[k] = rng.randint(r["min"], r["max"])
            status, state = call("POST", f"{base}/api/games/{gid}/actions",
                                 {"version": version, "action": action}, tok)
            if status != 200:
                raise SystemExit(f"action refused: {status} {state}")
            stats.add(time.monotonic() - start, state["version"] - version,
                      state["status"] == "finished")
            if state["status"] == "finished":
                break
            legal = state["legal"]                  # the answer carries the next choices
            if args.client == "browser":
                call("GET", f"{base}/api/games/{gid}/board.svg", raw=True)


def run(base: str, args, pid: int | None) -> tuple[Stats, float, float]:
    stats = Stats()
    cpu_before = cpu_seconds(pid) if pid else 0.0      # start-up (imports) excluded
    client_before = time.process_time()
    start = time.monotonic()
    deadline = start + args.seconds
    threads = [threading.Thread(target=player, args=(base, i, args, deadline, stats))
               for i in range(args.games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - start
    cpu = cpu_seconds(pid) - cpu_before if pid else float("nan")
    stats.client_cpu = time.process_time() - client_before
    return stats, wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--load", choices=["open", "closed"], default="open")
    ap.add_argument("--rate", type=float, default=1.0,
                    help="open load: actions per second per game")
    ap.add_argument("--client", choices=["api", "browser"], default="browser")
    ap.add_argument("--url", help="use this running server (server CPU is then not measured)")
    ap.add_argument("--pid", type=int, help="with --url: the server's pid, to measure its CPU")
    args = ap.parse_args()
    backend = "PostgreSQL" if os.environ.get("RAILYARD_DATABASE_URL") else "SQLite"
    if args.url:
        stats, wall, cpu = run(args.url.rstrip("/"), args, args.pid)
    else:
        port = free_port()
        with tempfile.TemporaryDirectory() as tmp:
            proc = start_server(port, tmp)
            try:
                stats, wall, cpu = run(f"http://127.0.0.1:{port}", args, proc.pid)
            finally:
                proc.terminate()
                proc.wait(timeout=10)
    lat = sorted(stats.lat)
    q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [float("nan")] * 99
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    model = f"open {args.rate:g}/s" if args.load == "open" else "closed"
    print(f"| {backend} | {model} | {args.client} | {args.games} | {len(lat)} "
          f"| {q[49] * 1000:.1f} | {q[94] * 1000:.1f} | {lat[-1] * 1000:.0f} "
          f"| {stats.human / wall:.0f} | {stats.entries / wall:.0f} | {stats.finished} "
          f"| {cpu / max(1, stats.human) * 1000:.1f} "
          f"| {stats.client_cpu / max(1, stats.human) * 1000:.1f} | {load} |")


if __name__ == "__main__":
    main()
