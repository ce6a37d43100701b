"""Write the student edition: every chapter notebook without its exercise solutions.

Usage: ``python tools/make_student.py --out _build/student`` (``make student`` does this);
``--myst`` writes the MyST sources instead (for a course that builds its own book).

The edition is what a student opens in JupyterLab, so by default it is the chapters as
``make lab`` shows them (``tools/make_lab.py``): every number of the prose filled in from an
execution of the chapter (the book's executed copy when it is fresh), citations and
cross-references as text and links, exercises as titled admonitions, hidden checks folded.
A link to a page that is not in the edition (the glossary, the conventions page) becomes its
text. Without this a student's Lab showed the bare glue keys where the numbers belong.

What is removed, per notebook:

- every solution block, from a ```` ```{solution-start} ```` line to the end of its
  ```` ```{solution-end} ```` directive, across markdown and code cells (code cells inside a
  block are dropped whole);
- the hidden check cell(s) (tagged ``remove-cell``) that directly follow a solution block:
  they assert the solution's values, which the student edition no longer computes.

In place of each solution the student gets a short note and, after a coding exercise, an empty
code cell to work in. Every other cell is kept, including the hidden checks of the documents'
values, so the student notebooks still execute top to bottom.

The zip written next to the notebooks (``evalmetrics-student-notebooks.zip``) is all a student
needs, with Python and nothing else (``tests/test_student_zip.py`` unzips it into an empty
folder, follows its README.txt and runs the notebooks):

- ``student/`` the notebooks and ``README.txt`` (which Python, the virtual environment, the
  install command, how to start Jupyter, the first notebook);
- ``student/evalmetrics-<version>-py3-none-any.whl``, the package built from the working tree
  (``pip wheel``, on a copy of the repository so the clone gets no ``build/`` folder);
- ``student/requirements.txt``: every distribution the notebooks and the package import, and
  JupyterLab (``requirements-lab.txt``), each pinned to the version ``constraints.txt`` pins,
  then the wheel by its relative path; ``student/constraints.txt`` (a copy) pins what they pull
  in, as ``make`` installs the book;
- every file a notebook reads outside the package: a string in a code cell that names an
  existing file relative to the notebook's folder is shipped at that same place relative to
  ``student/`` (``../reference/data/x.json`` -> ``reference/data/x.json``); a file inside the
  package must be in the wheel (package data), or the build stops.

``--myst`` writes only the MyST notebooks into the zip (a course that builds its own book
installs the book's toolchain instead). ``--chapters 01 02`` writes some chapters only; the
zip then holds them and every chapter an earlier run wrote to the same folder.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_lab  # noqa: E402
from notebook_source import (  # noqa: E402
    SOLUTION_END,
    SOLUTION_START,
    cell_text,
    imported_modules,
    python_source,
)

FENCE = re.compile(r"^\s*```+\s*$")


def _lines(cell: dict) -> list[str]:
    return cell_text(cell).splitlines(keepends=True)


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(text: str) -> dict:
    return {
        "cell_type": "code",
        "metadata": {},
        "source": text,
        "outputs": [],
        "execution_count": None,
    }


def strip_solutions(notebook: dict) -> tuple[dict, list[str]]:
    """Return the notebook without solutions, and the ids of the solutions removed."""
    result = copy.deepcopy(notebook)
    cells: list[dict] = []
    removed: list[str] = []
    in_solution = False
    closing_end = False  # inside the solution-end directive, waiting for its closing fence
    had_code = False
    just_closed = False
    for cell in notebook["cells"]:
        if just_closed and cell["cell_type"] == "code" and "remove-cell" in _tags(cell):
            continue  # the check of the solution just removed
        just_closed = False
        if cell["cell_type"] == "code":
            if in_solution:
                had_code = True
            else:
                cells.append(copy.deepcopy(cell))
            continue
        kept: list[str] = []
        for line in _lines(cell):
            if not in_solution:
                match = SOLUTION_START.match(line)
                if match:
                    in_solution, had_code = True, False
                    removed.append(match.group("label"))
                    continue
                kept.append(line)
                continue
            if closing_end:
                if FENCE.match(line):
                    in_solution = closing_end = False
                    just_closed = True
                    note = "*The solution is not part of the student edition.*\n"
                    kept.append("\n" + note)
                continue
            if SOLUTION_END.match(line):
                closing_end = True
                if line.rstrip().endswith("```") and line.count("```") > 1:
                    closing_end = False
                    in_solution = False
                    just_closed = True
        text = "".join(kept).strip("\n")
        if text:
            new_cell = copy.deepcopy(cell)
            new_cell["source"] = text + "\n"
            cells.append(new_cell)
        if just_closed and had_code:
            cells.append(_code("# Your code here\n"))
    if in_solution:
        raise ValueError(f"solution {removed[-1]!r} is never closed by solution-end")
    result["cells"] = cells
    for index, cell in enumerate(result["cells"]):
        cell["id"] = f"s{index:03d}"
    return result, removed


#: A Markdown link to a notebook outside the student folder (``../reference/...``).
OUTSIDE_LINK = re.compile(r"\[([^\]]+)\]\((\.\./[^)\s]+\.ipynb)\)")

#: What the zip says to the student who opens it ({python}: pyproject's requires-python).
SETUP_STEPS = """\
You need Python {python} (from python.org, or your system's package manager), and this
folder. Nothing else: the rest is installed into a virtual environment inside this folder.

1. Open a terminal in this folder (the one that holds this README.txt).

2. Make a virtual environment and activate it.

   Linux and macOS:

       python3 -m venv .venv
       source .venv/bin/activate

   Windows (PowerShell; in cmd.exe the second line is .venv\\Scripts\\activate.bat):

       py -m venv .venv
       .venv\\Scripts\\Activate.ps1

   (If PowerShell refuses to run Activate.ps1, run once:
   Set-ExecutionPolicy -Scope CurrentUser RemoteSigned, then the second line again.)

   The prompt now starts with (.venv). Check the version with: python --version

3. Install everything (a few minutes the first time; needs the internet once):

       pip install -r requirements.txt
"""

STUDENT_README = """\
Counting What Matters: the student edition
==========================================

The chapters of the book "Counting What Matters" as Jupyter notebooks, without the exercises'
solutions, and everything they need to run on your own computer:

- the notebooks (NN_name.ipynb);
- {wheel}: the book's Python package, evalmetrics;
- requirements.txt and constraints.txt: the packages to install, at the versions the book
  was tested with.

{setup}4. Start Jupyter:

       jupyter lab

   It opens in your browser. Open {first} first; the chapters go in order.

Next time: open a terminal here, activate the environment (the second line of step 2) and
run jupyter lab.

Each exercise says what to compute. Work in the empty cell below it, and check your numbers
with the self-check, which answers right or wrong for each part and never prints the answer:

    from evalmetrics.exercises import check
    check("<the exercise's label>", <part>=<your number>, ...)

The exercise's box names the label and the parts. The self-check works offline: its answers
are in the installed package, stored as salted hashes rather than as numbers. Every chapter
runs top to bottom as it is.
"""


def rendered(path: Path, student: dict, executed: dict, values_of) -> dict:
    """The student copy of ``path`` as Lab shows it (see the module's docstring)."""
    notebook = make_lab.lab_notebook(path, executed, values_of, notebook=student)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = OUTSIDE_LINK.sub(r"\1", cell_text(cell))
    return notebook


# --- what the zip carries besides the notebooks -----------------------------------------------


class BundleError(ValueError):
    """The zip cannot hold what a notebook needs (an unpinned package, a file out of reach)."""


def select_chapters(paths: list[Path], numbers: list[str] | None) -> list[Path]:
    """The notebooks whose file name starts with one of ``numbers`` ("1" is "01"); all if None."""
    if not numbers:
        return paths
    bad = [number for number in numbers if not number.isdigit()]
    if bad:
        raise BundleError(f"--chapters takes chapter numbers such as 01 or 4; got {bad}")
    wanted = {number.zfill(2) for number in numbers}
    missing = wanted - {path.name[:2] for path in paths}
    if missing:
        raise BundleError(f"--chapters: no chapter numbered {', '.join(sorted(missing))}")
    return [path for path in paths if path.name[:2] in wanted]


def imported_top_modules(source: str) -> set[str]:
    """The top-level modules a piece of Python imports (absolute imports, optional ones out)."""
    return {name.split(".")[0] for name in imported_modules(source, skip_optional=True)}


def code_sources(notebook: dict) -> list[str]:
    """The notebook's code cells as Python (IPython magics turned into calls)."""
    return [
        python_source(cell_text(cell)) for cell in notebook["cells"] if cell["cell_type"] == "code"
    ]


def package_imports(package_dir: Path) -> set[str]:
    """The top-level modules the package's own modules import (lazily too), optional ones out."""
    found: set[str] = set()
    for path in package_dir.rglob("*.py"):
        found |= imported_top_modules(path.read_text(encoding="utf-8"))
    return found


def read_pins(constraints: Path) -> dict[str, str]:
    """``constraints.txt`` as {canonical name: exact version}."""
    pins = {}
    for line in constraints.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        requirement = Requirement(line)
        versions = [spec.version for spec in requirement.specifier if spec.operator == "=="]
        if versions:
            pins[canonicalize_name(requirement.name)] = versions[0]
    return pins


def requirement_names(path: Path) -> list[str]:
    """The distribution names a requirements file lists (options and editable lines left out)."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            names.append(Requirement(line).name)
    return names


def distributions_for(modules: set[str], package: str) -> list[str]:
    """The installed distribution of each imported module (the standard library and the
    package itself left out), canonical names, sorted; a module with none is an error."""
    owners = metadata.packages_distributions()
    found, unknown = set(), []
    for module in sorted(modules):
        if module in sys.stdlib_module_names or module == package:
            continue
        if module not in owners:
            unknown.append(module)
            continue
        found.add(canonicalize_name(owners[module][0]))
    if unknown:
        raise BundleError(
            f"no installed distribution provides {unknown}: install the book's requirements "
            "(make student does) or remove the import"
        )
    return sorted(found)


def requirements_text(distributions: list[str], pins: dict[str, str], wheel_name: str) -> str:
    """requirements.txt: each distribution at its pinned version, then the wheel."""
    unpinned = [name for name in distributions if name not in pins]
    if unpinned:
        raise BundleError(f"constraints.txt pins no version of {unpinned}: run make constraints")
    lines = [
        "# What the notebooks import, at the versions the book was tested with, and JupyterLab.",
        "# Install with: pip install -r requirements.txt (see README.txt)",
        "-c constraints.txt",
        *(f"{name}=={pins[name]}" for name in distributions),
        f"./{wheel_name}",
    ]
    return "\n".join(lines) + "\n"


def build_wheel(root: Path, out: Path) -> Path:
    """A wheel of the package built from the working tree (a copy of it: pip builds in place
    and would leave a ``build/`` folder in the clone)."""
    with tempfile.TemporaryDirectory(prefix="evalmetrics-wheel-") as scratch:
        project = Path(scratch) / "project"
        shutil.copytree(
            root,
            project,
            ignore=shutil.ignore_patterns(".*", "_build", "build", "*.egg-info", "__pycache__"),
        )
        wheels = Path(scratch) / "wheels"
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        command += ["--disable-pip-version-check", "--quiet", "-w", str(wheels), str(project)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BundleError(f"pip wheel failed:\n{result.stdout}{result.stderr}")
        (built,) = wheels.glob("*.whl")
        out.mkdir(parents=True, exist_ok=True)
        target = out / built.name
        shutil.copyfile(built, target)
    return target


#: A string literal in code that may name a file (``"../reference/data/x.json"``).
PATH_LITERAL = re.compile(r"""["']([\w./-]+\.\w+)["']""")


def data_files(path: Path, notebook: dict, package_dir: Path) -> dict[str, Path]:
    """Files ``notebook`` (the student copy of ``path``) reads outside the package.

    Each string in a code cell that names an existing file relative to the notebook's folder
    (where the notebook runs) -> {its place in the zip: the file}; the notebooks sit in
    ``student/``, so ``../reference/data/x.json`` goes to ``reference/data/x.json``. A file
    inside the package is left to the wheel (:func:`check_package_data`).
    """
    found: dict[str, Path] = {}
    for source in code_sources(notebook):
        for literal in PATH_LITERAL.findall(source):
            candidate = (path.parent / literal).resolve()
            if not candidate.is_file() or package_dir in candidate.parents:
                continue
            relative = os.path.relpath(candidate, path.parent.resolve()).replace(os.sep, "/")
            place = posixpath.normpath(posixpath.join("student", relative))
            if place.startswith("../") or place == "..":
                raise BundleError(
                    f"{path.name} reads {literal!r}, which lies outside the zip's folder "
                    "(more than one level above the notebooks)"
                )
            found[place] = candidate
    return found


def package_reads(path: Path, notebook: dict, package_dir: Path) -> set[str]:
    """Files of the package a notebook names by path: they must be in the wheel."""
    found = set()
    for source in code_sources(notebook):
        for literal in PATH_LITERAL.findall(source):
            candidate = (path.parent / literal).resolve()
            if candidate.is_file() and package_dir in candidate.parents:
                found.add(candidate.relative_to(package_dir.parent).as_posix())
    return found


def check_package_data(wheel: Path, needed: set[str]) -> None:
    """Every package file a notebook names is in the wheel (package data), or an error."""
    with zipfile.ZipFile(wheel) as archive:
        missing = sorted(needed - set(archive.namelist()))
    if missing:
        raise BundleError(
            f"the notebooks read {missing}, which the wheel lacks: add them to "
            "[tool.setuptools.package-data] in pyproject.toml"
        )


def minimum_python(pyproject: Path) -> str:
    """What README.txt says: "3.11 or later" for ``requires-python = ">=3.11"``."""
    text = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["requires-python"]
    specifiers = SpecifierSet(text)
    lower = [spec.version for spec in specifiers if spec.operator == ">="]
    if len(lower) != 1 or len(specifiers) != 1:
        return text  # say it as pyproject.toml does
    return f"{lower[0]} or later"


def readme_text(wheel_name: str, python: str, first: str) -> str:
    """README.txt; ``first``: the notebook to open first (01_why_metrics.ipynb in the book)."""
    setup = SETUP_STEPS.format(python=python)
    return STUDENT_README.format(wheel=wheel_name, setup=setup.rstrip() + "\n\n", first=first)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "student")
    parser.add_argument(
        "--chapters",
        nargs="*",
        metavar="NN",
        help='chapter numbers ("01 02"); default all',
    )
    parser.add_argument(
        "--chapter-dir",
        type=Path,
        default=ROOT / "chapters",
        help="the folder of the chapter notebooks (default: chapters/)",
    )
    parser.add_argument(
        "--myst",
        action="store_true",
        help="write the MyST sources without solutions (no execution), not the Lab copy",
    )
    args = parser.parse_args(argv)
    if not args.chapter_dir.is_dir():
        parser.error(f"--chapter-dir: no folder {args.chapter_dir}")
    try:
        paths = select_chapters(sorted(args.chapter_dir.glob("*.ipynb")), args.chapters)
    except BundleError as error:
        parser.error(str(error))
    if not paths:
        parser.error(f"--chapter-dir: no notebooks in {args.chapter_dir}")

    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    if not args.myst:
        make_lab.LABELS.update(make_lab.labels())
        make_lab.EXERCISES.update(make_lab.exercise_titles())
        make_lab.CITATIONS.update(make_lab.citations())
    executed: dict[Path, dict] = {}

    def executed_notebook(path: Path) -> dict:
        path = path.resolve()
        if path not in executed:
            if ROOT in path.parents:  # the book's executed copy may serve
                executed[path] = make_lab.execute(path, make_lab.glue_keys(path))
            else:
                executed[path] = make_lab.run_notebook(path)
        return executed[path]

    def values_of(path: Path) -> dict[str, str]:
        return make_lab.glued_values(executed_notebook(path))

    written = []
    students: dict[Path, dict] = {}
    for path in paths:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        student, removed = strip_solutions(notebook)
        students[path] = student
        if not args.myst:
            student = rendered(path.resolve(), student, executed_notebook(path), values_of)
        target = out / path.name
        target.write_text(json.dumps(student, ensure_ascii=False, indent=1) + "\n", "utf-8")
        written.append(target)
        print(f"{path.name}: {len(removed)} solutions removed")
    # the zip holds every chapter written to this folder, by this run or an earlier one, so a
    # run for some chapters keeps the others
    for target in sorted(out.glob("*.ipynb")):
        source = args.chapter_dir / target.name
        if target not in written and source.exists():
            students[source] = json.loads(target.read_text(encoding="utf-8"))
            written.append(target)
            print(f"{target.name}: kept from an earlier run")
    written.sort()
    archive = out / "evalmetrics-student-notebooks.zip"
    extras: dict[str, Path | str] = {}
    if not args.myst:
        extras = bundle_extras(students, out / "wheel")
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for target in written:
            bundle.write(target, arcname=f"student/{target.name}")
        for place, content in sorted(extras.items()):
            if isinstance(content, Path):
                bundle.write(content, arcname=place)
            else:
                bundle.writestr(place, content)
    print(f"wrote {len(written)} notebooks to {out} and {archive.name}", end="")
    print(f" with {len(extras)} more files" if extras else "")


def bundle_extras(students: dict[Path, dict], wheel_dir: Path) -> dict[str, Path | str]:
    """What the zip carries besides the notebooks: {place in the zip: file or text}.

    ``students``: each chapter's path and its student copy (solutions removed, so a file only
    a solution reads is not shipped).
    """
    package_dir = ROOT / "evalmetrics"
    wheel = build_wheel(ROOT, wheel_dir)
    files: dict[str, Path] = {}
    modules = package_imports(package_dir)
    needed_package_files: set[str] = set()
    for path, notebook in students.items():
        files.update(data_files(path, notebook, package_dir))
        needed_package_files |= package_reads(path, notebook, package_dir)
        for source in code_sources(notebook):
            modules |= imported_top_modules(source)
    check_package_data(wheel, needed_package_files)
    distributions = distributions_for(modules, package_dir.name)
    jupyter = [canonicalize_name(name) for name in requirement_names(ROOT / "requirements-lab.txt")]
    distributions = sorted({*distributions, *jupyter, "ipykernel"})
    pins = read_pins(ROOT / "constraints.txt")
    python = minimum_python(ROOT / "pyproject.toml")
    extras: dict[str, Path | str] = dict(files)
    first = min(path.name for path in students)
    extras["student/README.txt"] = readme_text(wheel.name, python, first)
    extras["student/requirements.txt"] = requirements_text(distributions, pins, wheel.name)
    extras["student/constraints.txt"] = ROOT / "constraints.txt"
    extras[f"student/{wheel.name}"] = wheel
    return extras


if __name__ == "__main__":
    main()
