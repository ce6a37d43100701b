"""Common tests: the same invariances checked on every public metric.

In the spirit of scikit-learn's ``sklearn/metrics/tests/test_common.py``: a registry holds one
entry per public metric (its kind of input and the options to call it with); the list of
metrics is derived from the modules' ``__all__`` and a metric without an entry fails
``test_every_public_metric_has_an_entry``, so a new metric cannot skip these tests.

Checks: invariance to sample order (classification and curves: permute the samples; ranking:
permute the rows of a 2-D input, per-row results permute the same way); string and numeric
labels give the same value; a list, a tuple and a read-only array give the same value; NaN and
inf in scores or relevance grades are rejected with a ValueError naming the argument; ranking's
1-D / 2-D contract (a 1-D list gives a Python float equal to its row of the 2-D result, a 2-D
input an array of shape (n_rows,)); every 0/0-capable metric honours the four values of
``zero_division`` with one warning of the one message shape. Also from scikit-learn's list:
empty input, inconsistent lengths, mixed string/number labels and negative grades are rejected
naming the argument; a single value is a Python float, never a numpy scalar; ``labels`` orders
the per-class values; an ignored ``pos_label`` warns.

Expected values are either another call of the same metric on transformed input (the
invariances) or derived by hand in the registry (the 0/0 cases), never stored from a run.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest

from evalmetrics import UndefinedMetricWarning
from evalmetrics.confusion import Counts
from evalmetrics.curves import Sweep

METRIC_MODULES = ("confusion", "classification", "curves", "ranking")
# Public functions of those modules that are not computed from samples, with the reason.
NOT_SAMPLE_METRICS = {
    "confusion.fbeta_isocurve": "arithmetic on a recall grid (the iso-F curve), no samples",
    "curves.average_roc": "averages ROC curves already computed, one per fold; its inputs are "
    "curves, not samples (tests/test_roc_average.py)",
}
SEED = 20261201
N_SAMPLES = 30
RANK_SHAPE = (6, 8)


def _module(name):
    return importlib.import_module(f"evalmetrics.{name}")


def _public_metric_names():
    names = []
    for module_name in METRIC_MODULES:
        module = _module(module_name)
        for name in module.__all__:
            if inspect.isfunction(getattr(module, name)):
                names.append(f"{module_name}.{name}")
    return names


def _function(qualified):
    module_name, name = qualified.split(".")
    return getattr(_module(module_name), name)


# --- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """How to call a metric on generated data.

    kind: "labels" (y_true, y_pred), "scores" (y_true, y_score), "ranking" (rels) or "judge"
    (ranked_ids, qrels). classes: number of classes of generated labels. rows: per-row options
    of a ranking metric taken from the data ("n_relevant", "ideal"). summary: a ranking metric
    that returns one float for any input (MAP, MRR, hit ratio).
    """

    kind: str
    kwargs: dict = field(default_factory=dict)
    classes: int = 2
    rows: tuple[str, ...] = ()
    summary: bool = False


@dataclass(frozen=True)
class ZeroDivisionCase:
    """An input where the metric is 0/0, and the expected values as a function of the policy's
    value v (nan for "warn"), derived by hand."""

    args: tuple
    kwargs: dict = field(default_factory=dict)
    pick: Callable = lambda result: result
    expected: Callable = lambda v: v
    where: str | None = ""  # the message's " for n of m <unit>" ("" for one value; None: any)
    message: str | None = None  # a regex replacing the standard message


def _standard_message(where: str | None) -> str:
    """The one message shape of evalmetrics._undefined."""
    where_pattern = r"( for \d+ of \d+ \w+)?" if where is None else re.escape(where)
    return (
        r"^.+ is undefined \(0/0: .+\)" + where_pattern + r"; returning nan\. "
        r"Pass zero_division=0\.0, 1\.0 or nan to choose a value silently\.$"
    )


BINARY = Case("labels")
PER_CLASS = Case("labels", {"average": None}, classes=3)
MACRO = Case("labels", {"average": "macro"}, classes=3)
WEIGHTED_WITH_LABELS = Case("labels", {"average": "weighted", "labels": [2, 0, 1]}, classes=3)
RATIO_CASES = [BINARY, Case("labels", {"pos_label": 0}), PER_CLASS, MACRO, WEIGHTED_WITH_LABELS]

REGISTRY: dict[str, list[Case]] = {
    "confusion.counts": [BINARY, Case("labels", {"pos_label": 0})],
    "confusion.confusion_matrix": [
        Case("labels", classes=3),
        Case("labels", {"labels": [2, 0, 1]}),
    ],
    "classification.accuracy": [Case("labels", classes=3)],
    "classification.precision": RATIO_CASES,
    "classification.recall": RATIO_CASES,
    "classification.specificity": RATIO_CASES,
    "classification.f1": RATIO_CASES,
    "classification.fbeta": [
        Case(c.kind, {**c.kwargs, "beta": 2.0}, classes=c.classes) for c in RATIO_CASES
    ],
    "classification.e_measure": [
        Case(c.kind, {**c.kwargs, "beta": 0.5}, classes=c.classes) for c in RATIO_CASES
    ],
    # the four-count metrics
    "classification.npv": RATIO_CASES,
    "classification.balanced_accuracy": [BINARY, Case("labels", classes=3)],
    "classification.mcc": [BINARY, Case("labels", classes=3)],
    "classification.cohen_kappa": [BINARY, Case("labels", {"labels": [2, 0, 1]}, classes=3)],
    "classification.youden_j": [BINARY, Case("labels", {"pos_label": 0})],
    "classification.lr_plus": [BINARY, Case("labels", {"pos_label": 0})],
    "classification.lr_minus": [BINARY, Case("labels", {"pos_label": 0})],
    "curves.sweep": [Case("scores")],
    "curves.counts_at": [Case("scores", {"threshold": 0.5})],
    "curves.roc_curve": [Case("scores")],
    "curves.roc_auc": [Case("scores")],
    "curves.pr_curve": [Case("scores")],
    "curves.average_precision": [Case("scores"), Case("scores", {"pos_label": 0})],
    "ranking.precision_at_k": [Case("ranking", {"k": 3})],
    "ranking.recall_at_k": [
        Case("ranking", {"k": 3}),
        Case("ranking", {"k": 5}, rows=("n_relevant",)),
    ],
    "ranking.average_precision": [
        Case("ranking"),
        Case("ranking", {"k": 4}, rows=("n_relevant",)),
    ],
    "ranking.mean_average_precision": [
        Case("ranking", summary=True),
        Case("ranking", {"k": 4}, rows=("n_relevant",), summary=True),
    ],
    "ranking.reciprocal_rank": [
        Case("ranking"),
        Case("ranking", {"k": 2}),
        Case("ranking", rows=("n_relevant",)),
    ],
    "ranking.mean_reciprocal_rank": [
        Case("ranking", summary=True),
        Case("ranking", rows=("n_relevant",), summary=True),
    ],
    "ranking.hit_rate": [Case("ranking", {"k": 2})],
    "ranking.micro_recall_at_k": [Case("ranking", {"k": 3}, rows=("n_relevant",), summary=True)],
    "ranking.cg": [Case("ranking"), Case("ranking", {"k": 3})],
    "ranking.dcg": [Case("ranking"), Case("ranking", {"k": 3, "gain": "linear"})],
    "ranking.ndcg": [
        Case("ranking"),
        Case("ranking", {"k": 5, "gain": "linear"}, rows=("ideal",)),
    ],
    "ranking.interpolated_precision": [
        Case("ranking", {"recall_levels": 0.5}),
        Case("ranking", {"recall_levels": 0.3}, rows=("n_relevant",)),
    ],
    "ranking.eleven_point_ap": [Case("ranking"), Case("ranking", rows=("n_relevant",))],
    "ranking.judge": [Case("judge")],
    # ranking metrics for incomplete judgments and user models
    "ranking.r_precision": [Case("ranking"), Case("ranking", rows=("n_relevant",))],
    "ranking.bpref": [Case("ranking"), Case("ranking", rows=("n_relevant",))],
    "ranking.judged_at_k": [Case("ranking", {"k": 3})],
    "ranking.err": [Case("ranking", {"max_grade": 3}), Case("ranking", {"max_grade": 4, "k": 3})],
    "ranking.rbp": [
        Case("ranking", {"persistence": 0.8}),
        Case("ranking", {"persistence": 0.5, "k": 3}),
    ],
    "ranking.rbp_residual": [Case("ranking", {"persistence": 0.8})],
}

NAN = float("nan")
LISTS = " for 1 of 2 lists"
ZERO_DIVISION: dict[str, ZeroDivisionCase] = {
    # precision: TP + FP = 0 (nothing predicted positive)
    "classification.precision": ZeroDivisionCase(([0, 1, 0], [0, 0, 0])),
    # recall: TP + FN = 0 (no positive in y_true)
    "classification.recall": ZeroDivisionCase(([0, 0, 0], [0, 1, 0])),
    # specificity: TN + FP = 0 (no negative in y_true)
    "classification.specificity": ZeroDivisionCase(([1, 1, 1], [0, 1, 0])),
    # F-beta: TP + FP + FN = 0 (no positive anywhere)
    "classification.f1": ZeroDivisionCase(([0, 0, 0], [0, 0, 0])),
    "classification.fbeta": ZeroDivisionCase(([0, 0, 0], [0, 0, 0]), {"beta": 2.0}),
    # E-measure: zero_division is E's own value where it is undefined (not F's)
    "classification.e_measure": ZeroDivisionCase(([0, 0, 0], [0, 0, 0]), {"beta": 2.0}),
    # NPV: TN + FN = 0 (nothing predicted negative)
    "classification.npv": ZeroDivisionCase(([0, 1, 0], [1, 1, 1])),
    # balanced accuracy: class 1 has no true sample (recall 0/0), class 0 has recall 2/3:
    # "warn" and nan leave class 1 out, 0.0 and 1.0 count it: (2/3 + v) / 2
    "classification.balanced_accuracy": ZeroDivisionCase(
        ([0, 0, 0], [0, 1, 0]),
        expected=lambda v: 2 / 3 if math.isnan(v) else (2 / 3 + v) / 2,
        message=r"\b1 of 2 classes\b.*zero_division",
    ),
    # MCC: one class only (the spread of y_pred and y_true is 0)
    "classification.mcc": ZeroDivisionCase(([0, 0, 0], [0, 0, 0])),
    # kappa: both use one and the same label, chance agreement p_e = 1
    "classification.cohen_kappa": ZeroDivisionCase(([0, 0, 0], [0, 0, 0])),
    # Youden's J: no positives (TPR 0/0)
    "classification.youden_j": ZeroDivisionCase(([0, 0, 0], [0, 1, 0])),
    # LR+: FP = 0 (TPR / 0); LR-: TN = 0 (FNR / 0)
    # LR+: TP = FP = 0 (TPR = FPR = 0) is 0/0; FP = 0 with TP > 0 would be +inf, not 0/0
    "classification.lr_plus": ZeroDivisionCase(([1, 0, 0], [0, 0, 0])),
    "classification.lr_minus": ZeroDivisionCase(([1, 0, 0], [1, 1, 1])),
    # curves: AP needs positives, AUC both classes, the ROC curve's fpr negatives
    "curves.average_precision": ZeroDivisionCase(([0, 0, 0], [0.1, 0.4, 0.3])),
    "curves.roc_auc": ZeroDivisionCase(([1, 1, 1], [0.1, 0.4, 0.3])),
    "curves.roc_curve": ZeroDivisionCase(
        ([1, 1, 1], [0.1, 0.4, 0.3]),
        pick=lambda r: r[0],
        expected=lambda v: np.full(4, v),
        where=" for 4 of 4 thresholds",
    ),
    # no positives: every recall is 0/0 (one point per distinct score; the sweep's +inf point,
    # where the sweep's recall is 0/0 too, is not on the PR curve)
    "curves.pr_curve": ZeroDivisionCase(
        ([0, 0, 0], [0.1, 0.4, 0.3]),
        pick=lambda r: r[1],
        expected=lambda v: np.full(3, v),
        where=" for 3 of 3 thresholds",
    ),
    "curves.sweep": ZeroDivisionCase(
        ([0, 0, 0], [0.1, 0.4, 0.3]),
        pick=lambda r: r.tpr,
        expected=lambda v: np.full(4, v),
        where=" for 4 of 4 thresholds",
    ),
    # ranking: the second list has no relevant item; the first is perfect (value 1)
    "ranking.average_precision": ZeroDivisionCase(
        ([[1, 0], [0, 0]],), expected=lambda v: [1, v], where=LISTS
    ),
    "ranking.recall_at_k": ZeroDivisionCase(
        ([[1, 0], [0, 0]],), {"k": 2}, expected=lambda v: [1, v], where=LISTS
    ),
    "ranking.ndcg": ZeroDivisionCase(([[1, 0], [0, 0]],), expected=lambda v: [1, v], where=LISTS),
    "ranking.eleven_point_ap": ZeroDivisionCase(
        ([[1, 0], [0, 0]],), expected=lambda v: [1, v], where=LISTS
    ),
    "ranking.interpolated_precision": ZeroDivisionCase(
        ([[1, 0], [0, 0]],), {"recall_levels": 0.5}, expected=lambda v: [1, v], where=LISTS
    ),
    # hit ratio: no relevant item in any list, total hits / total relevant = 0/0
    "ranking.micro_recall_at_k": ZeroDivisionCase(([[0, 0], [0, 0]],), {"k": 1}),
    # MAP over AP = [0.5, undefined]: "warn" and nan leave the undefined list out (0.5);
    # 0.0 and 1.0 count it as that value: (0.5 + v) / 2
    "ranking.mean_average_precision": ZeroDivisionCase(
        ([[0, 1], [0, 0]],),
        expected=lambda v: 0.5 if math.isnan(v) else (0.5 + v) / 2,
        message=r"\b1 of 2 lists\b.*zero_division",  # says how many lists it left out
    ),
}
# R = 0 in the second list; RR and MRR only when n_relevant is given
ZERO_DIVISION.update(
    {
        "ranking.r_precision": ZeroDivisionCase(
            ([[1, 0], [0, 0]],), expected=lambda v: [1, v], where=LISTS
        ),
        "ranking.bpref": ZeroDivisionCase(
            ([[1, 0], [0, 0]],), expected=lambda v: [1, v], where=LISTS
        ),
        "ranking.reciprocal_rank": ZeroDivisionCase(
            ([[1, 0], [0, 0]],), {"n_relevant": [1, 0]}, expected=lambda v: [1, v], where=LISTS
        ),
        # MRR over RR = [0.5, undefined], as MAP above
        "ranking.mean_reciprocal_rank": ZeroDivisionCase(
            ([[0, 1], [0, 0]],),
            {"n_relevant": [1, 0]},
            expected=lambda v: 0.5 if math.isnan(v) else (0.5 + v) / 2,
            message=r"\b1 of 2 lists\b.*zero_division",
        ),
    }
)
# MAP when every list is undefined: nan under "warn" and nan, else the value
MAP_ALL_UNDEFINED = ZeroDivisionCase(
    ([[0, 0], [0, 0]],), message=r"undefined.*\b(all|2 of 2)\b.*zero_division"
)


def _cases():
    return [
        pytest.param(name, i, case, id=f"{name}-{i}")
        for name, cases in REGISTRY.items()
        for i, case in enumerate(cases)
    ]


def _cases_of(*kinds):
    return [p for p in _cases() if p.values[2].kind in kinds]


# --- data --------------------------------------------------------------------------------------


def _labels(rng, classes):
    y_true = rng.integers(0, classes, N_SAMPLES)
    y_true[:classes] = np.arange(classes)  # every class present
    y_pred = y_true.copy()
    flip = rng.random(N_SAMPLES) < 0.4
    y_pred[flip] = rng.integers(0, classes, int(flip.sum()))
    return y_true, y_pred


def _scores(rng):
    y_true = rng.integers(0, 2, N_SAMPLES)
    y_true[:2] = [0, 1]
    y_score = np.round(rng.random(N_SAMPLES) * 0.8 + 0.3 * y_true, 1)  # ties
    return y_true, y_score


def _ranking(rng):
    rels = rng.choice([0, 1, 2, 3], size=RANK_SHAPE, p=[0.5, 0.25, 0.15, 0.1]).astype(float)
    for row in rels:
        if not row.any():
            row[rng.integers(len(row))] = 1.0  # every list holds a relevant item
    hits = np.count_nonzero(rels, axis=1)
    unretrieved = rng.choice([0, 1, 2], size=(RANK_SHAPE[0], 3))
    ideal = -np.sort(-np.concatenate([rels, unretrieved], axis=1), axis=1)
    return {
        "rels": rels,
        "n_relevant": hits + np.count_nonzero(unretrieved, axis=1),
        "ideal": ideal,
    }


def _data(case, seed=SEED):
    """(positional data, keyword options) for one call."""
    rng = np.random.default_rng(seed)
    if case.kind == "labels":
        return _labels(rng, case.classes), dict(case.kwargs)
    if case.kind == "scores":
        return _scores(rng), dict(case.kwargs)
    if case.kind == "ranking":
        data = _ranking(rng)
        return (data["rels"],), {**case.kwargs, **{name: data[name] for name in case.rows}}
    ids = [f"d{i}" for i in rng.permutation(10)]
    qrels = {f"d{i}": int(g) for i, g in enumerate(rng.integers(0, 4, 6))}
    return (ids, qrels), {}


def _call(name, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return _function(name)(*args, **kwargs)


def _flat(result):
    """A metric's result as a list of float arrays (Counts, Sweep and tuples unpacked)."""
    if isinstance(result, Counts):
        return [np.array([result.tp, result.fp, result.tn, result.fn], dtype=float)]
    if isinstance(result, Sweep):
        arrays = [result.thresholds, result.tp, result.fp, [result.n_pos, result.n_neg]]
        return [np.asarray(a, dtype=float) for a in arrays]
    if isinstance(result, tuple):
        return [np.asarray(r, dtype=float) for r in result]
    return [np.asarray(result, dtype=float)]


def _assert_same(got, want, where):
    got, want = _flat(got), _flat(want)
    assert len(got) == len(want), where
    for g, w in zip(got, want, strict=True):
        assert g.shape == w.shape, f"{where}: shape {g.shape} != {w.shape}"
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=0, equal_nan=True, err_msg=where)


# --- the registry is complete ------------------------------------------------------------------


def test_every_public_metric_has_an_entry():
    public = _public_metric_names()
    missing = [n for n in public if n not in REGISTRY and n not in NOT_SAMPLE_METRICS]
    assert not missing, (
        f"public metrics without an entry in REGISTRY in tests/test_common.py: {missing}"
        " (CONTRIBUTING.md, Add a metric; tests/test_metric_registered.py lists every step)"
    )
    stale = [n for n in REGISTRY if n not in public]
    assert not stale, f"registry entries that are no public metric: {stale}"


def test_every_0_0_metric_has_a_zero_division_case():
    """The rule for 'can meet 0/0': the docstring names UndefinedMetricWarning."""
    capable = [
        n
        for n in _public_metric_names()
        if "UndefinedMetricWarning" in (inspect.getdoc(_function(n)) or "")
    ]
    assert "classification.precision" in capable and "ranking.ndcg" in capable
    missing = [n for n in capable if n not in ZERO_DIVISION]
    assert not missing, (
        f"0/0-capable metrics without a case in ZERO_DIVISION in tests/test_common.py: {missing}"
    )


# --- invariances -------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("labels", "scores"))
def test_sample_order_invariance(name, i, case):
    (y_true, y_other), kwargs = _data(case)
    want = _call(name, (y_true, y_other), kwargs)
    for seed in range(3):
        perm = np.random.default_rng(seed).permutation(len(y_true))
        got = _call(name, (y_true[perm], y_other[perm]), kwargs)
        _assert_same(got, want, f"{name} {kwargs} with samples permuted")


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("ranking"))
def test_query_order_invariance(name, i, case):
    (rels,), kwargs = _data(case)
    want = _call(name, (rels,), kwargs)
    for seed in range(3):
        perm = np.random.default_rng(seed).permutation(len(rels))
        permuted = {k: (v[perm] if k in case.rows else v) for k, v in kwargs.items()}
        got = _call(name, (rels[perm],), permuted)
        expected = want if case.summary else np.asarray(want)[perm]
        _assert_same(got, expected, f"{name} {case.kwargs} with rows permuted")


STRING_NAMES = np.array(["ant", "bee", "cat"])  # sorted as 0 < 1 < 2 are


def _as_strings(values):
    return STRING_NAMES[np.asarray(values)]


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("labels", "scores"))
def test_string_and_numeric_labels_give_the_same_value(name, i, case):
    (y_true, y_other), kwargs = _data(case)
    numeric = {**kwargs}
    parameters = inspect.signature(_function(name)).parameters
    if "pos_label" in parameters and kwargs.get("average", "binary") == "binary":
        numeric.setdefault("pos_label", 1)  # pos_label is used only under average="binary"
    strings = {**numeric}
    if "pos_label" in strings:
        strings["pos_label"] = str(_as_strings(strings["pos_label"]))
    if strings.get("labels") is not None:
        strings["labels"] = list(_as_strings(strings["labels"]))
    y_other_strings = _as_strings(y_other) if case.kind == "labels" else y_other
    want = _call(name, (y_true, y_other), numeric)
    got = _call(name, (_as_strings(y_true), y_other_strings), strings)
    _assert_same(got, want, f"{name} {strings} with string labels")


def _containers(array):
    readonly = np.array(array)
    readonly.setflags(write=False)
    return {
        "list": np.asarray(array).tolist(),
        "tuple": tuple(tuple(r) if isinstance(r, list) else r for r in np.asarray(array).tolist()),
        "read-only array": readonly,
    }


@pytest.mark.parametrize(("name", "i", "case"), _cases())
def test_list_tuple_and_read_only_array_give_the_same_value(name, i, case):
    args, kwargs = _data(case)
    want = _call(name, args, kwargs)
    n_data = 1 if case.kind == "judge" else len(args)  # judge: ranked_ids only (qrels is a dict)
    forms = [_containers(a) for a in args[:n_data]]
    for form in forms[0]:
        converted = tuple(f[form] for f in forms) + tuple(args[n_data:])
        got = _call(name, converted, kwargs)
        assert type(got) is type(want), f"{name}: {form} gives {type(got)}, array {type(want)}"
        _assert_same(got, want, f"{name} {kwargs} with {form} input")


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize(("name", "i", "case"), _cases_of("scores", "ranking", "judge"))
def test_nan_and_inf_are_rejected_naming_the_argument(name, i, case, bad):
    args, kwargs = _data(case)
    if case.kind == "scores":
        y_score = np.array(args[1], dtype=float)
        y_score[3] = bad
        args, argument = (args[0], y_score), "y_score"
    elif case.kind == "ranking":
        rels = np.array(args[0], dtype=float)
        rels[2, 1] = bad
        args, argument = (rels,), "rels"
    else:
        qrels = {**args[1], "d0": bad}
        args, argument = (args[0], qrels), "qrels"
    with pytest.raises(ValueError, match=argument):
        _function(name)(*args, **kwargs)


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("ranking"))
def test_negative_grades_are_rejected_naming_the_argument(name, i, case):
    args, kwargs = _data(case)
    rels = np.array(args[0], dtype=float)
    rels[1, 2] = -1.0
    with pytest.raises(ValueError, match="rels"):
        _function(name)(rels, **kwargs)


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("judge"))
def test_a_negative_qrels_grade_is_read_as_not_relevant(name, i, case):
    """In qrels a negative grade (TREC's -2 for spam) is a document that is not relevant, as
    trec_eval reads it: the same grades as a 0 there."""
    (ids, qrels), kwargs = _data(case)
    negative = _function(name)(ids, {**qrels, "d0": -2}, **kwargs)
    zero = _function(name)(ids, {**qrels, "d0": 0}, **kwargs)
    np.testing.assert_array_equal(negative, zero)
    assert zero[ids.index("d0")] == 0.0


@pytest.mark.parametrize(("name", "i", "case"), _cases())
def test_empty_input_is_rejected_naming_the_argument(name, i, case):
    args, kwargs = _data(case)
    kwargs = {k: v for k, v in kwargs.items() if k not in case.rows}  # per-row options
    if case.kind in ("labels", "scores"):
        args, argument = ([], []), "y_true"
    elif case.kind == "ranking":
        args, argument = ([],), "rels"
    else:
        args, argument = ([], args[1]), "ranked_ids"
    with pytest.raises(ValueError, match=argument):
        _function(name)(*args, **kwargs)


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("labels", "scores"))
def test_inconsistent_lengths_are_rejected_naming_both(name, i, case):
    (y_true, y_other), kwargs = _data(case)
    other = "y_pred" if case.kind == "labels" else "y_score"
    with pytest.raises(ValueError, match=f"y_true.*{other}"):
        _function(name)(y_true, y_other[:-1], **kwargs)


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("labels"))
def test_string_and_numeric_labels_do_not_mix(name, i, case):
    """scikit-learn: "Mix of label input types (string and number)"."""
    (y_true, y_pred), kwargs = _data(case)
    kwargs = {k: v for k, v in kwargs.items() if k not in ("pos_label", "labels")}
    with pytest.raises((TypeError, ValueError), match="y_true.*y_pred"):
        _function(name)(_as_strings(y_true), y_pred, **kwargs)


@pytest.mark.parametrize(("name", "i", "case"), _cases())
def test_returned_value_types(name, i, case):
    """As scikit-learn's test_returned_value_consistency: a value is a Python float, never a
    numpy scalar; several values are an ndarray (or a tuple of them, Counts, Sweep)."""
    args, kwargs = _data(case)
    result = _call(name, args, kwargs)
    assert isinstance(result, float | np.ndarray | tuple | Counts | Sweep), type(result)
    assert not isinstance(result, np.generic), f"{name} returns a numpy scalar {type(result)}"
    if isinstance(result, tuple):
        assert all(isinstance(r, np.ndarray) for r in result), [type(r) for r in result]


def _per_class_metrics():
    return [
        name
        for name in _public_metric_names()
        if name in REGISTRY  # a metric not registered yet: test_every_public_metric_has_an_entry
        and {"average", "labels"} <= set(inspect.signature(_function(name)).parameters)
        # the curves take a 2-D y_score here: tests/test_multiclass_curves.py checks theirs
        and not name.startswith("curves.")
    ]


@pytest.mark.parametrize("name", _per_class_metrics())
def test_labels_order_orders_the_per_class_values(name):
    """As scikit-learn's test_no_averaging_labels: labels=[2, 0, 1] gives the sorted-label
    values in that order."""
    (y_true, y_pred), _ = _data(Case("labels", classes=3))
    options = {k: v for k, v in REGISTRY[name][0].kwargs.items() if k != "pos_label"}
    default = _call(name, (y_true, y_pred), {**options, "average": None})
    reordered = _call(name, (y_true, y_pred), {**options, "average": None, "labels": [2, 0, 1]})
    _assert_same(reordered, default[[2, 0, 1]], f"{name} labels=[2, 0, 1]")


@pytest.mark.parametrize(("name", "i", "case"), _cases_of("ranking"))
def test_ranking_1d_float_and_2d_per_row_contract(name, i, case):
    (rels,), kwargs = _data(case)
    both = _call(name, (rels,), kwargs)
    if case.summary:
        assert type(both) is float, f"{name} on 2-D gives {type(both)}, want float"
    else:
        assert isinstance(both, np.ndarray) and both.shape == (len(rels),), (name, both)
        assert both.dtype == np.float64
    for row in range(len(rels)):
        one = {k: (v[row] if k in case.rows else v) for k, v in kwargs.items()}
        if "n_relevant" in one and case.rows:
            one["n_relevant"] = int(one["n_relevant"])
        got = _call(name, (rels[row].tolist(),), one)
        assert type(got) is float, f"{name} on a 1-D list gives {type(got)}, want float"
        if case.summary:
            two = {k: (v[row : row + 1] if k in case.rows else v) for k, v in kwargs.items()}
            want = _call(name, (rels[row : row + 1],), two)
        else:
            want = both[row]
        assert got == want or (math.isnan(got) and math.isnan(want)), (name, row, got, want)


def _averaging_metrics():
    return [
        name
        for name in _public_metric_names()
        if name in REGISTRY  # a metric not registered yet: test_every_public_metric_has_an_entry
        and {"average", "pos_label"} <= set(inspect.signature(_function(name)).parameters)
        # the curves take a 2-D y_score here: tests/test_multiclass_curves.py checks theirs
        and not name.startswith("curves.")
    ]


@pytest.mark.parametrize("average", ["micro", "macro", "weighted", None])
@pytest.mark.parametrize("name", _averaging_metrics())
def test_an_ignored_pos_label_warns(name, average):
    """pos_label is ignored unless average="binary": setting it warns as scikit-learn does,
    and the value is the one without it."""
    (y_true, y_pred), _ = _data(Case("labels", classes=3))
    options = {k: v for k, v in REGISTRY[name][0].kwargs.items() if k != "pos_label"}
    options["average"] = average  # with the metric's other options (beta)
    want = _call(name, (y_true, y_pred), options)
    message = (
        f"Note that pos_label (set to 2) is ignored when average != 'binary' (got {average!r}). "
        "To score the class 2 alone, pass average=None and take its entry (classes in the "
        "order of labels, sorted by default)."
    )
    with pytest.warns(UserWarning, match=f"^{re.escape(message)}$"):
        got = _function(name)(y_true, y_pred, **options, pos_label=2)
    _assert_same(got, want, f"{name} average={average!r} pos_label=2")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the default pos_label is not "set"
        _function(name)(y_true, y_pred, **options)


def test_the_averaging_metrics_are_found():
    assert {"classification.precision", "classification.f1"} <= set(_averaging_metrics())


# --- zero_division -----------------------------------------------------------------------------

POLICIES = ["warn", 0.0, 1.0, NAN]


def _check_policy(name, zd, policy):
    function = _function(name)
    v = NAN if policy == "warn" else policy
    if policy == "warn":
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = function(*zd.args, **zd.kwargs, zero_division="warn")
        ours = [w for w in caught if issubclass(w.category, UndefinedMetricWarning)]
        assert len(ours) == 1, f"{name}: want one UndefinedMetricWarning, got {len(ours)}"
        message = str(ours[0].message)
        pattern = zd.message or _standard_message(zd.where)
        assert re.search(pattern, message), f"{name}: {message!r} does not match {pattern!r}"
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a chosen value is silent
            result = function(*zd.args, **zd.kwargs, zero_division=policy)
    got = np.asarray(zd.pick(result), dtype=float)
    want = np.asarray(zd.expected(v), dtype=float)
    np.testing.assert_array_equal(got, want, err_msg=f"{name} zero_division={policy!r}")


@pytest.mark.parametrize("policy", POLICIES, ids=["warn", "0.0", "1.0", "nan"])
@pytest.mark.parametrize("name", sorted(ZERO_DIVISION))
def test_zero_division_is_honoured(name, policy):
    _check_policy(name, ZERO_DIVISION[name], policy)


@pytest.mark.parametrize("policy", POLICIES, ids=["warn", "0.0", "1.0", "nan"])
def test_mean_average_precision_of_only_undefined_lists(policy):
    _check_policy("ranking.mean_average_precision", MAP_ALL_UNDEFINED, policy)


@pytest.mark.parametrize("name", sorted(ZERO_DIVISION))
def test_zero_division_rejects_other_values(name):
    zd = ZERO_DIVISION[name]
    for bad in ("zero", "skip", 2.0, True, None):
        with pytest.raises((ValueError, TypeError), match="zero_division"):
            _function(name)(*zd.args, **zd.kwargs, zero_division=bad)
