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

It is a first pass for a teacher's eye, not a proof: the words of such code can be disguised,
so the ways of disguising them (``getattr``, ``exec``, ``eval``, ``__import__``, any attribute
whose name starts with "_") are flagged too; a determined student can still find another. No
notebook of the book's own solutions is flagged (a test checks every chapter's).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

#: Words that code aimed at the grader needs and an exercise's solution does not.
SUSPECT = re.compile(
    r"\b(?:settrace|setprofile|_getframe|f_locals|f_globals|f_back|f_code|tb_frame|co_consts"
    r"|gc|inspect|sys\.modules|builtins|__builtins__|metaclass|__class__|__subclasses__"
    r"|__globals__|sctypeDict|ctypes|importlib|exec|eval|compile|__import__|getattr|setattr"
    r"|delattr|vars|globals|locals|otter\.[a-z_]+\.)\b"
    r"|\bimport\s+otter\b|\bfrom\s+otter\b"
)


def flagged_cells(notebook: dict) -> list[tuple[int, list[str]]]:
    """(cell index, what it uses) for every code cell that uses a suspect word or reaches for
    an attribute whose name starts with "_" (``print.__self__``, ``value._numerator``)."""
    found = []
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        if _is_otter_init(source):
            continue
        words = {match.group(0) for match in SUSPECT.finditer(source)}
        words |= {f".{name}" for name in re.findall(r"\.\s*(_\w*)", source)}
        if words:
            found.append((index, sorted(words)))
    return found


def _is_otter_init(source: str) -> bool:
    """Otter's own first cell and nothing else: ``import otter`` and
    ``grader = otter.Notebook("<name>.ipynb")``, read as Python, not as text."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    expected = "import otter\ngrader = otter.Notebook({name!r})"
    if len(body) != 2 or not isinstance(body[1], ast.Assign):
        return False
    call = body[1].value
    if not (
        isinstance(call, ast.Call)
        and len(call.args) == 1
        and not call.keywords
        and isinstance(call.args[0], ast.Constant)
        and isinstance(call.args[0].value, str)
    ):
        return False
    return ast.unparse(ast.Module(body, [])) == expected.format(name=call.args[0].value)


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
