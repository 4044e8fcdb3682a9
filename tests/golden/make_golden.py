"""Regenerate the golden game records that tests/test_golden.py compares the ``hand`` CLI with.

Usage (from anywhere; the files are found next to this script)::

    python tests/golden/make_golden.py            # run every case twice, write the golden files
    python tests/golden/make_golden.py --repeat 3 # run every case 3 times before writing

Every case runs ``sys.executable -m handgame ARGV`` (the public command line only, no import of
``handgame``) as a subprocess in a fresh, empty working directory, with STDIN on its standard
input, and collects every ``*.json`` file the command wrote there (``simulate --records out``
writes ``out/game-000001.json``…; ``play --record game.json`` writes ``game.json``). Each record
is normalised (:func:`normalise`) and written as pretty JSON (:func:`serialise`) under
``records/``; ``cases.json`` lists every case: its name, argv, stdin and which produced file
became which golden file. The case list itself is :data:`CASES` below.

Determinism: each case is run ``--repeat`` times (default 2), each run with a different
``PYTHONHASHSEED``, and the script stops without writing anything if two runs differ.

To regenerate from the code of another checkout, put its ``src`` first on ``PYTHONPATH``: the
subprocesses inherit the environment, e.g.
``PYTHONPATH=/tmp/base/src python tests/golden/make_golden.py``.

``hand serve`` is not covered: a server table's deal seed comes from ``secrets.token_hex``
(``Hub.seed_source``), which neither ``hand serve``'s options nor ``POST /api/tables`` can fix,
so a server game's record cannot be reproduced through the public entry points.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, TypedDict

HERE = Path(__file__).resolve().parent
RECORDS = HERE / "records"
MANIFEST = HERE / "cases.json"
#: seconds one command may take before the case fails (each takes a few seconds at most)
TIMEOUT = 120.0


class Case(TypedDict):
    """One command: ``python -m handgame *argv`` run in an empty directory with ``stdin``."""

    name: str
    argv: list[str]
    stdin: str | None


class ManifestCase(Case):
    """A case as ``cases.json`` lists it: produced file (relative path) → golden file."""

    records: dict[str, str]


def _case(name: str, argv: list[str], stdin: str | None = None) -> Case:
    return {"name": name, "argv": argv, "stdin": stdin}


def _sim(name: str, args: str) -> Case:
    """A ``hand simulate`` case (``args`` split on spaces) writing its records to ``out/``."""
    return _case(name, ["simulate", *args.split(), "--quiet", "--records", "out"])


def _play(name: str, stdin: str, args: str) -> Case:
    """A plain-text ``hand play`` case (``args`` split on spaces) saving ``game.json``."""
    return _case(name, ["play", "--plain", *args.split(), "--record", "game.json"], stdin)


CASES: list[Case] = [
    # one simulate run per preset with 2 and with 4 players; 2 games where cheap, so that the
    # second game's seat rotation and "S-2" deal seed are pinned too
    _sim("sim-levant-2p", "--bots greedy,random --games 2 --rounds 1 --seed 101"),
    _sim("sim-levant-4p", "--bots greedy,random,random,greedy --games 2 --rounds 1 --seed 102"),
    _sim("sim-gulf-2p", "--rules gulf --bots greedy,random --games 2 --rounds 1 --seed 103"),
    _sim(
        "sim-gulf-4p",
        "--rules gulf --bots random,greedy,greedy,random --games 2 --rounds 1 --seed 104",
    ),
    _sim(
        "sim-four-jokers-2p",
        "--rules four-jokers --bots random,greedy --games 2 --rounds 1 --seed 105",
    ),
    _sim(
        "sim-four-jokers-4p",
        "--rules four-jokers --bots greedy,greedy,random,random --games 2 --rounds 1 --seed 106",
    ),
    # seats 0+2 against 1+3
    _sim(
        "sim-levant-4p-partnership",
        "--bots greedy,random,greedy,random --partnership --games 2 --rounds 1 --seed 107",
    ),
    # the search bot, kept cheap (about 2 s)
    _sim(
        "sim-levant-2p-ismcts",
        "--bots ismcts:iterations=20,greedy --games 1 --rounds 1 --seed 108",
    ),
    # 3 players, several scored rounds, an option override (recorded in rules.options)
    _sim(
        "sim-levant-3p-3rounds-option",
        "--bots greedy,random,greedy --games 1 --rounds 3 --option initial_minimum=71 --seed 109",
    ),
    # L-52: with seed 35 seat 0 (random, which always claims when entitled) claims a redeal
    _sim(
        "sim-levant-4p-redeal",
        "--bots random,greedy,greedy,greedy --games 1 --rounds 1 --option redeal_pairs=true"
        " --seed 35",
    ),
    # worker processes: the records must be the same as with one job (sim-levant-2p's argv
    # plus --jobs 2; a module move that breaks pickling for the workers shows up here)
    _sim("sim-levant-2p-jobs2", "--bots greedy,random --games 2 --rounds 1 --seed 101 --jobs 2"),
    # the plain terminal game: seat 0 types action numbers, the other seats are random bots;
    # quit mid-round after 8 moves (always the first action: draw from the stock, discard)
    _play("play-levant-2p-quit", "1\n" * 8 + "q\n", "--seed 5"),
    # chosen moves (read from the transcript of this seed): take the discard, an opening
    # meld with a joker (18), add to it (8), a number out of range (99, asked again), swap
    # the joker out (7), meld with it (7), discard without announcing (2, L-71), then quit
    _play(
        "play-gulf-2p-choices",
        "2 3 1 1 1 1 1 1 1 18 1 1 8 99 1 1 1 1 1 1 7 7 1 1 1 1 1 1 2 1 q ".replace(" ", "\n"),
        "--seed 8 --rules gulf",
    ),
    # a whole one-round match to its end (the match ends after 94 moves; the rest is unread)
    _play("play-gulf-2p-match", "1\n" * 120 + "q\n", "--seed 8 --rules gulf --rounds 1"),
    _play(
        "play-four-jokers-4p-partnership",
        "1\n" * 20 + "q\n",
        "--seed 10 --rules four-jokers --players 4 --partnership",
    ),
]


def normalise(record: Any) -> Any:
    """The record with its non-deterministic fields removed (none in these records)."""
    # Nothing is removed: the records of `hand simulate --records` and `hand play --record`
    # hold no timestamp, table id, path or host name. Their only extra key, "simulate"
    # ({"game", "seed", "bots"}), is fixed by the arguments, and every deal and bot is seeded
    # ("S-i", "S-i-SEAT"; "SEED:ROUND", "SEED:bots"). Checked by running every case twice
    # with different PYTHONHASHSEEDs (and with --jobs 1 and 2). Were a non-deterministic field
    # ever added (a server record's "table" id or a "created_at"), it would be dropped here
    # and named in this comment; dropping nothing means every byte of the record is pinned.
    return record


def serialise(record: Any) -> str:
    """Pretty JSON text of a record, as ``hand`` writes it (indent 1, UTF-8, final newline)."""
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def run_case(case: Case, workdir: Path, env: dict[str, str] | None = None) -> dict[str, str]:
    """Run a case's command in the empty ``workdir``: the text of every JSON file it wrote."""
    proc = subprocess.run(
        [sys.executable, "-m", "handgame", *case["argv"]],
        cwd=workdir,
        input=case["stdin"] if case["stdin"] is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"case {case['name']}: exit {proc.returncode}\nstderr:\n{proc.stderr[-3000:]}"
        )
    return {
        path.relative_to(workdir).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(workdir.rglob("*.json"))
    }


def golden_text(produced: str) -> str:
    """The golden-file text of a produced record file: its JSON, normalised, pretty."""
    return serialise(normalise(json.loads(produced)))


def golden_names(name: str, produced: list[str]) -> dict[str, str]:
    """Golden file (relative to this folder) of each produced file of case ``name``."""
    if len(produced) == 1:
        return {produced[0]: f"records/{name}.json"}
    return {p: f"records/{name}-{Path(p).stem}.json" for p in sorted(produced)}


def load_manifest(path: Path = MANIFEST) -> list[ManifestCase]:
    """The cases of ``cases.json``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cases: list[ManifestCase] = data["cases"]
    return cases


def generate(repeat: int = 2) -> list[ManifestCase]:
    """Run every case ``repeat`` times, check the runs agree, write the golden files."""
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    results: list[tuple[Case, dict[str, str]]] = []
    for case in CASES:
        runs: list[dict[str, str]] = []
        for attempt in range(repeat):
            env = {**os.environ, "PYTHONHASHSEED": str(attempt)}
            with tempfile.TemporaryDirectory(prefix="hand-golden-") as tmp:
                runs.append(run_case(case, Path(tmp), env))
        first = runs[0]
        if not first:
            raise RuntimeError(f"case {case['name']}: the command wrote no record")
        for attempt, other in enumerate(runs[1:], 1):
            if sorted(other) != sorted(first) or any(
                golden_text(other[p]) != golden_text(first[p]) for p in first
            ):
                raise RuntimeError(f"case {case['name']}: run {attempt + 1} differs from run 1")
        results.append((case, first))
        print(f"{case['name']}: {len(first)} record(s), same in {repeat} runs", file=sys.stderr)

    RECORDS.mkdir(parents=True, exist_ok=True)
    for old in RECORDS.glob("*.json"):
        old.unlink()
    manifest: list[ManifestCase] = []
    for case, produced in results:
        names = golden_names(case["name"], list(produced))
        for path, golden in names.items():
            (HERE / golden).write_text(golden_text(produced[path]), encoding="utf-8")
        manifest.append({**case, "records": names})
    MANIFEST.write_text(
        json.dumps(
            {
                "about": (
                    "Golden records of tests/test_golden.py, made by tests/golden/make_golden.py."
                    " Each case runs `python -m handgame ARGV` in an empty directory with STDIN"
                    " (null: empty) on its standard input; `records` maps each JSON file it"
                    " writes (relative to that directory) to its golden file (relative to"
                    " tests/golden). Nothing is normalised away (see make_golden.normalise)."
                ),
                "cases": manifest,
            },
            ensure_ascii=False,
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    return manifest


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: regenerate ``records/`` and ``cases.json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=int, default=2, help="runs of every case that must agree (default: 2)"
    )
    args = parser.parse_args(argv)
    manifest = generate(args.repeat)
    count = sum(len(c["records"]) for c in manifest)
    print(f"wrote {count} golden records of {len(manifest)} cases to {RECORDS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
