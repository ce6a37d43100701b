"""The student edition's zip is all a student needs: unzip, follow README.txt, run the chapters.

``tools/make_student.py`` writes the zip for two chapters (``--chapters``) from a copy of the
chapters folder, in which the second chapter ends with a hidden cell that reads
``../reference/data/claims.json``, as a chapter's hidden cell once read a file of the repository
that the zip did not carry. The zip is unzipped into an empty folder; a fresh virtual
environment is made and installed there with the commands README.txt gives for Linux and macOS
(parsed from it, so the test follows the README, not a copy of it); and the notebooks run in
that environment's own Jupyter (``jupyter nbconvert --execute``). pip may use the machine's
cache and the package registry, nothing else. A zip without the wheel fails the install, one
without a data file or a requirement fails a cell.

The tests that build and install are marked ``slow`` (about three minutes in all with a warm
pip cache: the two chapters execute once to fill in the prose, then the install and the run).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from support import tiered

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from make_student import BundleError, check_package_data, data_files  # noqa: E402

ZIP_NAME = "evalmetrics-student-notebooks.zip"
CHOSEN = ["01_why_metrics.ipynb", "02_first_level.ipynb"]
LEFT_OUT = "03_second_level.ipynb"
DATA = "reference/data/claims.json"  # what the planted cell reads, relative to the book's root
READS_DATA = (
    "import json\n"
    f'with open("../{DATA}", encoding="utf-8") as handle:\n'
    "    planted_claims = json.load(handle)\n"
    "assert planted_claims\n"
)


def _notebook_reading(*sources: str) -> dict:
    cells = [{"cell_type": "code", "metadata": {}, "source": source} for source in sources]
    return {"cells": cells}


def test_a_file_a_notebook_reads_goes_where_the_notebook_looks_for_it(tmp_path):
    (tmp_path / "chapters").mkdir()
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "runs.json").write_text("{}")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "keys.json").write_text("{}")
    chapter = tmp_path / "chapters" / "01_x.ipynb"
    notebook = _notebook_reading(
        'open("../data/runs.json")',  # shipped at data/runs.json, beside student/
        'open("../pkg/keys.json")',  # package data: left to the wheel
        'open("../data/missing.json")',  # no such file: not a read of a file
    )
    found = data_files(chapter, notebook, tmp_path / "pkg")
    assert found == {"data/runs.json": tmp_path / "data" / "runs.json"}
    (tmp_path / "outside.json").write_text("{}")
    deeper = tmp_path / "chapters" / "part" / "01_y.ipynb"
    deeper.parent.mkdir()
    with pytest.raises(BundleError, match="outside the zip's folder"):
        data_files(deeper, _notebook_reading('open("../../outside.json")'), tmp_path / "pkg")


def test_a_package_file_the_wheel_lacks_stops_the_build(tmp_path):
    wheel = tmp_path / "evalmetrics-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("evalmetrics/exercise_keys/ch01.json", "{}")
    check_package_data(wheel, {"evalmetrics/exercise_keys/ch01.json"})
    with pytest.raises(BundleError, match="package-data"):
        check_package_data(wheel, {"evalmetrics/formulas.json"})


@pytest.fixture(scope="module")
def unzipped(tmp_path_factory) -> Path:
    """The zip for chapters 01 and 02, unzipped into an empty folder."""
    book = tmp_path_factory.mktemp("book")
    chapters = book / "chapters"
    chapters.mkdir()
    for name in [*CHOSEN, LEFT_OUT]:
        shutil.copyfile(ROOT / "chapters" / name, chapters / name)
    second = json.loads((chapters / CHOSEN[1]).read_text(encoding="utf-8"))
    second["cells"].append(
        {
            "cell_type": "code",
            "id": "planted-data-read",
            "metadata": {"tags": ["remove-cell"]},
            "source": READS_DATA,
            "outputs": [],
            "execution_count": None,
        }
    )
    (chapters / CHOSEN[1]).write_text(json.dumps(second, indent=1), encoding="utf-8")
    (book / DATA).parent.mkdir(parents=True)
    shutil.copyfile(ROOT / DATA, book / DATA)

    out = tmp_path_factory.mktemp("student")
    command = [sys.executable, str(ROOT / "tools" / "make_student.py"), "--out", str(out)]
    command += ["--chapter-dir", str(chapters), "--chapters", "01", "2"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]

    folder = tmp_path_factory.mktemp("unzipped")
    assert not any(folder.iterdir())
    with zipfile.ZipFile(out / ZIP_NAME) as archive:
        archive.extractall(folder)
    return folder


def code_blocks(readme: str) -> list[tuple[str, list[str]]]:
    """README.txt's command blocks (lines indented 7+ spaces, or 4+ outside a numbered step),
    each with the last line of prose before it."""
    blocks: list[tuple[str, list[str]]] = []
    prose, current = "", None
    for line in readme.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent >= 7 or (indent >= 4 and not prose.startswith("   ")):
            if current is None:
                current = (prose.strip(), [])
                blocks.append(current)
            current[1].append(line.strip())
        else:
            prose, current = line, None
    return blocks


def readme_commands(readme: str) -> dict[str, list[str]]:
    """The Linux/macOS venv block, the install block and the Jupyter block of README.txt."""
    blocks = code_blocks(readme)
    venv_blocks = [lines for before, lines in blocks if "Linux and macOS" in before]
    install = [lines for _, lines in blocks if any("pip install" in line for line in lines)]
    jupyter = [lines for _, lines in blocks if lines and lines[0].startswith("jupyter ")]
    assert len(venv_blocks) == 1, f"README.txt: no single Linux/macOS block in {blocks}"
    assert len(install) == 1, f"README.txt: no single install block in {blocks}"
    assert len(jupyter) == 1, f"README.txt: no single command that starts Jupyter in {blocks}"
    activate = [line for line in venv_blocks[0] if "activate" in line]
    assert activate, f"README.txt: the Linux/macOS block activates nothing: {venv_blocks[0]}"
    return {
        "venv": venv_blocks[0],
        "activate": activate,
        "install": install[0],
        "jupyter": jupyter[0],
    }


def student_shell_env(home: Path) -> dict[str, str]:
    """The test's environment as a student's fresh terminal: no active venv, no variables of
    the book, an empty Jupyter data folder (so only the new venv's kernel is found)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("EVALMETRICS_", "JUPYTER", "IPYTHON"))
        and name not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"}
    }
    venv_bin = str(Path(sys.prefix) / "bin")
    env["PATH"] = os.pathsep.join(
        part for part in env.get("PATH", "").split(os.pathsep) if part != venv_bin
    )
    env["JUPYTER_DATA_DIR"] = str(home / "jupyter-data")
    env["IPYTHONDIR"] = str(home / "ipython")
    return env


def bash(lines: list[str], cwd: Path, env: dict[str, str], timeout: int = 900):
    script = "set -e\n" + "\n".join(lines) + "\n"
    return subprocess.run(
        ["bash", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.mark.slow
def test_the_zip_holds_the_notebooks_the_package_and_what_they_read(unzipped):
    student = unzipped / "student"
    assert sorted(path.name for path in student.glob("*.ipynb")) == CHOSEN  # 03 not chosen
    wheels = [path.name for path in student.glob("evalmetrics-*.whl")]
    assert len(wheels) == 1, sorted(path.name for path in student.iterdir())
    requirements = (student / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert f"./{wheels[0]}" in requirements
    named = [line for line in requirements if line and not line.startswith(("#", "-", "./"))]
    unpinned = [line for line in named if not re.fullmatch(r"[\w.-]+==[\w.+!-]+", line)]
    assert not unpinned, f"requirements.txt: not pinned exactly: {unpinned}"
    # chapters 01 and 02 import these (read from their first cells), Jupyter runs them
    names = {line.split("==")[0].lower() for line in named}
    assert {"numpy", "matplotlib", "scikit-learn", "jupyterlab", "ipykernel"} <= names, names
    assert (unzipped / DATA).read_bytes() == (ROOT / DATA).read_bytes()


@pytest.mark.slow
def test_the_readme_says_which_python_the_venv_the_install_and_the_first_notebook(unzipped):
    readme = (unzipped / "student" / "README.txt").read_text(encoding="utf-8")
    required = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "requires-python"
    ]
    assert required == ">=3.11", f"pyproject.toml changed: update this test ({required})"
    assert "Python 3.11 or later" in readme
    commands = readme_commands(readme)
    assert commands["venv"] == ["python3 -m venv .venv", "source .venv/bin/activate"]
    assert commands["install"] == ["pip install -r requirements.txt"]
    assert commands["jupyter"] == ["jupyter lab"]
    assert r".venv\Scripts\Activate.ps1" in readme  # Windows
    assert "Open 01_why_metrics.ipynb first" in readme
    assert "offline" in readme


@pytest.mark.slow
# the README's commands as they are (pip: about 40 s) in make test-full; make test runs the
# same commands with the install done by uv (the same requirements and constraints, seconds)
@pytest.mark.parametrize("installer", tiered(["pip", "uv"], ["uv"]))
def test_the_notebooks_run_in_a_fresh_venv_installed_as_the_readme_says(
    unzipped, tmp_path, installer
):
    # a copy of the unzipped folder for each installer: a venv of its own
    student = shutil.copytree(unzipped, tmp_path / "unzipped", symlinks=True) / "student"
    commands = readme_commands((student / "README.txt").read_text(encoding="utf-8"))
    if installer == "uv":
        uv = Path(sys.executable).with_name("uv")
        if not uv.exists():
            pytest.fail(f"no uv beside {sys.executable}: make installs it (constraints.txt)")
        commands["install"] = [
            line.replace("pip install", f"{uv} pip install", 1) for line in commands["install"]
        ]
    env = student_shell_env(tmp_path)

    made = bash(commands["venv"], student, env, timeout=300)
    assert made.returncode == 0, (made.stdout + made.stderr)[-3000:]
    assert (student / ".venv" / "bin" / "python").exists()

    installed = bash(commands["activate"] + commands["install"], student, env)
    assert installed.returncode == 0, (installed.stdout + installed.stderr)[-3000:]

    # the package and the kernel are the new environment's, not the book's
    where = bash(
        [
            *commands["activate"],
            'python -c "import evalmetrics, sys; print(evalmetrics.__file__); print(sys.prefix)"',
            "jupyter kernelspec list --json",
        ],
        student,
        env,
        timeout=120,
    )
    assert where.returncode == 0, where.stderr[-3000:]
    package_file, prefix, *rest = where.stdout.splitlines()
    venv = (student / ".venv").resolve()
    assert Path(package_file).resolve().is_relative_to(venv), package_file
    assert Path(prefix).resolve() == venv, prefix
    kernels = json.loads("\n".join(rest))["kernelspecs"]
    assert Path(kernels["python3"]["resource_dir"]).resolve().is_relative_to(venv), kernels

    executed = tmp_path / "executed"
    run = bash(
        [
            *commands["activate"],
            "jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=600 "
            f"--output-dir {executed} " + " ".join(CHOSEN),
        ],
        student,
        env,
    )
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    for name in CHOSEN:
        notebook = json.loads((executed / name).read_text(encoding="utf-8"))
        errors = [
            output
            for cell in notebook["cells"]
            for output in cell.get("outputs", [])
            if output.get("output_type") == "error"
        ]
        assert not errors, f"{name}: {errors[:1]}"
        ran = [c for c in notebook["cells"] if c["cell_type"] == "code" and "".join(c["source"])]
        assert ran and all(cell.get("execution_count") for cell in ran), f"{name}: not all ran"
