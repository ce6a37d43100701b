"""The teachers page's picture of what a student gets: chapter 23's assignment, answered with
one wrong part, as the student sees it in the notebook and as the grader's feedback reads.

Usage (needs otter-grader, requirements-teach.txt, and Debian's Chromium)::

    .venv/bin/python tools/feedback_screenshot.py        # writes reference/images/...png

Steps, each done by the tool the reader would use:

1. ``tools/make_assignments.py --chapters 23`` writes the assignment into a temporary folder;
2. the student notebook gets answers typed as a student would: every part right (rounded to
   the precision asked) except exercise 23.1's, the one pictured: bpref is set to the value of
   the key's first hint for it (a common mistake) and ap to a wrong value that matches no
   recorded mistake, so the picture shows both kinds of feedback and no answer;
3. the notebook is executed in its folder (nbconvert, as "Run All" would), so its check cells
   show what ``grader.check`` prints: the public tests only (they grade every part by
   ``check()``'s rule, so the pictured question's check cell fails and lists both parts);
4. otter grades it (``otter.api.grade_submission``, what ``otter run`` does) and the output of
   the question's result, as Gradescope shows it once grades are published, is taken from
   otter's Gradescope results (``to_gradescope_dict``);
5. both are drawn on one page (the notebook's question by nbconvert's HTML exporter, the
   feedback as the text otter wrote, in a plain box: not Gradescope's own page) and Chromium
   takes the screenshot.

It prints the feedback text, which the teachers page quotes (a test compares the two).
"""

from __future__ import annotations

import argparse
import copy
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import make_assignments  # noqa: E402

LABEL = "ch23-ex-bpref"
PART = "bpref"
TARGET = ROOT / "reference" / "images" / "assignment-feedback.png"


def typed(value: object, decimals: int) -> str:
    """A correct rounding of ``value`` as a student types it."""
    if value is None:
        return 'float("nan")'
    return f"{round(float(value), decimals):.{decimals}f}" if decimals else str(round(value))


def plain_wrong(key: dict, part: str) -> str:
    """A wrong answer to ``part`` that is no recorded mistake and no rounding of the answer
    (for ap = 0.5, 0.400: the value times 0.8, moved on until the rule says "Try again.")."""
    from evalmetrics.exercises import grade_answer

    value, decimals = key["parts"][part], key["decimals"]
    hints = [(h["value"], h["hint"]) for h in key["hints"] if h["part"] == part]
    candidate = round(float(value or 1) * 0.8, decimals)
    while (
        grade_answer(candidate, value, decimals=decimals, hints=hints)[1] != "not quite. Try again."
    ):
        candidate = round(candidate - 10**-decimals, decimals)
    return f"{candidate:.{decimals}f}"


def answered(student: dict, keys: dict) -> tuple[dict, str]:
    """The student notebook with every answer typed, the one wrong part set to its hint."""
    notebook = copy.deepcopy(student)
    cells = notebook["cells"]
    wrong = next(h for h in keys[LABEL]["hints"] if h["part"] == PART)
    others = {part: plain_wrong(keys[LABEL], part) for part in keys[LABEL]["parts"] if part != PART}
    for index, cell in enumerate(cells[:-1]):
        if cell["cell_type"] != "code" or "otter_answer_cell" not in cell["metadata"].get(
            "tags", []
        ):
            continue
        check = re.search(r'grader\.check\("([^"]+)"\)', "".join(cells[index + 1]["source"]))
        if not check or check.group(1) not in keys:
            continue
        key = keys[check.group(1)]
        source = "".join(cell["source"])
        variables = re.findall(r"^(\w+) = \.\.\.$", source, re.M)
        for variable, (part, value) in zip(variables, key["parts"].items(), strict=True):
            text = typed(value, key["decimals"])
            if check.group(1) == LABEL and part == PART:
                text = repr(wrong["value"])
            elif check.group(1) == LABEL:
                text = others[part]
            source = re.sub(rf"^{variable} = \.\.\.$", f"{variable} = {text}", source, flags=re.M)
        cell["source"] = source
    return notebook, wrong["hint"]


def feedback(results, zip_path: Path, label: str = LABEL) -> str:
    """The output Gradescope shows for the question, from otter's own Gradescope results."""
    from otter.run import AutograderConfig

    with zipfile.ZipFile(zip_path) as bundle:
        config = json.loads(bundle.read("otter_config.json"))
    tests = results.to_gradescope_dict(AutograderConfig(config))["tests"]
    (shown,) = [test for test in tests if test["name"] == label]
    return shown["output"].rstrip()


def question_html(executed: dict) -> str:
    """The question of exercise 23.1 (heading to check cell), as nbconvert renders it."""
    from nbconvert import HTMLExporter

    cells = executed["cells"]
    start = next(
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## Exercise 23.1")
    )
    end = next(
        i
        for i, c in enumerate(cells)
        if i > start and f'grader.check("{LABEL}")' in "".join(c["source"])
    )
    part = copy.deepcopy(executed)
    part["cells"] = cells[start : end + 1]
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(
        __import__("nbformat").from_dict(part)
    )
    return body


def page(question: str, text: str) -> str:
    box = (
        '<section style="font:14px/1.45 system-ui,sans-serif;margin:12px 24px 24px;'
        'max-width:860px"><h3 style="margin:0 0 6px">After the grades are published: the '
        'feedback of this question</h3><p style="margin:0 0 8px;color:#444">The output of '
        "otter's result for the question, as Gradescope shows it (otter's text, drawn in a "
        "plain box; not Gradescope's page).</p><pre style=\"white-space:pre-wrap;"
        "background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:10px;"
        f'font:13px/1.4 monospace">{html.escape(text)}</pre></section>'
    )
    header = (
        '<section style="font:14px/1.45 system-ui,sans-serif;margin:16px 24px 0">'
        '<h3 style="margin:0">In the notebook: the answer cell and its check</h3>'
        '<p style="margin:4px 0 0;color:#444">The check cell runs only the public test, which '
        "grades every part by the self-check's rule and says passed only when all are right."
        "</p></section>"
    )
    opened = re.search(r"<body[^>]*>", question)
    return (
        question[: opened.end()]
        + header
        + question[opened.end() :].replace("</body>", box + "</body>", 1)
    )


def stamp(path: Path) -> None:
    """Record in the picture which exercise it shows (a PNG text chunk, ``exercise``): a
    renumbering rewrites ``LABEL`` and every text, never the picture, so a test compares the
    two and asks for a new picture when they differ."""
    from PIL import Image, PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("exercise", LABEL)
    with Image.open(path) as image:
        image.load()
        image.save(path, pnginfo=info)


def pictured(path: Path = TARGET) -> str | None:
    """The exercise ``path``'s picture records, or None (a picture the tool did not stamp)."""
    from PIL import Image

    with Image.open(path) as image:
        return image.text.get("exercise")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TARGET)
    args = parser.parse_args(argv)
    from nbconvert.preprocessors import ExecutePreprocessor
    from otter.api import grade_submission
    from playwright.sync_api import sync_playwright

    keys = make_assignments.load_keys()
    number = LABEL[2:4]  # the chapter of the pictured exercise
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "assignments"
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "make_assignments.py"), "--out", str(built)]
            + ["--chapters", number, "--no-run-tests"],
            check=True,
            capture_output=True,
        )
        (student_path,) = (built / f"ch{number}" / "student").glob("*.ipynb")
        (zip_path,) = (built / f"ch{number}" / "autograder").glob("*-autograder_*.zip")
        student = json.loads(student_path.read_text(encoding="utf-8"))
        submission, hint = answered(student, keys)
        path = student_path.with_name("submission.ipynb")
        path.write_text(json.dumps(submission), encoding="utf-8")

        import nbformat

        executed = nbformat.read(path, as_version=4)
        ExecutePreprocessor(timeout=300, kernel_name="python3").preprocess(
            executed, {"metadata": {"path": str(student_path.parent)}}
        )
        results = grade_submission(str(path), str(zip_path), quiet=True)
        text = feedback(results, zip_path)
        if hint not in text:
            raise SystemExit(f"the feedback does not show the hint:\n{text}")

        document = Path(tmp) / "feedback.html"
        document.write_text(page(question_html(executed), text), encoding="utf-8")
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium is None:
            raise SystemExit("Chromium is needed for the screenshot (apt-get install chromium)")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            view = browser.new_page(viewport={"width": 920, "height": 600})
            view.goto(document.as_uri())
            view.wait_for_load_state("networkidle")
            args.out.parent.mkdir(parents=True, exist_ok=True)
            view.screenshot(path=str(args.out), full_page=True)
            browser.close()
        stamp(args.out)
    print(text)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
