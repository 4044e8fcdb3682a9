"""The layers hold. Which package may import which is stated as import-linter contracts in
``pyproject.toml`` (run here and by ``lint-imports`` in ``.ci/run``); this file adds what
import-linter does not see: the core and the games use nothing outside the standard library,
and importing the engine loads no interface."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "handgame"
ROOT = PACKAGE.parent.parent


def _imports(path: Path) -> set[str]:
    """The absolute modules a file imports (the package's own in full, others by top name)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import"
            if node.module:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


@pytest.mark.parametrize("layer", ["core", "games"])
def test_core_and_games_import_only_the_standard_library(layer: str) -> None:
    """The core and every game import the standard library and the layers below, nothing else
    (no Textual, no web framework, no database driver)."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    allowed = ("handgame.core",) if layer == "core" else ("handgame.core", "handgame.games")
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files
    for path in files:
        for imported in _imports(path):
            if imported.startswith("handgame"):
                assert imported.startswith(allowed), (path.name, imported)
            else:
                assert imported.split(".")[0] in stdlib, (path.name, imported)


def test_import_contracts_hold() -> None:
    """``lint-imports``: front ends > play > games > core, play and the server reach a game
    only through the registry, the games are independent, no cycles."""
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(exe).exists():
        pytest.skip("import-linter is not installed")
    out = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_importing_the_engine_loads_no_interface() -> None:
    """``import handgame`` (and the bots, and a local simulation) loads no Textual, Rich, Ray
    or interface module."""
    code = (
        "import sys, handgame, handgame.play.registry, handgame.games.hand.solver, "
        "handgame.play.simulate, handgame.games.hand.hints;"
        "from handgame.play.registry import make_bot; make_bot('greedy');"
        "from handgame.play.simulate import SimulationConfig, simulate;"
        "simulate(SimulationConfig(bots=('random', 'random'), games=1, options={'rounds': 1}));"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'ray')"
        " or m.startswith(('handgame.tui', 'handgame.server', 'handgame.cli'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_package_root_loads_no_game() -> None:
    """``import handgame.core.cards`` (and ``import handgame``) loads no game's code: the
    package root holds only what every game shares; a game is loaded when it is asked for."""
    code = (
        "import sys, handgame.core.cards, handgame;"
        "bad = [m for m in sys.modules if m.startswith('handgame.games')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_quick_start_loads_no_ray() -> None:
    """``hand``'s commands and the web server (the quick start: ``hand serve``) import no Ray:
    Ray is the optional extra ``handgame[ray]``, loaded by ``--backend ray`` alone."""
    code = (
        "import sys, handgame.cli.commands, handgame.server.app;"
        "from handgame.cli.commands import main;"
        "main(['simulate', '--bots', 'random,random', '--games', '1', '--rounds', '1',"
        " '--quiet', '--json']);"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'ray'];"
        "print(bad, file=sys.stderr); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
