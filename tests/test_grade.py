"""tools/grade.py: a folder of submitted notebooks graded by otter into a gradebook CSV.

Chapter 7's assignment (three exercises, five parts of 1 point: 7.1 ``tpr`` and ``fpr``, 7.2
``auc``, 7.3 ``flipped`` and ``constant``) is built by tools/make_assignments.py, and four
submissions are made from its solutions notebook:

- ``correct``: the solutions notebook as it is: 5 of 5;
- ``one_wrong``: a cell after 7.3's answer cell sets ``constant = 0.0`` (a recorded mistake):
  that part 0, 4 of 5;
- ``crashes``: 7.2's answer cell raises before it sets ``auc``: ``auc`` 0, the rest graded,
  4 of 5, and the total row names the error;
- ``asleep``: a cell after the set-up that waits for ever (``time.sleep``, so that the test
  does not hold a core until the timeout): killed at the timeout, every
  part 0, the others graded as usual. Its name sorts first, so grade.py starts it first and
  grades the other three beside it (two at a time): the run takes the timeout, not the
  timeout and a grading more.

The expected points below are the assignment's, written by hand, not read from grade.py. The
test that grades (marked ``slow``) needs otter-grader (requirements-teach.txt); the tests of bad
input need nothing but the tool.
"""

from __future__ import annotations

import copy
import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import build_assignments, chapter_number

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402

ROC_AUC = chapter_number("roc_auc")  # the assignment graded below
TIMEOUT = 35  # seconds a notebook; a correct one takes 7 s on an idle machine, 10-20 s in make test

# The assignment's questions in notebook order, and the points of each part (1 each). The part
# names are the answer variables, read from the built notebook (tools/make_assignments.py names
# them); which part each submission loses is written here by position.
QUESTIONS = {"ch07-ex-roc-point": 2, "ch07-ex-auc-pairs": 1, "ch07-ex-flip": 2}
LOST = {  # student -> the (question, part position) that get 0
    "correct": set(),
    "one_wrong": {("ch07-ex-flip", 1)},
    "crashes": {("ch07-ex-auc-pairs", 0)},
    "asleep": {(q, i) for q, n in QUESTIONS.items() for i in range(n)},
}


def _expected(variables: dict[str, list[str]]) -> list[tuple[str, ...]]:
    """(student, question, part, points, possible) rows, with a total row per student."""
    rows = []
    for student in sorted(LOST):
        for question, count in QUESTIONS.items():
            for position in range(count):
                points = "0" if (question, position) in LOST[student] else "1"
                rows.append((student, question, variables[question][position], points, "1"))
        rows.append((student, "", "total", str(5 - len(LOST[student])), "5"))
    return rows


def _code_cell(source: str) -> dict:
    return {
        "cell_type": "code",
        "id": f"added-{abs(hash(source)) % 10**8}",
        "metadata": {},
        "source": source,
        "outputs": [],
        "execution_count": None,
    }


def _check_index(cells: list[dict], label: str) -> int:
    """The index of the cell ``grader.check("<label>")``; the answer cell is the one before."""
    (index,) = [
        i for i, c in enumerate(cells) if f'grader.check("{label}")' in "".join(c["source"])
    ]
    return index


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[list[dict], str, dict[str, list[str]]]:
    pytest.importorskip("otter", reason="needs otter-grader: requirements-teach.txt")
    tmp = tmp_path_factory.mktemp("grade")
    _build(tmp / "a")
    chapter = tmp / "a" / f"ch{ROC_AUC}"
    (solutions,) = (chapter / "autograder").glob("*.ipynb")
    notebook = json.loads(solutions.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    answer_cells = {label: _check_index(cells, label) - 1 for label in QUESTIONS}
    variables = {
        label: re.findall(r"^(\w+) = .*# SOLUTION$", "".join(cells[index]["source"]), re.M)
        for label, index in answer_cells.items()
    }
    assert {k: len(v) for k, v in variables.items()} == QUESTIONS, variables

    folder = tmp / "submissions"
    folder.mkdir()

    def write(student: str, changed: dict) -> None:
        (folder / f"{student}.ipynb").write_text(json.dumps(changed), encoding="utf-8")

    write("correct", notebook)
    one_wrong = copy.deepcopy(notebook)
    wrong = _code_cell(f"{variables['ch07-ex-flip'][1]} = 0.0\n")  # AUC 0.0 for a constant
    one_wrong["cells"].insert(answer_cells["ch07-ex-flip"] + 1, wrong)
    write("one_wrong", one_wrong)
    crashes = copy.deepcopy(notebook)
    cell = crashes["cells"][answer_cells["ch07-ex-auc-pairs"]]
    cell["source"] = "raise RuntimeError('stopped here')\n" + "".join(cell["source"])
    write("crashes", crashes)
    asleep = copy.deepcopy(notebook)
    setup = next(i for i, c in enumerate(cells) if "".join(c["source"]).startswith("# Set-up"))
    asleep["cells"].insert(setup + 1, _code_cell("import time\n\nwhile True:\n    time.sleep(1)\n"))
    write("asleep", asleep)

    out = tmp / "gradebook.csv"
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "grade.py"),
            "--autograder",
            str(chapter),
            "--submissions",
            str(folder),
            "--out",
            str(out),
            "--timeout",
            str(TIMEOUT),
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    with open(out, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == ["student", "question", "part", "points", "possible", "note"]
        return list(reader), result.stdout, variables


def _build(out: Path) -> None:
    build_assignments(out, "--chapters", ROC_AUC, "--no-run-tests")


@pytest.mark.slow
def test_the_gradebook_has_the_assignments_points(graded):
    rows, _, variables = graded
    got = [(r["student"], r["question"], r["part"], r["points"], r["possible"]) for r in rows]
    assert got == _expected(variables)


@pytest.mark.slow
def test_the_notes_say_what_went_wrong(graded):
    rows, printed, variables = graded
    notes = {(r["student"], r["part"]): r["note"] for r in rows if r["note"]}
    constant, auc = variables["ch07-ex-flip"][1], variables["ch07-ex-auc-pairs"][0]
    assert set(notes) == {
        ("one_wrong", constant),
        ("crashes", auc),
        ("crashes", "total"),
        ("asleep", "total"),
    }, notes
    assert "not quite" in notes[("one_wrong", constant)]
    assert "RuntimeError: stopped here" in notes[("crashes", "total")]
    assert notes[("asleep", "total")] == f"did not finish within {TIMEOUT} s: graded 0"
    assert "asleep: 0 / 5" in printed and "correct: 5 / 5" in printed


# --- bad input: the error names the argument (no otter needed) -------------------------------


def _error(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        grade.main(list(argv))
    assert stop.value.code == 2
    return capsys.readouterr().err


def test_a_missing_submissions_folder_is_named(tmp_path, capsys):
    err = _error(
        capsys, "--autograder", str(tmp_path), "--submissions", str(tmp_path / "nope"),
        "--out", str(tmp_path / "g.csv"),
    )  # fmt: skip
    assert "--submissions: folder" in err and "does not exist" in err, err


def test_an_empty_submissions_folder_is_named(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / ".DS_Store").write_text("")
    err = _error(
        capsys, "--autograder", str(tmp_path), "--submissions", str(tmp_path / "empty"),
        "--out", str(tmp_path / "g.csv"),
    )  # fmt: skip
    assert "--submissions:" in err and "no .ipynb files" in err, err


def test_a_file_that_is_not_a_notebook_is_named(tmp_path, capsys):
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "alice.ipynb").write_text("{}")
    (folder / "bob.zip").write_bytes(b"PK")
    err = _error(
        capsys, "--autograder", str(tmp_path), "--submissions", str(folder),
        "--out", str(tmp_path / "g.csv"),
    )  # fmt: skip
    assert "--submissions:" in err and "bob.zip" in err and "alice" not in err, err


def test_an_autograder_that_is_not_one_is_named(tmp_path, capsys):
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "alice.ipynb").write_text("{}")
    err = _error(
        capsys, "--autograder", str(tmp_path / "ch07"), "--submissions", str(folder),
        "--out", str(tmp_path / "g.csv"),
    )  # fmt: skip
    assert "--autograder:" in err and "does not exist" in err, err
    err = _error(
        capsys, "--autograder", str(folder), "--submissions", str(folder),
        "--out", str(tmp_path / "g.csv"),
    )  # fmt: skip
    assert "--autograder:" in err and "found 0 zips" in err, err


def test_a_timeout_that_is_not_positive_is_named(tmp_path, capsys):
    err = _error(
        capsys, "--autograder", str(tmp_path), "--submissions", str(tmp_path),
        "--out", str(tmp_path / "g.csv"), "--timeout", "0",
    )  # fmt: skip
    assert "--timeout must be" in err, err
