"""Report on a chapter's exercise code (``teacher/exercise_specs/chNN.py``) for its author.

    python tools/exercise_report.py ch17            # one chapter
    python tools/exercise_report.py                 # every chapter with exercise code

For each exercise: the problems :func:`exercise_specs.problems` finds; where the computed key or
a computed mistake differs from the plain key on file (``teacher/exercise_keys/chNN.json``,
which ``tools/hash_keys.py`` rewrites from the code); and, for an exercise that varies, the
variants of seeds 1 and 2 and whether each text ``shows`` gives for the book's numbers occurs
in the exercise's statement and its solution code (what ``make assignments SEED=...``
replaces). Exit status 1 when anything is reported as a problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "teacher"), str(ROOT / "tools")]

import exercise_specs  # noqa: E402
from make_assignments import read_exercises  # noqa: E402
from notebook_source import cell_text  # noqa: E402
from variants import occurrences  # noqa: E402

STALE = "the key on file is stale; run python tools/hash_keys.py once the code is right"


def _close(a: object, b: object) -> bool:
    if a is None or b is None:
        return a is b
    return abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(b)))


VERSION_DRAWS = 100


def versions(spec, draws: int = VERSION_DRAWS) -> int:
    """How many distinct answer sets the exercise's variants have in ``draws`` seeds: with few,
    students of one roster often share a version (the teachers page lists them)."""
    seen = set()
    for seed in range(draws):
        parts = spec.plain(exercise_specs.variant_params(spec, 10_000 + seed))["parts"]
        seen.add(tuple(sorted((k, None if v is None else round(v, 9)) for k, v in parts.items())))
    return len(seen)


def report(chapter: str, count_versions: bool = True) -> int:
    """Print the report of ``chapter`` (``"ch16"``); return the number of problems. A key on file
    that differs from what the code computes is one (``python tools/hash_keys.py`` rewrites it,
    once the code is right)."""
    specs = exercise_specs.load(chapter)
    path = ROOT / "teacher" / "exercise_keys" / f"{chapter}.json"
    stored = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    notebook_path = next((ROOT / "chapters").glob(f"{chapter[2:]}_*.ipynb"))
    notebook = json.loads(notebook_path.read_text(encoding="utf-8"))
    in_book = {e.label: e for e in read_exercises(notebook, chapter[2:])}
    bad = 0
    for missing in sorted(set(stored) - set(specs)):
        print(
            f"{missing}: in the plain key but without code (run python tools/hash_keys.py:"
            " it writes the keys from the code)"
        )
        bad += 1
    for exercise_id, spec in specs.items():
        print(f"== {exercise_id}")
        for problem in exercise_specs.problems(spec):
            print("  PROBLEM", problem)
            bad += 1
        if exercise_id not in in_book:
            print("  PROBLEM: no exercise with this label in", notebook_path.name)
            bad += 1
            continue
        old = stored.get(exercise_id)
        new = spec.plain()
        if old is not None:
            for part, value in new["parts"].items():
                if part not in old["parts"]:
                    print(f"  PROBLEM: part {part} is new (not in the plain key): {STALE}")
                    bad += 1
                elif not _close(value, old["parts"][part]):
                    was = old["parts"][part]
                    print(f"  PROBLEM: part {part}: code {value!r}, plain key {was!r}: {STALE}")
                    bad += 1
            for hint in old.get("hints", []):
                same = [
                    h
                    for h in new["hints"]
                    if h["part"] == hint["part"] and _close(h["value"], hint["value"])
                ]
                if not same:
                    print(f"  PROBLEM: a hint on file that the code does not compute: {hint}")
                    bad += 1
                elif same[0]["hint"] != hint["hint"]:
                    print(f"  PROBLEM: hint text {hint['hint']!r} -> {same[0]['hint']!r}: {STALE}")
                    bad += 1
        exercise = in_book[exercise_id]
        code = "\n".join(cell_text(notebook["cells"][i]) for i in exercise.solution_cells)
        if spec.vary is None:
            print(f"  fixed: {spec.fixed}")
            continue
        if spec.keeps:
            print(f"  keeps the book's answer of: {', '.join(spec.keeps)}")
        if count_versions:
            print(f"  versions: {versions(spec)} distinct answer sets in {VERSION_DRAWS} seeds")
        for name, text in spec.texts(spec.params).items():
            where = {
                "statement": occurrences(exercise.statement, text),
                "solution code": occurrences(code, text),
            }
            for place, count in where.items():
                if count == 0:
                    print(f"  PROBLEM: shows[{name!r}] = {text!r} is not in the {place}")
                    bad += 1
        for seed in (1, 2):
            params = exercise_specs.variant_params(spec, seed)
            values = {
                k: round(v, 4) if v is not None else v
                for k, v in spec.plain(params)["parts"].items()
            }
            print(f"  seed {seed}: {spec.texts(params)} -> {values}")
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("chapters", nargs="*", help="chNN or NN (default: every chapter with code)")
    args = parser.parse_args(argv)
    known = exercise_specs.chapters()
    chosen = []
    for given in args.chapters:
        name = f"ch{int(given):02d}" if given.isdigit() else given  # "26" and "ch26" alike
        if name not in known:
            parser.error(
                f"no exercise code for {given!r}: give a chapter as chNN (or NN) with a file"
                f" teacher/exercise_specs/chNN.py; there are {', '.join(known)}"
            )
        chosen.append(name)
    bad = sum(report(chapter) for chapter in chosen or known)
    print(f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
