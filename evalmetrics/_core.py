"""The ground floor: arithmetic shared by counts, classification, curves and stats (private).

Everything here is internal to :mod:`evalmetrics`; the public modules import it by these
names, and nothing imports another module's underscored name. Three groups:

- the count ratios (:data:`RATIOS`) and the other functions of the four counts or of a
  confusion matrix (F-beta, E, MCC, kappa, likelihood ratios), with the package's 0/0 policy;
- label handling: validation of ``y_true``/``y_pred``/``labels``, encoding, the matrix;
- score handling: the inputs of a curve, and the placements behind every AUC (the
  Mann-Whitney count, DeLong's placement values, the bootstrap's AUC).
"""

from __future__ import annotations

import math

import numpy as np

from ._undefined import apply_policy, divide
from ._validation import (
    as_labels,
    check_binary_classes,
    check_consistent_length,
    check_finite_scores,
    check_labels_arg,
    check_pos_label,
    check_same_label_kind,
    label_mask,
)

__all__ = [
    "CURVE_HINT",
    "RATIOS",
    "binary_counts",
    "confusion_counts",
    "count_ratio",
    "curve_inputs",
    "e_values",
    "encode",
    "fbeta_parts",
    "fbeta_values",
    "kappa_from_matrix",
    "likelihood_ratio",
    "mcc_from_matrix",
    "placements",
    "prepare_labels",
    "round_half_up",
    "sorted_placements",
    "twice_placements",
    "twice_u",
    "youden",
]

# --- the four counts ---------------------------------------------------------------------------

# The count ratios, in one table used by ``Counts``, the classification functions and ``Sweep``
# (its TPR, FPR and precision; a new ratio needs no entry there):
# name -> (the metric's name in messages, numerator, denominator, the denominator's name); the
# numerator and denominator are functions of (tp, fp, tn, fn), scalars or arrays alike.
RATIOS = {
    "precision": (
        "precision",
        lambda tp, fp, tn, fn: tp,
        lambda tp, fp, tn, fn: tp + fp,
        "TP + FP",
    ),
    "recall": ("recall", lambda tp, fp, tn, fn: tp, lambda tp, fp, tn, fn: tp + fn, "TP + FN"),
    "specificity": (
        "specificity",
        lambda tp, fp, tn, fn: tn,
        lambda tp, fp, tn, fn: tn + fp,
        "TN + FP",
    ),
    "npv": ("NPV", lambda tp, fp, tn, fn: tn, lambda tp, fp, tn, fn: tn + fn, "TN + FN"),
    "fpr": (
        "false positive rate",
        lambda tp, fp, tn, fn: fp,
        lambda tp, fp, tn, fn: fp + tn,
        "FP + TN",
    ),
    "fnr": (
        "false negative rate",
        lambda tp, fp, tn, fn: fn,
        lambda tp, fp, tn, fn: fn + tp,
        "FN + TP",
    ),
    "accuracy": (
        "accuracy",
        lambda tp, fp, tn, fn: tp + tn,
        lambda tp, fp, tn, fn: tp + fp + tn + fn,
        "n",
    ),
    "prevalence": (
        "prevalence",
        lambda tp, fp, tn, fn: tp + fn,
        lambda tp, fp, tn, fn: tp + fp + tn + fn,
        "n",
    ),
}


def count_ratio(
    name: str,
    tp: np.ndarray | int,
    fp: np.ndarray | int,
    tn: np.ndarray | int,
    fn: np.ndarray | int,
    *,
    zero_division: float | str,
    metric: str | None = None,
    denominator_name: str | None = None,
    unit: str = "classes",
) -> np.ndarray:
    """Ratio ``name`` of :data:`RATIOS` from the counts, with the package's 0/0 policy."""
    if name not in RATIOS:
        raise KeyError(
            f"{name!r} is not in evalmetrics._core.RATIOS: add (its name in messages, numerator,"
            " denominator, the denominator's name) there (CONTRIBUTING.md, Add a metric)"
        )
    label, numerator, denominator, den_name = RATIOS[name]
    return divide(
        numerator(tp, fp, tn, fn),
        denominator(tp, fp, tn, fn),
        metric=label if metric is None else metric,
        denominator_name=den_name if denominator_name is None else denominator_name,
        zero_division=zero_division,
        unit=unit,
    )


def fbeta_parts(
    tp: np.ndarray | int, fp: np.ndarray | int, fn: np.ndarray | int, beta: float
) -> tuple[np.ndarray, np.ndarray]:
    """F-beta's numerator (1 + b^2) TP and denominator b^2 (TP + FN) + (TP + FP), float64.

    The expression is evaluated in the same order as scikit-learn's
    ``precision_recall_fscore_support`` so that both give the same float, bit for bit.
    """
    beta2 = beta**2  # not beta * beta: Python's pow differs from it in the last bit for some betas
    tp = np.asarray(tp)
    true_sum = np.asarray(tp + np.asarray(fn), dtype=np.float64)
    predicted_sum = np.asarray(tp + np.asarray(fp), dtype=np.float64)
    numerator = (1 + beta2) * np.asarray(tp, dtype=np.float64)
    return numerator, beta2 * true_sum + predicted_sum


def fbeta_values(
    tp: np.ndarray | int,
    fp: np.ndarray | int,
    fn: np.ndarray | int,
    beta: float,
    *,
    zero_division: float | str,
    metric: str | None = None,
    unit: str = "classes",
) -> np.ndarray:
    """F-beta from counts: (1 + b^2) TP / (b^2 (TP + FN) + (TP + FP)), 0/0 policy applied."""
    numerator, denominator = fbeta_parts(tp, fp, fn, beta)
    return divide(
        numerator,
        denominator,
        metric=metric or f"F-beta (beta={beta:g})",
        denominator_name="TP + FP + FN",
        zero_division=zero_division,
        unit=unit,
    )


def e_values(
    tp: np.ndarray | int,
    fp: np.ndarray | int,
    fn: np.ndarray | int,
    beta: float,
    *,
    zero_division: float | str,
    metric: str | None = None,
    unit: str = "classes",
) -> np.ndarray:
    """E-measure 1 - F-beta from counts; where TP + FP + FN = 0 E itself follows the 0/0 policy.

    ``zero_division`` is the value of E there (not of F), and the warning names the E-measure.
    """
    numerator, denominator = fbeta_parts(tp, fp, fn, beta)
    undefined = denominator == 0
    f_values = divide(
        numerator,
        denominator,
        metric="F-beta",
        denominator_name="TP + FP + FN",
        zero_division=np.nan,  # silent here: apply_policy applies the policy to E
        undefined=undefined,
    )
    return apply_policy(
        1.0 - f_values,
        undefined,
        metric=metric or f"E-measure (beta={beta:g})",
        reason="TP + FP + FN is 0",
        zero_division=zero_division,
        unit=unit,
    )


def mcc_from_matrix(matrix: np.ndarray, *, zero_division: float | str) -> float:
    """Matthews correlation (Gorodkin's R_K) of a K x K confusion matrix, 0/0 policy applied.

    The arithmetic is scikit-learn's ``matthews_corrcoef`` step by step (float64 sums, the
    covariances, then one square root), so both give the same float.
    """
    true_sum = matrix.sum(axis=1, dtype=np.float64)
    pred_sum = matrix.sum(axis=0, dtype=np.float64)
    n_correct = np.trace(matrix, dtype=np.float64)
    n_samples = pred_sum.sum()
    cov_true_pred = n_correct * n_samples - np.dot(true_sum, pred_sum)
    cov_pred_pred = n_samples**2 - np.dot(pred_sum, pred_sum)
    cov_true_true = n_samples**2 - np.dot(true_sum, true_sum)
    product = cov_pred_pred * cov_true_true
    undefined = product == 0
    safe = np.sqrt(np.where(undefined, 1.0, product))
    return float(
        apply_policy(
            cov_true_pred / safe,  # nonzero: safe is 1.0 where the product is 0
            np.asarray(undefined),
            metric="MCC",
            reason="the truth or the predictions hold one class only",
            zero_division=zero_division,
        )
    )


def kappa_from_matrix(matrix: np.ndarray, *, zero_division: float | str) -> float:
    """Cohen's kappa (unweighted) of a K x K confusion matrix, 0/0 policy applied.

    The arithmetic is scikit-learn's ``cohen_kappa_score(weights=None)`` step by step:
    kappa = 1 - (observed disagreement) / (disagreement expected by chance).
    """
    confusion = matrix.astype(np.float64)
    n_classes = confusion.shape[0]
    pred_sum = np.sum(confusion, axis=0)
    true_sum = np.sum(confusion, axis=1)
    expected = np.outer(pred_sum, true_sum) / np.sum(pred_sum)  # nonzero: n >= 1 sample
    off_diagonal = np.ones((n_classes, n_classes), dtype=np.float64)
    np.fill_diagonal(off_diagonal, 0)
    observed = np.sum(off_diagonal * confusion)
    chance = np.sum(off_diagonal * expected)
    ratio = divide(
        observed,
        chance,
        metric="Cohen's kappa",
        denominator_name="the disagreement expected by chance (both use one and the same label)",
        zero_division=np.nan,  # silent here: apply_policy applies the policy to kappa
    )
    return float(
        apply_policy(
            1 - ratio,
            np.asarray(chance == 0),
            metric="Cohen's kappa",
            reason="the chance agreement p_e is 1: the truth and the predictions are all one "
            "and the same label",
            zero_division=zero_division,
        )
    )


def youden(tp: int, fp: int, tn: int, fn: int, *, zero_division: float | str) -> float:
    """Youden's J = TPR + TNR - 1 from the counts, 0/0 policy applied (no positives or no
    negatives): the one computation behind ``Counts.youden_j`` and ``youden_j``."""
    undefined = tp + fn == 0 or tn + fp == 0
    tpr = count_ratio("recall", tp, fp, tn, fn, zero_division=0.0)
    tnr = count_ratio("specificity", tp, fp, tn, fn, zero_division=0.0)
    return float(
        apply_policy(
            tpr + tnr - 1,
            np.asarray(undefined),
            metric="Youden's J",
            reason="TP + FN or TN + FP is 0",
            zero_division=zero_division,
        )
    )


def likelihood_ratio(
    tp: int, fp: int, tn: int, fn: int, *, which: str, zero_division: float | str
) -> float:
    """LR+ = TPR / FPR or LR- = FNR / TNR, in scikit-learn's order of operations.

    ``tp * (tn + fp) / (fp * (tp + fn))`` for LR+ and ``fn * (tn + fp) / (tn * (tp + fn))``
    for LR-, as ``class_likelihood_ratios`` computes them. The numerator is positive exactly
    when TPR > 0 (FNR > 0) and there are negatives; with that, a zero denominator means FPR = 0
    (TNR = 0) with positives present: x/0 with x > 0, ``inf`` with a ``RuntimeWarning``
    (``divide``'s rule). Both 0 is 0/0 (no positives, no negatives, or TPR = FPR = 0), which
    follows ``zero_division``.
    """
    positives = tp + fn
    negatives = tn + fp
    if which == "LR+":
        numerator, denominator = tp * negatives, fp * positives
        reason = "FP * (TP + FN)"
        infinite = f"TPR / FPR = ({tp}/{positives}) / (0/{negatives}), x/0 with x > 0,"
    else:
        numerator, denominator = fn * negatives, tn * positives
        reason = "TN * (TP + FN)"
        infinite = f"FNR / TNR = ({fn}/{positives}) / (0/{negatives}), x/0 with x > 0,"
    return float(
        divide(
            numerator,
            denominator,
            metric=f"the likelihood ratio {which}",
            denominator_name=reason,
            zero_division=zero_division,
            infinite_reason=infinite,
        )
    )


# --- labels ------------------------------------------------------------------------------------


def round_half_up(value: float) -> int:
    """``value`` rounded to the nearest integer, halves up (Python's ``round`` rounds to even)."""
    return int(math.floor(value + 0.5))


def prepare_labels(
    y_true: object, y_pred: object, labels: object = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate ``y_true``/``y_pred``/``labels``; return (classes, true index, predicted index).

    ``classes`` is ``labels`` as given, or the sorted union of the labels in ``y_true`` and
    ``y_pred``. The index arrays give each sample's position in ``classes``. A value absent from
    a given ``labels`` is a ValueError naming ``y_true`` or ``y_pred``.
    """
    true = as_labels(y_true, "y_true")
    pred = as_labels(y_pred, "y_pred")
    check_consistent_length(y_true=true, y_pred=pred)
    given = None if labels is None else check_labels_arg(as_labels(labels, "labels"))
    check_same_label_kind(y_true=true, y_pred=pred, labels=given)
    classes = np.union1d(true, pred) if given is None else given
    return classes, encode(true, classes, "y_true"), encode(pred, classes, "y_pred")


def encode(values: np.ndarray, classes: np.ndarray, name: str) -> np.ndarray:
    """Position of each value in ``classes``; raise naming ``name`` if one is missing."""
    order = np.argsort(classes, kind="stable")
    ordered = classes[order]
    position = np.minimum(np.searchsorted(ordered, values), len(ordered) - 1)
    missing = ordered[position] != values
    if missing.any():
        index = int(np.flatnonzero(missing)[0])
        raise ValueError(
            f"{name} contains the label {values[index].item()!r} at index {index}, which is not "
            f"in labels {classes.tolist()!r}; add it to labels (values are never dropped silently)"
        )
    return order[position]


def confusion_counts(true_index: np.ndarray, pred_index: np.ndarray, n_classes: int) -> np.ndarray:
    flat = np.bincount(true_index * n_classes + pred_index, minlength=n_classes * n_classes)
    return flat.reshape(n_classes, n_classes).astype(np.int64, copy=False)


def binary_counts(
    y_true: object,
    y_pred: object,
    pos_label: object,
    *,
    labels: object = None,
    hint: str,
) -> tuple[int, int, int, int]:
    """(TP, FP, TN, FN) of a binary problem, after the binary checks of the labels (more than
    2 labels, none of them ``pos_label``); the caller has checked ``pos_label`` itself."""
    classes, true_index, pred_index = prepare_labels(y_true, y_pred, labels)
    source = "y_true and y_pred" if labels is None else "labels"
    check_binary_classes(classes, pos_label, source=source, hint=hint)
    positive_class = label_mask(classes, pos_label)
    actual = positive_class[true_index]
    predicted = positive_class[pred_index]
    tp = int(np.count_nonzero(actual & predicted))
    fp = int(np.count_nonzero(predicted)) - tp
    fn = int(np.count_nonzero(actual)) - tp
    return tp, fp, len(actual) - tp - fp - fn, fn


# --- scores ------------------------------------------------------------------------------------

CURVE_HINT = "a curve needs a binary y_true; pass y_true == label to score one class vs the rest"


def curve_inputs(
    y_true: object, y_score: object, pos_label: object
) -> tuple[np.ndarray, np.ndarray]:
    """Validate; return (boolean array: is the sample positive?, float64 scores)."""
    pos_label = check_pos_label(pos_label)
    labels = as_labels(y_true, "y_true")
    scores = check_finite_scores(y_score, "y_score")
    check_consistent_length(y_true=labels, y_score=scores)
    actual = label_mask(labels, pos_label)
    others = labels[~actual]
    if others.size > 1:
        if others.dtype.kind in "US":
            several = bool((others != others[0]).any())
        else:
            several = bool(others.min() != others.max())
        if several:  # two or more non-positive labels: always an error, say which one
            check_binary_classes(np.unique(labels), pos_label, source="y_true", hint=CURVE_HINT)
    return actual, scores


def twice_placements(values: np.ndarray, sorted_others: np.ndarray) -> np.ndarray:
    """For each value: the others below it plus the others below or tied with it (int64).

    This is twice the number of others the value outranks, a tie counting 1/2: the one
    placement count (Mann-Whitney) behind ``roc_auc``, DeLong's placement values and the AUC of
    the intervals and the bootstrap. ``sorted_others`` must be sorted ascending.
    """
    below = np.searchsorted(sorted_others, values, side="left")
    return below + np.searchsorted(sorted_others, values, side="right")


def twice_u(positive: np.ndarray, scores: np.ndarray) -> tuple[int, int, int]:
    """(2U, n_pos, n_neg): twice the Mann-Whitney count of (positive, negative) pairs won.

    The AUC is 2U / (2 n_pos n_neg) when both classes are present.
    """
    positives, negatives = scores[positive], np.sort(scores[~positive])
    total = twice_placements(positives, negatives).sum(dtype=np.int64)
    return int(total), len(positives), len(negatives)


def placements(
    positive: np.ndarray, y_score: np.ndarray, *, keep_order: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's placement values (V10 of the positives, V01 of the negatives) of one model.

    Input order unless ``keep_order`` is False (sorted order: enough for a mean or a variance).
    The inputs are trusted: both classes present (see ``stats._delong`` for the algorithm).
    """
    x = y_score[positive]
    y = y_score[~positive]
    x_sorted = np.sort(x)
    y_sorted = np.sort(y)
    m = x.shape[0]
    n_neg = y.shape[0]
    if not keep_order:  # placements in sorted order: enough for a mean or a variance
        return sorted_placements(x_sorted, y_sorted)
    # T_Z - T_X of a positive: negatives below it plus half the negatives tied with it
    v10 = twice_placements(x, y_sorted) * (0.5 / n_neg)  # nonzero: caller checked n_neg >= 1
    # m - (T_Z - T_Y) of a negative: positives above it plus half the positives tied with it
    v01 = (2 * m - twice_placements(y, x_sorted)) * (0.5 / m)  # nonzero: caller checked m >= 1
    return v10, v01


def sorted_placements(x_sorted: np.ndarray, y_sorted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """V10 and V01 in ascending score order, binary-searching only the smaller class.

    With lo_i, hi_i the negatives below / below-or-tied with positive i (two searches of the
    positives in the negatives), negative j (sorted) is above positive i iff j >= hi_i and above
    or tied iff j >= lo_i, so the positives below each negative are a cumulative count of the
    hi_i (and those below or tied of the lo_i): O(n) after the sorts. If the negatives are
    fewer, the roles swap.
    """
    m = x_sorted.shape[0]
    n_neg = y_sorted.shape[0]
    if m <= n_neg:
        lo = np.searchsorted(y_sorted, x_sorted, side="left")
        hi = np.searchsorted(y_sorted, x_sorted, side="right")
        v10 = (lo + hi) * (0.5 / n_neg)  # nonzero: caller checked n_neg >= 1
        pos_below = np.cumsum(np.bincount(hi, minlength=n_neg + 1))[:n_neg]
        pos_below_or_tied = np.cumsum(np.bincount(lo, minlength=n_neg + 1))[:n_neg]
        v01 = (2 * m - pos_below - pos_below_or_tied) * (0.5 / m)  # nonzero: m >= 1 checked
        return v10, v01
    lo = np.searchsorted(x_sorted, y_sorted, side="left")  # positives below negative j
    hi = np.searchsorted(x_sorted, y_sorted, side="right")  # positives below or tied
    v01 = (2 * m - lo - hi) * (0.5 / m)  # nonzero: caller checked m >= 1
    # positive i is above negative j iff i >= hi_j, above or tied iff i >= lo_j
    neg_below = np.cumsum(np.bincount(hi, minlength=m + 1))[:m]
    neg_below_or_tied = np.cumsum(np.bincount(lo, minlength=m + 1))[:m]
    v10 = (neg_below + neg_below_or_tied) * (0.5 / n_neg)  # nonzero: n_neg >= 1 checked
    return v10, v01
