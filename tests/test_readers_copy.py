"""A reader's copy of every notebook runs: a visible cell never depends on a hidden one.

The book removes cells tagged ``remove-cell`` (the checks) from the page, so a reader who copies
the visible code, or downloads the notebook and deletes the checks, must still be able to run it.
A visible cell of chapter 13 once used names defined only in a hidden cell.

The check is static (``tools/cell_dependencies.py``): the cells are walked in order and every
visible cell that reads a name last bound by a hidden cell is reported. It fails on what
executing the reader's copy failed on (a ``NameError``), and also on a hidden cell that rebinds a
name a later visible cell reads (the reader's copy would then run, with other numbers), without
executing any notebook.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from cell_dependencies import readers_copy_cells, unsatisfied_reads  # noqa: E402

NOTEBOOKS = sorted((ROOT / "chapters").glob("*.ipynb")) + sorted(
    (ROOT / "reference").glob("*.ipynb")
)


def _notebook(*cells: tuple[str, tuple[str, ...]]) -> dict:
    notebook = nbformat.v4.new_notebook()
    for source, tags in cells:
        cell = nbformat.v4.new_code_cell(source)
        if tags:
            cell.metadata["tags"] = list(tags)
        notebook.cells.append(cell)
    return notebook


def problems(notebook: dict) -> list[str]:
    return unsatisfied_reads(readers_copy_cells(notebook))


def test_the_check_fails_on_a_visible_cell_that_needs_a_hidden_one():
    """The notebook that the executed check failed on with a NameError fails here too."""
    broken = _notebook(("hidden_total = 41", ("remove-cell",)), ("print(hidden_total + 1)", ()))
    found = problems(broken)
    assert len(found) == 1 and "'hidden_total'" in found[0], found


@pytest.mark.parametrize(
    "hidden, visible",
    [
        ("from evalmetrics.notebook import glue", "glue('x', 1)"),  # an import
        ("%%capture\nimport numpy as np", "np.zeros(3)"),  # inside a cell magic
        ("def helper():\n    return 1", "helper()"),  # a function
        ("for row in range(3):\n    pass", "print(row)"),  # a loop variable
        ("total = 1", "def show():\n    return total"),  # read inside a function body
        ("total = 1", "[total * i for i in range(3)]"),  # read inside a comprehension
        ("total = 1\ntotal = 2", "print(total + 1)"),
        # read before the same statement binds it: the value came from the hidden cell
        ("count = 0", "count += 1"),
        ("scores = [2, 1]", "scores = sorted(scores)"),
        ("acc = 0", "for i in range(3):\n    acc = acc + i"),
        ("flag = True", "if flag:\n    flag = False"),
        ("x = 1", "del x"),
        ("table = {}", "table['a'] = 1"),
        ("%%capture out\nprint(1)", "out.show()"),  # %%capture's variable
        ("%time t = 5", "print(t)"),  # a line magic that runs a statement
        ("%run helpers.py", "print(1)"),  # code the check cannot follow
        ("exec('z = 1')", "print(z)"),
    ],
)
def test_the_check_sees_every_way_a_name_is_bound_and_read(hidden, visible):
    assert problems(_notebook((hidden, ("remove-cell",)), (visible, ()))), (hidden, visible)


def test_the_check_fails_on_a_hidden_cell_that_changes_a_visible_value():
    """The reader's copy would run, with another value: the executed check missed this."""
    notebook = _notebook(
        ("scores = [1, 2]", ()), ("scores = [3]", ("remove-cell",)), ("len(scores)", ())
    )
    assert problems(notebook)


def test_the_check_passes_a_sound_notebook():
    sound = _notebook(
        ("import numpy as np\ntotal = 41", ()),
        ("assert total == 41\nchecked = True", ("remove-cell",)),
        ("raise ValueError('on purpose')", ("raises-exception",)),
        ("total = total + 1\nprint(total, np.pi, len([i for i in range(3)]))", ()),
        ("def f(x):\n    y = x + total\n    return y", ()),
        ("for checked in range(2):\n    print(checked)", ()),
    )
    assert problems(sound) == []


@pytest.mark.parametrize("notebook_path", NOTEBOOKS, ids=lambda path: path.stem)
def test_readers_copy_needs_no_hidden_cell(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    found = problems(notebook)
    assert not found, "\n".join([notebook_path.name, *found])


# The text column shows 80 characters of code (13px, _static/book.css); a longer line of a
# visible cell, folded or not, is cut at the right edge when the reader sees it. The browser
# test measures the built pages; this finds the line before a build.
COLUMN = 80


def long_visible_lines(notebook: nbformat.NotebookNode) -> list[str]:
    return [
        f"{cell.get('id')}: {len(line)} characters: {line.strip()[:60]}"
        for cell in notebook.cells
        if cell.cell_type == "code" and "remove-cell" not in cell.metadata.get("tags", [])
        for line in cell.source.splitlines()
        if len(line) > COLUMN
    ]


@pytest.mark.parametrize("notebook_path", NOTEBOOKS, ids=lambda p: p.stem)
def test_visible_code_fits_the_column(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    assert not long_visible_lines(notebook), long_visible_lines(notebook)


def test_the_column_check_finds_a_long_line():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("x = 1  # " + "a" * 80),
        nbformat.v4.new_code_cell("y = 2  # " + "b" * 90, metadata={"tags": ["remove-cell"]}),
    ]
    assert len(long_visible_lines(notebook)) == 1
