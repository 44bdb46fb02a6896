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

Several workers on PostgreSQL, with live streams (``--live``)::

    RAILYARD_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test \
        .venv/bin/python benchmarks/bench_web.py --live --games 200 --seconds 60 \
        --workers 4 --kill-at 30

starts ``railyard serve --workers N`` on a fresh schema of that database and plays every
game (one human, two bots) from one asyncio client like a browser does: one connection for
the human's requests and one for the game's live stream (the kernel spreads connections
over the workers, so a stream mostly sits on another worker than the actions).  The human
sees it is their turn (from the stream, then ``GET ?legal=1``), thinks (Poisson, ``--rate``
per second) and POSTs; the action's latency counts from the moment it was due.  Each
acknowledged action (a 200 answer) is recorded and checked in the database at the end.
``--kill-at S`` SIGKILLs one worker process after S seconds (uvicorn starts a new one); the
clients of that worker reconnect.  The notification delay is the time from an acknowledged
action until the game's stream (on another worker: worker ids from ``X-Railyard-Worker``,
the action connection's found by a short stream on it) shows its version.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
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


# ---- several workers, live streams (--live) -------------------------------------------
def _live_main(args) -> None:
    import asyncio
    url = os.environ.get("RAILYARD_DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("--live needs RAILYARD_DATABASE_URL (PostgreSQL)")
    import psycopg
    schema = f"ry_bench_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in url else "?"
    db = f"{url}{sep}options=-csearch_path%3D{schema}"
    port = free_port()
    # one client address drives every game: no per-client rate limits
    env = dict(os.environ, RAILYARD_DATABASE_URL=db, RAILYARD_RATE_CREATE="0",
               RAILYARD_RATE_ACTIONS="0")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-c",
                                 "from railyard.cli.main import main; main()", "serve",
                                 "--port", str(port), "--data-dir", tmp, "--workers",
                                 str(args.workers), "--log-level", "warning"], env=env,
                                stdout=subprocess.DEVNULL)
        try:
            for _ in range(1200):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/titles", timeout=1)
                    break
                except OSError:
                    time.sleep(0.05)
            else:
                raise SystemExit("server did not start")
            time.sleep(1.0)                 # let every worker come up
            load_before = os.getloadavg()[0]
            live = LiveBench(port, args, proc.pid)
            _run_fast(live.run())
            live.stuck = waiting_for_bots(db)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    lost = live.verify(db)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    live.report(lost, load_before)


def waiting_for_bots(db: str, patience: float = 10.0) -> int:
    """Games still waiting for a bot ``patience`` seconds after the clients stopped (the
    server still running): a game nobody took over would stay here."""
    import psycopg
    end = time.monotonic() + patience
    with psycopg.connect(db, autocommit=True) as conn:
        while True:
            n = conn.execute("SELECT COUNT(*) FROM ry_games WHERE bot_due = 1").fetchone()[0]
            if n == 0 or time.monotonic() > end:
                return n
            time.sleep(0.2)


def _q(values: list[float], pct: int) -> float:
    if len(values) < 3:
        return float("nan")
    return statistics.quantiles(sorted(values), n=100)[pct - 1]


RECONNECTS: list[float] = []      # times the action connections were made again

try:       # the load generator shares the cores with the server: keep it cheap
    from orjson import loads
except ImportError:  # pragma: no cover
    loads = json.loads


_HEAD = re.compile(rb'"status":"(\w+)","version":(\d+)')


def read_answer(body: bytes) -> dict:
    """What the simulated player needs of a state answer -- its version, status and legal
    choices -- without decoding the whole state (a Chicago Express state is ~60 KB; decoding
    it twice per action was most of this client's CPU, which shares the cores with the
    server, while a real player's browser decodes it on the player's machine).  The server
    puts ``"legal"`` last (reader.state_bytes); anything else is decoded whole."""
    i = body.rfind(b',"legal":')
    m = _HEAD.search(body, 0, 4096)
    if i < 0 or m is None or not body.endswith(b"}"):
        return loads(body)
    return {"status": m.group(1).decode(), "version": int(m.group(2)),
            "legal": loads(body[i + 9:-1])}


def _run_fast(coro) -> None:
    """``asyncio.run`` on uvloop when it is installed (it is, with the server)."""
    import asyncio
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        asyncio.run(coro)
        return
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(coro)


class Http:
    """A minimal HTTP/1.1 keep-alive client on asyncio streams (cheap enough to drive 400
    connections from one core)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader = self.writer = None
        self.reconnects: list[float] = RECONNECTS
        self.reconnected = False

    async def connect(self) -> None:
        import asyncio
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def send(self, method: str, path: str, body=None, token=None) -> None:
        if self.writer is None:
            await self.connect()
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", "host: 127.0.0.1", f"content-length: {len(data)}"]
        if body is not None:
            head.append("content-type: application/json")
        if token:
            head.append(f"authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()

    async def head(self) -> tuple[int, dict[str, str]]:
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("closed")
        status = int(line.split()[1])
        headers = {}
        while True:
            line = await self.reader.readline()
            if not line:
                raise ConnectionError("closed")
            if line in (b"\r\n", b"\n"):
                return status, headers
            k, _, v = line.decode("latin-1").partition(":")
            headers[k.strip().lower()] = v.strip()

    async def chunks(self):
        while True:
            line = await self.reader.readline()
            if not line:
                raise ConnectionError("closed")
            size = int(line.strip() or b"0", 16)
            if size == 0:
                await self.reader.readline()
                return
            data = await self.reader.readexactly(size + 2)
            yield data[:-2]

    async def request(self, method: str, path: str, body=None, token=None):
        fresh = self.writer is None
        try:
            await self.send(method, path, body, token)
            status, headers = await self.head()
        except (ConnectionError, OSError):
            if fresh:
                raise
            # the server closed an idle keep-alive connection before reading the request
            # (nothing was received, so nothing was applied): once more on a new one
            self.close()
            self.reconnects.append(time.monotonic())
            self.reconnected = True
            await self.send(method, path, body, token)
            status, headers = await self.head()
        if "content-length" in headers:
            payload = await self.reader.readexactly(int(headers["content-length"]))
        else:
            payload = b"".join([c async for c in self.chunks()])
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, payload


class LiveBench:
    def __init__(self, port: int, args, server_pid: int) -> None:
        self.port, self.args, self.server_pid = port, args, server_pid
        self.lat: list[float] = []
        self.acks: list[tuple[str, int, dict]] = []          # game, index, action
        self.delay_ack: list[float] = []                      # cross-worker pairs
        self.delay_send: list[float] = []
        self.delay_same: list[float] = []
        self.events: dict[str, list[tuple[float, int]]] = {}
        self.pending: list[tuple[str, int, float, float, str, str]] = []
        self.stream_drops: list[float] = []
        self.errors: dict[str, int] = {}
        self.finished = self.games = 0
        self.killed: int | None = None
        self.kill_time: float | None = None
        self.client_cpu = 0.0
        self.srv_cpu = 0.0
        self.dead_cpu = 0.0
        self.stuck = -1
        self.wall = 0.0

    def _err(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def server_cpu(self) -> float:
        """CPU seconds of the server's processes alive now (and of the one killed)."""
        total = cpu_seconds(self.server_pid) + self.dead_cpu
        try:
            with open(f"/proc/{self.server_pid}/task/{self.server_pid}/children") as fh:
                kids = [int(x) for x in fh.read().split()]
        except OSError:
            kids = []
        for pid in kids:
            try:
                total += cpu_seconds(pid)
            except OSError:
                pass
        return total

    async def run(self) -> None:
        import asyncio
        t0 = time.monotonic()
        cpu0 = time.process_time()
        srv0 = self.server_cpu()
        self.deadline = t0 + self.args.seconds
        tasks = [asyncio.create_task(self.player(i)) for i in range(self.args.games)]
        if self.args.kill_at:
            tasks.append(asyncio.create_task(self.killer(t0 + self.args.kill_at)))
        await asyncio.gather(*tasks)
        self.wall = time.monotonic() - t0
        self.client_cpu = time.process_time() - cpu0
        self.srv_cpu = self.server_cpu() - srv0

    async def killer(self, when: float) -> None:
        import asyncio
        import signal
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        with open(f"/proc/{self.server_pid}/task/{self.server_pid}/children") as fh:
            kids = []
            for pid in (int(x) for x in fh.read().split()):
                with open(f"/proc/{pid}/cmdline", "rb") as cmd:
                    if b"resource_tracker" not in cmd.read():       # a uvicorn worker
                        kids.append(pid)
        if kids:
            self.killed = kids[0]
            self.kill_time = time.monotonic()
            self.dead_cpu = cpu_seconds(kids[0])
            if os.environ.get("BENCH_DEBUG"):
                print("kill", kids[0], self.kill_time, flush=True)
            os.kill(kids[0], signal.SIGKILL)

    async def worker_of(self, http: Http, gid: str) -> str:
        """The worker behind this connection: a half-second stream on it names it."""
        status, headers, _ = await http.request(
            "GET", f"/api/games/{gid}/events?since=999999999&timeout=0.5")
        return headers.get("x-railyard-worker", "?")

    async def stream(self, gid: str, info: dict, stop) -> None:
        import asyncio
        known = -1
        while not stop.is_set():
            http = Http(self.port)
            try:
                for attempt in range(10):     # a stream on another worker than the actions
                    await http.send("GET", f"/api/games/{gid}/events?since={known}&timeout=60")
                    status, headers = await http.head()
                    if status != 200:
                        raise ConnectionError(f"status {status}")
                    info["stream_worker"] = headers.get("x-railyard-worker", "?")
                    if self.args.workers == 1 or info["action_worker"] is None or \
                            info["stream_worker"] != info["action_worker"] or attempt == 9:
                        break
                    http.close()
                    http = Http(self.port)
                buf = b""
                async for chunk in http.chunks():
                    buf += chunk
                    while b"\n\n" in buf:
                        event, buf = buf.split(b"\n\n", 1)
                        for line in event.split(b"\n"):
                            if line.startswith(b"data:"):
                                v = loads(line[5:])["version"]
                                if v > known:
                                    known = v
                                    self.events[gid].append((time.monotonic(), v))
                                    info["seen"].set()
                    if stop.is_set():
                        break
            except (ConnectionError, OSError, asyncio.IncompleteReadError, ValueError):
                if not stop.is_set():
                    self.stream_drops.append(time.monotonic())
                    if os.environ.get("BENCH_DEBUG"):
                        print("drop", gid, info["stream_worker"], known, time.monotonic(),
                              flush=True)
                    await asyncio.sleep(0.2)
            finally:
                http.close()

    async def player(self, idx: int) -> None:
        import asyncio
        rng = random.Random(idx)
        await asyncio.sleep(rng.random() * 2)           # spread the start
        http = Http(self.port)
        while time.monotonic() < self.deadline:
            try:
                status, _, body = await http.request("POST", "/api/games", {
                    "title": "chicago-express", "seats": [
                        {"kind": "human", "name": f"P{idx}"}, {"kind": "bot"}, {"kind": "bot"}],
                    "seed": rng.randrange(1 << 30)})
                if status != 201:
                    self._err(f"create {status}")
                    await asyncio.sleep(1)
                    continue
            except (ConnectionError, OSError, asyncio.IncompleteReadError):
                RECONNECTS.append(time.monotonic())
                http.close()
                await asyncio.sleep(0.2)
                continue
            made = loads(body)
            self.games += 1
            await self.play(http, made, rng)
        http.close()

    async def play(self, http: Http, made: dict, rng: random.Random) -> None:
        import asyncio
        gid, tok = made["id"], made["tokens"][0]["token"]
        self.events[gid] = []
        info = {"seen": asyncio.Event(), "stream_worker": None, "action_worker": None}
        stop = asyncio.Event()
        try:
            action_worker = info["action_worker"] = await self.worker_of(http, gid)
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            RECONNECTS.append(time.monotonic())
            http.close()
            action_worker = None
        streamer = asyncio.create_task(self.stream(gid, info, stop))
        state = None
        try:
            while time.monotonic() < self.deadline:
                try:
                    if action_worker is None:
                        action_worker = info["action_worker"] = await self.worker_of(http, gid)
                    if state is None or not (state.get("legal") or {}).get("choices"):
                        if state is not None and state["status"] == "finished":
                            self.finished += 1
                            return
                        if state is not None:          # wait for the bots, as a page does
                            try:
                                # the stream's news of a version after the one held (not
                                # the echo of the player's own action)
                                limit = time.monotonic() + 5
                                while not any(v > state["version"]
                                              for _, v in self.events[gid]):
                                    info["seen"].clear()
                                    await asyncio.wait_for(info["seen"].wait(),
                                                           max(0.0, limit - time.monotonic()))
                            except asyncio.TimeoutError:
                                self._err("no event in 5 s")
                                if os.environ.get("BENCH_DEBUG"):
                                    _, _, b = await http.request("GET", f"/api/games/{gid}")
                                    now = json.loads(b)
                                    print("stall", gid, state["version"], now["version"],
                                          now["current_player"], now["status"],
                                          info["stream_worker"], action_worker,
                                          self.events[gid][-3:], flush=True)
                        # as the page does: name the version the stream announced
                        seen = max((v for _, v in self.events[gid]), default=None)
                        hint = "" if seen is None else f"&version={seen}"
                        status, _, body = await http.request(
                            "GET", f"/api/games/{gid}?legal=1{hint}", token=tok)
                        if status != 200:
                            self._err(f"get {status}")
                            await asyncio.sleep(0.5)
                            continue
                        state = read_answer(body)
                        turn_seen = time.monotonic()
                        continue
                    due = turn_seen + rng.expovariate(self.args.rate)
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
                    if time.monotonic() >= self.deadline:
                        return
                    c = rng.choice(state["legal"]["choices"])
                    action = {"type": c["type"], "player": c["player"], **c.get("fixed", {})}
                    for k, r in c.get("ranges", {}).items():
                        action[k] = rng.randint(r["min"], r["max"])
                    version = state["version"]
                    sent = time.monotonic()
                    status, _, body = await http.request(
                        "POST", f"/api/games/{gid}/actions",
                        {"version": version, "action": action}, tok)
                    acked = time.monotonic()
                    retried = http.reconnected
                    if retried:                     # another connection, maybe another worker
                        http.reconnected = False
                        action_worker = info["action_worker"] = None
                    if status == 409 and retried:
                        # sent again after the connection broke: the first one had been
                        # stored (never acknowledged), so the copy is refused
                        self._err("409 on a resent action (first one stored unacknowledged)")
                        state = None
                        continue
                    if status != 200:
                        self._err(f"action {status}")
                        state = None
                        continue
                    self.lat.append(acked - due)
                    new = read_answer(body)
                    self.acks.append((gid, version, action))
                    self.pending.append((gid, version + 1, sent, acked, action_worker or "?",
                                         info["stream_worker"] or "?"))
                    state = new
                    turn_seen = time.monotonic()
                except (ConnectionError, OSError, asyncio.IncompleteReadError):
                    RECONNECTS.append(time.monotonic())     # unacknowledged: look again
                    http.close()
                    action_worker, state = None, None
                    await asyncio.sleep(0.2)
        finally:
            stop.set()
            await asyncio.sleep(0)
            streamer.cancel()
            try:
                await streamer
            except BaseException:
                pass

    def verify(self, db: str) -> int:
        """Acknowledged actions missing from the database (or stored differently)."""
        import psycopg
        lost = 0
        with psycopg.connect(db) as conn:
            for gid, idx, action in self.acks:
                r = conn.execute("SELECT kind, body FROM ry_actions WHERE game_id = %s AND "
                                 "idx = %s", (gid, idx)).fetchone()
                if r is None or r[0] != "action":
                    lost += 1
                    continue
                body = json.loads(r[1])
                if any(body.get(k) != v for k, v in action.items() if k in body) or \
                        body.get("type") != action["type"]:
                    lost += 1
        # notification delay: the first stream event at or past each acknowledged version
        for gid, version, sent, acked, aw, sw in self.pending:
            t = next((ts for ts, v in self.events.get(gid, ()) if v >= version), None)
            if t is None:
                continue
            if aw != "?" and sw != "?" and aw != sw:
                self.delay_ack.append(max(0.0, t - acked))
                self.delay_send.append(t - sent)
            else:
                self.delay_same.append(max(0.0, t - acked))
        return lost

    def _after_kill(self, times: list[float]) -> int:
        """How many of ``times`` fall within 10 s after the kill."""
        if self.kill_time is None:
            return 0
        return sum(1 for t in times if self.kill_time <= t <= self.kill_time + 10)

    def report(self, lost: int, load_before: float) -> None:
        a = self.args
        ms = lambda x: f"{x * 1000:.1f}"  # noqa: E731
        kill = f"worker killed at {a.kill_at:g} s" if self.killed else "-"
        print("| storage | workers | games | run | kill | acked actions | p50 ms | p95 ms "
              "| max ms | actions/s | cross-worker pairs | notify p50 ms | notify p95 ms "
              "| notify p95 from send ms | same-worker notify p95 ms | lost acked "
              "| action reconnects (10 s after kill/all) | stream drops (after kill/all) "
              "| errors | server CPU ms/action | client CPU ms/action | load before/after |")
        print(f"| PostgreSQL | {a.workers} | {a.games} | {a.seconds:g} s | {kill} "
              f"| {len(self.lat)} | {ms(_q(self.lat, 50))} | {ms(_q(self.lat, 95))} "
              f"| {ms(max(self.lat) if self.lat else float('nan'))} "
              f"| {len(self.lat) / self.wall:.0f} "
              f"| {len(self.delay_ack)} | {ms(_q(self.delay_ack, 50))} "
              f"| {ms(_q(self.delay_ack, 95))} | {ms(_q(self.delay_send, 95))} "
              f"| {ms(_q(self.delay_same, 95))} | {lost} "
              f"| {self._after_kill(RECONNECTS)}/{len(RECONNECTS)} "
              f"| {self._after_kill(self.stream_drops)}/{len(self.stream_drops)} "
              f"| {sum(self.errors.values())} "
              f"| {self.srv_cpu / max(1, len(self.lat)) * 1000:.1f} "
              f"| {self.client_cpu / max(1, len(self.lat)) * 1000:.1f} "
              f"| {load_before:.1f} / {os.getloadavg()[0]:.1f} |")
        print(f"games waiting for a bot 10 s after the clients stopped: {self.stuck}; "
              f"games played: {self.games}")
        if self.errors:
            print("errors:", self.errors)


if __name__ == "__main__":
    if "--live" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--live", action="store_true")
        ap.add_argument("--games", type=int, default=200)
        ap.add_argument("--seconds", type=float, default=60.0)
        ap.add_argument("--rate", type=float, default=1.0,
                        help="actions per second per human (Poisson think times)")
        ap.add_argument("--workers", type=int, default=4)
        ap.add_argument("--kill-at", type=float, default=None,
                        help="SIGKILL one worker after this many seconds")
        _live_main(ap.parse_args())
    else:
        main()
