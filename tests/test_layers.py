"""The layers hold: the core imports only the standard library and other core modules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "handgame"

CORE = {
    "actions",
    "cards",
    "deal",
    "engine",
    "errors",
    "match",
    "meldgen",
    "melds",
    "record",
    "rules",
    "state",
    "values",
    "view",
    "wilds",
}
# above the core: the solver, bots and simulator; above those: interfaces
LAYERS = {
    "solver": CORE,
    "bots": CORE | {"solver", "bots"},
    "simulate": CORE | {"solver", "bots"},
    "hints": CORE | {"solver", "bots"},
}


def _imports(path: Path) -> set[str]:
    """The modules a file imports: 'handgame.X' for the package's own, else the top name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = node.module.split(".")[0] if node.module else ""
                inside = path.parent != PACKAGE
                if node.level == 1 and inside:
                    found.add(f"handgame.{path.parent.name}")
                elif base:
                    found.add(f"handgame.{base}")
                else:
                    found.update(f"handgame.{a.name}" for a in node.names)
            elif node.module:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
    return found


def test_core_imports_only_the_standard_library_and_the_core() -> None:
    """cards, melds, rules, state, engine, records and views import nothing above them."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for name in sorted(CORE):
        for imported in _imports(PACKAGE / f"{name}.py"):
            if imported.startswith("handgame."):
                assert imported.removeprefix("handgame.") in CORE, (name, imported)
            else:
                assert imported in stdlib, (name, imported)


def test_solver_bots_and_simulator_stay_below_the_interfaces() -> None:
    """The solver, the bots, the simulator and the hints import no interface (terminal, web)."""
    files = [
        PACKAGE / "solver.py",
        PACKAGE / "simulate.py",
        PACKAGE / "hints.py",
        *sorted((PACKAGE / "bots").glob("*.py")),
    ]
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in files:
        layer = "bots" if path.parent.name == "bots" else path.stem
        for imported in _imports(path):
            if imported.startswith("handgame."):
                assert imported.removeprefix("handgame.") in LAYERS[layer], (path.name, imported)
            else:
                assert imported in stdlib, (path.name, imported)


def test_importing_the_engine_loads_no_interface() -> None:
    """``import handgame`` (and the bots) loads no Textual, Rich or interface module."""
    code = (
        "import sys, handgame, handgame.play.registry, handgame.games.hand.solver, handgame.play.simulate, handgame.games.hand.hints;"
        "from handgame.play.registry import make_bot; make_bot('greedy');"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('handgame.tui')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
