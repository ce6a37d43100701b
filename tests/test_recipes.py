"""CONTRIBUTING's recipes, followed literally in a copy of the repository.

"Adding a chapter" (at the end of this file): its scaffold commands, run in a copy, give a
chapter that passes the recipe's own checks; undoing each piece of it (the toc line, the keys,
the hand answers, the teachers page's count, the documents' section, the hidden check) fails
one of them.

"Add a metric":

The test reads the recipe's numbered steps: each names its file in bold and carries the code
to add as fenced blocks. Where each block goes is the recipe's words ("before the "fpr"
entry"), which this file writes down once as ANCHORS, keyed by the block's place. The test
checks that the recipe has exactly these steps (a step removed from the recipe fails here),
applies every block to a copy of the repository's tracked files, runs the recipe's own
commands (its console blocks) and checks; then, for each step, a copy without that step must
fail one of the checks. The recipe's metric is the Jaccard index (``em.jaccard``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import tiered

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable

# (step's file, block number in the step) -> where the block goes: ("before", line), ("after",
# line) with the first line of the file that starts with ``line`` (in the part named by
# ``within``, a line the search starts from), ("sorted", within): a one-line entry into the
# alphabetical list that starts after the line ``within`` (wherever the names already there put
# it, so a metric added since does not move it), ("end",) or ("end", another file of the step),
# or ("json-after-id", id).
ANCHORS = {
    ("evalmetrics/_core.py", 0): ("before", '    "fpr": (', "RATIOS = {"),
    ("evalmetrics/classification.py", 0): ("before", "def balanced_accuracy(", None),
    ("evalmetrics/classification.py", 1): ("sorted", "__all__ = ["),
    ("evalmetrics/confusion.py", 0): (
        "before",
        "    @property\n    def balanced_accuracy(self)",
        "class Counts",
    ),
    ("evalmetrics/__init__.py", 0): ("sorted", "from .classification import"),
    ("evalmetrics/__init__.py", 1): ("sorted", "__all__ = ["),
    ("tests/test_common.py", 0): ("after", '    "classification.npv": RATIO_CASES,', None),
    ("tests/test_common.py", 1): ("after", '    "classification.npv": ZeroDivisionCase(', None),
    ("evalmetrics/formulas.json", 0): ("json-after-id", "npv"),
    ("reference/glossary.md", 0): ("before", "judged@K", "```{glossary}"),
    ("reference/api.md", 0): ("after", ".. autofunction:: evalmetrics.npv", None),
    ("tests/test_classification.py", 0): ("end",),
    ("tests/test_crosscheck_sklearn.py", 0): ("end",),
    # the step's second block: "at the end of tests/test_crosscheck_sklearn_four_counts.py"
    ("tests/test_crosscheck_sklearn.py", 1): (
        "end",
        "tests/test_crosscheck_sklearn_four_counts.py",
    ),
}
STEPS = list(dict.fromkeys(file for file, _ in ANCHORS))


def recipe() -> list[tuple[str, list[tuple[str, str]]]]:
    """The recipe's steps: (the file in bold, [(the fence's language, its code)])."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("\n## Add a metric\n", 1)[1].split("\n## ", 1)[0]
    steps = []
    for chunk in re.split(r"\n(?=\d+\. \*\*)", section)[1:]:
        head = re.match(r"\d+\. \*\*`?([^*`]+)`?\*\*", chunk)
        blocks = re.findall(r"^( *)```(\w+)\n(.*?)^\1```", chunk, flags=re.S | re.M)
        code = [(lang, _dedent(body, len(indent))) for indent, lang, body in blocks]
        steps.append((head.group(1), code))
    return steps


def _dedent(body: str, width: int) -> str:
    return "".join(line[width:] if line.strip() else "\n" for line in body.splitlines(True))


def _name(line: str) -> str:
    return line.strip().strip(",").strip('"')


def _insert_sorted(text: str, block: str, within: str) -> str:
    """``block`` (one entry) into the list after the line holding ``within``, in its place."""
    start = text.index("\n", text.index(within)) + 1
    lines = text[start:].splitlines(keepends=True)
    offset = start
    for line in lines:
        if line.strip() in (")", "]", ")\n", "]\n") or not line.strip().endswith(","):
            break  # the end of the list: the new name sorts last
        if _name(line) > _name(block):
            break
        offset += len(line)
    return text[:offset] + block + text[offset:]


def _insert(text: str, block: str, anchor: tuple) -> str:
    kind = anchor[0]
    if kind == "end":
        return text.rstrip("\n") + "\n\n\n" + block
    if kind == "sorted":
        return _insert_sorted(text, block, anchor[1])
    line, within = anchor[1], anchor[2]
    start = text.index(within) if within else 0
    at = text.index("\n" + line, start) + 1
    if kind == "after":
        end = text.index("\n", at) + 1
        if line.endswith("("):  # a multi-line entry: after its closing line
            end = text.index("\n    ),\n", at) + len("\n    ),\n")
        return text[:end] + block + text[end:]
    return text[:at] + block + text[at:]


def _insert_json(text: str, record: str, after_id: str) -> str:
    data = json.loads(text)
    for part in data["parts"]:
        ids = [m["id"] for m in part["metrics"]]
        if after_id in ids:
            part["metrics"].insert(ids.index(after_id) + 1, json.loads(record))
            return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    raise AssertionError(f"no record {after_id!r} in formulas.json")


def copy_repository(target: Path) -> Path:
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    (target / ".venv").symlink_to(Path(PYTHON).parents[1])
    return target


def follow(target: Path, skip: str | None = None) -> list[list[str]]:
    """Apply every step but ``skip``; return the recipe's commands (its console lines)."""
    commands = []
    for file, blocks in recipe():
        if file == skip:
            continue
        code_blocks = [b for b in blocks if b[0] != "console"]
        for index, (_language, body) in enumerate(code_blocks):
            anchor = ANCHORS[(file, index)]
            path = target / (anchor[1] if anchor[0] == "end" and len(anchor) > 1 else file)
            text = path.read_text(encoding="utf-8")
            if anchor[0] == "json-after-id":
                text = _insert_json(text, body, anchor[1])
            else:
                text = _insert(text, body, anchor)
            path.write_text(text, encoding="utf-8")
        for language, body in blocks:
            if language == "console":
                commands += [line.split() for line in body.splitlines() if line.strip()]
    return commands


def run(target: Path, command: list[str], extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(target), "PYTHONDONTWRITEBYTECODE": "1", **(extra or {})}
    if command[0] == ".venv/bin/python":
        command = [PYTHON, *command[1:]]
    elif command[0].startswith(".venv/bin/"):  # ruff: the test's environment's
        command = [str(Path(PYTHON).parent / Path(command[0]).name), *command[1:]]
    if "pytest" in command:
        command = [*command, "-p", "no:cacheprovider", "-x"]
    return subprocess.run(command, cwd=target, env=env, capture_output=True, text=True)


def test_the_recipe_has_every_step_in_order():
    """A step taken out of CONTRIBUTING (or a block of one) fails here, naming it."""
    steps = recipe()
    named = [file for file, _ in steps if file in STEPS]
    assert named == STEPS, f"the recipe's steps are {named}; the test follows {STEPS}"
    for file, blocks in steps:
        if file in STEPS:
            code = [b for b in blocks if b[0] != "console"]
            expected = sum(1 for f, _ in ANCHORS if f == file)
            assert len(code) == expected, f"{file}: {len(code)} code blocks, expected {expected}"
    checks = [f for f, blocks in steps if any(lang == "console" for lang, _ in blocks)]
    assert checks and checks[-1] == "The checks.", checks


@pytest.mark.slow
def test_the_recipe_followed_literally_passes_its_checks(tmp_path):
    target = copy_repository(tmp_path / "repo")
    commands = follow(target)
    assert any("make_formula_sheet.py" in " ".join(c) for c in commands)
    assert [c[0] for c in commands[-5:-3]] == [".venv/bin/ruff", ".venv/bin/ruff"], commands
    for command in commands:
        result = run(target, command)
        assert result.returncode == 0, f"{' '.join(command)}\n{result.stdout[-3000:]}"
    # the metric works in the copy, through its new name
    probe = "import evalmetrics as em; print(em.jaccard([1, 1, 0], [1, 0, 1]))"
    result = run(target, [PYTHON, "-c", probe])
    assert result.stdout.strip() == str(1 / 3), result.stderr


@pytest.mark.slow
# each step undone in its own copy, about 12 s a step: `make test` undoes the registry entry,
# `make test-full` every step
@pytest.mark.parametrize("skipped", tiered(STEPS, ["tests/test_common.py"]))
def test_leaving_out_a_step_fails_a_check(tmp_path, skipped):
    target = copy_repository(tmp_path / "repo")
    commands = follow(target, skip=skipped)
    # the first check that fails is enough (the checks after it are not run)
    failed = next((c for c in commands if run(target, c).returncode != 0), None)
    assert failed, f"every check passes without the step {skipped}"


# --- "Adding a chapter" ------------------------------------------------------------------------


RECIPE_NUMBER = "26"  # the chapter number CONTRIBUTING's example uses


def next_number() -> str:
    """The next free chapter number: the test follows the recipe with it, so the chapter the
    example names can be written for real without breaking this test."""
    numbers = [int(p.name[:2]) for p in (ROOT / "chapters").glob("[0-9][0-9]_*.ipynb")]
    return f"{max(numbers) + 1:02d}"


def _renumbered(word: str, number: str) -> str:
    return re.sub(rf"(?<![0-9]){RECIPE_NUMBER}(?=_toy|$)", number, word)


def chapter_commands() -> tuple[list[list[str]], list[list[str]]]:
    """The chapter recipe's console lines, with the next free chapter number for the example's:
    (the scaffold's, the checks of its step 10)."""
    import shlex

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("\n## Adding a chapter\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^( *)```console\n(.*?)^\1```", section, flags=re.S | re.M)
    number = next_number()
    lines = [
        [
            [_renumbered(word, number) for word in shlex.split(line)]
            for line in _dedent(body, len(indent)).splitlines()
            if line.strip()
        ]
        for indent, body in blocks
    ]
    assert len(lines) >= 2, "the chapter recipe lost its scaffold or its checks"
    return lines[0], lines[-1]


def _without(target: Path, what: str) -> None:
    """Undo one piece of the scaffold in ``target``: a step a contributor could leave out."""
    number = next_number()
    notebook = target / "chapters" / f"{number}_toy.ipynb"
    if what == "toc line":
        toc = target / "_toc.yml"
        lines = toc.read_text(encoding="utf-8").splitlines(keepends=True)
        toc.write_text("".join(x for x in lines if f"chapters/{number}_toy" not in x), "utf-8")
    elif what == "keys":
        for path in target.glob(f"**/exercise_keys/ch{number}.json"):
            path.unlink()
    elif what == "hand answers":
        (target / "tests" / f"answers_ch{number}.py").unlink()
    elif what == "teachers count":
        shutil.copy2(ROOT / "reference" / "teachers.md", target / "reference" / "teachers.md")
    elif what in ("documents section", "hidden check"):
        data = json.loads(notebook.read_text(encoding="utf-8"))
        marker = "## What the documents say" if what == "documents section" else "assert check("
        data["cells"] = [c for c in data["cells"] if marker not in "".join(c["source"])]
        notebook.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    else:
        raise ValueError(what)


CHAPTER_PIECES = [
    "toc line",
    "keys",
    "hand answers",
    "teachers count",
    "documents section",
    "hidden check",
]


def _scaffold(target: Path, skip: str | None = None) -> list[list[str]]:
    scaffold, checks = chapter_commands()
    for command in scaffold:
        if skip == "keys" and "hash_keys.py" in " ".join(command):
            continue
        result = run(target, command)
        assert result.returncode == 0, f"{' '.join(command)}\n{result.stdout}{result.stderr}"
    if skip and skip != "keys":
        _without(target, skip)
    subprocess.run(["git", "init", "-q"], cwd=target, check=True)  # tests scan tracked files
    subprocess.run(["git", "add", "-A"], cwd=target, check=True)
    return checks


def _run_checks(target: Path, checks: list[list[str]], first: bool = False) -> list[str]:
    """The checks that fail, with their output; with ``first``, up to the first that fails."""
    env_extra = {"IPYTHONDIR": str(target / "tools" / "ipython")}
    failed = []
    for command in checks:
        result = run(target, command, env_extra)
        if result.returncode != 0:
            failed.append(f"{' '.join(command)}\n{result.stdout[-2500:]}{result.stderr[-500:]}")
            if first:
                break
    return failed


@pytest.mark.slow
def test_the_chapter_recipe_scaffold_passes_its_checks(tmp_path):
    target = copy_repository(tmp_path / "repo")
    failed = _run_checks(target, _scaffold(target))
    assert not failed, "\n\n".join(failed)
    # the check before the pull request fails until the toy example is replaced
    left = run(target, [".venv/bin/python", "-m", "pytest", "-q", "tests/test_scaffold.py"])
    assert left.returncode != 0 and f"{next_number()}_toy.ipynb still has" in left.stdout
    # the toy exercise varies: one more checked exercise, and one more that varies
    count = re.compile(r"The other (\d+) of the (\d+) checked exercises vary")
    before = count.search((ROOT / "reference" / "teachers.md").read_text(encoding="utf-8"))
    after = count.search((target / "reference" / "teachers.md").read_text(encoding="utf-8"))
    assert (int(after[1]), int(after[2])) == (int(before[1]) + 1, int(before[2]) + 1)


@pytest.mark.slow
# each piece undone in its own copy, 10 to 25 s a piece: `make test` leaves out the toc line,
# `make test-full` each piece
@pytest.mark.parametrize("skipped", tiered(CHAPTER_PIECES, ["toc line"]))
def test_leaving_out_a_piece_of_the_chapter_fails_a_check(tmp_path, skipped):
    target = copy_repository(tmp_path / "repo")
    assert _run_checks(target, _scaffold(target, skip=skipped), first=True), (
        f"every check passes without the {skipped}"
    )


def test_a_part_that_is_not_in_the_toc_stops_the_scaffold_before_it_writes(tmp_path):
    from tools import new_chapter

    for folder in ("chapters", "teacher/exercise_specs", "tests", "reference"):
        (tmp_path / folder).mkdir(parents=True)
    shutil.copy2(ROOT / "_toc.yml", tmp_path / "_toc.yml")
    shutil.copy2(ROOT / "reference" / "teachers.md", tmp_path / "reference" / "teachers.md")
    with pytest.raises(SystemExit, match="--part: no part 'Part IX'"):
        new_chapter.main(["27", "toy", "A toy", "--part", "Part IX", "--root", str(tmp_path)])
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert sorted(p.name for p in written) == ["_toc.yml", "teachers.md"]
    assert (tmp_path / "_toc.yml").read_text() == (ROOT / "_toc.yml").read_text()


def test_the_chapter_option_leaves_out_only_other_chapters_cases():
    """``--chapter`` of step 10 keeps the new chapter's cases and every test over the whole
    book, and leaves out the cases that name only other chapters."""
    from types import SimpleNamespace

    import conftest

    ids = {
        "t.py::test_toc": True,  # no parameters: the whole book
        "t.py::test_page[reference/teachers]": True,
        "t.py::test_page[intro]": True,
        "t.py::test_notebook[26_toy]": True,
        "t.py::test_notebook[chapters/26_toy.ipynb]": True,
        "t.py::test_key[ch26-ex-toy]": True,
        "t.py::test_key[ch26]": True,
        "t.py::test_notebook[09_pr_ap]": False,
        "t.py::test_notebook[chapters/09_pr_ap]": False,
        "t.py::test_key[ch09-ex-ties]": False,
        "t.py::test_key[ch09]": False,
        "t.py::test_pair[ch09-ex-holm-c26_toy]": True,  # names the new chapter too
        "t.py::test_seed[2026]": True,  # a number, not a chapter
        "chapters/09_pr_ap.ipynb::Cell 3": True,  # nbval's cells: no parameters
    }
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    left_out = {item.nodeid for item in conftest.other_chapters_cases(items, "26_toy")}
    assert left_out == {nodeid for nodeid, kept in ids.items() if not kept}
    with pytest.raises(pytest.UsageError, match="--chapter"):
        conftest.other_chapters_cases(items, "toy")
