"""A chapter cell that raises must fail the book build (and so `make book` and `make test`).

The test copies the book's real `_config.yml` into a temporary folder with a one-chapter table of
contents, builds it once with a healthy chapter (which must succeed, so the test can tell a
broken set-up from a detected failure) and once with a chapter whose cell raises (which must fail).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tiny_book import JUPYTER_BOOK, build, start_book, write_notebook  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def make_book(folder: Path, *sources: str) -> None:
    start_book(folder, ["chapter"])
    write_notebook(folder / "chapter.ipynb", "A chapter", *sources)


@pytest.mark.slow
def test_a_raising_cell_fails_the_build(tmp_path):
    assert JUPYTER_BOOK.exists(), f"jupyter-book not found next to {sys.executable}"

    healthy = tmp_path / "healthy"
    make_book(healthy, "x = 1 + 1\nprint(x)")
    result = build(healthy)
    assert result.returncode == 0, "the healthy copy must build:\n" + result.stdout[-3000:]

    broken = tmp_path / "broken"
    make_book(broken, "x = 1 + 1", "raise RuntimeError('a deliberately failing cell')")
    result = build(broken)
    output = result.stdout + result.stderr
    assert result.returncode != 0, "a raising cell must fail the build:\n" + output[-3000:]
    assert "deliberately failing cell" in output, output[-3000:]
