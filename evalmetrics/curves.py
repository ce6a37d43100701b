r"""Threshold-free metrics of scores: one threshold sweep, ROC and PR curves, AUC and AP.

Everything that moves a threshold comes from :func:`sweep`: the cumulative TP and FP counts at
each distinct score, taken in descending order (scikit-learn does the same with one private
helper behind ``roc_curve`` and ``precision_recall_curve``). A sample is predicted positive
when its score is >= the threshold.

:func:`roc_auc` and :func:`average_precision` do not build the sweep: they sort the positive
and the negative scores separately and count with :func:`numpy.searchsorted`, which gives the
same numbers (the tests check it) in less time and O(n) memory.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._undefined import warn_undefined
from ._validation import (
    as_labels,
    check_binary_classes,
    check_consistent_length,
    check_finite_scores,
    check_index,
    check_pos_label,
    check_threshold,
    label_mask,
)
from .counts import Counts

__all__ = [
    "Sweep",
    "average_precision",
    "counts_at",
    "pr_curve",
    "roc_auc",
    "roc_curve",
    "sweep",
]

_CURVE_HINT = "a curve needs a binary y_true; pass y_true == label to score one class vs the rest"


def _curve_inputs(
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
            check_binary_classes(np.unique(labels), pos_label, source="y_true", hint=_CURVE_HINT)
    return actual, scores


def _sorted_by_class(
    y_true: object, y_score: object, pos_label: object
) -> tuple[np.ndarray, np.ndarray]:
    actual, scores = _curve_inputs(y_true, y_score, pos_label)
    return np.sort(scores[actual]), np.sort(scores[~actual])


def _readonly(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _rates(counts: np.ndarray, total: int, metric: str, missing: str) -> np.ndarray:
    if total == 0:
        warn_undefined(
            f"{metric} is undefined (0/0: y_true has no {missing}); returning nan for every "
            "threshold."
        )
        return np.full(counts.shape, np.nan)
    return counts / total


@dataclass(frozen=True, eq=False)
class Sweep:
    r"""Cumulative TP and FP counts at every distinct threshold, in descending order.

    Built by :func:`sweep`. At index ``i`` a sample is predicted positive when its score is
    >= ``thresholds[i]``; index 0 is the threshold :math:`+\infty` (nothing predicted positive)
    and the last index is the lowest score (everything predicted positive).

    .. math::

        TP_i = \#\{j : y_j = 1,\ s_j \ge t_i\}, \qquad FP_i = \#\{j : y_j = 0,\ s_j \ge t_i\}

    Attributes
    ----------
    thresholds : numpy.ndarray
        Shape (n_thresholds,): ``inf`` followed by the distinct scores, descending.
    tp : numpy.ndarray
        Shape (n_thresholds,), int64: true positives at each threshold; ``tp[0] == 0`` and
        ``tp[-1] == n_pos``.
    fp : numpy.ndarray
        Shape (n_thresholds,), int64: false positives at each threshold; ``fp[0] == 0`` and
        ``fp[-1] == n_neg``.
    n_pos : int
        Number of positive samples.
    n_neg : int
        Number of negative samples.

    Notes
    -----
    The arrays are read-only. ``tn = n_neg - fp`` and ``fn = n_pos - tp`` are available as the
    properties :attr:`tn` and :attr:`fn`.

    Examples
    --------
    >>> import evalmetrics as em
    >>> s = em.sweep([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4])
    >>> s.thresholds
    array([inf, 0.8, 0.4, 0.1])
    >>> s.tp, s.fp
    (array([0, 1, 2, 2]), array([0, 0, 1, 2]))
    >>> s.at(0.5)
    Counts(tp=1, fp=0, tn=2, fn=1)
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_pos: int
    n_neg: int

    @property
    def tn(self) -> np.ndarray:
        """True negatives at each threshold, ``n_neg - fp``."""
        return self.n_neg - self.fp

    @property
    def fn(self) -> np.ndarray:
        """False negatives at each threshold, ``n_pos - tp``."""
        return self.n_pos - self.tp

    def __len__(self) -> int:
        return len(self.thresholds)

    def counts(self, i: int) -> Counts:
        """The :class:`~evalmetrics.Counts` at index ``i`` (negative indices count from the end).

        Parameters
        ----------
        i : int
            Index into ``thresholds``.

        Returns
        -------
        Counts
            TP, FP, TN and FN when samples with score >= ``thresholds[i]`` are positive.

        Raises
        ------
        TypeError
            If ``i`` is not an integer.
        IndexError
            If ``i`` is out of range.

        Examples
        --------
        >>> import evalmetrics as em
        >>> em.sweep([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4]).counts(-1)
        Counts(tp=2, fp=2, tn=0, fn=0)
        """
        i = check_index(i, len(self.thresholds), name="i")
        tp, fp = int(self.tp[i]), int(self.fp[i])
        return Counts(tp=tp, fp=fp, tn=self.n_neg - fp, fn=self.n_pos - tp)

    def index(self, threshold: float) -> int:
        """Index of the last threshold >= ``threshold`` (the one whose counts apply).

        Parameters
        ----------
        threshold : float
            Any number, including ``inf`` and ``-inf``; NaN is rejected.

        Returns
        -------
        int
            ``i`` such that the samples with score >= ``threshold`` are exactly those with
            score >= ``thresholds[i]``.

        Raises
        ------
        TypeError
            If ``threshold`` is not a real number.
        ValueError
            If ``threshold`` is NaN.

        Examples
        --------
        >>> import evalmetrics as em
        >>> em.sweep([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4]).index(0.4)
        2
        """
        value = check_threshold(threshold)
        ascending = self.thresholds[::-1]
        n_at_or_above = len(ascending) - int(np.searchsorted(ascending, value, side="left"))
        return n_at_or_above - 1

    def at(self, threshold: float) -> Counts:
        """The :class:`~evalmetrics.Counts` when samples with score >= ``threshold`` are positive.

        Parameters
        ----------
        threshold : float
            Any number, not only one of ``thresholds``; ``inf`` predicts nothing positive,
            ``-inf`` everything. NaN is rejected.

        Returns
        -------
        Counts
            TP, FP, TN and FN at that threshold.

        Raises
        ------
        TypeError
            If ``threshold`` is not a real number.
        ValueError
            If ``threshold`` is NaN.

        Examples
        --------
        >>> import evalmetrics as em
        >>> em.sweep([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4]).at(0.4)
        Counts(tp=2, fp=1, tn=1, fn=0)
        """
        return self.counts(self.index(threshold))


def sweep(y_true: object, y_score: object, *, pos_label: object = 1) -> Sweep:
    r"""Sweep a threshold down through the scores: cumulative TP and FP at each distinct score.

    .. math::

        TP(t) = \#\{j : y_j = p,\ s_j \ge t\}, \qquad FP(t) = \#\{j : y_j \ne p,\ s_j \ge t\}

    for :math:`t = +\infty` and each distinct score :math:`t`, descending (:math:`p` is
    ``pos_label``). Tied scores form one threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive (probabilities or decision values);
        finite numbers.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    Sweep
        ``thresholds`` (``inf``, then the distinct scores descending), ``tp`` and ``fp`` (int64,
        starting at 0), ``n_pos``, ``n_neg``, and the methods ``at(threshold)`` and
        ``counts(i)`` returning :class:`~evalmetrics.Counts`.

    Raises
    ------
    ValueError
        If the inputs are empty, of different lengths or not 1-D; if ``y_score`` holds NaN or an
        infinite value (the message gives the index); if ``y_true`` holds more than two labels,
        or two labels neither of which is ``pos_label``.
    TypeError
        If ``y_score`` is not numeric.

    See Also
    --------
    evalmetrics.roc_curve, evalmetrics.pr_curve, evalmetrics.counts_at

    Notes
    -----
    This is the one sweep behind :func:`roc_curve`, :func:`pr_curve` and :func:`counts_at`; it
    matches the counts of scikit-learn's ``confusion_matrix_at_thresholds`` (read in reverse,
    with the :math:`+\infty` threshold added in front). Cost: one sort, O(n log n).

    Examples
    --------
    >>> import evalmetrics as em
    >>> s = em.sweep(["spam", "ham", "spam"], [0.9, 0.3, 0.3], pos_label="spam")
    >>> s.thresholds, s.tp, s.fp
    (array([inf, 0.9, 0.3]), array([0, 1, 2]), array([0, 0, 1]))
    """
    actual, scores = _curve_inputs(y_true, y_score, pos_label)
    order = np.argsort(scores)[::-1]  # descending; the order inside a tie does not matter
    descending = scores[order]
    last_of_each = np.append(np.flatnonzero(np.diff(descending)), len(descending) - 1)
    tp = np.cumsum(actual[order], dtype=np.int64)[last_of_each]
    fp = last_of_each.astype(np.int64) + 1 - tp
    n_pos = int(tp[-1])
    return Sweep(
        thresholds=_readonly(np.concatenate(([np.inf], descending[last_of_each]))),
        tp=_readonly(np.concatenate(([0], tp))),
        fp=_readonly(np.concatenate(([0], fp))),
        n_pos=n_pos,
        n_neg=len(scores) - n_pos,
    )


def roc_curve(
    y_true: object, y_score: object, *, pos_label: object = 1
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""ROC curve: false positive rate and true positive rate at every distinct threshold.

    .. math::

        \text{FPR}(t) = \frac{FP(t)}{n_-}, \qquad \text{TPR}(t) = \frac{TP(t)}{n_+}

    for :math:`t = +\infty` and every distinct score, descending (see :func:`sweep`).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive; finite numbers.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    fpr : numpy.ndarray
        Shape (n_thresholds,), increasing from 0 to 1.
    tpr : numpy.ndarray
        Shape (n_thresholds,), increasing from 0 to 1.
    thresholds : numpy.ndarray
        Shape (n_thresholds,), descending; ``thresholds[0]`` is ``inf`` (the point (0, 0)) and
        each further entry is a distinct score.

    Raises
    ------
    ValueError
        As :func:`sweep`.
    TypeError
        As :func:`sweep`.

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no negatives (``fpr`` is all nan) or no positives (``tpr`` is all
        nan).

    See Also
    --------
    evalmetrics.roc_auc, evalmetrics.sweep

    Notes
    -----
    Equal, bit for bit, to scikit-learn's ``roc_curve(y_true, y_score, pos_label=pos_label,
    drop_intermediate=False)``. scikit-learn's default ``drop_intermediate=True`` removes
    collinear points, which changes neither the curve's shape nor its area.

    Examples
    --------
    >>> import evalmetrics as em
    >>> fpr, tpr, thresholds = em.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr
    array([0. , 0. , 0.5, 0.5, 1. ])
    >>> tpr
    array([0. , 0.5, 0.5, 1. , 1. ])
    >>> thresholds
    array([ inf, 0.8 , 0.4 , 0.35, 0.1 ])
    """
    s = sweep(y_true, y_score, pos_label=pos_label)
    fpr = _rates(s.fp, s.n_neg, "false positive rate", "negatives")
    tpr = _rates(s.tp, s.n_pos, "true positive rate", "positives")
    return fpr, tpr, s.thresholds.copy()


def roc_auc(y_true: object, y_score: object, *, pos_label: object = 1) -> float:
    r"""Area under the ROC curve: the chance that a random positive outscores a random negative.

    .. math::

        \text{AUC} = \frac{1}{n_+ n_-} \sum_{i : y_i = p} \sum_{j : y_j \ne p}
        \left( [s_i > s_j] + \tfrac{1}{2} [s_i = s_j] \right) = \frac{U}{n_+ n_-}

    the Mann-Whitney U statistic over :math:`n_+ n_-`, equal to the trapezoid area under
    :func:`roc_curve`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive; finite numbers.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    float
        AUC in [0, 1]; 0.5 is chance. nan (with a warning) if only one class is present.

    Raises
    ------
    ValueError
        As :func:`sweep`.
    TypeError
        As :func:`sweep`.

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no positives or no negatives.

    See Also
    --------
    evalmetrics.roc_curve

    Notes
    -----
    Ties between a positive and a negative count 1/2. The value is computed as an exact integer
    count (2U) divided once, by sorting the positive and the negative scores separately and
    counting with binary search: O(n log n) time and O(n) memory, no sweep. It agrees with
    scikit-learn's ``roc_auc_score`` (a trapezoid sum) to rounding, about 1e-15; scikit-learn
    also returns nan with a warning when one class is missing.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    >>> em.roc_auc([0, 1, 0, 1], [0.2, 0.2, 0.1, 0.9])  # one tie counts 1/2
    0.875
    """
    positives, negatives = _sorted_by_class(y_true, y_score, pos_label)
    if len(positives) == 0 or len(negatives) == 0:
        missing = "positives" if len(positives) == 0 else "negatives"
        warn_undefined(f"ROC AUC is undefined: y_true has no {missing}; returning nan.")
        return float("nan")
    below = np.searchsorted(negatives, positives, side="left").sum(dtype=np.int64)
    at_or_below = np.searchsorted(negatives, positives, side="right").sum(dtype=np.int64)
    twice_u = int(below) + int(at_or_below)
    return twice_u / (2 * len(positives) * len(negatives))


def pr_curve(
    y_true: object, y_score: object, *, pos_label: object = 1
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""Precision-recall curve: one point per distinct score, thresholds descending.

    .. math::

        P(t) = \frac{TP(t)}{TP(t) + FP(t)}, \qquad R(t) = \frac{TP(t)}{n_+}

    for every distinct score :math:`t`, descending (see :func:`sweep`).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive; finite numbers.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    precision : numpy.ndarray
        Shape (n_thresholds,). Always defined: at each threshold at least one sample is
        predicted positive.
    recall : numpy.ndarray
        Shape (n_thresholds,), increasing; the last value is 1. All nan (with a warning) when
        ``y_true`` has no positives.
    thresholds : numpy.ndarray
        Shape (n_thresholds,): the distinct scores, descending (the order of
        :func:`roc_curve`, without its ``inf``).

    Raises
    ------
    ValueError
        As :func:`sweep`.
    TypeError
        As :func:`sweep`.

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no positives.

    See Also
    --------
    evalmetrics.average_precision, evalmetrics.roc_curve

    Notes
    -----
    End points: the first point is the highest score (the fewest predicted positives), the last
    is the lowest score, where everything is predicted positive, so recall is 1 and precision
    is the prevalence. There is no artificial point at recall 0: at :math:`t = +\infty` nothing
    is predicted positive and precision is 0/0.

    scikit-learn's ``precision_recall_curve`` returns the same points in the opposite order
    (thresholds increasing) and appends a point (precision 1, recall 0) without a threshold.
    To compare: ``p, r, t = precision_recall_curve(...)``, then ``p[:-1][::-1]``,
    ``r[:-1][::-1]`` and ``t[::-1]`` equal these arrays bit for bit (when there are positives;
    without positives scikit-learn sets recall to 1 instead of nan).

    Examples
    --------
    >>> import evalmetrics as em
    >>> precision, recall, thresholds = em.pr_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision
    array([1.        , 0.5       , 0.66666667, 0.5       ])
    >>> recall
    array([0.5, 0.5, 1. , 1. ])
    >>> thresholds
    array([0.8 , 0.4 , 0.35, 0.1 ])
    """
    s = sweep(y_true, y_score, pos_label=pos_label)
    tp, fp = s.tp[1:], s.fp[1:]
    precision = tp / (tp + fp)
    recall = _rates(tp, s.n_pos, "recall", "positives")
    return precision, recall, s.thresholds[1:].copy()


def average_precision(y_true: object, y_score: object, *, pos_label: object = 1) -> float:
    r"""Average precision: precision at each distinct threshold, weighted by the recall gained.

    .. math::

        \text{AP} = \sum_n (R_n - R_{n-1})\, P_n

    over the distinct scores in descending order (:func:`pr_curve`), with :math:`R_0 = 0`. Only
    thresholds that add positives contribute, so equivalently
    :math:`\text{AP} = \frac{1}{n_+} \sum_{i : y_i = p} P(s_i)`: the mean, over the positives, of
    the precision at the threshold equal to their score.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive; finite numbers.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    float
        AP in (0, 1]; nan (with a warning) when ``y_true`` has no positives. A random ranking
        scores about the prevalence.

    Raises
    ------
    ValueError
        As :func:`sweep`.
    TypeError
        As :func:`sweep`.

    Warns
    -----
    UndefinedMetricWarning
        If ``y_true`` has no positives.

    See Also
    --------
    evalmetrics.pr_curve, evalmetrics.ranking.average_precision

    Notes
    -----
    A step-wise sum, not the trapezoid (which interpolates linearly and can be too optimistic).
    Tied scores form one threshold: the tied positives share the precision of the whole tie.
    Equal to scikit-learn's ``average_precision_score`` up to rounding (about 1e-15), except
    with no positives, where scikit-learn returns 0.0 with a warning. Computed without the
    sweep: the positive and negative scores are sorted separately and counted with binary
    search, O(n log n) time and O(n) memory.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])  # (1 + 2/3) / 2
    0.8333333333333333
    """
    positives, negatives = _sorted_by_class(y_true, y_score, pos_label)
    n_pos = len(positives)
    if n_pos == 0:
        warn_undefined("average precision is undefined: y_true has no positives; returning nan.")
        return float("nan")
    # for each positive with score v: TP(v) = #positives >= v, FP(v) = #negatives >= v
    true_positives = n_pos - np.searchsorted(positives, positives, side="left")
    false_positives = len(negatives) - np.searchsorted(negatives, positives, side="left")
    precision_at = true_positives / (true_positives + false_positives)
    return float(precision_at.sum() / n_pos)


def counts_at(
    y_true: object, y_score: object, threshold: float, *, pos_label: object = 1
) -> Counts:
    r"""TP, FP, TN and FN when samples with score >= ``threshold`` are predicted positive.

    .. math::

        TP = \#\{j : y_j = p,\ s_j \ge t\}, \quad FP = \#\{j : y_j \ne p,\ s_j \ge t\}, \quad
        TN = n_- - FP, \quad FN = n_+ - TP

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Scores, higher meaning more likely positive; finite numbers.
    threshold : float
        Any number (``inf`` predicts nothing positive, ``-inf`` everything); not NaN.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    Counts
        The four counts at ``threshold``.

    Raises
    ------
    ValueError
        As :func:`sweep`, and if ``threshold`` is NaN.
    TypeError
        As :func:`sweep`, and if ``threshold`` is not a real number.

    See Also
    --------
    evalmetrics.sweep : ``sweep(y_true, y_score).at(threshold)`` gives the same counts,
        for any number of thresholds after one sort.

    Notes
    -----
    The comparison is >=: a score equal to the threshold is predicted positive, as in
    :func:`roc_curve` and scikit-learn.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.counts_at([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.35)
    Counts(tp=2, fp=1, tn=1, fn=0)
    """
    value = check_threshold(threshold)
    return sweep(y_true, y_score, pos_label=pos_label).at(value)
