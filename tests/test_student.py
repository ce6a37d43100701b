"""The student edition (make student): no solution survives, and every notebook still runs.

The structure is tested on the MyST form (``--myst``, no execution); the form a student opens
(the default: the prose's numbers filled in, as in ``make lab``) is tested after the build
(marker ``browser``), when the executed chapters it takes its numbers from are there.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
from support import RAW_MYST

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
        [sys.executable, str(ROOT / "tools" / "make_student.py"), "--out", str(out), "--myst"],
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


def statement_of(sources: list[str], exercise_id: str) -> str:
    """The exercise's statement: the cell holding its label (MyST) or its check call (the
    rendered edition), up to the solution."""
    marks = (f":label: {exercise_id}\n", f'check("{exercise_id}"')
    found = [s for s in sources if any(mark in s for mark in marks)]
    return found[0].split("{solution-start}")[0] if found else ""


def test_the_student_edition_holds_no_answer(student_dir):
    """No exercise's answer, at the precision its statement asks for, is written anywhere in
    the student notebooks (the answer keys themselves ship hashed, tests/test_exercises.py)."""
    assert answers_in(student_dir) == []


def answers_in(student_dir: Path) -> list[str]:
    """Every key value (at its requested precision) written in the notebooks of a folder."""
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
            statement = statement_of(sources, exercise_id)
            for part, value in spec["parts"].items():
                for answer in key_strings(value, spec.get("decimals", 3)):
                    pattern = rf"(?<![0-9.]){re.escape(answer)}(?![0-9])"
                    if re.search(pattern, statement):
                        continue
                    if distinctive(answer) and re.search(pattern, text):
                        found.append(f"{path.name}: {exercise_id} {part} = {answer}")
    return found


def test_the_answer_scan_finds_a_planted_answer(tmp_path):
    """The scan above can fail: a notebook that prints an answer is caught."""
    assert key_strings(9 / 16, 3) == {"0.562", "0.563"}
    assert distinctive("0.562") and not distinctive("0.50") and not distinctive("10")
    assert re.search(r"(?<![0-9.])0\.562(?![0-9])", "bpref = 0.562  # answer")


# --- the edition a student opens: after the build ---------------------------------------


@pytest.fixture(scope="module")
def rendered_dir(tmp_path_factory):
    if not (ROOT / "_build" / "jupyter_execute").is_dir():
        pytest.fail("run the build first: the edition takes its numbers from the executed book")
    out = tmp_path_factory.mktemp("student-rendered")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_student.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return out


def _markdown(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]


@pytest.mark.browser
def test_the_edition_a_student_opens_reads_as_the_book(rendered_dir):
    """No raw role, label or exercise directive; every exercise a titled box with its check
    call; no solution; no link to a page the edition lacks; the zip tells how to open it."""
    problems = []
    for chapter in CHAPTERS:
        original = json.loads(chapter.read_text(encoding="utf-8"))
        n_solutions, solution_texts = solution_blocks(original)
        exercise_ids = re.findall(
            r"^:label: (ch\d\d-ex-[\w-]+)",
            "\n".join("".join(c["source"]) for c in original["cells"]),
            re.M,
        )
        markdown = _markdown(rendered_dir / chapter.name)
        text = "\n".join(markdown)
        raw = sorted({m.group(0) for m in RAW_MYST.finditer(text)})
        if raw:
            problems.append(f"{chapter.name}: raw MyST {raw[:4]}")
        number = int(chapter.name[:2])
        titles = re.findall(rf"^:{{3,}}\{{admonition\}} Exercise {number}\.(\d+)", text, re.M)
        if len(titles) != len(exercise_ids):
            problems.append(f"{chapter.name}: {len(titles)} exercise boxes, {len(exercise_ids)}")
        survivors = [t for t in solution_texts if t in text]
        if survivors or text.count("not part of the student edition") != n_solutions:
            problems.append(f"{chapter.name}: solution text left {survivors[:2]}")
        outside = re.findall(r"\]\((?!https?:)([^)#\s]+)", text)
        missing = [link for link in outside if not (rendered_dir / link).exists()]
        if missing:
            problems.append(f"{chapter.name}: links to files not in the edition {missing[:3]}")
    with zipfile.ZipFile(rendered_dir / "evalmetrics-student-notebooks.zip") as bundle:
        names = set(bundle.namelist())
        readme = bundle.read("student/README.txt").decode("utf-8")
    wheels = {name for name in names if name.endswith(".whl")}
    assert len(wheels) == 1 and next(iter(wheels)).startswith("student/evalmetrics-"), wheels
    assert names == {f"student/{c.name}" for c in CHAPTERS} | wheels | {
        "student/README.txt",
        "student/requirements.txt",
        "student/constraints.txt",
    }
    # the README takes a student from the zip alone: venv, install, first notebook
    for step in ("-m venv .venv", "pip install -r requirements.txt", "01_why_metrics.ipynb"):
        assert step in readme, step
    assert not problems, "\n".join(problems)


#: Numbers of the prose that have an answer's digits but are another quantity, each read in
#: its sentence: (notebook, exercise, part, the number) -> what the prose's number is.
COINCIDENCES = {
    ("21_costs_thresholds.ipynb", "ch21-ex-net-benefit", "nb_model", "0.156"): (
        "the mean cost per case of a threshold tuned on one half of the test set, on the other"
    ),
    ("04_third_level.ipynb", "ch04-ex-f-values", "e2", "0.182"): (
        "F1 of the earthquake models A and B, and of a constant classifier"
    ),
    ("10_retrieval_pr.ipynb", "ch10-ex-p-at-k", "r_at_5", "0.500"): (
        "recall overstated by a list that forgets its missing items; an R-precision"
    ),
    ("12_rr_mrr.ipynb", "ch12-ex-mrr-three", "answer", "0.500"): (
        "the MRR of the chapter's three queries with the empty one counted as 0"
    ),
    ("12_rr_mrr.ipynb", "ch12-ex-one-answer", "mrr_at_3", "0.500"): "the same MRR",
    ("12_rr_mrr.ipynb", "ch12-ex-rr-undefined", "left_out", "0.500"): "the same MRR",
    ("17_confidence_intervals.ipynb", "ch17-ex-wilson", "wald_high", "0.983"): (
        "the upper end of the breast-cancer accuracy's Wilson interval"
    ),
    ("23_incomplete_judgments.ipynb", "ch23-ex-judged-range", "ap_low", "0.700"): (
        "the AP of the chapter's condensed list"
    ),
}


@pytest.mark.browser
def test_the_edition_a_student_opens_holds_no_answer(rendered_dir):
    """The numbers filled into the prose include no exercise's answer: every key value found
    is one of the listed coincidences, and every listed one is still there (no stale entry)."""
    found = set()
    for line in answers_in(rendered_dir):
        match = re.fullmatch(r"(\S+): (\S+) (\S+) = (\S+)", line)
        found.add(match.groups())
    assert found - set(COINCIDENCES) == set(), sorted(found - set(COINCIDENCES))
    assert set(COINCIDENCES) - found == set(), sorted(set(COINCIDENCES) - found)


@pytest.mark.browser
def test_the_rendered_scan_finds_an_answer_in_the_prose(rendered_dir, tmp_path):
    """The scan sees the filled-in prose: an answer planted there is found."""
    keys = json.loads((ROOT / "teacher" / "exercise_keys" / "ch23.json").read_text("utf-8"))
    exercise_id, spec = next((k, v) for k, v in keys.items() if v.get("parts"))
    answer = sorted(key_strings(next(iter(spec["parts"].values())), spec.get("decimals", 3)))[0]
    path = tmp_path / "23_incomplete_judgments.ipynb"
    notebook = json.loads((rendered_dir / path.name).read_text(encoding="utf-8"))
    notebook["cells"].insert(1, {"cell_type": "markdown", "metadata": {}, "source": answer})
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert any(exercise_id in line for line in answers_in(tmp_path))
