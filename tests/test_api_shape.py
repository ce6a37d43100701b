"""The package's shape, checked on every public function.

- Data arguments are positional, every option keyword-only (``inspect.signature``).
- An option that means the same thing has the same name everywhere; synonyms are rejected.
- Every function that can meet 0/0 (its docstring names ``UndefinedMetricWarning``) takes
  ``zero_division``.
- ``_undefined`` is the only core module that divides by a possibly-zero denominator: every
  other division has a numeric-constant denominator or a ``# nonzero: <reason>`` comment.
- No module below the widgets layer imports matplotlib.
- A docstring's sections come in numpydoc's order (``Raises`` before ``Warns``, ...).

The functions are found by walking the modules' ``__all__``, so a new public function is
checked without being listed here.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import re
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

PACKAGE_DIR = Path(__file__).resolve().parents[1] / "evalmetrics"
PUBLIC_MODULES = (
    "confusion",
    "classification",
    "curves",
    "ranking",
    "plots",
    "widgets",
    "explorer",  # the book's explorer framework
    "datasets",
    "exercises",
    "stats",  # a package: its __init__ re-exports the private modules' names
    "io",  # TREC qrels and run files
    "notebook",  # glue for the chapters' prose
)
CORE_MODULES = ("confusion", "classification", "curves", "ranking", "datasets", "stats", "io")

# The arrays a function computes from or draws: these may be positional.
DATA = {
    "y_true",
    "y_pred",
    "y_score",
    "rels",
    "ranked_ids",
    "qrels",
    "ax",
    "counts",
    "fpr",
    "tpr",
    "precision",
    "recall",
    "exercise_id",
    "answer",
    # evalmetrics.stats
    "successes",  # proportion_ci's count and
    "n",  # its number of trials
    "score_a",  # delong_test: two models' scores on the same cases
    "score_b",
    "y_true_a",  # delong_test_ind: the labels of two independent samples
    "y_true_b",
    "y_scores",  # auc_covariance(y_true, *y_scores): one score array per model
    "pred_a",  # mcnemar: two models' predictions on the same cases
    "pred_b",
    "a",  # paired_test: per-query values of two systems
    "b",
    "metric",  # bootstrap_ci(metric, *arrays)
    "scores",  # friedman_test, nemenyi_test, control_test, average_ranks
    "arrays",
}
# Data names that are data only in one function: (module, function) -> names.
DATA_IN = {
    ("datasets", "rank_by_distance"): {"features", "labels"},  # the points and their classes
    ("datasets", "make_imbalanced"): set(),
    # evalmetrics.io: a file to read or write, a run (qrels is data everywhere), one query's scores
    ("io", "read_qrels"): {"path"},
    ("io", "read_run"): {"path"},
    ("io", "write_qrels"): {"path"},
    ("io", "write_run"): {"path", "run"},
    ("io", "judge_run"): {"run"},
    ("io", "read_trec"): {"run"},
    ("io", "trec_order"): {"scores"},
    # evalmetrics.notebook: the key and the value glued
    ("notebook", "glue"): {"name", "value"},
    # evalmetrics.exercises: an answer graded against the value it should have
    ("exercises", "grade_answer"): {"expected"},
    ("exercises", "hashed_entry"): {"spec"},  # one exercise of a plain key
    ("exercises", "use_key"): {"path"},  # the key file a term hands out with an assignment
    # evalmetrics.plots: a decision curve drawn from the arrays decision_curve returns
    ("plots", "plot_decision_curve"): {"thresholds", "net_benefit", "net_benefit_all"},
    ("stats", "nonsignificant_groups"): {"average_ranks"},
    ("curves", "average_roc"): {"curves"},
    ("plots", "plot_critical_difference"): {"average_ranks"},
}
# Methods whose one argument is their subject: (class, method) -> (names, reason).
SUBJECT_METHODS = {
    ("Sweep", "at"): ({"threshold"}, "the counts at this threshold"),
    ("Counts", "one_vs_rest"): ({"matrix"}, "the counts of each class of this matrix"),
    ("Sweep", "index"): ({"threshold"}, "the index of this threshold"),
    ("Sweep", "counts"): ({"i"}, "the counts at this index"),
    ("ConfusionMatrixArtists", "update"): ({"counts"}, "redraw with these counts"),
    ("IsoCurveArtists", "update"): ({"beta"}, "redraw for this beta"),
    ("ScoreDistributionArtists", "update"): ({"threshold"}, "redraw at this threshold"),
    ("CurveArtists", "move_point"): ({"x", "y"}, "move the marker to this point"),
    ("Parameter", "index_of"): ({"value"}, "the index of this slider value"),
    ("Parameter", "display"): ({"value"}, "the text of this slider value"),
    ("RankingExplorer", "toggle"): ({"rank"}, "toggle the item at this rank"),
    ("Explorer", "in_language"): ({"language"}, "draw in this language"),
    # scipy's results take it positionally too: res.confidence_interval(0.9)
    ("TestResult", "confidence_interval"): ({"confidence_level"}, "the interval at this level"),
}

# One name per concept, and the synonyms that must not appear in any public signature.
CANONICAL = {
    "cutoff rank": ("k", {"top_k", "topk", "cutoff", "at_k", "at", "depth", "n_top"}),
    "number of relevant items": (
        "n_relevant",
        {"n_rel", "num_rel", "num_relevant", "nrel", "n_relevant_items", "total_relevant"},
    ),
    "positive class": (
        "pos_label",
        {"positive_label", "pos_class", "positive_class", "positive", "pos", "pos_lbl"},
    ),
    "averaging": ("average", {"avg", "averaging", "average_type"}),
    # how multiclass scores become binary problems ("ovr" / "ovo"), not averaging
    "multiclass decomposition": ("multi_class", {"multiclass", "strategy", "decomposition"}),
    "partial-AUC bound": ("max_fpr", {"fpr_max", "max_fp_rate", "fpr_limit", "fpr_range"}),
    "McClish standardisation": (
        "standardized",
        {"standardize", "standardise", "standardised", "mcclish", "corrected"},
    ),
    "class list": ("labels", {"classes", "class_labels", "label_list"}),
    # names written on a plot's axes, scikit-learn's ConfusionMatrixDisplay name
    "class names on a plot": ("display_labels", {"tick_labels", "class_names", "names"}),
    "undefined-value policy": (
        "zero_division",
        {"undefined", "on_undefined", "zero_div", "zerodiv", "nan_policy", "if_undefined"},
    ),
    # (not "b": stats.paired_test(a, b) takes system B's per-query values as data)
    "F-beta weight": ("beta", {"f_beta", "fbeta_beta"}),
    "decision threshold": ("threshold", {"thresh", "cut", "cut_off", "decision_threshold"}),
    "DCG gain": ("gain", {"gain_type", "gain_fn", "gains", "exponential"}),
    "ideal grades": ("ideal", {"ideal_rels", "ideal_grades", "ideal_ranking", "idcg_rels"}),
    # evalmetrics.stats
    # (not "level": fbeta_isocurve's level is the F value of the curve, another concept);
    # scipy's name (bootstrap, binomtest(...).proportion_ci, ttest_rel(...).confidence_interval)
    "confidence level": (
        "confidence_level",
        {"alpha", "cl", "conf", "conf_level", "confidence", "ci_level"},
    ),
    "bootstrap / permutation resamples": (
        "n_resamples",
        {"n_boot", "B", "n_bootstrap", "n_bootstraps", "n_permutations", "resamples", "n_iter"},
    ),
    "random seed": ("random_state", {"seed", "rng", "random_seed", "generator"}),
    "how an interval or test is computed": ("method", {"ci_method", "test_method", "algorithm"}),
    "cost of a false positive": ("cost_fp", {"c_fp", "fp_cost", "cfp", "cost_false_positive"}),
    "cost of a false negative": ("cost_fn", {"c_fn", "fn_cost", "cfn", "cost_false_negative"}),
    # evalmetrics.io (trec_eval's -c, -l, -J and its 32-bit scores)
    "queries of the qrels missing from the run": (
        "missing_queries",
        {"missing", "on_missing", "missing_query", "complete_queries"},
    ),
    "grade from which a document is relevant": (
        "relevance_level",
        {"rel_level", "min_rel", "min_relevance", "relevance_threshold", "rel_threshold"},
    ),
    "judged documents only (condensed lists)": (
        "judged_only",
        {"judged_docs_only", "judged_docs_only_flag", "only_judged", "condensed"},
    ),
    "scores compared as 32-bit floats": (
        "float32_scores",
        {"float32", "single_precision", "as_float32", "trec_eval_floats"},
    ),
    "the run's name": ("tag", {"run_tag", "run_name", "runid", "run_id"}),
}
# `label` means the positive class in the core (forbidden there: say pos_label); in plots and
# widgets it is matplotlib's legend text or a slider's caption, a different concept.
FORBIDDEN_IN_CORE = {"label"}
# The same option has the same default everywhere it appears.
SAME_DEFAULT = {
    "zero_division": "warn",
    "pos_label": 1,
    "average": "binary",
    "gain": "exponential",
    "labels": None,
    "confidence_level": 0.95,
    "missing_queries": "skip",
    "relevance_level": 1,
    "judged_only": False,
    "float32_scores": False,
}


def _modules():
    out = []
    for name in PUBLIC_MODULES:
        try:
            out.append((name, importlib.import_module(f"evalmetrics.{name}")))
        except ModuleNotFoundError as error:
            if error.name != f"evalmetrics.{name}" or name != "explorer":
                raise
    return out


def _callables():
    """(module name, qualified name, callable, class name or None) of every public callable."""
    seen = set()
    for module_name, module in _modules():
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) and id(obj) not in seen:
                seen.add(id(obj))
                yield module_name, name, obj, None
            elif inspect.isclass(obj) and obj.__module__.startswith("evalmetrics"):
                for attr, value in vars(obj).items():
                    if attr.startswith("_"):  # constructors hold the object's content
                        continue
                    if isinstance(value, staticmethod | classmethod):
                        value = value.__func__
                    if inspect.isfunction(value) and id(value) not in seen:
                        seen.add(id(value))
                        yield module_name, f"{name}.{attr}", value, name


ALL_CALLABLES = list(_callables())
IDS = [f"{m}.{q}" for m, q, _, _ in ALL_CALLABLES]


def _parameters(function):
    params = list(inspect.signature(function).parameters.values())
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    return params


def test_the_walk_finds_the_public_api():
    names = set(IDS)
    for expected in (
        "classification.precision",
        "ranking.average_precision",
        "curves.Sweep.at",
        "confusion.Counts.fbeta",
        "plots.plot_ranked_list",
        "datasets.rank_by_distance",
        "exercises.check",
        "stats.auc_ci",
        "stats.bootstrap_ci",
        "stats.roc_convex_hull",
        "io.judge_run",
        "io.read_trec",
        "notebook.glue",
    ):
        assert expected in names
    assert len(names) > 50


@pytest.mark.parametrize(("module_name", "qualname", "function", "owner"), ALL_CALLABLES, ids=IDS)
def test_options_are_keyword_only(module_name, qualname, function, owner):
    name = qualname.rsplit(".", 1)[-1]
    allowed = DATA | DATA_IN.get((module_name, name), set())
    if owner is not None:
        allowed = SUBJECT_METHODS.get((owner, name), (set(), ""))[0]
    bad = [
        f"{p.name} ({p.kind.description})"
        for p in _parameters(function)
        if (p.kind is inspect.Parameter.VAR_POSITIONAL and p.name not in allowed)
        or (
            p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
            and p.name not in allowed
        )
    ]
    assert not bad, (
        f"evalmetrics.{module_name}.{qualname}{inspect.signature(function)}: options must be "
        f"keyword-only (put * after the data arguments): {', '.join(bad)}"
    )


def test_subject_method_exceptions_are_still_real():
    """Every listed exception names an existing method with exactly that positional argument."""
    found = {(owner, q.rsplit(".", 1)[-1]): f for _, q, f, owner in ALL_CALLABLES if owner}
    for (owner, method), (names, reason) in SUBJECT_METHODS.items():
        assert reason
        if owner == "RankingExplorer" and (owner, method) not in found:
            continue  # moved with the explorers; the walk checks it wherever it lives
        assert (owner, method) in found, f"{owner}.{method} no longer exists: drop the exception"
        positional = {
            p.name
            for p in _parameters(found[owner, method])
            if p.kind is not inspect.Parameter.KEYWORD_ONLY
            and p.kind is not inspect.Parameter.VAR_KEYWORD
        }
        assert positional <= names, (owner, method, positional)


@pytest.mark.parametrize(("module_name", "qualname", "function", "owner"), ALL_CALLABLES, ids=IDS)
def test_one_name_per_option(module_name, qualname, function, owner):
    forbidden = {s: (concept, name) for concept, (name, syns) in CANONICAL.items() for s in syns}
    problems = []
    for p in _parameters(function):
        if p.name in forbidden:
            concept, name = forbidden[p.name]
            problems.append(f"{p.name!r} is a synonym of {name!r} ({concept})")
        if module_name in CORE_MODULES and p.name in FORBIDDEN_IN_CORE:
            problems.append(f"{p.name!r}: say 'pos_label' for the positive class")
        if p.name in SAME_DEFAULT and p.default is not inspect.Parameter.empty:
            want = SAME_DEFAULT[p.name]
            if not (p.default is want or p.default == want):
                problems.append(f"{p.name}={p.default!r}: its default is {want!r} everywhere")
    assert not problems, f"evalmetrics.{module_name}.{qualname}: " + "; ".join(problems)


def test_every_canonical_name_is_used_somewhere():
    used = {p.name for _, _, f, _ in ALL_CALLABLES for p in _parameters(f)}
    unused = [name for name, _ in CANONICAL.values() if name not in used]
    assert not unused, f"the table names options no public function takes: {unused}"


def _warns_undefined(function) -> bool:
    """The rule for 'can meet 0/0': the docstring names UndefinedMetricWarning (its Warns
    section, or the text of its zero_division parameter)."""
    return "UndefinedMetricWarning" in (inspect.getdoc(function) or "")


ZERO_DIVISION_CAPABLE = [c for c in ALL_CALLABLES if _warns_undefined(c[2])]


def test_the_zero_division_rule_finds_the_0_0_metrics():
    names = {f"{m}.{q}" for m, q, _, _ in ZERO_DIVISION_CAPABLE}
    for expected in (
        "classification.precision",
        "ranking.average_precision",
        "ranking.ndcg",
        "ranking.mean_average_precision",
        "curves.roc_auc",
    ):
        assert expected in names


@pytest.mark.parametrize(
    ("module_name", "qualname", "function", "owner"),
    ZERO_DIVISION_CAPABLE,
    ids=[f"{m}.{q}" for m, q, _, _ in ZERO_DIVISION_CAPABLE],
)
def test_every_0_0_function_takes_zero_division(module_name, qualname, function, owner):
    params = {p.name: p for p in _parameters(function)}
    assert "zero_division" in params, (
        f"evalmetrics.{module_name}.{qualname} documents UndefinedMetricWarning but takes no "
        "zero_division"
    )
    assert params["zero_division"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["zero_division"].default == "warn"


# --- only _undefined divides by a possibly-zero denominator --------------------------------------

DIVIDING_CALLS = {"divide", "true_divide", "floor_divide", "remainder", "mod", "fmod"}
MEAN_CALLS = {"mean", "nanmean", "average"}
NUMPY_NAMES = {"np", "numpy"}
NONZERO = re.compile(r"#\s*nonzero:\s*\S")


def _is_numeric_constant(node: ast.AST) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd | ast.USub):
        node = node.operand
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
        and node.value != 0
    )


def _nonzero_lines(source: str) -> set[int]:
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and NONZERO.match(token.string):
            lines.add(token.start[0])
    return lines


def division_offenders(source: str, filename: str) -> list[str]:
    """``file:line: code`` of every division whose denominator may be 0 and is not annotated."""
    tree = ast.parse(source)
    commented = _nonzero_lines(source)
    text = source.splitlines()
    offenders = []
    for node in ast.walk(tree):
        denominator = None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod):
            if isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant | ast.JoinedStr):
                if isinstance(getattr(node.left, "value", ""), str):
                    continue  # "%"-formatting of a string
            denominator = node.right
        elif isinstance(node, ast.AugAssign) and isinstance(
            node.op, ast.Div | ast.FloorDiv | ast.Mod
        ):
            denominator = node.value
        elif isinstance(node, ast.Call):
            func = node.func
            name = None
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id in NUMPY_NAMES
            ):
                name = func.attr
            if name in DIVIDING_CALLS:
                args = list(node.args)
                denominator = args[1] if len(args) > 1 else node  # x2 given by keyword
            elif name in MEAN_CALLS or (
                isinstance(func, ast.Attribute) and func.attr == "mean" and name is None
            ):
                # a mean divides by a count: 0 for an empty array (nan and a RuntimeWarning)
                denominator = node
            else:
                continue
        else:
            continue
        if denominator is not node and _is_numeric_constant(denominator):
            continue
        lines = {node.lineno, node.end_lineno, getattr(denominator, "lineno", node.lineno)}
        if lines & commented:
            continue
        offenders.append(f"{filename}:{node.lineno}: {text[node.lineno - 1].strip()}")
    return sorted(set(offenders), key=lambda s: (s.split(":")[0], int(s.split(":")[1])))


def test_the_division_scanner_finds_what_it_should():
    source = textwrap.dedent(
        """
        import numpy as np
        a = x / y
        b = x / 2.0
        c = x // n  # nonzero: n >= 1 is checked
        d = x % m  # nonzero:
        e = np.divide(x, y)
        f = np.true_divide(x, 3)
        g = "%d items" % n
        h = (
            x
            / total  # nonzero: total > 0 here
        )
        x /= z
        q = x / 0
        r = np.mean(values)
        s = values.mean(axis=1)
        t = np.nanmean(values)  # nonzero: values has a row per query, checked
        u = np.average(values, weights=w)
        """
    )
    got = [line.split(":", 2)[1] for line in division_offenders(source, "m.py")]
    assert got == ["3", "6", "7", "14", "15", "16", "17", "19"]


def test_only_undefined_divides_by_a_possibly_zero_denominator():
    assert (PACKAGE_DIR / "_undefined.py").exists()
    offenders = []
    for module in (*CORE_MODULES, "_validation"):
        path = PACKAGE_DIR / f"{module}.py"
        # a package (stats): every module in it
        paths = sorted((PACKAGE_DIR / module).glob("*.py")) if not path.exists() else [path]
        assert paths, f"no source found for {module}"
        for path in paths:
            name = str(path.relative_to(PACKAGE_DIR))
            offenders += division_offenders(path.read_text(encoding="utf-8"), name)
    assert not offenders, (
        "divide through evalmetrics._undefined, or end the line with '# nonzero: <why>':\n"
        + "\n".join(offenders)
    )


# --- the core does not import matplotlib -------------------------------------------------------

NO_MATPLOTLIB = """
import sys
sys.modules["matplotlib"] = None  # any import of matplotlib now raises ImportError
import importlib
import numpy as np
import evalmetrics

names = "_undefined _validation classification confusion curves datasets exercises notebook ranking"
modules = [importlib.import_module("evalmetrics." + name) for name in names.split()]
_undefined, _validation, classification, confusion, curves, datasets, exercises = modules[:7]
notebook, ranking = modules[7:]

y, p, s = [0, 1, 1, 0], [0, 1, 0, 0], [0.1, 0.8, 0.4, 0.3]
assert confusion.counts(y, p).tp == 1
assert classification.precision(y, p) == 1.0
assert curves.roc_auc(y, s) == 1.0
assert ranking.precision_at_k([1, 0, 1], k=2) == 0.5
assert datasets.rank_by_distance(np.array([[0.0], [1.0], [3.0]]), np.array([0, 0, 1])).shape[0] == 3
assert _validation.check_k(3) == 3
quarter = _undefined.divide(np.array(1.0), np.array(4.0), metric="m", denominator_name="d")
assert float(quarter) == 0.25
assert exercises.exercise_ids()
notebook.glue("x", 1)
stats = importlib.import_module("evalmetrics.stats")
assert stats.bayes_threshold(cost_fp=1, cost_fn=3) == 0.25
assert stats.auc_ci([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).estimate == 0.75
print("ok")
"""


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=PACKAGE_DIR.parent,
        timeout=120,
    )


def test_the_core_runs_without_matplotlib():
    result = _run(NO_MATPLOTLIB)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_importing_evalmetrics_loads_no_matplotlib():
    code = (
        "import sys, evalmetrics, evalmetrics.ranking\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('matplotlib', 'ipywidgets', 'IPython')))"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", result.stdout


def test_importing_evalmetrics_loads_neither_stats_nor_scipy():
    """``import evalmetrics`` stays numpy-only; ``evalmetrics.stats`` (numpy and scipy) is
    imported on its own."""
    code = (
        "import sys, evalmetrics\n"
        "print(sorted(m for m in sys.modules if m == 'evalmetrics.stats' "
        "or m.split('.')[0] == 'scipy'))"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", result.stdout


def test_stats_imports_no_plotting_or_widgets():
    code = (
        "import sys, evalmetrics.stats\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('matplotlib', 'ipywidgets', 'IPython') or m in ('evalmetrics.plots', "
        "'evalmetrics.widgets', 'evalmetrics.explorer')))"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]", result.stdout


# --- validation at the public boundary, through _validation ----------------------------------


def test_validation_all_lists_every_checker():
    validation = importlib.import_module("evalmetrics._validation")
    public = {
        name
        for name, obj in vars(validation).items()
        if inspect.isfunction(obj)
        and obj.__module__ == validation.__name__
        and not name.startswith("_")
    }
    assert public, "no checker found"
    assert sorted(public - set(validation.__all__)) == []
    assert sorted(set(validation.__all__) - public) == []


def _calls_in(function: ast.FunctionDef) -> set[str]:
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def test_ranking_helpers_do_not_validate():
    """ranking's private helpers (``_ap_parts``, ``_rr_rows``, ...) compute on checked input;
    the public functions call the _validation checkers first (shared public-side checks live in
    helpers named ``_check_*``)."""
    checkers = set(importlib.import_module("evalmetrics._validation").__all__)
    tree = ast.parse((PACKAGE_DIR / "ranking.py").read_text(encoding="utf-8"))
    helpers = [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("_")
        and not node.name.startswith("_check")
    ]
    assert "_rr_rows" in {h.name for h in helpers}
    validating = {h.name: sorted(_calls_in(h) & checkers) for h in helpers}
    assert not {name: calls for name, calls in validating.items() if calls}


def _contributing_option_names() -> list[str]:
    """The names in CONTRIBUTING.md's "One name per meaning" table, in order."""
    text = (PACKAGE_DIR.parent / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index("**One name per meaning**")
    table = text[start : text.index("`tests/test_api_shape.py` lists the synonyms", start)]
    names = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1].startswith("`"):
            names.extend(re.findall(r"`([a-z_0-9]+)`", cells[1]))
    return names


def test_contributing_lists_each_option_name_once_and_every_canonical_name():
    names = _contributing_option_names()
    assert len(names) > 20, "the table was not found"
    repeated = sorted({n for n in names if names.count(n) > 1})
    assert not repeated, f"CONTRIBUTING.md lists these option names more than once: {repeated}"
    missing = sorted({name for name, _ in CANONICAL.values()} - set(names))
    assert not missing, f"canonical names missing from CONTRIBUTING.md's table: {missing}"
    refused = sorted(set(names) & set().union(*(bad for _, bad in CANONICAL.values())))
    assert not refused, f"CONTRIBUTING.md's table lists refused synonyms: {refused}"


def test_the_shape_tests_cover_every_public_module():
    """A new public module of evalmetrics joins PUBLIC_MODULES (and so every test above)."""
    import pkgutil

    found = {
        info.name
        for info in pkgutil.iter_modules([str(PACKAGE_DIR)])
        if not info.name.startswith("_")
    }
    assert found == set(PUBLIC_MODULES), found ^ set(PUBLIC_MODULES)


# numpydoc's order of a docstring's sections (numpydoc's format guide)
NUMPYDOC_ORDER = (
    "Parameters",
    "Attributes",
    "Returns",
    "Yields",
    "Receives",
    "Other Parameters",
    "Raises",
    "Warns",
    "Warnings",
    "See Also",
    "Notes",
    "References",
    "Examples",
)


def _sections_out_of_order(doc: str) -> list[str]:
    """The section headings of a numpydoc docstring that are unknown or out of order."""
    heads = re.findall(r"^(\w[\w ]*)\n-{3,}$", inspect.cleandoc(doc), flags=re.M)
    unknown = [h for h in heads if h not in NUMPYDOC_ORDER]
    known = [NUMPYDOC_ORDER.index(h) for h in heads if h in NUMPYDOC_ORDER]
    late = [NUMPYDOC_ORDER[i] for i, j in zip(known, known[1:], strict=False) if j < i]
    return [f"unknown section {h!r}" for h in unknown] + [f"{h} is out of order" for h in late]


@pytest.mark.parametrize(("module_name", "qualname", "function", "owner"), ALL_CALLABLES, ids=IDS)
def test_docstring_sections_come_in_numpydoc_order(module_name, qualname, function, owner):
    problems = _sections_out_of_order(function.__doc__ or "")
    assert not problems, f"{module_name}.{qualname}: {problems}"


def test_the_section_order_check_can_fail():
    doc = "One line.\n\nWarns\n-----\nW\n    w\n\nRaises\n------\nE\n    e\n"
    assert _sections_out_of_order(doc) == ["Warns is out of order"]
    assert _sections_out_of_order(doc.replace("Warns\n-----", "Cautions\n--------")) == [
        "unknown section 'Cautions'"
    ]
    assert _sections_out_of_order("One line.\n\nRaises\n------\nE\n    e\n") == []
