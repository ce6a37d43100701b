"""The repository stands on its own: nothing in it points to documents a clone does not have.

A contributor has the repository only. Comments, docstrings and pages that cite an issue number
or a guide kept elsewhere send them to something they cannot read; what they need to know is in
CONTRIBUTING.md, the docstrings and the book.
"""

from __future__ import annotations

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
