"""Is one system better than another? Tests of two systems (private module).

Public names (re-exported by :mod:`evalmetrics.stats`): :func:`mcnemar`, :func:`delong_test`,
:func:`delong_test_ind` and :func:`paired_test`, each returning a :class:`TestResult`.

The shape is scipy's (``ttest_rel(a, b)``): the result is a tuple ``(statistic, pvalue)``,
``estimate`` is signed as **first minus second** (positive: the first argument scores
higher), ``alternative="greater"`` tests "the first is better", and
``result.confidence_interval(confidence_level=0.95)`` gives the interval of ``estimate``
(one-sided when the test is). The statistic is the peer's: scipy's ``ttest_rel`` and
``wilcoxon`` (``min(W+, W-)`` two-sided, ``W+`` one-sided), statsmodels' ``mcnemar``
(``min(b, c)`` or the chi-square), DeLong's z; the t, z and mean statistics are signed like
``estimate``, McNemar's and the two-sided Wilcoxon's are not, so the direction is always
read from ``estimate``. A t statistic comes with its ``df``.

The interval rules a result holds are ``functools.partial`` objects of module-level
functions, so every result pickles.

scipy does the arithmetic wherever it has it (``binomtest``, ``norm``, ``ttest_rel``,
``wilcoxon``, ``permutation_test``); written here are DeLong's tests (placement values from
:mod:`evalmetrics.stats._delong`), Newcombe's interval of a paired difference of proportions,
the Hodges-Lehmann interval and the paired bootstrap.

When the two systems agree on every case (identical scores, all differences 0) there is no
evidence of a difference: the statistic is 0.0 and the p-value 1.0 rather than scipy's nan
for 0/0.
"""

from __future__ import annotations

import math
import warnings
from functools import partial

import numpy as np

from .._undefined import caller_stacklevel
from .._validation import (
    as_labels,
    check_alternative,
    check_binary_classes,
    check_consistent_length,
    check_finite_scores,
    check_option,
    check_pos_label,
    check_positive_int,
    check_random_state,
    check_same_label_kind,
    describe,
    label_mask,
)
from ._common import (
    BLOCK_INDICES,
    TestResult,
    normal_quantile,
    one_sided,
    percentile_interval,
    resample_blocks,
    scipy_rng,
    tie_rounded,
    warn_ignored,
)
from ._delong import delong_covariance, delong_placements, delong_variance

__all__ = ["delong_test", "delong_test_ind", "mcnemar", "paired_test"]

_N_RESAMPLES = 9999  # scipy's permutation_test and bootstrap default
_INF = (-math.inf, math.inf)
_UNIT = (-1.0, 1.0)


def _normal_pvalue(z: float, alternative: str) -> float:
    from scipy.stats import norm

    if alternative == "greater":
        return float(norm.sf(z))
    if alternative == "less":
        return float(norm.cdf(z))
    return float(min(1.0, 2 * norm.sf(abs(z))))


_INTERVALS = {
    "exact": "newcombe",
    "chi2": "newcombe",
    "delong": "delong",
    "t": "t",
    "wilcoxon": "hodges-lehmann",
    "randomization": "randomization",
    "bootstrap": "percentile",
}


def _result(
    statistic, pvalue, estimate, method, alternative, two_sided, bounds, df=None
) -> TestResult:
    return TestResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        estimate=float(estimate),
        method=method,
        alternative=alternative,
        _interval=one_sided(two_sided, alternative, bounds),
        _interval_method=_INTERVALS[method],
        df=None if df is None else float(df),
    )


# The interval rules (level -> (low, high)) are functools.partial objects of module-level
# functions, not closures, so that a TestResult holding one pickles.


def _point_interval(value: float, level: float) -> tuple[float, float]:
    return value, value


def _point(value: float):
    """The interval rule of an estimate with no sampling spread: (value, value)."""
    return partial(_point_interval, value)


# --- McNemar ---


def _wilson(k: int, n: int, z: float) -> tuple[float, float]:
    p = k / n  # nonzero: n >= 1 (checked by the caller)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)  # nonzero: n >= 1
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)  # nonzero: idem
    return max(0.0, centre - half), min(1.0, centre + half)


def _newcombe(both: int, b: int, c: int, neither: int):
    """Newcombe's (1998) square-and-add interval of p1 - p2 for a paired 2 x 2 table.

    ``both`` cases right under both, ``b`` right under the first only, ``c`` under the second
    only, ``neither``. Method 10 of Newcombe (1998): Wilson intervals of the two marginal
    proportions combined with the estimated correlation psi (continuity-adjusted as there).
    """
    n = both + b + c + neither
    margins = (both + b, c + neither, both + c, b + neither)
    if min(margins) == 0:
        psi = 0.0
    else:
        cross = both * neither - b * c
        if cross > n / 2:
            cross -= n / 2
        elif cross >= 0:
            cross = 0.0
        psi = cross / math.sqrt(math.prod(float(m) for m in margins))  # nonzero: margins > 0
    return partial(_newcombe_interval, both, b, c, n, psi)


def _newcombe_interval(
    both: int, b: int, c: int, n: int, psi: float, level: float
) -> tuple[float, float]:
    p1 = (both + b) / n  # nonzero: n >= 1 (checked by the caller)
    p2 = (both + c) / n  # nonzero: idem
    z = normal_quantile(level)
    l1, u1 = _wilson(both + b, n, z)
    l2, u2 = _wilson(both + c, n, z)
    d1, e2 = p1 - l1, u2 - p2
    e1, d2 = u1 - p1, p2 - l2
    low = (p1 - p2) - math.sqrt(max(d1 * d1 + e2 * e2 - 2 * psi * d1 * e2, 0.0))
    high = (p1 - p2) + math.sqrt(max(d2 * d2 + e1 * e1 - 2 * psi * d2 * e1, 0.0))
    return max(low, -1.0), min(high, 1.0)


def _table_counts(table: object) -> tuple[int, int, int, int]:
    """(both, b, c, neither) from a 2 x 2 table of paired outcomes given as ``y_true``."""
    array = np.asarray(table)
    if array.shape != (2, 2):
        raise ValueError(
            "y_true: given without pred_a and pred_b, mcnemar(table) takes a 2 x 2 table of "
            f"counts (rows: the first system right, wrong; columns: the second); got shape "
            f"{array.shape}. With labels, pass y_true, pred_a and pred_b"
        )
    if array.dtype.kind == "b" or array.dtype.kind not in "iuf":
        raise TypeError(f"y_true (the 2 x 2 table) must hold counts, got {describe(table)}")
    if array.dtype.kind == "f" and not (
        np.all(np.isfinite(array)) and np.all(array == np.round(array))
    ):
        raise TypeError(f"y_true (the 2 x 2 table) must hold integer counts, got {array.tolist()}")
    if np.any(array < 0):
        raise ValueError(f"y_true (the 2 x 2 table) must hold counts >= 0, got {array.tolist()}")
    if not np.any(array):
        raise ValueError("y_true (the 2 x 2 table) holds no cases: every count is 0")
    (both, b), (c, neither) = array.astype(np.int64).tolist()
    return both, b, c, neither


def _label_counts(y_true: object, pred_a: object, pred_b: object) -> tuple[int, int, int, int]:
    """(both, b, c, neither) counted from labels: right means the prediction equals y_true."""
    truth = as_labels(y_true, "y_true")
    first = as_labels(pred_a, "pred_a")
    second = as_labels(pred_b, "pred_b")
    check_same_label_kind(y_true=truth, pred_a=first, pred_b=second)
    check_consistent_length(y_true=truth, pred_a=first, pred_b=second)
    right_a = first == truth
    right_b = second == truth
    b = int(np.count_nonzero(right_a & ~right_b))  # A right, B wrong
    c = int(np.count_nonzero(~right_a & right_b))  # A wrong, B right
    both = int(np.count_nonzero(right_a & right_b))
    return both, b, c, truth.shape[0] - both - b - c


def mcnemar(
    y_true: object,
    pred_a: object = None,
    pred_b: object = None,
    *,
    method: str = "exact",
    correction: bool = True,
    alternative: str = "two-sided",
) -> TestResult:
    r"""McNemar's test: do two classifiers' accuracies differ on the same cases?

    Two ways to call it: with labels, ``mcnemar(y_true, pred_a, pred_b)``, or as statsmodels'
    ``mcnemar(table)``, with the 2 x 2 table of paired outcomes alone: rows the first system
    (right, wrong), columns the second (right, wrong), so ``table[0][1]`` is :math:`b` and
    ``table[1][0]`` is :math:`c`.

    Only the discordant cases carry information: :math:`b` cases that A gets right and B
    wrong, :math:`c` that A gets wrong and B right. Under the null hypothesis each is equally
    likely to go either way, :math:`b \sim \text{Binomial}(b + c, 1/2)`. The statistic is
    statsmodels' (``statsmodels.stats.contingency_tables.mcnemar``), whatever
    ``alternative``; the direction is in ``estimate``:

    - ``"exact"``: statistic :math:`\min(b, c)`; p-value
      ``scipy.stats.binomtest(b, b + c, 0.5, alternative)``.
    - ``"chi2"``: statistic :math:`\chi^2 = (|b - c| - 1)^2 / (b + c)` with Edwards'
      continuity correction, :math:`(b - c)^2 / (b + c)` with ``correction=False``; two-sided
      :math:`p = P(\chi^2_1 \ge \chi^2)`. One-sided p-values use the signed normal form, the
      correction moving :math:`b - c` by 1 towards the null side
      (:math:`p = \Phi(-(b - c - 1)/\sqrt{b + c})` for ``"greater"``).

    The estimate is :math:`\text{acc}_A - \text{acc}_B = (b - c) / n`, signed: it says which
    system the discordant cases favour. Its interval is Newcombe's (1998, method 10)
    square-and-add interval for paired proportions.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), or a 2 x 2 table of counts
        True labels (any number of classes: a case is right when the prediction equals it);
        or, with ``pred_a`` and ``pred_b`` omitted, the table of paired outcomes.
    pred_a, pred_b : array-like of shape (n_samples,), optional
        The predicted labels of systems A and B on the same cases (omitted with a table).
    method : {"exact", "chi2"}, default="exact"
        statsmodels' ``exact=True`` and ``exact=False``.
    correction : bool, default=True
        Edwards' continuity correction (``"chi2"`` only; ``False`` warns with ``"exact"``).
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: A is more accurate than B.

    Returns
    -------
    TestResult
        A tuple ``(statistic, pvalue)``; ``estimate`` is acc_A - acc_B.

    Raises
    ------
    ValueError
        Empty, 2-D or unequal arrays, NaN or non-integer floats; a table that is not 2 x 2,
        has a negative count or no cases; unknown ``method`` or ``alternative``.
    TypeError
        ``correction`` not a bool; labels mixing strings and numbers; only one of ``pred_a``
        and ``pred_b``; a table of non-integers.

    Notes
    -----
    Where this differs from statsmodels 0.14 (R's ``mcnemar.test`` is the reference): at
    :math:`b = c` no continuity correction is applied, so :math:`\chi^2 = 0` and p = 1, as
    in R (``stats/R/mcnemar.test.R`` corrects only when the table is not symmetric);
    statsmodels squares :math:`|b - c| - 1 = -1` and reports :math:`\chi^2 = 1/(b + c)`, and at
    :math:`b = c = 0` an infinite statistic with p = 0. With :math:`b + c = 0` every method
    gives statistic 0 and p = 1. Prefer the exact test below :math:`b + c` of about 25.

    References
    ----------
    McNemar (1947), Psychometrika 12, 153-157. Edwards (1948), Psychometrika 13, 185-187.
    Newcombe, R. G. (1998). Improved confidence intervals for the difference between binomial
    proportions based on paired data. Statistics in Medicine 17, 2635-2650.

    Examples
    --------
    A is right on cases 0-5, B on 2-9: b = 2 (cases 0, 1), c = 4 (cases 6-9).

    >>> from evalmetrics.stats import mcnemar
    >>> y = [1] * 10
    >>> a = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> b = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    >>> statistic, pvalue = mcnemar(y, a, b)
    >>> statistic, round(pvalue, 4)      # min(b, c); binomial p of 2 in 6
    (2.0, 0.6875)
    >>> r = mcnemar([[4, 2], [4, 0]], method="chi2")   # the same cases as a table
    >>> round(r.statistic, 4), r.estimate   # (|2 - 4| - 1)^2 / 6; acc_A - acc_B
    (0.1667, -0.2)
    """
    method = check_option(method, "method", ("exact", "chi2"))
    if not isinstance(correction, (bool, np.bool_)):
        raise TypeError(f"correction must be True or False, got {describe(correction)}")
    alternative = check_alternative(alternative)
    if method == "exact" and not correction:
        warn_ignored("correction", correction, method)
    if pred_a is None and pred_b is None:
        both, b, c, neither = _table_counts(y_true)
    elif pred_a is None or pred_b is None:
        missing = "pred_a" if pred_a is None else "pred_b"
        raise TypeError(
            f"{missing} is missing: pass y_true, pred_a and pred_b (labels), or a 2 x 2 table "
            "alone, mcnemar(table)"
        )
    else:
        both, b, c, neither = _label_counts(y_true, pred_a, pred_b)
    n = both + b + c + neither
    interval = _newcombe(both, b, c, neither)
    estimate = (b - c) / n  # nonzero: n >= 1 (as_labels rejects empty input; a table too)
    if b + c == 0:
        return _result(0.0, 1.0, 0.0, method, alternative, interval, _UNIT)
    if method == "exact":
        from scipy.stats import binomtest

        statistic = min(b, c)
        pvalue = binomtest(b, b + c, 0.5, alternative=alternative).pvalue
    else:
        from scipy.stats import chi2

        shift = 1 if correction else 0
        # R's rule: no correction when b == c (the statistic is 0, not 1 / (b + c))
        statistic = (abs(b - c) - (shift if b != c else 0)) ** 2 / (b + c)  # nonzero: b+c >= 1
        root = math.sqrt(b + c)
        if alternative == "two-sided":
            pvalue = chi2.sf(statistic, 1)
        elif alternative == "greater":  # corrected towards the null side of b - c > 0
            pvalue = _normal_pvalue((b - c - shift) / root, alternative)  # nonzero: root >= 1
        else:
            pvalue = _normal_pvalue((b - c + shift) / root, alternative)  # nonzero: idem
    return _result(statistic, min(pvalue, 1.0), estimate, method, alternative, interval, _UNIT)


# --- DeLong ---


def _binary_case_inputs(y_true: object, pos_label: object, name: str) -> np.ndarray:
    labels = as_labels(y_true, name)
    check_binary_classes(
        np.unique(labels),
        pos_label,
        source=name,
        hint="DeLong's test needs binary labels; pass y_true == label for one class vs the rest",
    )
    positive = label_mask(labels, pos_label)
    n_pos = int(positive.sum())
    n_neg = positive.shape[0] - n_pos
    if n_pos < 2 or n_neg < 2:
        raise ValueError(
            f"{name} must hold at least 2 positives (pos_label={pos_label!r}) and 2 negatives "
            f"for DeLong's variance; got {n_pos} positive(s) and {n_neg} negative(s)"
        )
    return positive


def _normal_test(
    estimate: float, se: float, alternative: str, what: str, df: float | None = None
) -> TestResult:
    """z = estimate / se with a normal p-value, or Student's t with ``df`` degrees of freedom."""
    if se == 0.0:
        if estimate == 0.0:
            return _result(0.0, 1.0, 0.0, "delong", alternative, _point(0.0), _UNIT, df=df)
        raise ValueError(
            f"the DeLong standard error of {what} = {estimate:.6g} is 0: the placement values "
            "have no spread (e.g. a constant score against one that separates the classes), "
            "so the normal test is undefined (a perfect separation stays so however many "
            "cases are added); report the two AUCs, or use a bootstrap of the difference"
        )
    z = estimate / se  # nonzero: se > 0 here
    interval = partial(_normal_interval, estimate, se, df)
    if df is None:
        pvalue = _normal_pvalue(z, alternative)
    else:
        from scipy.stats import t as student_t

        if alternative == "greater":
            pvalue = float(student_t.sf(z, df))
        elif alternative == "less":
            pvalue = float(student_t.cdf(z, df))
        else:
            pvalue = float(min(1.0, 2 * student_t.sf(abs(z), df)))
    return _result(z, pvalue, estimate, "delong", alternative, interval, _UNIT, df=df)


def _normal_interval(
    estimate: float, se: float, df: float | None, level: float
) -> tuple[float, float]:
    """estimate +- (normal, or Student's t with df) quantile * se, clipped to [-1, 1]."""
    if df is None:
        half = normal_quantile(level) * se
    else:
        from scipy.stats import t as student_t

        half = float(student_t.ppf(0.5 + level / 2, df)) * se
    return max(estimate - half, -1.0), min(estimate + half, 1.0)


def delong_test(
    y_true: object,
    score_a: object,
    score_b: object,
    *,
    alternative: str = "two-sided",
    pos_label: object = 1,
) -> TestResult:
    r"""DeLong's test of two correlated AUCs (two models scored on the same cases).

    With :math:`S` the 2 x 2 DeLong covariance of the two AUCs (:func:`auc_covariance`),

    .. math::

        z = \frac{\text{AUC}_A - \text{AUC}_B}{\sqrt{S_{AA} + S_{BB} - 2 S_{AB}}}

    and a normal p-value; the interval of the difference is :math:`\Delta \pm z_{(1+c)/2}
    \mathrm{SE}`, clipped to [-1, 1]. pROC's ``roc.test(roc1, roc2, method="delong")``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        ``pos_label`` and one other label, at least two cases of each.
    score_a, score_b : array-like of shape (n_samples,)
        The scores of models A and B on the same cases; finite, higher = more likely positive.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: A's AUC is larger.
    pos_label : int, float, bool or str, default=1

    Returns
    -------
    TestResult
        ``statistic`` is :math:`z`, ``estimate`` :math:`\text{AUC}_A - \text{AUC}_B`.

    Raises
    ------
    ValueError
        More than two labels, fewer than 2 positives or negatives, unequal lengths, NaN or
        infinite scores, unknown ``alternative``; a standard error of 0 while the AUCs differ.

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988), Biometrics 44, 837-845. Sun and Xu (2014),
    IEEE Signal Processing Letters 21, 1389-1393 (the O(n log n) placements).

    Examples
    --------
    >>> from evalmetrics.stats import delong_test
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> a = [0.1, 0.2, 0.3, 0.5, 0.4, 0.6, 0.8, 0.9]    # AUC_A = 15/16
    >>> b = [0.1, 0.5, 0.3, 0.7, 0.4, 0.6, 0.8, 0.2]    # AUC_B = 10/16
    >>> r = delong_test(y, a, b)
    >>> r.estimate, round(r.statistic, 3), round(r.pvalue, 3)
    (0.3125, 1.581, 0.114)
    """
    alternative = check_alternative(alternative)
    pos_label = check_pos_label(pos_label)
    first = check_finite_scores(score_a, "score_a")
    second = check_finite_scores(score_b, "score_b")
    labels = as_labels(y_true, "y_true")
    check_consistent_length(y_true=labels, score_a=first, score_b=second)
    positive = _binary_case_inputs(labels, pos_label, "y_true")
    v10, v01 = delong_placements(positive, np.stack([first, second]))
    auc = v10.mean(axis=1)  # nonzero: both classes are present (checked)
    cov = delong_covariance(v10, v01)
    estimate = float(auc[0] - auc[1])
    se = math.sqrt(max(float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]), 0.0))
    return _normal_test(estimate, se, alternative, "AUC_A - AUC_B")


def delong_test_ind(
    y_true_a: object,
    score_a: object,
    y_true_b: object,
    score_b: object,
    *,
    alternative: str = "two-sided",
    pos_label: object = 1,
) -> TestResult:
    r"""DeLong's test of two AUCs from independent samples (different cases).

    .. math::

        D = \frac{\text{AUC}_A - \text{AUC}_B}{\sqrt{V_A + V_B}}, \qquad
        \nu = \frac{(V_A + V_B)^2}{V_A^2 / (n_A - 1) + V_B^2 / (n_B - 1)}

    with DeLong's variance of each AUC (:func:`auc_variance`) and :math:`n_A`, :math:`n_B` the
    cases of each sample; the p-value and the interval :math:`\Delta \pm t_{\nu, (1+c)/2}
    \sqrt{V_A + V_B}` use Student's t with Welch-Satterthwaite's :math:`\nu`, as pROC's
    ``roc.test(roc1, roc2, paired=FALSE, method="delong")`` does (``delong.unpaired.test`` in
    xrobin/pROC, ``R/delong.R``, and ``R/roc.test.R``, read from source). For two models on the
    *same* cases use :func:`delong_test`, which subtracts their covariance.

    Parameters
    ----------
    y_true_a, score_a : array-like of shape (n_a,)
        Labels and scores of sample A (at least two cases of each class).
    y_true_b, score_b : array-like of shape (n_b,)
        Labels and scores of sample B.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
    pos_label : int, float, bool or str, default=1

    Returns
    -------
    TestResult
        ``statistic`` is :math:`D`, ``estimate`` :math:`\text{AUC}_A - \text{AUC}_B`, ``df``
        Welch-Satterthwaite's :math:`\nu`.

    Raises
    ------
    ValueError
        As :func:`delong_test`, for each sample.

    Examples
    --------
    >>> from evalmetrics.stats import delong_test_ind
    >>> r = delong_test_ind([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4])
    >>> r.estimate, round(r.statistic, 4)     # (0.75 - 1) / sqrt(0.125 + 0)
    (-0.25, -0.7071)
    >>> round(r.pvalue, 4)                    # t with nu = 0.125^2 / (0.125^2 / 3) = 3
    0.5305
    """
    alternative = check_alternative(alternative)
    pos_label = check_pos_label(pos_label)
    aucs, variances, sizes = [], [], []
    for suffix, y_true, score in (("a", y_true_a, score_a), ("b", y_true_b, score_b)):
        scores = check_finite_scores(score, f"score_{suffix}")
        labels = as_labels(y_true, f"y_true_{suffix}")
        check_consistent_length(**{f"y_true_{suffix}": labels, f"score_{suffix}": scores})
        positive = _binary_case_inputs(labels, pos_label, f"y_true_{suffix}")
        v10 = delong_placements(positive, scores)[0]
        aucs.append(float(v10.mean()))  # nonzero: at least 2 positives (checked)
        variances.append(delong_variance(positive, scores))
        sizes.append(scores.shape[0])
    estimate = aucs[0] - aucs[1]
    total = sum(variances)
    pairs = zip(variances, sizes, strict=True)
    spread = sum(v * v / (n - 1) for v, n in pairs)  # nonzero: n >= 4 cases per sample
    df = total * total / spread if spread > 0 else math.inf  # nonzero: spread > 0 here
    return _normal_test(estimate, math.sqrt(total), alternative, "AUC_A - AUC_B", df)


# --- paired tests on per-query values ---


def _bootstrap_means(
    differences: np.ndarray, n_resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """Means of ``n_resamples`` resamples (with replacement) of ``differences``."""
    means = np.empty(n_resamples)
    for start, index in resample_blocks(rng, differences.shape[0], n_resamples):
        block = differences[index]
        means[start : start + index.shape[0]] = block.mean(axis=1)  # nonzero: n >= 2 (checked)
    return means


def _sign_flip_interval(differences: np.ndarray, n_resamples: int, rng: np.random.Generator):
    r"""The interval rule that inverts the sign-flip test of the mean difference.

    Testing :math:`\bar d = \delta` flips the signs of :math:`d_i - \delta`. A pattern that
    flips the set :math:`F` gives a mean at least the observed one exactly when :math:`\delta`
    is at least :math:`t_F`, the mean of :math:`d_i` over :math:`F` (the same algebra as
    the Walsh averages of Hodges-Lehmann), so the one-sided p-values are step functions of
    :math:`\delta` with steps at the :math:`t_F`, and the interval's ends are order statistics
    of them. All :math:`2^n` patterns when that is at most ``n_resamples`` (exact, no
    correction), otherwise ``n_resamples`` random ones with scipy's +1 correction.
    """
    n = differences.shape[0]
    exact = 2**n <= n_resamples
    if exact:
        flips = ((np.arange(2**n)[:, None] >> np.arange(n)) & 1).astype(bool)
        blocks = [flips]
    else:
        rows = max(1, min(n_resamples, BLOCK_INDICES // n))  # nonzero: n >= 2 pairs
        blocks = [
            rng.random((min(rows, n_resamples - start), n)) < 0.5
            for start in range(0, n_resamples, rows)
        ]
    means = []
    unflipped = 0  # patterns that flip nothing: as extreme as the data at every delta
    for flipped in blocks:
        count = flipped.sum(axis=1)
        unflipped += int(np.count_nonzero(count == 0))
        some = count > 0
        means.append((flipped[some] @ differences) / count[some])  # nonzero: count > 0
    t = np.sort(np.concatenate(means))
    adjust = 0 if exact else 1
    return partial(_sign_flip_ends, t, unflipped, adjust)


def _sign_flip_ends(
    t: np.ndarray, unflipped: int, adjust: int, level: float
) -> tuple[float, float]:
    """The ends of the sign-flip interval: order statistics of the flipped subsets' means."""
    total = t.shape[0] + unflipped + adjust
    tail = (1 - level) / 2
    # the fewest t_F at or beyond an end for that end's one-sided p to exceed the tail
    k = math.floor(tail * total - unflipped - adjust) + 1
    if k <= 0:
        return -math.inf, math.inf
    k = min(k, t.shape[0])
    return float(t[k - 1]), float(t[t.shape[0] - k])


def _signed_rank_cdf(n: int) -> np.ndarray:
    """P(W+ <= w) for w = 0 .. n(n+1)/2: the exact null distribution, no ties (by counting)."""
    counts = np.zeros(n * (n + 1) // 2 + 1)
    counts[0] = 1.0
    for rank in range(1, n + 1):
        counts[rank:] = counts[rank:] + counts[:-rank].copy()
    return np.cumsum(counts) / 2.0**n  # nonzero: 2^n >= 1


def _hodges_lehmann(differences: np.ndarray):
    """(estimate, interval rule): the median of the Walsh averages and their order statistics.

    ``differences`` are the tie-rounded differences of the test (``tie_rounded``), so the
    interval's ties are the test's. Zero differences are dropped first (as scipy's and R's
    Wilcoxon test). With no ties among
    the |d| and n < 50 the ends are exact order statistics of the signed-rank distribution
    (R's ``wilcox.test(conf.int=TRUE)``, which also requires no zeros); otherwise the normal
    approximation
    C = n(n+1)/4 - z sqrt(n(n+1)(2n+1)/24) (Hollander and Wolfe 1999, section 3.3).
    """
    d = differences[differences != 0]
    n = d.shape[0]
    i, j = np.triu_indices(n)
    walsh = np.sort((d[i] + d[j]) / 2)
    estimate = float(np.median(walsh))
    exact = n < 50 and np.unique(np.abs(d)).shape[0] == n
    cdf = _signed_rank_cdf(n) if exact else None
    return estimate, partial(_hodges_lehmann_ends, walsh, n, cdf)


def _hodges_lehmann_ends(
    walsh: np.ndarray, n: int, cdf: np.ndarray | None, level: float
) -> tuple[float, float] | tuple[float, float, float]:
    """The Walsh averages at the signed-rank distribution's quantiles (see _hodges_lehmann)."""
    total = walsh.shape[0]
    spread = math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
    tail = (1 - level) / 2
    if cdf is not None:  # R's qsignrank(tail, n): the smallest w with P(W+ <= w) >= tail
        k = int(np.searchsorted(cdf, tail - 1e-12))
    else:
        k = int(n * (n + 1) / 4 - normal_quantile(level) * spread)
    if k >= 1:
        k = min(k, total)
        return float(walsh[k - 1]), float(walsh[total - k])
    # the widest interval, from the smallest to the largest Walsh average, has a lower level
    if cdf is not None:
        reached = 1 - 2 * float(cdf[0])
    else:
        from scipy.stats import norm

        z = (n * (n + 1) / 4 - 1) / spread  # nonzero: n >= 1 nonzero difference here
        reached = 2 * float(norm.cdf(z)) - 1
    warnings.warn(
        f"a two-sided level of {level:g} is not reachable with {n} nonzero difference(s): the "
        f"interval is the widest one (smallest to largest Walsh average), whose level is "
        f"{reached:.4g} (as R's wilcox.test reports it)",
        RuntimeWarning,
        stacklevel=caller_stacklevel(),
    )
    return float(walsh[0]), float(walsh[-1]), reached


_PAIRED_METHODS = ("t", "wilcoxon", "randomization", "permutation", "bootstrap")
_PAIRED_ALIASES = {"permutation": "randomization"}  # scipy's name for the sign-flip test


def paired_test(
    a: object,
    b: object,
    *,
    method: str = "t",
    alternative: str = "two-sided",
    n_resamples: int = _N_RESAMPLES,
    random_state: object = None,
) -> TestResult:
    r"""Paired test of two systems from their per-query (or per-case) values.

    With :math:`d_i = a_i - b_i` on the :math:`n` shared queries (scipy's order):

    - ``"t"``: the paired t test, ``scipy.stats.ttest_rel(a, b)``: its statistic, p-value and
      ``df`` (:math:`n - 1`); estimate :math:`\bar d`, its t interval.
    - ``"wilcoxon"``: the signed-rank test, ``scipy.stats.wilcoxon`` on the differences
      rounded to 12 significant decimals of the data's scale (zero differences dropped; see
      Notes), and scipy's statistic: :math:`\min(W_+, W_-)` two-sided, :math:`W_+` (the sum
      of the ranks of the positive :math:`d_i`) one-sided; estimate the Hodges-Lehmann
      median of the Walsh averages :math:`(d_i + d_j)/2`, :math:`i \le j`, of the same
      rounded differences, with its distribution-free interval (R's
      ``wilcox.test(conf.int=TRUE)``): the test and its interval are about the same location,
      and the estimate's sign gives the direction.
    - ``"randomization"`` (``"permutation"`` too, scipy's name): Fisher's sign-flip test of
      :math:`\bar d` (``scipy.stats.permutation_test``, ``permutation_type="samples"``;
      exact when :math:`2^n \le` ``n_resamples``); statistic and estimate :math:`\bar d`.
    - ``"bootstrap"``: the paired bootstrap of :math:`\bar d`, the resampled means shifted to
      the null: two-sided :math:`p = (1 + \#\{|\bar d^*_j - \bar d| \ge |\bar d|\}) / (B + 1)`.

    Each test carries the interval that inverts it. ``"randomization"``: the shifts
    :math:`\delta` that the sign-flip test of :math:`d_i - \delta` does not reject, whose ends
    are order statistics of the means of the flipped subsets (exact when :math:`2^n \le`
    ``n_resamples``). ``"bootstrap"``: the percentile interval of :math:`B` =
    ``n_resamples`` paired bootstrap means; below about 20 queries the bootstrap's p-value and
    interval are too small (the resampled means spread less than the mean does), so prefer
    ``"randomization"`` or ``"t"`` there.

    Parameters
    ----------
    a, b : array-like of shape (n_queries,)
        Per-query values (AP, NDCG@k, RR, per-case loss ...) of systems A and B on the same
        queries, in the same order; finite, at least 2.
    method : {"t", "wilcoxon", "randomization", "bootstrap"}, default="t"
        ``"permutation"`` (scipy's name) is accepted for ``"randomization"``; the result's
        ``method`` then says ``"randomization"``.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: A scores higher than B.
    n_resamples : int, default=9999
        Sign patterns and bootstrap resamples (``"randomization"`` and ``"bootstrap"``;
        another value warns with ``"t"`` and ``"wilcoxon"``).
    random_state : None, int, numpy.random.Generator or RandomState, default=None
        The resampling's randomness (warns with ``"t"`` and ``"wilcoxon"``).

    Returns
    -------
    TestResult
        A tuple ``(statistic, pvalue)``; ``estimate`` > 0 when A scores higher; ``df`` is
        :math:`n - 1` for ``"t"`` and None otherwise.

    Raises
    ------
    ValueError
        Unequal lengths, fewer than 2 values, NaN or infinity; unknown ``method`` or
        ``alternative``, ``n_resamples < 1``; under ``"t"`` every difference the same nonzero
        value (the t statistic is infinite).
    TypeError
        Non-numeric values, a bad ``n_resamples`` or ``random_state``.

    Notes
    -----
    If every difference is 0 the result is statistic 0.0, p-value 1.0, estimate 0.0 and the
    two-sided interval (0, 0) for every method (one-sided: (0, inf) or (-inf, 0)).

    Ties in floating point: differences that are equal in exact arithmetic often differ in
    their last bits (``(0.1 + 0.2) - 0.2`` is not ``0.1``), and a rank test on them would rank
    that noise, giving tied sizes different ranks and dropping the tie correction. So
    ``"wilcoxon"`` rounds the differences first, to 12 decimals of the data's scale: with
    :math:`u` the power of ten at or above :math:`\max_i(|a_i|, |b_i|)`, :math:`d_i` becomes
    ``round(d_i / u, 12) * u`` (for metrics in [0, 1], ``np.round(d, 12)``). The noise of a
    difference is about :math:`10^{-16} u`, ten thousand times below the grid, and a real
    difference between two values of the data is far above it, so only noise is removed. A
    difference within :math:`10^{-12} u` of 0 becomes 0 and is dropped, as zeros are. The
    p-value is scipy's on the rounded differences and the Hodges-Lehmann estimate and
    interval use them too, so test and interval see the same ties.

    References
    ----------
    Smucker, Allan and Carterette (2007), CIKM '07, 623-632. Hollander, M. and Wolfe, D. A.
    (1999). Nonparametric Statistical Methods, 2nd ed., Wiley, section 3.2-3.3. Efron and
    Tibshirani (1993), An Introduction to the Bootstrap, ch. 16. Davison and Hinkley (1997),
    Bootstrap Methods and their Application, section 4.2.

    Examples
    --------
    >>> from evalmetrics.stats import paired_test
    >>> b = [0.20, 0.35, 0.50, 0.10, 0.40, 0.30]
    >>> a = [0.30, 0.45, 0.55, 0.10, 0.60, 0.35]
    >>> r = paired_test(a, b)                          # as scipy.stats.ttest_rel(a, b)
    >>> round(r.estimate, 4), round(r.pvalue, 4)
    (0.0833, 0.0305)
    >>> statistic, pvalue = paired_test(a, b, method="randomization")  # 2^6 = 64 patterns
    >>> round(pvalue, 4)                                 # all +, all -, times 0's two signs
    0.0625

    Float noise does not break ties: the differences are 0.1, -0.1 and 0.5 in exact
    arithmetic, but ``0.4 - 0.3`` is ``0.10000000000000003`` and ``0.2 - 0.3`` is
    ``-0.09999999999999998``. Rounded, the two sizes 0.1 share rank 1.5, so W+ = 1.5 + 3 and
    W- = 1.5 (unrounded they would be 2 + 3 and 1), the statistic is min(W+, W-) = 1.5, and
    the exact permutation p-value is 2 * P(W+ >= 4.5) = 2 * 3/8:

    >>> r = paired_test([0.4, 0.2, 0.7], [0.3, 0.3, 0.2], method="wilcoxon")
    >>> r.statistic, round(r.pvalue, 4)
    (1.5, 0.75)
    """
    method = check_option(method, "method", _PAIRED_METHODS)
    method = _PAIRED_ALIASES.get(method, method)
    alternative = check_alternative(alternative)
    first = check_finite_scores(a, "a")
    second = check_finite_scores(b, "b")
    check_consistent_length(a=first, b=second)
    n = first.shape[0]
    if n < 2:
        raise ValueError(f"a and b must hold at least 2 paired values; got {n}")
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    rng = check_random_state(random_state)
    if method in ("t", "wilcoxon"):
        if n_resamples != _N_RESAMPLES:
            warn_ignored("n_resamples", n_resamples, method)
        if random_state is not None:
            warn_ignored("random_state", random_state, method)
    differences = first - second
    df = n - 1 if method == "t" else None
    if not differences.any():
        return _result(0.0, 1.0, 0.0, method, alternative, _point(0.0), _INF, df=df)
    mean = float(differences.mean())  # nonzero: n >= 2 pairs are checked

    if method == "t":
        from scipy.stats import ttest_rel

        scale = max(np.abs(first).max(), np.abs(second).max())
        if np.ptp(differences) <= 16 * np.finfo(np.float64).eps * scale:
            raise ValueError(
                f"every difference a - b is {mean!r} (to rounding): with no spread the paired "
                "t statistic is infinite; use method='randomization' or 'wilcoxon'"
            )
        res = ttest_rel(first, second)  # two-sided: the rule below makes it one-sided
        interval = partial(_t_interval, first, second)
        pvalue = (
            res.pvalue
            if alternative == "two-sided"
            else ttest_rel(first, second, alternative=alternative).pvalue
        )
        return _result(res.statistic, pvalue, mean, method, alternative, interval, _INF, res.df)

    if method == "wilcoxon":
        from scipy.stats import wilcoxon

        scale = float(max(np.abs(first).max(), np.abs(second).max()))
        rounded = tie_rounded(differences, scale)
        if not rounded.any():  # every difference is rounding noise around 0
            return _result(0.0, 1.0, 0.0, method, alternative, _point(0.0), _INF)
        # scipy's statistic: min(W+, W-) two-sided, W+ one-sided
        statistic, pvalue = wilcoxon(rounded, alternative=alternative)
        estimate, interval = _hodges_lehmann(rounded)
        return _result(statistic, pvalue, estimate, method, alternative, interval, _INF)

    if method == "randomization":
        from scipy.stats import permutation_test

        pvalue = permutation_test(
            (differences,),
            _mean_last_axis,
            permutation_type="samples",
            vectorized=True,
            n_resamples=n_resamples,
            alternative=alternative,
            **scipy_rng(permutation_test, rng),
        ).pvalue
        interval = _sign_flip_interval(differences, n_resamples, rng)
    else:  # bootstrap: the resampled means shifted to the null mean 0
        means = _bootstrap_means(differences, n_resamples, rng)
        interval = partial(_percentile_rule, means)
        null = means - mean
        if alternative == "two-sided":
            extreme = np.count_nonzero(np.abs(null) >= abs(mean))
        elif alternative == "greater":
            extreme = np.count_nonzero(null >= mean)
        else:
            extreme = np.count_nonzero(null <= mean)
        pvalue = (1 + int(extreme)) / (n_resamples + 1)  # nonzero: n_resamples >= 1
    return _result(mean, pvalue, mean, method, alternative, interval, _INF)


def _t_interval(first: np.ndarray, second: np.ndarray, level: float) -> tuple[float, float]:
    """scipy's two-sided t interval of the mean difference (``ttest_rel(...)``'s own)."""
    from scipy.stats import ttest_rel

    low, high = ttest_rel(first, second).confidence_interval(confidence_level=level)
    return float(low), float(high)


def _percentile_rule(values: np.ndarray, level: float) -> tuple[float, float]:
    return percentile_interval(values, level)


def _mean_last_axis(x: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x, axis=axis)  # nonzero: scipy resamples n >= 2 pairs
