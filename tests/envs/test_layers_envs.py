"""Layering (docs/architecture.md): ``railyard.envs`` sits on top of the engine, like the
web; no other package imports it except the command line (``railyard bench --env``)."""
from __future__ import annotations

import ast
from pathlib import Path

import railyard

SRC = Path(railyard.__file__).resolve().parent
ON_TOP = {"envs", "cli"}


def test_nothing_below_imports_envs():
    bad = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] in ON_TOP:
            continue
        text = path.read_text("utf-8")
        if "envs" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
                if node.level:
                    names = [("." * node.level) + (node.module or "")]
            for name in names:
                if name.startswith("railyard.envs") or name.lstrip(".").startswith("envs"):
                    bad.append(f"{rel}:{node.lineno}: {name}")
    assert not bad, "\n".join(bad)


def test_envs_import_no_web_or_cli():
    for path in sorted((SRC / "envs").rglob("*.py")):
        text = path.read_text("utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                assert not mod.startswith(("web", "cli", "railyard.web", "railyard.cli")), \
                    f"{path.name}: {mod}"
