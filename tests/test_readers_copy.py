"""A reader's copy of every notebook runs: a visible cell never depends on a hidden one.

The book removes cells tagged ``remove-cell`` (the checks) from the page, so a reader who copies
the visible code, or downloads the notebook and deletes the checks, must still be able to run it.
Issue 11 found a visible cell of chapter 10 that used names defined only in a hidden cell.

Each notebook is executed with its ``remove-cell`` cells dropped. Cells tagged
``raises-exception`` may raise (they demonstrate an error on purpose); any other error fails,
naming the cell and the exception.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "chapters").glob("*.ipynb")) + sorted(
    (ROOT / "reference").glob("*.ipynb")
)


def readers_copy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook as a reader sees it: without the cells the book removes."""
    result = copy.deepcopy(notebook)
    hidden = "remove-cell"
    result.cells = [cell for cell in result.cells if hidden not in cell.metadata.get("tags", [])]
    return result


def run_readers_copy(notebook: nbformat.NotebookNode, path: Path) -> list[str]:
    """Execute the reader's copy; return a description of each failure (empty: it runs)."""
    copy_ = readers_copy(notebook)
    frames = os.environ.pop("EVALMETRICS_STATIC_FRAMES", None)
    try:
        NotebookClient(
            copy_, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path)}}
        ).execute()
    except CellExecutionError as exc:
        lines = str(exc).strip().splitlines()
        return [f"a visible cell fails without the hidden ones: {exc.ename}: {exc.evalue}"] + lines[
            :12
        ]
    finally:
        if frames is not None:
            os.environ["EVALMETRICS_STATIC_FRAMES"] = frames
    return []


def _cell(source: str, tags: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def test_the_check_fails_on_a_visible_cell_that_needs_a_hidden_one(tmp_path):
    """The check can fail: a deliberately broken notebook is caught, a sound one passes."""
    broken = nbformat.v4.new_notebook()
    broken.cells = [
        _cell("hidden_total = 41", tags=("remove-cell",)),
        _cell("print(hidden_total + 1)"),
    ]
    failures = run_readers_copy(broken, tmp_path)
    assert failures and "NameError" in failures[0], failures

    sound = nbformat.v4.new_notebook()
    sound.cells = [
        _cell("total = 41"),
        _cell("assert total == 41", tags=("remove-cell",)),
        _cell("raise ValueError('on purpose')", tags=("raises-exception",)),
        _cell("print(total + 1)"),
    ]
    assert run_readers_copy(sound, tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("notebook_path", NOTEBOOKS, ids=lambda path: path.stem)
def test_readers_copy_executes(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    failures = run_readers_copy(notebook, notebook_path.parent)
    assert not failures, "\n".join([notebook_path.name, *failures])
