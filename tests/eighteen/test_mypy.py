"""The 18xx core and its titles are typed (issue 27): mypy, configured in pyproject.toml
(``[tool.mypy]``: every function of ``railyard.eighteen``, ``railyard.games.g1830`` and
``railyard.games.g1870`` annotated, ``disallow_untyped_defs``), finds no error."""
from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is part of the test extra")

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_passes_on_the_18xx_core_and_titles(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", "/dev/null", "--no-error-summary"])
    assert status == 0, f"mypy found errors:\n{out}{err}"

