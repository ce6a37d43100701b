"""A tiny book with the real configuration, for the tests that build one (not a test module).

``start_book`` copies the book's ``_config.yml``, ``references.bib``, ``_ext/`` (and the
``tools/notebook_source.py`` it imports) into a new folder with an introduction and the given
table of contents; ``notebook`` writes a chapter; ``build`` runs
``jupyter-book build -W -n --keep-going`` on it as ``make book`` does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_BOOK = Path(sys.executable).with_name("jupyter-book")


def notebook(title: str, *sources: str) -> dict:
    """A notebook: a Markdown cell with the title, then one code cell per source."""
    cells = [
        {"cell_type": "markdown", "id": "m0", "metadata": {}, "source": f"# {title}\n\nSome text."}
    ]
    cells += [
        {
            "cell_type": "code",
            "id": f"c{index}",
            "metadata": {},
            "source": src,
            "outputs": [],
            "execution_count": None,
        }
        for index, src in enumerate(sources)
    ]
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(path: Path, title: str, *sources: str) -> None:
    path.write_text(json.dumps(notebook(title, *sources)))


def start_book(folder: Path, pages: list[str]) -> None:
    """A new folder holding the book's configuration, an introduction and a toc of ``pages``."""
    folder.mkdir()
    shutil.copy(ROOT / "_config.yml", folder / "_config.yml")
    shutil.copy(ROOT / "references.bib", folder / "references.bib")
    shutil.copytree(ROOT / "_ext", folder / "_ext", ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "tools").mkdir(exist_ok=True)  # fresh_notebooks reads code with tools' module
    shutil.copy(ROOT / "tools" / "notebook_source.py", folder / "tools" / "notebook_source.py")
    toc = "".join(f"- file: {page}\n" for page in pages)
    (folder / "_toc.yml").write_text(f"format: jb-book\nroot: intro\nchapters:\n{toc}")
    (folder / "intro.md").write_text("# A tiny book\n\nIntroduction.\n")


def build(folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, IPYTHONDIR=str(ROOT / "tools" / "ipython"))
    return subprocess.run(
        [str(JUPYTER_BOOK), "build", str(folder), "-W", "-n", "--keep-going"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
