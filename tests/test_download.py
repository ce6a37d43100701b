"""A chapter downloaded from the book runs in a reader's own Jupyter, without myst-nb.

Issue 12: the download button gives the chapter's ``.ipynb``, whose first cell imported
``myst_nb``; in a plain Jupyter that is an ImportError. The chapters now glue through
``evalmetrics.notebook.glue``. This test builds what the README tells a reader to install
(``pip install ".[notebooks]"`` plus a kernel), in a fresh virtual environment without
jupyter-book or myst-nb, and runs two chapters there as they are downloaded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ["04_third_level.ipynb", "11_dcg_ndcg.ipynb"]


@pytest.fixture(scope="module")
def reader_python(tmp_path_factory) -> Path:
    # pip builds a local project in place (a build/ folder): install from a copy, so the
    # clone stays clean
    project = tmp_path_factory.mktemp("project") / "evalmetrics"
    shutil.copytree(
        ROOT, project, ignore=shutil.ignore_patterns(".*", "_build", "build", "*.egg-info")
    )
    home = tmp_path_factory.mktemp("reader-venv")
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(
        [
            *install,
            "-c",
            str(ROOT / "constraints.txt"),
            f"{project}[notebooks]",
            "ipykernel",
            "nbclient",
            "nbformat",
        ],
        check=True,
        capture_output=True,
    )
    return python


@pytest.mark.slow
def test_the_reader_environment_has_no_myst_nb(reader_python):
    result = subprocess.run(
        [str(reader_python), "-c", "import myst_nb"], capture_output=True, text=True
    )
    assert result.returncode != 0 and "No module named 'myst_nb'" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", CHAPTERS)
def test_a_downloaded_chapter_runs_without_the_book(reader_python, name, tmp_path):
    script = (
        "import nbformat, sys\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "NotebookClient(nb, timeout=600, kernel_name='python3',\n"
        "               resources={'metadata': {'path': sys.argv[2]}}).execute()\n"
        "print('ran', len(nb.cells), 'cells')\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("EVALMETRICS_")}
    env["PATH"] = f"{reader_python.parent}{os.pathsep}{env.get('PATH', '')}"
    env["IPYTHONDIR"] = str(ROOT / "tools" / "ipython")
    # the reader's kernel is the reader's python, not the book's
    subprocess.run(
        [
            str(reader_python),
            "-m",
            "ipykernel",
            "install",
            "--prefix",
            str(reader_python.parent.parent),
            "--name",
            "python3",
        ],
        check=True,
        capture_output=True,
        env=env,
    )
    env["JUPYTER_PATH"] = str(reader_python.parent.parent / "share" / "jupyter")
    result = subprocess.run(
        [str(reader_python), "-c", script, str(ROOT / "chapters" / name), str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert result.stdout.startswith("ran ")
