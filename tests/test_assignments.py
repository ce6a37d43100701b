"""The graded assignments (``make assignments``, tools/make_assignments.py, otter-grader).

Every chapter's assignment is built once, in a temporary folder, by the same tool the Makefile
runs (without its own grading of the solutions, which the first test below does). Then, for
every chapter with checked exercises, three submissions are graded offline with otter-grader's
own grader (``otter.api.grade_submission``, what ``otter run`` does; no Docker):

1. the teacher's solutions notebook gets full marks;
2. a student notebook whose answers are the correct values rounded to exactly the requested
   decimals, typed as a student would (0.562 for 9/16; at a half-way value the lower rounding
   here and the upper one in submission 3) gets full marks;
3. the same with one part wrong (a hint's value from the key, else the exact value times 1.1)
   loses exactly that part's points, and the feedback Gradescope would show shows the hint.

The expected scores come from the answer keys and the chapters' metadata, not from otter.
Manual (written) questions have no test file: otter leaves them out of ``total`` and
``possible`` altogether, and the expected totals here leave them out too.

The tests that build or grade (marked ``slow``) need otter-grader (requirements-teach.txt);
without it they fail and say so. The others check the tool's pieces and need no otter.
"""

from __future__ import annotations

import ast
import copy
import json
import math
import re
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from support import build_assignments as _build
from support import chapter_number, tiered

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import make_assignments  # noqa: E402

# otter 7.0.0 under pandas 3 warns on every run; it is otter's, not the book's
pytestmark = pytest.mark.filterwarnings(
    "ignore:The inplace keyword in DataFrame.drop:DeprecationWarning",
    "ignore:Traits should be given as instances:DeprecationWarning",
)
slow = pytest.mark.slow

KEYS = make_assignments.load_keys()
CHAPTERS = sorted({label[2:4] for label in KEYS})
# The chapters whose assignments `make test` grades with otter (`make test-full` grades all):
# between them every kind of answer a key holds (type, decimals, sign, undefined), each
# chapter three runs of otter; `test_the_quick_chapters_hold_every_kind_of_answer` checks it.
# Named, not numbered, so that inserting a chapter still picks these. The static checks of
# every chapter's files run in both.
GRADED_QUICK = tuple(
    chapter_number(name)
    for name in (
        "why_metrics",  # an undefined (NaN) answer; ints and floats at 3 and 4 decimals
        "auc_in_practice",  # 2 decimals (the only chapter with them), 3 and 4
        "bootstrap",  # negative answers (the only chapter with any)
        "many_datasets",  # an int at 0 decimals
    )
)


def _answer_kind(value, decimals: int) -> tuple[str, int, str]:
    """What grading an answer depends on: its type, its decimals, its sign or undefined."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ("undefined", decimals, "")
    return (type(value).__name__, decimals, "negative" if value < 0 else "")


def _kinds(number: str) -> set[tuple[str, int, str]]:
    return {
        _answer_kind(value, key.get("decimals", 3))
        for label, key in KEYS.items()
        if label[2:4] == number
        for value in key["parts"].values()
    }


def test_the_quick_chapters_hold_every_kind_of_answer():
    every = set().union(*(_kinds(number) for number in CHAPTERS))
    quick = set().union(*(_kinds(number) for number in GRADED_QUICK))
    assert every - quick == set(), f"no chapter of GRADED_QUICK holds {every - quick}"
    assert _answer_kind(-0.5, 4) != _answer_kind(0.5, 4) != _answer_kind(None, 4)


# The chapter of the bpref exercise (a written question beside checked ones), which several
# tests below grade
BPREF_CHAPTER = chapter_number("incomplete_judgments")
NOT_INSTALLED = (
    "otter-grader is not installed, so the assignments cannot be built or graded: run "
    "`make assignments` (it installs requirements-teach.txt), or "
    "`.venv/bin/pip install -c constraints.txt -r requirements-teach.txt`"
)


def _otter():
    try:
        import otter.api
    except ImportError:
        pytest.fail(NOT_INSTALLED)
    return otter


def _chapter_path(number: str, folder: Path = ROOT / "chapters") -> Path:
    (path,) = folder.glob(f"{number}_*.ipynb")
    return path


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    _otter()
    out = tmp_path_factory.mktemp("assignments")
    _build(out, "--no-run-tests")
    return out


def _files(built: Path, number: str) -> dict[str, Path]:
    folder = built / f"ch{number}"
    (student,) = (folder / "student").glob("*.ipynb")
    (zip_path,) = (folder / "autograder").glob("*-autograder_*.zip")
    return {
        "student": student,
        "solutions": folder / "autograder" / student.name,
        "zip": zip_path,
        "master": folder / "master" / student.name,
    }


# --- what the keys and the chapters say -----------------------------------------------------


def _chapter_exercises(number: str, folder: Path = ROOT / "chapters") -> list[dict]:
    """The chapter's exercises in order: label, raw statement, metadata points."""
    notebook = json.loads(_chapter_path(number, folder).read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        for match in re.finditer(r"```\{exercise\}[^\n]*\n(.*?)\n```", text, re.S):
            label = re.search(r":label:\s*(\S+)", match.group(1)).group(1)
            meta = cell.get("metadata", {}).get("exercise", {})
            meta = meta.get(label, meta)
            found.append(
                {"label": label, "statement": match.group(1), "points": meta.get("points")}
            )
    return found


def _part_points(exercise: dict) -> dict[str, float]:
    points = {part: 1 for part in KEYS[exercise["label"]]["parts"]}
    points.update(exercise["points"] or {})
    return points


def _checked(number: str) -> list[dict]:
    return [e for e in _chapter_exercises(number) if e["label"] in KEYS]


def _roundings(value: float | None, decimals: int) -> list[str]:
    """The correct roundings of the key's value at the requested decimals, as typed text:
    both at a half-way value (with a 1e-9 unit slack for the float the key stores)."""
    if value is None:
        return ['float("nan")']
    scaled = Fraction(value) * 10**decimals
    low = math.floor(scaled)
    texts = []
    for units in (low, low + 1):
        if abs(scaled - units) <= Fraction(1, 2) + Fraction(1, 10**9):
            digits = str(abs(units)).rjust(decimals + 1, "0")
            text = digits[:-decimals] + "." + digits[-decimals:] if decimals else digits
            texts.append(("-" if units < 0 else "") + text)
    assert texts, (value, decimals)
    return texts


def _wrong_part(number: str) -> tuple[str, str, str, object]:
    """(label, part, typed wrong value, hint text or None) for the chapter's third submission."""
    from evalmetrics.exercises import grade_answer

    for exercise in _checked(number):
        key = KEYS[exercise["label"]]
        for hint in key["hints"]:
            expected = key["parts"][hint["part"]]
            value = math.nan if hint["value"] is None else hint["value"]
            typed = 'float("nan")' if hint["value"] is None else repr(hint["value"])
            if not grade_answer(value, expected, decimals=key["decimals"])[0]:
                return exercise["label"], hint["part"], typed, hint["hint"]
    exercise = _checked(number)[0]
    part, value = next(iter(KEYS[exercise["label"]]["parts"].items()))
    return exercise["label"], part, repr((value or 1) * 1.1), None


# --- submissions ----------------------------------------------------------------------------


def _answer_cells(student: dict) -> dict[str, tuple[int, list[str]]]:
    """label -> (index of its answer cell, the variables it sets, in the key's part order)."""
    found = {}
    cells = student["cells"]
    for index, cell in enumerate(cells[:-1]):
        tags = cell.get("metadata", {}).get("tags", [])
        if cell["cell_type"] != "code" or "otter_answer_cell" not in tags:
            continue
        check = re.search(r'grader\.check\("([^"]+)"\)', "".join(cells[index + 1]["source"]))
        if check:
            variables = re.findall(r"^(\w+) = \.\.\.$", "".join(cell["source"]), re.M)
            found[check.group(1)] = (index, variables)
    return found


def _submission(files: dict, tmp_path: Path, answers: dict[tuple[str, str], str]) -> Path:
    """The student notebook with typed answers: (label, part) -> source text of the value."""
    student = json.loads(files["student"].read_text(encoding="utf-8"))
    submission = copy.deepcopy(student)
    cells = _answer_cells(student)
    for (label, part), text in answers.items():
        index, variables = cells[label]
        parts = list(KEYS[label]["parts"])
        assert len(variables) == len(parts), (label, variables)
        variable = variables[parts.index(part)]
        source = "".join(submission["cells"][index]["source"])
        source = re.sub(rf"^{variable} = .*$", f"{variable} = {text}", source, flags=re.M)
        submission["cells"][index]["source"] = source
    path = tmp_path / files["student"].name
    path.write_text(json.dumps(submission), encoding="utf-8")
    return path


def _grade(path: Path, files: dict):
    from otter.api import grade_submission

    return grade_submission(str(path), str(files["zip"]), quiet=True)


def _typed_answers(number: str, pick: int) -> dict[tuple[str, str], str]:
    answers = {}
    for exercise in _checked(number):
        key = KEYS[exercise["label"]]
        for part, value in key["parts"].items():
            texts = _roundings(value, key["decimals"])
            answers[(exercise["label"], part)] = texts[min(pick, len(texts) - 1)]
    return answers


def _expected(number: str) -> dict[str, float]:
    return {e["label"]: sum(_part_points(e).values()) for e in _checked(number)}


def _scores(results) -> dict[str, float]:
    return {name: results.get_result(name).score for name in results.results}


@slow
@pytest.mark.parametrize("number", tiered(CHAPTERS, GRADED_QUICK))
def test_solutions_notebook_gets_full_marks(built, number):
    files = _files(built, number)
    results = _grade(files["solutions"], files)
    expected = _expected(number)
    assert _scores(results) == expected, results.summary()
    assert (results.total, results.possible) == (sum(expected.values()),) * 2


@slow
@pytest.mark.parametrize("number", tiered(CHAPTERS, GRADED_QUICK))
def test_correct_roundings_typed_by_a_student_get_full_marks(built, number, tmp_path):
    files = _files(built, number)
    results = _grade(_submission(files, tmp_path, _typed_answers(number, pick=0)), files)
    expected = _expected(number)
    assert _scores(results) == expected, results.summary()
    assert results.total == sum(expected.values())


@slow
@pytest.mark.parametrize("number", tiered(CHAPTERS, GRADED_QUICK))
def test_one_wrong_part_loses_its_points_and_shows_the_hint(built, number, tmp_path):
    from otter.run import AutograderConfig

    files = _files(built, number)
    label, part, typed, hint = _wrong_part(number)
    answers = _typed_answers(number, pick=1)  # the upper rounding at half-way values
    answers[(label, part)] = typed
    results = _grade(_submission(files, tmp_path, answers), files)
    expected = _expected(number)
    lost = _part_points(next(e for e in _checked(number) if e["label"] == label))[part]
    expected[label] -= lost
    assert _scores(results) == expected, results.summary()
    assert results.total == results.possible - lost
    with zipfile.ZipFile(files["zip"]) as bundle:
        config = json.loads(bundle.read("otter_config.json"))
    gradescope = results.to_gradescope_dict(AutograderConfig(config))
    (shown,) = [test for test in gradescope["tests"] if test["name"] == label]
    assert shown["visibility"] == "after_published"
    if hint is not None:
        assert hint in shown["output"], shown["output"]
    assert "not quite" in shown["output"]
    # the failing line shown is the assertion, not the call that holds the expected value
    assert "grade_hashed(" not in shown["output"] and "_right" in shown["output"]
    # the public test grades too: a wrong answer is never "passed"
    (public,) = [t for t in gradescope["tests"] if t["name"] == f"{label} - 1"] or [shown]
    assert "passed" not in public["output"].split("- 2 result")[0], public["output"]


def _with_cell(path: Path, after: int, source: str) -> Path:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cell = {"cell_type": "code", "id": "patched", "metadata": {}, "source": source, "outputs": []}
    cell["execution_count"] = None
    notebook["cells"].insert(after + 1, cell)
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def _setup_index(path: Path) -> int:
    student = json.loads(path.read_text(encoding="utf-8"))
    return next(i for i, c in enumerate(student["cells"]) if "import" in "".join(c["source"])[:400])


@slow
def test_a_submission_that_redefines_the_grader_still_loses_its_points(built, tmp_path):
    """The hidden tests carry the rule's source: a submission that replaces the package's
    grading code in a cell changes nothing (a folder named evalmetrics in an upload, the other
    way to replace it, is covered by the next test: no test imports the package). And
    ``check()`` works in the autograder's copy of the package."""
    number = BPREF_CHAPTER
    files = _files(built, number)
    label, part, typed, hint = _wrong_part(number)
    answers = _typed_answers(number, pick=0)
    answers[(label, part)] = typed
    path = _submission(files, tmp_path, answers)
    _with_cell(
        path,
        _setup_index(path),
        "import evalmetrics.exercises as _ex\n"
        "from evalmetrics.exercises import check\n"
        f"_guess = {{p: 0.5 for p in {list(KEYS[label]['parts'])!r}}}\n"
        f"print('self-check:', check({label!r}, **_guess))\n"
        "_ex.grade_hashed = lambda *args, **kwargs: (True, 'right')\n"
        "_ex.grade_answer = lambda *args, **kwargs: (True, 'right')\n",
    )
    results = _grade(path, files)
    expected = _expected(number)
    expected[label] -= _part_points(next(e for e in _checked(number) if e["label"] == label))[part]
    assert _scores(results) == expected, results.summary()
    printed = [
        output.get("text", "")
        for cell in results.notebook["cells"]
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream"
    ]
    assert any("self-check:" in text and "not quite" in text for text in printed), printed


@slow
def test_an_answer_that_is_an_object_of_its_own_loses_its_points_without_running(built, tmp_path):
    """An answer of a class of the student's own (which could look for the expected value while
    it is graded: its methods would run in the grader's process) is refused without any of its
    methods being called, and the part loses its points with a message naming its type."""
    number = BPREF_CHAPTER
    files = _files(built, number)
    label, part = next((e["label"], p) for e in _checked(number) for p in KEYS[e["label"]]["parts"])
    flag = tmp_path / "called.txt"
    answers = _typed_answers(number, pick=0)
    answers[(label, part)] = "_Sly()"
    path = _submission(files, tmp_path, answers)
    methods = "".join(
        f"    def {name}(self, *args):\n"
        f"        open({str(flag)!r}, 'a').write({name!r})\n"
        f"        return {result}\n"
        for name, result in [
            ("__float__", "0.5"),
            ("__eq__", "True"),
            ("__ne__", "False"),
            ("__repr__", "'0.5'"),
            ("__str__", "'0.5'"),
            ("__index__", "0"),
            ("__round__", "0.5"),
        ]
    )
    _with_cell(path, _setup_index(path), f"class _Sly:\n{methods}    __hash__ = object.__hash__\n")
    results = _grade(path, files)
    expected = _expected(number)
    expected[label] -= _part_points(next(e for e in _checked(number) if e["label"] == label))[part]
    assert _scores(results) == expected, results.summary()
    assert not flag.exists(), flag.read_text()
    import feedback_screenshot

    text = feedback_screenshot.feedback(results, files["zip"], label)
    assert "must be a number" in text and "of type __main__._Sly" in text, text


@slow
def test_no_test_imports_anything_a_submission_could_replace(built):
    for zip_path in sorted(built.glob("ch*/autograder/*-autograder_*.zip")):
        with zipfile.ZipFile(zip_path) as bundle:
            tests = [n for n in bundle.namelist() if n.startswith("tests/")]
            assert tests, zip_path.name
            for name in tests:
                text = bundle.read(name).decode("utf-8")
                imported = set(re.findall(r"^\s*(?:from|import) (\w+)", text, re.M))
                allowed = {"otter", "importlib", "os", "sys"}
                if "hidden=False" in text:  # the public test (0 points): the student's package
                    public = text.split("hidden=False")[1].split("@test_case")[0]
                    assert "import evalmetrics.exercises as _rule" in public
                    allowed.add("evalmetrics")
                hidden = "".join(t.split("@test_case")[0] for t in text.split("hidden=True")[1:])
                assert "evalmetrics" not in set(
                    re.findall(r"^\s*(?:from|import) (\w+)", hidden, re.M)
                )
                assert imported <= allowed, (
                    zip_path.name,
                    name,
                    imported,
                )
            keys = [n for n in bundle.namelist() if "exercise_keys/" in n and n.endswith(".json")]
            assert keys, f"{zip_path.name}: check() needs the hashed keys"
            for name in keys:
                assert json.loads(bundle.read(name))["format"] == make_assignments.HASHED_FORMAT


@slow
def test_the_teachers_page_quotes_the_feedback_otter_gives(built, tmp_path):
    """The feedback block on the teachers page is what otter writes for the submission that
    tools/feedback_screenshot.py pictures (exercise 23.1's bpref set to a common mistake)."""
    import feedback_screenshot

    files = _files(built, BPREF_CHAPTER)
    student = json.loads(files["student"].read_text(encoding="utf-8"))
    submission, hint = feedback_screenshot.answered(student, KEYS)
    path = tmp_path / files["student"].name
    path.write_text(json.dumps(submission), encoding="utf-8")
    text = feedback_screenshot.feedback(_grade(path, files), files["zip"])
    assert hint in text
    page = (ROOT / "reference" / "teachers.md").read_text(encoding="utf-8")
    quoted = re.search(r"feedback of the\s+question\s+reads:\n\n```text\n(.*?)\n```", page, re.S)
    assert quoted, "the teachers page has no quoted feedback block"
    assert quoted.group(1).split() == text.split(), text


# --- nothing a student receives holds an answer ---------------------------------------------


def _public_tests_without_hints(notebook: dict) -> dict:
    """The notebook's otter metadata with the hints' words taken out of the public tests: the
    hints are public (the package ships them in plain and check() prints them), and a hint
    may name a number that is another part's answer (0.8, 1/2)."""
    otter = notebook["metadata"].get("otter", {})
    tests = {
        name: ast.unparse(_WithoutRule().visit(ast.parse(source)))
        for name, source in otter.get("tests", {}).items()
    }
    return {**otter, "tests": tests}


def _student_texts(files: dict) -> dict[str, str]:
    """What a student gets: every cell's source and the public tests (notebook metadata, the
    hints' words left out), from the student notebook and from its copy in
    student-assignments.zip."""
    student = json.loads(files["student"].read_text(encoding="utf-8"))
    texts = {f"cell {i}": "".join(cell["source"]) for i, cell in enumerate(student["cells"])} | {
        "public tests": json.dumps(_public_tests_without_hints(student))
    }
    for i, cell in enumerate(student["cells"]):
        for output in cell.get("outputs", []):
            texts[f"cell {i} output"] = json.dumps(output)
    with zipfile.ZipFile(files["zip"].parents[2] / "student-assignments.zip") as bundle:
        (member,) = [n for n in bundle.namelist() if n.endswith("/" + files["student"].name)]
        copy = json.loads(bundle.read(member).decode("utf-8"))
        copy["metadata"]["otter"] = _public_tests_without_hints(copy)
        texts["student-assignments.zip"] = json.dumps(copy)
    return texts


def test_only_the_hints_words_leave_the_scanned_public_tests():
    """The scan above can fail: a number written into a public test outside a hint is still
    found once the hints' words are taken out, and a hint's number is not."""
    key = KEYS["ch23-ex-bpref"]
    entry = make_assignments.hashed_part("ch23-ex-bpref", key, "bpref")
    source = make_assignments.public_test("bpref", [("bpref", "ch23-ex-bpref", "bpref", entry, 3)])
    planted = source.replace("    _lines = []", "    _lines = []\n    _expected = 0.625", 1)
    assert planted != source
    notebook = {"metadata": {"otter": {"tests": {"q": planted}}}}
    text = json.dumps(_public_tests_without_hints(notebook))
    assert _occurs(text, "0.625")
    assert "min(R, N)" in source and "min(R, N)" not in text  # a hint's words


def _occurs(text: str, number_text: str) -> bool:
    """``number_text`` as a number of its own in ``text`` (not inside 10.562 or 0.5625)."""
    return bool(re.search(rf"(?<![\w.]){re.escape(number_text)}(?![\w]|\.\d)", text))


def _answer_forms(value: object, decimals: int) -> list[str]:
    """How a key value could be written: its correct roundings at the requested precision, the
    float as Python prints it (0.7566444492037343, 0.5625) and, for a ratio of small whole
    numbers, the fraction ("9/16")."""
    forms = list(_roundings(value, decimals)) + [repr(float(value))]
    exact = Fraction(value).limit_denominator(1000)
    if exact.denominator > 1 and abs(exact - Fraction(value)) < Fraction(1, 10**9):
        forms.append(f"{exact.numerator}/{exact.denominator}")
    return sorted(set(forms))


class _WithoutRule(ast.NodeTransformer):
    """A test file without what every test shares: the rule copied into each test function
    (its imports, constants and functions), the hints' words (public: check() prints them, and
    a test of the keys makes sure no hint writes out its own exercise's answer), and the
    tests' points and decimals. What is left is what could hold a key."""

    def visit_FunctionDef(self, node):
        rule = set()  # the tests call the package; no rule is copied into them
        node.body = [
            stmt
            for stmt in node.body
            if not isinstance(stmt, ast.Import | ast.ImportFrom)
            and not (isinstance(stmt, ast.FunctionDef) and stmt.name in rule)
            and not (
                isinstance(stmt, ast.Assign)
                and [getattr(t, "id", None) for t in stmt.targets] in ([n] for n in rule)
            )
        ]
        node.decorator_list = []
        return self.generic_visit(node)

    def visit_Dict(self, node):
        node.values = [
            ast.Constant("") if isinstance(k, ast.Constant) and k.value == "hint" else v
            for k, v in zip(node.keys, node.values, strict=True)
        ]
        return self.generic_visit(node)

    def visit_keyword(self, node):
        return None if node.arg in {"decimals", "points"} else self.generic_visit(node)


def _leaks(text: str, forms: list[str]) -> list[str]:
    """The forms of a key value that occur in a test file, outside what every test shares."""
    tree = _WithoutRule().visit(ast.parse(text))
    body = ast.unparse(tree)
    body = re.sub(r"^points\s*[:=]\s*[\d.]+$", "", body, flags=re.M)  # otter's config
    body = re.sub(r"\npoints: [\d.]+\n", "\n", body)  # the test config docstring
    # ast.unparse writes the expression 9/16 as "9 / 16"
    return [f for f in forms if _occurs(body, f) or _occurs(body, f.replace("/", " / "))]


@slow
@pytest.mark.parametrize("number", CHAPTERS)
def test_student_files_hold_no_answer(built, number):
    """No student-facing file holds a key value at the requested precision or as a fraction
    ("9/16"), except where an exercise statement of the chapter shows that number (its data).
    Whole numbers below 10 are not searched for: every notebook holds such digits
    (``n_splits=2``), and searching would only flag those; the hidden tests (where a key value
    would come from) are checked absent. Coarser roundings (0.56 for 9/16) are not key values
    and are not searched for."""
    files = _files(built, number)
    texts = _student_texts(files)
    student = json.loads(files["student"].read_text(encoding="utf-8"))
    public = student["metadata"]["otter"]["tests"]
    assert public, "the student notebook has no public tests"
    for source in public.values():  # the public tests grade through the student's package
        assert "hidden=True" not in source
        assert "import evalmetrics.exercises as _rule" in source and "grade_hashed(" in source
    assert not any("# SOLUTION" in text for text in texts.values())
    statements = "\n".join(e["statement"] for e in _chapter_exercises(number))
    leaks = []
    for exercise in _checked(number):
        key = KEYS[exercise["label"]]
        for part, value in key["parts"].items():
            if value is None:
                continue
            for text in _answer_forms(value, key["decimals"]):
                if key["decimals"] == 0 and abs(float(text)) < 10:
                    continue
                if _occurs(statements, text):
                    continue  # an exercise's statement shows this number (its data)
                leaks += [
                    f"{exercise['label']} {part}={text} in {where}"
                    for where, body in texts.items()
                    if _occurs(body, text)
                ]
    assert not leaks, leaks


@slow
@pytest.mark.parametrize("number", CHAPTERS)
def test_the_autograders_tests_hold_no_answer(built, number):
    """The tests in the autograder zip (on Gradescope they lie beside the submission while it
    is graded) hold salted tokens, not values: no key value, at the requested precision, as
    Python prints the float or as a fraction, occurs in them outside the rule's code, the
    hints' words and the tests' points and decimals. A whole number below 10 is searched for
    only as Python prints its float (2.0): the digits occur in any test."""
    files = _files(built, number)
    with zipfile.ZipFile(files["zip"]) as bundle:
        tests = {
            n: bundle.read(n).decode("utf-8") for n in bundle.namelist() if n.startswith("tests/")
        }
    assert tests
    leaks = []
    for exercise in _checked(number):
        key = KEYS[exercise["label"]]
        for part, value in key["parts"].items():
            if value is None:
                continue
            forms = _answer_forms(value, key["decimals"])
            if key["decimals"] == 0 and abs(value) < 10:  # "0/0" in a message, '2' a dict key
                forms = [form for form in forms if "." in form]  # 2.0 is still searched for
            for name, text in tests.items():
                found = _leaks(text, forms)
                leaks += [f"{exercise['label']} {part}={form} in {name}" for form in found]
    assert not leaks, leaks


@slow
def test_the_zip_holds_every_student_notebook_and_what_runs_them(built):
    with zipfile.ZipFile(built / "student-assignments.zip") as bundle:
        names = sorted(bundle.namelist())
        readme = bundle.read("student-assignments/README.txt").decode()
    notebooks = [Path(n).name for n in names if n.endswith(".ipynb")]
    students = sorted(p.name for p in built.glob("ch*/student/*.ipynb"))
    assert notebooks == students
    assert len(students) == len(list((ROOT / "chapters").glob("*.ipynb")))
    # and what a student needs to run them from the zip alone: the package, the pins, a README
    others = sorted(Path(n).name for n in names if not n.endswith(".ipynb"))
    wheels = [n for n in others if n.startswith("evalmetrics-") and n.endswith(".whl")]
    assert others == sorted(["README.txt", "constraints.txt", "requirements.txt", *wheels])
    assert len(wheels) == 1
    assert "python3 -m venv .venv" in readme and "pip install -r requirements.txt" in readme


# --- points from a chapter's metadata -------------------------------------------------------


@slow
def test_points_set_in_a_chapters_metadata(tmp_path):
    """``"exercise": {"points": {...}}`` in an exercise's cell sets its parts' points, and a
    number sets a written exercise's; checked on a copy of chapter 23, not on the chapter."""
    _otter()
    chapters = tmp_path / "chapters"
    chapters.mkdir()
    source = _chapter_path(BPREF_CHAPTER)
    notebook = json.loads(source.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        text = "".join(cell["source"])
        if ":label: ch23-ex-bpref" in text:
            cell["metadata"]["exercise"] = {"points": {"bpref": 2}}
        if ":label: ch23-ex-new-system" in text:
            cell["metadata"]["exercise"] = {"points": 3}
    (chapters / source.name).write_text(json.dumps(notebook), encoding="utf-8")
    out = tmp_path / "out"
    _build(out, "--chapter-dir", str(chapters), "--no-run-tests")
    files = _files(out, BPREF_CHAPTER)
    master = json.loads(files["master"].read_text(encoding="utf-8"))
    raw = ["".join(c["source"]) for c in master["cells"] if c["cell_type"] == "raw"]
    assert any("name: ch23-ex-new-system" in r and "manual: true\npoints: 3" in r for r in raw)
    results = _grade(files["solutions"], files)
    # bpref 2 + ap 1, and judged-range's three parts at 1; the manual question is not in it
    assert _scores(results) == {"ch23-ex-bpref": 3, "ch23-ex-judged-range": 3}
    assert results.total == results.possible == 6


# --- the tool's pieces (no otter needed) ----------------------------------------------------


def _candidates(value: object, decimals: int, hints: list) -> list[object]:
    from decimal import Decimal

    import numpy as np

    """Answers to try on one part: the correct roundings and their neighbours (half-way ones
    among them), coarser roundings, the exact value, the hints' values, fractions, strings, nan."""
    unit = Fraction(1, 10**decimals)
    candidates: list[object] = [math.nan, "nan", "1/3", 0, 1, -0.5]
    if value is not None:
        exact = Fraction(value)
        for text in _roundings(value, decimals):
            candidates += [text, float(text), Fraction(text)]
            for step in (unit / 2, unit, unit / 10):
                candidates += [float(Fraction(text) + step), float(Fraction(text) - step)]
        candidates += [float(exact), exact, round(float(exact), max(decimals - 1, 0))]
        text = _roundings(value, decimals)[0]
        candidates += [np.float64(text), np.float32(text), np.array(float(text)), Decimal(text)]
        candidates += [f" {text} ", f"+{text}", f"{exact.numerator} / {exact.denominator}"]
    return candidates + [h for h, _ in hints if h is not None]


#: Answers the rule refuses: the hidden test must say what the package says.
REFUSED = [None, True, ..., "abc", "1/0", "(1/2)", "1e999999", 1 + 2j, [0.5], b"0.5"]


def _run_test_file(text: str, name: str) -> callable:
    """A hidden test's text as a function: answer -> (passed, feedback of a failure)."""
    code = compile(text, name, "exec")

    def run(answers: dict) -> tuple[bool, str | None]:
        try:
            exec(code, dict(answers))
        except AssertionError as error:
            return False, str(error)
        return True, None

    return run


def _disagreements(
    tests: dict[tuple[str, str], tuple[str, callable]], limit: int = 10
) -> tuple[list, int]:
    """Grade every candidate answer of every part with its hidden test and with grade_answer
    (the plain key); return where the two differ (verdict or words) and how many were tried.
    ``tests`` maps (exercise id, part) to (variable, run), run taking the test's globals."""
    from evalmetrics.exercises import _as_exact, grade_answer

    differ, cases = [], 0
    for (exercise_id, part), (variable, run) in tests.items():
        key = KEYS[exercise_id]
        value, decimals = key["parts"][part], key["decimals"]
        hints = [(h["value"], h["hint"]) for h in key["hints"] if h["part"] == part]
        others = {
            names: Fraction(_roundings(KEYS[e]["parts"][p], KEYS[e]["decimals"])[0])
            if KEYS[e]["parts"][p] is not None
            else math.nan
            for (e, p), (names, _) in tests.items()
            if e == exercise_id
        }
        for answer in _candidates(value, decimals, hints) + REFUSED:
            try:
                right, feedback = grade_answer(answer, value, decimals=decimals, hints=hints)
            except TypeError:  # refused: the words _as_exact says, naming the variable
                with pytest.raises(TypeError) as refused:
                    _as_exact(answer, variable)
                right, feedback = False, str(refused.value).removeprefix(f"{variable} ")
            passed, message = run({**others, variable: answer})
            if passed != right or (not right and message != f"{variable}: {feedback}"):
                differ.append((exercise_id, part, answer, (right, feedback), (passed, message)))
            cases += 1
            if len(differ) >= limit:
                return differ, cases
    return differ, cases


def _generated_tests() -> dict[tuple[str, str], tuple[str, callable]]:
    """Every part's hidden test as the tool writes it (variable ``x_<part>``)."""
    tests = {}
    for exercise_id, key in KEYS.items():
        for part in key["parts"]:
            entry = make_assignments.hashed_part(exercise_id, key, part)
            variable = f"x_{part}"
            text = make_assignments.hidden_test(
                variable, exercise_id, part, entry, key["decimals"], 1
            )
            tests[(exercise_id, part)] = (variable, _run_test_file(text, exercise_id))
    return tests


@pytest.fixture
def rule_bytecode(tmp_path, monkeypatch):
    """Each hidden test loads the rule's file afresh, as otter runs it. Where bytecode is not
    written (PYTHONDONTWRITEBYTECODE), each of the thousands of loads below would compile it
    again (three quarters of the time): its bytecode is written once to a folder of this test's
    own, and the loader reads it from there while the source is unchanged."""
    import importlib.util
    import py_compile

    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    path = next(p for p in make_assignments.RULE_PATHS if Path(p).is_file())
    py_compile.compile(path, cfile=importlib.util.cache_from_source(path), doraise=True)


@pytest.mark.usefixtures("rule_bytecode")
def test_the_hidden_tests_grade_as_the_package_does():
    """Each part's hidden test (check()'s code copied in, with the part's hashed entry) gives
    grade_answer's verdict and words on the correct roundings, their neighbours, half-way
    answers, coarser roundings, the hints' values, fractions, strings, NumPy and Decimal
    values, nan and answers the rule refuses, for every part of every key (about 30 a part)."""
    differ, cases = _disagreements(_generated_tests())
    assert not differ, differ
    parts = sum(len(key["parts"]) for key in KEYS.values())
    assert cases >= 20 * parts > 3000, (cases, parts)


def test_a_hidden_test_with_another_rule_is_caught(monkeypatch):
    """The comparison above can fail: hidden tests that grade at one decimal more than asked
    are found to differ from grade_answer."""
    original = make_assignments._grading_call

    def other(variable, exercise_id, part, entry, decimals):
        return original(variable, exercise_id, part, entry, decimals + 1)

    monkeypatch.setattr(make_assignments, "_grading_call", other)
    differ, _ = _disagreements(_generated_tests(), limit=1)
    assert differ


def test_the_hidden_tests_hold_no_answer():
    """A hidden test holds the salted tokens of the part's roundings, not the value: no
    correct rounding, the float as Python prints it, or the exact fraction appears in it."""
    for exercise_id, key in KEYS.items():
        for part, value in key["parts"].items():
            if value is None:
                continue
            entry = make_assignments.hashed_part(exercise_id, key, part)
            text = make_assignments.hidden_test("x", exercise_id, part, entry, key["decimals"], 1)
            assert not _leaks(text, _answer_forms(value, key["decimals"])), (exercise_id, part)


def test_a_planted_answer_in_a_hidden_test_is_found():
    """The scan above can fail: an expected value written into a test, in any of the forms,
    is found (and 0.5 planted beside a key of 0.5 at three decimals, as 0.500 or as 1/2)."""
    exercise_id, key = next((i, k) for i, k in KEYS.items() if k["decimals"] == 3)
    part = next(p for p, v in key["parts"].items() if v is not None)
    value = key["parts"][part]
    entry = make_assignments.hashed_part(exercise_id, key, part)
    text = make_assignments.hidden_test("x", exercise_id, part, entry, 3, 1)
    forms = _answer_forms(value, 3)
    for form in forms:
        call = "\n        _right, _feedback = _rule.grade_hashed("
        planted = text.replace(call, f"\n        _expected = {form}{call}", 1)
        assert planted != text
        assert _leaks(planted, forms) == [form], form
    assert _leaks(text, forms) == []
    assert _answer_forms(0.5, 3) == ["0.5", "0.500", "1/2"]


def test_the_hidden_test_entry_is_the_packages_key():
    from evalmetrics import exercises

    shipped = exercises._key()
    for exercise_id, key in KEYS.items():
        for part in key["parts"]:
            entry = make_assignments.hashed_part(exercise_id, key, part)
            assert entry["salt"] == shipped[exercise_id]["salt"]
            assert entry["right"] == shipped[exercise_id]["parts"][part]["right"]


def test_the_public_test_takes_as_a_number_what_the_rule_takes():
    from decimal import Decimal

    import numpy as np

    from evalmetrics.exercises import _as_exact

    entry = make_assignments.hashed_part("ch23-ex-bpref", KEYS["ch23-ex-bpref"], "bpref")
    graded = [("x", "ch23-ex-bpref", "bpref", entry, 3)]
    run = _run_test_file(make_assignments.public_test("q", graded), "public test")
    inputs = [0.5, 3, -2, math.nan, math.inf, Fraction(7, 24), Decimal("0.25"), Decimal("NaN")]
    inputs += [np.float64(0.1), np.int64(4), np.array(0.3), np.array([0.1, 0.2]), [0.1], None]
    inputs += [True, ..., "7/24", " 7 / 24 ", "6.5/9", "1/0", "1/2/3", "abc", "", "nan", "-NaN"]
    inputs += ["0.25", "1 2", "1e-3", "inf", "/3", "3/", {"a": 1}, 1 + 2j, np.True_, b"1"]
    inputs += [np.complex64(1), np.array(True), type("Float", (float,), {})(0.5), "1e999"]
    for value in inputs:
        try:
            _as_exact(value, "x")
            message = None
        except TypeError as error:
            message = str(error)
        passed, shown = run({"x": value})
        assert passed is False, value  # no value here is bpref's answer
        if message is None:
            assert shown.startswith("x: not quite"), (value, shown)
        if message is not None:  # the same words, and what to give for an undefined value
            advice = ' (for a value that is undefined, 0/0, give float("nan"))'
            assert shown == message + ("" if "nan" in message else advice)


def _private_uses(source: str) -> list[str]:
    """Where a tool's source reads a private name of evalmetrics.exercises or reads source."""
    tree = ast.parse(source)
    aliases = {"exercises"}  # from evalmetrics import exercises
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "evalmetrics.exercises":
            found += [f"import {a.name}" for a in node.names if a.name.startswith("_")]
        if isinstance(node, ast.Import):
            aliases |= {
                a.asname for a in node.names if a.name == "evalmetrics.exercises" and a.asname
            }
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            base = node.value
            if isinstance(base, ast.Name) and base.id in aliases:
                found.append(f"{base.id}.{node.attr}")
            if isinstance(base, ast.Attribute) and base.attr == "exercises":
                found.append(f"exercises.{node.attr}")
        if isinstance(node, ast.Attribute) and node.attr in {"getsource", "getsourcelines"}:
            found.append(node.attr)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "getattr" and len(node.args) > 1:
                found.append("getattr")
    return found


def test_make_assignments_uses_only_the_public_grading_interface():
    """Renaming a private helper of evalmetrics.exercises cannot break the assignments: the
    tool reads no private name of the module, by import, attribute or getattr, and no source
    through inspect; the tests it writes call only grade_hashed."""
    source = (ROOT / "tools" / "make_assignments.py").read_text(encoding="utf-8")
    assert _private_uses(source) == []
    entry = make_assignments.hashed_part("ch23-ex-bpref", KEYS["ch23-ex-bpref"], "bpref")
    for text in [
        make_assignments.hidden_test("x", "ch23-ex-bpref", "bpref", entry, 3, 1),
        make_assignments.public_test("q", [("x", "ch23-ex-bpref", "bpref", entry, 3)]),
    ]:
        called = {n.attr for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Attribute)}
        assert {c for c in called if not c.startswith("__")} & {"grade_hashed"} == {"grade_hashed"}
        assert not [c for c in called if c.startswith("_") and not c.startswith("__")], called


def test_a_questions_test_cases_have_distinct_names():
    """otter collects a test file's cases by their functions' names (the file's globals), so a
    public test named like a hidden one would be dropped from the autograder: exercise 23.1
    (short name bpref) has a part bpref. Every question's public and hidden tests differ."""
    for exercise_id, key in KEYS.items():
        short = exercise_id.split("-ex-", 1)[1].replace("-", "_")
        graded = [
            (part, exercise_id, part, make_assignments.hashed_part(exercise_id, key, part), 3)
            for part in key["parts"]
        ]
        texts = [make_assignments.public_test(short, graded)] + [
            make_assignments.hidden_test(variable, exercise_id, part, entry, 3, 1)
            for variable, exercise_id, part, entry, _ in graded
        ]
        names = [
            node.name
            for text in texts
            for node in ast.parse(text).body
            if isinstance(node, ast.FunctionDef)
        ]
        assert len(names) == len(set(names)) == len(key["parts"]) + 1, (exercise_id, names)


def test_the_private_name_scan_can_fail():
    for planted in [
        "from evalmetrics import exercises\nexercises._verdict",
        "import evalmetrics.exercises as ex\nex._roundings(1, 2)",
        "from evalmetrics.exercises import _as_exact",
        "import inspect\ninspect.getsource(f)",
        "getattr(exercises, name)",
    ]:
        assert _private_uses(planted), planted


def test_load_keys_reads_the_teacher_folder_first(tmp_path):
    teacher, package = tmp_path / "teacher", tmp_path / "package"
    package.mkdir()
    plain = {"ch99-ex-a": {"parts": {"x": 0.25, "y": None}, "tolerance": 0.001}}
    (package / "ch99.json").write_text(json.dumps(plain), encoding="utf-8")
    keys = make_assignments.load_keys((teacher, package))  # no teacher folder: the package's
    assert keys["ch99-ex-a"] == {"parts": {"x": 0.25, "y": None}, "decimals": 3, "hints": []}
    teacher.mkdir()
    hashed = {"format": "evalmetrics-exercise-key-sha256-1", "salt": "s", "exercises": {}}
    (teacher / "ch99.json").write_text(json.dumps(hashed), encoding="utf-8")
    with pytest.raises(make_assignments.AssignmentError, match="hashed key"):
        make_assignments.load_keys((teacher, package))
    spec = {"parts": {"n": 3}, "decimals": 0, "hints": [{"part": "n", "value": 4, "hint": "h"}]}
    (teacher / "ch99.json").write_text(json.dumps({"ch99-ex-b": spec}), encoding="utf-8")
    assert make_assignments.load_keys((teacher, package)) == {
        "ch99-ex-b": {"parts": {"n": 3}, "decimals": 0, "hints": spec["hints"]}
    }


def _context(glue=None):
    path = _chapter_path(BPREF_CHAPTER)
    labels = {
        "sec-here": (f"chapters/{path.name}", "A section of this chapter"),
        "sec-elsewhere": ("chapters/01_why_metrics.ipynb", "Another chapter's section"),
    }
    return make_assignments.Context(path, labels, glue, lambda other: None)


def test_statements_become_plain_markdown():
    text = (
        "(a-label)=\n"
        "See {ref}`sec-here`, {ref}`chapter 20 <sec-elsewhere>` and {ref}`sec-elsewhere`;"
        " {term}`bpref <bpref>` as in {cite}`buckley2004`, with {math}`x^2` and $y$.\n\n"
        "```{code-block} python\n:caption: c\nx = 1\n```\n"
        "It is {glue:text}`ch23_value:.2f`."
    )
    plain = make_assignments.plain_markdown(
        text, _context({"ch23_value": "0.4375"}), "ex", strict=True
    )
    assert plain == (
        "See “A section of this chapter”, chapter 20 and the book; bpref as in, with $x^2$"
        " and $y$.\n\n```python\nx = 1\n```\nIt is 0.44."
    )


def test_a_glued_value_missing_from_a_statement_fails_naming_the_exercise():
    statement = "Take the {glue:text}`ch23_value:.3f` of the chapter."
    with pytest.raises(make_assignments.AssignmentError, match="ch23-ex-x.*ch23_value"):
        make_assignments.plain_markdown(statement, _context({}), "ch23-ex-x", strict=True)
    # in a solution's text (the teacher's notebook) it becomes a placeholder instead
    solution = make_assignments.plain_markdown(statement, _context({}), "ex", strict=False)
    assert make_assignments.UNRESOLVED_PLACEHOLDER in solution


def test_the_check_line_becomes_a_sentence_naming_the_variables():
    exercise = make_assignments.Exercise("ch23-ex-bpref", BPREF_CHAPTER, 0)
    exercise.key = KEYS["ch23-ex-bpref"]
    exercise.parts = {"bpref": "b", "ap": "a"}
    statement = 'Compute them.\n\nCheck (give numbers to three decimals): `check("x", a=...)`'
    names = {("ch23-ex-bpref", "bpref"): "bpref", ("ch23-ex-bpref", "ap"): "ap"}
    cells, points = make_assignments.numeric_question(exercise, "Ex", statement, "", "", names)
    assert "Set `bpref` and `ap` to numbers to three decimals (or as exact fractions)." in "".join(
        cells[1]["source"]
    )
    assert points == {"bpref": 1, "ap": 1}


def test_the_teachers_page_quotes_the_public_tests_message():
    """The message the teachers page shows for exercise 23.2 (its parts judged, ap_low,
    ap_high, under the variables the assignment names) with judged right, ap_low left at
    ``...`` and ap_high wrong is what the public test says: nothing about the right part, one
    line for each of the others."""
    label = "ch23-ex-judged-range"
    key = KEYS[label]
    exercise = make_assignments.Exercise(label, BPREF_CHAPTER, 0)
    names = {part: make_assignments.variable_name(exercise, part) for part in key["parts"]}
    graded = [
        (names[part], label, part, make_assignments.hashed_part(label, key, part), 3)
        for part in key["parts"]
    ]
    run = _run_test_file(make_assignments.public_test(exercise.short, graded), "public")
    answers = {
        names["judged"]: key["parts"]["judged"],
        names["ap_low"]: ...,
        names["ap_high"]: 0.512,
    }
    passed, message = run(answers)
    assert not passed
    assert message.startswith(f"{names['ap_low']} must be a number")
    assert names["judged"] not in message
    assert message.splitlines()[-1] == f"{names['ap_high']}: not quite. Try again."
    page = (ROOT / "reference" / "teachers.md").read_text(encoding="utf-8")
    quoted = re.search(r"test case, which ends with:\n\n```text\n(.*?)\n```", page, re.S)
    assert quoted, "the teachers page has no quoted message of the public test"
    assert quoted.group(1).split() == f"AssertionError: {message}".split()


# --- what the autograder cannot rule out, and the teacher's first pass ----------------------

TRACE_CELL = """\
import sys
def _local(frame, event, arg):
    if event == "line" and "mine" in frame.f_locals and "at" in frame.f_locals:
        frame.f_locals["mine"] = set(frame.f_locals["at"])
    return _local
def _global(frame, event, arg):
    return _local if frame.f_code.co_name == "_matches" else None
sys.settrace(_global)
"""


@slow
def test_a_trace_function_still_changes_the_grade_and_is_flagged(built, tmp_path):
    """What the teachers page says is not ruled out: a cell that installs a trace function can
    rewrite the grader's variables (here: every part wrong, full marks). If this test fails,
    the grader has become safer and the page's warning must change. The teacher's first pass,
    tools/flag_submissions.py, flags the cell."""
    import flag_submissions

    number = BPREF_CHAPTER
    files = _files(built, number)
    answers = {k: "0.1" for k in _typed_answers(number, pick=0)}
    path = _submission(files, tmp_path, answers)
    _with_cell(path, _setup_index(path), TRACE_CELL)
    results = _grade(path, files)
    assert results.total == results.possible == sum(_expected(number).values())
    flagged = flag_submissions.flagged_cells(json.loads(path.read_text(encoding="utf-8")))
    assert [words for _, words in flagged] == [["f_code", "f_locals", "settrace"]]


@slow
def test_no_notebook_of_the_book_is_flagged(built):
    """The first pass flags none of the book's own notebooks: every student notebook and every
    solutions notebook (the otter cell that starts each is allowed)."""
    import flag_submissions

    paths = sorted(built.glob("ch*/student/*.ipynb")) + sorted(built.glob("ch*/autograder/*.ipynb"))
    assert len(paths) >= 2 * len(CHAPTERS)
    flagged = {
        str(p.relative_to(built)): found
        for p in paths
        if (found := flag_submissions.flagged_cells(json.loads(p.read_text(encoding="utf-8"))))
    }
    assert not flagged, flagged


def test_the_first_pass_flags_code_aimed_at_the_grader():
    import flag_submissions

    def notebook(*sources: str, kind: str = "code") -> dict:
        return {"cells": [{"cell_type": kind, "source": s, "metadata": {}} for s in sources]}

    init = '# Initialize Otter\nimport otter\ngrader = otter.Notebook("ch23.ipynb")'
    clean = notebook(init, "import numpy as np\nbpref = np.mean([0.5, 0.625])")
    assert flag_submissions.flagged_cells(clean) == []
    cases = {
        TRACE_CELL: ["f_code", "f_locals", "settrace"],
        "import builtins\nbuiltins.set = list": ["builtins"],
        "class M(type): pass\nclass E(float, metaclass=M): pass": ["metaclass"],
        "import numpy as np\nnp.sctypeDict['x'] = float": ["sctypeDict"],
        "import otter\notter.test_files.abstract_test.x = 1": ["import otter", "otter.test_files."],
        "f = __import__('sys')._getframe(1)": ["._getframe", "__import__", "_getframe"],
        "exec(open('x.py').read())": ["exec"],
        "class _All(set): pass\nprint.__self__.set = _All": [".__self__"],
        "f = Fraction(0); f._numerator = N(0)": ["._numerator"],
        "g = getattr(e, 'tb_' + 'frame')": ["getattr"],
    }
    for source, words in cases.items():
        assert flag_submissions.flagged_cells(notebook(init, source)) == [(1, words)], source
    # otter's first cell is allowed only as it is: anything added to it is read
    for added in ["; exec(code)", "\nimport sys; sys.settrace(f)"]:
        (only,) = flag_submissions.flagged_cells(notebook(init + added))
        assert only[0] == 0 and only[1], added
    # words in Markdown, and the public tests in the metadata, are not code
    assert flag_submissions.flagged_cells(notebook("sys.settrace", kind="markdown")) == []


def test_the_feedback_picture_shows_the_exercise_its_tool_names(tmp_path):
    """A renumbering rewrites the tool's ``LABEL`` and every text, never the picture: the
    picture records the exercise it shows, and a new one is drawn when the two differ."""
    import feedback_screenshot
    from PIL import Image

    assert feedback_screenshot.pictured() == feedback_screenshot.LABEL, (
        "reference/images/assignment-feedback.png shows another exercise than the tool's LABEL"
        " (a renumbering moved it): run .venv/bin/python tools/feedback_screenshot.py"
    )
    unstamped = tmp_path / "old.png"
    Image.new("RGB", (2, 2)).save(unstamped)
    assert feedback_screenshot.pictured(unstamped) is None  # the check can fail
