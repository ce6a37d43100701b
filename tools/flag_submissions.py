"""List the submitted notebooks whose code reaches for the grader rather than the exercise.

Usage::

    .venv/bin/python tools/flag_submissions.py submissions/*.ipynb

Otter runs a student's code in the same Python process as the tests, so a cell can change what
the tests see: a trace function (``sys.settrace``) that rewrites the grader's variables, a look
at the tests' frames, a patch of the standard library, NumPy or otter. Such code has to be in
the notebook. This tool reads each notebook's code cells (not its metadata, which holds the
public tests, nor its outputs) and prints every cell that uses one of the words below, with the
words found. It prints nothing for a notebook it finds nothing in, and exits with 1 when it
flagged something, so it can run in a loop or a script.

It is a first pass for a teacher's eye, not a proof: code can be disguised (``getattr`` with
built strings, ``exec``), and ``exec``/``eval``/``__import__`` are flagged for that reason. No
notebook of the book's own solutions is flagged (a test checks every chapter's).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

#: Words that code aimed at the grader needs and an exercise's solution does not.
SUSPECT = re.compile(
    r"\b(?:settrace|setprofile|_getframe|f_locals|f_globals|f_back|f_code|co_consts|gc|inspect"
    r"|sys\.modules|builtins|__builtins__|metaclass|__class__|__subclasses__|__globals__"
    r"|sctypeDict|ctypes|importlib|exec|eval|__import__|otter\.[a-z_]+\.)\b"
    r"|\bimport\s+otter\b|\bfrom\s+otter\b"
)


def flagged_cells(notebook: dict) -> list[tuple[int, list[str]]]:
    """(cell index, the suspect words it uses) for every code cell that uses one."""
    found = []
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        if _is_otter_init(source):
            continue
        words = sorted({match.group(0) for match in SUSPECT.finditer(source)})
        if words:
            found.append((index, words))
    return found


def _is_otter_init(source: str) -> bool:
    """Otter's own first cell: ``import otter`` and ``grader = otter.Notebook(...)``."""
    lines = [line.strip() for line in source.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    return (
        len(lines) == 2
        and lines[0] == "import otter"
        and lines[1].startswith("grader = otter.Notebook(")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    any_flagged = False
    for path in args.notebooks:
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"{path}: not read ({error})")
            any_flagged = True
            continue
        for index, words in flagged_cells(notebook):
            any_flagged = True
            print(f"{path}: cell {index}: {', '.join(words)}")
    return 1 if any_flagged else 0


if __name__ == "__main__":
    sys.exit(main())
