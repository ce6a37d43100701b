"""The student edition (make student): no solution survives, and every notebook still runs."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from cell_dependencies import edited_copy_cells, unsatisfied_reads  # noqa: E402
from make_student import strip_solutions  # noqa: E402

YOUR_CODE = "# Your code here\n"
CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))


def solution_blocks(notebook: dict) -> tuple[int, list[str]]:
    """Count the solutions of a chapter and collect the code and prose inside them."""
    inside, count, texts = False, 0, []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            if inside and source.strip():
                texts.append(source.strip())
            continue
        for line in source.splitlines():
            if re.match(r"\s*```+\s*\{solution-start\}", line):
                inside, count = True, count + 1
            elif re.match(r"\s*```+\s*\{solution-end\}", line):
                inside = False
            elif inside and len(line.strip()) > 30 and not line.startswith(":"):
                texts.append(line.strip())
    return count, texts


@pytest.fixture(scope="module")
def student_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_student.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return out


def test_every_chapter_has_a_student_copy_and_the_zip_holds_them(student_dir):
    names = {path.name for path in CHAPTERS}
    assert names, "no chapters"
    assert {path.name for path in student_dir.glob("*.ipynb")} == names
    with zipfile.ZipFile(student_dir / "evalmetrics-student-notebooks.zip") as bundle:
        assert {Path(name).name for name in bundle.namelist()} == names


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_no_solution_text_survives(student_dir, chapter):
    original = json.loads(chapter.read_text(encoding="utf-8"))
    n_solutions, solution_texts = solution_blocks(original)
    assert n_solutions >= 3, f"{chapter.name} has {n_solutions} solutions; chapters need 3+"
    student = json.loads((student_dir / chapter.name).read_text(encoding="utf-8"))
    student_text = "\n".join("".join(cell["source"]) for cell in student["cells"])
    assert "{solution-start}" not in student_text and "{solution-end}" not in student_text
    survivors = [text for text in solution_texts if text in student_text]
    assert not survivors, f"solution text left in the student edition: {survivors[:3]}"
    assert student_text.count("not part of the student edition") == n_solutions
    # the exercises themselves stay, with their self-checks
    assert student_text.count("{exercise}") == "\n".join(
        "".join(cell["source"]) for cell in original["cells"]
    ).count("{exercise}")


def _student_problems(original: dict, student: dict) -> list[str]:
    """Kept cells of the student edition that read a name only a removed cell defined."""
    return unsatisfied_reads(edited_copy_cells(original, student, inserted=[YOUR_CODE]))


def test_the_run_check_fails_when_a_later_cell_needs_a_solution():
    """A chapter whose later cell uses a name its solution defines: the student copy breaks."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("scores = [0.9, 0.2]"),
        nbformat.v4.new_markdown_cell("```{exercise}\n:label: ex\nDo it.\n```"),
        nbformat.v4.new_markdown_cell("```{solution-start} ex\n:class: dropdown\n```"),
        nbformat.v4.new_code_cell("answer = max(scores)"),
        nbformat.v4.new_markdown_cell("```{solution-end}\n```"),
        nbformat.v4.new_code_cell("print(answer)"),
    ]
    student, removed = strip_solutions(json.loads(nbformat.writes(notebook)))
    assert removed == ["ex"]
    found = _student_problems(json.loads(nbformat.writes(notebook)), student)
    assert len(found) == 1 and "'answer'" in found[0], found
    notebook.cells[-1].source = "print(max(scores))"
    sound = json.loads(nbformat.writes(notebook))
    assert _student_problems(sound, strip_solutions(sound)[0]) == []


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_student_notebooks_run_without_the_solutions(student_dir, chapter):
    """Statically: no kept cell of the student copy reads a name only a solution defined.

    The student copy as ``make student`` wrote it is aligned with the chapter, so the check sees
    exactly the cells that were removed (tools/cell_dependencies.py says how names are found).
    """
    original = json.loads(chapter.read_text(encoding="utf-8"))
    student = json.loads((student_dir / chapter.name).read_text(encoding="utf-8"))
    found = _student_problems(original, student)
    assert not found, "\n".join([chapter.name, *found])
