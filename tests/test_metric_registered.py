"""One test says everything a new classification metric still needs, and where to add it.

CONTRIBUTING's "Add a metric" names the steps; the other tests each check one of them and,
for a metric that is not registered yet, skip it rather than fail with a KeyError. This test
lists every missing step of every public classification metric at once, each with its file:

- ``evalmetrics.__all__`` re-exports it (the formula sheet and the API use the short name);
- a count ratio (a name in ``evalmetrics._core.RATIOS``) is also a ``Counts`` property;
- ``tests/test_common.py``: an entry in ``REGISTRY``, and in ``ZERO_DIVISION`` when its
  docstring names ``UndefinedMetricWarning`` (it can meet 0/0);
- ``evalmetrics/formulas.json``: a record whose ``functions`` list names it, with a
  ``chapter`` label that a chapter defines;
- ``reference/api.md``: an ``autofunction`` directive;
- hand-computed values in ``tests/test_classification.py`` (or ``test_four_counts.py``) and a
  cross-check against scikit-learn in a ``tests/test_crosscheck_*.py`` file.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import evalmetrics
from evalmetrics import _core, classification

ROOT = Path(__file__).resolve().parents[1]
HAND = ("test_classification.py", "test_four_counts.py")


def missing_steps(root: Path = ROOT, module=classification, package=evalmetrics) -> list[str]:
    """Every step a public metric of ``module`` lacks, as 'name: what to add where'."""
    tests = root / "tests"
    common = (tests / "test_common.py").read_text(encoding="utf-8")
    sheet = json.loads((root / "evalmetrics" / "formulas.json").read_text(encoding="utf-8"))
    records = [m for part in sheet["parts"] for m in part["metrics"]]
    api = (root / "reference" / "api.md").read_text(encoding="utf-8")
    hand = "".join((tests / name).read_text(encoding="utf-8") for name in HAND)
    cross = "".join(
        p.read_text(encoding="utf-8") for p in sorted(tests.glob("test_crosscheck_*.py"))
    )
    labels = set()
    for notebook in sorted((root / "chapters").glob("*.ipynb")):
        labels |= set(re.findall(r"\(([\w.:-]+)\)=", notebook.read_text(encoding="utf-8")))
    problems = []
    for name in module.__all__:
        function = getattr(module, name)
        if not inspect.isfunction(function):
            continue
        key = f"{module.__name__.rsplit('.', 1)[-1]}.{name}"
        used = re.compile(rf"\b(?:em|classification)\.{name}\b|[\"']{name}[\"']")

        def lacks(what: str) -> None:
            problems.append(f"{key}: {what}")  # noqa: B023 - called in this iteration only

        if name not in package.__all__:
            lacks("import it in evalmetrics/__init__.py and add it to evalmetrics.__all__")
        if name in _core.RATIOS and not isinstance(getattr(package.Counts, name, None), property):
            lacks("a Counts property in evalmetrics/confusion.py (return self._rate(name))")
        if f'"{key}":' not in common.split("ZERO_DIVISION")[0]:
            lacks("an entry in REGISTRY in tests/test_common.py (RATIO_CASES for a ratio)")
        if "UndefinedMetricWarning" in (inspect.getdoc(function) or "") and (
            f'"{key}":' not in common.split("ZERO_DIVISION", 1)[-1]
        ):
            lacks("a ZeroDivisionCase in ZERO_DIVISION in tests/test_common.py")
        record = [r for r in records if f"evalmetrics.{name}" in r.get("functions", [])]
        if not record:
            lacks("a record in evalmetrics/formulas.json whose functions list names it")
        else:
            chapters = record[0].get("chapter") or []
            if not chapters or not set(chapters) <= labels:
                lacks(
                    "formulas.json: its record's chapter must list labels a chapter defines"
                    f" (got {chapters!r})"
                )
        if f".. autofunction:: evalmetrics.{name}\n" not in api + "\n":
            lacks(f"'.. autofunction:: evalmetrics.{name}' in reference/api.md")
        if not used.search(hand):
            lacks("hand-computed values in tests/test_classification.py")
        if not used.search(cross):
            lacks("a cross-check against scikit-learn in a tests/test_crosscheck_*.py file")
    return problems


def test_every_classification_metric_has_every_step():
    problems = missing_steps()
    assert not problems, "missing steps (CONTRIBUTING.md, Add a metric):\n" + "\n".join(problems)


def test_a_metric_added_by_half_is_reported_with_what_to_add(monkeypatch):
    """Can fail: a public metric known only to the classification module is reported once per
    missing step, each naming its file."""

    def half_added(y_true, y_pred, *, zero_division="warn"):
        """A planted ratio; UndefinedMetricWarning when its denominator is 0."""

    monkeypatch.setattr(classification, "half_added", half_added, raising=False)
    monkeypatch.setattr(classification, "__all__", [*classification.__all__, "half_added"])
    monkeypatch.setitem(_core.RATIOS, "half_added", ("planted", None, None, "TP + FP + FN"))
    found = [p for p in missing_steps() if p.startswith("classification.half_added")]
    where = [
        "evalmetrics/__init__.py",
        "evalmetrics/confusion.py",
        "REGISTRY in tests/test_common.py",
        "ZERO_DIVISION in tests/test_common.py",
        "evalmetrics/formulas.json",
        "reference/api.md",
        "tests/test_classification.py",
        "tests/test_crosscheck_*.py",
    ]
    assert len(found) == len(where), found
    for problem, place in zip(found, where, strict=True):
        assert place in problem, (problem, place)
