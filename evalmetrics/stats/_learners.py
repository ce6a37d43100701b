r"""Is one learning algorithm better than another on one dataset? (private module)

Public names (re-exported by :mod:`evalmetrics.stats`): :func:`paired_t_5x2cv`,
:func:`combined_f_5x2cv` and :func:`corrected_resampled_t`, each returning a
:class:`TestResult` (a tuple ``(statistic, pvalue)`` with ``estimate``, ``df`` and, where the
test has one, ``confidence_interval()``).

They take **scores per fold**, not data and estimators: run the cross-validation with any
library (the book uses scikit-learn), score both learners on every test fold with the same
metric (accuracy, AUC, an error rate ...), and pass the two arrays. As
``scipy.stats.ttest_rel(a, b)``, the differences are first minus second, :math:`d = a - b`.

The plain paired t-test over the :math:`k` folds of one cross-validation (:math:`k - 1` degrees
of freedom) is :func:`evalmetrics.stats.paired_test` with ``method="t"`` (the default): it is
``scipy.stats.ttest_rel`` on the fold scores, so it has no separate function here. Its variance
estimate ignores that the folds' training sets overlap; the three tests below allow for it.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np

from .._validation import (
    check_alternative,
    check_finite_scores,
    check_in_interval,
    check_positive_int,
    describe,
)
from ._common import TestResult, one_sided

__all__ = ["combined_f_5x2cv", "corrected_resampled_t", "paired_t_5x2cv"]

_INF = (-math.inf, math.inf)
_EPS = np.finfo(np.float64).eps


def _fold_scores(values: object, name: str) -> np.ndarray:
    """Scores of one learner as a float64 array of any shape (finite, numeric)."""
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be an array of fold scores, got {describe(values)}")
    try:
        array = np.asarray(values)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"{name} must be an array of equal-length rows: {exc}") from None
    if array.ndim == 0:
        raise ValueError(f"{name} must be an array of fold scores, got a scalar {describe(values)}")
    flat = check_finite_scores(array.reshape(-1), name)
    return flat.reshape(array.shape)


def _paired_scores(a: object, b: object) -> tuple[np.ndarray, np.ndarray]:
    first, second = _fold_scores(a, "a"), _fold_scores(b, "b")
    if first.shape != second.shape:
        raise ValueError(
            f"a and b must have the same shape (one score per fold for each learner); "
            f"got a {first.shape} and b {second.shape}"
        )
    return first, second


def _five_by_two(a: object, b: object) -> tuple[np.ndarray, np.ndarray, float]:
    """The 5 x 2 differences a - b (rows = replications, columns = the two folds), each
    replication's s_i^2, and the scores' scale (for the test of no spread)."""
    first, second = _paired_scores(a, b)
    if first.shape != (5, 2):
        raise ValueError(
            "a and b must have shape (5, 2): five replications (rows) of a twofold "
            f"cross-validation (columns); got {first.shape}"
        )
    differences = first - second
    replication_means = differences.mean(axis=1, keepdims=True)  # nonzero: two folds a row
    variances = np.sum((differences - replication_means) ** 2, axis=1)
    scale = max(float(np.abs(first).max()), float(np.abs(second).max()))
    return differences, variances, scale


def _no_spread(differences: np.ndarray, spread: float, scale: float) -> bool:
    """True when ``spread`` (a sum of squared deviations) is rounding noise for ``scale``."""
    return spread <= (16 * _EPS * max(scale, 1.0)) ** 2 * differences.size


def _t_pvalue(t: float, df: float, alternative: str) -> float:
    from scipy.stats import t as student_t

    if alternative == "greater":
        return float(student_t.sf(t, df))
    if alternative == "less":
        return float(student_t.cdf(t, df))
    return float(min(1.0, 2 * student_t.sf(abs(t), df)))


# The interval rules (level -> (low, high)) are functools.partial objects of module-level
# functions, not closures, so that a TestResult holding one pickles.


def _t_interval(centre: float, se: float, df: float, level: float) -> tuple[float, float]:
    from scipy.stats import t as student_t

    half = float(student_t.ppf(0.5 + level / 2, df)) * se
    return centre - half, centre + half


def _no_interval(level: float) -> tuple[float, float]:
    raise ValueError(
        "the combined 5x2cv F test has no interval of the difference: F adds up squared "
        "differences, so it has no direction; use paired_t_5x2cv(a, b).confidence_interval() "
        "or corrected_resampled_t(a, b, ...).confidence_interval()"
    )


def _result(
    statistic: float,
    pvalue: float,
    estimate: float,
    method: str,
    alternative: str,
    interval,
    df: float,
) -> TestResult:
    return TestResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        estimate=float(estimate),
        method=method,
        alternative=alternative,
        _interval=interval if method == "5x2cv-f" else one_sided(interval, alternative, _INF),
        _interval_method=method,
        df=float(df),
    )


def paired_t_5x2cv(a: object, b: object, *, alternative: str = "two-sided") -> TestResult:
    r"""Dietterich's 5x2cv paired t-test of two learning algorithms.

    Five times, split the data at random into two halves; train both learners on one half and
    score them on the other, then swap the halves. With :math:`p_i^{(j)} = a_{ij} - b_{ij}` the
    difference on fold :math:`j \in \{1, 2\}` of replication :math:`i \in \{1, \dots, 5\}`,
    :math:`\bar p_i = (p_i^{(1)} + p_i^{(2)})/2` and
    :math:`s_i^2 = (p_i^{(1)} - \bar p_i)^2 + (p_i^{(2)} - \bar p_i)^2`,

    .. math::

        t = \frac{p_1^{(1)}}{\sqrt{\tfrac{1}{5} \sum_{i=1}^{5} s_i^2}}

    on 5 degrees of freedom (Dietterich 1998). The numerator is the difference on the first
    fold of the first replication alone (Dietterich's choice); the denominator pools the
    variance over all five replications, each of which sees two disjoint training sets. Which
    difference comes first is arbitrary, and the result depends on it: Alpaydin's
    :func:`combined_f_5x2cv` uses all ten.

    Parameters
    ----------
    a, b : array-like of shape (5, 2)
        Scores of learners A and B (any metric: accuracy, an error rate, AUC ...):
        ``a[i, j]`` is A's score in replication ``i`` on test fold ``j`` (trained on the other
        half). Rows in the order the replications ran; column 0 first in each.
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: A scores higher than B.

    Returns
    -------
    TestResult
        A tuple ``(statistic, pvalue)``; ``estimate`` is :math:`p_1^{(1)}` (the numerator),
        ``df`` is 5, ``method`` is ``"5x2cv-t"``, and ``confidence_interval()`` gives the
        interval that inverts the test,
        :math:`p_1^{(1)} \pm t_{5,\,(1+c)/2} \sqrt{\tfrac15 \sum_i s_i^2}`. The mean over the ten
        folds is ``np.mean(a) - np.mean(b)``.

    Raises
    ------
    ValueError
        ``a`` or ``b`` not of shape (5, 2), holding NaN or infinity; an unknown
        ``alternative``; every :math:`s_i^2` zero while some difference is not (the statistic
        is infinite).
    TypeError
        Non-numeric scores.

    Notes
    -----
    If every difference is 0, the result is statistic 0.0 and p-value 1.0 (no evidence of a
    difference), as :func:`paired_test` does. Equal, given the same ten scores, to mlxtend's
    ``paired_ttest_5x2cv`` (which runs the splits itself).

    References
    ----------
    Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised
    classification learning algorithms. Neural Computation 10(7), 1895-1923.

    Examples
    --------
    Accuracy differences of 0.02 and 0.00 in every replication: :math:`p_1^{(1)} = 0.02`,
    each :math:`s_i^2 = 2 \times 0.01^2`, so :math:`t = 0.02 / \sqrt{0.0002} = \sqrt 2`.

    >>> from evalmetrics.stats import paired_t_5x2cv
    >>> a = [[0.92, 0.90]] * 5
    >>> b = [[0.90, 0.90]] * 5
    >>> r = paired_t_5x2cv(a, b)
    >>> round(r.statistic, 4), round(r.pvalue, 4), r.df
    (1.4142, 0.2164, 5.0)
    """
    alternative = check_alternative(alternative)
    differences, variances, scale = _five_by_two(a, b)
    first = float(differences[0, 0])
    if not differences.any():
        no_spread = partial(_t_interval, 0.0, 0.0, 5)
        return _result(0.0, 1.0, 0.0, "5x2cv-t", alternative, no_spread, 5)
    if _no_spread(differences, float(variances.sum()), scale):
        raise ValueError(
            "the two differences of every replication are equal (to rounding): every s_i^2 is "
            "0, so the 5x2cv t statistic is infinite"
        )
    se = math.sqrt(float(variances.sum()) / 5)
    t = first / se  # nonzero: se > 0 is checked above
    interval = partial(_t_interval, first, se, 5)
    return _result(t, _t_pvalue(t, 5, alternative), first, "5x2cv-t", alternative, interval, 5)


def combined_f_5x2cv(a: object, b: object, *, alternative: str = "two-sided") -> TestResult:
    r"""Alpaydin's combined 5x2cv F test of two learning algorithms.

    The design of :func:`paired_t_5x2cv` (five replications of a twofold cross-validation),
    with all ten differences in the numerator:

    .. math::

        F = \frac{\sum_{i=1}^{5} \sum_{j=1}^{2} \big(p_i^{(j)}\big)^2}{2 \sum_{i=1}^{5} s_i^2}

    on (10, 5) degrees of freedom (Alpaydin 1999); :math:`p = P(F_{10,5} \ge F)`. The 5x2cv
    t-test's result depends on which of the ten differences comes first; this one does not.

    Parameters
    ----------
    a, b : array-like of shape (5, 2)
        Scores of learners A and B per replication (rows) and fold (columns), as in
        :func:`paired_t_5x2cv`.
    alternative : {"two-sided"}, default="two-sided"
        The test squares the differences, so it has no direction: only ``"two-sided"``.

    Returns
    -------
    TestResult
        A tuple ``(statistic, pvalue)``: ``statistic`` is F (never negative); ``estimate`` is
        the mean of the ten differences (its sign says which learner scored higher); ``df`` is
        10.0, the numerator's degrees of freedom (the denominator's are 5); ``method`` is
        ``"5x2cv-f"``. ``confidence_interval()`` raises: F has no interval of the difference.

    Raises
    ------
    ValueError
        As :func:`paired_t_5x2cv`, and ``alternative`` other than ``"two-sided"``.
    TypeError
        Non-numeric scores.

    Notes
    -----
    If every difference is 0, the result is statistic 0.0 and p-value 1.0. Equal, given the
    same ten scores, to mlxtend's ``combined_ftest_5x2cv``.

    References
    ----------
    Alpaydin, E. (1999). Combined 5x2 cv F test for comparing supervised classification
    learning algorithms. Neural Computation 11, 1885-1892.

    Examples
    --------
    The differences 0.02 and 0.00 in every replication: the numerator is
    :math:`5 \times 0.02^2 = 0.002`, the denominator :math:`2 \times 5 \times 0.0002 = 0.002`.

    >>> from evalmetrics.stats import combined_f_5x2cv
    >>> r = combined_f_5x2cv([[0.92, 0.90]] * 5, [[0.90, 0.90]] * 5)
    >>> round(r.statistic, 4), round(r.pvalue, 4), round(r.estimate, 4)
    (1.0, 0.5349, 0.01)
    """
    alternative = check_alternative(alternative)
    if alternative != "two-sided":
        raise ValueError(
            f"alternative must be 'two-sided' for the combined 5x2cv F test (F squares the "
            f"differences, so it has no direction); got {alternative!r}; for a one-sided test "
            "use paired_t_5x2cv or corrected_resampled_t"
        )
    differences, variances, scale = _five_by_two(a, b)
    mean = float(differences.mean())  # nonzero: ten differences
    if not differences.any():
        return _result(0.0, 1.0, 0.0, "5x2cv-f", alternative, _no_interval, 10)
    if _no_spread(differences, float(variances.sum()), scale):
        raise ValueError(
            "the two differences of every replication are equal (to rounding): every s_i^2 is "
            "0, so the combined 5x2cv F statistic is infinite"
        )
    from scipy.stats import f as fisher_f

    f = float(np.sum(differences**2)) / (2 * float(variances.sum()))  # nonzero: checked above
    pvalue = float(fisher_f.sf(f, 10, 5))
    return _result(f, pvalue, mean, "5x2cv-f", alternative, _no_interval, 10)


def corrected_resampled_t(
    a: object,
    b: object,
    *,
    test_size: float | None = None,
    n_train: int | None = None,
    n_test: int | None = None,
    alternative: str = "two-sided",
) -> TestResult:
    r"""Nadeau and Bengio's corrected resampled t-test (and its repeated k-fold form).

    With :math:`J` train/test splits of the same data (random splits, or the :math:`r \times k`
    folds of an r-times repeated k-fold cross-validation), the differences
    :math:`d_j = a_j - b_j`, their mean :math:`\bar d` and sample variance
    :math:`\hat\sigma^2` (divisor :math:`J - 1`),

    .. math::

        t = \frac{\bar d}{\sqrt{\Big(\dfrac{1}{J} + \dfrac{n_2}{n_1}\Big)\, \hat\sigma^2}}

    on :math:`J - 1` degrees of freedom, where :math:`n_1` and :math:`n_2` are the sizes of a
    training set and of a test set (Nadeau and Bengio 2003). The plain paired t-test uses
    :math:`1/J` alone: it treats the :math:`J` differences as independent, although their
    training sets (and, across repetitions, their test sets) overlap, and it rejects a true
    null hypothesis far too often as :math:`J` grows. The term :math:`n_2/n_1` is Nadeau and
    Bengio's allowance for that correlation. For :math:`r`-times repeated :math:`k`-fold
    cross-validation, :math:`J = rk` and :math:`n_2/n_1 = 1/(k - 1)`: pass
    ``test_size=1/k`` (Bouckaert and Frank 2004, with :math:`rk - 1` degrees of freedom).

    Parameters
    ----------
    a, b : array-like of shape (J,) or (r, k)
        Scores of learners A and B, one per split (a 2-D array of r repetitions by k folds is
        read in any order: only the J values count).
    test_size : float, optional
        The share of the data in each test set, in (0, 1): :math:`n_2/n_1` is
        ``test_size / (1 - test_size)``; ``1/k`` for k-fold cross-validation (as scikit-learn's
        ``train_test_split(test_size=...)``).
    n_train, n_test : int, optional
        The sizes of a training set and a test set, instead of ``test_size`` (both needed).
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: A scores higher than B.

    Returns
    -------
    TestResult
        A tuple ``(statistic, pvalue)``; ``estimate`` is :math:`\bar d`, ``df`` is
        :math:`J - 1`, ``method`` is ``"corrected-t"``; ``confidence_interval()`` gives
        :math:`\bar d \pm t_{J-1,\,(1+c)/2} \sqrt{(1/J + n_2/n_1)\,\hat\sigma^2}`.

    Raises
    ------
    ValueError
        Shapes that differ, fewer than 2 splits, NaN or infinity; neither or both of
        ``test_size`` and ``n_train``/``n_test``, ``test_size`` outside (0, 1); an unknown
        ``alternative``; every difference the same nonzero value (t is infinite).
    TypeError
        Non-numeric scores, ``n_train`` or ``n_test`` not an integer.

    Notes
    -----
    If every difference is 0, the result is statistic 0.0 and p-value 1.0. mlxtend's
    ``paired_ttest_resampled`` and ``paired_ttest_kfold_cv`` are the *uncorrected* test, which
    is :func:`paired_test` on the same scores.

    References
    ----------
    Nadeau, C. and Bengio, Y. (2003). Inference for the generalization error. Machine Learning
    52, 239-281. Bouckaert, R. R. and Frank, E. (2004). Evaluating the replicability of
    significance tests for comparing learning algorithms. PAKDD 2004, LNCS 3056, 3-12.

    Examples
    --------
    Four splits with 90% training data: differences 0.01, 0.03, 0.02, 0.02 have mean 0.02 and
    variance 0.0002/3; the plain t is :math:`0.02 / \sqrt{0.0002/12} = 4.899`, the corrected
    one :math:`0.02 / \sqrt{(1/4 + 1/9)\, 0.0002/3} = 4.076`.

    >>> from evalmetrics.stats import corrected_resampled_t
    >>> a = [0.91, 0.93, 0.92, 0.92]
    >>> b = [0.90, 0.90, 0.90, 0.90]
    >>> r = corrected_resampled_t(a, b, test_size=0.1)
    >>> round(r.statistic, 3), round(r.pvalue, 4), r.df
    (4.076, 0.0267, 3.0)
    """
    alternative = check_alternative(alternative)
    first, second = _paired_scores(a, b)
    first, second = first.reshape(-1), second.reshape(-1)
    n_splits = first.size
    if n_splits < 2:
        raise ValueError(f"a and b must hold at least 2 splits; got {n_splits}")
    ratio = _test_train_ratio(test_size, n_train, n_test)
    differences = first - second
    df = n_splits - 1
    if not differences.any():
        no_spread = partial(_t_interval, 0.0, 0.0, df)
        return _result(0.0, 1.0, 0.0, "corrected-t", alternative, no_spread, df)
    mean = float(differences.mean())  # nonzero: n_splits >= 2 is checked
    scale = max(float(np.abs(first).max()), float(np.abs(second).max()))
    if np.ptp(differences) <= 16 * _EPS * scale:
        raise ValueError(
            f"every difference a - b is {mean!r} (to rounding): with no spread the corrected "
            "t statistic is infinite"
        )
    variance = float(differences.var(ddof=1))  # nonzero: n_splits >= 2
    se = math.sqrt((1 / n_splits + ratio) * variance)  # nonzero: n_splits >= 2
    t = mean / se  # nonzero: the spread is checked above
    interval = partial(_t_interval, mean, se, df)
    return _result(t, _t_pvalue(t, df, alternative), mean, "corrected-t", alternative, interval, df)


def _test_train_ratio(test_size: object, n_train: object, n_test: object) -> float:
    """n_test / n_train from ``test_size`` or from the two sizes (exactly one way)."""
    sizes = (n_train is not None, n_test is not None)
    if test_size is None and not any(sizes):
        raise ValueError(
            "corrected_resampled_t needs the test set's share of the data: pass test_size "
            "(e.g. 1/k for k-fold cross-validation) or n_train and n_test"
        )
    if test_size is not None and any(sizes):
        raise ValueError("pass test_size or n_train and n_test, not both")
    if test_size is not None:
        share = check_in_interval(test_size, "test_size", 0.0, 1.0, low_open=True, high_open=True)
        return share / (1 - share)  # nonzero: test_size < 1 is checked
    if not all(sizes):
        missing = "n_test" if n_test is None else "n_train"
        raise ValueError(f"{missing} is missing: pass both n_train and n_test")
    train = check_positive_int(n_train, "n_train")
    test = check_positive_int(n_test, "n_test")
    return test / train  # nonzero: n_train >= 1 is checked
