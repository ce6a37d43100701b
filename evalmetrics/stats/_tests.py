"""Is B better than A? Paired tests of two models or two systems on the same cases (private).

Public names (re-exported by :mod:`evalmetrics.stats`): :class:`TestResult`, :func:`mcnemar`,
:func:`delong_test` and :func:`paired_test`. Every test compares two systems evaluated on the
*same* cases or queries, and every ``difference`` is **B minus A** (positive: B is better).

scipy does the arithmetic wherever it has it (``binomtest``, ``chi2``, ``norm``, ``ttest_rel``,
``wilcoxon``, ``permutation_test``); written here are only DeLong's test (its placement values
come from :mod:`evalmetrics.stats._delong`), the Wald interval of McNemar's paired difference
and the paired bootstrap.

When A and B agree on every case (no discordant pair, identical scores, all differences 0)
there is no evidence of a difference: every test returns ``statistic=0.0`` and ``pvalue=1.0``
and an interval (0, 0), rather than scipy's ``nan`` for 0/0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .._validation import (
    _describe,
    as_labels,
    check_binary_classes,
    check_confidence,
    check_consistent_length,
    check_finite_scores,
    check_option,
    check_pos_label,
    check_positive_int,
    check_random_state,
    check_same_label_kind,
    label_mask,
)
from ._common import normal_quantile, percentile_interval, scipy_rng, warn_ignored
from ._delong import delong_covariance, delong_placements

__all__ = ["TestResult", "delong_test", "mcnemar", "paired_test"]

_PAIRED_METHODS = ("t", "wilcoxon", "randomization", "bootstrap")
_N_RESAMPLES_DEFAULT = 9999
# bootstrap resamples are drawn in blocks of at most this many indices (memory, not speed)
_BLOCK_INDICES = 1 << 22


@dataclass(frozen=True)
class TestResult:
    """The result of a paired test of system A against system B.

    Attributes
    ----------
    statistic : float
        The test statistic (its meaning depends on ``method``; see the function).
    pvalue : float
        The two-sided p-value of "A and B perform the same".
    difference : float
        The estimated difference, B minus A (positive: B is better).
    ci_low : float
        The lower end of the ``confidence`` interval of ``difference``.
    ci_high : float
        The upper end of the ``confidence`` interval of ``difference``.
    confidence : float
        The confidence level of the interval, in (0, 1).
    method : str
        Which test produced it, e.g. ``"mcnemar-exact"``, ``"delong"``, ``"randomization"``.

    Examples
    --------
    >>> from evalmetrics.stats import TestResult
    >>> r = TestResult(statistic=2.0, pvalue=0.04, difference=0.1, ci_low=0.01, ci_high=0.19,
    ...                confidence=0.95, method="t")
    >>> r.difference, r.pvalue < 0.05
    (0.1, True)
    """

    __test__ = False  # not a pytest test class, despite the name

    statistic: float
    pvalue: float
    difference: float
    ci_low: float
    ci_high: float
    confidence: float
    method: str


def _result(statistic, pvalue, difference, low, high, confidence, method) -> TestResult:
    return TestResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        difference=float(difference),
        ci_low=float(low),
        ci_high=float(high),
        confidence=float(confidence),
        method=method,
    )


# --- McNemar ---


def mcnemar(
    y_true: object, pred_a: object, pred_b: object, *, exact: bool = True, confidence: float = 0.95
) -> TestResult:
    r"""McNemar's test: do two classifiers' accuracies differ on the same cases?

    Only the discordant cases carry information: :math:`b` cases that A gets right and B gets
    wrong, :math:`c` that A gets wrong and B right. Under the null hypothesis each discordant
    case is equally likely to go either way, so :math:`b \sim \text{Binomial}(b + c, 1/2)`.

    .. math::

        \text{exact: } p = \text{two-sided binomial test of } b \text{ in } b + c
        \text{ trials at } 1/2, \qquad
        \text{asymptotic: } \chi^2 = \frac{(|b - c| - 1)^2}{b + c} \text{ on 1 df}

    The difference is :math:`\Delta = \text{acc}_B - \text{acc}_A = (c - b) / n` with the Wald
    interval of a difference of paired proportions (Agresti 2013, section 11.1)

    .. math::

        \Delta \pm z_{(1 + \text{level})/2}\,
        \frac{1}{n}\sqrt{(b + c) - (c - b)^2 / n}.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (any number of classes: a case is right when the prediction equals it).
    pred_a, pred_b : array-like of shape (n_samples,)
        The predicted labels of system A and system B on the same cases.
    exact : bool, default=True
        True: the exact binomial test (``scipy.stats.binomtest(b, b + c, 0.5)``), the
        statistic is :math:`\min(b, c)`. False: the chi-square approximation with Edwards'
        continuity correction (``scipy.stats.chi2``), the statistic is :math:`\chi^2`.
    confidence : float, default=0.95
        Level of the interval of the difference, in (0, 1).

    Returns
    -------
    TestResult
        ``difference`` = accuracy of B minus accuracy of A, its Wald interval (not clipped
        to [-1, 1]), method ``"mcnemar-exact"`` or ``"mcnemar-chi2"``.

    Raises
    ------
    ValueError
        If the arrays are empty, 2-D or of different lengths, or hold NaN or non-integer
        floats; if ``confidence`` is outside (0, 1).
    TypeError
        If ``exact`` is not a bool, or the labels mix strings and numbers.

    Notes
    -----
    With no discordant case (:math:`b + c = 0`) there is no evidence either way: the statistic
    is 0.0, the p-value 1.0 and the interval (0, 0). With :math:`b = c > 0` the corrected
    :math:`\chi^2` is :math:`1 / (b + c)`, not 0, as in statsmodels' ``mcnemar`` (read from
    source: statsmodels/statsmodels, statsmodels/stats/contingency_tables.py, whose exact
    p-value :math:`\min(1, 2 F(\min(b, c)))` of Binomial(b + c, 1/2) is the same); the exact
    test gives p = 1 there. The asymptotic test needs :math:`b + c` of about 25 or
    more; prefer the exact one (the default).

    The interval is the plain Wald interval; its level is a large-sample approximation and it
    collapses to (0, 0) when :math:`b + c = 0`.

    References
    ----------
    McNemar, Q. (1947). Note on the sampling error of the difference between correlated
    proportions or percentages. Psychometrika 12(2), 153-157.
    Edwards, A. L. (1948). Note on the "correction for continuity" in testing the significance
    of the difference between correlated proportions. Psychometrika 13(3), 185-187.
    Agresti, A. (2013). Categorical Data Analysis, 3rd ed., Wiley, section 11.1.

    Examples
    --------
    A is right on cases 0-5, B on 2-9: b = 2 (cases 0, 1), c = 4 (cases 6-9).

    >>> from evalmetrics.stats import mcnemar
    >>> y = [1] * 10
    >>> a = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]
    >>> b = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    >>> r = mcnemar(y, a, b)
    >>> r.statistic, round(r.pvalue, 4), r.difference   # min(b, c); binomial p of 2 in 6
    (2.0, 0.6875, 0.2)
    >>> r = mcnemar(y, a, b, exact=False)
    >>> round(r.statistic, 4)   # (|2 - 4| - 1)^2 / 6
    0.1667
    """
    if not isinstance(exact, (bool, np.bool_)):
        raise TypeError(f"exact must be True or False, got {_describe(exact)}")
    confidence = check_confidence(confidence)
    truth = as_labels(y_true, "y_true")
    a = as_labels(pred_a, "pred_a")
    b_pred = as_labels(pred_b, "pred_b")
    check_same_label_kind(y_true=truth, pred_a=a, pred_b=b_pred)
    check_consistent_length(y_true=truth, pred_a=a, pred_b=b_pred)
    right_a = a == truth
    right_b = b_pred == truth
    n = truth.shape[0]
    b = int(np.count_nonzero(right_a & ~right_b))  # A right, B wrong
    c = int(np.count_nonzero(~right_a & right_b))  # A wrong, B right
    difference = (c - b) / n  # nonzero: n >= 1 (as_labels rejects empty input)
    spread = max((b + c) - (c - b) ** 2 / n, 0.0)  # nonzero: n >= 1 (as above)
    half = normal_quantile(confidence) * math.sqrt(spread) / n  # nonzero: n >= 1
    method = "mcnemar-exact" if exact else "mcnemar-chi2"
    if b + c == 0:
        return _result(0.0, 1.0, 0.0, 0.0, 0.0, confidence, method)
    if exact:
        from scipy.stats import binomtest

        statistic = min(b, c)
        pvalue = binomtest(b, b + c, 0.5, alternative="two-sided").pvalue
    else:
        from scipy.stats import chi2

        statistic = (abs(b - c) - 1) ** 2 / (b + c)  # nonzero: b + c >= 1 here
        pvalue = chi2.sf(statistic, 1)
    low, high = difference - half, difference + half
    return _result(statistic, min(pvalue, 1.0), difference, low, high, confidence, method)


# --- DeLong ---


def _two_score_inputs(
    y_true: object, score_a: object, score_b: object, pos_label: object
) -> tuple[np.ndarray, np.ndarray]:
    """Validate; return (is each case positive?, scores of shape (2, n))."""
    pos_label = check_pos_label(pos_label)
    labels = as_labels(y_true, "y_true")
    first = check_finite_scores(score_a, "score_a")
    second = check_finite_scores(score_b, "score_b")
    check_consistent_length(y_true=labels, score_a=first, score_b=second)
    check_binary_classes(
        np.unique(labels),
        pos_label,
        source="y_true",
        hint="DeLong's test needs a binary y_true; pass y_true == label for one class vs the rest",
    )
    positive = label_mask(labels, pos_label)
    n_pos = int(positive.sum())
    n_neg = positive.shape[0] - n_pos
    if n_pos < 2 or n_neg < 2:
        raise ValueError(
            f"y_true must hold at least 2 positives (pos_label={pos_label!r}) and 2 negatives "
            f"for DeLong's variance; got {n_pos} positive(s) and {n_neg} negative(s)"
        )
    return positive, np.stack([first, second])


def delong_test(
    y_true: object,
    score_a: object,
    score_b: object,
    *,
    confidence: float = 0.95,
    pos_label: object = 1,
) -> TestResult:
    r"""DeLong's test of two correlated AUCs (two models scored on the same cases).

    With :math:`V_{10}` and :math:`V_{01}` the placement values of the positives and the
    negatives (the share of the other class each one outranks, ties 1/2) of each model, and
    :math:`S_{10}`, :math:`S_{01}` their 2 x 2 sample covariance matrices (ddof 1) over the
    :math:`n_+` positives and :math:`n_-` negatives,

    .. math::

        S = \frac{S_{10}}{n_+} + \frac{S_{01}}{n_-}, \qquad
        z = \frac{\text{AUC}_B - \text{AUC}_A}{\sqrt{S_{AA} + S_{BB} - 2 S_{AB}}},
        \qquad p = 2\,\Phi(-|z|).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and one other label, at least two cases of each.
    score_a, score_b : array-like of shape (n_samples,)
        The scores of model A and model B on the same cases; finite numbers, higher meaning
        more likely positive.
    confidence : float, default=0.95
        Level of the interval of the difference, in (0, 1).
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    TestResult
        ``statistic`` is :math:`z` (positive when B's AUC is larger), ``difference`` is
        :math:`\text{AUC}_B - \text{AUC}_A` and its normal interval
        :math:`\Delta \pm z_{(1+c)/2} \cdot \text{SE}` (clipped to [-1, 1]), method
        ``"delong"``.

    Raises
    ------
    ValueError
        If ``y_true`` has more than two labels, fewer than 2 positives or 2 negatives, or the
        arrays differ in length; if a score is NaN or infinite; if ``confidence`` is outside
        (0, 1); if the standard error is 0 while the AUCs differ (the normal test is undefined,
        for example a constant ``score_a`` against a ``score_b`` that separates the classes).
    TypeError
        If scores are not numeric.

    Notes
    -----
    The placement values come from Sun and Xu's (2014) O(n log n) algorithm (midranks from
    sorts), identical to DeLong's O(n^2) definition from all positive-negative pairs. When the
    two models order every positive-negative pair the same way (for example identical
    scores), the difference and its standard error are both 0: the result is then
    ``statistic=0.0``, ``pvalue=1.0``.

    References
    ----------
    DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics 44(3), 837-845.
    Sun, X. and Xu, W. (2014). Fast implementation of DeLong's algorithm for comparing the
    areas under correlated receiver operating characteristic curves. IEEE Signal Processing
    Letters 21(11), 1389-1393.

    Examples
    --------
    >>> from evalmetrics.stats import delong_test
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> a = [0.1, 0.5, 0.3, 0.7, 0.4, 0.6, 0.8, 0.2]    # AUC_A = 10/16 = 0.625
    >>> b = [0.1, 0.2, 0.3, 0.5, 0.4, 0.6, 0.8, 0.9]    # AUC_B = 15/16 = 0.9375
    >>> r = delong_test(y, a, b)
    >>> r.difference
    0.3125
    >>> round(r.statistic, 3), round(r.pvalue, 3)
    (1.581, 0.114)
    """
    confidence = check_confidence(confidence)
    positive, scores = _two_score_inputs(y_true, score_a, score_b, pos_label)
    v10, v01 = delong_placements(positive, scores)
    auc = v10.mean(axis=1)  # nonzero: both classes are present (checked)
    cov = delong_covariance(v10, v01)
    difference = float(auc[1] - auc[0])
    variance = max(float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]), 0.0)
    se = math.sqrt(variance)
    if se == 0.0:
        if difference == 0.0:
            return _result(0.0, 1.0, 0.0, 0.0, 0.0, confidence, "delong")
        raise ValueError(
            f"the DeLong standard error of AUC_B - AUC_A = {difference:.6g} is 0: the "
            "placement values of score_a and score_b have no spread (e.g. a constant score "
            "against one that separates the classes), so the normal test is undefined; use "
            "more cases"
        )
    from scipy.stats import norm

    z = difference / se  # nonzero: se > 0 here
    pvalue = 2 * norm.sf(abs(z))
    half = normal_quantile(confidence) * se
    low, high = max(difference - half, -1.0), min(difference + half, 1.0)
    return _result(z, pvalue, difference, low, high, confidence, "delong")


# --- paired tests on per-query values ---


def _bootstrap_means(
    differences: np.ndarray, n_resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """Means of ``n_resamples`` resamples (with replacement) of ``differences``."""
    n = differences.shape[0]
    rows = max(1, _BLOCK_INDICES // n)  # nonzero: n >= 2 is checked
    means = np.empty(n_resamples)
    for start in range(0, n_resamples, rows):
        stop = min(start + rows, n_resamples)
        index = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = differences[index].mean(axis=1)  # nonzero: n >= 2 is checked
    return means


def paired_test(
    a: object,
    b: object,
    *,
    method: str = "t",
    n_resamples: int = _N_RESAMPLES_DEFAULT,
    confidence: float = 0.95,
    random_state: object = None,
) -> TestResult:
    r"""Paired test of two systems from their per-query (or per-case) values.

    With :math:`d_i = b_i - a_i` on the :math:`n` shared queries and
    :math:`\bar d = \frac{1}{n}\sum_i d_i` (the ``difference``):

    - ``"t"``: paired t test, :math:`t = \bar d / (s_d / \sqrt{n})` on :math:`n - 1` df
      (``scipy.stats.ttest_rel(b, a)``); interval :math:`\bar d \pm t_{n-1} s_d/\sqrt{n}`.
    - ``"wilcoxon"``: Wilcoxon signed-rank test (``scipy.stats.wilcoxon(b, a)``, zero
      differences dropped); the statistic is scipy's, the smaller of the two rank sums.
    - ``"randomization"``: Fisher's randomization (sign-flip) test of :math:`\bar d`:
      :math:`p = P(|\bar d^{\pm}| \ge |\bar d|)` over the :math:`2^n` sign patterns
      (``scipy.stats.permutation_test`` with ``permutation_type="samples"``; exact when
      :math:`2^n \le` ``n_resamples``, else Monte Carlo with scipy's two-sided rule, twice
      the smaller one-sided :math:`(1 + \#)/(B + 1)`, so never below :math:`2/(B + 1)`);
      exact under the null that each :math:`d_i` is symmetric about 0; the statistic is
      :math:`\bar d`.
    - ``"bootstrap"``: paired bootstrap of :math:`\bar d`; with :math:`\bar d^*_1, \dots,
      \bar d^*_B` the means of :math:`B` resamples of the queries,
      :math:`p = (1 + \#\{|\bar d^*_j - \bar d| \ge |\bar d|\}) / (B + 1)` (the bootstrap
      distribution shifted to the null mean 0); the statistic is :math:`\bar d`.

    The interval of :math:`\bar d` is the t interval for ``"t"`` and the paired bootstrap
    percentile interval (``n_resamples`` resamples) for the other three.

    Parameters
    ----------
    a, b : array-like of shape (n_queries,)
        Per-query values (AP, NDCG@k, reciprocal rank, per-case loss, ...) of system A and
        system B on the same queries, in the same order; finite numbers, at least 2.
    method : {"t", "wilcoxon", "randomization", "bootstrap"}, default="t"
        The test.
    n_resamples : int, default=9999
        Sign patterns (randomization) and bootstrap resamples (randomization, wilcoxon and
        bootstrap use a bootstrap interval); >= 1. Ignored (with a warning if set) by ``"t"``.
    confidence : float, default=0.95
        Level of the interval of the difference, in (0, 1).
    random_state : None, int or numpy.random.Generator, default=None
        Seed of the resampling; an int gives the same result every call. Ignored (with a
        warning if set) by ``"t"``.

    Returns
    -------
    TestResult
        ``difference`` = mean(b - a) (positive: B better), its interval, the statistic and
        the two-sided p-value; method is the ``method`` given.

    Raises
    ------
    ValueError
        If ``a`` and ``b`` differ in length or hold fewer than 2 values, NaN or infinity; if
        ``method`` is unknown, ``n_resamples`` < 1 or ``confidence`` outside (0, 1); under
        ``"t"`` if every difference is the same nonzero value to rounding (the t statistic is
        infinite).
    TypeError
        If the values are not numeric, or ``n_resamples`` or ``random_state`` is of the wrong
        type.

    Warns
    -----
    UserWarning
        If ``method="t"`` and ``n_resamples`` or ``random_state`` is set (the t test ignores
        them).

    Notes
    -----
    If every difference is 0 (A and B score every query the same) the result is
    ``statistic=0.0``, ``pvalue=1.0`` and the interval (0, 0) for every method.

    The randomization p-value is scipy's two-sided one, :math:`2 \min(P(T \ge t), P(T \le t))`,
    which equals the count of sign patterns with :math:`|\bar d^{\pm}| \ge |\bar d|` because
    the sign-flip distribution is symmetric. With Monte Carlo sign patterns it includes the
    observed pattern, so it is never 0.

    References
    ----------
    Smucker, M. D., Allan, J. and Carterette, B. (2007). A comparison of statistical
    significance tests for information retrieval evaluation. CIKM '07, 623-632.
    Efron, B. and Tibshirani, R. J. (1993). An Introduction to the Bootstrap, Chapman & Hall,
    chapter 16 (bootstrap hypothesis tests).
    Davison, A. C. and Hinkley, D. V. (1997). Bootstrap Methods and their Application,
    Cambridge University Press, section 4.2 (the (1 + #) / (B + 1) p-value).
    Wilcoxon, F. (1945). Individual comparisons by ranking methods. Biometrics Bulletin 1(6),
    80-83.

    Examples
    --------
    >>> from evalmetrics.stats import paired_test
    >>> a = [0.20, 0.35, 0.50, 0.10, 0.40, 0.30]
    >>> b = [0.30, 0.45, 0.55, 0.10, 0.60, 0.35]
    >>> r = paired_test(a, b)                        # paired t test
    >>> round(r.difference, 4), round(r.pvalue, 4)
    (0.0833, 0.0305)
    >>> r = paired_test(a, b, method="randomization")  # 2^6 = 64 sign patterns: exact
    >>> round(r.pvalue, 4)                             # all +, all -, times the 0's two signs: 4/64
    0.0625
    """
    method = check_option(method, "method", _PAIRED_METHODS)
    first = check_finite_scores(a, "a")
    second = check_finite_scores(b, "b")
    check_consistent_length(a=first, b=second)
    n = first.shape[0]
    if n < 2:
        raise ValueError(f"a and b must hold at least 2 paired values; got {n}")
    n_resamples = check_positive_int(n_resamples, "n_resamples")
    confidence = check_confidence(confidence)
    rng = check_random_state(random_state)
    if method == "t":
        for name, value, default in (
            ("n_resamples", n_resamples, _N_RESAMPLES_DEFAULT),
            ("random_state", random_state, None),
        ):
            if value != default:
                warn_ignored(name, value, method)
    differences = second - first
    difference = float(differences.mean())  # nonzero: n >= 2 pairs are checked
    if not differences.any():
        return _result(0.0, 1.0, 0.0, 0.0, 0.0, confidence, method)

    if method == "t":
        from scipy.stats import ttest_rel

        scale = max(np.abs(first).max(), np.abs(second).max())
        if np.ptp(differences) <= 16 * np.finfo(np.float64).eps * scale:
            raise ValueError(
                f"every difference b - a is {difference!r} (to rounding): with no spread the "
                "paired t statistic is infinite; use method='randomization' or 'wilcoxon'"
            )
        res = ttest_rel(second, first)
        low, high = res.confidence_interval(confidence_level=confidence)
        return _result(res.statistic, res.pvalue, difference, low, high, confidence, method)

    if method == "wilcoxon":
        from scipy.stats import wilcoxon

        res = wilcoxon(second, first)
        statistic, pvalue = res.statistic, res.pvalue
    elif method == "randomization":
        from scipy.stats import permutation_test

        res = permutation_test(
            (differences,),
            _mean_last_axis,
            permutation_type="samples",
            vectorized=True,
            n_resamples=n_resamples,
            alternative="two-sided",
            **scipy_rng(permutation_test, rng),
        )
        statistic, pvalue = difference, res.pvalue
    else:  # bootstrap
        means = _bootstrap_means(differences, n_resamples, rng)
        extreme = int(np.count_nonzero(np.abs(means - difference) >= abs(difference)))
        statistic = difference
        pvalue = (1 + extreme) / (n_resamples + 1)  # nonzero: n_resamples >= 1
        low, high = percentile_interval(means, confidence)
        return _result(statistic, pvalue, difference, low, high, confidence, method)
    low, high = percentile_interval(_bootstrap_means(differences, n_resamples, rng), confidence)
    return _result(statistic, pvalue, difference, low, high, confidence, method)


def _mean_last_axis(x: np.ndarray, axis: int = -1) -> np.ndarray:
    return np.mean(x, axis=axis)  # nonzero: scipy resamples n >= 2 pairs
