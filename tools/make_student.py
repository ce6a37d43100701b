"""Write the student edition: every chapter notebook without its exercise solutions.

Usage: ``python tools/make_student.py --out _build/student`` (``make student`` does this);
``--myst`` writes the MyST sources instead (for a course that builds its own book).

The edition is what a student opens in JupyterLab, so by default it is the chapters as
``make lab`` shows them (``tools/make_lab.py``): every number of the prose filled in from an
execution of the chapter (the book's executed copy when it is fresh), citations and
cross-references as text and links, exercises as titled admonitions, hidden checks folded.
A link to a page that is not in the edition (the glossary, the conventions page) becomes its
text. Without this a student's Lab showed the bare glue keys where the numbers belong.

What is removed, per notebook:

- every solution block, from a ```` ```{solution-start} ```` line to the end of its
  ```` ```{solution-end} ```` directive, across markdown and code cells (code cells inside a
  block are dropped whole);
- the hidden check cell(s) (tagged ``remove-cell``) that directly follow a solution block:
  they assert the solution's values, which the student edition no longer computes.

In place of each solution the student gets a short note and, after a coding exercise, an empty
code cell to work in. Every other cell is kept, including the hidden checks of the documents'
values, so the student notebooks still execute top to bottom. A zip of the folder is written
next to it.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_lab  # noqa: E402

START = re.compile(r"^\s*```+\s*\{solution-start\}\s*(\S+)")
END = re.compile(r"^\s*```+\s*\{solution-end\}")
FENCE = re.compile(r"^\s*```+\s*$")


def _lines(cell: dict) -> list[str]:
    source = cell["source"]
    text = source if isinstance(source, str) else "".join(source)
    return text.splitlines(keepends=True)


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(text: str) -> dict:
    return {
        "cell_type": "code",
        "metadata": {},
        "source": text,
        "outputs": [],
        "execution_count": None,
    }


def strip_solutions(notebook: dict) -> tuple[dict, list[str]]:
    """Return the notebook without solutions, and the ids of the solutions removed."""
    result = copy.deepcopy(notebook)
    cells: list[dict] = []
    removed: list[str] = []
    in_solution = False
    closing_end = False  # inside the solution-end directive, waiting for its closing fence
    had_code = False
    just_closed = False
    for cell in notebook["cells"]:
        if just_closed and cell["cell_type"] == "code" and "remove-cell" in _tags(cell):
            continue  # the check of the solution just removed
        just_closed = False
        if cell["cell_type"] == "code":
            if in_solution:
                had_code = True
            else:
                cells.append(copy.deepcopy(cell))
            continue
        kept: list[str] = []
        for line in _lines(cell):
            if not in_solution:
                match = START.match(line)
                if match:
                    in_solution, had_code = True, False
                    removed.append(match.group(1))
                    continue
                kept.append(line)
                continue
            if closing_end:
                if FENCE.match(line):
                    in_solution = closing_end = False
                    just_closed = True
                    note = "*The solution is not part of the student edition.*\n"
                    kept.append("\n" + note)
                continue
            if END.match(line):
                closing_end = True
                if line.rstrip().endswith("```") and line.count("```") > 1:
                    closing_end = False
                    in_solution = False
                    just_closed = True
        text = "".join(kept).strip("\n")
        if text:
            new_cell = copy.deepcopy(cell)
            new_cell["source"] = text + "\n"
            cells.append(new_cell)
        if just_closed and had_code:
            cells.append(_code("# Your code here\n"))
    if in_solution:
        raise ValueError(f"solution {removed[-1]!r} is never closed by solution-end")
    result["cells"] = cells
    for index, cell in enumerate(result["cells"]):
        cell["id"] = f"s{index:03d}"
    return result, removed


#: A Markdown link to a notebook outside the student folder (``../reference/...``).
OUTSIDE_LINK = re.compile(r"\[([^\]]+)\]\((\.\./[^)\s]+\.ipynb)\)")

#: What the zip says to the student who opens it.
STUDENT_README = """\
The chapters of "Counting What Matters", without the exercises' solutions.

Open them in JupyterLab with the book's package installed (your teacher gives you the path
or address of the book's repository):

    pip install "<path to the book's repository>[notebooks]" \\
        "jupyterlab>=4.2,<5" "jupyterlab-myst>=2.4,<3"
    jupyter lab

Each exercise says what to compute. Work in the empty cell below it; check your numbers with
the self-check, which answers right or wrong for each part and never prints the answer:

    from evalmetrics.exercises import check
    check("<the exercise's label>", <part>=<your number>, ...)

The exercise's box names the label and the parts. Every chapter runs top to bottom as it is.
"""


def rendered(path: Path, student: dict, executed: dict, values_of) -> dict:
    """The student copy of ``path`` as Lab shows it (see the module's docstring)."""
    notebook = make_lab.lab_notebook(path, executed, values_of, notebook=student)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = OUTSIDE_LINK.sub(r"\1", _text(cell))
    return notebook


def _text(cell: dict) -> str:
    return "".join(_lines(cell))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "student")
    parser.add_argument("--chapters", type=Path, default=ROOT / "chapters")
    parser.add_argument(
        "--myst",
        action="store_true",
        help="write the MyST sources without solutions (no execution), not the Lab copy",
    )
    args = parser.parse_args(argv)

    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    if not args.myst:
        make_lab.LABELS.update(make_lab.labels())
        make_lab.EXERCISES.update(make_lab.exercise_titles())
        make_lab.CITATIONS.update(make_lab.citations())
    executed: dict[Path, dict] = {}

    def executed_notebook(path: Path) -> dict:
        path = path.resolve()
        if path not in executed:
            executed[path] = make_lab.execute(path, make_lab.glue_keys(path))
        return executed[path]

    def values_of(path: Path) -> dict[str, str]:
        return make_lab.glued_values(executed_notebook(path))

    written = []
    for path in sorted(args.chapters.glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        student, removed = strip_solutions(notebook)
        if not args.myst:
            student = rendered(path.resolve(), student, executed_notebook(path), values_of)
        target = out / path.name
        target.write_text(json.dumps(student, ensure_ascii=False, indent=1) + "\n", "utf-8")
        written.append(target)
        print(f"{path.name}: {len(removed)} solutions removed")
    archive = out / "evalmetrics-student-notebooks.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for target in written:
            bundle.write(target, arcname=f"student/{target.name}")
        if not args.myst:
            bundle.writestr("student/README.txt", STUDENT_README)
    print(f"wrote {len(written)} notebooks to {out} and {archive.name}")


if __name__ == "__main__":
    main()
