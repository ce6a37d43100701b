"""Helpers that several test modules share (imported as ``from support import ...``).

- :func:`run_block`: run a block of seeded random cases and fail once, listing every failing
  case with the seed that reproduces it (the random cross-checks);
- :func:`build_assignments`: ``tools/make_assignments.py`` run as a teacher runs it, failing
  with its output;
- :func:`tiered`: the cases of a parametrized check split between ``make test`` (a
  representative few) and ``make test-full`` (all: the others carry the ``nightly`` mark);
- :func:`chapter_number`: a chapter's two-digit number from its short name, so a test that
  picks chapters names them and still picks the same ones after ``tools/renumber.py``;
- :data:`RAW_MYST`: the book's roles and directive options, which must never reach a reader
  of the Lab copy or the student edition as text;
- :func:`find_chromium` and :func:`chromium_browser`: Debian's Chromium for the browser and
  JupyterLab tests, a failure under ``CI=true`` and a skip with the install command elsewhere.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest


def run_block(
    block: int,
    one_case: Callable[[object], None],
    *,
    size: int,
    seed: int,
    pass_as: str = "case",
    quiet: bool = False,
) -> None:
    """Run ``one_case`` for cases ``block * size`` to ``(block + 1) * size - 1``.

    ``pass_as`` says what ``one_case`` receives: ``"case"`` the case number, ``"seed"`` the
    seed ``seed + case``, ``"rng"`` a ``np.random.default_rng(seed + case)``. ``quiet`` silences
    warnings inside each case. Every failing case is listed with its seed, then the block fails.
    """
    if pass_as not in ("case", "seed", "rng"):
        raise ValueError(f"pass_as must be 'case', 'seed' or 'rng'; got {pass_as!r}")
    failures = []
    for case in range(block * size, (block + 1) * size):
        if pass_as == "case":
            argument = case
        elif pass_as == "seed":
            argument = seed + case
        else:
            argument = np.random.default_rng(seed + case)
        try:
            with warnings.catch_warnings() if quiet else contextlib.nullcontext():
                if quiet:
                    warnings.simplefilter("ignore")
                one_case(argument)
        except (Exception, pytest.fail.Exception) as error:
            failures.append(
                f"case {case} (rng seed {seed + case}): {type(error).__name__}: {error}"
            )
    assert not failures, f"{len(failures)} of {size} cases fail in block {block}:\n" + "\n".join(
        failures
    )


ROOT = Path(__file__).resolve().parents[1]


def chapter_number(short_name: str) -> str:
    """The two-digit number of ``chapters/NN_<short_name>.ipynb``: ``"07"`` for ``"roc_auc"``.

    A test that picks chapters names them by short name, so inserting a chapter (which
    renumbers the files, not a test's literals) still picks the same chapters. Fails naming
    ``short_name`` when no chapter, or more than one, has it.
    """
    found = sorted(
        path.name[:2]
        for path in (ROOT / "chapters").glob(f"[0-9][0-9]_{short_name}.ipynb")
        if path.stem[3:] == short_name
    )
    if len(found) != 1:
        pytest.fail(
            f"chapter_number({short_name!r}): expected one chapters/NN_{short_name}.ipynb, "
            f"found {len(found)}" + (f" (numbers {', '.join(found)})" if found else ""),
            pytrace=False,
        )
    return found[0]


RAW_MYST = re.compile(
    r"\{(glue:text|glue|cite|cite:t|cite:p|ref|numref|term|doc)\}`"
    r"|\{(exercise|solution-start|solution-end)\}"
    r"|^:label:",
    re.M,  # an option line anywhere in a cell, not only at its start
)


def tiered(values, quick) -> list:
    """``values`` for ``pytest.mark.parametrize``: those in ``quick`` run in ``make test``; the
    others are marked ``nightly`` and run in ``make test-full`` only. Every value in ``quick``
    must be one of ``values``, so a renamed case cannot silently drop out of ``make test``."""
    values, quick = list(values), list(quick)
    missing = [q for q in quick if q not in values]
    if missing or not quick:
        raise ValueError(f"quick must name some of the values; {missing} are not among them")
    nightly = pytest.mark.nightly
    return [
        v if v in quick else pytest.param(*(v if isinstance(v, tuple) else (v,)), marks=nightly)
        for v in values
    ]


def build_assignments(out: Path, *extra: str) -> None:
    """``tools/make_assignments.py --out OUT EXTRA...`` from the repository root; fails with
    the tool's output."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_assignments.py"), "--out", str(out), *extra],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# flags for a headless Chromium that asks nothing of the network (the book must work offline)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def find_chromium() -> str | None:
    """The path of Debian's Chromium, or None."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


@contextlib.contextmanager
def chromium_browser(test: str, args: list[str] = CHROMIUM_ARGS) -> Iterator[object]:
    """A headless playwright browser on Debian's Chromium, for the ``test`` named in messages.

    Without Chromium: a failure under ``CI=true``, else a skip that says how to install it.
    """
    chromium = find_chromium()
    if chromium is None:
        message = (
            f"Debian chromium is not installed, so the {test} cannot run. "
            "Install it with: sudo apt-get install -y chromium"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (CI=true: a missing browser is a failure, not a skip)")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=chromium, headless=True, args=args)
        try:
            yield instance
        finally:
            instance.close()
