"""Write the answer keys from the exercises' code: the plain keys and the package's hashed ones.

Nobody types a key. Each exercise is code (``teacher/exercise_specs/chNN.py``: its numbers,
the computation of every part, each recorded mistake as the computation with the slip, the
hints). From it this writes the plain keys (``teacher/exercise_keys/chNN.json``: each
exercise's exact values, the decimals it asks for and its hints, for the teacher's eye and
for ``tools/make_assignments.py``) and the keys the package ships
(``evalmetrics/exercise_keys/chNN.json``, where every value is replaced by the tokens of its
correct roundings; see :mod:`evalmetrics.exercises`). Run this after editing exercise code:

    python tools/hash_keys.py            # rewrite both
    python tools/hash_keys.py --check    # exit 1 if either is out of date (the tests do this)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "teacher")]

import exercise_specs  # noqa: E402

from evalmetrics.exercises import KEY_FORMAT, hashed_entry  # noqa: E402

PLAIN = ROOT / "teacher" / "exercise_keys"
SHIPPED = ROOT / "evalmetrics" / "exercise_keys"


def salt_for(stem: str) -> str:
    """A fixed salt per chapter file, so the output is reproducible."""
    return hashlib.sha256(f"evalmetrics exercise key {stem}".encode()).hexdigest()[:16]


def plain_key(chapter: str) -> dict:
    """A chapter's plain key, computed from its exercises' code."""
    return {i: exercise.plain() for i, exercise in exercise_specs.load(chapter).items()}


def plain_text(plain: dict) -> str:
    """A plain key as the file holds it: one line per exercise's parts and per hint."""
    lines = ["{"]
    for n, (exercise_id, entry) in enumerate(plain.items()):
        lines.append(f"  {json.dumps(exercise_id)}: {{")
        fields = [f'    "parts": {json.dumps(entry["parts"], ensure_ascii=False)}']
        if "decimals" in entry:
            fields.insert(0, f'    "decimals": {entry["decimals"]}')
        hints = [f"      {json.dumps(h, ensure_ascii=False)}" for h in entry["hints"]]
        fields.append(
            '    "hints": [\n' + ",\n".join(hints) + "\n    ]" if hints else '    "hints": []'
        )
        lines.append(",\n".join(fields))
        lines.append("  }" + ("," if n < len(plain) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def hashed_text(plain: dict, stem: str) -> str:
    salt = salt_for(stem)
    chapter = {
        "format": KEY_FORMAT,
        "salt": salt,
        "exercises": {
            exercise_id: hashed_entry(exercise_id, spec, salt=salt)
            for exercise_id, spec in plain.items()
        },
    }
    return json.dumps(chapter, indent=1, ensure_ascii=False) + "\n"


def expected_files() -> dict[Path, str]:
    """Every key file this writes, with its text: plain and hashed, per chapter."""
    files = {}
    for stem in exercise_specs.chapters():
        plain = plain_key(stem)
        files[PLAIN / f"{stem}.json"] = plain_text(plain)
        files[SHIPPED / f"{stem}.json"] = hashed_text(plain, stem)
    for path in sorted(PLAIN.glob("*.json")):  # a chapter without code yet: its typed key
        if path.stem not in exercise_specs.chapters():
            text = path.read_text(encoding="utf-8")
            files[path] = text
            files[SHIPPED / path.name] = hashed_text(json.loads(text), path.stem)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    args = parser.parse_args(argv)
    wanted = expected_files()
    present = set(SHIPPED.glob("*.json")) | set(PLAIN.glob("*.json"))
    stale = [p for p, text in wanted.items() if not p.exists() or p.read_text() != text]
    extra = sorted(present - set(wanted))
    if args.check:
        for path in stale + extra:
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f"out of date: {where}")
        if stale or extra:
            print(
                "The exercise code (teacher/exercise_specs) or the package it calls now computes"
                " other keys. If you changed an exercise on purpose, run python"
                " tools/hash_keys.py. If you changed the package (a metric, the rounding rule),"
                " a key that moved means its answer moved: find out why before rewriting the"
                " keys (python tools/exercise_report.py chNN shows code against key per part)."
            )
        return 1 if stale or extra else 0
    SHIPPED.mkdir(exist_ok=True)
    PLAIN.mkdir(parents=True, exist_ok=True)
    for path in extra:
        path.unlink()
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(wanted)} key files (plain and hashed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
