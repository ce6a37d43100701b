"""The formula sheet: generated from one data file, complete, pointing at real things.

``evalmetrics/formulas.json`` is the one source; ``tools/make_formula_sheet.py`` writes
``reference/formulas.md`` from it. These tests check that

- the committed page is exactly what the tool writes (no hand edits, no stale page), and the
  tool's ``--check`` fails on a stale page;
- every public metric of the package (found by introspection, not from a list kept here) is on
  the sheet, and every function the sheet names exists;
- every chapter label the sheet links to is defined in a chapter;
- every Chinese term (``zh``) of a record is in that record's own entry of
  ``reference/glossary.md`` (the entry of its ``name``, or those ``GLOSSARY_ENTRIES`` names),
  not merely somewhere in the glossary;
- every scikit-learn name is in ``sklearn.metrics`` and every trec_eval name is a measure that
  ``pytrec_eval.supported_measures`` lists (a cut-off suffix ``_K`` or ``_10`` removed);
- every undefined case the sheet states has a machine-readable example (code, value, warning)
  that agrees in kind with the row's words (``nan-warn``: nan with ``UndefinedMetricWarning``;
  "left out": a finite mean and a warning saying so; ``inf``: inf with a ``RuntimeWarning``),
  and running it through the package gives exactly that; every metric it calls "always
  defined" gives a finite value on a degenerate input without a warning;
- the page is in the table of contents, its parts are the book's parts, and the print CSS is
  scoped (jupyter-book adds it to every page);
- Part IV is complete: every labelled section of Part IV's chapters that holds display math, and
  every term those chapters define in bold, is covered by a sheet entry (or excluded here with a
  reason); every ``st.`` call on the sheet names a function of ``evalmetrics.stats.__all__``
  with keywords and ``method`` values it accepts, every public function of ``evalmetrics.stats``
  is on the sheet, and every scipy / statsmodels / scikit-learn name imports.
"""

from __future__ import annotations

import ast
import copy
import importlib
import importlib.util
import inspect
import itertools
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
METRIC_MODULES = ("confusion", "classification", "curves", "ranking")
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
    "_core": "private arithmetic behind the public metrics (their formulas are on the sheet)",
    "_deprecated": "old names kept for one release (they warn); no metric of its own",
    "_languages": "the figures' and check()'s languages (the Chinese edition); no metric",
    "io": "reads and writes TREC qrels and run files into ranking's arrays; computes no metric",
    "stats": (
        "confidence intervals, paired tests and cost decisions (numpy + scipy): not metrics; "
        "their formulas are Part IV of the sheet, checked by the Part IV tests below"
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
    "evalmetrics.AveragedROC": "average_roc's result (arrays of averaged rates), not a metric",
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
                # the core modules' names are re-exported (tests/test_metric_registered.py
                # says so when one is not): the sheet uses the short path
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
    assert DATA["statistics"]["title"] == captions[3]
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


def label_files() -> dict[str, str]:
    """Each label of the chapters: the name of the chapter that holds it."""
    files = {}
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                for label in re.findall(r"^\(([\w:-]+)\)=\s*$", "".join(cell["source"]), re.M):
                    files[label] = path.stem
    return files


# the two-class metrics of the four-counts chapter in the order the sheet has them; a new one
# goes after the last of them ("Add a metric", step 6)
TWO_CLASS_RECORDS = ("balanced-accuracy", "youden-j", "likelihood-ratios", "cohen-kappa", "mcc")


def four_counts_out_of_place(metrics: list[dict], files: dict[str, str]) -> list[str]:
    """The two-class metrics of the four-counts chapter (the one holding ``sec-four-counts``)
    out of their place: together, just before ``averages``, and a new one after ``mcc``. A
    count ratio (a key of ``RATIOS``) goes beside the record whose denominator it shares,
    anywhere in the part, and is left out."""
    from evalmetrics._core import RATIOS

    chapter = files["sec-four-counts"]
    ids = [metric["id"] for metric in metrics]
    ours = [
        i
        for i, metric in enumerate(metrics)
        if files.get(metric["chapter"][0]) == chapter
        and metric["id"].replace("-", "_") not in RATIOS
    ]
    last, end = ids.index(TWO_CLASS_RECORDS[-1]), ids.index("averages")
    run = set(range(end - len(ours), end))
    return [
        ids[i]
        for i in ours
        if i not in run
        or (arithmetic(metrics, i) and not arithmetic_on_the_record_before(metrics, i))
        or (ids[i] not in TWO_CLASS_RECORDS and not arithmetic(metrics, i) and not last < i < end)
    ]


def arithmetic(metrics: list[dict], at: int) -> bool:
    """Whether ``metrics[at]`` is arithmetic on an earlier record's metric: all its
    ``functions`` are that record's (the metric it is arithmetic on comes first: ``mcc`` is
    not arithmetic on a phi squared after it that names ``mcc``'s functions)."""
    borrowed = set(metrics[at].get("functions", ()))
    return bool(borrowed) and any(borrowed <= set(m.get("functions", ())) for m in metrics[:at])


def arithmetic_on_the_record_before(metrics: list[dict], at: int) -> bool:
    """Whether ``metrics[at]`` is arithmetic on another metric (its ``functions`` are all a
    record's before it, its owner) and follows the owner directly, or after other records
    that are arithmetic on it."""
    borrowed = set(metrics[at].get("functions", ()))
    owners = [
        i
        for i, m in enumerate(metrics[:at])
        if borrowed and borrowed <= set(m.get("functions", ()))
    ]
    if not owners:
        return False
    between = metrics[owners[0] + 1 : at]
    return all(set(m.get("functions", ())) == borrowed for m in between)


def arithmetic_records_out_of_place(metrics: list[dict]) -> list[str]:
    """Records arithmetic on an earlier record's metric (all their ``functions`` are its) that
    do not follow it directly, or after other such records of it: ``gini`` after ``roc-auc``."""
    return [
        metric["id"]
        for at, metric in enumerate(metrics)
        if arithmetic(metrics, at) and not arithmetic_on_the_record_before(metrics, at)
    ]


def test_an_arithmetic_record_follows_its_metrics_record():
    for part in DATA["parts"]:
        assert not arithmetic_records_out_of_place(part["metrics"]), part["title"]
    # can fail: an error rate (arithmetic on accuracy) after precision instead of accuracy
    metrics = list(DATA["parts"][0]["metrics"])
    ids = [metric["id"] for metric in metrics]
    accuracy = metrics[ids.index("accuracy")]
    error_rate = {"id": "error-rate", "functions": list(accuracy["functions"])}
    for after, expected in (("accuracy", []), ("precision", ["error-rate"])):
        at = ids.index(after) + 1
        placed = [*metrics[:at], error_rate, *metrics[at:]]
        assert arithmetic_records_out_of_place(placed) == expected


def names_not_scikit_learns(metrics: list[dict]) -> list[str]:
    """Records whose ``scikit-learn`` field is one bare ``<name>_score`` while their public
    function is not ``<name>`` (the critical success index is ``jaccard_score``: ``jaccard``)."""
    wrong = []
    for metric in metrics:
        peer = metric.get("scikit-learn") or ""
        public = [f.split(".")[1] for f in metric["functions"] if f.count(".") == 1]
        if re.fullmatch(r"\w+_score", peer) and public and public[0] != peer[: -len("_score")]:
            wrong.append(f"{metric['id']}: em.{public[0]}, scikit-learn's {peer}")
    return wrong


def test_a_function_takes_scikit_learns_name():
    assert not names_not_scikit_learns(METRICS)
    csi = {
        "id": "critical-success-index",
        "functions": ["evalmetrics.critical_success_index"],
        "scikit-learn": "jaccard_score",
    }
    assert names_not_scikit_learns([csi]) == [
        "critical-success-index: em.critical_success_index, scikit-learn's jaccard_score"
    ]


def test_the_four_counts_records_come_together_before_averages():
    files = label_files()
    assert not four_counts_out_of_place(DATA["parts"][0]["metrics"], files), (
        "a two-class metric's record goes after mcc, before averages (CONTRIBUTING, Add a"
        " metric, step 6)"
    )
    # can fail: a record put after averages, or before e-measure, or a new one before mcc; on
    # the sheet as it was when this check was written, so that a contributor's new record
    # does not change what the planted cases meet
    from evalmetrics._core import RATIOS

    def older(metric: dict) -> bool:
        return (
            files.get(metric["chapter"][0]) != files["sec-four-counts"]
            or metric["id"] in TWO_CLASS_RECORDS
            or metric["id"].replace("-", "_") in RATIOS
        )

    metrics = [metric for metric in DATA["parts"][0]["metrics"] if older(metric)]
    ids = [metric["id"] for metric in metrics]
    moved = metrics.pop(ids.index("youden-j"))
    assert four_counts_out_of_place([*metrics, moved], files) == ["youden-j"]
    assert four_counts_out_of_place([moved, *metrics], files) == ["youden-j"]
    metrics = [metric for metric in DATA["parts"][0]["metrics"] if older(metric)]
    new = {"id": "number-needed-to-diagnose", "chapter": ["sec-four-counts"]}
    after_npv = [*metrics[: ids.index("npv") + 1], new, *metrics[ids.index("npv") + 1 :]]
    assert four_counts_out_of_place(after_npv, files) == ["number-needed-to-diagnose"]
    after_mcc = [*metrics[: ids.index("mcc") + 1], new, *metrics[ids.index("mcc") + 1 :]]
    assert four_counts_out_of_place(after_mcc, files) == []
    # arithmetic on a two-class metric goes directly after that metric's record, and only there
    ets = {
        "id": "equitable-threat-score",
        "chapter": ["sec-four-counts"],
        "functions": ["evalmetrics.cohen_kappa"],
    }
    at = ids.index("cohen-kappa") + 1
    assert four_counts_out_of_place([*metrics[:at], ets, *metrics[at:]], files) == []
    at = ids.index("likelihood-ratios") + 1
    placed = [*metrics[:at], ets, *metrics[at:]]
    assert four_counts_out_of_place(placed, files) == ["equitable-threat-score"]
    at = ids.index("mcc") + 1
    placed = [*metrics[:at], ets, *metrics[at:]]
    assert four_counts_out_of_place(placed, files) == ["equitable-threat-score"]
    # with all of its metric's functions, directly after that metric's record: after mcc
    phi2 = {
        "id": "phi-squared",
        "chapter": ["sec-four-counts"],
        "functions": ["evalmetrics.mcc", "evalmetrics.Counts.mcc"],
    }
    assert four_counts_out_of_place([*metrics[:at], phi2, *metrics[at:]], files) == []
    before = ids.index("mcc")
    placed = [*metrics[:before], phi2, *metrics[before:]]
    assert four_counts_out_of_place(placed, files) == ["phi-squared"]


# the count ratios of the sheet when this check was written; a new one is held to its place
COUNT_RATIO_RECORDS = (
    "precision",
    "recall",
    "specificity",
    "npv",
    "fpr",
    "fnr",
    "accuracy",
    "prevalence",
)
COUNTS = ("TP", "FP", "TN", "FN")


def denominator(key: str) -> frozenset[str]:
    """The counts a ``RATIOS`` entry's denominator adds up, read off its function."""
    from evalmetrics._core import RATIOS

    function = RATIOS[key][2]
    units = np.eye(4, dtype=int)
    return frozenset(name for name, unit in zip(COUNTS, units, strict=True) if function(*unit))


def count_ratios_out_of_place(metrics: list[dict]) -> list[str]:
    """New count ratios (a record whose id is a ``RATIOS`` key) not directly after the first
    record whose ratio has the same denominator, or, with none, directly after ``npv``."""
    from evalmetrics._core import RATIOS

    ids = [metric["id"] for metric in metrics]
    keys = [i.replace("-", "_") for i in ids]
    wrong = []
    for at, key in enumerate(keys):
        if key not in RATIOS or ids[at] in COUNT_RATIO_RECORDS:
            continue
        kin = [
            other
            for other, k in enumerate(keys)
            if other != at and k in RATIOS and denominator(k) == denominator(key)
        ]
        before = ids[kin[0]] if kin else "npv"
        if at == 0 or ids[at - 1] != before:
            wrong.append(ids[at])
    return wrong


def test_a_count_ratios_denominator_is_named_as_its_function_adds_it():
    from evalmetrics._core import RATIOS

    for key, (_label, _numerator, _denominator, named) in RATIOS.items():
        said = frozenset(COUNTS) if named == "n" else frozenset(named.split(" + "))
        assert said == denominator(key), f"RATIOS[{key!r}] names {named!r} for its denominator"


def can_be_infinite(key: str) -> bool:
    """Whether a ``RATIOS`` entry's numerator holds a count its denominator lacks, so that
    x/0 with x > 0 (``inf`` with a ``RuntimeWarning``) is reachable."""
    from evalmetrics._core import RATIOS

    numerator = RATIOS[key][1]
    return any(
        numerator(*unit) and count not in denominator(key)
        for count, unit in zip(COUNTS, np.eye(4, dtype=int), strict=True)
    )


def infinite_cases_missing(metrics: list[dict], docs: dict[str, str | None]) -> list[str]:
    """A count ratio that can be infinite needs its record's `inf` case and a docstring
    that warns of the ``RuntimeWarning``; what lacks either."""
    from evalmetrics._core import RATIOS

    missing = []
    for metric in metrics:
        key = metric["id"].replace("-", "_")
        if key not in RATIOS or not can_be_infinite(key):
            continue
        if not any("`inf`" in case["returns"] for case in metric["undefined"]):
            missing.append(f"{metric['id']}: the record's `inf` case")
        if key in docs and "RuntimeWarning" not in (docs[key] or ""):
            missing.append(f"em.{key}: a RuntimeWarning in its docstring's Warns")
    return missing


def test_a_count_ratio_that_can_be_infinite_says_so():
    import evalmetrics as em

    metrics = DATA["parts"][0]["metrics"]
    docs = {name: getattr(em, name).__doc__ for name in em.__all__ if callable(getattr(em, name))}
    assert not infinite_cases_missing(metrics, docs)
    # can fail: a frequency bias, (TP + FP) / (TP + FN), with neither
    from evalmetrics._core import RATIOS

    bias = ("frequency bias", lambda tp, fp, tn, fn: tp + fp, RATIOS["recall"][2], "TP + FN")
    record = {"id": "frequency-bias", "undefined": [{"returns": "nan-warn"}]}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("evalmetrics._core.RATIOS", {**RATIOS, "frequency_bias": bias})
        assert can_be_infinite("frequency_bias") and not can_be_infinite("precision")
        assert infinite_cases_missing([record], {"frequency_bias": "Warns\n-----\n"}) == [
            "frequency-bias: the record's `inf` case",
            "em.frequency_bias: a RuntimeWarning in its docstring's Warns",
        ]


SMALL_TABLES = [t for t in itertools.product(range(3), repeat=4) if sum(t)]  # TP, FP, TN, FN


def reaches_infinity(function) -> bool:
    """Whether a metric of ``(y_true, y_pred)`` returns ``inf`` on some table of counts
    from 0 to 2 (every table where x/0 with x > 0 can happen for a metric of the counts)."""
    for tp, fp, tn, fn in SMALL_TABLES:
        y_true = [1] * tp + [0] * fp + [0] * tn + [1] * fn
        y_pred = [1] * tp + [1] * fp + [0] * tn + [0] * fn
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = np.asarray(function(y_true, y_pred), dtype=float)
        if value.ndim == 0 and np.isinf(value):
            return True
    return False


def silent_infinities(metrics: list[dict]) -> list[str]:
    """Records of a metric of the counts (not arithmetic on another record's) whose public
    function can return ``inf`` while the record has no `inf` case or the docstring no
    ``RuntimeWarning``."""
    import evalmetrics as em

    missing = []
    for at, metric in enumerate(metrics):
        if arithmetic(metrics, at) or metric["id"] in ("counts", "confusion-matrix"):
            continue
        names = [f.split(".")[1] for f in metric["functions"] if f.count(".") == 1]
        for name in names:
            function = getattr(em, name)
            try:
                inspect.signature(function).bind([1], [1])
            except TypeError:  # a metric with a required parameter (fbeta's beta)
                continue
            if not reaches_infinity(function):
                continue
            if not any("`inf`" in case["returns"] for case in metric["undefined"]):
                missing.append(f"{metric['id']}: the record's `inf` case (em.{name} reaches it)")
            if "RuntimeWarning" not in (function.__doc__ or ""):
                missing.append(f"em.{name}: a RuntimeWarning in its docstring's Warns")
    return missing


def test_a_metric_that_can_be_infinite_says_so_on_the_sheet_and_in_its_docstring():
    assert not silent_infinities(DATA["parts"][0]["metrics"])
    # can fail: the likelihood ratios' record without its `inf` cases
    import evalmetrics as em

    assert reaches_infinity(em.lr_plus) and not reaches_infinity(em.precision)
    lr = copy.deepcopy(next(m for m in METRICS if m["id"] == "likelihood-ratios"))
    lr["undefined"] = [case for case in lr["undefined"] if "`inf`" not in case["returns"]]
    assert silent_infinities([lr]) == [
        "likelihood-ratios: the record's `inf` case (em.lr_plus reaches it)",
        "likelihood-ratios: the record's `inf` case (em.lr_minus reaches it)",
    ]


def test_a_new_count_ratio_comes_directly_after_its_kin():
    metrics = DATA["parts"][0]["metrics"]
    assert not count_ratios_out_of_place(metrics), (
        "a count ratio's record goes directly after the first record whose denominator it"
        " shares, or after npv (CONTRIBUTING, Add a metric, step 6)"
    )
    # can fail: a false discovery rate after npv instead of after precision
    from evalmetrics._core import RATIOS

    fdr = {"id": "false-discovery-rate", "chapter": ["sec-precision"]}
    # on the sheet without the count ratios added since (one after npv would move)
    metrics = [
        m
        for m in metrics
        if m["id"] in COUNT_RATIO_RECORDS or m["id"].replace("-", "_") not in RATIOS
    ]
    ids = [metric["id"] for metric in metrics]
    patched = {**RATIOS, "false_discovery_rate": ("FDR", None, RATIOS["precision"][2], "x")}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("evalmetrics._core.RATIOS", patched)
        for after, expected in (("npv", ["false-discovery-rate"]), ("precision", [])):
            at = ids.index(after) + 1
            assert count_ratios_out_of_place([*metrics[:at], fdr, *metrics[at:]]) == expected


# names a field writes in lower case (trec_eval's measure, as the literature writes it)
LOWER_CASE_NAMES = {"bpref"}


def names_not_in_sentence_case(metrics: list[dict]) -> list[str]:
    return [
        metric["name"]
        for metric in metrics
        if metric["name"] not in LOWER_CASE_NAMES
        and not (metric["name"][0].isupper() or metric["name"][0].isdigit())
    ]


def test_record_names_are_in_sentence_case():
    assert not names_not_in_sentence_case(METRICS), "a record's name starts with a capital"
    assert names_not_in_sentence_case([{"name": "false discovery rate"}]) == [
        "false discovery rate"
    ]


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


def functions_never_called(metric: dict) -> list[str]:
    """A record's ``functions`` when none of them is called by its examples (the undefined
    cases' code and its ``defined_check``), else []: a record that names another metric's
    function (``youden_j`` for ``(em.mcc(...) + 1) / 2``) has examples that never call it."""
    codes = [case["example"]["code"] for case in metric["undefined"] if "example" in case]
    codes += [metric["defined_check"]] if "defined_check" in metric else []
    names = [function.rsplit(".", 1)[-1] for function in metric["functions"]]
    if any(re.search(rf"\.{re.escape(name)}\b", code) for name in names for code in codes):
        return []
    return metric["functions"]


def counts_property_first(metrics: list[dict]) -> list[str]:
    """Records that list a ``Counts`` property before the public function of the same
    metric (the false negative rate's record keeping ``Counts.fnr`` first after ``em.fnr``
    came)."""
    wrong = []
    for metric in metrics:
        kinds = [f.startswith("evalmetrics.Counts.") for f in metric["functions"]]
        if True in kinds and False in kinds and kinds.index(True) < kinds.index(False):
            wrong.append(metric["id"])
    return wrong


def test_a_records_public_function_comes_before_its_counts_property():
    assert not counts_property_first(METRICS)
    fnr = {"id": "fnr", "functions": ["evalmetrics.Counts.fnr", "evalmetrics.fnr"]}
    assert counts_property_first([fnr]) == ["fnr"]


def test_each_records_examples_call_one_of_its_functions():
    wrong = {m["id"]: functions_never_called(m) for m in METRICS if functions_never_called(m)}
    assert not wrong, f"these records' examples call none of their functions: {wrong}"


def test_a_record_naming_another_metrics_function_is_found():
    gini = copy.deepcopy(next(m for m in METRICS if m["id"] == "gini"))
    assert functions_never_called(gini) == []
    gini["functions"] = ["evalmetrics.youden_j"]
    assert functions_never_called(gini) == ["evalmetrics.youden_j"]


# ---------------------------------------------------------------------------------------------
# the undefined cases hold


WARNING_CLASSES = {
    "UndefinedMetricWarning": UndefinedMetricWarning,
    "RuntimeWarning": RuntimeWarning,
}
CASES = [
    pytest.param(case, id=f"{metric['id']}-{index}")
    for metric in METRICS
    for index, case in enumerate(metric["undefined"])
]


def example_problems(case: dict) -> list[str]:
    """What is wrong with an undefined case's example ([] if nothing): whether it states the
    same kind of outcome as the row's words, and whether the package gives that outcome."""
    example = case.get("example")
    if example is None:
        return ["no example"]
    returns, value, warning = case["returns"], example["value"], example["warning"]
    problems = []
    # the row's words and the example state the same kind of outcome
    nan_warn = value == "nan" and warning == "UndefinedMetricWarning"
    if returns.startswith(TOOL.NAN_WARN) and not nan_warn:
        problems.append("the row says nan + warning; the example must be nan with the warning")
    if "left out" in returns and ("left out" not in example.get("says", "") or value == "nan"):
        problems.append("the row says 'left out'; the example must be a mean whose warning says so")
    if "`inf`" in returns and (value != "inf" or warning != "RuntimeWarning"):
        problems.append("the row says inf; the example must be inf with a RuntimeWarning")
    # the package gives that outcome
    values, caught = _run(example["code"])
    if value == "nan":
        ok = values.size > 0 and bool(np.isnan(values).all())
    elif value == "inf":
        ok = values.size > 0 and bool(np.isposinf(values).all())
    else:
        ok = bool(np.isfinite(values).all()) and np.allclose(values, value, rtol=1e-12, atol=0)
    if not ok:
        problems.append(f"{example['code']} gave {values.tolist()}, the sheet says {value}")
    matching = [w for w in caught if w.category is WARNING_CLASSES[warning]]
    if not matching:
        problems.append(f"{example['code']} emitted no {warning}")
    elif example.get("says") and not any(example["says"] in str(w.message) for w in matching):
        problems.append(f"no {warning} of {example['code']} says {example['says']!r}")
    if warning == "RuntimeWarning" and any(
        issubclass(w.category, UndefinedMetricWarning) for w in caught
    ):
        problems.append(f"{example['code']} is not 0/0 but emitted an UndefinedMetricWarning")
    return problems


def test_every_undefined_case_has_an_example_and_every_other_metric_a_defined_check():
    for metric in METRICS:
        for case in metric["undefined"]:
            assert "example" in case, f"{metric['id']}: {case['when']}"
            assert set(case["example"]) <= {"code", "value", "warning", "says", "why"}
        if not metric["undefined"] and metric["id"] not in ("counts", "confusion-matrix"):
            assert "defined_check" in metric, metric["id"]


@pytest.mark.parametrize("case", CASES)
def test_undefined_case_gives_what_the_sheet_says(case):
    assert example_problems(case) == []


def test_the_example_check_can_fail():
    averages = next(m for m in METRICS if m["id"] == "averages")["undefined"][0]
    assert example_problems(averages) == []
    # a wrong value
    wrong = copy.deepcopy(averages)
    wrong["example"]["value"] = 0.5
    assert any("the sheet says 0.5" in p for p in example_problems(wrong))
    # the words say "left out" while the example is nan: the two disagree in kind
    nan_mean = copy.deepcopy(averages)
    nan_mean["example"].update(
        code="em.recall([0, 0, 1, 1], [0, 2, 1, 1], average=None)[2]", value="nan"
    )
    nan_mean["example"].pop("says")
    assert any("left out" in p for p in example_problems(nan_mean))
    # the words say "left out" and the example says 0.75, but the package returns nan (the
    # behaviour before this rule): an expression that returns nan with a warning stands in
    old = copy.deepcopy(averages)
    old["example"]["code"] = "em.recall([0, 0, 1, 1], [0, 2, 1, 1], average=None)[2]"
    assert any("gave [nan]" in p for p in example_problems(old))
    # nan-warn with a finite, silent result
    silent = {
        "returns": "nan-warn",
        "example": {
            "code": "em.accuracy([0], [0])",
            "value": "nan",
            "warning": "UndefinedMetricWarning",
        },
    }
    assert len(example_problems(silent)) == 2
    # inf that is reported as 0/0
    lr = next(m for m in METRICS if m["id"] == "likelihood-ratios")["undefined"][0]
    assert example_problems(lr) == []
    as_nan = copy.deepcopy(lr)
    as_nan["example"]["code"] = "em.lr_plus([1, 0], [0, 0])"
    assert len(example_problems(as_nan)) >= 2


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
    for part in [*DATA["parts"], DATA["statistics"], DATA["statistics"]["decision_table"]]:
        pattern = (
            rf"\({re.escape(part['id'])}\)=\n## {re.escape(part['title'])}\n\n"
            r'```\{raw\} html\n<div class="formula-sheet-break"></div>\n```\n'
        )
        assert re.search(pattern, text), part["title"]


# ---------------------------------------------------------------------------------------------
# Part IV: statistics (Part IV's chapters)
#
# Each Part IV entry names the chapter labels that teach it ("chapter") and the bold terms of
# those chapters it covers ("terms"). The chapters are parsed: every labelled section that holds
# display math must be named by an entry, and every term defined in bold must be covered by an
# entry, unless it is listed below with the reason it is not a formula.

import evalmetrics.stats as st  # noqa: E402

STATS = DATA["statistics"]
ENTRIES = [entry for section in STATS["sections"] for entry in section["entries"]]
DECISIONS = STATS["decision_table"]["rows"]
# Part IV's chapters, read from _toc.yml (a chapter added to Part IV is checked here at once),
# less those whose formulas are metrics of the sheet's other parts: slug -> reason
PART_IV_WITHOUT_STATISTICS = {
    "incomplete_judgments": "its formulas (bpref, judged@K) are ranked-list metrics, Part III's",
}


def part_iv_chapters() -> tuple[str, ...]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    (part,) = [p for p in toc["parts"] if p["caption"].startswith("Part IV")]
    names = [Path(c["file"]).name for c in part["chapters"] if c["file"].startswith("chapters/")]
    return tuple(
        f"{name}.ipynb" for name in names if name.split("_", 1)[1] not in PART_IV_WITHOUT_STATISTICS
    )


PART_IV_CHAPTERS = part_iv_chapters()
assert PART_IV_CHAPTERS and all((ROOT / "chapters" / n).exists() for n in PART_IV_CHAPTERS)
# Labelled sections whose display math is not a formula of the sheet: label -> reason.
# (Empty now: every display of Part IV's chapters is a formula the sheet gives.)
NON_FORMULA_DISPLAYS: dict[str, str] = {}
# Terms that Part IV's chapters set in bold but that are not a formula: term -> reason.
NOT_FORMULA_TERMS = {
    "dataset": "chapter 25's unit of replication, not a formula",
    "synthetic": "a label of chapter 25's generated tasks",
    "paired tests": "the subject of chapter 20; each test has its own entry",
    "paired design": "a design (both models on the same cases), not a formula; every "
    "comparison entry is paired",
    "first argument minus the second": "the sign convention of every test: Part IV's "
    "introduction states it",
    "pixels": "the name of a retrieval system in chapter 20's example",
    "lda": "the name of a retrieval system in chapter 20's example",
    "split off the test set first.": "step 1 of the procedure for choosing a threshold "
    "(the sheet's validation-threshold entry)",
    "on the rest, the training data, get out-of-fold scores": "step 2 of that procedure",
    "refit the model on all the training data": "step 3 of that procedure",
    "five discordant cases, four answers.": "the title of a Going further box of chapter 20",
    "when $k$ or $n - k$ is 3 or fewer, report the exact interval; otherwise wilson's.": "the "
    "rule the sheet's Wilson, Clopper-Pearson and Jeffreys rows and its decision table state",
}
# Public names of evalmetrics.stats that are not computations: name -> reason.
STATS_NOT_ON_SHEET = {
    "ConfidenceInterval": "the result class of the intervals (low, high, estimate)",
    "TestResult": "the result class of the tests (statistic, pvalue, estimate)",
    "DecisionCurve": "the result class of decision_curve",
    "FriedmanResult": "the result class of friedman_test",
    "NemenyiResult": "the result class of nemenyi_test",
    "ControlResult": "the result class of control_test",
    "BayesianSignedRankResult": "the result class of bayesian_signed_rank",
}
# A coarse guard against wide formulas (about 36 characters fill the formula column at 1280 px,
# give or take 10%): a longer line must become aligned rows. It counts source characters, so it
# is no substitute for looking at the page; the rendered widths were checked in a browser.
MAX_FORMULA_WIDTH = 36


def _normal(term: str) -> str:
    return " ".join(term.replace("\u2019", "'").split()).lower()


def part_iv_sections() -> dict[str, dict]:
    """Part IV's chapters cut into sections, each with its display math count and bold terms.

    A section is what follows a heading up to the next heading of the same or a higher level;
    a section without a ``(label)=`` belongs to its labelled parent (a ``###`` subsection of a
    labelled ``##``), except an unlabelled ``##`` section, which is keyed "file: title" so that
    display math there fails until it gets a label. The text before the first ``##`` belongs
    to the chapter's label.
    """
    sections: dict[str, dict] = {}
    for file_name in PART_IV_CHAPTERS:
        notebook = json.loads((ROOT / "chapters" / file_name).read_text(encoding="utf-8"))
        text = "\n".join(
            "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
        )
        stack: list[tuple[int, str | None, str]] = []  # (level, label, title)
        pending = None
        key = file_name
        chunks: dict[str, list[str]] = {}
        verdicts = False  # inside "What the documents say": verdicts on claims, no formulas
        for line in text.split("\n"):
            label = re.match(r"^\(([\w:-]+)\)=\s*$", line)
            heading = re.match(r"^(#+) (.*)$", line)
            if heading:
                verdicts = heading.group(2).strip() == "What the documents say"
            if verdicts:
                continue
            if label:
                pending = label.group(1)
                continue
            if heading:
                level = len(heading.group(1))
                while stack and stack[-1][0] >= level:
                    stack.pop()
                stack.append((level, pending, heading.group(2).strip()))
                pending = None
                labelled = [s for s in stack if s[1]]
                unlabelled_h2 = [s for s in stack if s[0] == 2 and not s[1]]
                if unlabelled_h2:
                    key = f"{file_name}: {unlabelled_h2[0][2]}"
                else:
                    key = labelled[-1][1] if labelled else file_name
            chunks.setdefault(key, []).append(line)
        for key, lines in chunks.items():
            body = "\n".join(lines)
            displays = body.count("$$") // 2 + len(re.findall(r"```\{math\}", body))
            terms = [
                _normal(term)
                for term in re.findall(r"\*\*(.+?)\*\*", body, flags=re.S)
                if re.search(r"[A-Za-z]", term) and not term.lstrip().startswith(('"', "\u201c"))
            ]
            sections[key] = {"file": file_name, "displays": displays, "terms": terms}
    return sections


SECTIONS = part_iv_sections()
DISPLAY_SECTIONS = sorted(key for key, section in SECTIONS.items() if section["displays"])
DEFINED_TERMS = sorted({term for section in SECTIONS.values() for term in section["terms"]})


def missing_formulas(data: dict) -> list[str]:
    """Display-math sections and bold terms of Part IV's chapters that no sheet entry covers."""
    entries = [e for section in data["statistics"]["sections"] for e in section["entries"]]
    labels = {label for entry in entries for label in entry["chapter"]}
    terms = {_normal(term) for entry in entries for term in entry["terms"]}
    missing = [k for k in DISPLAY_SECTIONS if k not in labels and k not in NON_FORMULA_DISPLAYS]
    missing += [
        f"term: {t}" for t in DEFINED_TERMS if t not in terms and t not in NOT_FORMULA_TERMS
    ]
    return missing


def test_the_chapters_parse_into_sections_with_formulas():
    # the parser finds the chapters' formula sections (a guard against a parser that finds none)
    assert {"sec-ci-auc", "sec-mcnemar", "sec-bayes-threshold"} <= set(DISPLAY_SECTIONS)
    assert {"wilson", "mcnemar's test", "bayes threshold"} <= set(DEFINED_TERMS)
    assert len(DISPLAY_SECTIONS) >= 10


@pytest.mark.parametrize("key", DISPLAY_SECTIONS)
def test_every_section_with_display_math_is_on_the_sheet(key):
    assert ":" not in key, (
        f"display math in the unlabelled section {key!r}: give the section a (label)= and "
        "a sheet entry, or list it in NON_FORMULA_DISPLAYS with a reason"
    )
    named = {label for entry in ENTRIES for label in entry["chapter"]}
    assert key in named or key in NON_FORMULA_DISPLAYS, (
        f"{key} teaches a formula ({SECTIONS[key]['displays']} display(s) in "
        f"{SECTIONS[key]['file']}) that no Part IV entry of evalmetrics/formulas.json names"
    )


@pytest.mark.parametrize("term", DEFINED_TERMS)
def test_every_defined_term_is_on_the_sheet(term):
    covered = {_normal(t) for entry in ENTRIES for t in entry["terms"]}
    assert term in covered or term in NOT_FORMULA_TERMS, (
        f"Part IV's chapters define **{term}**, which no Part IV entry's 'terms' covers"
    )


def test_the_part_iv_check_can_fail():
    assert missing_formulas(DATA) == []
    data = copy.deepcopy(DATA)
    for section in data["statistics"]["sections"]:
        section["entries"] = [e for e in section["entries"] if e["id"] != "power"]
    assert missing_formulas(data) == ["sec-power", "term: power"]


def test_each_exclusion_is_still_in_the_chapters():
    for key in NON_FORMULA_DISPLAYS:
        assert key in DISPLAY_SECTIONS, f"{key}: no longer a section with display math"
    for term in NOT_FORMULA_TERMS:
        assert term in DEFINED_TERMS, f"{term}: no longer defined in bold in Part IV's chapters"


def test_every_part_iv_label_and_term_is_in_the_chapters():
    part_iv_labels = set()
    for file_name in PART_IV_CHAPTERS:
        notebook = json.loads((ROOT / "chapters" / file_name).read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                part_iv_labels.update(re.findall(r"^\(([\w:-]+)\)=\s*$", text, flags=re.M))
    for entry in ENTRIES:
        for label in entry["chapter"]:
            assert label in part_iv_labels, f"{entry['id']}: no ({label})= in Part IV's chapters"
        for term in entry["terms"]:
            assert _normal(term) in DEFINED_TERMS, f"{entry['id']}: **{term}** not in the chapters"
    for row_data in DECISIONS:
        for label in row_data["chapter"]:
            assert label in part_iv_labels, f"decision table: no ({label})= in Part IV's chapters"
    for section in STATS["sections"]:
        assert section["chapter"] in part_iv_labels


def test_statistics_records_are_complete():
    ids = [entry["id"] for entry in ENTRIES] + [metric["id"] for metric in METRICS]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for entry in ENTRIES:
        assert entry["name"] and entry["formula"] and entry["when"] and entry["chapter"]
        assert entry["code"] or entry.get("code_note"), f"{entry['id']}: no code, no note"
        assert isinstance(entry["zh"], list) and isinstance(entry["terms"], list)
        for latex in entry["formula"]:
            assert "$" not in latex, f"{entry['id']}: formulas are LaTeX without $"
    assert len(STATS["columns"]) == len(STATS["widths"].split())
    table = STATS["decision_table"]
    assert len(table["columns"]) == len(table["widths"].split())


def _visible_width(latex: str) -> int:
    """A rough count of the characters a formula line shows (a fraction: its wider part)."""
    text = re.sub(r"\\(begin|end)\{aligned\}|&|\\[,;!:]|\\quad|\\qquad|\\ ", " ", latex)
    text = re.sub(r"\\(left|right|big|Big|bigl|bigr|textstyle|displaystyle)\b", "", text)
    frac = re.compile(r"\\[td]?frac\{([^{}]*)\}\{([^{}]*)\}")
    for _ in range(10):  # innermost fractions first
        text = frac.sub(lambda m: max(m.group(1), m.group(2), key=len), text)
        # other groups, but not a fraction's numerator or denominator
        text = re.sub(r"(?<!frac)(?<!\})\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\\(text|operatorname|mathrm)", "", text)
    text = re.sub(r"\\[A-Za-z]+", "x", text)  # a command shows as one symbol
    return len(re.sub(r"[\s{}^_]", "", text))


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry["id"])
def test_part_iv_formulas_are_narrow_enough(entry):
    for latex in entry["formula"]:
        for line in latex.split(r"\\"):
            assert _visible_width(line) <= MAX_FORMULA_WIDTH, (
                f"{entry['id']}: a formula line of about {_visible_width(line)} characters "
                f"would be clipped; split it into aligned rows: {line}"
            )


def test_the_width_check_can_fail():
    wide = r"\text{cost}(t) = \frac{c_{FP}\,FP(t) + c_{FN}\,FN(t)}{n} = (1 - \pi)\, c_{FP}\, "
    wide += r"\text{FPR}(t) + \pi\, c_{FN}\, \bigl(1 - \text{TPR}(t)\bigr)"
    assert _visible_width(wide) > MAX_FORMULA_WIDTH
    assert _visible_width(r"\frac{a + b + c}{n}") == len("a+b+c")


# -- code: the st calls and the external names


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return ".".join([node.id, *reversed(parts)])
    return None


def _method_values(function) -> set[str]:
    """The values a ``method : {"a", "b"}`` line of the numpydoc docstring allows."""
    found = re.search(r"^\s*method : \{(.*?)\}", function.__doc__ or "", flags=re.M)
    return set(re.findall(r'"([^"]+)"', found.group(1))) if found else set()


def call_problems(code: str) -> list[str]:
    """What is wrong with an ``st.`` call or an external name on the sheet ([] if nothing)."""
    try:
        tree = ast.parse(code, mode="eval")
    except SyntaxError as error:
        return [f"not Python: {error}"]
    problems = []
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    st_calls = [c for c in calls if (_dotted(c.func) or "").startswith("st.")]
    if code.startswith("st."):
        if not st_calls:
            problems.append("no call of st")
        for call in st_calls:
            name = _dotted(call.func).removeprefix("st.")
            if name not in st.__all__:
                problems.append(f"evalmetrics.stats has no public {name}")
                continue
            problems += _signature_problems(getattr(st, name), call, f"st.{name}", methods=True)
        return problems
    # an external name: its leading dotted name must import
    target = next((c.func for c in calls if _dotted(c.func)), None) if calls else tree.body
    dotted = _dotted(target)
    if dotted is None:
        return [f"no importable name in {code!r}"]
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attribute in parts[cut:]:
                obj = getattr(obj, attribute)
        except AttributeError:
            return [f"{dotted} does not exist"]
        break
    else:
        return [f"{dotted} does not import"]
    call = next((c for c in calls if _dotted(c.func) == dotted), None)
    if call is not None and callable(obj):
        problems += _signature_problems(obj, call, dotted)
    return problems


def _signature_problems(function, call: ast.Call, name: str, methods: bool = False) -> list[str]:
    """Keywords the function lacks, too many positional arguments, and (``methods``: for
    ``evalmetrics.stats``, whose docstrings list every value) a ``method`` it does not offer.
    Other libraries' docstrings need not list every method (statsmodels' ``proportion_confint``
    omits ``"jeffreys"``), so theirs is not checked."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return []
    params = signature.parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return []
    problems = []
    names = {p.name for p in params}
    for keyword in call.keywords:
        if keyword.arg not in names:
            problems.append(f"{name} has no argument {keyword.arg}")
        elif methods and keyword.arg == "method" and isinstance(keyword.value, ast.Constant):
            allowed = _method_values(function)
            if allowed and keyword.value.value not in allowed:
                problems.append(f"{name}: method={keyword.value.value!r} not in {allowed}")
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if not any(p.kind is p.VAR_POSITIONAL for p in params) and len(call.args) > len(positional):
        problems.append(f"{name} takes {len(positional)} positional arguments")
    return problems


ST_CODE = sorted(
    {c for e in ENTRIES for c in e["code"]}
    | {c for r in DECISIONS for c in r["code"] if c.startswith("st.")}
)
EXTERNAL_CODE = sorted(
    {x["code"] for e in ENTRIES for x in e["external"] if "code" in x}
    | {c for r in DECISIONS for c in r["code"] if not c.startswith("st.")}
)


@pytest.mark.parametrize("code", ST_CODE)
def test_every_st_call_on_the_sheet_is_valid(code):
    assert code.startswith("st.")
    assert call_problems(code) == []


@pytest.mark.parametrize("code", EXTERNAL_CODE)
def test_every_external_name_imports(code):
    assert call_problems(code) == []


def test_the_code_checks_can_fail():
    assert call_problems('st.proportion_ci(k, n, method="wilson")') == []
    assert call_problems('st.proportion_ci(k, n, method="score")')  # not a method
    assert call_problems("st.proportion_ci(k, n, level=0.9)")  # not an argument
    assert call_problems("st.auc_ci(y, s, t)")  # one positional too many
    assert call_problems("st.delong_variance(y, s)")  # not public
    assert call_problems("scipy.stats.no_such_test(x)")
    assert call_problems("sklearn.metrics.brier_score_loss(y, p, beta=2)")
    assert call_problems("no_such_package.f(x)")
    assert _method_values(st.paired_test) == {"t", "wilcoxon", "randomization", "bootstrap"}


@pytest.mark.parametrize("name", sorted(set(st.__all__) - set(STATS_NOT_ON_SHEET)))
def test_every_stats_function_is_on_the_sheet(name):
    called = {
        _dotted(node.func).removeprefix("st.")
        for code in ST_CODE
        for node in ast.walk(ast.parse(code, mode="eval"))
        if isinstance(node, ast.Call) and (_dotted(node.func) or "").startswith("st.")
    }
    assert name in called, f"evalmetrics.stats.{name} is on no Part IV entry"


def test_each_stats_exclusion_exists():
    for name in STATS_NOT_ON_SHEET:
        assert name in st.__all__


def _glossary_form(term: str) -> str:
    """A record's Chinese term without its trailing note: "准确率 (classification texts)"."""
    return re.sub(r"\s*\([^()]*\)$", "", term)


def glossary_entries(text: str) -> dict[str, str]:
    """The ``{glossary}`` block of reference/glossary.md: each term (a line at column 0) and
    its entry's text (the indented lines below it)."""
    block = text.split("```{glossary}\n", 1)[1].split("\n```", 1)[0]
    entries: dict[str, str] = {}
    term = None
    for line in block.splitlines():
        if line and not line[0].isspace():
            term = line.strip()
            entries[term] = ""
        elif term is not None:
            entries[term] += line + "\n"
    return entries


# A record's glossary entry is the one whose term is the record's `name` (case aside). These
# records have none of that name, or their `zh` terms are the terms of several entries (the
# four outcomes, the averages): their entries, by term. A shared entry is listed for each
# record that shares it (average precision: the scores' and the ranked list's records).
GLOSSARY_ENTRIES = {
    "counts": ("true positive", "false positive", "true negative", "false negative",
               "first-level metrics"),
    "likelihood-ratios": ("likelihood ratio",),
    "averages": ("micro average", "macro average", "weighted average"),
    "roc-auc": ("AUC",),
    "partial-auc": ("partial AUC",),
    "roc-auc-multiclass": ("one-vs-rest", "one-vs-one"),
    "average-precision": ("average precision",),
    "ap-multiclass": ("macro average", "micro average"),
    "ranked-ap": ("average precision",),
    "eleven-point-ap": ("eleven-point average precision",),
    "ndcg": ("normalised discounted cumulative gain", "ideal DCG"),
    "judged-at-k": ("judged@K",),
}  # fmt: skip


def entry_terms(metric: dict, entries: dict[str, str]) -> tuple[str, ...]:
    """The glossary terms of a record's entries: those GLOSSARY_ENTRIES names, else the entry
    whose term is the record's `name` (case aside), else none."""
    if metric["id"] in GLOSSARY_ENTRIES:
        return GLOSSARY_ENTRIES[metric["id"]]
    own = {term.casefold(): term for term in entries}.get(metric["name"].casefold())
    return () if own is None else (own,)


def zh_problems(metrics: list[dict], entries: dict[str, str]) -> list[str]:
    """Each `zh` term of a record that is not in the text of the record's own glossary
    entries (a term of another entry does not count), and each record with `zh` terms but
    no entry."""
    problems = []
    for metric in metrics:
        terms = entry_terms(metric, entries)
        if not terms:
            if metric.get("zh"):
                problems.append(
                    f"{metric['id']}: no glossary entry; add an entry {metric['name']!r} to the"
                    " {glossary} block of reference/glossary.md, or name its entries in"
                    " GLOSSARY_ENTRIES in tests/test_formula_sheet.py"
                )
            continue
        text = "".join(entries.get(term, "") for term in terms)
        for term in metric.get("zh", []):
            if _glossary_form(term) not in text:
                problems.append(
                    f"{metric['id']}: {term!r} is not in its glossary entry"
                    f" ({', '.join(terms)}); add it to that entry in reference/glossary.md,"
                    " or use that entry's form"
                )
    return problems


def test_each_chinese_term_of_a_record_is_its_glossary_entrys():
    entries = glossary_entries((ROOT / "reference" / "glossary.md").read_text(encoding="utf-8"))
    problems = zh_problems(METRICS, entries)
    assert not problems, (
        "`zh` terms of evalmetrics/formulas.json must be in the record's own entry of"
        " reference/glossary.md:\n" + "\n".join(problems)
    )


def see_problems(metrics: list[dict], entries: dict[str, str]) -> list[str]:
    """Each record whose glossary entry sends the reader ({ref}) to none of the sections its
    `chapter` names (an entry left pointing at a borrowed section, say)."""
    problems = []
    for metric in metrics:
        terms = entry_terms(metric, entries)
        text = "".join(entries.get(term, "") for term in terms)
        refs = set(re.findall(r"\{ref\}`(?:[^`<]*<)?([\w.:-]+)>?`", text))
        if terms and not refs & set(metric["chapter"]):
            problems.append(
                f"{metric['id']}: its glossary entry ({', '.join(terms)}) refers to"
                f" {sorted(refs)}, none of the record's sections {metric['chapter']}; end the"
                f" entry with See {{ref}}`{metric['chapter'][0]}`"
            )
    return problems


def test_each_glossary_entry_sends_the_reader_to_its_records_section():
    entries = glossary_entries((ROOT / "reference" / "glossary.md").read_text(encoding="utf-8"))
    problems = see_problems(METRICS, entries)
    assert not problems, "\n".join(problems)


def test_a_glossary_entry_left_at_a_borrowed_section_is_reported():
    """Can fail: the Jaccard index's entry still at the section the recipe borrows."""
    record = {"id": "jaccard", "name": "Jaccard index", "chapter": ["sec-jaccard"]}
    entries = {"Jaccard index": "  杰卡德系数; ... See {ref}`sec-four-counts`.\n"}
    assert see_problems([record], entries)
    entries = {"Jaccard index": "  杰卡德系数; ... See {ref}`sec-jaccard`.\n"}
    assert not see_problems([record], entries)


def out_of_order(terms: list[str]) -> list[tuple[str, str]]:
    """Neighbouring glossary terms not in alphabetical order (case aside)."""
    return [(a, b) for a, b in itertools.pairwise(terms) if a.casefold() > b.casefold()]


def test_the_glossary_is_in_alphabetical_order():
    terms = list(glossary_entries((ROOT / "reference" / "glossary.md").read_text("utf-8")))
    assert len(terms) > 100
    wrong = out_of_order(terms)
    assert not wrong, f"reference/glossary.md: these terms are out of alphabetical order: {wrong}"


def test_a_term_out_of_order_is_found():
    assert out_of_order(["AUC", "average precision", "Jaccard index", "judged@K"]) == []
    assert out_of_order(["AUC", "Jaccard index", "average precision"]) == [
        ("Jaccard index", "average precision")
    ]


def test_each_mapped_glossary_entry_exists():
    entries = glossary_entries((ROOT / "reference" / "glossary.md").read_text(encoding="utf-8"))
    ids = {metric["id"] for metric in METRICS}
    for record, terms in GLOSSARY_ENTRIES.items():
        assert record in ids, f"GLOSSARY_ENTRIES names {record!r}, no record of formulas.json"
        for term in terms:
            assert term in entries, f"GLOSSARY_ENTRIES[{record!r}]: no glossary entry {term!r}"


def test_a_chinese_term_of_another_entry_is_reported():
    """Can fail: 调和平均 is in the glossary (the harmonic mean's entry), not in F1's."""
    entries = glossary_entries((ROOT / "reference" / "glossary.md").read_text(encoding="utf-8"))
    assert "调和平均" in entries["harmonic mean"]
    f1 = {**next(m for m in METRICS if m["id"] == "f1"), "zh": ["F1值", "调和平均"]}
    assert zh_problems([f1], entries) == [
        "f1: '调和平均' is not in its glossary entry (F1 score); add it to that entry in"
        " reference/glossary.md, or use that entry's form"
    ]
    nameless = {"id": "planted", "name": "Planted metric", "zh": ["调和平均"]}
    assert "no glossary entry" in zh_problems([nameless], entries)[0]
    shared = {**next(m for m in METRICS if m["id"] == "ap-multiclass"), "zh": ["加权平均"]}
    assert zh_problems([shared], entries), "加权平均 is the weighted average's, not AP's entries"


def test_the_glossary_form_drops_only_a_trailing_note():
    assert _glossary_form("准确率 (retrieval texts)") == "准确率"
    assert _glossary_form("部分 AUC") == "部分 AUC"
