"""A small mutation runner for the rules modules (issue 20; docs/notes/mutation.md).

mutmut 3.8.1 decided 104 of 1,460 mutants in 75 minutes on the shared 2-core machine: it runs
pytest anew for each mutant, collection and all. This runner collects the test selection once,
then for each mutant forks, swaps the mutated function's code object into the live function
(``fn.__code__``; every ``from x import f`` shares that function object), clears the engine's
caches, and runs only the tests that called that function (found by one profiled pass), fastest
first, stopping at the first failure. A killed mutant costs a fraction of a second.

What is mutated: the body of every function and method of the module (module-level code,
decorators, default values and annotations are evaluated once at import and left alone).
Operators, one change per mutant: arithmetic (``+``/``-``, ``*``/``/``, ``//``/``/``, ``%``),
comparisons (``<``/``<=``, ``>``/``>=``, ``==``/``!=``, ``in``/``not in``, ``is``/``is not``),
``and``/``or``, a ``not`` or unary minus removed, an integer ``n`` to ``n + 1``, ``True``/``False``,
a string ``s`` to ``"XX" + s + "XX"`` (docstrings, f-strings and the text of ``raise`` are left
alone), ``break``/``continue``, ``min``/``max`` and ``any``/``all``.

Usage (from the repository root)::

    nice -n 15 python scripts/mutate.py values scoring      # modules of games/hand, one by one
    python scripts/mutate.py --list values                  # the mutants, without running
    python scripts/mutate.py --show values:12               # one mutant's change, as a diff

Results go to ``scripts/mutation_results/<module>.jsonl`` (one line a mutant; committed, so a
run's results outlive the machine it ran on), progress to stderr; ``--summary`` prints the table
of the results found there. A result is kept under the mutant's key (function, place in it,
digest of its code), not its number: an edit elsewhere in the module renumbers the mutants but
keeps their results; an edit of the function itself makes its mutants new, to be decided again.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import importlib
import json
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "handgame.games.hand"
OUT = ROOT / ".mutation"  # the profile of the selection: a cache, ignored by git
RESULTS = ROOT / "scripts" / "mutation_results"
# The survivors read and found equivalent (no rule behaviour can tell them from the original),
# each with the reason: "module:key" -> why (``Mutant.key``: a reading holds while the
# function's code is unchanged, and is asked again once it changes).
EQUIVALENT = ROOT / "scripts" / "mutants_equivalent.json"
# The fast, strong selection: hand-made records and melds read from the rule book, the shared
# conformance cases, the project's record cases and their refusals' words, golden records, rule
# readings, the oracle on a few hundred small positions, the single-step legality checks, the
# view checker, the tests written for survivors, and random play with every invariant checked
# (every option value once, every preset x player count x partnership).
TESTS = [
    "tests/test_mutation_cases.py",
    "tests/test_turn_cases.py",
    "tests/test_refusal_words.py",
    "tests/test_option_words.py",
    "tests/test_deal_refusals.py",
    "tests/test_dead_ends.py",
    "tests/test_seeded_deals.py",
    "tests/test_meld_edges.py",
    "tests/test_audit_cases.py",
    "tests/test_cli.py::test_replay_cases",
    "tests/test_cli.py::test_meld_conformance",
    "tests/test_golden.py::test_golden_record",
    "tests/test_rule_readings.py",
    "tests/test_oracle.py::test_legal_actions_match_the_oracle",
    "tests/test_legality.py",
    "tests/test_invariants.py",
    "tests/test_rare_coverage.py::test_each_option_value",
    "tests/test_rare_coverage.py::test_every_config",
    # the meld generator's and the solver's own tests (the fast generator against the general
    # one, the shortcuts against the checks they replace): without them most of meldgen's
    # mutants survived the selection (2026-12-03: 51 of its first 119)
    "tests/test_meldgen.py",
    "tests/test_engine_shortcuts.py",
    "tests/test_solver.py",
    "tests/test_legal_order.py",  # the legal actions' canonical order, pinned
    "tests/test_provisional.py",
    "tests/test_aces_set_only.py",
    "tests/test_apply_listed.py",  # apply trusts a listed action for its own state only
]
# The rules modules of games/hand: the default of --summary, --survivors and a run
RULES_MODULES = ["values", "scoring", "legal", "turn", "obligations", "wilds", "rounds", "dealing",
                 "candidates", "melds", "finish", "rules", "meldgen", "deal"]
ENV = {"HAND_ORACLE_POSITIONS": "300", "HANDGAME_NATIVE": "0"}  # the reference path is mutated
# --native: the glue that hands the state to the native path (``Meld.as_ints`` and the like)
# runs only with it; the differential tests then compare the two paths
NATIVE_TESTS = ["tests/test_native_legal.py", "tests/test_kernel.py"]

BINOPS: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div, ast.Mod: ast.Div, ast.Pow: ast.Mult,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitAnd,
}
CMPOPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
NAMES = {"min": "max", "max": "min", "any": "all", "all": "any"}


@dataclass(frozen=True)
class Mutant:
    """One change to one function: its number in the module, where, and what."""

    number: int
    function: str  # qualified name of the top-level def (``f`` or ``Class.f``)
    line: int
    change: str
    key: str  # ``function:place:digest``: the same mutant while the function's code is the same


Apply = Callable[[ast.AST], None]


def _sites(tree: ast.Module) -> Iterator[tuple[str, ast.AST, str, Apply]]:
    """Every (function, node, change, apply) of a module, in a fixed order."""

    for name, fn in _defs_of(tree):
        body = fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        for stmt in body:
            yield from ((name, *site) for site in _node_sites(stmt))


def _node_sites(node: ast.AST) -> Iterator[tuple[ast.AST, str, Apply]]:
    """The changes of one node and of the nodes below it (skipping what is never mutated)."""
    if isinstance(node, (ast.JoinedStr, ast.Raise)):  # messages: not rule behaviour
        return
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        inner = node.body if isinstance(node.body, list) else [node.body]
        for stmt in inner:
            yield from _node_sites(stmt)
        return
    if isinstance(node, (ast.AnnAssign,)):
        if node.value is not None:
            yield from _node_sites(node.value)
        return
    yield from _own_sites(node)
    for child in ast.iter_child_nodes(node):
        yield from _node_sites(child)


def _set(field: str, value: Any) -> Apply:
    return lambda node: setattr(node, field, value)


def _own_sites(node: ast.AST) -> Iterator[tuple[ast.AST, str, Apply]]:
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in BINOPS:
        new = BINOPS[type(node.op)]
        yield node, f"{type(node.op).__name__} -> {new.__name__}", _set("op", new())
    elif isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in CMPOPS:
                new = CMPOPS[type(op)]

                def apply(n: ast.AST, i: int = i, new: type = new) -> None:
                    assert isinstance(n, ast.Compare)
                    n.ops[i] = new()

                yield node, f"{type(op).__name__} -> {new.__name__}", apply
    elif isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield node, f"{type(node.op).__name__} -> {new.__name__}", _set("op", new())
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
        yield node, f"{type(node.op).__name__} removed", lambda n: None  # see _Swap
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            yield node, f"{value} -> {not value}", _set("value", not value)
        elif isinstance(value, int):
            yield node, f"{value} -> {value + 1}", _set("value", value + 1)
        elif isinstance(value, str):
            yield node, f"{value!r} -> {'XX' + value + 'XX'!r}", _set("value", f"XX{value}XX")
    elif isinstance(node, ast.Break):
        yield node, "break -> continue", lambda n: None
    elif isinstance(node, ast.Continue):
        yield node, "continue -> break", lambda n: None
    elif isinstance(node, ast.Name) and node.id in NAMES and isinstance(node.ctx, ast.Load):
        yield node, f"{node.id} -> {NAMES[node.id]}", _set("id", NAMES[node.id])


class _Swap(ast.NodeTransformer):
    """Replaces one break/continue/unary node (those cannot be changed in place)."""

    def __init__(self, target: ast.AST) -> None:
        self.target = target

    def visit(self, node: ast.AST) -> Any:
        if node is self.target:
            if isinstance(node, ast.Break):
                return ast.copy_location(ast.Continue(), node)
            if isinstance(node, ast.Continue):
                return ast.copy_location(ast.Break(), node)
            if isinstance(node, ast.UnaryOp):
                return node.operand
        return self.generic_visit(node)


def module_path(module: str) -> Path:
    """The source file of a rules module of games/hand."""
    return ROOT / "src" / Path(*PACKAGE.split(".")) / f"{module}.py"


def mutants(module: str, source: str | None = None) -> list[Mutant]:
    """Every mutant of a module (of its file, or of ``source``)."""
    tree = ast.parse(source if source is not None
                     else module_path(module).read_text(encoding="utf-8"))
    return _numbered(tree, _sites(tree))


def _digests(tree: ast.Module) -> dict[str, str]:
    """A digest of each function's code (its arguments and body without the docstring; line
    numbers and comments do not count)."""
    out = {}
    for name, fn in _defs_of(tree):
        body = fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        text = ast.dump(fn.args) + "".join(ast.dump(stmt) for stmt in body)
        out[name] = hashlib.sha1(text.encode()).hexdigest()[:10]
    return out


def _numbered(tree: ast.Module,
              sites: Iterator[tuple[str, ast.AST, str, Apply]]) -> list[Mutant]:
    digests = _digests(tree)
    place: dict[str, int] = {}
    out = []
    for i, (name, node, change, _) in enumerate(sites):
        k = place[name] = place.get(name, -1) + 1
        out.append(Mutant(i, name, getattr(node, "lineno", 0), change,
                          f"{name}:{k}:{digests[name]}"))
    return out


def mutated_tree(module: str, number: int) -> tuple[ast.Module, Mutant]:
    """The module's syntax tree with mutant ``number`` applied."""
    found = mutants(module)
    if not 0 <= number < len(found):
        raise SystemExit(f"no mutant {number} in {module} (it has {len(found)})")
    tree = ast.parse(module_path(module).read_text(encoding="utf-8"))
    for i, (_, node, _, apply) in enumerate(_sites(tree)):
        if i == number:
            if isinstance(node, (ast.Break, ast.Continue, ast.UnaryOp)):
                tree = _Swap(node).visit(tree)
            else:
                apply(node)
            ast.fix_missing_locations(tree)
            break
    return tree, found[number]


def _find_code(code: CodeType, qualname: str) -> CodeType | None:
    for const in code.co_consts:
        if isinstance(const, CodeType):
            if const.co_qualname == qualname:
                return const
            found = _find_code(const, qualname)
            if found is not None:
                return found
    return None


def _unwrap(obj: Any) -> Any:
    for attr in ("fget", "__func__", "func", "__wrapped__"):
        if hasattr(obj, attr) and not hasattr(obj, "__code__"):
            return _unwrap(getattr(obj, attr))
    return obj


def live_and_mutated(module: str, number: int) -> tuple[Any, CodeType, Mutant]:
    """The live function that mutant ``number`` changes, the mutant's code for it, and the
    mutant (nothing is installed)."""
    tree, mutant = mutated_tree(module, number)
    path = module_path(module)
    code = compile(tree, str(path), "exec")
    new = _find_code(code, mutant.function)
    assert new is not None, mutant
    live: Any = importlib.import_module(f"{PACKAGE}.{module}")
    owner, _, name = mutant.function.rpartition(".")
    if owner:
        live = live.__dict__[owner]
    return _unwrap(live.__dict__[name]), new, mutant


def install(module: str, number: int) -> Mutant:
    """Put mutant ``number`` into the live module (in this process only)."""
    fn, new, mutant = live_and_mutated(module, number)
    fn.__code__ = new
    return mutant


def clear_caches() -> None:
    """Forget what the engine memoised (a mutant must not reuse the original's answers)."""
    for name, attr in (("melds", "clear_cache"), ("finish", "clear_cache"),
                       ("meldgen", "clear_caches"), ("going_out", "clear_cache"),
                       ("solver", "clear_caches")):
        mod: ModuleType = importlib.import_module(f"{PACKAGE}.{name}")
        getattr(mod, attr)()


def diff(module: str, number: int) -> str:
    """A mutant's change as a unified diff of its function."""
    tree, mutant = mutated_tree(module, number)
    before = ast.parse(module_path(module).read_text(encoding="utf-8"))

    def function(t: ast.Module) -> str:
        for name, fn in _defs_of(t):
            if name == mutant.function:
                return ast.unparse(fn)
        return ""

    lines = difflib.unified_diff(function(before).splitlines(), function(tree).splitlines(),
                                 f"{module}.py", f"{module}.py mutant {number}", lineterm="", n=2)
    return f"{module}:{number} [{mutant.key}] line {mutant.line}: {mutant.change}\n" + \
        "\n".join(lines)


def _defs_of(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function and method of a module, by its qualified name, in source order."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{sub.name}", sub


# --- running (a pytest plugin that takes over the test loop) -----------------------------------


def _fork(work: Callable[[int], int], timeout: float) -> tuple[str, float]:
    """Run ``work(fd)`` in a child; its exit status as killed / survived / timeout."""
    start = time.monotonic()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        status = 2
        try:
            status = work(write)
        finally:
            os._exit(status)
    os.close(write)
    chunks = []
    deadline = start + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return "timeout", time.monotonic() - start
        ready, _, _ = select.select([read], [], [], min(left, 1.0))
        if ready:
            chunk = os.read(read, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    _fork.output = b"".join(chunks)  # type: ignore[attr-defined]
    return ("survived" if code == 0 else "killed" if code == 1 else f"error {code}",
            time.monotonic() - start)


class Runner:
    """The pytest plugin: profile the selection once, then run each mutant's tests."""

    def __init__(self, modules: list[str], only: set[int] | None, redo: bool,
                 kills_only: bool = False) -> None:
        self.modules = modules
        self.only = only
        self.redo = redo
        self.kills_only = kills_only

    def pytest_runtestloop(self, session: Any) -> bool:
        from _pytest.runner import runtestprotocol

        items = list(session.items)
        print(f"mutate: {len(items)} tests collected", file=sys.stderr, flush=True)
        OUT.mkdir(exist_ok=True)
        profile = self._profile(items, runtestprotocol)
        for module in self.modules:
            self.run_module(module, items, runtestprotocol, profile)
        return True

    def _profile(self, items: list[Any], protocol: Any) -> dict[str, Any]:
        """Which tests call which function of each module (and each test's time), in a child."""
        spans: dict[str, list[tuple[str, int, int]]] = {}
        for module in self.modules:
            path = module_path(module)
            spans[str(path)] = [
                (f"{module}:{name}",
                 min([fn.lineno, *(d.lineno for d in fn.decorator_list)]),
                 fn.end_lineno or fn.lineno)
                for name, fn in _defs_of(ast.parse(path.read_text(encoding="utf-8")))]

        def work(fd: int) -> int:
            result: dict[str, Any] = {"calls": {}, "time": {}, "failed": []}
            seen: set[str] = set()

            def profile(frame: Any, event: str, arg: Any) -> None:
                if event == "call":
                    found = spans.get(frame.f_code.co_filename)
                    if found is None:
                        return
                    line = frame.f_code.co_firstlineno
                    for name, first, last in found:
                        if first <= line <= last:
                            seen.add(name)
                            break

            for i, item in enumerate(items):
                seen.clear()
                # each test from cold caches, as each mutant's tests run: a function whose
                # answer an earlier test left memoised is still seen as called by this one
                clear_caches()
                start = time.monotonic()
                sys.setprofile(profile)
                try:
                    reports = protocol(item, log=False,
                                       nextitem=items[i + 1] if i + 1 < len(items) else None)
                finally:
                    sys.setprofile(None)
                result["time"][item.nodeid] = time.monotonic() - start
                if any(r.failed for r in reports):
                    result["failed"].append(item.nodeid)
                for name in seen:
                    result["calls"].setdefault(name, []).append(item.nodeid)
            data = json.dumps(result).encode()
            for k in range(0, len(data), 65536):
                os.write(fd, data[k:k + 65536])
            return 0

        outcome, took = _fork(work, 4 * 3600)
        assert outcome == "survived", f"the profiling pass ended: {outcome}"
        profile: dict[str, Any] = json.loads(_fork.output)  # type: ignore[attr-defined]
        (OUT / "profile.json").write_text(json.dumps(profile, indent=0), encoding="utf-8")
        print(f"mutate: profiled in {took:.0f} s; {len(profile['failed'])} tests fail "
              f"unmutated (left out): {profile['failed'][:5]}", file=sys.stderr, flush=True)
        return profile

    def run_module(self, module: str, items: list[Any], protocol: Any,
                   profile: dict[str, Any]) -> None:
        """Decide every mutant of one module; results to scripts/mutation_results/<module>.jsonl."""
        by_id = {item.nodeid: item for item in items}
        failing = set(profile["failed"])
        out = RESULTS / f"{module}.jsonl"
        RESULTS.mkdir(exist_ok=True)
        same = equivalent()
        found = mutants(module)  # once: the module's file does not change during the run
        done = {key for key, x in results(module, found).items()
                if not (self.redo and x["outcome"] in ("survived", "no tests")
                        and f"{module}:{key}" not in same)}
        todo = [m for m in found
                if m.key not in done and (self.only is None or m.number in self.only)]
        print(f"mutate: {module}: {len(todo)} mutants to decide ({len(done)} already)",
              file=sys.stderr, flush=True)
        counts: dict[str, int] = {}
        for k, mutant in enumerate(todo, 1):
            if results(module, found).get(mutant.key, {}).get("outcome") in ("killed", "timeout"):
                continue  # killed meanwhile by another run (a kill is final)
            calls = profile["calls"].get(f"{module}:{mutant.function}", [])
            names = [n for n in calls if n not in failing]
            names.sort(key=lambda n: profile["time"][n])
            if not names:
                outcome, took, killer = "no tests", 0.0, None
            else:
                selected = [by_id[n] for n in names]
                budget = 10 + 5 * sum(profile["time"][n] for n in names)

                def work(fd: int, mutant: Mutant = mutant, selected: list[Any] = selected) -> int:
                    install(module, mutant.number)
                    clear_caches()
                    for i, item in enumerate(selected):
                        nxt = selected[i + 1] if i + 1 < len(selected) else None
                        if any(r.failed for r in protocol(item, log=False, nextitem=nxt)):
                            os.write(fd, item.nodeid.encode())
                            return 1
                    return 0

                outcome, took = _fork(work, budget)
                killer = _fork.output.decode() or None  # type: ignore[attr-defined]
            counts[outcome] = counts.get(outcome, 0) + 1
            line = {"key": mutant.key, "number": mutant.number, "function": mutant.function,
                    "line": mutant.line,
                    "change": mutant.change, "outcome": outcome, "seconds": round(took, 2),
                    "tests": len(names), "killed_by": killer}
            if outcome in ("killed", "timeout") or not self.kills_only:
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(line) + "\n")
            if outcome != "killed" or k % 25 == 0:
                print(f"mutate: {module} {k}/{len(todo)} #{mutant.number} {mutant.function}:"
                      f"{mutant.line} {mutant.change}: {outcome} ({took:.1f} s) {counts}",
                      file=sys.stderr, flush=True)


def results(module: str, found: list[Mutant] | None = None) -> dict[str, dict[str, Any]]:
    """The outcome of each mutant of the module as it is now (``found``: its mutants, when the
    caller has them), by key: a kill, else the latest line (lines of mutants whose function
    has changed since are left out)."""
    path = RESULTS / f"{module}.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    now = {m.key: m for m in (found if found is not None else mutants(module))}
    out: dict[str, dict[str, Any]] = {}
    for x in map(json.loads, filter(None, lines)):
        mutant = now.get(x.get("key", ""))
        if mutant is None:
            continue
        before = out.get(mutant.key)
        # a kill is final (the tests pass unmutated): a later run with fewer tests, or an
        # earlier selection's survival, does not undo it
        if before is None or before["outcome"] not in ("killed", "timeout"):
            out[mutant.key] = {**x, "number": mutant.number, "line": mutant.line}
    return out


def equivalent() -> dict[str, str]:
    """The survivors classified as equivalent, with their reasons."""
    found: dict[str, str] = json.loads(EQUIVALENT.read_text(encoding="utf-8"))
    return found


def carry(module: str, rev: str) -> list[str]:
    """Carry the equivalences read for ``module``'s mutants at git revision ``rev`` to the file
    as it is now, for each function whose code changed but whose mutants are the same changes
    in the same order (a rename, a constant read another way). Results are not carried: a kill
    depends on the tests and the code around, so those mutants are decided again. Returns
    the functions carried."""
    import subprocess

    path = module_path(module).relative_to(ROOT)
    old_source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout
    old, new = mutants(module, old_source), mutants(module)
    same = equivalent()
    by_fn: dict[str, tuple[list[Mutant], list[Mutant]]] = {}
    for m in old:
        by_fn.setdefault(m.function, ([], []))[0].append(m)
    for m in new:
        by_fn.setdefault(m.function, ([], []))[1].append(m)
    carried = []
    for fn, (was, now) in by_fn.items():
        if not was or not now or was[0].key == now[0].key:
            continue
        if [m.change for m in was] != [m.change for m in now]:
            continue
        carried.append(fn)
        for a, b in zip(was, now, strict=True):
            why = same.get(f"{module}:{a.key}")
            if why is not None and f"{module}:{b.key}" not in same:
                same[f"{module}:{b.key}"] = f"{why} (carried from {a.key})"
    EQUIVALENT.write_text(json.dumps(same, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return carried


def summary(modules: list[str]) -> str:
    """The results found in scripts/mutation_results/, one row a module, and the score over the
    non-equivalent mutants decided (killed or timed out, of those not equivalent)."""
    rows = ["| module | mutants | decided | killed | timeout | survived: equivalent | "
            "survived: not | no tests | score |", "| --- " * 9 + "|"]
    same = equivalent()
    total: dict[str, int] = {}
    for module in modules:
        lines = list(results(module).values())
        outcomes = ["equivalent" if x["outcome"] in ("survived", "no tests")
                    and f"{module}:{x['key']}" in same else x["outcome"] for x in lines]
        count = {k: outcomes.count(k)
                 for k in ("killed", "timeout", "survived", "no tests", "equivalent")}
        count["decided"] = len(lines)
        count["mutants"] = len(mutants(module))
        for k, v in count.items():
            total[k] = total.get(k, 0) + v
        rows.append(_row(module, count))
    rows.append(_row("**all**", total))
    return "\n".join(rows)


def _row(name: str, c: dict[str, int]) -> str:
    dead = c["killed"] + c["timeout"]
    alive = c["survived"] + c["no tests"]  # not equivalent
    score = f"{100 * dead / (dead + alive):.1f} %" if dead + alive else "—"
    return (f"| {name} | {c['mutants']} | {c['decided']} | {c['killed']} | {c['timeout']} | "
            f"{c['equivalent']} | {c['survived']} | {c['no tests']} | {score} |")


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*",
                        help="modules of handgame/games/hand (no .py; default: every rules module)")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--show", metavar="MODULE:N", help="print one mutant as a diff")
    parser.add_argument("--only", metavar="N,N", help="decide only these mutant numbers")
    parser.add_argument("--redo", action="store_true",
                        help="decide again the mutants that survived (after new tests)")
    parser.add_argument("--tests", nargs="+", metavar="PATH",
                        help="test files or ids to run instead of the usual selection")
    parser.add_argument("--kills-only", action="store_true",
                        help="record only the mutants killed (a quick first pass with --tests)")
    parser.add_argument("--summary", action="store_true", help="the table of results so far")
    parser.add_argument("--survivors", action="store_true", help="diff every survivor so far")
    parser.add_argument("--carry", metavar="REV",
                        help="carry the equivalences read at git revision REV to functions whose "
                             "code changed but whose mutants did not (a rename)")
    parser.add_argument("--native", action="store_true",
                        help="run with the native path on (built), adding the differential "
                             "tests: for code only the native glue runs")
    args = parser.parse_args(argv)
    args.modules = args.modules or RULES_MODULES
    if args.show:
        module, _, number = args.show.partition(":")
        print(diff(module, int(number)))
        return 0
    if args.list:
        for module in args.modules:
            for m in mutants(module):
                print(f"{module}:{m.number} {m.function}:{m.line} {m.change}  [{m.key}]")
        return 0
    if args.carry:
        for module in args.modules:
            print(f"{module}: carried {', '.join(carry(module, args.carry)) or 'nothing'}")
        return 0
    if args.summary:
        print(summary(args.modules))
        return 0
    if args.survivors:
        for module in args.modules:
            same = equivalent()
            for x in results(module).values():
                if x["outcome"] in ("survived", "no tests"):
                    why = same.get(f"{module}:{x['key']}")
                    tag = f"equivalent: {why}" if why else x["outcome"]
                    print(f"[{tag}] " + diff(module, x["number"]) + "\n")
        return 0
    os.environ.update(ENV)
    if args.native:
        os.environ.update({"HANDGAME_NATIVE": "1", "HAND_DIFF_GAMES": "100"})
    import pytest

    only = {int(n) for n in args.only.split(",")} if args.only else None
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "src")]
    os.chdir(ROOT)
    tests = args.tests or [t for t in TESTS + (NATIVE_TESTS if args.native else [])
                           if (ROOT / t.split("::")[0]).exists()]
    return int(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:randomly", *tests],
                           plugins=[Runner(args.modules, only, args.redo, args.kills_only)]))


if __name__ == "__main__":
    raise SystemExit(main())
