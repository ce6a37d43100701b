"""A chapter cell that raises must fail the book build (and so `make book` and `make test`).

The test copies the book's real `_config.yml` into a temporary folder with a one-chapter table of
contents, builds it once with a healthy chapter (which must succeed, so the test can tell a
broken set-up from a detected failure) and once with a chapter whose cell raises (which must fail).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_BOOK = Path(sys.executable).with_name("jupyter-book")


def notebook(*sources: str) -> dict:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# A chapter\n\nSome text."}]
    cells += [
        {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
        for src in sources
    ]
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def make_book(folder: Path, *sources: str) -> None:
    folder.mkdir()
    shutil.copy(ROOT / "_config.yml", folder / "_config.yml")
    shutil.copy(ROOT / "references.bib", folder / "references.bib")
    shutil.copytree(ROOT / "_ext", folder / "_ext")
    (folder / "_toc.yml").write_text("format: jb-book\nroot: intro\nchapters:\n- file: chapter\n")
    (folder / "intro.md").write_text("# A tiny book\n\nIntroduction.\n")
    (folder / "chapter.ipynb").write_text(json.dumps(notebook(*sources)))


def build(folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, IPYTHONDIR=str(ROOT / "tools" / "ipython"))
    return subprocess.run(
        [str(JUPYTER_BOOK), "build", str(folder), "-W", "-n", "--keep-going"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


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
