"""docs/research.md's id and observation tables are those the encoders make
(``python -m railyard.envs.docs --write docs/research.md`` rewrites them)."""
from __future__ import annotations

from pathlib import Path

import pytest

from railyard.envs import docs, titles

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


@pytest.mark.parametrize("slug", list(titles.MODULES))
def test_layout_tables_are_current(slug):
    if slug not in titles.available():
        pytest.skip(f"no encoder for {slug} in this checkout")
    text = DOC.read_text("utf-8")
    assert f"<!-- layout:{slug} -->" in text, f"docs/research.md has no section for {slug}"
    assert docs.section(slug) in text, \
        f"docs/research.md is not current for {slug}: run python -m railyard.envs.docs " \
        "--write docs/research.md"
