"""The JupyterLab copy (``tools/make_lab.py``): the book's roles resolved, hidden things folded.

Issue 12: in Lab the chapters showed raw MyST (``{glue:text}`...```, ``{cite}``, ``:label:``),
every solution and hidden check was open, and Lab's autosave wrote outputs into the tracked
notebooks. The copy fixes the first two; ``make lab`` opens the copy, never the sources.

The unit tests run the rewriting on small inputs (so they are known to fail on a raw role);
the test over every notebook runs after the build (marker ``browser``), when
``_build/jupyter_execute`` holds the executed notebooks whose glued values the copy uses.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("make_lab", ROOT / "tools" / "make_lab.py")
make_lab = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(make_lab)

# What must never reach a reader in Lab: the book's roles and directive options.
RAW_MYST = re.compile(
    r"\{(glue:text|glue|cite|cite:t|cite:p|ref|numref|term|doc)\}`"
    r"|\{(exercise|solution-start|solution-end)\}"
    r"|^:label:"
)
NOTEBOOKS = make_lab.notebook_paths()


def markdown_of(notebook: dict) -> list[str]:
    return [make_lab.cell_text(c) for c in notebook["cells"] if c["cell_type"] == "markdown"]


@pytest.fixture(scope="module", autouse=True)
def book_knowledge():
    make_lab.LABELS.update(make_lab.labels())
    make_lab.EXERCISES.update(make_lab.exercise_titles())
    make_lab.CITATIONS.update(make_lab.citations())


def test_roles_become_text_and_links():
    path = ROOT / "chapters" / "06_pr_ap.ipynb"
    resolve = make_lab.Resolver(path, {"x": "0.123456", "n": "285"})
    text = (
        "AP {glue:text}`x:.3f` on {glue:text}`n` cases {cite}`doc000,fawcett2006`, see "
        "{ref}`sec-choosing-beta` and {ref}`the errata <errata>`; {term}`precision`, "
        "{term}`APs <average precision>`; {cite:t}`doc002`."
    )
    out = make_lab.ROLE.sub(resolve, text)
    assert not RAW_MYST.search(out), out
    assert "AP 0.123 on 285 cases" in out
    assert "[Document 000 (" in out and "Fawcett, 2006]" in out
    assert "(04_third_level.ipynb)" in out  # a link to the chapter that holds the label
    assert "the errata;" in out and "precision, APs;" in out
    assert "Document 002 (Loull, 2014)" in out


def test_an_unknown_glue_key_or_label_fails_loudly():
    resolve = make_lab.Resolver(ROOT / "chapters" / "01_why_metrics.ipynb", {})
    with pytest.raises(KeyError, match="no glued value"):
        make_lab.ROLE.sub(resolve, "{glue:text}`missing:.3f`")
    with pytest.raises(KeyError, match="unknown label"):
        make_lab.ROLE.sub(resolve, "{ref}`no-such-label`")


def test_exercises_become_admonitions_and_solutions_fold():
    cells = [
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": "```{exercise}\n:label: ch04-ex-f-values\n\nCompute F1.\n```\n\n"
            "```{solution-start} ch04-ex-f-values\n:class: dropdown\n```\n\nF1 is 0.72.",
        },
        {"cell_type": "code", "metadata": {}, "source": "print(0.72)", "outputs": []},
        {"cell_type": "markdown", "metadata": {}, "source": "```{solution-end}\n```"},
        {"cell_type": "markdown", "metadata": {}, "source": "## Summary"},
    ]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            cell["source"] = make_lab.rewrite_exercises(cell["source"])
    cells.insert(3, {"cell_type": "code", "metadata": {"tags": ["remove-cell"]}, "source": "1"})
    folded = make_lab.fold_solutions(cells)
    exercise, solution = folded[0]["source"], folded[1]["source"]
    assert "{admonition} Exercise 4.1\n:class: tip\nCompute F1." in exercise
    assert "{admonition} Solution to exercise 4.1\n:class: dropdown\nF1 is 0.72." in solution
    # the solution's code is inside the dropdown, not a cell that a run would unfold
    assert "```python\nprint(0.72)\n```\n:::::" in solution
    # the check of the solution is dropped with it; the end fence is gone
    assert [make_lab.cell_text(c).strip() for c in folded[2:]] == ["## Summary"]
    assert all(c["cell_type"] == "markdown" for c in folded)
    assert not any(RAW_MYST.search(make_lab.cell_text(c)) for c in folded)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_hidden_cells_are_collapsed_in_the_sources_too(path):
    """A downloaded notebook opened in Lab folds the checks as the book removes them."""
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        jupyter = cell.get("metadata", {}).get("jupyter", {})
        if cell["cell_type"] == "code" and "remove-cell" in tags:
            assert jupyter.get("source_hidden") and jupyter.get("outputs_hidden"), cell["source"]
        if cell["cell_type"] == "code" and "hide-input" in tags:
            assert jupyter.get("source_hidden"), cell["source"]


@pytest.mark.browser
def test_every_lab_notebook_reads_without_raw_myst(tmp_path):
    """After the build: the whole copy is written, and no raw role or option survives."""
    executed = ROOT / "_build" / "jupyter_execute"
    if not executed.is_dir():
        pytest.skip("run the build first: the copy takes its values from _build/jupyter_execute")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_lab.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for source in NOTEBOOKS:
        copy = json.loads((tmp_path / source.relative_to(ROOT)).read_text(encoding="utf-8"))
        raw = [m.group(0) for text in markdown_of(copy) for m in RAW_MYST.finditer(text)]
        assert not raw, f"{source.name}: raw MyST left: {raw[:5]}"
        n_exercises = sum(make_lab.cell_text(c).count("{exercise}") for c in _cells(source))
        n_admonitions = sum(text.count(":class: tip") for text in markdown_of(copy))
        assert n_admonitions >= n_exercises
        for cell in copy["cells"]:
            if "remove-cell" in cell.get("metadata", {}).get("tags", []):
                assert cell["metadata"]["jupyter"]["outputs_hidden"]
                assert make_lab.cell_text(cell).startswith(make_lab.CAPTURE)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]
