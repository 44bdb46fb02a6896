"""The set-up commands of the README (issue 2 §1): `make run`, `make test`, `.ci/run`."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from railyard.engine import registry

ROOT = Path(__file__).resolve().parents[2]

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def dry_run(target: str) -> list[str]:
    out = subprocess.run(["make", "-n", "-B", "-C", str(ROOT), target], capture_output=True,
                         text=True, check=True).stdout
    return [ln.strip() for ln in out.splitlines() if ln.strip() and not ln.startswith("make")]


def test_ci_run_runs_exactly_make_test():
    """§1: `.ci/run` runs the README's test command and nothing else."""
    path = ROOT / ".ci" / "run"
    assert os.access(path, os.X_OK)
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    assert "set -euo pipefail" in lines
    commands = [ln for ln in lines if ln != "set -euo pipefail" and not ln.startswith("cd ")]
    assert commands == ["make test"]


@needs_make
def test_make_test_creates_venv_installs_chromium_and_runs_all_tests():
    """§1: `make test` installs what the tests need and runs the whole suite on 2 workers."""
    steps = dry_run("test")
    assert any("-m venv .venv" in s for s in steps)
    assert any("pip install" in s and "-e '.[test]'" in s for s in steps)
    chromium = [s for s in steps if "chromium" in s]
    assert chromium and chromium[0].startswith("test -x /usr/bin/chromium ||")
    assert "apt-get update" in chromium[0] and "apt-get install -y chromium" in chromium[0]
    assert steps[-1] == ".venv/bin/python -m pytest -n 2 tests/"


@needs_make
def test_make_run_installs_and_starts_the_server():
    """§1 (and issue 6): `make run` installs railyard and starts the main job, the web
    server on its embedded SQLite default."""
    steps = dry_run("run")
    assert any("-m venv .venv" in s for s in steps)
    assert any(re.search(r"pip install .*-e \.$", s) for s in steps)
    assert steps[-1] == ".venv/bin/railyard serve"


def test_readme_names_the_two_commands_and_every_slug():
    """§1 and §4: the README gives the two set-up commands and names games by slug."""
    text = (ROOT / "README.md").read_text()
    assert "make run" in text and "make test" in text
    for slug in registry.MODULES:
        assert f"`{slug}`" in text, slug


def test_readme_examples_use_existing_commands():
    """§4: every `railyard <command>` the README shows is a command of the CLI."""
    from railyard.cli.main import main
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.M | re.S)
    used = set(re.findall(r"^railyard ([a-z0-9-]+)", "".join(blocks), flags=re.M))
    assert used, "the README shows no CLI example"
    assert used <= set(main.commands), used - set(main.commands)
