"""The student edition (make student): no solution survives, and every notebook still runs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
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


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.stem)
def test_student_notebooks_execute(student_dir, chapter):
    notebook = nbformat.read(student_dir / chapter.name, as_version=4)
    env_frames = os.environ.pop("EVALMETRICS_STATIC_FRAMES", None)
    try:
        NotebookClient(
            notebook,
            timeout=300,
            kernel_name="python3",
            resources={"metadata": {"path": str(ROOT / "chapters")}},
        ).execute()
    finally:
        if env_frames is not None:
            os.environ["EVALMETRICS_STATIC_FRAMES"] = env_frames
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors
