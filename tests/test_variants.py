"""A term's own numbers: assignments built from two seeds, graded by otter and by check().

``make assignments SEED=...`` gives every exercise that varies new numbers drawn by its code
(``teacher/exercise_specs/``): statements, solution code, keys, mistakes and hints follow. Here
two chapters are built from two seeds, and for each:

- the two seeds' keys differ from each other and from the book's;
- the teacher's solutions notebook (the chapter's solution code run on the variant's numbers,
  an independent computation of the key the exercise code gives) gets full marks from otter;
- a submission with the right answers typed to the decimals asked, and one part set to the
  variant's value of a recorded mistake, loses exactly that part;
- the student's ``check()``, after the set-up cell's ``use_key``, gives the same verdict as the
  grader on every part of both submissions, and the book's key (without ``use_key``) does not
  accept the variant's answers.

A roster builds one version per student, and ``tools/grade.py`` grades each student's notebook
with their own version. These build and grade with otter-grader (marked ``slow``).
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from support import build_assignments as _build
from support import chapter_number, tiered

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "teacher")]

import exercise_specs  # noqa: E402
import make_assignments  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings(
        "ignore:The inplace keyword in DataFrame.drop:DeprecationWarning",
        "ignore:Traits should be given as instances:DeprecationWarning",
    ),
]
# named, not numbered, so that inserting a chapter still picks these
CONFIDENCE = chapter_number("confidence_intervals")
ROC_AUC = chapter_number("roc_auc")
CHAPTERS = (CONFIDENCE, ROC_AUC)
SEEDS = (11, 12)


@pytest.fixture(scope="module")
def terms(tmp_path_factory) -> dict[int, Path]:
    import otter.api  # noqa: F401  (required: the test fails without otter-grader)

    built = {}
    for seed in SEEDS:
        out = tmp_path_factory.mktemp(f"seed{seed}")
        _build(out, "--seed", str(seed), "--small-seed", "--chapters", *CHAPTERS, "--no-run-tests")
        built[seed] = out
    return built


def _variant_keys(number: str, seed: int) -> dict[str, dict]:
    """Every checked exercise's plain key in the term of ``seed``, from the exercise code."""
    specs = exercise_specs.load(f"ch{number}")
    return {
        label: spec.plain(exercise_specs.variant_params(spec, seed))
        for label, spec in specs.items()
    }


def _decimals(entry: dict) -> int:
    return entry.get("decimals", 3)


def _typed(value: float | None, decimals: int) -> str:
    """A correct rounding at the decimals asked, as a student types it (the lower one at a
    half-way value)."""
    if value is None:
        return 'float("nan")'
    scaled = Fraction(value) * 10**decimals
    low = math.floor(scaled)
    units = low if scaled - low <= Fraction(1, 2) else low + 1
    text = f"{abs(units) / 10**decimals:.{decimals}f}"
    return ("-" if units < 0 else "") + text


def _files(out: Path, number: str) -> dict[str, Path]:
    (folder,) = out.glob(f"ch{number}")
    (student,) = (folder / "student").glob("*.ipynb")
    (zip_path,) = (folder / "autograder").glob("*-autograder_*.zip")
    return {
        "student": student,
        "solutions": folder / "autograder" / student.name,
        "zip": zip_path,
        "key": folder / "student" / student.name.replace(".ipynb", "_key.json"),
    }


def _answer_cells(student: dict) -> dict[str, list[str]]:
    found = {}
    cells = student["cells"]
    for index, cell in enumerate(cells[:-1]):
        if "otter_answer_cell" not in cell.get("metadata", {}).get("tags", []):
            continue
        check = re.search(r'grader\.check\("([^"]+)"\)', "".join(cells[index + 1]["source"]))
        if check:
            found[check.group(1)] = index
    return found


def _submission(files: dict, keys: dict, wrong: tuple | None, path: Path) -> dict:
    """The student notebook with every part typed right, except ``wrong`` = (label, part,
    text); returns {(label, part): text} as typed."""
    notebook = json.loads(files["student"].read_text(encoding="utf-8"))
    typed = {}
    for label, index in _answer_cells(notebook).items():
        entry = keys[label]
        source = "".join(notebook["cells"][index]["source"])
        variables = re.findall(r"^(\w+) = \.\.\.$", source, re.M)
        assert len(variables) == len(entry["parts"]), (label, variables)
        for variable, (part, value) in zip(variables, entry["parts"].items(), strict=True):
            text = _typed(value, _decimals(entry))
            if wrong is not None and (label, part) == wrong[:2]:
                text = wrong[2]
            typed[(label, part)] = text
            source = re.sub(rf"^{variable} = .*$", f"{variable} = {text}", source, flags=re.M)
        notebook["cells"][index]["source"] = source
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return typed


def _wrong(keys: dict, specs: dict) -> tuple[str, str, str]:
    """A varying exercise's part set to the variant's value of its first recorded mistake."""
    for label, entry in keys.items():
        if specs[label].vary is not None and entry["hints"]:
            hint = entry["hints"][0]
            value = hint["value"]
            return label, hint["part"], 'float("nan")' if value is None else repr(value)
    raise AssertionError("no varying exercise with a recorded mistake")


def _check_verdicts(files: dict, typed: dict, *, use_key: bool) -> dict[tuple[str, str], bool]:
    """check()'s verdict on every typed part, run in a fresh Python in the student's folder."""
    code = f"""
import json, sys
from fractions import Fraction
from evalmetrics.exercises import check, use_key
if {use_key!r}:
    use_key({files["key"].name!r})
typed = json.loads(sys.argv[1])
by_exercise = {{}}
for key, text in typed.items():
    label, part = key.split("|")
    by_exercise.setdefault(label, {{}})[part] = eval(text)
out = {{}}
for label, parts in by_exercise.items():
    result = check(label, **parts)
    for name, line in zip(parts, result.lines):
        verdict = line if name == "answer" else line.split(": ", 1)[1]
        out[label + "|" + name] = verdict.startswith("right")
print(json.dumps(out))
"""
    argument = json.dumps({f"{k[0]}|{k[1]}": v for k, v in typed.items()})
    result = subprocess.run(
        [sys.executable, "-c", code, argument],
        capture_output=True,
        text=True,
        cwd=files["student"].parent,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return {tuple(k.split("|")): v for k, v in json.loads(result.stdout).items()}


def _variables(files: dict, keys: dict) -> dict[str, tuple[str, str]]:
    """variable -> (label, part), from the student notebook's answer cells."""
    notebook = json.loads(files["student"].read_text(encoding="utf-8"))
    found = {}
    for label, index in _answer_cells(notebook).items():
        source = "".join(notebook["cells"][index]["source"])
        variables = re.findall(r"^(\w+) = \.\.\.$", source, re.M)
        for variable, part in zip(variables, keys[label]["parts"], strict=True):
            found[variable] = (label, part)
    return found


def _gradebook(files: dict, folder: Path, out: Path) -> dict[str, dict]:
    """tools/grade.py on a folder of submissions: student -> {variable: right?, "total": ...}."""
    import csv

    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "grade.py"),
            "--autograder",
            str(files["zip"]),
            "--submissions",
            str(folder),
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    book: dict[str, dict] = {}
    for row in csv.DictReader(out.open(encoding="utf-8")):
        points, possible = float(row["points"]), float(row["possible"])
        value = (points, possible) if row["part"] == "total" else points == possible
        book.setdefault(row["student"], {})[row["part"]] = value
    return book


@pytest.mark.parametrize("number", CHAPTERS)
def test_two_seeds_give_different_keys(terms, number):
    book = {label: spec.plain() for label, spec in exercise_specs.load(f"ch{number}").items()}
    one, two = (_variant_keys(number, seed) for seed in SEEDS)
    specs = exercise_specs.load(f"ch{number}")
    varying = [label for label, spec in specs.items() if spec.vary is not None]
    assert varying, f"chapter {number} has no exercise that varies"
    for label in varying:
        assert one[label]["parts"] != book[label]["parts"]
        assert two[label]["parts"] != book[label]["parts"]
    assert any(one[label]["parts"] != two[label]["parts"] for label in varying)
    # the statement shows the variant's numbers, the key file holds no value in plain
    for seed in SEEDS:
        files = _files(terms[seed], number)
        text = files["student"].read_text(encoding="utf-8")
        spec = exercise_specs.load(f"ch{number}")[varying[0]]
        for shown in spec.texts(exercise_specs.variant_params(spec, seed)).values():
            assert shown in text
        assert json.loads(files["key"].read_text())["format"].startswith("evalmetrics-exercise")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("number", CHAPTERS)
def test_a_variants_solutions_get_full_marks(terms, number, seed):
    from otter.api import grade_submission

    files = _files(terms[seed], number)
    results = grade_submission(str(files["solutions"]), str(files["zip"]), quiet=True)
    assert results.total == results.possible > 0, results.summary()


# `make test` grades one chapter of one term with a wrong part; `make test-full` all four
@pytest.mark.parametrize(
    ("number", "seed"),
    tiered([(n, s) for s in SEEDS for n in CHAPTERS], [(ROC_AUC, 11)]),
)
def test_one_wrong_part_loses_that_part_and_check_agrees(terms, number, seed, tmp_path):
    files = _files(terms[seed], number)
    keys = _variant_keys(number, seed)
    specs = exercise_specs.load(f"ch{number}")
    wrong = _wrong(keys, specs)
    folder = tmp_path / "submissions"
    folder.mkdir()
    typed_right = _submission(files, keys, None, folder / "right.ipynb")
    typed_wrong = _submission(files, keys, wrong, folder / "wrong.ipynb")
    book = _gradebook(files, folder, tmp_path / "gradebook.csv")
    variables = _variables(files, keys)

    right_total, wrong_total = book["right"].pop("total"), book["wrong"].pop("total")
    assert right_total[0] == right_total[1] > 0, book["right"]
    assert all(book["right"].values())
    lost = [variables[v] for v, ok in book["wrong"].items() if not ok]
    assert lost == [wrong[:2]], book["wrong"]
    assert wrong_total[0] < wrong_total[1]

    for typed, student in ((typed_right, "right"), (typed_wrong, "wrong")):
        grader = {variables[v]: ok for v, ok in book[student].items()}
        assert _check_verdicts(files, typed, use_key=True) == grader
    # the book's key does not take the variant's answers: use_key is what makes them agree
    assert not all(_check_verdicts(files, typed_right, use_key=False).values())


def test_a_roster_gives_each_student_a_version_and_grade_uses_it(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student,email\nalice,a@x\nbob,b@x\n", encoding="utf-8")
    out = tmp_path / "term"
    # a class-wide build of the book's numbers first, as a teacher may have left it: neither
    # the zip nor the grading may use it once the students have versions of their own
    _build(out, "--chapters", CONFIDENCE, "--no-run-tests")
    _build(
        out,
        "--seed",
        "5",
        "--small-seed",
        "--roster",
        str(roster),
        "--chapters",
        CONFIDENCE,
        "--no-run-tests",
    )
    alice, bob = _files(out / "alice", CONFIDENCE), _files(out / "bob", CONFIDENCE)
    assert alice["key"].read_text() != bob["key"].read_text()
    import zipfile

    with zipfile.ZipFile(out / "student-assignments.zip") as bundle:
        names = set(bundle.namelist())
    setup = {"README.txt", "requirements.txt", "constraints.txt"}
    wheel = {n.split("/")[-1] for n in names if n.endswith(".whl")}
    assert len(wheel) == 1
    assert names == {f"student-assignments/{name}" for name in setup | wheel} | {
        f"student-assignments/{student}/{name}"
        for student in ("alice", "bob")
        for name in (alice["student"].name, alice["key"].name)
    }
    # each student's own zip: their notebook and key file with the set-up files, nobody else's
    for student in ("alice", "bob"):
        with zipfile.ZipFile(out / "student-zips" / f"{student}.zip") as bundle:
            own = set(bundle.namelist())
            requirements = bundle.read(f"{student}/requirements.txt").decode()
        assert own == {
            f"{student}/{name}"
            for name in setup | wheel | {alice["student"].name, alice["key"].name}
        }
        assert "otter-grader==" in requirements and f"./{next(iter(wheel))}" in requirements
    assert "alice's version" in alice["student"].read_text(encoding="utf-8")
    # one grading run: bob hands in his own solutions under a name as a platform exports it
    # (case, a space) and gets full marks from his version; alice hands in bob's solutions and
    # loses points, graded with her own version and told why; her feedback never names bob
    import csv

    submissions = tmp_path / "submissions"
    submissions.mkdir()
    (submissions / "Bob .ipynb").write_bytes(bob["solutions"].read_bytes())
    (submissions / "alice.ipynb").write_bytes(bob["solutions"].read_bytes())
    feedback = tmp_path / "feedback"
    gradebook = tmp_path / "gradebook.csv"
    _grade(
        out / f"ch{CONFIDENCE}", submissions, gradebook, "--feedback", str(feedback), "--jobs", "2"
    )
    totals = {
        row["student"].strip().lower(): row
        for row in csv.DictReader(gradebook.open(encoding="utf-8"))
        if row["part"] == "total"
    }
    assert set(totals) == {"alice", "bob"}, totals
    assert totals["bob"]["points"] == totals["bob"]["possible"], totals["bob"]
    assert float(totals["alice"]["points"]) < float(totals["alice"]["possible"])
    assert "the notebook is bob's version, graded as alice's" in totals["alice"]["note"]
    assert "bob" not in (feedback / "alice.txt").read_text(encoding="utf-8").lower()
    # a name with no version is an error, never graded with the class-wide autograder left
    # beside the roster's
    (submissions / "carol.ipynb").write_bytes(alice["solutions"].read_bytes())
    result = _grade(out / f"ch{CONFIDENCE}", submissions, tmp_path / "carol.csv", check=False)
    assert result.returncode != 0
    assert "'carol'" in result.stderr and "name each notebook after the student" in result.stderr
    assert not (tmp_path / "carol.csv").exists()


def _grade(autograder: Path, submissions: Path, out: Path, *extra: str, check: bool = True):
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "grade.py"),
            "--autograder",
            str(autograder),
            "--submissions",
            str(submissions),
            "--out",
            str(out),
            *extra,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def test_the_output_of_a_run_for_some_chapters_keeps_the_others(tmp_path):
    out = tmp_path / "asg"
    _build(out, "--chapters", CONFIDENCE, "--no-run-tests")
    _build(out, "--chapters", ROC_AUC, "--no-run-tests")
    import zipfile

    with zipfile.ZipFile(out / "student-assignments.zip") as bundle:
        names = sorted(n for n in bundle.namelist() if n.endswith(".ipynb"))
    assert [Path(n).name[:4] for n in names] == sorted(f"ch{n}" for n in CHAPTERS), names


def test_make_assignments_refuses_a_roster_without_a_seed(tmp_path):
    roster = tmp_path / "r.txt"
    roster.write_text("alice\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        make_assignments.main(["--out", str(tmp_path), "--roster", str(roster)])


def test_without_self_check_a_student_gets_no_oracle(tmp_path):
    """SELF_CHECK=no: the student notebook has no check cell and no public test, no key file
    goes to the student or the zip, the introduction says so; otter assign still grades the
    solutions with the hidden tests (the build fails otherwise)."""
    out = tmp_path / "graded"
    _build(out, "--seed", "11", "--small-seed", "--no-self-check", "--chapters", ROC_AUC)
    student = next((out / f"ch{ROC_AUC}" / "student").glob("*.ipynb"))
    notebook = json.loads(student.read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in notebook["cells"]]
    assert not any("grader.check(" in source for source in sources)
    assert not any("use_key" in source for source in sources)
    assert "This assignment has no check cells" in sources[1]
    assert not list((out / f"ch{ROC_AUC}" / "student").glob("*_key.json"))
    for test in notebook["metadata"]["otter"]["tests"].values():
        assert "@test_case" not in test, "a public test was left in the student notebook"
    import zipfile

    with zipfile.ZipFile(out / "student-assignments.zip") as bundle:
        assert not [n for n in bundle.namelist() if n.endswith("_key.json")]
    with pytest.raises(SystemExit):
        make_assignments.main(["--out", str(tmp_path / "x"), "--no-self-check"])


def test_make_assignments_refuses_a_small_seed(tmp_path, capsys):
    with pytest.raises(SystemExit):
        make_assignments.main(["--out", str(tmp_path), "--seed", "2026", "--chapters", ROC_AUC])
    assert "secrets.randbits(62)" in capsys.readouterr().err
    assert not (tmp_path / f"ch{ROC_AUC}").exists()


ALL_CHAPTERS = sorted(p.name[:2] for p in (ROOT / "chapters").glob("[0-9][0-9]_*.ipynb"))


# every chapter in one term in make test-full; make test builds the bootstrap chapter (the only
# one with negative answers) here, and the ROC AUC and confidence interval chapters above
@pytest.mark.parametrize("number", tiered(ALL_CHAPTERS, [chapter_number("bootstrap")]))
def test_every_chapter_builds_with_a_seed_and_its_solutions_get_full_marks(tmp_path, number):
    """Every exercise that varies, in one term: otter assign grades each chapter's solutions
    notebook (the chapter's solution code on the term's numbers) against the term's key, which
    the exercise code computed, and the build fails unless every question gets full marks."""
    _build(tmp_path / "term", "--seed", "2027", "--small-seed", "--chapters", number)
    built = sorted(p.name for p in (tmp_path / "term").glob("ch*"))
    assert built == [f"ch{number}"]
