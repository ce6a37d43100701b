"""Grade a folder of submitted notebooks with an assignment's autograder and write a gradebook.

Usage::

    .venv/bin/python tools/grade.py --autograder _build/assignments/ch07 \\
        --submissions submissions/ch07 --out gradebook-ch07.csv [--timeout 300] [--jobs 1]

``--autograder`` is what ``tools/make_assignments.py`` wrote for one chapter: the chapter's
folder (``_build/assignments/chNN``, whose ``autograder/`` holds one autograder zip) or the zip
itself. Assignments built with one version per student (``make assignments SEED=...
ROSTER=...``) live in ``_build/assignments/<student>/chNN``: given ``--autograder
_build/assignments/chNN``, which then does not exist, each student's notebook is graded with
the autograder of their own version, and a student without one is an error.
``--submissions`` is a folder of ``.ipynb`` files, one per student; the file name without
``.ipynb`` is the student (``alice.ipynb`` -> ``alice``). Names starting with "." (``.DS_Store``,
``.ipynb_checkpoints``) are skipped; anything else that is not a notebook is an error, so a zip
the export cell wrote is unzipped first, never graded silently as nothing.

Each notebook is graded by otter-grader itself (``otter.api.grade_submission``, what
``otter run`` does: no Docker, the Python of the venv it runs in), in a process of its own, one
at a time (``--jobs N`` for N at a time). What happens to a submission that does not behave:

- **never ends**: after ``--timeout`` seconds (default 300) its grading process and every process
  it started (the notebook's kernel) are killed. Every part gets 0 and the note says so. The
  others are graded as usual. Otter's own timeout belongs to ``otter grade`` (Docker) only.
- **raises in a cell**: otter runs every cell and ignores errors (its default), then runs the
  tests. A part whose variable was set gets its points; a part whose variable was never set
  (its cell raised before the assignment) gets 0, with the test's error (``NameError: name
  'auc' is not defined``). The student's total row names the cell that raised.
- **cannot be graded at all** (not a notebook otter can read, another assignment's notebook):
  every part 0, with otter's error in the note.

The gradebook is a CSV in long format, one row per graded part and one total row per student,
with the columns ``student, question, part, points, possible, note``. ``question`` is otter's
question (the exercise label, ``ch07-ex-flip``), ``part`` the answer variable the part's hidden
test grades (``constant``), ``possible`` the part's points from the autograder. The total row has
``question`` empty and ``part`` = ``total``. ``note`` is empty for a right part, the test's error
line for a wrong one (with the book's hint when there is one), and on the total row what went
wrong with the notebook as a whole. Students are in name order, questions in the notebook's
order. Written (manual) questions have no test in the autograder, so they are not in the CSV:
otter leaves them out of its totals too.

A wide table (a student per row) is one pandas call away::

    pandas.read_csv("gradebook.csv").pivot_table(
        index="student", columns=["question", "part"], values="points")

``--feedback DIR`` also writes each student's feedback (otter's summary of every test, as the
student would read it after the grades are published) to ``DIR/<student>.txt``, with the notes
meant for the student (a timeout, a crash); whose version a notebook is goes to the gradebook
only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
COLUMNS = ["student", "question", "part", "points", "possible", "note"]
DEFAULT_TIMEOUT = 300


class UsageError(ValueError):
    """Bad input: the message names the argument."""


# --- what the autograder asks ----------------------------------------------------------------


@dataclass
class Part:
    question: str
    part: str  # the answer variable(s) the test case grades
    case: str  # the test case's name in otter's results ("ch07-ex-flip - 3")
    possible: float


def find_autograder(path: Path) -> Path:
    """The autograder zip: ``path`` itself, or the one zip in ``path/autograder/``."""
    if not path.exists():
        raise UsageError(f"--autograder: {path} does not exist")
    if path.is_file():
        if path.suffix != ".zip" or not zipfile.is_zipfile(path):
            raise UsageError(f"--autograder: {path} is not a zip file")
        return path
    zips = sorted((path / "autograder").glob("*-autograder_*.zip"))
    if len(zips) != 1:
        raise UsageError(
            f"--autograder: {path} must be a chapter's folder of `make assignments` "
            f"(chNN/, with one autograder/*-autograder_*.zip) or the zip; found {len(zips)} zips"
        )
    return zips[0]


def _roster_key(name: str) -> str:
    """A student's name as the roster match compares it: case and spacing ignored."""
    return " ".join(name.split()).casefold()


def autograders(path: Path, students: list[str]) -> dict[str, Path]:
    """Each student's autograder zip. With one version per student (a roster build: some
    ``<assignments>/<name>/chNN`` exists, when ``path`` is ``<assignments>/chNN``), each
    student's own, matched by name with case and spacing ignored, even if a class-wide ``path``
    exists too (an earlier build); a student with no version of their own is an error, never
    graded with the class-wide one. Without a roster build, the chapter's one autograder."""
    if path.suffix == ".zip" or not path.parent.is_dir():
        return dict.fromkeys(students, find_autograder(path))
    versions = {
        _roster_key(folder.name): folder / path.name
        for folder in sorted(path.parent.iterdir())
        if (folder / path.name).is_dir()
    }
    if not versions:
        return dict.fromkeys(students, find_autograder(path))
    found, missing = {}, []
    for student in students:
        folder = versions.get(_roster_key(student))
        if folder is None:
            missing.append(student)
        else:
            found[student] = find_autograder(folder)
    if missing:
        raise UsageError(
            f"--autograder: {path.parent} holds one version of {path.name} per student, and"
            f" none is {', '.join(repr(m) for m in missing)}: name each notebook after the"
            " student as the roster does (case and spaces do not matter), or grade it alone"
            f" with --autograder {path.parent}/<student>/{path.name}"
        )
    return found


def autograder_version(zip_path: Path) -> dict:
    """The version of the numbers an autograder grades (see ``make_assignments.version_of``):
    from the term's key file in the zip; the book's numbers when it has none."""
    with zipfile.ZipFile(zip_path) as bundle:
        for name in bundle.namelist():
            if re.fullmatch(r"(?:files/)?ch\d\d_[\w-]+_key\.json", name):
                return json.loads(bundle.read(name)).get("version", {})
    return {"term": None, "student": None}


def submission_version(notebook: Path) -> dict | None:
    """The version a submitted notebook says it is (its metadata), or None if it says none."""
    try:
        metadata = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
    except (OSError, ValueError):
        return None
    version = metadata.get("evalmetrics", {}).get("version")
    return version if isinstance(version, dict) else None


def version_note(student: str, notebook: Path, zip_path: Path) -> str:
    """A note when the submission is not the version its autograder grades: another student's
    notebook, or the book's (or another term's) numbers. Its metadata can be edited, so this
    is a teacher's warning, not a proof."""
    theirs, ours = submission_version(notebook), autograder_version(zip_path)
    if theirs is None:
        return ""
    if theirs.get("student") and _roster_key(theirs["student"]) != _roster_key(student):
        return f"the notebook is {theirs['student']}'s version, graded as {student}'s"
    if theirs.get("term") != ours.get("term"):
        which = "the book's numbers" if theirs.get("term") is None else "another term's numbers"
        return f"the notebook has {which}, not those its autograder grades"
    return ""


def autograded_parts(zip_path: Path) -> list[Part]:
    """Every test case worth points in the autograder, read by otter's own test-file parser.
    Only the tests the book wrote run here (not a student's code)."""
    from otter.nbmeta_config import NBMetadataConfig
    from otter.test_files import create_test_file

    parts = []
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(zip_path) as bundle:
        names = sorted(n for n in bundle.namelist() if re.fullmatch(r"tests/[^/]+\.py", n))
        if not names:
            raise UsageError(f"--autograder: {zip_path} holds no tests/*.py: not an autograder")
        for name in names:
            bundle.extract(name, tmp)
            test_file = create_test_file(str(Path(tmp) / name), NBMetadataConfig())
            for case in test_file.test_cases:
                if case.points:
                    parts.append(Part(test_file.name, _variables(case), case.name, case.points))
    return parts


def _variables(case) -> str:
    """The variables a test case grades: its function's arguments (otter passes the student's
    values of those names), else the case's name."""
    import inspect

    function = getattr(case.body, "test_func", case.body)  # otter's test_case decorator
    try:
        names = [n for n in inspect.signature(function).parameters if n != "env"]
    except (TypeError, ValueError):
        names = []
    return ", ".join(names) or case.name


def assignment_name(zip_path: Path) -> str | None:
    """The assignment's name in the autograder's otter_config.json (``ch07_roc_auc``)."""
    with zipfile.ZipFile(zip_path) as bundle:
        try:
            return json.loads(bundle.read("otter_config.json")).get("assignment_name")
        except (KeyError, ValueError):
            return None


# --- the submissions --------------------------------------------------------------------------


def submissions(folder: Path) -> dict[str, Path]:
    """student -> notebook, for every ``.ipynb`` in ``folder``; anything else is an error."""
    if not folder.exists():
        raise UsageError(f"--submissions: folder {folder} does not exist")
    if not folder.is_dir():
        raise UsageError(f"--submissions: {folder} is not a folder")
    found, other = {}, []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_file() and entry.suffix == ".ipynb":
            found[entry.stem] = entry
        else:
            other.append(entry.name)
    if other:
        raise UsageError(
            f"--submissions: {folder} holds {len(other)} entries that are not notebooks: "
            f"{', '.join(other)}. Put only .ipynb files there, one per student (unzip the zips "
            "the export cell writes first)"
        )
    if not found:
        raise UsageError(f"--submissions: {folder} holds no .ipynb files")
    return found


def question_order(notebooks: list[Path], questions: list[str]) -> list[str]:
    """The questions in the order the notebooks check them (``grader.check("...")``), the rest
    by name."""
    order: list[str] = []
    for path in notebooks:
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError, AttributeError):
            continue
        for cell in cells:
            source = cell.get("source", "") if isinstance(cell, dict) else ""
            source = "".join(source) if isinstance(source, list) else str(source)
            for label in re.findall(r"grader\.check\(\s*[\"']([^\"']+)[\"']", source):
                if label in questions and label not in order:
                    order.append(label)
    return order + sorted(set(questions) - set(order))


# --- grading one notebook ---------------------------------------------------------------------

WORKER = (
    "import sys; sys.path.insert(0, sys.argv[1]); import grade; "
    "grade.grade_in_this_process(*sys.argv[2:])"
)


def grade_in_this_process(zip_path: str, notebook: str, out: str) -> None:
    """Grade one notebook with otter and write what the gradebook needs as JSON to ``out``.
    Runs in a child process of :func:`grade_one`, which enforces the timeout."""
    import warnings

    from otter.api import grade_submission

    warnings.simplefilter("ignore")  # otter 7.0.0's DeprecationWarnings under pandas 3
    results = grade_submission(notebook, zip_path, quiet=True)
    cases = {}
    for name in results.results:
        test_file = results.get_result(name)
        for result in test_file.test_case_results:
            message = (result.message or "").strip()
            cases[f"{name}/{result.test_case.name}"] = {
                "passed": bool(result.passed),
                "points": float(result.test_case.points or 0),
                "message": message.splitlines()[-1] if message else "",
            }
    errors = []
    for cell in (results.notebook or {}).get("cells", []):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                first = "".join(cell.get("source", "")).strip().splitlines() or [""]
                errors.append(f"{output['ename']}: {output['evalue']} (in `{first[0][:60]}`)")
    data = {
        "cases": cases,
        "scores": {name: float(results.get_score(name)) for name in results.results},
        "errors": errors,
        "catastrophic": repr(results.catastrophic_error) if results.catastrophic_error else "",
        "summary": results.summary(),
    }
    Path(out).write_text(json.dumps(data), encoding="utf-8")


def _notebook_name(notebook: Path) -> str:
    """The file name the notebook's otter initialisation cell names, else its own."""
    found = re.search(
        r"otter\.Notebook\(\s*\\?[\"']([^\"'\\]+\.ipynb)", notebook.read_text("utf-8")
    )
    return Path(found.group(1)).name if found else notebook.name


@dataclass
class Graded:
    student: str
    cases: dict = field(default_factory=dict)  # "question/case" -> passed, points, message
    note: str = ""
    summary: str = ""
    teacher_note: str = ""  # whose version the notebook is: the gradebook's, not the student's


def _kill_tree(pid: int) -> None:
    """Kill the grading process and everything it started, by process id. The kernel runs in a
    session of its own (jupyter_client starts it so), so killing the process group is not
    enough: psutil (installed with IPython, which otter needs) lists the descendants."""
    import psutil

    try:
        parent = psutil.Process(pid)
        family = [*parent.children(recursive=True), parent]
    except psutil.NoSuchProcess:
        return
    for process in family:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(family, timeout=10)


def grade_one(zip_path: Path, student: str, notebook: Path, timeout: float) -> Graded:
    """Grade one notebook in a child process; kill it and every process it started after
    ``timeout`` seconds."""
    with tempfile.TemporaryDirectory(prefix="grade-") as tmp:
        out = Path(tmp) / "result.json"
        log = Path(tmp) / "log.txt"
        # otter's and Jupyter's temporary files go where this function removes them, even
        # when the process is killed
        env = dict(os.environ, TMPDIR=tmp, JUPYTER_RUNTIME_DIR=tmp)
        # graded under the name its otter.Notebook("...") cell opens, as the student handed it in
        # (alice.ipynb would make that cell raise FileNotFoundError)
        copy = Path(tmp) / "submission" / _notebook_name(notebook)
        copy.parent.mkdir()
        shutil.copyfile(notebook, copy)
        command = [sys.executable, "-c", WORKER, str(TOOLS), str(zip_path.resolve())]
        command += [str(copy), str(out)]
        with open(log, "w", encoding="utf-8") as log_file:
            process = subprocess.Popen(
                command, stdout=log_file, stderr=subprocess.STDOUT, env=env, cwd=tmp
            )
            try:
                code = process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                _kill_tree(process.pid)
                process.wait()
                return Graded(student, note=f"did not finish within {timeout:g} s: graded 0")
            except BaseException:  # Ctrl-C or any other stop: leave no kernel running
                _kill_tree(process.pid)
                raise
        if code != 0 or not out.exists():
            lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
            reason = lines[-1].strip() if lines else f"exit code {code}"
            return Graded(student, note=f"could not be graded: {reason}")
        data = json.loads(out.read_text(encoding="utf-8"))
    notes = []
    if data["catastrophic"]:
        notes.append(f"otter could not grade it: {data['catastrophic']}")
    notes += [f"a cell raised {error}" for error in data["errors"]]
    version = version_note(student, notebook, zip_path)
    return Graded(student, data["cases"], "; ".join(notes), data["summary"], version)


# --- the gradebook ----------------------------------------------------------------------------


def _number(value: float) -> str:
    return f"{value:g}"


def gradebook_rows(parts: list[Part], graded: list[Graded], order: list[str]) -> list[dict]:
    rank = {question: i for i, question in enumerate(order)}
    ordered = sorted(parts, key=lambda p: rank.get(p.question, len(rank)))  # stable: case order
    rows = []
    for result in sorted(graded, key=lambda g: g.student):
        total = possible = 0.0
        for part in ordered:
            case = result.cases.get(f"{part.question}/{part.case}")
            points = part.possible if case and case["passed"] else 0.0
            note = case["message"] if case and not case["passed"] else ""
            rows.append(
                {
                    "student": result.student,
                    "question": part.question,
                    "part": part.part,
                    "points": _number(points),
                    "possible": _number(part.possible),
                    "note": note,
                }
            )
            total += points
            possible += part.possible
        rows.append(
            {
                "student": result.student,
                "question": "",
                "part": "total",
                "points": _number(total),
                "possible": _number(possible),
                "note": "; ".join(n for n in (result.teacher_note, result.note) if n),
            }
        )
    return rows


def write_gradebook(path: Path, rows: list[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--autograder",
        required=True,
        type=Path,
        help="a chapter's folder of `make assignments` (chNN/) or its autograder zip",
    )
    parser.add_argument(
        "--submissions",
        required=True,
        type=Path,
        help="a folder of .ipynb files, one per student, named after the student",
    )
    parser.add_argument("--out", required=True, type=Path, help="the gradebook CSV to write")
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds one notebook may take, otter's start-up included ({DEFAULT_TIMEOUT})",
    )
    parser.add_argument("--jobs", type=int, default=1, help="notebooks graded at a time")
    parser.add_argument("--feedback", type=Path, help="also write DIR/<student>.txt")
    args = parser.parse_args(argv)
    try:
        if args.timeout <= 0:
            raise UsageError(f"--timeout must be a number of seconds > 0; got {args.timeout:g}")
        if args.jobs < 1:
            raise UsageError(f"--jobs must be an integer >= 1; got {args.jobs}")
        if not args.out.parent.is_dir():
            raise UsageError(f"--out: folder {args.out.parent} does not exist")
        students = submissions(args.submissions)
        zips = autograders(args.autograder, sorted(students))
        zip_path = zips[min(zips)] if zips else find_autograder(args.autograder)
        parts = autograded_parts(zip_path)
        for student, other in zips.items():  # every version has the same questions and points
            if other != zip_path and autograded_parts(other) != parts:
                raise UsageError(f"--autograder: {student}'s version has other questions")
    except UsageError as error:
        parser.error(str(error))
    order = question_order(list(students.values()), sorted({p.question for p in parts}))
    versions = len(set(zips.values())) if zips else 1
    which = zip_path.name if versions == 1 else f"each student's own version ({versions})"
    print(f"grading {len(students)} notebooks with {which}, {args.timeout:g} s each at most")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(grade_one, zips.get(student, zip_path), student, path, args.timeout)
            for student, path in students.items()
        ]
        graded = []
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            graded.append(result)
            said = "; ".join(n for n in (result.teacher_note, result.note) if n)
            print(f"  {result.student}: {said or 'graded'}", flush=True)
    rows = gradebook_rows(parts, graded, order)
    write_gradebook(args.out, rows)
    if args.feedback:
        args.feedback.mkdir(parents=True, exist_ok=True)
        for result in graded:
            text = result.summary + (f"\n\nNote: {result.note}\n" if result.note else "")
            (args.feedback / f"{result.student}.txt").write_text(text, encoding="utf-8")
    for row in rows:
        if row["part"] == "total":
            print(f"{row['student']}: {row['points']} / {row['possible']}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
