r"""Comparing learning algorithms over many datasets (private module; Demšar 2006).

Public names (re-exported by :mod:`evalmetrics.stats`):

- :func:`average_ranks`: rank the algorithms on each dataset (1 = best, ties share their
  mean rank) and average over the datasets;
- :func:`friedman_test`: Friedman's test of "all algorithms perform alike", as
  ``scipy.stats.friedmanchisquare`` (``method="chi2"``) or with the Iman-Davenport F
  (``method="iman-davenport"``);
- :func:`nemenyi_test`: every pair, with Nemenyi's critical difference;
- :func:`control_test`: every algorithm against one control, Holm's step-down procedure or
  Bonferroni(-Dunn);
- :func:`critical_difference`: Nemenyi's or Bonferroni-Dunn's critical difference of the
  average ranks (Demšar's Table 5);
- :func:`nonsignificant_groups`: the groups a critical-difference diagram joins with a bar;
- :func:`sign_test`: two algorithms, wins and losses over the datasets;
- :func:`bayesian_signed_rank`: two algorithms, the Bayesian signed-rank test with a region of
  practical equivalence (Benavoli et al. 2017), whose probabilities are baycomp's except where
  a sum of two differences lies on the edge of the region (see its Notes).

The Wilcoxon signed-rank test of two algorithms over the datasets is
:func:`evalmetrics.stats.paired_test` with ``method="wilcoxon"``, which drops zero
differences (Wilcoxon's rule, scipy's default); Demšar splits their ranks between the two sums
instead, dropping one zero first when their number is odd: with an even number of zeros that is
``scipy.stats.wilcoxon(d, zero_method="zsplit")``, with an odd number the same call on ``d``
with one zero removed (``zsplit`` alone splits every zero, so its statistic differs).

The input of the tests of many algorithms is a matrix ``scores`` with one row per dataset and
one column per algorithm, higher is better (``lower_is_better=True`` for errors and losses).
The unit of evidence is the dataset: the scores on different datasets must be independent
(not the folds of one cross-validation).

Ties in floating point: scores that are equal in exact arithmetic can differ in their last
bits (an accuracy averaged over folds in another order), and a rank would separate them. Each
dataset's scores are rounded first to 12 decimals of that dataset's scale (the rule of
:func:`evalmetrics.stats.paired_test`'s signed ranks), so they tie.
"""

from __future__ import annotations

import math
import numbers
import warnings
from functools import partial
from operator import itemgetter

import numpy as np

from .._undefined import caller_stacklevel, warn_infinite
from .._validation import (
    check_alternative,
    check_confidence,
    check_consistent_length,
    check_finite_scores,
    check_in_interval,
    check_option,
    check_positive_int,
    check_random_state,
    describe,
)
from ._common import BLOCK_INDICES, ResultTuple, TestResult, one_sided, tie_rounded

__all__ = [
    "BayesianSignedRankResult",
    "ControlResult",
    "FriedmanResult",
    "NemenyiResult",
    "average_ranks",
    "bayesian_signed_rank",
    "control_test",
    "critical_difference",
    "friedman_test",
    "nemenyi_test",
    "nonsignificant_groups",
    "sign_test",
]

_INF = (-math.inf, math.inf)


# --------------------------------------------------------------------------- results


class FriedmanResult(ResultTuple):
    """Result of :func:`friedman_test`; a tuple ``(statistic, pvalue)``, like scipy's.

    Attributes
    ----------
    statistic : float
        :math:`\\chi^2_F` (``method="chi2"``) or the Iman-Davenport :math:`F_F`.
    pvalue : float
        Its upper-tail p-value.
    df : int or tuple of int
        ``k - 1`` for :math:`\\chi^2_F`; ``(k - 1, (k - 1)(N - 1))`` for :math:`F_F`.
    method : str
        ``"chi2"`` or ``"iman-davenport"``.
    tie_correction : bool
        Whether :math:`\\chi^2_F` was divided by the tie correction (scipy's and R's).
    average_ranks : numpy.ndarray
        The average rank of each algorithm (1 = best).
    n_datasets : int
        N, the number of datasets.
    n_algorithms : int
        k, the number of algorithms.
    """

    _tuple_fields = ("statistic", "pvalue")
    _attribute_fields = (
        "df",
        "method",
        "tie_correction",
        "average_ranks",
        "n_datasets",
        "n_algorithms",
    )
    _compared = _tuple_fields + _attribute_fields

    def __new__(
        cls,
        statistic: float,
        pvalue: float,
        df: int | tuple[int, int],
        method: str,
        tie_correction: bool,
        average_ranks: np.ndarray,
        n_datasets: int,
        n_algorithms: int,
    ) -> FriedmanResult:
        self = tuple.__new__(cls, (statistic, pvalue))
        self._init_attributes(
            df=df,
            method=method,
            tie_correction=tie_correction,
            average_ranks=average_ranks,
            n_datasets=n_datasets,
            n_algorithms=n_algorithms,
        )
        return self

    statistic = property(itemgetter(0), doc="The test statistic.")
    pvalue = property(itemgetter(1), doc="The p-value.")


class NemenyiResult(ResultTuple):
    """Result of :func:`nemenyi_test`; a tuple ``(statistic, pvalue)`` of k x k matrices.

    Attributes
    ----------
    statistic : numpy.ndarray
        A k x k matrix: :math:`|\\bar R_i - \\bar R_j| / \\sqrt{k(k+1)/(6N)}`, compared with
        ``critical_value`` (0 on the diagonal).
    pvalue : numpy.ndarray
        A k x k matrix of the pairs' p-values from the studentized range (1 on the diagonal), as
        ``scikit_posthocs.posthoc_nemenyi_friedman``.
    critical_difference : float
        Nemenyi's CD at ``confidence_level``: two algorithms differ when their average ranks
        differ by at least this.
    critical_value : float
        :math:`q_\\alpha`, the studentized range quantile divided by :math:`\\sqrt 2`.
    average_ranks : numpy.ndarray
        The average rank of each algorithm (1 = best).
    confidence_level : float
        :math:`1 - \\alpha`.
    """

    _tuple_fields = ("statistic", "pvalue")
    _attribute_fields = (
        "critical_difference",
        "critical_value",
        "average_ranks",
        "confidence_level",
    )
    _compared = _tuple_fields + _attribute_fields

    def __new__(
        cls,
        statistic: np.ndarray,
        pvalue: np.ndarray,
        critical_difference: float,
        critical_value: float,
        average_ranks: np.ndarray,
        confidence_level: float,
    ) -> NemenyiResult:
        self = tuple.__new__(cls, (statistic, pvalue))
        self._init_attributes(
            critical_difference=critical_difference,
            critical_value=critical_value,
            average_ranks=average_ranks,
            confidence_level=confidence_level,
        )
        return self

    statistic = property(itemgetter(0), doc="The standardised rank differences.")
    pvalue = property(itemgetter(1), doc="The pairs' p-values.")


class ControlResult(ResultTuple):
    """Result of :func:`control_test`; a tuple ``(statistic, pvalue)``, one entry per algorithm
    compared with the control (in ``compared`` order), as ``scipy.stats.dunnett``.

    Attributes
    ----------
    statistic : numpy.ndarray
        :math:`z_i = (\\bar R_c - \\bar R_i) / \\sqrt{k(k+1)/(6N)}`: positive when algorithm
        ``compared[i]`` ranks better than the control.
    pvalue : numpy.ndarray
        The p-values adjusted for the k - 1 comparisons by ``method``.
    unadjusted_pvalue : numpy.ndarray
        The normal p-values of the single comparisons.
    compared : numpy.ndarray
        The columns compared with the control, in their order in ``scores``.
    control : int
        The control's column.
    method : str
        ``"holm"`` or ``"bonferroni"``.
    alternative : str
        ``"two-sided"``, ``"greater"`` (the algorithm is better than the control) or
        ``"less"``.
    critical_difference : float
        Bonferroni-Dunn's critical difference at ``confidence_level`` (for ``alternative``):
        an algorithm whose average rank differs from the control's by at least this differs
        by the Bonferroni method. Holm's procedure has no single critical difference.
    average_ranks : numpy.ndarray
        The average rank of each algorithm (1 = best).
    confidence_level : float
        :math:`1 - \\alpha` of ``critical_difference``.
    """

    _tuple_fields = ("statistic", "pvalue")
    _attribute_fields = (
        "unadjusted_pvalue",
        "compared",
        "control",
        "method",
        "alternative",
        "critical_difference",
        "average_ranks",
        "confidence_level",
    )
    _compared = _tuple_fields + _attribute_fields

    def __new__(
        cls,
        statistic: np.ndarray,
        pvalue: np.ndarray,
        unadjusted_pvalue: np.ndarray,
        compared: np.ndarray,
        control: int,
        method: str,
        alternative: str,
        critical_difference: float,
        average_ranks: np.ndarray,
        confidence_level: float,
    ) -> ControlResult:
        self = tuple.__new__(cls, (statistic, pvalue))
        self._init_attributes(
            unadjusted_pvalue=unadjusted_pvalue,
            compared=compared,
            control=control,
            method=method,
            alternative=alternative,
            critical_difference=critical_difference,
            average_ranks=average_ranks,
            confidence_level=confidence_level,
        )
        return self

    statistic = property(itemgetter(0), doc="The z statistics.")
    pvalue = property(itemgetter(1), doc="The adjusted p-values.")


class BayesianSignedRankResult(ResultTuple):
    """Result of :func:`bayesian_signed_rank`; a tuple ``(p_left, p_rope, p_right)``, as
    ``baycomp.two_on_multiple`` returns them.

    "Left" and "right" are the corners of baycomp's simplex plot: the first algorithm (``a``)
    and the second (``b``).

    Attributes
    ----------
    p_left : float
        The share of posterior samples in which "``a`` is better than ``b`` by more than
        ``rope``" is the most probable of the three regions (baycomp's reading of "the
        probability that ``a`` is better"); the region's own probability in each sample is
        ``sample[:, 0]``, whose mean is its posterior mean.
    p_rope : float
        The same for "practically equivalent" (0 when ``rope`` is 0).
    p_right : float
        The same for "``b`` is better by more than ``rope``".
    rope : float
        The half-width of the region of practical equivalence, in the scores' units.
    sample : numpy.ndarray
        One row per posterior sample, three columns: the sampled probabilities of the three
        regions (rows sum to 1).
    standard_error : tuple of float
        The Monte Carlo standard errors of the three probabilities,
        :math:`\\sqrt{p(1-p)/n_\\text{samples}}`.
    """

    _tuple_fields = ("p_left", "p_rope", "p_right")
    _attribute_fields = ("rope", "sample")
    _compared = ("p_left", "p_rope", "p_right", "rope")

    def __new__(
        cls,
        p_left: float,
        p_rope: float,
        p_right: float,
        rope: float,
        sample: np.ndarray,
    ) -> BayesianSignedRankResult:
        self = tuple.__new__(cls, (p_left, p_rope, p_right))
        self._init_attributes(rope=rope, sample=sample)
        return self

    p_left = property(itemgetter(0), doc="P(the first is better by more than rope).")
    p_rope = property(itemgetter(1), doc="P(practically equivalent).")
    p_right = property(itemgetter(2), doc="P(the second is better by more than rope).")

    @property
    def standard_error(self) -> tuple[float, float, float]:
        """Monte Carlo standard errors of ``(p_left, p_rope, p_right)``."""
        n = self.sample.shape[0]
        return tuple(math.sqrt(p * (1 - p) / n) for p in self)  # nonzero: n_samples >= 1


# --------------------------------------------------------------------------- validation


def _check_scores(scores: object, name: str = "scores") -> np.ndarray:
    """A 2-D float array of N >= 2 datasets (rows) by k >= 2 algorithms (columns), finite."""
    if scores is None or isinstance(scores, (str, bytes, dict, set, frozenset)):
        raise TypeError(
            f"{name} must be a 2-D array-like (one row per dataset, one column per "
            f"algorithm), got {describe(scores)}"
        )
    try:
        array = np.asarray(scores)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"{name} must be a 2-D array of equal-length rows: {exc}") from None
    if array.ndim != 2:
        raise ValueError(
            f"{name} must be 2-D (one row per dataset, one column per algorithm); got an array "
            f"with shape {array.shape}"
        )
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
    if np.iscomplexobj(array):
        raise TypeError(f"{name} must be real numbers, got complex values")
    array = array.astype(np.float64)
    bad = ~np.isfinite(array)
    if bad.any():
        row, column = (int(i) for i in np.argwhere(bad)[0])
        kind = "NaN" if np.isnan(array[row, column]) else "an infinite value"
        raise ValueError(f"{name} contains {kind} at index ({row}, {column})")
    n_datasets, n_algorithms = array.shape
    if n_datasets < 2:
        raise ValueError(f"{name} must hold at least 2 datasets (rows); got {n_datasets}")
    if n_algorithms < 2:
        raise ValueError(f"{name} must hold at least 2 algorithms (columns); got {n_algorithms}")
    return array


def _check_bool(value: object, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {describe(value)}")
    return bool(value)


def _paired_values(a: object, b: object) -> tuple[np.ndarray, np.ndarray]:
    first = check_finite_scores(a, "a")
    second = check_finite_scores(b, "b")
    check_consistent_length(a=first, b=second)
    if first.shape[0] < 2:
        raise ValueError(f"a and b must hold at least 2 datasets; got {first.shape[0]}")
    return first, second


def _scale(*arrays: np.ndarray) -> float:
    return float(max(np.abs(array).max() for array in arrays))


# --------------------------------------------------------------------------- ranks


def _ranks(values: np.ndarray, lower_is_better: bool) -> np.ndarray:
    """Rank each row (1 = best; ties share their mean rank) after the tie rounding."""
    from scipy.stats import rankdata

    rounded = np.vstack([tie_rounded(row, float(np.abs(row).max())) for row in values])
    return rankdata(rounded if lower_is_better else -rounded, axis=1)


def _standard_error(n_algorithms: int, n_datasets: int) -> float:
    """The standard error of a difference of two average ranks, sqrt(k(k+1) / (6N))."""
    return math.sqrt(n_algorithms * (n_algorithms + 1) / (6 * n_datasets))  # nonzero: N >= 1


def average_ranks(scores: object, *, lower_is_better: bool = False) -> np.ndarray:
    r"""The average rank of each algorithm over the datasets (1 = best).

    On dataset :math:`i` the k algorithms are ranked by their scores, the best 1 and the
    worst k; tied scores share the mean of the ranks they span (two algorithms tied for second
    place both get 2.5). The average rank of algorithm :math:`j` over the N datasets is

    .. math:: \bar R_j = \frac{1}{N} \sum_{i=1}^N r_i^j .

    (平均序值, Zhou's textbook, section 2.4.) Each dataset's scores are first rounded to 12
    decimals of their scale, so that scores equal in exact arithmetic tie.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_algorithms)
        One row per dataset, one column per algorithm; at least 2 of each; finite.
    lower_is_better : bool, default=False
        True for errors and losses (the smallest score ranks first).

    Returns
    -------
    numpy.ndarray of shape (n_algorithms,)
        The average ranks; they sum to k(k+1)/2.

    Raises
    ------
    ValueError
        ``scores`` not 2-D, fewer than 2 rows or columns, NaN or infinity.
    TypeError
        Non-numeric ``scores``, a non-bool ``lower_is_better``.

    Examples
    --------
    Zhou's table 2.5: A is best on all four datasets, and B and C tie on the second:

    >>> from evalmetrics.stats import average_ranks
    >>> scores = [[0.9, 0.8, 0.7], [0.9, 0.8, 0.8], [0.9, 0.8, 0.7], [0.9, 0.8, 0.7]]
    >>> average_ranks(scores)
    array([1.   , 2.125, 2.875])
    """
    values = _check_scores(scores)
    lower_is_better = _check_bool(lower_is_better, "lower_is_better")
    return _ranks(values, lower_is_better).mean(axis=0)  # nonzero: N >= 2 rows


# --------------------------------------------------------------------------- Friedman


def _tie_sum(ranks: np.ndarray) -> float:
    """Sum over datasets and groups of tied ranks of t^3 - t (t the group's size)."""
    total = 0.0
    for row in ranks:
        _, counts = np.unique(row, return_counts=True)
        total += float(np.sum(counts.astype(np.float64) ** 3 - counts))
    return total


_FRIEDMAN_METHODS = ("chi2", "iman-davenport")


def friedman_test(
    scores: object,
    *,
    method: str = "chi2",
    tie_correction: bool = True,
    lower_is_better: bool = False,
) -> FriedmanResult:
    r"""Friedman's test that k algorithms perform alike over N datasets.

    With the average ranks :math:`\bar R_j` (:func:`average_ranks`), Friedman's statistic is

    .. math::

        \chi^2_F = \frac{12N}{k(k+1)} \Big[\sum_j \bar R_j^2 - \frac{k(k+1)^2}{4}\Big]
        = \frac{12N}{k(k+1)} \sum_j \Big(\bar R_j - \frac{k+1}{2}\Big)^2 ,

    approximately :math:`\chi^2` with k - 1 degrees of freedom if all algorithms are alike.
    Iman and Davenport's

    .. math:: F_F = \frac{(N-1)\,\chi^2_F}{N(k-1) - \chi^2_F}

    is approximately F with (k - 1, (k - 1)(N - 1)) degrees of freedom and less conservative;
    Demšar (2006) recommends it. (Friedman检验; Zhou's :math:`\tau_{\chi^2}` and
    :math:`\tau_F`.)

    Ties: with ``tie_correction=True`` (the default, as ``scipy.stats.friedmanchisquare`` and
    R's ``friedman.test``), :math:`\chi^2_F` is divided by
    :math:`1 - \sum (t^3 - t) / (N k (k^2 - 1))`, the sum over every group of t tied scores on
    a dataset: tied ranks vary less than untied ones, and the correction restores the
    statistic's null variance. Demšar's and Zhou's formulas above have no correction
    (``tie_correction=False``); without ties the two agree, with ties the uncorrected
    statistic is smaller (conservative).

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_algorithms)
        One row per dataset, one column per algorithm; N >= 2, k >= 2; finite.
    method : {"chi2", "iman-davenport"}, default="chi2"
        The statistic reported.
    tie_correction : bool, default=True
        Divide :math:`\chi^2_F` by the tie correction (also the :math:`\chi^2_F` inside
        :math:`F_F`).
    lower_is_better : bool, default=False
        True for errors and losses.

    Returns
    -------
    FriedmanResult
        A tuple ``(statistic, pvalue)`` with ``df``, ``average_ranks`` and more.

    Raises
    ------
    ValueError
        Bad ``scores`` (see :func:`average_ranks`), an unknown ``method``.
    TypeError
        Non-numeric ``scores``, non-bool options.

    Warns
    -----
    RuntimeWarning
        ``method="iman-davenport"`` when every dataset ranks the algorithms alike:
        :math:`\chi^2_F` reaches its maximum N(k - 1), :math:`F_F` is infinite (x/0 with
        x > 0) and its p-value 0.

    Notes
    -----
    When every dataset ties all algorithms, :math:`\chi^2_F` is 0 (the correction would be
    0/0): there is no evidence of a difference, and the p-value is 1.

    References
    ----------
    Friedman, M. (1937). JASA 32, 675-701. Iman, R. L. and Davenport, J. M. (1980).
    Communications in Statistics A 9, 571-595. Demšar, J. (2006). JMLR 7, 1-30, section 3.2.2.

    Examples
    --------
    Zhou's table 2.5 (ranks of three algorithms on four datasets; B and C tie on the second):

    >>> from evalmetrics.stats import friedman_test
    >>> scores = [[0.9, 0.8, 0.7], [0.9, 0.8, 0.8], [0.9, 0.8, 0.7], [0.9, 0.8, 0.7]]
    >>> r = friedman_test(scores, method="iman-davenport", tie_correction=False)
    >>> round(r.statistic, 3), r.df
    (24.429, (2, 6))
    >>> friedman_test(scores).statistic  # tie-corrected, as scipy.stats.friedmanchisquare
    7.6
    """
    values = _check_scores(scores)
    method = check_option(method, "method", _FRIEDMAN_METHODS)
    tie_correction = _check_bool(tie_correction, "tie_correction")
    lower_is_better = _check_bool(lower_is_better, "lower_is_better")
    from scipy.stats import chi2 as chi2_distribution
    from scipy.stats import f as f_distribution

    ranks = _ranks(values, lower_is_better)
    n, k = ranks.shape
    mean_ranks = ranks.mean(axis=0)  # nonzero: N >= 2 rows
    deviations = float(np.sum((mean_ranks - (k + 1) / 2) ** 2))
    chi2 = 12 * n / (k * (k + 1)) * deviations  # nonzero: k >= 2
    if tie_correction and chi2 > 0:
        # chi2 > 0: some dataset does not tie every algorithm, so the correction is positive
        chi2 /= 1 - _tie_sum(ranks) / (n * k * (k * k - 1))  # nonzero: see the line above
    if method == "chi2":
        pvalue = float(chi2_distribution.sf(chi2, k - 1))
        return FriedmanResult(float(chi2), pvalue, k - 1, method, tie_correction, mean_ranks, n, k)
    df = (k - 1, (k - 1) * (n - 1))
    room = n * (k - 1) - chi2  # 0 when every dataset ranks the algorithms alike
    if room <= 1e-9 * n * (k - 1):
        warn_infinite(
            "every dataset ranks the algorithms alike: chi2_F reaches its maximum N(k - 1) = "
            f"{n * (k - 1)}, so the Iman-Davenport F_F is infinite (x/0 with x > 0) and its "
            "p-value 0"
        )
        return FriedmanResult(math.inf, 0.0, df, method, tie_correction, mean_ranks, n, k)
    f_statistic = (n - 1) * chi2 / room  # nonzero: room > 0 is checked above
    pvalue = float(f_distribution.sf(f_statistic, *df))
    return FriedmanResult(float(f_statistic), pvalue, df, method, tie_correction, mean_ranks, n, k)


# --------------------------------------------------------------------------- post-hoc tests

_CD_METHODS = ("nemenyi", "bonferroni-dunn")


def _nemenyi_critical_value(n_algorithms: int, confidence_level: float) -> float:
    from scipy.stats import studentized_range

    q = float(studentized_range.ppf(confidence_level, n_algorithms, np.inf))
    return q / math.sqrt(2)  # nonzero: a constant


def _bonferroni_dunn_critical_value(
    n_algorithms: int, confidence_level: float, alternative: str
) -> float:
    from scipy.stats import norm

    tails = 2 if alternative == "two-sided" else 1
    alpha = (1 - confidence_level) / (tails * (n_algorithms - 1))  # nonzero: k >= 2
    return float(norm.isf(alpha))


def critical_difference(
    *,
    n_algorithms: int,
    n_datasets: int,
    confidence_level: float = 0.95,
    method: str = "nemenyi",
) -> float:
    r"""The critical difference of two average ranks (Demšar 2006, Table 5).

    .. math:: CD = q_\alpha \sqrt{\frac{k(k+1)}{6N}}

    with :math:`\alpha = 1 -` ``confidence_level`` and

    - ``"nemenyi"`` (all pairs): :math:`q_\alpha` the :math:`1-\alpha` quantile of the
      studentized range of k means with infinite degrees of freedom, divided by
      :math:`\sqrt 2` (``scipy.stats.studentized_range``): 1.960, 2.344, 2.569 for k = 2, 3,
      4 at :math:`\alpha = 0.05`;
    - ``"bonferroni-dunn"`` (k - 1 comparisons with a control, two-sided):
      :math:`q_\alpha = z_{1 - \alpha / (2(k-1))}`.

    Two algorithms whose average ranks differ by at least CD differ significantly (临界值域,
    Zhou's textbook, section 2.4).

    Parameters
    ----------
    n_algorithms : int
        k >= 2.
    n_datasets : int
        N >= 1.
    confidence_level : float, default=0.95
        :math:`1 - \alpha`.
    method : {"nemenyi", "bonferroni-dunn"}, default="nemenyi"

    Returns
    -------
    float

    Raises
    ------
    ValueError
        k < 2, N < 1, a level outside (0, 1), an unknown ``method``.
    TypeError
        Non-integer counts.

    Examples
    --------
    Demšar's example, four algorithms on 14 datasets, and Orange's test case (N = 30):

    >>> from evalmetrics.stats import critical_difference
    >>> round(critical_difference(n_algorithms=4, n_datasets=14), 2)
    1.25
    >>> round(critical_difference(n_algorithms=4, n_datasets=30), 6)
    0.856344
    """
    k = check_positive_int(n_algorithms, "n_algorithms", minimum=2)
    n = check_positive_int(n_datasets, "n_datasets")
    level = check_confidence(confidence_level)
    method = check_option(method, "method", _CD_METHODS)
    if method == "nemenyi":
        q = _nemenyi_critical_value(k, level)
    else:
        q = _bonferroni_dunn_critical_value(k, level, "two-sided")
    return q * _standard_error(k, n)


def nemenyi_test(
    scores: object,
    *,
    confidence_level: float = 0.95,
    lower_is_better: bool = False,
) -> NemenyiResult:
    r"""Nemenyi's test of every pair of algorithms, after a Friedman test.

    Algorithms i and j differ significantly when their average ranks differ by at least the
    critical difference (:func:`critical_difference`)

    .. math:: CD = q_\alpha \sqrt{\frac{k(k+1)}{6N}} ,

    which holds the family-wise error of all k(k - 1)/2 comparisons at :math:`\alpha`
    (Nemenyi后续检验). The p-value of a pair is the studentized range's upper tail at
    :math:`\sqrt 2\,|\bar R_i - \bar R_j| / \sqrt{k(k+1)/(6N)}`, as
    ``scikit_posthocs.posthoc_nemenyi_friedman``; it is below :math:`\alpha` exactly when the
    difference exceeds CD.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_algorithms)
        One row per dataset, one column per algorithm; N >= 2, k >= 2; finite.
    confidence_level : float, default=0.95
        :math:`1 - \alpha` of the critical difference.
    lower_is_better : bool, default=False
        True for errors and losses.

    Returns
    -------
    NemenyiResult
        A tuple ``(statistic, pvalue)`` of k x k matrices, with ``critical_difference``.

    Raises
    ------
    ValueError, TypeError
        As :func:`friedman_test`; a level outside (0, 1).

    Examples
    --------
    >>> from evalmetrics.stats import nemenyi_test
    >>> scores = [[0.9, 0.8, 0.7], [0.9, 0.8, 0.8], [0.9, 0.8, 0.7], [0.9, 0.8, 0.7]]
    >>> r = nemenyi_test(scores)
    >>> round(r.critical_difference, 3), round(float(r.pvalue[0, 2]), 4)
    (1.657, 0.0218)
    """
    values = _check_scores(scores)
    level = check_confidence(confidence_level)
    lower_is_better = _check_bool(lower_is_better, "lower_is_better")
    from scipy.stats import studentized_range

    ranks = _ranks(values, lower_is_better)
    n, k = ranks.shape
    mean_ranks = ranks.mean(axis=0)  # nonzero: N >= 2 rows
    standard_error = _standard_error(k, n)
    differences = np.abs(mean_ranks[:, None] - mean_ranks[None, :])
    statistic = differences / standard_error  # nonzero: k, N >= 2
    pvalue = studentized_range.sf(statistic * math.sqrt(2), k, np.inf)
    np.fill_diagonal(pvalue, 1.0)
    q = _nemenyi_critical_value(k, level)
    return NemenyiResult(statistic, pvalue, q * standard_error, q, mean_ranks, level)


_CONTROL_METHODS = ("holm", "bonferroni")


def _holm(pvalues: np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values: max over j <= i of min(1, (m - j + 1) p_(j))."""
    m = pvalues.shape[0]
    order = np.argsort(pvalues, kind="stable")
    stepped = np.minimum(1.0, (m - np.arange(m)) * pvalues[order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(stepped)
    return adjusted


def _check_control(control: object, n_algorithms: int) -> int:
    if isinstance(control, (bool, np.bool_)) or not isinstance(
        control, (numbers.Integral, np.integer)
    ):
        raise TypeError(f"control must be a column index (an integer), got {describe(control)}")
    value = int(control)
    if not -n_algorithms <= value < n_algorithms:
        raise ValueError(
            f"control={value} is out of range for scores with {n_algorithms} algorithms (columns)"
        )
    return value % n_algorithms  # nonzero: k >= 2 columns are checked


def control_test(
    scores: object,
    *,
    control: int,
    method: str = "holm",
    alternative: str = "two-sided",
    confidence_level: float = 0.95,
    lower_is_better: bool = False,
) -> ControlResult:
    r"""Every algorithm against one control (a baseline, or a proposed method), after a
    Friedman test.

    For each of the other k - 1 algorithms (Demšar 2006, section 3.2.2),

    .. math:: z_i = \frac{\bar R_c - \bar R_i}{\sqrt{k(k+1)/(6N)}} ,

    approximately standard normal if it performs like the control :math:`c`; positive when
    it ranks better. The k - 1 normal p-values are adjusted for multiplicity:

    - ``"holm"`` (Holm 1979, step-down): sort them, :math:`p_{(1)} \le \dots \le p_{(m)}`, and
      report :math:`\max_{j \le i} \min(1, (m - j + 1)\,p_{(j)})`; as
      ``statsmodels.stats.multitest.multipletests(p, method="holm")``. More powerful than
      Bonferroni, with the same family-wise error.
    - ``"bonferroni"``: :math:`\min(1, m\,p_i)`. Comparing the average ranks with
      Bonferroni-Dunn's critical difference (``critical_difference``) is the same test.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_algorithms)
        One row per dataset, one column per algorithm; N >= 2, k >= 2; finite.
    control : int
        The control's column (negative counts from the end).
    method : {"holm", "bonferroni"}, default="holm"
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: the algorithm is better than the control.
    confidence_level : float, default=0.95
        :math:`1 - \alpha` of ``critical_difference`` (the p-values do not depend on it).
    lower_is_better : bool, default=False
        True for errors and losses.

    Returns
    -------
    ControlResult
        A tuple ``(statistic, pvalue)`` over the ``compared`` columns, adjusted p-values.

    Raises
    ------
    ValueError
        Bad ``scores``, a ``control`` out of range, an unknown ``method`` or
        ``alternative``, a level outside (0, 1).
    TypeError
        A non-integer ``control``, non-numeric ``scores``.

    Examples
    --------
    >>> from evalmetrics.stats import control_test
    >>> scores = [[0.9, 0.8, 0.7], [0.9, 0.8, 0.8], [0.9, 0.8, 0.7], [0.9, 0.8, 0.7]]
    >>> r = control_test(scores, control=2)  # A and B against C
    >>> r.compared, r.statistic.round(4), r.pvalue.round(4)
    (array([0, 1]), array([2.6517, 1.0607]), array([0.016 , 0.2888]))
    """
    values = _check_scores(scores)
    k = values.shape[1]
    control = _check_control(control, k)
    method = check_option(method, "method", _CONTROL_METHODS)
    alternative = check_alternative(alternative)
    level = check_confidence(confidence_level)
    lower_is_better = _check_bool(lower_is_better, "lower_is_better")
    from scipy.stats import norm

    ranks = _ranks(values, lower_is_better)
    n = ranks.shape[0]
    mean_ranks = ranks.mean(axis=0)  # nonzero: N >= 2 rows
    standard_error = _standard_error(k, n)
    compared = np.flatnonzero(np.arange(k) != control)
    z = (mean_ranks[control] - mean_ranks[compared]) / standard_error  # nonzero: k, N >= 2
    if alternative == "two-sided":
        unadjusted = 2 * norm.sf(np.abs(z))
    elif alternative == "greater":
        unadjusted = norm.sf(z)
    else:
        unadjusted = norm.cdf(z)
    unadjusted = np.minimum(unadjusted, 1.0)
    if method == "holm":
        adjusted = _holm(unadjusted)
    else:
        adjusted = np.minimum(1.0, (k - 1) * unadjusted)
    cd = _bonferroni_dunn_critical_value(k, level, alternative) * standard_error
    return ControlResult(
        z, adjusted, unadjusted, compared, control, method, alternative, cd, mean_ranks, level
    )


def nonsignificant_groups(
    average_ranks: object, *, critical_difference: float
) -> list[tuple[int, ...]]:
    """The groups of algorithms a critical-difference diagram joins with one bar.

    Sorted by average rank, each group is a run of algorithms whose average ranks all lie
    within less than ``critical_difference`` of each other (no two of them differ
    significantly), as long as it can be; a run inside a longer one is left out, and so are
    single algorithms (Demšar 2006, figure 1).

    Parameters
    ----------
    average_ranks : array-like of shape (n_algorithms,)
        From :func:`average_ranks` (or a result's ``average_ranks``); finite.
    critical_difference : float
        From :func:`critical_difference` or a result's ``critical_difference``; >= 0.

    Returns
    -------
    list of tuple of int
        Each group's columns, best rank first; the groups from the best-ranked down.

    Raises
    ------
    ValueError
        Fewer than 2 ranks, NaN or infinity, a negative or infinite ``critical_difference``.

    Examples
    --------
    >>> from evalmetrics.stats import nonsignificant_groups
    >>> nonsignificant_groups([1.0, 2.125, 2.875], critical_difference=1.657)
    [(0, 1), (1, 2)]
    """
    ranks = check_finite_scores(average_ranks, "average_ranks")
    if ranks.shape[0] < 2:
        raise ValueError(f"average_ranks must hold at least 2 values; got {ranks.shape[0]}")
    cd = check_in_interval(
        critical_difference, "critical_difference", 0.0, math.inf, high_open=True
    )
    order = np.argsort(ranks, kind="stable")
    ordered = ranks[order]
    groups: list[tuple[int, ...]] = []
    furthest = 0
    for start in range(ordered.shape[0]):
        # the last algorithm within less than cd of this one (the ranks are sorted)
        end = int(np.searchsorted(ordered, ordered[start] + cd, side="left")) - 1
        if end > start and end > furthest:
            groups.append(tuple(int(i) for i in order[start : end + 1]))
            furthest = end
    return groups


# --------------------------------------------------------------------------- sign test

_ZERO_METHODS = ("zsplit", "wilcox")


def _order_statistic_ends(ordered: np.ndarray, cdf: np.ndarray, level: float) -> tuple[float, ...]:
    """The sign test's interval of the median: order statistics (d_(j), d_(n+1-j))."""
    n = ordered.shape[0]
    tail = (1 - level) / 2
    # j - 1 = the largest i with P(B <= i) <= tail, B ~ Binomial(n, 1/2)
    j = int(np.count_nonzero(cdf <= tail + 1e-12))
    if j >= 1:
        return float(ordered[j - 1]), float(ordered[n - j])
    reached = 1 - 2 * float(cdf[0])
    warnings.warn(
        f"a two-sided level of {level:g} is not reachable with {n} dataset(s): the interval is "
        f"the widest one (smallest to largest difference), whose level is {reached:.4g}",
        RuntimeWarning,
        stacklevel=caller_stacklevel(),
    )
    return float(ordered[0]), float(ordered[-1]), reached


def sign_test(
    a: object,
    b: object,
    *,
    zero_method: str = "zsplit",
    alternative: str = "two-sided",
) -> TestResult:
    r"""The sign test of two algorithms over N datasets: count the wins (符号检验).

    With :math:`d_i = a_i - b_i` on dataset i, A wins where :math:`d_i > 0`. If the two
    algorithms are alike, each dataset is a fair coin, and the number of wins is
    Binomial(n, 1/2); the p-value is ``scipy.stats.binomtest(wins, n, 0.5, alternative)``'s.
    Ties (:math:`d_i = 0`, after the tie rounding of :func:`paired_test`):

    - ``"zsplit"`` (Demšar 2006, section 3.1.2): the ties support the null hypothesis, so they
      are split evenly between the two algorithms, and if their number is odd one is left
      out: wins = #{d > 0} + ⌊t/2⌋ of n = N - (t mod 2);
    - ``"wilcox"``: the ties are dropped, wins = #{d > 0} of n = #{d != 0} (the classic sign
      test; statsmodels' ``sign_test`` reports :math:`M = \text{wins} - n/2`).

    The estimate is the median of the differences, with the interval that inverts the sign
    test: the order statistics :math:`(d_{(j)}, d_{(N+1-j)})` for the largest j with
    :math:`P(B \le j - 1) \le (1 - c)/2`, B ~ Binomial(N, 1/2) (at least the level asked;
    with very few datasets the widest interval and a warning).

    Parameters
    ----------
    a, b : array-like of shape (n_datasets,)
        The two algorithms' scores on the same datasets, in the same order; finite, >= 2.
    zero_method : {"zsplit", "wilcox"}, default="zsplit"
        How ties count (the names of ``scipy.stats.wilcoxon``'s options that treat zero
        differences the same way).
    alternative : {"two-sided", "greater", "less"}, default="two-sided"
        ``"greater"``: A wins more often than B.

    Returns
    -------
    TestResult
        A tuple ``(statistic, pvalue)``: ``statistic`` the wins of A as counted by
        ``zero_method``; ``estimate`` the median of :math:`a - b`.

    Raises
    ------
    ValueError
        Unequal lengths, fewer than 2 datasets, NaN or infinity, an unknown option.
    TypeError
        Non-numeric values.

    Notes
    -----
    If no dataset is left (every difference 0), the statistic is 0 and the p-value 1.

    Examples
    --------
    Demšar's C4.5+m against C4.5 (his Table 2): 10 wins, 2 losses, 2 ties, so 11 wins of 14
    with the ties split:

    >>> from evalmetrics.stats import sign_test
    >>> c45 = [0.763, 0.599, 0.954, 0.628, 0.882, 0.936, 0.661, 0.583, 0.775, 1.000,
    ...        0.940, 0.619, 0.972, 0.957]
    >>> c45m = [0.768, 0.591, 0.971, 0.661, 0.888, 0.931, 0.668, 0.583, 0.838, 1.000,
    ...         0.962, 0.666, 0.981, 0.978]
    >>> r = sign_test(c45m, c45)
    >>> r.statistic, round(r.pvalue, 4)
    (11.0, 0.0574)
    """
    first, second = _paired_values(a, b)
    zero_method = check_option(zero_method, "zero_method", _ZERO_METHODS)
    alternative = check_alternative(alternative)
    from scipy.stats import binom, binomtest

    differences = tie_rounded(first - second, _scale(first, second))
    wins = int(np.count_nonzero(differences > 0))
    losses = int(np.count_nonzero(differences < 0))
    ties = differences.shape[0] - wins - losses
    if zero_method == "zsplit":
        wins += ties // 2
        n = wins + losses + ties // 2
    else:
        n = wins + losses
    pvalue = 1.0 if n == 0 else float(binomtest(wins, n, 0.5, alternative=alternative).pvalue)
    ordered = np.sort(differences)
    cdf = binom.cdf(np.arange(ordered.shape[0]), ordered.shape[0], 0.5)
    two_sided = partial(_order_statistic_ends, ordered, cdf)
    return TestResult(
        statistic=float(wins),
        pvalue=pvalue,
        estimate=float(np.median(differences)),
        method="sign",
        alternative=alternative,
        _interval=one_sided(two_sided, alternative, _INF),
        _interval_method="order-statistic",
    )


# --------------------------------------------------------------------------- Bayesian


def _heaviside(values: np.ndarray, threshold: float) -> np.ndarray:
    """1 above ``threshold``, 1/2 at it, 0 below (baycomp's ``heaviside``); the caller rounds."""
    return (values > threshold).astype(np.float64) + 0.5 * (values == threshold)


def bayesian_signed_rank(
    a: object,
    b: object,
    *,
    rope: float = 0.0,
    prior_strength: float = 0.5,
    n_samples: int = 50_000,
    random_state: object = None,
) -> BayesianSignedRankResult:
    r"""The Bayesian signed-rank test of two algorithms over N datasets (Benavoli et al. 2017).

    A Dirichlet process posterior over the distribution of the differences, with a prior
    pseudo-observation at 0 of weight ``prior_strength``: with :math:`z_0 = 0` and
    :math:`z_i = b_i - a_i` (baycomp's order), the posterior weights are
    :math:`w \sim \text{Dirichlet}(s, 1, \dots, 1)`, and each draw gives the probabilities

    .. math::

        \begin{aligned}
        \theta_\text{left} &= \textstyle\sum_{i,j} w_i w_j\, H(-z_i - z_j - 2r), \\
        \theta_\text{right} &= \textstyle\sum_{i,j} w_i w_j\, H(z_i + z_j - 2r), \\
        \theta_\text{rope} &= 1 - \theta_\text{left} - \theta_\text{right},
        \end{aligned}

    that the average of two differences falls left of the region of practical equivalence
    (ROPE) :math:`[-r, r]` (the first algorithm better by more than r), inside it, or right of
    it (H the step function, 1/2 at 0: a sum on the edge counts half outside, half inside).
    ``p_left``, ``p_rope`` and ``p_right`` are the shares of ``n_samples`` draws in which each
    region is the most probable of the three, as in ``baycomp.SignedRankTest.probs``. Unlike a
    p-value, ``p_rope`` can say that two algorithms are practically equivalent.

    Parameters
    ----------
    a, b : array-like of shape (n_datasets,)
        The two algorithms' scores on the same datasets; finite, at least 2.
    rope : float, default=0.0
        r >= 0, the largest difference that does not matter in practice, in the scores' units
        (0.01 = one point of accuracy). With 0 there is no ROPE and ``p_rope`` is 0.
    prior_strength : float, default=0.5
        s > 0, the weight of the prior pseudo-observation at 0 (baycomp's ``prior``).
    n_samples : int, default=50000
        Posterior draws (baycomp's ``nsamples``).
    random_state : None, int, numpy.random.Generator or RandomState, default=None
        The draws' randomness. A ``RandomState`` is drawn from directly, so
        ``RandomState(seed)`` draws what ``baycomp``'s ``random_state=seed`` draws (baycomp
        1.0.3 takes an int seed or None, not a ``RandomState``). An int here seeds a
        ``numpy.random.Generator``, another stream.

    Returns
    -------
    BayesianSignedRankResult
        A tuple ``(p_left, p_rope, p_right)`` with ``sample`` and ``standard_error``.

    Raises
    ------
    ValueError
        Unequal lengths, fewer than 2 datasets, NaN or infinity, a negative ``rope``, a
        ``prior_strength`` <= 0, ``n_samples`` < 1.
    TypeError
        Non-numeric values, a bad ``n_samples`` or ``random_state``.

    Notes
    -----
    Sums on the edge. Scores on a grid (accuracies over n cases are multiples of 1/n) give
    sums :math:`z_i + z_j` that equal :math:`\pm 2r` in exact arithmetic, but as floats they
    land a few units in the last place on either side (``(0.72 - 0.71) * 2`` is
    ``0.020000000000000018``, not ``0.02``), and the side decides whether the pair counts 0
    or 1 instead of 1/2. So the sums and :math:`2r` are compared after the package's tie
    rounding (as :func:`evalmetrics.stats.paired_test` rounds its differences): to 12
    decimals of the data's scale, that is, with :math:`u` the power of ten at or above
    :math:`\max_i(|a_i|, |b_i|)`, ``round(x / u, 12) * u`` (for scores in [0, 1],
    ``np.round(x, 12)``). The rule: a sum that rounds to :math:`\pm 2r` (one within about
    :math:`5 \cdot 10^{-13} u` of it) is on the edge and counts 1/2. Float noise is about
    :math:`10^{-16} u`, and sums that differ in exact arithmetic differ by far more than
    :math:`10^{-12} u` on real data.

    baycomp (1.0.3) and Benavoli et al.'s reference code compare the raw floats. The two
    comparisons agree wherever every sum that rounds to :math:`\pm 2r` is also equal to it as
    a float (in particular where no sum comes within the rounding of :math:`\pm 2r`); there,
    with ``random_state=RandomState(seed)``, the results are baycomp's
    ``SignedRankTest.probs(..., random_state=seed)`` to the last bit. Elsewhere they differ by
    the posterior weight of the pairs on the edge.

    References
    ----------
    Benavoli, A., Corani, G., Demšar, J. and Zaffalon, M. (2017). Time for a change: a
    tutorial for comparing multiple classifiers through Bayesian analysis. JMLR 18(77), 1-36.

    Examples
    --------
    >>> import numpy as np
    >>> from evalmetrics.stats import bayesian_signed_rank
    >>> a = [0.80, 0.72, 0.91, 0.65, 0.88, 0.77]
    >>> b = [0.79, 0.74, 0.90, 0.64, 0.86, 0.77]
    >>> r = bayesian_signed_rank(a, b, rope=0.01, random_state=np.random.RandomState(0))
    >>> p_left, p_rope, p_right = r
    >>> round(p_left, 5), round(p_rope, 5), round(p_right, 5)
    (0.15908, 0.83642, 0.0045)

    Sums on the edge count 1/2: here the differences of one ROPE width (0.80 - 0.79, 0.91 -
    0.90, 0.65 - 0.64) summed in pairs, and those of two widths (0.74 - 0.72, 0.88 - 0.86)
    with the prior's 0. As floats these differences are ``0.010000000000000009`` and
    ``0.020000000000000018``, so their sums lie beyond :math:`\pm 2r`, and baycomp's
    ``SignedRankTest.probs(a, b, 0.01, random_state=0)``, on the same draws, counts them
    outside the ROPE: (0.51276, 0.46804, 0.0192).
    """
    first, second = _paired_values(a, b)
    rope = check_in_interval(rope, "rope", 0.0, math.inf, high_open=True)
    prior_strength = check_in_interval(
        prior_strength, "prior_strength", 0.0, math.inf, low_open=True, high_open=True
    )
    n_samples = check_positive_int(n_samples, "n_samples")
    if isinstance(random_state, np.random.RandomState):
        draw = random_state.dirichlet  # the legacy stream: baycomp's
    else:
        draw = check_random_state(random_state).dirichlet

    z = np.concatenate(([0.0], second - first))
    # the sums and 2r rounded alike (see Notes): a sum equal to 2r in exact arithmetic is
    # on the edge, whatever its last bits
    scale = _scale(first, second)
    sums = tie_rounded(z[:, None] + z[None, :], scale)
    edge = float(tie_rounded(np.array(2 * rope), scale))
    # baycomp's comparisons: sums against +2r and -sums against 2r
    right_step = _heaviside(sums, edge)
    left_step = _heaviside(-sums, edge) if rope > 0 else None
    weights = np.ones(z.shape[0])
    weights[0] = prior_strength
    sample = np.empty((n_samples, 3))
    rows = max(1, BLOCK_INDICES // z.shape[0])  # nonzero: z holds N + 1 >= 3 values
    for start in range(0, n_samples, rows):
        w = draw(weights, min(rows, n_samples - start))
        stop = start + w.shape[0]
        sample[start:stop, 2] = np.einsum("si,ij,sj->s", w, right_step, w)
        if left_step is None:  # no rope: left is everything that is not right
            sample[start:stop, 0] = 1 - sample[start:stop, 2]
            sample[start:stop, 1] = 0.0
        else:
            sample[start:stop, 0] = np.einsum("si,ij,sj->s", w, left_step, w)
            # baycomp's order of operations, so that ties between regions break alike
            sample[start:stop, 1] = -sample[start:stop, 0] - sample[start:stop, 2] + 1
    winners = np.bincount(np.argmax(sample, axis=1), minlength=3) / n_samples  # nonzero: >= 1
    p_left, p_rope, p_right = (float(p) for p in winners)
    return BayesianSignedRankResult(p_left, p_rope, p_right, float(rope), sample)
