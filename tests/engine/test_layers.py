"""Layering (BRIEF, architecture.md): the lower layers engine/, eighteen/, cube/ and routing/
import no game package; a title's hooks (18xx.games adapter, route network) are found
through the registry.  Checked on the source: every ``import``/``from ... import`` and every
string naming a ``railyard.games`` module (``importlib``), except the registry's own table of
title modules."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import railyard

SRC = Path(railyard.__file__).resolve().parent
LOWER = ("engine", "eighteen", "cube", "routing")
#: the one place that names game modules: the registry's slug -> module table
ALLOWED_STRINGS = {("engine", "registry.py")}


def _module_of(path: Path) -> list[str]:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return parts


def _resolve(pkg: list[str], node: ast.ImportFrom) -> str:
    """The absolute module of ``from <node.module> import ...`` written in package ``pkg``."""
    if not node.level:
        return node.module or ""
    base = pkg[:len(pkg) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(path: Path):
    """(line, kind, module) of every import and every string naming a game module."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    pkg = _module_of(path)
    if path.name != "__init__.py":
        pkg = pkg[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, "import", a.name
        elif isinstance(node, ast.ImportFrom):
            mod = _resolve(pkg, node)
            yield node.lineno, "import", mod
            for a in node.names:        # ``from railyard import games``
                yield node.lineno, "import", f"{mod}.{a.name}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                "railyard.games" in node.value:
            yield node.lineno, "string", node.value


def _is_game(mod: str) -> bool:
    return mod == "railyard.games" or "railyard.games." in mod


def _files(layer: str) -> list[Path]:
    return sorted((SRC / layer).rglob("*.py"))


def test_the_lower_layers_exist():
    for layer in LOWER:
        assert _files(layer), layer


@pytest.mark.parametrize("layer", LOWER)
def test_lower_layer_imports_no_game_package(layer):
    bad = []
    for path in _files(layer):
        rel = path.relative_to(SRC)
        for line, kind, mod in _imports(path):
            if not _is_game(mod):
                continue
            if kind == "string" and tuple(rel.parts) in ALLOWED_STRINGS:
                continue
            bad.append(f"{rel}:{line}: {mod}")
    assert not bad, "lower layers import game packages:\n" + "\n".join(bad)


def test_the_check_resolves_relative_imports():
    """The checker itself: relative imports reaching a game package are caught."""
    node = ast.parse("from ..games.g1830 import routes").body[0]
    assert _is_game(_resolve(["railyard", "routing"], node))
    node = ast.parse("from ...games import g1870").body[0]
    assert _resolve(["railyard", "eighteen", "import18xx"], node) == "railyard.games"
    node = ast.parse("from ..engine.registry import get_title").body[0]
    assert not _is_game(_resolve(["railyard", "routing"], node))


def test_hooks_are_registered():
    from railyard.engine.registry import get_title
    for slug in ("1830", "1870"):
        extra = get_title(slug).extra
        assert callable(extra["route_network"]) and callable(extra["import_18xx"])


#: the layers above the games: a game package imports none of them
ABOVE_GAMES = ("bots", "web", "cli")


def _is_above_games(mod: str) -> bool:
    return any(mod == f"railyard.{top}" or mod.startswith(f"railyard.{top}.")
               for top in ABOVE_GAMES)


def test_no_game_package_imports_bots_web_or_cli():
    """A title is played by the bots, served by the web and driven by the command line;
    it never reaches up to them (issue 26, point 6: ``games/nar/balance.py`` imported
    ``bots.random_bot``)."""
    bad = []
    for path in _files("games"):
        rel = path.relative_to(SRC)
        for line, kind, mod in _imports(path):
            if kind == "import" and _is_above_games(mod):
                bad.append(f"{rel}:{line}: {mod}")
    assert not bad, "game packages import upper layers:\n" + "\n".join(bad)


def test_the_upward_check_resolves_relative_imports():
    node = ast.parse("from ...bots.random_bot import RandomBot").body[0]
    assert _is_above_games(_resolve(["railyard", "games", "nar"], node))
    node = ast.parse("from ... import web").body[0]
    mod = _resolve(["railyard", "games", "g1830"], node)
    assert any(_is_above_games(f"{mod}.{a.name}") for a in node.names)
    assert not _is_above_games("railyard.botsy") and not _is_above_games("railyard.engine")
