"""``railyard serve`` starts a real server process that keeps games across a restart."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(tmp_path, port):
    env = {k: v for k, v in os.environ.items() if k != "RAILYARD_DATABASE_URL"}
    proc = subprocess.Popen([sys.executable, "-c", "from railyard.cli.main import main; main()", "serve", "--port",
                             str(port), "--data-dir", str(tmp_path / "data")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/titles", timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read().decode())
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start")


def _post(url, body):
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=10))


@pytest.mark.slow
def test_serve_plays_all_bot_game_and_survives_restart(tmp_path):
    pytest.importorskip("railyard.games.chicago_express")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(tmp_path, port)
    try:
        made = _post(f"{base}/api/games", {"title": "chicago-express", "seats": [
            {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}], "options": {}, "seed": 5})
        state = {}
        for _ in range(600):               # up to a minute on a loaded machine
            state = json.load(urllib.request.urlopen(f"{base}/api/games/{made['id']}"))
            if state["status"] == "finished":
                break
            time.sleep(0.1)
        assert state["status"] == "finished" and state["result"]["winners"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert os.path.exists(tmp_path / "data" / "railyard.sqlite3")
    proc = _start(tmp_path, port)
    try:
        again = json.load(urllib.request.urlopen(f"{base}/api/games/{made['id']}"))
        assert again["version"] == state["version"] and again["result"] == state["result"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
