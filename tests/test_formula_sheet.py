"""The formula sheet: generated from one data file, complete, pointing at real things.

``evalmetrics/formulas.json`` is the one source; ``tools/make_formula_sheet.py`` writes
``reference/formulas.md`` from it. These tests check that

- the committed page is exactly what the tool writes (no hand edits, no stale page), and the
  tool's ``--check`` fails on a stale page;
- every public metric of the package (found by introspection, not from a list kept here) is on
  the sheet, and every function the sheet names exists;
- every chapter label the sheet links to is defined in a chapter;
- every scikit-learn name is in ``sklearn.metrics`` and every trec_eval name is a measure that
  ``pytrec_eval.supported_measures`` lists (a cut-off suffix ``_K`` or ``_10`` removed);
- every undefined case the sheet states gives ``nan`` with ``UndefinedMetricWarning``, and every
  metric it calls "always defined" gives a finite value on a degenerate input without a warning;
- the page is in the table of contents, its parts are the book's parts, and the print CSS is
  scoped (jupyter-book adds it to every page).
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import inspect
import json
import pkgutil
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
import yaml

import evalmetrics
from evalmetrics import UndefinedMetricWarning, ranking

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "reference" / "formulas.md"


def _load_tool():
    spec = importlib.util.spec_from_file_location(
        "make_formula_sheet", ROOT / "tools" / "make_formula_sheet.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _load_tool()
DATA = TOOL.load()
METRICS = [metric for part in DATA["parts"] for metric in part["metrics"]]

# The modules whose public names are metrics; each of their public names is either on the sheet
# or in NOT_METRICS.
METRIC_MODULES = ("counts", "classification", "curves", "ranking")
# The package's other modules hold no metric. A new module must be added to one of the two.
MODULES_WITHOUT_METRICS = {
    "plots": "draws the metrics (matplotlib); computes none of its own",
    "widgets": "interactive explorers built on plots",
    "explorer": "the explorer framework (sliders over frames); computes no metric",
    "datasets": "loads and simulates data",
    "exercises": "checks readers' answers",
    "notebook": "the chapters' glue helper",
    "_undefined": "the private 0/0 policy (the sheet's conventions state it)",
    "_validation": "private input validation",
    "io": "reads and writes TREC qrels and run files into ranking's arrays; computes no metric",
    "stats": (
        "confidence intervals, paired tests and cost decisions (numpy + scipy); "
        "its formulas join the sheet with chapters 13-15"
    ),
}
# Public names in METRIC_MODULES (and evalmetrics.__all__) that are not metrics.
NOT_METRICS = {
    "evalmetrics.__version__": "the version string",
    "evalmetrics.ranking": "the module; its functions are checked one by one",
    "evalmetrics.Counts": "the class; its properties and methods are checked one by one",
    "evalmetrics.UndefinedMetricWarning": "the warning of the 0/0 policy",
    "evalmetrics.fbeta_isocurve": "the precision at which F-beta equals a level: the geometry of "
    "the iso-curves drawn in plots, not a metric of data",
    "evalmetrics.Counts.at_prevalence": "the counts moved to another prevalence (input of the "
    "imbalance explorer), not a metric",
    "evalmetrics.sweep": "the threshold sweep behind roc_curve, pr_curve and counts_at: "
    "counts at every threshold, not a metric",
    "evalmetrics.Sweep": "the sweep's result (arrays of counts)",
    "evalmetrics.ranking.judge": "turns ids and judgements into grades: input preparation",
}


def public_metrics() -> list[str]:
    """Dotted names of every public metric, found by introspection of the package."""
    names = {f"evalmetrics.{name}" for name in evalmetrics.__all__}
    for module_name in METRIC_MODULES:
        module = importlib.import_module(f"evalmetrics.{module_name}")
        for name in module.__all__:
            if module_name == "ranking":
                names.add(f"evalmetrics.ranking.{name}")
            else:
                # the core modules' names are re-exported: the sheet uses the short path
                assert name in evalmetrics.__all__, f"{module_name}.{name} is not re-exported"
                names.add(f"evalmetrics.{name}")
    for name, member in vars(evalmetrics.Counts).items():
        if name.startswith("_") or name in ("tp", "fp", "tn", "fn"):
            continue  # the four fields are the counts themselves (evalmetrics.counts)
        if isinstance(member, property) or inspect.isfunction(member):
            names.add(f"evalmetrics.Counts.{name}")
    return sorted(names - set(NOT_METRICS))


def names_on_sheet(data: dict) -> set[str]:
    return {name for part in data["parts"] for m in part["metrics"] for name in m["functions"]}


def missing_from_sheet(data: dict) -> list[str]:
    on_sheet = names_on_sheet(data)
    return [name for name in public_metrics() if name not in on_sheet]


def resolve(dotted: str) -> object:
    """The object a dotted name such as ``evalmetrics.Counts.fpr`` refers to."""
    parts = dotted.split(".")
    obj = importlib.import_module(parts[0])
    for part in parts[1:]:
        obj = getattr(obj, part)
    return obj


def chapter_labels() -> set[str]:
    labels = set()
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                labels.update(re.findall(r"^\(([\w:-]+)\)=\s*$", text, flags=re.M))
    return labels


def _floats(result: object) -> np.ndarray:
    parts = result if isinstance(result, tuple) else (result,)
    return np.concatenate([np.ravel(np.asarray(part, dtype=np.float64)) for part in parts])


def _run(expression: str) -> tuple[np.ndarray, list[warnings.WarningMessage]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = eval(expression, {"em": evalmetrics, "ranking": ranking, "np": np})
    return _floats(result), caught


# ---------------------------------------------------------------------------------------------
# the page is generated


def test_the_page_is_what_the_tool_writes():
    assert PAGE.read_text(encoding="utf-8") == TOOL.render(DATA), (
        "reference/formulas.md differs from the data: run python tools/make_formula_sheet.py"
    )
    assert TOOL.main(["--check"]) == 0


def test_check_fails_on_a_stale_page(tmp_path, monkeypatch):
    stale = tmp_path / "formulas.md"
    stale.write_text(TOOL.render(DATA).replace("[0, 1]", "[0, 2]", 1), encoding="utf-8")
    monkeypatch.setattr(TOOL, "PAGE", stale)
    monkeypatch.setattr(TOOL, "ROOT", tmp_path)
    assert TOOL.main(["--check"]) == 1


def test_the_page_is_in_the_toc_and_its_parts_are_the_books():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    captions = [part["caption"] for part in toc["parts"]]
    assert [part["title"] for part in DATA["parts"]] == captions[:3]
    reference = next(part for part in toc["parts"] if part["caption"] == "Reference")
    assert {"file": "reference/formulas"} in reference["chapters"]


# ---------------------------------------------------------------------------------------------
# complete: every public metric is on the sheet


def test_every_module_is_a_metric_module_or_excluded_with_a_reason():
    modules = {info.name for info in pkgutil.iter_modules(evalmetrics.__path__)}
    assert modules == set(METRIC_MODULES) | set(MODULES_WITHOUT_METRICS)


@pytest.mark.parametrize("name", sorted(NOT_METRICS))
def test_each_exclusion_names_something_that_exists(name):
    resolve(name)


def test_the_completeness_check_can_fail():
    data = copy.deepcopy(DATA)
    for part in data["parts"]:
        for metric in part["metrics"]:
            metric["functions"] = [f for f in metric["functions"] if f != "evalmetrics.Counts.fnr"]
    assert missing_from_sheet(data) == ["evalmetrics.Counts.fnr"]
    assert len(public_metrics()) > 30  # the introspection finds the package's metrics


@pytest.mark.parametrize("name", public_metrics())
def test_every_public_metric_is_on_the_sheet(name):
    assert name in names_on_sheet(DATA), f"{name} is not in evalmetrics/formulas.json"
    assert f"`{TOOL.short_name(name)}`" in PAGE.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# every name and link on the sheet is real


@pytest.mark.parametrize("name", sorted(names_on_sheet(DATA)))
def test_every_function_on_the_sheet_exists(name):
    obj = resolve(name)  # AttributeError if it does not exist
    assert callable(obj) or isinstance(obj, property), (
        f"{name} is neither a function nor a property"
    )


LABELS = sorted({label for metric in METRICS for label in metric["chapter"]})


@pytest.mark.parametrize("label", LABELS)
def test_every_chapter_reference_is_a_label_in_the_chapters(label):
    assert label in chapter_labels(), f"no ({label})= in chapters/*.ipynb"


def test_the_label_check_can_fail():
    assert "sec-no-such-section" not in chapter_labels()
    assert {"sec-precision", "sec-ndcg"} <= chapter_labels()


def _library_names(text):
    """``"map, map_cut_K (mean over queries)"`` -> ``["map", "map_cut_K"]`` (the note dropped)."""
    return [name.strip() for name in text.partition(" (")[0].split(",")]


SKLEARN_NAMES = sorted(
    {n for m in METRICS if m.get("scikit-learn") for n in _library_names(m["scikit-learn"])}
)
TREC_NAMES = sorted(
    {n for m in METRICS if m.get("trec_eval") for n in _library_names(m["trec_eval"])}
)


@pytest.mark.parametrize("name", SKLEARN_NAMES)
def test_every_scikit_learn_name_exists(name):
    from sklearn import metrics as skm

    assert callable(getattr(skm, name, None)), f"sklearn.metrics has no {name}"


@pytest.mark.parametrize("name", TREC_NAMES)
def test_every_trec_eval_name_is_a_measure(name):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    # P_K, map_cut_K, success_10: the measure is the name without its cut-off suffix
    measure = re.sub(r"_(K|\d+)$", "", name)
    assert measure in pytrec_eval.supported_measures, f"trec_eval has no measure {measure}"


def test_the_library_name_checks_can_fail():
    assert _library_names("map, map_cut_K (mean over queries)") == ["map", "map_cut_K"]
    assert re.sub(r"_(K|\d+)$", "", "ndcg_cut_K") == "ndcg_cut"
    from sklearn import metrics as skm

    assert not hasattr(skm, "hit_ratio_score")


def test_metric_records_are_complete():
    ids = [metric["id"] for metric in METRICS]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for metric in METRICS:
        assert metric["name"] and metric["formula"] and metric["range"], metric["id"]
        assert metric["functions"] and metric["chapter"], metric["id"]
        assert isinstance(metric["zh"], list), metric["id"]
        for latex in metric["formula"]:
            assert "$" not in latex, f"{metric['id']}: formulas are LaTeX without $"


# ---------------------------------------------------------------------------------------------
# the undefined cases hold


def test_every_nan_claim_has_a_check():
    for metric in METRICS:
        if any(case["returns"] == TOOL.NAN_WARN for case in metric["undefined"]):
            assert "undefined_check" in metric, metric["id"]
        if not metric["undefined"] and metric["id"] not in ("counts", "confusion-matrix"):
            assert "defined_check" in metric, metric["id"]


@pytest.mark.parametrize(
    "metric", [m for m in METRICS if "undefined_check" in m], ids=lambda m: m["id"]
)
def test_undefined_case_gives_nan_with_a_warning(metric):
    values, caught = _run(metric["undefined_check"])
    assert np.isnan(values).any(), f"{metric['undefined_check']} gave no nan"
    assert any(issubclass(w.category, UndefinedMetricWarning) for w in caught)


@pytest.mark.parametrize(
    "metric", [m for m in METRICS if "defined_check" in m], ids=lambda m: m["id"]
)
def test_always_defined_metric_is_finite_without_a_warning(metric):
    assert not metric["undefined"], f"{metric['id']} lists undefined cases"
    values, caught = _run(metric["defined_check"])
    assert np.isfinite(values).all()
    assert not any(issubclass(w.category, UndefinedMetricWarning) for w in caught)


# ---------------------------------------------------------------------------------------------
# printing


def _top_level_rules(css: str) -> list[tuple[str, str]]:
    """(prelude, body) of each top-level block of a stylesheet, comments removed."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules, depth, start, prelude = [], 0, 0, ""
    for i, char in enumerate(css):
        if char == "{":
            if depth == 0:
                prelude, start = css[start:i].strip(), i + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                rules.append((prelude, css[start:i]))
                start = i + 1
    return rules


def test_print_css_touches_screen_only_on_the_formula_sheet():
    rules = _top_level_rules((ROOT / "_static" / "print.css").read_text(encoding="utf-8"))
    assert any(prelude == "@media print" for prelude, _ in rules)
    for prelude, body in rules:
        if prelude == "@media print":
            inner = dict(_top_level_rules(body))
            assert "break-before: page" in inner["section:has(> .formula-sheet-break)"]
            continue
        for selector in prelude.split(","):
            assert "formula-sheet" in selector, f"unscoped screen rule: {selector.strip()}"


def test_each_part_holds_the_page_break_marker():
    text = PAGE.read_text(encoding="utf-8")
    for part in DATA["parts"]:
        pattern = (
            rf"\({re.escape(part['id'])}\)=\n## {re.escape(part['title'])}\n\n"
            r'```\{raw\} html\n<div class="formula-sheet-break"></div>\n```\n'
        )
        assert re.search(pattern, text), part["title"]
