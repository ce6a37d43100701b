"""Print each notebook's execution time in the builds so far, and the totals (``make timings``).

The times are those recorded when each notebook last executed in a build
(``_build/.jupyter_cache/fresh_notebooks.json``, written by ``_ext/fresh_notebooks.py``): one
kernel per notebook, two notebooks at a time, so the wall time of a clean build's execution is
about half the sum. Notebooks that have not executed in a build yet are not listed.

Usage: ``python tools/notebook_timings.py [--markdown] [--write]``. ``--write`` stores the
times, rounded to the second, in ``_ext/notebook_seconds.json``: the order in which a fresh
clone's first build runs the notebooks (longest first), before it has run times of its own.
Rewrite it after a clean build when a chapter's cost has changed much.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "_build" / ".jupyter_cache" / "fresh_notebooks.json"
TYPICAL = ROOT / "_ext" / "notebook_seconds.json"


def read_timings(path: Path = MANIFEST) -> dict[str, float]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: float(record["seconds"]) for name, record in data.items() if "seconds" in record}


def table(timings: dict[str, float], markdown: bool = False) -> str:
    total = sum(timings.values())
    rows = sorted(timings.items(), key=lambda item: -item[1])
    width = max((len(name) for name in timings), default=8)
    lines = []
    if markdown:
        lines += ["| notebook | seconds | share |", "|---|---:|---:|"]
        lines += [f"| {name} | {sec:.1f} | {sec / total:.0%} |" for name, sec in rows]
        lines.append(f"| **total** | **{total:.1f}** | |")
    else:
        lines += [f"{'notebook':<{width}}  seconds  share"]
        lines += [f"{name:<{width}}  {sec:7.1f}  {sec / total:5.0%}" for name, sec in rows]
        lines.append(f"{'total (one kernel at a time)':<{width}}  {total:7.1f}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    parser.add_argument("--write", action="store_true", help=f"store them in {TYPICAL.name}")
    args = parser.parse_args()
    if not MANIFEST.exists():
        print(f"no timings yet: build the book first (make book); looked for {MANIFEST}")
        return 1
    timings = read_timings()
    if not timings:
        print("no notebook has executed in a build yet")
        return 1
    print(table(timings, markdown=args.markdown))
    if args.write:
        typical = {name: round(seconds) for name, seconds in sorted(timings.items())}
        TYPICAL.write_text(json.dumps(typical, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {TYPICAL.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
