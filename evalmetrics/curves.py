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

import math
import warnings
from dataclasses import dataclass

import numpy as np

from ._core import count_ratio, curve_inputs, fbeta_values, twice_u
from ._undefined import apply_policy, check_zero_division, divide, mean_over
from ._validation import (
    as_1d,
    as_labels,
    check_beta,
    check_consistent_length,
    check_finite_scores,
    check_in_interval,
    check_index,
    check_labels_arg,
    check_option,
    check_same_label_kind,
    check_threshold,
    label_mask,
    warn_ignored_pos_label,
)
from .confusion import Counts

__all__ = [
    "AveragedROC",
    "Sweep",
    "average_precision",
    "average_roc",
    "counts_at",
    "pr_curve",
    "roc_auc",
    "roc_curve",
    "sweep",
]


def _sorted_by_class(
    y_true: object, y_score: object, pos_label: object
) -> tuple[np.ndarray, np.ndarray]:
    actual, scores = curve_inputs(y_true, y_score, pos_label)
    return np.sort(scores[actual]), np.sort(scores[~actual])


def _readonly(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


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
    tpr : numpy.ndarray
        Shape (n_thresholds,), float64: true positive rate (recall) ``tp / n_pos``, from 0 to 1.
        All nan (with a warning) or the ``zero_division`` value of :func:`sweep` when there are
        no positives.
    fpr : numpy.ndarray
        Shape (n_thresholds,), float64: false positive rate ``fp / n_neg``, from 0 to 1. All
        nan (with a warning) or the ``zero_division`` value when there are no negatives.
    precision : numpy.ndarray
        Shape (n_thresholds,), float64: ``tp / (tp + fp)``. ``precision[0]`` (threshold
        :math:`+\infty`, nothing predicted positive) is 0/0 by construction and always nan,
        silently; every later entry is defined.

    Notes
    -----
    The arrays are read-only. ``tn = n_neg - fp`` and ``fn = n_pos - tp`` are available as the
    properties :attr:`tn` and :attr:`fn`; ``recall`` is ``tpr`` under its other name.
    The rates are computed once, in :func:`sweep`: :func:`roc_curve` is ``(fpr, tpr,
    thresholds)`` and :func:`pr_curve` is ``(precision, recall, thresholds)`` without index 0.

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
    >>> s.tpr, s.fpr
    (array([0. , 0.5, 1. , 1. ]), array([0. , 0. , 0.5, 1. ]))
    >>> s.precision
    array([       nan, 1.        , 0.66666667, 0.5       ])
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_pos: int
    n_neg: int
    tpr: np.ndarray
    fpr: np.ndarray
    precision: np.ndarray

    @property
    def recall(self) -> np.ndarray:
        """The same (read-only) array as ``tpr``: recall at each threshold."""
        return self.tpr

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

    def fbeta(self, *, beta: float, zero_division: float | str = "warn") -> np.ndarray:
        r"""F-beta at every threshold, from the counts.

        .. math::

            F_\beta(t_i) = \frac{(1 + \beta^2)\,TP_i}{(1 + \beta^2)\,TP_i + \beta^2\,FN_i + FP_i}

        Parameters
        ----------
        beta : float
            Finite and > 0; ``beta > 1`` weights recall more.
        zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
            Value where :math:`TP + FP + FN = 0`, which happens only at index 0 and only
            without positives: ``"warn"`` returns nan with an
            :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently.

        Returns
        -------
        numpy.ndarray
            Shape (n_thresholds,), float64; entry ``i`` equals
            ``self.counts(i).fbeta(beta=beta)`` bit for bit. Index 0 (nothing predicted
            positive) is 0 when there are positives.

        Raises
        ------
        TypeError
            If ``beta`` is not a real number.
        ValueError
            If ``beta`` is not finite and > 0, or ``zero_division`` is not allowed.

        Warns
        -----
        UndefinedMetricWarning
            With ``zero_division="warn"``, if there are no positives (index 0 is 0/0).

        See Also
        --------
        evalmetrics.Sweep.fbeta_candidates : The only indices that can hold the maximum.
        evalmetrics.Counts.fbeta : The same value from one set of counts.

        Examples
        --------
        >>> import evalmetrics as em
        >>> s = em.sweep([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4])
        >>> s.fbeta(beta=1.0)
        array([0.        , 0.66666667, 0.8       , 0.66666667])
        >>> int(s.fbeta(beta=1.0).argmax())
        2
        """
        beta = check_beta(beta)
        zero_division = check_zero_division(zero_division)
        label = "F1" if beta == 1 else f"F-beta (beta={beta:g})"
        return fbeta_values(
            self.tp,
            self.fp,
            self.n_pos - self.tp,
            beta,
            zero_division=zero_division,
            metric=label,
            unit="thresholds",
        )

    def fbeta_candidates(self) -> np.ndarray:
        r"""Indices of the thresholds that can maximise F-beta for some beta > 0, ascending.

        Since

        .. math::

            \frac{1}{F_\beta} = \frac{\beta^2 / R + 1 / P}{1 + \beta^2}

        is linear in :math:`(1/R, 1/P)`, for every beta its minimum over the sweep lies on the
        lower-left convex hull of the points :math:`(1/R_i, 1/P_i)`; points with
        :math:`TP = 0` have F-beta 0 and are never needed. So the argmax of :meth:`fbeta` over
        all thresholds, for any beta, is attained at one of these indices (usually a few
        dozen), and each of them is the argmax for some beta.

        Returns
        -------
        numpy.ndarray
            Integer indices into ``thresholds``, ascending (thresholds descending). Without
            positives every F-beta is 0 (or 0/0 at index 0) and the result is ``[1]``, the
            highest score.

        See Also
        --------
        evalmetrics.Sweep.fbeta : F-beta at every threshold.

        Notes
        -----
        Points beaten on both coordinates by a lower threshold are dropped first (a running
        minimum); then a monotone-chain hull over the rest sorted by :math:`1/R`, cut at the
        point with the lowest :math:`1/P` (highest precision). Nearly collinear points are kept
        (relative tolerance 1e-9), so no maximiser is lost to rounding; such a point may tie
        with its neighbours rather than win alone. Cost: O(n) after the sweep, then the hull
        over the remaining points.

        Examples
        --------
        >>> import evalmetrics as em
        >>> s = em.sweep([1, 0, 1, 1, 0, 0, 1, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2])
        >>> s.fbeta_candidates()
        array([1, 4, 7])
        >>> [int(s.fbeta(beta=b).argmax()) for b in (0.25, 1.0, 4.0)]
        [1, 4, 7]
        """
        if self.n_pos == 0:
            return np.array([1], dtype=np.intp)
        useful = np.flatnonzero(self.tp > 0)
        inverse_precision = 1.0 / self.precision[useful]  # nonzero: TP > 0 at these indices
        # 1/R falls as the index grows: a point whose 1/P is not below every 1/P at a higher
        # index is beaten by that point (lower or equal 1/R, lower or equal 1/P) for every
        # beta; dropping those first leaves the hull a few hundred points even at n = 10^6
        from_the_end = inverse_precision[::-1]
        best_after = np.minimum.accumulate(np.concatenate(([np.inf], from_the_end[:-1])))
        front = (from_the_end < best_after)[::-1]
        useful, inverse_precision = useful[front], inverse_precision[front]
        inverse_recall = 1.0 / self.recall[useful]  # nonzero: TP > 0 at these indices
        hull: list[int] = []
        for index in np.lexsort((inverse_precision, inverse_recall)):
            while len(hull) >= 2:
                first, middle = hull[-2], hull[-1]
                du1 = inverse_recall[middle] - inverse_recall[first]
                dv1 = inverse_precision[middle] - inverse_precision[first]
                du2 = inverse_recall[index] - inverse_recall[first]
                dv2 = inverse_precision[index] - inverse_precision[first]
                cross = du1 * dv2 - dv1 * du2
                if cross < -1e-9 * math.hypot(du1, dv1) * math.hypot(du2, dv2):
                    hull.pop()  # the middle point lies above the hull: never the best
                else:
                    break
            hull.append(int(index))
        lowest = int(np.argmin(inverse_precision[hull]))
        return np.sort(useful[hull[: lowest + 1]])

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


def _build_sweep(
    actual: np.ndarray,
    scores: np.ndarray,
    *,
    tpr_zero_division: float | str,
    fpr_zero_division: float | str,
) -> Sweep:
    """The sweep of validated inputs; each rate under its own 0/0 policy (no validation)."""
    order = np.argsort(scores)[::-1]  # descending; the order inside a tie does not matter
    descending = scores[order]
    last_of_each = np.append(np.flatnonzero(np.diff(descending)), len(descending) - 1)
    tp = np.concatenate(([0], np.cumsum(actual[order], dtype=np.int64)[last_of_each]))
    fp = np.concatenate(([0], last_of_each.astype(np.int64) + 1 - tp[1:]))
    n_pos = int(tp[-1])
    n_neg = len(scores) - n_pos
    tn, fn = n_neg - fp, n_pos - tp
    tpr = count_ratio(
        "recall",
        tp,
        fp,
        tn,
        fn,
        metric="true positive rate (recall)",
        denominator_name="the number of positives in y_true",
        zero_division=tpr_zero_division,
        unit="thresholds",
    )
    fpr = count_ratio(
        "fpr",
        tp,
        fp,
        tn,
        fn,
        denominator_name="the number of negatives in y_true",
        zero_division=fpr_zero_division,
        unit="thresholds",
    )
    # index 0 (threshold +inf) predicts nothing positive: 0/0 by construction, always nan;
    # every later threshold predicts at least one sample positive
    precision = count_ratio("precision", tp, fp, tn, fn, zero_division=math.nan)
    return Sweep(
        thresholds=_readonly(np.concatenate(([np.inf], descending[last_of_each]))),
        tp=_readonly(tp),
        fp=_readonly(fp),
        n_pos=n_pos,
        n_neg=n_neg,
        tpr=_readonly(tpr),
        fpr=_readonly(fpr),
        precision=_readonly(precision),
    )


def sweep(
    y_true: object, y_score: object, *, pos_label: object = 1, zero_division: float | str = "warn"
) -> Sweep:
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
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value of the rates that are 0/0: ``tpr`` (and ``recall``) when ``y_true`` has no
        positives, ``fpr`` when it has no negatives. ``"warn"`` gives nan with an
        :class:`~evalmetrics.UndefinedMetricWarning`; a number is used silently. It does not
        apply to ``precision[0]``, which is 0/0 by construction and always nan, silently.

    Returns
    -------
    Sweep
        ``thresholds`` (``inf``, then the distinct scores descending), ``tp`` and ``fp`` (int64,
        starting at 0), ``n_pos``, ``n_neg``, the rates ``tpr``, ``fpr``, ``recall`` and
        ``precision`` (float64), and the methods ``at(threshold)`` and ``counts(i)`` returning
        :class:`~evalmetrics.Counts`, ``fbeta(beta=...)`` and ``fbeta_candidates()``.

    Raises
    ------
    ValueError
        If the inputs are empty, of different lengths or not 1-D; if ``y_score`` holds NaN or an
        infinite value (the message gives the index); if ``y_true`` holds more than two labels,
        or two labels neither of which is ``pos_label``.
    TypeError
        If ``y_score`` is not numeric.

    Warns
    -----
    UndefinedMetricWarning
        With ``zero_division="warn"``, if ``y_true`` has no positives (``tpr`` is all nan) or
        no negatives (``fpr`` is all nan).

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
    >>> s.recall, s.fpr
    (array([0. , 0.5, 1. ]), array([0., 0., 1.]))
    >>> em.sweep([1, 1], [0.2, 0.4], zero_division=0.0).fpr  # no negatives: 0/0, chosen 0
    array([0., 0., 0.])
    """
    zero_division = check_zero_division(zero_division)
    actual, scores = curve_inputs(y_true, y_score, pos_label)
    return _build_sweep(
        actual, scores, tpr_zero_division=zero_division, fpr_zero_division=zero_division
    )


def roc_curve(
    y_true: object,
    y_score: object,
    *,
    pos_label: object = 1,
    zero_division: float | str = "warn",
    drop_intermediate: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""ROC curve: false positive rate and true positive rate at every distinct threshold.

    Every threshold by default; scikit-learn's default ``drop_intermediate=True`` drops the
    collinear ones (same curve, same area), and so does ``drop_intermediate=True`` here.

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
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value of a rate that is 0/0 (``fpr`` without negatives, ``tpr`` without positives):
        ``"warn"`` gives nan with an :class:`~evalmetrics.UndefinedMetricWarning`; a number is
        used silently.
    drop_intermediate : bool, default=False
        Drop the thresholds whose point lies on a straight segment between its neighbours in
        the (FP, TP) counts: scikit-learn's rule, so ``drop_intermediate=True`` returns
        scikit-learn's default output bit for bit.

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
        With ``zero_division="warn"``, if ``y_true`` has no negatives (``fpr`` is all nan) or
        no positives (``tpr`` is all nan).

    See Also
    --------
    evalmetrics.roc_auc, evalmetrics.sweep

    Notes
    -----
    Equal, bit for bit, to scikit-learn's ``roc_curve(y_true, y_score, pos_label=pos_label,
    drop_intermediate=drop_intermediate)``.

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
    >>> em.roc_curve([1, 1], [0.2, 0.4], zero_division=0.0)[0]  # no negatives: fpr is 0/0
    array([0., 0., 0.])
    """
    if not isinstance(drop_intermediate, (bool, np.bool_)):
        raise TypeError(f"drop_intermediate must be True or False, got {drop_intermediate!r}")
    s = sweep(y_true, y_score, pos_label=pos_label, zero_division=zero_division)
    if not drop_intermediate or len(s) <= 3:
        return s.fpr.copy(), s.tpr.copy(), s.thresholds.copy()
    # scikit-learn's rule on the points after +inf: keep the ends and every corner
    corner = np.logical_or(np.diff(s.fp[1:], 2), np.diff(s.tp[1:], 2))
    keep = np.concatenate(([0], 1 + np.flatnonzero(np.r_[True, corner, True])))
    return s.fpr[keep], s.tpr[keep], s.thresholds[keep]


def roc_auc(
    y_true: object,
    y_score: object,
    *,
    pos_label: object = 1,
    multi_class: str | None = None,
    average: str | None = "binary",
    labels: object = None,
    max_fpr: float | None = None,
    standardized: bool = True,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Area under the ROC curve: the chance that a random positive outscores a random negative.

    .. math::

        \text{AUC} = \frac{1}{n_+ n_-} \sum_{i : y_i = p} \sum_{j : y_j \ne p}
        \left( [s_i > s_j] + \tfrac{1}{2} [s_i = s_j] \right) = \frac{U}{n_+ n_-}

    the Mann-Whitney U statistic over :math:`n_+ n_-`, equal to the trapezoid area under
    :func:`roc_curve`. With ``max_fpr`` = :math:`m < 1`, the partial area
    :math:`\text{pAUC}_m = \int_0^m \text{TPR}\, d\text{FPR}` (the ROC curve cut at FPR
    :math:`m` by linear interpolation), by default McClish-standardised (McClish 1989):

    .. math::

        \text{pAUC}^{*}_m = \frac{1}{2}\left(1 + \frac{\text{pAUC}_m - m^2/2}{m - m^2/2}\right)

    (0.5 for the chance diagonal, 1 for a perfect ranking). With a 2-D ``y_score`` (one column
    per class) and ``multi_class="ovr"``, each class :math:`c` is scored against the rest by its
    own column, :math:`A_c`, and the :math:`A_c` are averaged; with ``multi_class="ovo"``,
    Hand and Till's (2001) measure

    .. math::

        M = \frac{2}{C(C - 1)} \sum_{a < b} \frac{A(a \mid b) + A(b \mid a)}{2}

    where :math:`A(a \mid b)` is the AUC of column :math:`a` on the samples of classes
    :math:`a` and :math:`b`, class :math:`a` positive (``average="weighted"`` weights each pair
    by :math:`n_a + n_b`).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label; with ``multi_class``, any
        number of classes, one per column of ``y_score``.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores, higher meaning more likely positive; finite numbers. 2-D (one column per
        class, in the order of ``labels``) with ``multi_class``; the rows need not sum to 1.
    pos_label : int, float, bool or str, default=1
        The label of the positive class (binary only; ignored with a warning otherwise).
    multi_class : {None, "ovr", "ovo"}, default=None
        How a 2-D ``y_score`` is reduced to binary problems: ``"ovr"`` one class against the
        rest, ``"ovo"`` every pair of classes (Hand and Till). ``None``: binary ``y_true`` and
        1-D ``y_score``.
    average : {"binary", "macro", "weighted", "micro", None}, default="binary"
        ``"binary"`` without ``multi_class``. With it: ``"macro"`` the plain mean over classes
        (pairs), ``"weighted"`` weighted by class support (pair support :math:`n_a + n_b`),
        ``"micro"`` (ovr only) one AUC over the flattened indicator and scores, ``None`` (ovr
        only) the array of per-class AUCs.
    labels : array-like, default=None
        With ``multi_class``: the class of each column of ``y_score``, in column order (any
        order, unlike scikit-learn, which requires them sorted). Default: the sorted distinct
        labels of ``y_true``. Ignored with a warning without ``multi_class``.
    max_fpr : float in (0, 1], default=None
        Binary only: the partial AUC over false positive rates in [0, ``max_fpr``]. ``None``
        or 1 gives the full AUC.
    standardized : bool, default=True
        With ``max_fpr < 1``: ``True`` returns McClish's standardised value (scikit-learn's
        ``roc_auc_score(..., max_fpr=)``), ``False`` the raw area in [0, ``max_fpr``]. Both
        equal the AUC when ``max_fpr`` is None or 1.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when only one class is present (:math:`n_+ n_- = 0`): ``"warn"`` returns nan
        with an :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently.
        For a class (ovr) or a pair (ovo) that is undefined, the average leaves it out under
        ``"warn"`` and nan, and counts it as the value under 0.0 and 1.0.

    Returns
    -------
    float or numpy.ndarray
        AUC in [0, 1] when defined; 0.5 is chance. nan (with a warning) or the
        ``zero_division`` value if only one class is present. An array of per-class AUCs with
        ``multi_class="ovr", average=None``.

    Raises
    ------
    ValueError
        As :func:`sweep`; if ``multi_class`` or ``average`` is not one of the values above or
        they do not fit each other, ``max_fpr`` is outside (0, 1] or given with
        ``multi_class``, ``y_score`` has the wrong shape, or ``y_true`` holds a label that is
        not in ``labels``.
    TypeError
        As :func:`sweep`, and if ``standardized`` is not a bool.

    Warns
    -----
    UndefinedMetricWarning
        With ``zero_division="warn"``, if ``y_true`` has no positives or no negatives, or a
        class or pair is left out of an average.
    UserWarning
        If ``pos_label`` or ``labels`` is set but ignored.

    See Also
    --------
    evalmetrics.roc_curve

    Notes
    -----
    Ties between a positive and a negative count 1/2. The full AUC is computed as an exact
    integer count (2U) divided once, by sorting the positive and the negative scores
    separately and counting with binary search: O(n log n) time and O(n) memory, no sweep.
    It agrees with scikit-learn's ``roc_auc_score`` (a trapezoid sum) to rounding, about
    1e-15, also with ``multi_class`` (scikit-learn's default ``multi_class="raise"`` refuses a
    2-D ``y_score``) and with ``max_fpr``, whose value there is McClish's standardised one.
    scikit-learn also returns nan with a warning when one class is missing.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    >>> em.roc_auc([0, 1, 0, 1], [0.2, 0.2, 0.1, 0.9])  # one tie counts 1/2
    0.875
    >>> em.roc_auc([1, 1, 1], [0.1, 0.2, 0.3], zero_division=0.0)  # no negatives: 0/0
    0.0
    >>> em.roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=0.5, standardized=False)
    0.25
    >>> y = [0, 1, 2, 2]
    >>> p = [[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.3, 0.3, 0.4], [0.1, 0.2, 0.7]]
    >>> em.roc_auc(y, p, multi_class="ovo", average="macro")
    1.0
    >>> em.roc_auc(y, p, multi_class="ovr", average=None)
    array([1., 1., 1.])
    """
    zero_division = check_zero_division(zero_division)
    check_option(multi_class, "multi_class", (None, "ovr", "ovo"))
    if not isinstance(standardized, (bool, np.bool_)):
        raise TypeError(f"standardized must be True or False, got {standardized!r}")
    if max_fpr is not None:
        max_fpr = check_in_interval(max_fpr, "max_fpr", 0.0, 1.0, low_open=True)
    if multi_class is not None:
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError(
                f"max_fpr={max_fpr!r}: the partial AUC is defined for a binary problem; "
                f"with multi_class={multi_class!r} leave max_fpr=None"
            )
        warn_ignored_pos_label(pos_label, average)
        return _multiclass_roc_auc(
            y_true,
            y_score,
            multi_class=multi_class,
            average=average,
            labels=labels,
            zero_division=zero_division,
        )
    if average != "binary":
        check_option(average, "average", ("binary", *_MULTI_AVERAGES))
        raise ValueError(
            f"average={average!r} combines several classes; pass multi_class='ovr' or 'ovo' "
            "with a 2-D y_score, or average='binary' for a binary problem"
        )
    if np.ndim(y_score) == 2:
        raise ValueError(
            f"y_score is 2-D (shape {np.shape(y_score)}): one column per class needs "
            "multi_class='ovr' or 'ovo' (and average=)"
        )
    if labels is not None:
        warnings.warn(
            "labels is ignored without multi_class: a binary problem has pos_label",
            UserWarning,
            stacklevel=2,
        )
    actual, scores = curve_inputs(y_true, y_score, pos_label)
    doubled_u, n_pos, n_neg = twice_u(actual, scores)
    missing = "negatives" if n_pos > 0 else "positives"
    if max_fpr is not None and max_fpr < 1.0 and n_pos > 0 and n_neg > 0:
        return _partial_roc_auc(actual, scores, max_fpr, standardized=bool(standardized))
    return float(
        divide(
            doubled_u,
            2 * n_pos * n_neg,
            metric="ROC AUC",
            denominator_name=f"the number of {missing} in y_true",
            zero_division=zero_division,
        )
    )


def pr_curve(
    y_true: object,
    y_score: object,
    *,
    pos_label: object = 1,
    zero_division: float | str = "warn",
    order: str = "descending",
    final_point: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""Precision-recall curve: one point per distinct score, thresholds descending.

    scikit-learn's ``precision_recall_curve`` runs the other way and appends a point
    (P = 1, R = 0) with no threshold: ``order="ascending", final_point=True`` returns exactly
    that.

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
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value of ``recall`` when ``y_true`` has no positives (0/0): ``"warn"`` gives nan with
        an :class:`~evalmetrics.UndefinedMetricWarning`; a number is used silently.
    order : {"descending", "ascending"}, default="descending"
        The order of the thresholds (and of the points).
    final_point : bool, default=False
        Add scikit-learn's point (precision 1, recall 0), which has no threshold, at the
        recall-0 end (first when descending, last when ascending): ``precision`` and
        ``recall`` are then one longer than ``thresholds``.

    Returns
    -------
    precision : numpy.ndarray
        Shape (n_thresholds,) (plus one with ``final_point``). Always defined: at each threshold
        at least one sample is predicted positive.
    recall : numpy.ndarray
        Shape (n_thresholds,), increasing; the last value is 1. All nan (with a warning) or the
        ``zero_division`` value when ``y_true`` has no positives.
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
        With ``zero_division="warn"``, if ``y_true`` has no positives.

    See Also
    --------
    evalmetrics.average_precision, evalmetrics.roc_curve

    Notes
    -----
    End points: the first point is the highest score (the fewest predicted positives), the last
    is the lowest score, where everything is predicted positive, so recall is 1 and precision
    is the prevalence. There is no artificial point at recall 0: at :math:`t = +\infty` nothing
    is predicted positive and precision is 0/0.

    With ``order="ascending", final_point=True`` the three arrays equal scikit-learn's
    ``precision_recall_curve(y_true, y_score, pos_label=pos_label)`` bit for bit when there are
    positives (without positives scikit-learn sets recall to 1 instead of 0/0).

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
    >>> em.pr_curve([0, 0], [0.3, 0.9], zero_division=0.0)[1]  # no positives: recall is 0/0
    array([0., 0.])
    """
    zero_division = check_zero_division(zero_division)
    actual, scores = curve_inputs(y_true, y_score, pos_label)
    # the false positive rate is not part of the PR curve: its 0/0 (no negatives) stays silent;
    # recall's policy is applied to the returned points only (the sweep's +inf point is not one)
    s = _build_sweep(actual, scores, tpr_zero_division=math.nan, fpr_zero_division=math.nan)
    recall = apply_policy(
        s.recall[1:],
        np.full(len(s) - 1, s.n_pos == 0),
        metric="recall",
        reason="the number of positives in y_true is 0",
        zero_division=zero_division,
        unit="thresholds",
    )
    order = check_option(order, "order", ("descending", "ascending"))
    if not isinstance(final_point, (bool, np.bool_)):
        raise TypeError(f"final_point must be True or False, got {final_point!r}")
    precision, thresholds = s.precision[1:].copy(), s.thresholds[1:].copy()
    if final_point:
        precision, recall = np.r_[1.0, precision], np.r_[0.0, recall]
    if order == "ascending":
        precision, recall, thresholds = precision[::-1], recall[::-1], thresholds[::-1]
    return np.ascontiguousarray(precision), np.ascontiguousarray(recall), thresholds.copy()


def average_precision(
    y_true: object,
    y_score: object,
    *,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Average precision: precision at each distinct threshold, weighted by the recall gained.

    .. math::

        \text{AP} = \sum_n (R_n - R_{n-1})\, P_n

    over the distinct scores in descending order (:func:`pr_curve`), with :math:`R_0 = 0`. Only
    thresholds that add positives contribute, so equivalently
    :math:`\text{AP} = \frac{1}{n_+} \sum_{i : y_i = p} P(s_i)`: the mean, over the positives, of
    the precision at the threshold equal to their score. For a 2-D ``y_score`` (one column per
    class) the labels are binarised one-vs-rest into an indicator :math:`Y` (or ``y_true`` is
    that indicator, for multilabel data): ``"macro"`` is the mean of the columns' AP,
    ``"weighted"`` weights column :math:`c` by its positives :math:`n_c`, and ``"micro"`` is
    the AP of all cells :math:`(Y_{ic}, s_{ic})` pooled into one ranking.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        True labels: ``pos_label`` and at most one other label for a 1-D ``y_score``; any
        number of classes (one per column of ``y_score``) for a 2-D ``y_score``; or a 2-D
        label indicator of 0 and 1 (multilabel), of ``y_score``'s shape.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores, higher meaning more likely positive; finite numbers.
    pos_label : int, float, bool or str, default=1
        The label of the positive class (1-D ``y_score`` only; ignored with a warning
        otherwise).
    average : {"binary", "micro", "macro", "weighted", None}, default="binary"
        ``"binary"`` for a 1-D ``y_score``; one of the others for a 2-D ``y_score``
        (``None`` returns the array of per-class APs).
    labels : array-like, default=None
        For a 1-D ``y_true`` and a 2-D ``y_score``: the class of each column, in column order.
        Default: the sorted distinct labels of ``y_true``. Ignored with a warning otherwise.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when ``y_true`` has no positives (0/0): ``"warn"`` returns nan with an
        :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently
        (``0.0`` is scikit-learn's value). A class without positives is left out of the
        macro and weighted averages under ``"warn"`` and nan, and counts as the value under
        0.0 and 1.0.

    Returns
    -------
    float or numpy.ndarray
        AP in (0, 1] when defined; nan (with a warning) or the ``zero_division`` value when
        ``y_true`` has no positives. A random ranking scores about the prevalence. An array
        (one AP per column) with ``average=None``.

    Raises
    ------
    ValueError
        As :func:`sweep`; if ``average`` does not fit the shape of ``y_score``, ``y_score``
        has the wrong shape, a 2-D ``y_true`` holds other values than 0 and 1, or ``y_true``
        holds a label that is not in ``labels``.
    TypeError
        As :func:`sweep`.

    Warns
    -----
    UndefinedMetricWarning
        With ``zero_division="warn"``, if ``y_true`` (or a column) has no positives.
    UserWarning
        If ``pos_label`` or ``labels`` is set but ignored.

    See Also
    --------
    evalmetrics.pr_curve, evalmetrics.ranking.average_precision

    Notes
    -----
    A step-wise sum, not the trapezoid (which interpolates linearly and can be too optimistic).
    Tied scores form one threshold: the tied positives share the precision of the whole tie.
    Equal to scikit-learn's ``average_precision_score`` up to rounding (about 1e-15), also for
    multiclass and multilabel input with the same ``average``, except with no positives, where
    scikit-learn returns 0.0 with a warning. Computed without the sweep: the positive and
    negative scores are sorted separately and counted with binary search, O(n log n) time and
    O(n) memory.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])  # (1 + 2/3) / 2
    0.8333333333333333
    >>> em.average_precision([0, 0], [0.3, 0.9], zero_division=0.0)  # no positives
    0.0
    >>> p = [[0.6, 0.3, 0.1], [0.2, 0.35, 0.45], [0.5, 0.1, 0.4], [0.1, 0.2, 0.7]]
    >>> em.average_precision([0, 1, 2, 2], p, average=None)  # class 2: (1 + 2/3) / 2
    array([1.        , 1.        , 0.83333333])
    >>> em.average_precision([0, 1, 2, 2], p, average="macro")
    0.9444444444444443
    """
    zero_division = check_zero_division(zero_division)
    if np.ndim(y_score) == 2:
        warn_ignored_pos_label(pos_label, average)
        return _multi_average_precision(
            y_true, y_score, average=average, labels=labels, zero_division=zero_division
        )
    if average != "binary":
        check_option(average, "average", ("binary", *_MULTI_AVERAGES))
        raise ValueError(
            f"average={average!r} combines several classes: it needs a 2-D y_score (one column "
            "per class); a 1-D y_score takes average='binary'"
        )
    if labels is not None:
        warnings.warn(
            "labels is ignored for a 1-D y_score: a binary problem has pos_label",
            UserWarning,
            stacklevel=2,
        )
    actual, scores = curve_inputs(y_true, y_score, pos_label)
    total, n_pos = _precision_sum(actual, scores)
    return float(
        divide(
            total,
            n_pos,
            metric="average precision",
            denominator_name="the number of positives in y_true",
            zero_division=zero_division,
        )
    )


def counts_at(
    y_true: object, y_score: object, *, threshold: float, pos_label: object = 1
) -> Counts:
    r"""TP, FP, TN and FN when samples with score >= ``threshold`` are predicted positive.

    .. math::

        \begin{aligned}
        TP &= \#\{j : y_j = p,\ s_j \ge t\}, & FP &= \#\{j : y_j \ne p,\ s_j \ge t\}, \\
        TN &= n_- - FP, & FN &= n_+ - TP
        \end{aligned}

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
    >>> em.counts_at([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], threshold=0.35)
    Counts(tp=2, fp=1, tn=1, fn=0)
    """
    value = check_threshold(threshold)
    actual, scores = curve_inputs(y_true, y_score, pos_label)
    # only the counts are read: the rates' 0/0 (one class missing) is not this function's
    nan = math.nan
    return _build_sweep(actual, scores, tpr_zero_division=nan, fpr_zero_division=nan).at(value)


# --- multiclass and multilabel input (roc_auc with multi_class=, average_precision) ----------

_MULTI_AVERAGES = ("micro", "macro", "weighted", None)


def _score_matrix(y_score: object, *, why: str) -> np.ndarray:
    """Validate a 2-D score matrix (one column per class); errors name y_score's column."""
    if y_score is None or isinstance(y_score, (str, bytes, set, frozenset, dict)):
        as_1d(y_score, "y_score")  # raises the package's TypeError naming y_score
    try:
        array = np.asarray(y_score)
    except ValueError:
        raise ValueError(f"y_score must be a 2-D array-like of equal-length rows {why}") from None
    if array.ndim != 2 or array.shape[0] == 0 or array.shape[1] < 2:
        raise ValueError(
            f"y_score must be 2-D of shape (n_samples, n_classes) with n_classes >= 2 {why}; "
            f"got shape {array.shape}"
        )
    columns = [check_finite_scores(array[:, j], f"y_score[:, {j}]") for j in range(array.shape[1])]
    return np.column_stack(columns)


def _indicator_of(y_true: object, n_columns: int, labels: object) -> tuple[np.ndarray, np.ndarray]:
    """Validate a 1-D multiclass y_true against the columns of y_score.

    Returns (the classes, one per column, in column order; boolean indicator (n, n_columns)).
    """
    values = as_labels(y_true, "y_true")
    chosen = check_labels_arg(labels)
    if chosen is None:
        classes = np.unique(values)
        if len(classes) != n_columns:
            raise ValueError(
                f"y_score has {n_columns} columns but y_true has {len(classes)} distinct labels "
                f"{_shown(classes)}; pass labels= with one label per column of y_score"
            )
    else:
        check_same_label_kind(y_true=values, labels=chosen)
        if len(chosen) != n_columns:
            raise ValueError(
                f"labels has {len(chosen)} entries but y_score has {n_columns} columns; "
                "give one label per column, in column order"
            )
        unknown = np.setdiff1d(values, chosen)
        if unknown.size:
            raise ValueError(f"y_true contains labels not in labels: {_shown(unknown)}")
        classes = chosen
    indicator = np.column_stack([label_mask(values, label) for label in classes])
    return classes, indicator


def _shown(values: np.ndarray) -> str:
    items = values.tolist()
    return repr(items) if len(items) <= 10 else repr(items[:10])[:-1] + ", ...]"


def _multilabel_indicator(y_true: object, shape: tuple[int, int]) -> np.ndarray:
    """Validate a 2-D label-indicator y_true (0 and 1 only) of y_score's shape."""
    if y_true is None or isinstance(y_true, (str, bytes, set, frozenset, dict)):
        as_1d(y_true, "y_true")
    array = np.asarray(y_true)
    if array.shape != shape:
        raise ValueError(
            f"y_true (a 2-D label indicator) has shape {array.shape} but y_score has {shape}"
        )
    if array.dtype.kind not in "biuf":
        raise TypeError(f"y_true (a 2-D label indicator) must hold 0 and 1, got {array.dtype}")
    bad = (array != 0) & (array != 1)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(
            f"y_true (a 2-D label indicator) must hold 0 and 1 only; got {array[where]!r} "
            f"at index {where}"
        )
    return array == 1


def _precision_sum(actual: np.ndarray, scores: np.ndarray) -> tuple[float, int]:
    """(sum over the positives of the precision at their score, n_pos)."""
    positives, negatives = np.sort(scores[actual]), np.sort(scores[~actual])
    n_pos = len(positives)
    # for each positive with score v: TP(v) = #positives >= v, FP(v) = #negatives >= v
    true_positives = n_pos - np.searchsorted(positives, positives, side="left")
    false_positives = len(negatives) - np.searchsorted(negatives, positives, side="left")
    precision_at = true_positives / (true_positives + false_positives)  # nonzero: TP(v) >= 1
    return float(precision_at.sum()), n_pos


def _ratios(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    """numerator / denominator where the denominator is > 0, else 0 (those are masked later)."""
    safe = np.where(denominators > 0, denominators, 1)
    return np.asarray(numerators, dtype=np.float64) / safe  # nonzero: 0 replaced by 1 above


def _combine(
    values: np.ndarray,
    undefined: np.ndarray,
    *,
    average: object,
    weights: np.ndarray | None,
    metric: str,
    per_item: str,
    reason: str,
    classes: object,
    unit: str,
    zero_division: float | str,
) -> float | np.ndarray:
    """Per-item values -> the array (average=None) or their (weighted) mean, under the policy."""
    if average is None:
        return apply_policy(
            values,
            undefined,
            metric=metric,
            reason=reason,
            zero_division=zero_division,
            unit=unit,
        )
    return mean_over(
        values,
        undefined,
        metric=f"{metric} ({average} average)",
        per_item=per_item,
        zero_division=zero_division,
        unit=unit,
        weights=weights if average == "weighted" else None,
        names=classes,
        reason=reason,
    )


def _multiclass_roc_auc(
    y_true: object,
    y_score: object,
    *,
    multi_class: str,
    average: object,
    labels: object,
    zero_division: float | str,
) -> float | np.ndarray:
    why = f"with multi_class={multi_class!r}"
    options = (
        ("micro", "macro", "weighted", None) if multi_class == "ovr" else ("macro", "weighted")
    )
    if average == "binary":
        raise ValueError(
            f"average='binary' scores one class; with multi_class={multi_class!r} pass "
            f"average= one of {', '.join(repr(o) for o in options)}"
        )
    check_option(average, "average", options)
    scores = _score_matrix(y_score, why=why)
    values = as_labels(y_true, "y_true")
    check_consistent_length(y_true=values, y_score=scores[:, 0])
    classes, indicator = _indicator_of(values, scores.shape[1], labels)
    if multi_class == "ovr" and average == "micro":
        doubled_u, n_pos, n_neg = twice_u(indicator.ravel(), scores.ravel())
        return float(
            divide(
                doubled_u,
                2 * n_pos * n_neg,
                metric="ROC AUC (one-vs-rest, micro average)",
                denominator_name="the number of (positive, negative) pairs",
                zero_division=zero_division,
            )
        )
    if multi_class == "ovr":
        parts = np.array(
            [twice_u(indicator[:, j], scores[:, j]) for j in range(len(classes))], dtype=np.int64
        )
        pairs = 2 * parts[:, 1] * parts[:, 2]
        return _combine(
            _ratios(parts[:, 0], pairs),
            pairs == 0,
            average=average,
            weights=parts[:, 1],
            metric="ROC AUC (one-vs-rest)",
            per_item="AUC",
            reason="the class has no positives or no negatives in y_true",
            classes=classes,
            unit="classes",
            zero_division=zero_division,
        )
    # one-vs-one (Hand and Till 2001): for each pair of classes (a, b), the mean of
    # A(a|b) (column a separating a from b) and A(b|a) (column b separating b from a)
    support = indicator.sum(axis=0)
    pair_values, pair_undefined, pair_weights, pair_names = [], [], [], []
    for a in range(len(classes)):
        for b in range(a + 1, len(classes)):
            both = indicator[:, a] | indicator[:, b]
            u_ab, n_a, n_b = twice_u(indicator[both, a], scores[both, a])
            u_ba, _, _ = twice_u(indicator[both, b], scores[both, b])
            defined = n_a > 0 and n_b > 0
            if defined:
                pair_values.append((u_ab + u_ba) / (4 * n_a * n_b))  # nonzero: n_a, n_b > 0
            else:
                pair_values.append(0.0)  # undefined: never read by the average
            pair_undefined.append(not defined)
            pair_weights.append(int(support[a] + support[b]))
            pair_names.append(f"{classes[a].item()!r} vs {classes[b].item()!r}")
    return _combine(
        np.array(pair_values),
        np.array(pair_undefined),
        average=average,
        weights=np.array(pair_weights, dtype=np.float64),
        metric="ROC AUC (one-vs-one)",
        per_item="AUC",
        reason="one class of the pair is absent from y_true",
        classes=np.array(pair_names),
        unit="pairs of classes",
        zero_division=zero_division,
    )


def _partial_roc_auc(
    actual: np.ndarray, scores: np.ndarray, max_fpr: float, *, standardized: bool
) -> float:
    """Area under the ROC curve for FPR in [0, max_fpr] (n_pos, n_neg > 0; 0 < max_fpr < 1)."""
    nan = math.nan
    s = _build_sweep(actual, scores, tpr_zero_division=nan, fpr_zero_division=nan)
    stop = int(np.searchsorted(s.fpr, max_fpr, side="right"))  # fpr[0] = 0, fpr[-1] = 1
    at_max = np.interp(max_fpr, s.fpr[stop - 1 : stop + 1], s.tpr[stop - 1 : stop + 1])
    fpr = np.append(s.fpr[:stop], max_fpr)
    tpr = np.append(s.tpr[:stop], at_max)
    area = float(np.trapezoid(tpr, fpr))
    if not standardized:
        return area
    # McClish (1989): map the chance area max_fpr**2 / 2 to 0.5 and the perfect area max_fpr to 1
    chance, perfect = 0.5 * max_fpr**2, max_fpr
    return 0.5 * (1 + (area - chance) / (perfect - chance))  # nonzero: 0 < max_fpr < 1


def _multi_average_precision(
    y_true: object,
    y_score: object,
    *,
    average: object,
    labels: object,
    zero_division: float | str,
) -> float | np.ndarray:
    if average == "binary":
        raise ValueError(
            "average='binary' scores one class; a 2-D y_score (one column per class) needs "
            "average='micro', 'macro', 'weighted' or None"
        )
    check_option(average, "average", _MULTI_AVERAGES)
    scores = _score_matrix(y_score, why="(one column per class)")
    if np.ndim(y_true) == 2:
        if labels is not None:
            warnings.warn(
                "labels is ignored for a 2-D y_true (a label indicator): its columns are the "
                "classes, in the order of y_score's columns",
                UserWarning,
                stacklevel=3,
            )
        indicator = _multilabel_indicator(y_true, scores.shape)
        classes = np.arange(scores.shape[1])
    else:
        values = as_labels(y_true, "y_true")
        check_consistent_length(y_true=values, y_score=scores[:, 0])
        classes, indicator = _indicator_of(values, scores.shape[1], labels)
    if average == "micro":
        total, n_pos = _precision_sum(indicator.ravel(), scores.ravel())
        return float(
            divide(
                total,
                n_pos,
                metric="average precision (micro average)",
                denominator_name="the number of positives in y_true",
                zero_division=zero_division,
            )
        )
    parts = [_precision_sum(indicator[:, j], scores[:, j]) for j in range(len(classes))]
    totals = np.array([total for total, _ in parts])
    support = np.array([n_pos for _, n_pos in parts])
    return _combine(
        _ratios(totals, support),
        support == 0,
        average=average,
        weights=support,
        metric="average precision",
        per_item="AP",
        reason="the class has no positives in y_true",
        classes=classes,
        unit="classes",
        zero_division=zero_division,
    )


# --- averaging ROC curves over folds ------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class AveragedROC:
    """ROC curves of several folds averaged into one, with the spread (:func:`average_roc`).

    Attributes
    ----------
    fpr : numpy.ndarray
        The averaged curve's false positive rates, one per grid value (``"vertical"``) or per
        threshold (``"threshold"``), in drawing order (increasing).
    tpr : numpy.ndarray
        The averaged curve's true positive rates at the same points.
    fpr_std : numpy.ndarray
        The standard deviation (divisor ``n_curves - 1``) of the false positive rate over the
        curves at each point; with ``"vertical"`` the rate is fixed and this is all 0.
    tpr_std : numpy.ndarray
        The standard deviation (divisor ``n_curves - 1``) of the true positive rate over the
        curves at each point.
    thresholds : numpy.ndarray or None
        ``"threshold"``: the thresholds, descending (``inf`` first when the curves have it);
        None with ``"vertical"``.
    method : str
        ``"vertical"`` or ``"threshold"``.
    n_curves : int
        How many curves were averaged.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    fpr_std: np.ndarray
    tpr_std: np.ndarray
    thresholds: np.ndarray | None
    method: str
    n_curves: int


def _roc_curve_parts(
    curve: object, index: int, *, need_thresholds: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Validate ``curves[index]``: (fpr, tpr) or (fpr, tpr, thresholds) of a complete curve."""
    name = f"curves[{index}]"
    if isinstance(curve, (str, bytes, np.ndarray)) or not isinstance(curve, (tuple, list)):
        raise TypeError(
            f"{name} must be a tuple (fpr, tpr) or (fpr, tpr, thresholds), as roc_curve "
            f"returns; got {type(curve).__name__}"
        )
    if len(curve) not in (2, 3):
        raise ValueError(
            f"{name} must hold 2 or 3 arrays (fpr, tpr[, thresholds]); got {len(curve)}"
        )
    fpr = check_finite_scores(curve[0], f"{name} fpr")
    tpr = check_finite_scores(curve[1], f"{name} tpr")
    check_consistent_length(**{f"{name} fpr": fpr, f"{name} tpr": tpr})
    for values, rate in ((fpr, "fpr"), (tpr, "tpr")):
        outside = (values < 0) | (values > 1)
        if outside.any():
            at = int(np.flatnonzero(outside)[0])
            raise ValueError(f"{name} {rate} must lie in [0, 1], got {values[at]!r} at index {at}")
        falls = np.diff(values) < 0
        if falls.any():
            at = int(np.flatnonzero(falls)[0]) + 1
            raise ValueError(f"{name} {rate} must not decrease along the curve (index {at})")
    if (fpr[0], tpr[0]) != (0.0, 0.0) or (fpr[-1], tpr[-1]) != (1.0, 1.0):
        raise ValueError(
            f"{name} must run from (0, 0) to (1, 1), as roc_curve's output does; it runs from "
            f"({fpr[0]:g}, {tpr[0]:g}) to ({fpr[-1]:g}, {tpr[-1]:g}) (a fold needs both classes)"
        )
    if not need_thresholds:
        return fpr, tpr, None
    if len(curve) != 3:
        raise ValueError(
            f"{name} has no thresholds: method='threshold' needs (fpr, tpr, thresholds), as "
            "roc_curve returns"
        )
    thresholds = as_1d(curve[2], f"{name} thresholds")
    if not np.issubdtype(thresholds.dtype, np.number) or thresholds.dtype == bool:
        raise TypeError(f"{name} thresholds must be numeric, got values of type {thresholds.dtype}")
    thresholds = thresholds.astype(np.float64)
    check_consistent_length(**{f"{name} fpr": fpr, f"{name} thresholds": thresholds})
    if np.isnan(thresholds).any():
        raise ValueError(f"{name} thresholds contains NaN at index {_first_nan(thresholds)}")
    if (np.diff(thresholds) >= 0).any():
        raise ValueError(f"{name} thresholds must be strictly decreasing, as roc_curve returns")
    return fpr, tpr, thresholds


def _first_nan(values: np.ndarray) -> int:
    return int(np.flatnonzero(np.isnan(values))[0])


def _tpr_at(fpr: np.ndarray, tpr: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """The curve's true positive rate at each false positive rate of ``grid``, interpolated
    linearly; on a vertical segment, its top (the last point at that false positive rate)."""
    last = fpr.size - 1
    at = np.searchsorted(fpr, grid, side="right") - 1  # the last point with fpr <= grid value
    at = np.clip(at, 0, last)  # fpr[0] = 0 <= every grid value
    following = np.minimum(at + 1, last)
    run = fpr[following] - fpr[at]
    inside = run > 0  # else the grid value is the curve's last fpr, 1: take its point
    share = np.zeros_like(grid)
    share[inside] = (grid[inside] - fpr[at][inside]) / run[inside]  # nonzero: run > 0 here
    return tpr[at] + share * (tpr[following] - tpr[at])


def average_roc(
    curves: object,
    *,
    method: str = "vertical",
    fpr_grid: object = None,
    thresholds: object = None,
) -> AveragedROC:
    r"""Average the ROC curves of several folds (or bootstrap samples) into one curve.

    Fawcett (2006, section 8) gives two ways; they answer different questions.

    - ``"vertical"``: fix false positive rates (``fpr_grid``) and average the curves' true
      positive rates there. Each curve's TPR at a false positive rate :math:`f` is read by
      linear interpolation between its points; where the curve rises vertically at :math:`f`
      it is the top of the rise (the last point at :math:`f`, as ``np.interp`` reads it). Returns
      :math:`\overline{\text{TPR}}(f) = \frac1m \sum_c \text{TPR}_c(f)` and its standard
      deviation over the :math:`m` curves: "at this false positive rate, how high is the
      curve, and how much does it vary between folds?". It ignores the thresholds: fold 1 may
      reach :math:`f` at score 0.7 and fold 2 at 0.4.
    - ``"threshold"``: fix thresholds and average the operating points. At threshold :math:`t`,
      each curve contributes its point "predict positive when score :math:`\ge t`" (its last
      point whose threshold is :math:`\ge t`), and the result is the mean
      :math:`(\overline{\text{FPR}}(t), \overline{\text{TPR}}(t))` with a standard deviation
      in both directions: "if we deploy threshold :math:`t`, where do we land, and how far
      can it be off?". By default every threshold of every curve is used; pass
      ``thresholds`` to use fewer.

    Averaging is not pooling: a single curve from all folds' out-of-fold scores pooled
    together (one set of scores, as the book's procedure for choosing a threshold uses) is a
    third curve, which mixes scores of different models on one scale.

    Parameters
    ----------
    curves : sequence of tuples
        One ``(fpr, tpr)`` or ``(fpr, tpr, thresholds)`` per fold, as :func:`roc_curve`
        returns: complete curves from (0, 0) to (1, 1), rates not decreasing, thresholds
        strictly decreasing (``inf`` first). At least 2 curves; ``"threshold"`` needs the
        thresholds.
    method : {"vertical", "threshold"}, default="vertical"
    fpr_grid : array-like, optional
        ``"vertical"``: the false positive rates, increasing, in [0, 1]. Default: 0, 0.01,
        ..., 1 (101 values).
    thresholds : array-like, optional
        ``"threshold"``: the thresholds, descending (``inf`` allowed). Default: every distinct
        threshold of every curve, pooled and sorted, so the average runs from (0, 0) at
        ``inf`` to (1, 1) at the lowest score.

    Returns
    -------
    AveragedROC
        ``fpr``, ``tpr`` (the averaged curve), ``fpr_std``, ``tpr_std``, ``thresholds``,
        ``method`` and ``n_curves``.

    Raises
    ------
    ValueError
        Fewer than 2 curves; a curve with unequal lengths, NaN, rates outside [0, 1] or
        decreasing, not from (0, 0) to (1, 1), or (``"threshold"``) without strictly
        decreasing thresholds; an unknown ``method``; ``fpr_grid`` not increasing in [0, 1];
        ``thresholds`` not decreasing or with NaN; ``fpr_grid`` with ``"threshold"`` or
        ``thresholds`` with ``"vertical"``.
    TypeError
        ``curves`` not a sequence of tuples; non-numeric values.

    Notes
    -----
    Other tools differ where a curve rises vertically at a grid value. R's ROCR averages
    vertically with ``approxfun(ties=mean)`` (the mean of the tied points' TPR), and its
    threshold averaging interpolates each curve linearly between thresholds (ROCR's
    ``R/performance_plots.R``). scikit-learn's cross-validated ROC example uses ``np.interp``
    (the top, as here) but sets each fold's TPR at FPR 0 to 0, and ``np.std`` with divisor
    :math:`m` (``examples/model_selection/plot_roc_crossval.py``). The standard deviations
    here divide by :math:`m - 1`, as ROCR's ``sd``.

    References
    ----------
    Fawcett, T. (2006). An introduction to ROC analysis. Pattern Recognition Letters 27(8),
    861-874, section 8.

    Examples
    --------
    Two folds. Fold 1 rises to 0.5 at FPR 0, fold 2 stays at 0 until FPR 0.5:

    >>> from evalmetrics.curves import average_roc
    >>> fold_1 = ([0, 0, 0.5, 1], [0, 0.5, 1, 1], [float("inf"), 0.9, 0.6, 0.2])
    >>> fold_2 = ([0, 0.5, 0.5, 1], [0, 0, 1, 1], [float("inf"), 0.8, 0.7, 0.3])
    >>> v = average_roc([fold_1, fold_2], fpr_grid=[0, 0.25, 0.5, 1])
    >>> v.tpr, v.tpr_std.round(4)
    (array([0.25 , 0.375, 1.   , 1.   ]), array([0.3536, 0.5303, 0.    , 0.    ]))
    >>> t = average_roc([fold_1, fold_2], method="threshold")
    >>> t.thresholds
    array([inf, 0.9, 0.8, 0.7, 0.6, 0.3, 0.2])
    >>> t.fpr
    array([0.  , 0.  , 0.25, 0.25, 0.5 , 0.75, 1.  ])
    >>> t.tpr
    array([0.  , 0.25, 0.25, 0.75, 1.  , 1.  , 1.  ])
    """
    method = check_option(method, "method", ("vertical", "threshold"))
    if isinstance(curves, (str, bytes, np.ndarray, dict)) or not hasattr(curves, "__len__"):
        raise TypeError(
            "curves must be a sequence of (fpr, tpr) or (fpr, tpr, thresholds) tuples, one per "
            f"fold; got {type(curves).__name__}"
        )
    if len(curves) < 2:
        raise ValueError(f"curves must hold at least 2 curves to average; got {len(curves)}")
    by_threshold = method == "threshold"
    if by_threshold and fpr_grid is not None:
        raise ValueError("fpr_grid applies to method='vertical'; use thresholds=")
    if not by_threshold and thresholds is not None:
        raise ValueError("thresholds applies to method='threshold'; use fpr_grid=")
    parts = [
        _roc_curve_parts(curve, i, need_thresholds=by_threshold) for i, curve in enumerate(curves)
    ]
    n_curves = len(parts)
    if not by_threshold:
        grid = np.linspace(0.0, 1.0, 101) if fpr_grid is None else as_1d(fpr_grid, "fpr_grid")
        grid = check_finite_scores(grid, "fpr_grid")
        if ((grid < 0) | (grid > 1)).any() or (np.diff(grid) <= 0).any():
            raise ValueError("fpr_grid must be increasing values in [0, 1]")
        rates = np.array([_tpr_at(fpr, tpr, grid) for fpr, tpr, _ in parts])
        return AveragedROC(
            fpr=grid.copy(),
            tpr=rates.mean(axis=0),  # nonzero: at least 2 curves are checked
            fpr_std=np.zeros_like(grid),
            tpr_std=rates.std(axis=0, ddof=1),
            thresholds=None,
            method=method,
            n_curves=n_curves,
        )
    if thresholds is None:
        cuts = np.unique(np.concatenate([cut for _, _, cut in parts]))[::-1]
    else:
        cuts = as_1d(thresholds, "thresholds")
        if not np.issubdtype(cuts.dtype, np.number) or cuts.dtype == bool:
            raise TypeError(f"thresholds must be numeric, got values of type {cuts.dtype}")
        cuts = cuts.astype(np.float64)
        if np.isnan(cuts).any():
            raise ValueError(f"thresholds contains NaN at index {_first_nan(cuts)}")
        if (np.diff(cuts) > 0).any():
            raise ValueError("thresholds must be in decreasing order (as roc_curve returns)")
    points_fpr, points_tpr = [], []
    for fpr, tpr, cut in parts:
        # the number of the curve's thresholds >= t, minus 1: its point "score >= t"
        at_or_above = cut.size - np.searchsorted(cut[::-1], cuts, side="left")
        at = np.maximum(at_or_above - 1, 0)  # above the first threshold: the point (0, 0)
        points_fpr.append(fpr[at])
        points_tpr.append(tpr[at])
    fprs, tprs = np.array(points_fpr), np.array(points_tpr)
    return AveragedROC(
        fpr=fprs.mean(axis=0),  # nonzero: at least 2 curves are checked
        tpr=tprs.mean(axis=0),  # nonzero: idem
        fpr_std=fprs.std(axis=0, ddof=1),
        tpr_std=tprs.std(axis=0, ddof=1),
        thresholds=cuts,
        method=method,
        n_curves=n_curves,
    )
