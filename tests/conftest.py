"""Test settings shared by every test module.

hypothesis' default deadline (200 ms per example) makes a property test pass or fail with the
machine's speed: on a loaded 2-core machine an example can take longer without anything being
wrong. The property tests check values, not speed (speed is measured in ``benchmarks/``), so
the deadline is off.
"""

import json
import re
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("book", deadline=None)
settings.load_profile("book")


# A notebook's kernel in nbval differs from the build's in one thing only: the build sets
# EVALMETRICS_STATIC_FRAMES=1, so an explorer renders frames there and builds its live
# ipywidgets view here (tests/test_repository.py checks that the package reads no other
# setting a reader's kernel lacks). A notebook that shows no explorer runs the same code in both,
# and the build (make book, build-check) has run it: make test gives nbval the notebooks that
# show an explorer; make test-full (no -m "not nightly") runs nbval on every notebook. make
# nbval loads this file with -p conftest, as it collects no test module.
EXPLORER_CALL = re.compile(r"\b\w+_explorer\(")


def _shows_an_explorer(path: Path) -> bool:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return any(
        EXPLORER_CALL.search("".join(cell["source"]))
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
    )


# --chapter NN_name (CONTRIBUTING, "Adding a chapter", step 10): the checks of a new chapter
# without the cases of every other chapter. A case whose id names chapters (``09_pr_ap``,
# ``ch09``, ``ch09-ex-...``), none of them this one, is deselected; every other test runs, those
# over the whole book (the toc, the teachers page, the catalogs) included. Adding a chapter
# changes no other chapter's files: after a renumbering, which does, run without it.
CHAPTER_IN_ID = re.compile(r"(?<![0-9])(?:ch([0-9]{2})(?![0-9])|([0-9]{2})_[a-z])")


def pytest_addoption(parser):
    parser.addoption(
        "--chapter",
        metavar="NN_name",
        help="run a new chapter's cases and the book-wide tests, not every other chapter's cases",
    )


def chapters_named(test_id: str) -> set[str]:
    """The chapter numbers a test case's parameters name: ``{"09"}`` for ``[ch09-ex-ties]``."""
    params = test_id.partition("[")[2]
    return {a or b for a, b in CHAPTER_IN_ID.findall(params)}


def other_chapters_cases(items, chapter: str) -> list:
    number = re.match(r"[0-9]{2}", chapter)
    if number is None:
        raise pytest.UsageError(f"--chapter: expected a name such as 26_toy, got {chapter!r}")
    return [
        item
        for item in items
        if (named := chapters_named(item.nodeid)) and number.group() not in named
    ]


def pytest_collection_modifyitems(config, items):
    chapter = config.getoption("--chapter", default=None)
    if chapter:
        others = other_chapters_cases(items, chapter)
        if others:
            config.hook.pytest_deselected(items=others)
            left = set(map(id, others))
            items[:] = [item for item in items if id(item) not in left]
    shows = {}
    for item in items:
        path = Path(str(getattr(item, "path", "")))
        if path.suffix != ".ipynb":
            continue
        if path not in shows:
            shows[path] = _shows_an_explorer(path)
        if not shows[path]:
            item.add_marker(pytest.mark.nightly)
