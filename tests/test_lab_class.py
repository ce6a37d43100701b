"""The classroom in JupyterLab: the student edition and a graded assignment, used as a student
uses them, in headless Chromium (the same Lab and browser set-up as ``tests/test_lab.py``).

Both are made by the teacher's commands into a temporary folder, after the build (the student
edition takes its prose's numbers from the executed chapters):

- ``tools/make_student.py`` (``make student``): chapter 23 is opened, run with Lab's "Run All"
  (the empty work cells included), its prose must show no raw MyST and no glue key, and the
  student then types a self-check into the work cell under Exercise 23.1, runs it, and reads
  the verdict: first with a recorded mistake (the hint must show, the answer must not), then
  with the correct roundings;
- ``tools/make_assignments.py --chapters 23`` (``make assignments``): the student notebook is
  opened and run; the check cell under the still empty answer cell does not pass; the student
  types the correct roundings into the answer cells, runs each check cell (otter's public
  test passes), saves, runs the export cell, and the zip it writes is graded with
  otter-grader's own grader (``otter.api.grade_submission``, what ``otter run`` does) against
  the assignment's autograder: full marks (and 0 for the zip that Run All exported before any
  answer).

Screenshots go to ``_build/screenshots/lab/`` (``class__*``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import chapter_number
from test_assignments import _expected
from test_lab import (  # noqa: F401  (browser: a fixture used by name)
    GLUE_KEY,
    JS_DOM_ERRORS,
    JS_MARKDOWN,
    JS_OPENED,
    JS_PANEL,
    JS_RUN_ALL,
    RAW_MYST,
    RUN_ALL_TIMEOUT,
    VIEWPORT,
    WIDGET_TIMEOUT,
    KernelWatch,
    browser,
    running_lab,
    shot,
    wait_until_run,
)

pytestmark = [pytest.mark.browser, pytest.mark.lab]

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = "23_incomplete_judgments"
# its number alone, from the file name (tools/renumber.py rewrites the names, not this)
NUMBER = chapter_number("incomplete_judgments")
LABEL = "ch23-ex-bpref"
KEYS = json.loads((ROOT / "teacher" / "exercise_keys" / "ch23.json").read_text("utf-8"))
CELL_TIMEOUT = 120  # one cell run: a check, or otter's export (which runs the tests)


def typed(value: float, decimals: int = 3) -> str:
    """A correct rounding of ``value`` as a student types it."""
    return f"{round(float(value), decimals):.{decimals}f}"


def _run(command: list[str]) -> None:
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}\n{result.stderr}"


@pytest.fixture(scope="module")
def class_lab(tmp_path_factory):
    if not (ROOT / "_build" / "jupyter_execute").is_dir():
        pytest.fail("run the build first: the student edition takes its numbers from it")
    try:
        import otter  # noqa: F401
    except ImportError:
        pytest.fail("otter-grader is not installed: pip install -r requirements-teach.txt")
    base = tmp_path_factory.mktemp("class")
    root = base / "class"
    _run([sys.executable, "tools/make_student.py", "--out", str(root / "student")])
    assignments = base / "assignments"
    _run(
        [
            sys.executable,
            "tools/make_assignments.py",
            "--out",
            str(assignments),
            "--chapters",
            NUMBER,
        ]
    )
    shutil.copytree(assignments / "ch23" / "student", root / "assignment")
    with running_lab(base, root, "make_student.py and make_assignments.py") as server:
        server.assignments = assignments
        yield server


@pytest.fixture(scope="module")
def page(browser, class_lab):  # noqa: F811
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(WIDGET_TIMEOUT * 1000)
    page.kernel = KernelWatch(page)
    yield page
    context.close()


def open_and_run_all(page, server, path: str, workspace: str) -> dict:
    notebook = json.loads((server.root / path).read_text(encoding="utf-8"))
    markdown = sum(cell["cell_type"] == "markdown" for cell in notebook["cells"])
    page.goto(f"{server.url}/lab/workspaces/{workspace}/tree/{path}", wait_until="load")
    page.wait_for_function(JS_OPENED, arg={"path": path, "markdown": markdown}, timeout=120_000)
    page.evaluate(JS_RUN_ALL, path)
    state = wait_until_run(page, path, RUN_ALL_TIMEOUT)
    assert not state.get("timed_out") and state["executed"] == state["code"], state
    errors = state["errors"] + page.evaluate(JS_DOM_ERRORS, path)
    assert not errors, f"{path}: {errors}"
    return state


JS_CELLS = f"""(path) => {{
  const panel = ({JS_PANEL})(path);
  return panel.content.widgets.map((cell, index) => ({{
    index, type: cell.model.type, source: cell.model.sharedModel.getSource(),
    output: cell.model.type === 'code'
      ? (cell.node.querySelector('.jp-OutputArea') || {{innerText: ''}}).innerText : '',
    count: cell.model.type === 'code' ? cell.model.executionCount : null,
  }}));
}}"""


def cells(page, path: str) -> list[dict]:
    return page.evaluate(JS_CELLS, path)


def type_and_run(page, path: str, index: int, text: str | None = None) -> str:
    """Click into cell ``index``, replace its code with ``text`` by typing it (if given),
    press Shift+Enter as a student does, and return the cell's output once it has run."""
    before = cells(page, path)[index]["count"]
    cell = page.locator(f"{_panel_selector(page, path)} .jp-Cell").nth(index)
    cell.scroll_into_view_if_needed()
    editor = cell.locator(".cm-content")
    editor.click()
    if text is not None:
        page.keyboard.press("Control+A")
        page.keyboard.press("Delete")
        editor.press_sequentially(text)  # typed; Lab's auto-closing brackets are not used
        assert cells(page, path)[index]["source"] == text, "the typed code differs"
    page.keyboard.press("Shift+Enter")
    deadline = time.monotonic() + CELL_TIMEOUT
    while time.monotonic() < deadline:
        now = cells(page, path)[index]
        if now["count"] not in (None, before):
            busy = page.evaluate(
                f"(path) => ({JS_PANEL})(path).sessionContext.session.kernel.status", path
            )
            if busy == "idle":
                return cells(page, path)[index]["output"]
        time.sleep(0.2)
    raise AssertionError(f"cell {index} of {path} did not run in {CELL_TIMEOUT} s")


def _panel_selector(page, path: str) -> str:
    panel_id = page.evaluate(f"(path) => ({JS_PANEL})(path).id", path)
    return f"#{panel_id}"


def test_the_student_edition_runs_reads_and_checks_in_lab(page, class_lab):
    path = f"student/{CHAPTER}.ipynb"
    open_and_run_all(page, class_lab, path, "student")
    problems = []
    for cell in page.evaluate(JS_MARKDOWN, path):
        text = cell["text"] or ""
        problems += [f"cell {cell['index']}: {why}" for rx, why in RAW_MYST if rx.search(text)]
        prose = text.replace(cell["codeText"], " ") if cell["codeText"] else text
        problems += [f"cell {cell['index']}: glue key {m}" for m in GLUE_KEY.findall(prose)]
    assert not problems, problems
    # the work cell under Exercise 23.1: the first code cell after the box with its check call
    all_cells = cells(page, path)
    box = next(c["index"] for c in all_cells if f'check("{LABEL}"' in c["source"])
    work = next(c["index"] for c in all_cells[box:] if c["type"] == "code")
    assert all_cells[work]["source"].strip() == "# Your code here"
    key = KEYS[LABEL]
    mistake = next(h for h in key["hints"] if h["part"] == "bpref")
    # ap=0.123: wrong at the three decimals asked (a shorter wrong answer hears the rounding
    # rule instead of "Try again")
    output = type_and_run(
        page, path, work, f'check("{LABEL}", bpref={mistake["value"]!r}, ap=0.123)'
    )
    page.screenshot(path=str(shot("class__student_edition_check_wrong")))
    assert "bpref: not quite. " + mistake["hint"][:40] in output, output
    assert "ap: not quite. Try again." in output, output
    assert typed(key["parts"]["bpref"]) not in output and typed(key["parts"]["ap"]) not in output
    answers = ", ".join(f"{part}={typed(value)}" for part, value in key["parts"].items())
    output = type_and_run(page, path, work, f'check("{LABEL}", {answers})')
    page.screenshot(path=str(shot("class__student_edition_check_right")))
    assert output.count("right, to the precision asked.") == len(key["parts"]), output
    assert not page.kernel.errors, page.kernel.errors


def test_an_assignment_is_done_in_lab_exported_and_graded(page, class_lab, tmp_path):
    from otter.api import grade_submission

    name = "ch23_incomplete_judgments.ipynb"
    path = f"assignment/{name}"
    open_and_run_all(page, class_lab, path, "assignment")
    all_cells = cells(page, path)
    checks = {
        re.search(r'grader\.check\("([^"]+)"\)', c["source"]).group(1): c["index"]
        for c in all_cells
        if c["type"] == "code" and "grader.check(" in c["source"]
    }
    assert set(checks) == {k for k, v in KEYS.items() if v.get("parts")}, checks
    # before any answer: the check does not pass
    assert "passed" not in all_cells[checks[LABEL]]["output"], all_cells[checks[LABEL]]
    assert all_cells[checks[LABEL]]["output"].strip(), "the check cell shows nothing"
    for label, check_index in checks.items():
        key = KEYS[label]
        answer_index = check_index - 1
        names = re.findall(r"^(\w+) = \.\.\.$", all_cells[answer_index]["source"], re.M)
        # one variable per part, named after it (<exercise>_<part>, words shared merged)
        assert len(names) == len(key["parts"]), (label, names)
        part_of = {}
        for part in key["parts"]:
            named = [n for n in names if re.fullmatch(rf"(\w+_)?{part}(_answer)?", n)]
            assert named, (label, part, names)
            part_of[named[-1]] = part
        assert sorted(part_of) == sorted(names), (label, part_of, names)
        decimals = key.get("decimals", 3)
        text = "\n".join(f"{n} = {typed(key['parts'][part_of[n]], decimals)}" for n in names)
        type_and_run(page, path, answer_index, text)
        output = type_and_run(page, path, check_index)
        assert f"{label} passed!" in output, output
    page.screenshot(path=str(shot("class__assignment_checked")))
    # otter's export reads the notebook from disk: saved as the student saves it (Ctrl+S)
    page.keyboard.press("Control+s")
    page.wait_for_function(
        f"(path) => !({JS_PANEL})(path).context.model.dirty", arg=path, timeout=30_000
    )
    export = next(c["index"] for c in cells(page, path) if "grader.export(" in c["source"])
    output = type_and_run(page, path, export)
    page.screenshot(path=str(shot("class__assignment_exported")))
    # two exports: Run All's (the answers still empty) and the student's last one
    zips = sorted((class_lab.root / "assignment").glob("*.zip"))  # names carry the time
    assert len(zips) == 2, (output, zips)
    autograder = next((class_lab.assignments / "ch23" / "autograder").glob("*.zip"))
    expected = _expected(NUMBER)  # from the keys and the chapter's points, not from otter
    empty, answered = (grade_submission(str(z), str(autograder), quiet=True) for z in zips)
    assert empty.total == 0 and empty.possible == sum(expected.values()), empty.summary()
    scores = {name: answered.get_result(name).score for name in answered.results}
    assert scores == expected, answered.summary()
    assert answered.total == answered.possible == sum(expected.values()), answered.summary()
    assert not page.kernel.errors, page.kernel.errors
