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


def pytest_collection_modifyitems(items):
    shows = {}
    for item in items:
        path = Path(str(getattr(item, "path", "")))
        if path.suffix != ".ipynb":
            continue
        if path not in shows:
            shows[path] = _shows_an_explorer(path)
        if not shows[path]:
            item.add_marker(pytest.mark.nightly)
