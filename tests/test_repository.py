"""The repository stands on its own: nothing in it points to documents a clone does not have.

A contributor has the repository only. Comments, docstrings and pages that cite an issue number
or a guide kept elsewhere send them to something they cannot read; what they need to know is in
CONTRIBUTING.md, the docstrings and the book.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(
    # this project's issues by number ("issue 16"); another project's pull request or issue
    # URL is a citation and stays
    r"\bissues? ?#?\d+\b|\bissue-\d+\b|\bGUIDE(?:\.md| section)\b|\.\./shared\b",
    re.IGNORECASE,
)


def tracked_files() -> list[Path]:
    result = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [ROOT / name for name in result.stdout.splitlines()]


# the folders whose files the tests and the build read by `git ls-files`
SOURCE_FOLDERS = ["chapters", "reference", "teacher", "tests", "evalmetrics", "tools", "_ext"]


def untracked_sources(root: Path = ROOT) -> list[str]:
    result = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "--", *SOURCE_FOLDERS],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.split()


def test_no_new_source_file_is_left_untracked():
    """A new chapter or test that git does not track is invisible to the checks that read
    tracked files, and they would pass without it."""
    new = untracked_sources()
    assert not new, "git add these (the tests read the files git tracks): " + ", ".join(new)


def outside_references(text: str) -> list[str]:
    return [match.group(0) for match in OUTSIDE.finditer(text)]


def test_the_pattern_catches_what_it_is_for():
    assert outside_references("see GUIDE section 5 and issue 16; (issue-17)") == [
        "GUIDE section",
        "issue 16",
        "issue-17",
    ]
    assert outside_references("cat ../shared/seeds/000.md; issues #12") == [
        "../shared",
        "issues #12",
    ]
    assert outside_references("merged in pull request 2031 of torchmetrics") == []
    assert outside_references("a short guide; the issue is the denominator") == []


def test_no_tracked_file_points_outside_the_repository():
    found = []
    for path in tracked_files():
        if path.suffix in {".png", ".zip", ".gz", ".svg"} or not path.is_file():
            continue
        if path.name == Path(__file__).name:
            continue  # this file spells the patterns out
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for hit in outside_references(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {hit}")
    assert not found, "\n".join(found[:30])


def test_every_chapter_is_in_the_toc():
    """A notebook not listed in _toc.yml is not built (only_build_toc_files), and the browser
    test would skip it: every chapter is listed (no build needed, so make check runs it)."""
    text = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\s*(?:root|-\s*file):\s*(\S+)\s*$", text, flags=re.M))
    chapters = {f"chapters/{path.stem}" for path in (ROOT / "chapters").glob("*.ipynb")}
    assert chapters, "no chapters found"
    missing = sorted(chapters - listed)
    assert not missing, (
        f"add to _toc.yml, in its part: {', '.join(f'- file: {m}' for m in missing)}"
    )


def test_tiered_marks_the_rest_nightly_and_refuses_a_quick_case_that_is_not_there():
    from support import tiered

    cases = tiered(["01", "02", "03"], ["02"])
    assert cases[1] == "02"
    for case in (cases[0], cases[2]):
        assert [mark.name for mark in case.marks] == ["nightly"]
    with pytest.raises(ValueError, match="04"):
        tiered(["01", "02"], ["04"])
    with pytest.raises(ValueError):
        tiered(["01", "02"], [])


def test_make_test_leaves_out_the_nightly_cases_and_make_test_full_runs_them():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "UNIT_MARKS ?= not browser and not nightly" in makefile
    assert '$(MAKE) --no-print-directory test UNIT_MARKS="not browser"' in makefile
    assert "make test-full" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_package_reads_no_setting_but_the_two_the_nbval_selection_knows():
    """make test gives nbval only the notebooks that show an explorer (tests/conftest.py): the
    others run in the build's kernel exactly as in a reader's, because the only settings the
    package reads are the build's EVALMETRICS_STATIC_FRAMES (explorers) and make lab's
    EVALMETRICS_LAB, and the language settings of evalmetrics/_languages.py, which change only
    how a finished figure is shown (the build shows each in both languages, drawing what a
    reader's kernel draws, and more). A new one would make that selection unsound: this fails
    first."""
    reads = set()
    for path in sorted((ROOT / "evalmetrics").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        reads |= set(re.findall(r"environ(?:\.get)?[\[(]\s*([A-Z_]+|\"[^\"]+\")", text))
        reads |= set(re.findall(r"getenv\(\s*(\"[^\"]+\"|[A-Z_]+)", text))
    languages = {
        "LANGUAGES_VARIABLE",
        "LANGUAGE_VARIABLE",
        "CATALOGS_VARIABLE",
        '"EVALMETRICS_LANGUAGE"',  # exercises.py reads it without importing _languages
    }
    assert reads == {"STATIC_FRAMES_VARIABLE", '"EVALMETRICS_LAB"', *languages}, reads


def test_nbval_in_make_test_takes_the_notebooks_that_show_an_explorer():
    from conftest import _shows_an_explorer

    shown = {p.stem for p in (ROOT / "chapters").glob("*.ipynb") if _shows_an_explorer(p)}
    assert {"03_second_level", "11_ap_map", "21_costs_thresholds"} <= shown
    assert not shown & {"02_first_level", "18_bootstrap", "24_two_learners"}


def test_every_notebook_is_stored_without_outputs():
    """The build executes the notebooks: a stored output would be stale the moment the code or
    the package changes, and it would show in a diff (CONTRIBUTING, Adding a chapter, step 1)."""
    stored = []
    for path in sorted([*ROOT.glob("chapters/*.ipynb"), *ROOT.glob("reference/*.ipynb")]):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code" and (cell["outputs"] or cell["execution_count"]):
                stored.append(f"{path.relative_to(ROOT)}, cell {cell.get('id')}")
    assert not stored, "outputs stored (clear them: Jupyter's Clear All Outputs):\n" + "\n".join(
        stored
    )


def test_every_test_file_is_in_contributings_table():
    """CONTRIBUTING's "Which test checks what" names every test file (a glob such as
    ``test_stats_*.py`` counts), so that a failing test's purpose is one lookup away."""
    import fnmatch

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    table = text.split("\n## Which test checks what\n", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(test_[\w*]+\.py)`", table)
    missing = [
        path.name
        for path in sorted((ROOT / "tests").glob("test_*.py"))
        if not any(fnmatch.fnmatch(path.name, pattern) for pattern in named)
    ]
    assert not missing, f"add to CONTRIBUTING's table: {missing}"


@pytest.mark.parametrize(
    ("lang", "language", "folder"),
    [
        ("zh", "zh_CN", "_build/lab-zh"),
        ("zh_CN.UTF-8", "zh_CN", "_build/lab-zh"),
        ("C.UTF-8", "", "_build/lab"),
    ],
)
def test_make_lab_lang_zh_makes_the_chinese_copy_and_a_locale_of_other_languages_does_not(
    lang, language, folder
):
    import subprocess

    shown = subprocess.run(
        ["make", "-n", "lab", f"LANG={lang}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert f"EVALMETRICS_LANGUAGE={language} " in shown
    assert f"--ServerApp.root_dir={folder} " in shown
