"""Write the answer keys the package ships: salted hashes of the plain keys' roundings.

The plain keys (``teacher/exercise_keys/chNN.json``: each exercise's exact values, the
decimals it asks for and its hints) stay with the book's sources; the package ships
``evalmetrics/exercise_keys/chNN.json``, where every value is replaced by the tokens of its
correct roundings (see :mod:`evalmetrics.exercises`). Run this after editing a plain key:

    python tools/hash_keys.py            # rewrite the package's keys
    python tools/hash_keys.py --check    # exit 1 if they are out of date (the tests do this)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evalmetrics.exercises import KEY_FORMAT, hashed_entry  # noqa: E402

PLAIN = ROOT / "teacher" / "exercise_keys"
SHIPPED = ROOT / "evalmetrics" / "exercise_keys"


def salt_for(stem: str) -> str:
    """A fixed salt per chapter file, so the output is reproducible."""
    return hashlib.sha256(f"evalmetrics exercise key {stem}".encode()).hexdigest()[:16]


def hashed_text(plain_path: Path) -> str:
    plain = json.loads(plain_path.read_text(encoding="utf-8"))
    salt = salt_for(plain_path.stem)
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
    return {SHIPPED / path.name: hashed_text(path) for path in sorted(PLAIN.glob("*.json"))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    args = parser.parse_args()
    wanted = expected_files()
    present = {path for path in SHIPPED.glob("*.json")}
    stale = [p for p, text in wanted.items() if not p.exists() or p.read_text() != text]
    extra = sorted(present - set(wanted))
    if args.check:
        for path in stale + extra:
            print(f"out of date: exercise_keys/{path.name} (run python tools/hash_keys.py)")
        return 1 if stale or extra else 0
    SHIPPED.mkdir(exist_ok=True)
    for path in extra:
        path.unlink()
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(wanted)} hashed keys to {SHIPPED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
