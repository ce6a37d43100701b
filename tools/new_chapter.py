"""Start a new chapter: a notebook that already passes the book's checks, and its registrations.

    python -m tools.new_chapter 26 toy "A toy chapter" --part "Part IV: ..."

writes, for chapter ``NN_name``:

- ``chapters/NN_name.ipynb``: the label and the title, the imports, the hidden glue import, a
  worked example whose number the prose pastes with ``{glue:text}``, a figure with alt text,
  three exercises with solutions (the first numeric, with its hidden check cell), the
  documents' section marker and a summary; every cell has an id and no output;
- ``teacher/exercise_specs/chNN.py``: the numeric exercise's code (its numbers, its answer, a
  recorded mistake, how it varies);
- ``tests/answers_chNN.py``: its answer computed by hand;
- the chapter's line in ``_toc.yml``, in number order within the part named by ``--part``, and the
  count of varying exercises on the teachers page.

Then run ``python tools/hash_keys.py`` and ``python tools/sync_claims.py NN_name`` and replace
the example with the chapter's own (CONTRIBUTING.md, "Adding a chapter").
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cell(kind: str, source: str, number: str, index: int, hidden: bool = False) -> dict:
    cell = {"cell_type": kind, "id": f"ch{number}-{index:03d}", "metadata": {}, "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    if hidden:
        cell["metadata"] = {
            "jupyter": {"outputs_hidden": True, "source_hidden": True},
            "tags": ["remove-cell"],
        }
    return cell


def notebook(number: str, name: str, title: str) -> dict:
    """The chapter's notebook: every piece the checks ask for, with a toy example."""
    label = name.replace("_", "-")
    ex = f"ch{number}-ex-share"
    sources = [
        (
            "markdown",
            f"({'ch-' + label})=\n# {title}\n\nAfter this chapter you can say what share of the"
            " cases is positive (write the chapter's goal here).",
            False,
        ),
        (
            "code",
            "import matplotlib.pyplot as plt\nimport numpy as np\n\nimport evalmetrics as em\n"
            "from evalmetrics.exercises import check",
            False,
        ),
        ("code", "from evalmetrics.notebook import glue", True),
        (
            "markdown",
            "## A worked example\n\nTen cases, four of them positive: the share of positives,"
            " the prevalence, is\n"
            f"{{glue:text}}`ch{number}_prevalence:.1f`.",
            False,
        ),
        (
            "code",
            "y = np.array([1, 0, 0, 1, 0, 1, 0, 0, 1, 0])\nprevalence = y.mean()\n"
            "all_negative = em.accuracy(y, np.zeros_like(y))\n"
            'print(f"prevalence {prevalence:.1f}, all-negative accuracy {all_negative:.1f}")',
            False,
        ),
        (
            "code",
            f'assert prevalence == 0.4\nglue("ch{number}_prevalence", prevalence, display=False)',
            True,
        ),
        (
            "code",
            'fig, ax = plt.subplots(figsize=(4, 2.5), facecolor="white")\n'
            'ax.bar(["negative", "positive"], [(y == 0).sum(), (y == 1).sum()], lw=2)\n'
            'ax.set_ylabel("cases");',
            False,
        ),
        (
            "markdown",
            f"```{{exercise}}\n:label: {ex}\n\nEight cases have the labels 1, 0, 0, 1, 0, 0, 0,"
            " 1. What share of them is positive? Check (give numbers to three decimals (or as"
            f' exact fractions)): `check("{ex}", share=...)`\n```\n\n'
            f"```{{solution-start}} {ex}\n:class: dropdown\n```\n\nCount the ones and divide"
            " by the number of cases:",
            False,
        ),
        (
            "code",
            "labels = np.array([1, 0, 0, 1, 0, 0, 0, 1])\nshare = labels.mean()\nshare",
            False,
        ),
        ("markdown", "```{solution-end}\n```", False),
        (
            "code",
            f'assert check("{ex}", share=share)\nassert not check("{ex}", share=1 - share)',
            True,
        ),
        (
            "markdown",
            f"```{{exercise}}\n:label: ch{number}-ex-why\n\nWhy is accuracy high for a model"
            " that calls every case negative when positives are rare?\n```\n\n"
            f"```{{solution-start}} ch{number}-ex-why\n:class: dropdown\n```\n\nIt is right on"
            " every negative, and negatives are most of the cases.\n\n```{solution-end}\n```",
            False,
        ),
        (
            "markdown",
            f"```{{exercise}}\n:label: ch{number}-ex-when\n\nName a task where the positive"
            " class is rare.\n```\n\n"
            f"```{{solution-start}} ch{number}-ex-when\n:class: dropdown\n```\n\nScreening for"
            " a rare disease.\n\n```{solution-end}\n```",
            False,
        ),
        (
            "markdown",
            "## What the documents say\n<!-- claims: generated from reference/data/claims.json"
            " by tools/sync_claims.py -->",
            False,
        ),
        ("markdown", "## Summary\n\n- The prevalence is the share of positive cases.", False),
    ]
    cells = [
        _cell(kind, source, number, i, hidden) for i, (kind, source, hidden) in enumerate(sources)
    ]
    cells[6]["metadata"] = {
        "mystnb": {"image": {"alt": "Bars of the negative and positive cases: six and four."}}
    }
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


# Sentences of the scaffold's toy example, one from each piece a contributor replaces (the
# goal, the worked example, its code, the figure's alt text, the three exercises, the summary,
# the exercise's code): ``leftovers`` finds those still in a chapter's notebook or its exercise
# code, and tests/test_scaffold.py fails on them.
SCAFFOLD_PHRASES = (
    "(write the chapter's goal here)",
    "Ten cases, four of them positive",
    "y = np.array([1, 0, 0, 1, 0, 1, 0, 0, 1, 0])",
    'ax.bar(["negative", "positive"]',
    "Bars of the negative and positive cases: six and four.",
    "Eight cases have the labels 1, 0, 0, 1, 0, 0, 0, 1.",
    "Why is accuracy high for a model that calls every case negative",
    "Name a task where the positive class is rare.",
    "The prevalence is the share of positive cases.",
)
SPEC_PHRASES = ("(written by tools/new_chapter.py: replace the example)", "ch{number}-ex-share")


def leftovers(path: Path) -> list[str]:
    """The scaffold's sentences still in the notebook at ``path`` (``chapters/NN_name.ipynb``)
    or in its exercise code (``teacher/exercise_specs/chNN.py`` beside it), in the order above."""
    text = path.read_text(encoding="utf-8")
    found = [phrase for phrase in SCAFFOLD_PHRASES if json.dumps(phrase)[1:-1] in text]
    spec = path.parents[1] / "teacher" / "exercise_specs" / f"ch{path.name[:2]}.py"
    if spec.exists():
        code = spec.read_text(encoding="utf-8")
        phrases = [phrase.format(number=path.name[:2]) for phrase in SPEC_PHRASES]
        found += [f"{spec.name}: {phrase}" for phrase in phrases if phrase in code]
    return found


SPEC = '''"""Chapter {number}'s exercises (written by tools/new_chapter.py: replace the example)."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake


def _vary(rng) -> dict:
    """Eight labels with 2, 5 or 6 positives (4 would make the mistake the answer)."""
    ones = int(rng.choice([2, 5, 6]))
    return {{"labels": [int(v) for v in rng.permutation([1] * ones + [0] * (8 - ones))]}}


SHARE = Exercise(
    "ch{number}-ex-share",
    params={{"labels": [1, 0, 0, 1, 0, 0, 0, 1]}},
    answer=lambda p: {{"share": Fraction(sum(p["labels"]), len(p["labels"]))}},
    mistakes=(
        Mistake(
            "share",
            lambda p: 1 - Fraction(sum(p["labels"]), len(p["labels"])),
            "That is the share of negatives.",
        ),
    ),
    vary=_vary,
    shows=lambda p: {{"labels": ", ".join(str(v) for v in p["labels"])}},
)

EXERCISES = [SHARE]
'''

ANSWERS = '''"""Hand-computed answers to chapter {number}'s checked exercises."""

ANSWERS = {{
    # labels 1, 0, 0, 1, 0, 0, 0, 1: three ones of eight cases
    "ch{number}-ex-share": {{"share": 3 / 8}},
}}
'''

COUNT = re.compile(r"The other (\d+) of the (\d+) checked exercises vary")


def add_to_toc(toc: str, stem: str, part: str) -> str:
    """``toc`` with ``- file: chapters/<stem>`` in the part ``part``, in the order of the
    chapter numbers (after the last chapter of the part numbered below it; first in the part
    when none is, at the end when it has the highest number)."""
    lines = toc.splitlines(keepends=True)
    captions = {
        i: line.split(":", 1)[1].strip().strip('"')
        for i, line in enumerate(lines)
        if line.lstrip().startswith("- caption:")
    }
    start = next((i for i, caption in captions.items() if caption == part), None)
    if start is None:
        raise SystemExit(
            f"--part: no part {part!r} in _toc.yml; its parts: {list(captions.values())}"
        )
    number = int(stem[:2])
    heading = next(
        (i for i in range(start + 1, len(lines)) if lines[i].strip() == "chapters:"), None
    )
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("- caption:")),
        len(lines),
    )
    if heading is None or heading > end:
        raise SystemExit(f"--part: the part {part!r} of _toc.yml has no 'chapters:' list")
    files = [i for i in range(heading + 1, end) if lines[i].lstrip().startswith("- file:")]
    # after the last chapter of the part numbered below it; first, when none is
    last = heading
    for i in files:
        listed = lines[i].split("- file:", 1)[1].strip().rsplit("/", 1)[-1]
        if listed[:2].isdigit() and int(listed[:2]) > number:
            break
        last = i
    if files:
        indent = lines[files[0]][: len(lines[files[0]]) - len(lines[files[0]].lstrip())]
    else:
        indent = lines[heading][: len(lines[heading]) - len(lines[heading].lstrip())] + "  "
    lines.insert(last + 1, f"{indent}- file: chapters/{stem}\n")
    return "".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "number", help="two digits: the next free number (it is named if the one given is taken)"
    )
    parser.add_argument("name", help="short name, lower case with underscores: toy")
    parser.add_argument("title", help='the chapter\'s title: "A toy chapter"')
    parser.add_argument("--part", required=True, help="the caption of its part in _toc.yml")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not re.fullmatch(r"\d\d", args.number) or not re.fullmatch(r"[a-z][a-z0-9_]*", args.name):
        parser.error("number: two digits; name: lower case letters, digits and _")
    root, stem = args.root, f"{args.number}_{args.name}"
    taken = sorted(p.stem for p in (root / "chapters").glob(f"{args.number}_*.ipynb"))
    if taken:
        numbers = [int(p.name[:2]) for p in (root / "chapters").glob("[0-9][0-9]_*.ipynb")]
        parser.error(
            f"chapter {args.number} exists ({taken[0]}): the next free number is"
            f" {max(numbers) + 1:02d}; to put a chapter before {taken[0]}, first move that"
            " chapter and the later ones up by one with tools/renumber.py (CONTRIBUTING.md,"
            ' "Inserting a chapter mid-book"), then scaffold the new one at the freed number'
        )
    toc = root / "_toc.yml"
    new_toc = add_to_toc(toc.read_text(encoding="utf-8"), stem, args.part)  # checks --part
    path = root / "chapters" / f"{stem}.ipynb"
    book = notebook(args.number, args.name, args.title)
    path.write_text(json.dumps(book, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    spec = root / "teacher" / "exercise_specs" / f"ch{args.number}.py"
    spec.write_text(SPEC.format(number=args.number), encoding="utf-8")
    answers = root / "tests" / f"answers_ch{args.number}.py"
    answers.write_text(ANSWERS.format(number=args.number), encoding="utf-8")
    toc.write_text(new_toc, encoding="utf-8")
    teachers = root / "reference" / "teachers.md"
    text = teachers.read_text(encoding="utf-8")
    match = COUNT.search(text)
    if match:  # one more exercise, and it varies
        new = f"The other {int(match[1]) + 1} of the {int(match[2]) + 1} checked exercises vary"
        teachers.write_text(text[: match.start()] + new + text[match.end() :], encoding="utf-8")
    for written in (path, spec, answers, toc, teachers):
        print(f"wrote {written.relative_to(root)}")
    print(
        f"next: python tools/hash_keys.py; python tools/sync_claims.py {stem}; add the chapter"
        " to intro.md's map; then replace the example (CONTRIBUTING.md, Adding a chapter)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
