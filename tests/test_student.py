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


def key_strings(value: object, decimals: int) -> set[str]:
    """The correct roundings of a plain key value at the requested decimals, as typed."""
    from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal

    if value is None:
        return set()
    exact = Decimal(repr(float(value)))
    unit = Decimal(1).scaleb(-decimals)
    return {str(exact.quantize(unit, rounding=mode)) for mode in (ROUND_HALF_UP, ROUND_HALF_DOWN)}


def distinctive(text: str) -> bool:
    """Strings worth searching for: at least three significant digits (0.562, 12.5, 419),
    so that numbers every notebook uses (0.5, 10, 0.25) do not count as an answer."""
    return len(text.replace("-", "").replace(".", "").lstrip("0")) >= 3


def test_the_student_edition_holds_no_answer(student_dir):
    """No exercise's answer, at the precision its statement asks for, is written anywhere in
    the student notebooks (the answer keys themselves ship hashed, tests/test_exercises.py)."""
    keys = {}
    for path in sorted((ROOT / "teacher" / "exercise_keys").glob("*.json")):
        keys.update(json.loads(path.read_text(encoding="utf-8")))
    found = []
    for path in sorted(student_dir.glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        sources = ["".join(cell["source"]) for cell in notebook["cells"]]
        text = "\n".join(sources)
        chapter = path.name[:2]
        for exercise_id, spec in keys.items():
            if not exercise_id.startswith(f"ch{chapter}-"):
                continue
            # an exercise may give numbers that are also its answers (read a printed matrix)
            statement = next(
                (s.split("{solution-start}")[0] for s in sources if f":label: {exercise_id}" in s),
                "",
            )
            for part, value in spec["parts"].items():
                for answer in key_strings(value, spec.get("decimals", 3)):
                    pattern = rf"(?<![0-9.]){re.escape(answer)}(?![0-9])"
                    if re.search(pattern, statement):
                        continue
                    if distinctive(answer) and re.search(pattern, text):
                        found.append(f"{path.name}: {exercise_id} {part} = {answer}")
    assert not found, found


def test_the_answer_scan_finds_a_planted_answer(tmp_path):
    """The scan above can fail: a notebook that prints an answer is caught."""
    assert key_strings(9 / 16, 3) == {"0.562", "0.563"}
    assert distinctive("0.562") and not distinctive("0.50") and not distinctive("10")
    assert re.search(r"(?<![0-9.])0\.562(?![0-9])", "bpref = 0.562  # answer")
