"""The command examples of README.md and docs/*.md are run and their output compared, so the
manual cannot go stale (issue 32).

A ```console block is a session: each ``$ COMMAND`` line (a line ending in ``\\`` goes on to the
next) is run by bash, and the lines after it, up to the next ``$``, are what it prints (standard
output and standard error together, as a terminal shows them). Where a run prints something that
changes from run to run (a time, a rate), the example writes ``...``: within a line it stands for
any text, and a line of its own for any number of lines. The commands of one file run in order
in one scratch folder (so one may read what an earlier one wrote), with ``spec/`` and
``examples/`` of this repository beside them, and ``hand`` and ``python`` of this environment.

A ```sh block is a recipe that is not run here (installs, servers, clusters): each of its
``hand ...`` lines must still parse (every flag exists), so a renamed flag shows up here too.
The notes under docs/notes/ are dated records of measurements, not examples, and are left out.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from handgame.cli.parser import build_parser

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)


def _blocks(path: Path, lang: str) -> list[tuple[int, str]]:
    """The fenced blocks of ``lang`` in ``path``: (line number, text)."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start()) + 1, m.group(2))
        for m in FENCE.finditer(text)
        if m.group(1) == lang
    ]


def _session(block: str) -> list[tuple[str, list[str]]]:
    """A console block's (command, expected lines) pairs."""
    steps: list[tuple[str, list[str]]] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            raise AssertionError(f"output before any command: {line!r}")
        command = line[2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + "\n" + lines[i]
        i += 1
        expected: list[str] = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        steps.append((command, expected))
    return steps


def matches(expected: list[str], got: str) -> bool:
    """Whether ``got`` is ``expected`` with its ``...`` filled in (trailing spaces ignored)."""
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = [re.escape(p) for p in line.rstrip().split("...")]
            parts.append("[^\n]*?".join(pieces) + r"[ \t]*\n")
    got_lines = "".join(line.rstrip() + "\n" for line in got.splitlines())
    return re.fullmatch("".join(parts), got_lines) is not None


def _scratch(tmp: Path) -> dict[str, str]:
    """The scratch folder's links and the environment the examples run in."""
    for name in ("spec", "examples"):
        (tmp / name).symlink_to(ROOT / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HANDGAME_")}
    bindir = str(Path(sys.executable).parent)
    env.update(
        PATH=bindir + os.pathsep + env.get("PATH", ""),
        PYTHONPATH=str(ROOT / "src"),
        NO_COLOR="1",
        COLUMNS="100",
        HOME=str(tmp),
        XDG_DATA_HOME=str(tmp / "data"),
    )
    return env


CONSOLE = [(p, n, b) for p in DOCS for n, b in _blocks(p, "console")]


def test_the_docs_have_console_examples() -> None:
    """The README and the manual show commands with their output (this test runs them)."""
    names = {p.name for p, _, _ in CONSOLE}
    assert {"README.md", "cli.md", "install.md", "play.md"} <= names


@pytest.mark.parametrize(
    "doc", sorted({p for p, _, _ in CONSOLE}), ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_console_examples_print_what_they_say(doc: Path, tmp_path: Path) -> None:
    """Every ``$ command`` of the file prints what the file says it prints."""
    env = _scratch(tmp_path)
    for line, block in [(n, b) for p, n, b in CONSOLE if p == doc]:
        for command, expected in _session(block):
            python = f"python() {{ {shlex.quote(sys.executable)} \"$@\"; }}; export -f python\n"
            done = subprocess.run(
                ["bash", "-c", python + command],
                cwd=tmp_path,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=300,
                check=False,
            )
            assert matches(expected, done.stdout), (
                f"{doc.name}:{line}: $ {command}\n--- the doc says:\n" + "\n".join(expected)
                + f"\n--- it printed (exit {done.returncode}):\n{done.stdout}"
            )


def _recipe_commands() -> list[tuple[str, int, str]]:
    """Every ``hand ...`` line of the sh blocks: (file, line, command)."""
    found = []
    for path in DOCS:
        for line, block in _blocks(path, "sh"):
            text = block.replace("\\\n", " ")
            for k, command in enumerate(text.splitlines()):
                command = command.split("  #")[0].strip()
                for part in command.split("&&"):
                    part = part.strip()
                    synopsis = " [" in part  # a usage line, not an example
                    if part.startswith(("hand ", ".venv/bin/hand ")) and not synopsis:
                        found.append((path.name, line + k + 1, part))
    return found


@pytest.mark.parametrize("where,line,command", _recipe_commands())
def test_recipe_commands_parse(where: str, line: int, command: str) -> None:
    """A recipe's ``hand`` command names a command and flags that exist."""
    argv = shlex.split(command)[1:]
    argv = [a for a in argv if a not in ("...",)]
    try:
        build_parser().parse_args(argv)
    except SystemExit as e:  # --help
        assert e.code == 0, f"{where}:{line}: {command}"
    except ValueError as e:
        pytest.fail(f"{where}:{line}: {command}: {e}")


def test_ellipsis() -> None:
    """``...`` stands for any text in a line, and for any lines on a line of its own."""
    assert matches(["a ... b", "..."], "a 12.5 s b\nmore\nlines\n")
    assert matches(["x", "...", "z"], "x\nz\n")
    assert not matches(["a ... b"], "a 1 c\n")
    assert not matches(["x"], "x\ny\n")


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(doc: Path) -> None:
    """Every relative link of the README and the manual names a file or folder that exists
    (the rule book is spec/, in this repository)."""
    text = FENCE.sub("", doc.read_text(encoding="utf-8"))
    broken = [
        target
        for target in LINK.findall(text)
        if "://" not in target
        and not target.startswith("mailto:")
        and not (doc.parent / target).exists()
    ]
    assert not broken, f"{doc.name}: broken links {broken}"
