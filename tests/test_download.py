"""A chapter downloaded from the book runs in a reader's own Jupyter, without myst-nb.

The download button gives the chapter's ``.ipynb``. Its first cell once imported ``myst_nb``,
which a plain Jupyter does not have: an ImportError on the first cell. The chapters now glue
through ``evalmetrics.notebook.glue``, which falls back to keeping the value.

This test builds what the README tells a reader to install (``pip install ".[notebooks]"`` plus
a kernel) in a fresh virtual environment without jupyter-book or myst-nb, and there imports
every module that any notebook imports, and every module the package imports (including the
imports inside its functions, such as scikit-learn in ``datasets``), each by its absolute name.
A kernel of that environment then runs a short notebook that imports the package and glues a
value. The chapters' computations are run by the book's build and by nbval, so no chapter is
executed a third time here, and ranx's compiled kernels are not compiled again in a new
environment. What this test does not see: a chapter that reads a file of the repository
(the conventions page reads ``../reference/data/*.json``, so a downloaded copy of it needs
those files next to it).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from notebook_source import cell_text, optional_imports, python_source  # noqa: E402

# the chapters offer their notebook for download (the reference pages read files of the repository)
NOTEBOOKS = sorted((ROOT / "chapters").glob("*.ipynb"))


def absolute_imports(source: str) -> set[str]:
    """Every absolute module a piece of Python imports, anywhere in it, except optional ones."""
    found = set()
    tree = ast.parse(source)
    optional = optional_imports(tree)
    for node in ast.walk(tree):
        if id(node) in optional:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            # ``from sklearn import metrics`` needs the submodule sklearn.metrics; a name that
            # is not a module is checked as an attribute (see missing_modules)
            found.update(f"{node.module}:{alias.name}" for alias in node.names if alias.name != "*")
    return found


def notebook_imports(path: Path) -> set[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = set()
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            found |= absolute_imports(python_source(cell_text(cell)))
    return found


def modules_a_reader_needs(notebooks: list[Path]) -> set[str]:
    modules = set().union(*(notebook_imports(path) for path in notebooks))
    for path in (ROOT / "evalmetrics").rglob("*.py"):
        modules |= absolute_imports(path.read_text(encoding="utf-8"))
    # the standard library needs no install
    return {
        name for name in modules if name.split(".")[0].split(":")[0] not in sys.stdlib_module_names
    }


def missing_modules(python: Path, modules: set[str]) -> list[str]:
    """The modules that python cannot import, with the error, one line each."""
    script = (
        "import importlib, json, sys\n"
        "bad = []\n"
        "for name in json.loads(sys.argv[1]):\n"
        "    module, _, attribute = name.partition(':')\n"
        "    try:\n"
        "        imported = importlib.import_module(module)\n"
        "        if attribute and not hasattr(imported, attribute):\n"
        "            importlib.import_module(f'{module}.{attribute}')\n"
        "    except Exception as exc:\n"
        "        bad.append(f'{name}: {type(exc).__name__}: {exc}')\n"
        "print(json.dumps(bad))\n"
    )
    result = subprocess.run(
        [str(python), "-c", script, json.dumps(sorted(modules))],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if not k.startswith("EVALMETRICS_")},
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_import_check_catches_a_chapter_that_needs_myst_nb(tmp_path):
    """The defect this test was written for, shown against the running (book) environment.

    A notebook whose first cell imports ``myst_nb`` puts ``myst_nb`` on the list; the reader's
    environment cannot import it (checked in the slow test below).
    """
    broken = tmp_path / "broken.ipynb"
    broken.write_text(
        json.dumps(
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "source": "from myst_nb import glue\nimport numpy as np",
                        "metadata": {},
                        "outputs": [],
                        "execution_count": None,
                    }
                ],
                "metadata": {},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    assert "myst_nb" in modules_a_reader_needs([broken])
    assert "myst_nb:glue" in modules_a_reader_needs([broken])
    # one interpreter for the four names (each start imports scikit-learn): two missing
    asked = {
        "sklearn:no_such_submodule",
        "sklearn:metrics",
        "numpy:pi",
        "no_such_module_for_a_reader",
    }
    missing = missing_modules(Path(sys.executable), asked)
    assert sorted(line.split(":")[0] for line in missing) == [
        "no_such_module_for_a_reader",
        "sklearn",
    ]
    assert any(line.startswith("sklearn:no_such_submodule: ") for line in missing), missing
    assert "myst_nb" not in modules_a_reader_needs(NOTEBOOKS), "a chapter imports myst_nb"


@pytest.fixture(scope="module")
def reader_python(tmp_path_factory) -> Path:
    # pip builds a local project in place (a build/ folder): install from a copy, so the
    # clone stays clean
    project = tmp_path_factory.mktemp("project") / "evalmetrics"
    shutil.copytree(
        ROOT, project, ignore=shutil.ignore_patterns(".*", "_build", "build", "*.egg-info")
    )
    home = tmp_path_factory.mktemp("reader-venv")
    # uv resolves the same extras against the same constraints as the README's pip command,
    # in seconds rather than a minute (make installs it into .venv); pip where it is not there
    uv = Path(sys.executable).with_name("uv")
    venv.create(home, with_pip=not uv.exists())
    python = home / "bin" / "python"
    if uv.exists():
        install = [str(uv), "pip", "install", "--quiet", "--python", str(python)]
    else:
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
    assert missing_modules(reader_python, {"myst_nb"}), "the reader's environment has myst_nb"


@pytest.mark.slow
def test_every_import_of_every_chapter_works_in_the_reader_environment(reader_python):
    modules = modules_a_reader_needs(NOTEBOOKS)
    assert {"evalmetrics", "numpy", "matplotlib.pyplot", "ranx"} <= modules, sorted(modules)
    missing = missing_modules(reader_python, modules)
    assert not missing, "\n".join(missing)


@pytest.mark.slow
def test_a_reader_kernel_runs_a_notebook_that_glues(reader_python, tmp_path):
    """The reader's own kernel: imports the package and glues a value without myst-nb."""
    script = (
        "import nbformat, sys\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.v4.new_notebook()\n"
        "nb.cells = [nbformat.v4.new_code_cell(\n"
        "    'import evalmetrics as em\\n'\n"
        "    'from evalmetrics.notebook import GLUED, glue\\n'\n"
        "    'glue(\"f1\", em.f1([1, 0, 1], [1, 1, 1]), display=True)\\n'\n"
        "    'assert round(GLUED[\"f1\"], 4) == 0.8')]\n"
        "NotebookClient(nb, timeout=120, kernel_name='python3').execute()\n"
        "print(nb.cells[0].outputs[0]['data']['text/plain'])\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("EVALMETRICS_")}
    env["PATH"] = f"{reader_python.parent}{os.pathsep}{env.get('PATH', '')}"
    env["IPYTHONDIR"] = str(ROOT / "tools" / "ipython")
    prefix = reader_python.parent.parent
    subprocess.run(
        [
            str(reader_python),
            "-m",
            "ipykernel",
            "install",
            "--prefix",
            str(prefix),
            "--name",
            "python3",
        ],
        check=True,
        capture_output=True,
        env=env,
    )
    env["JUPYTER_PATH"] = str(prefix / "share" / "jupyter")
    result = subprocess.run(
        [str(reader_python), "-c", script],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert result.stdout.strip().startswith("0.8"), result.stdout
