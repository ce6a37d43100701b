"""From scores to decisions: costs, the Bayes threshold and the ROC convex hull (private module).

Public names are re-exported by :mod:`evalmetrics.stats`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .._core import curve_inputs
from .._validation import (
    as_1d,
    check_consistent_length,
    check_in_interval,
    check_positive_int,
    check_threshold,
    check_unit_values,
)

__all__ = [
    "DecisionCurve",
    "bayes_threshold",
    "decision_curve",
    "expected_cost",
    "iso_performance_slope",
    "net_benefit",
    "net_benefit_treat_all",
    "roc_convex_hull",
]


# ROC points are fractions k/m, k/n: exactly collinear points can have a cross product of
# about 1e-17 in floating point; anything within this of 0 counts as a straight edge.
_COLLINEAR = 1e-12


def _check_costs(cost_fp: object, cost_fn: object) -> tuple[float, float]:
    c_fp = check_in_interval(cost_fp, "cost_fp", 0.0, math.inf, high_open=True)
    c_fn = check_in_interval(cost_fn, "cost_fn", 0.0, math.inf, high_open=True)
    if c_fp == 0 and c_fn == 0:
        raise ValueError("cost_fp and cost_fn are both 0: every decision costs nothing")
    return c_fp, c_fn


def bayes_threshold(*, cost_fp: float, cost_fn: float) -> float:
    r"""The probability threshold that minimises expected cost for calibrated probabilities.

    Predict positive when the expected cost of doing so is lower:
    :math:`(1 - p)\, c_{FP} < p\, c_{FN}`, i.e.

    .. math:: p > t^* = \frac{c_{FP}}{c_{FP} + c_{FN}}

    (at :math:`p = t^*` both decisions cost the same). Only for calibrated probabilities:
    on uncalibrated scores this threshold has no cost meaning.

    Parameters
    ----------
    cost_fp : float
        Cost of a false positive, finite and >= 0.
    cost_fn : float
        Cost of a false negative, finite and >= 0; not both 0.

    Returns
    -------
    float
        :math:`t^*` in [0, 1].

    Raises
    ------
    ValueError
        A negative, infinite or NaN cost, or both costs 0.
    TypeError
        A cost that is not a real number.

    Examples
    --------
    >>> bayes_threshold(cost_fp=1, cost_fn=4)  # missing a positive costs 4x a false alarm
    0.2
    """
    c_fp, c_fn = _check_costs(cost_fp, cost_fn)
    return c_fp / (c_fp + c_fn)  # nonzero: not both 0, both >= 0 (checked)


def expected_cost(
    y_true: object,
    y_score: object,
    *,
    threshold: float,
    cost_fp: float,
    cost_fn: float,
    pos_label: object = 1,
) -> float:
    r"""Mean cost per case of deciding positive when ``y_score >= threshold``.

    .. math:: \text{cost} = \frac{c_{FP}\,\mathrm{FP} + c_{FN}\,\mathrm{FN}}{n}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Finite scores.
    threshold : float
        Score at or above which a case is called positive (+-inf allowed).
    cost_fp, cost_fn : float
        Costs of a false positive and a false negative, finite, >= 0, not both 0.
    pos_label : int, float, bool or str, default=1

    Returns
    -------
    float
        The mean cost per case (correct decisions cost 0).

    Raises
    ------
    ValueError
        Unequal lengths, more than two labels, NaN scores, bad costs, NaN threshold.
    TypeError
        Non-numeric scores, threshold or costs.

    Examples
    --------
    >>> y = [0, 0, 1, 1]
    >>> s = [0.1, 0.6, 0.4, 0.9]
    >>> expected_cost(y, s, threshold=0.5, cost_fp=1, cost_fn=4)  # one FP, one FN: (1 + 4) / 4
    1.25
    """
    threshold = check_threshold(threshold)
    c_fp, c_fn = _check_costs(cost_fp, cost_fn)
    positive, scores = curve_inputs(y_true, y_score, pos_label)
    called = scores >= threshold
    fp = int(np.count_nonzero(called & ~positive))
    fn = int(np.count_nonzero(~called & positive))
    return (c_fp * fp + c_fn * fn) / positive.size  # nonzero: as_1d rejects empty input


def roc_convex_hull(fpr: object, tpr: object) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r"""The ROC convex hull: the upper-left boundary of the convex hull of ROC points.

    Every point on it is optimal for some cost ratio and class prior; a point below it never is
    (Provost and Fawcett 2001). The hull runs from (0, 0) to (1, 1) with non-increasing slope;
    only its vertices are returned (points on a straight edge are dropped, within 1e-12 of
    collinear, so that floating-point rounding of fractions does not create vertices).

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,)
        ROC points as :func:`evalmetrics.roc_curve` returns them, in [0, 1], including (0, 0)
        and (1, 1).

    Returns
    -------
    hull_fpr, hull_tpr : numpy.ndarray
        The hull's vertices, fpr ascending, from (0, 0) to (1, 1).
    indices : numpy.ndarray of int
        For each vertex, the index of the input point (the first one, if repeated).

    Raises
    ------
    ValueError
        Unequal lengths, values outside [0, 1], (0, 0) or (1, 1) missing.
    TypeError
        Non-numeric input.

    References
    ----------
    Provost, F. and Fawcett, T. (2001). Robust classification for imprecise environments.
    Machine Learning 42(3), 203-231.

    Examples
    --------
    >>> hull_fpr, hull_tpr, idx = roc_convex_hull([0, 0.1, 0.3, 0.5, 1], [0, 0.5, 0.6, 0.9, 1])
    >>> idx.tolist()  # (0.3, 0.6) lies under the segment from (0.1, 0.5) to (0.5, 0.9)
    [0, 1, 3, 4]
    """
    x = check_unit_values(fpr, "fpr")
    y = check_unit_values(tpr, "tpr")
    for name, array in (("fpr", x), ("tpr", y)):
        if array.ndim != 1 or array.size == 0:
            raise ValueError(f"{name} must be a non-empty 1-D array; got shape {array.shape}")
    check_consistent_length(fpr=x, tpr=y)
    for corner in ((0.0, 0.0), (1.0, 1.0)):
        if not np.any((x == corner[0]) & (y == corner[1])):
            raise ValueError(
                f"fpr, tpr must include the point {corner} (roc_curve's output does); got none"
            )
    step_x, step_y = np.diff(x), np.diff(y)
    if np.all((step_x > 0) | ((step_x == 0) & (step_y >= 0))):
        # already ordered by fpr, then tpr (roc_curve's and Sweep's points are): the order
        # lexsort would return, without sorting the curve a second time
        order = np.arange(x.size)
    else:
        order = np.lexsort((np.arange(x.size), y, x))  # by fpr, then tpr, then input position
    hull: list[int] = []
    for i in order:
        if hull and x[hull[-1]] == x[i] and y[hull[-1]] == y[i]:
            continue  # a repeated point: keep the first
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            cross = (x[a] - x[o]) * (y[i] - y[o]) - (y[a] - y[o]) * (x[i] - x[o])
            if cross >= -_COLLINEAR:  # o -> a -> i turns left or goes straight: not a vertex
                hull.pop()
            else:
                break
        hull.append(int(i))
    # the upper chain from (0, 0): drop points left of (0, 0)'s column below it (none: fpr >= 0)
    indices = np.asarray(hull, dtype=np.intp)
    start = int(np.flatnonzero((x[indices] == 0) & (y[indices] == 0))[0])
    end = int(np.flatnonzero((x[indices] == 1) & (y[indices] == 1))[0])
    indices = indices[start : end + 1]
    return x[indices].copy(), y[indices].copy(), indices


def iso_performance_slope(*, cost_fp: float, cost_fn: float, n_pos: int, n_neg: int) -> float:
    r"""Slope of the iso-performance (equal expected cost) lines in ROC space.

    All ROC points on a line of slope

    .. math:: m = \frac{c_{FP}\, n_-}{c_{FN}\, n_+}

    have the same expected cost; the optimal operating point is where the highest such line
    touches the ROC convex hull (Provost and Fawcett 2001).

    Parameters
    ----------
    cost_fp : float
        Cost of a false positive, finite and >= 0.
    cost_fn : float
        Cost of a false negative, finite and > 0 (0 would make the lines vertical).
    n_pos, n_neg : int
        Numbers (or proportions as counts) of positives, >= 1, and negatives, >= 0.

    Returns
    -------
    float
        The slope, >= 0.

    Raises
    ------
    ValueError
        Negative or non-finite costs, ``cost_fn`` of 0, ``n_pos < 1`` or ``n_neg < 0``.
    TypeError
        Non-numeric costs; non-integer counts.

    References
    ----------
    Provost, F. and Fawcett, T. (2001). Machine Learning 42(3), 203-231.

    Examples
    --------
    >>> iso_performance_slope(cost_fp=1, cost_fn=4, n_pos=100, n_neg=900)
    2.25
    """
    c_fp, c_fn = _check_costs(cost_fp, cost_fn)
    if c_fn == 0:
        raise ValueError("cost_fn must be > 0: with free false negatives the lines are vertical")
    n_pos = check_positive_int(n_pos, "n_pos")
    n_neg = check_positive_int(n_neg, "n_neg", minimum=0)
    return (c_fp * n_neg) / (c_fn * n_pos)  # nonzero: cost_fn > 0 and n_pos >= 1 (checked)


# --- net benefit and decision curves (Vickers and Elkin 2006) ---------------------------------


def _check_probability_scores(
    y_true: object, y_score: object, pos_label: object
) -> tuple[np.ndarray, np.ndarray]:
    """(is positive?, scores) with every score a probability in [0, 1], naming y_score."""
    positive, scores = curve_inputs(y_true, y_score, pos_label)
    check_unit_values(scores, "y_score")
    return positive, scores


def _check_threshold_probabilities(thresholds: object, name: str) -> np.ndarray:
    """Threshold probabilities as a 1-D float array, each strictly between 0 and 1."""
    array = as_1d(thresholds, name)
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
    array = array.astype(np.float64)
    bad = ~((array > 0) & (array < 1))  # NaN is bad too
    if bad.any():
        index = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{name} must lie in (0, 1) (threshold probabilities), got "
            f"{float(array[index])!r} at index {index}"
        )
    return array


def _net_benefit(tp: np.ndarray, fp: np.ndarray, n: int, thresholds: np.ndarray) -> np.ndarray:
    odds = thresholds / (1 - thresholds)  # nonzero: thresholds < 1 (checked)
    return (tp - fp * odds) / n  # nonzero: n >= 1, as_1d rejects empty input


def net_benefit(
    y_true: object, y_score: object, *, threshold: float, pos_label: object = 1
) -> float:
    r"""Net benefit of treating the cases whose predicted probability is at least ``threshold``.

    With :math:`p_t` the threshold probability and :math:`n` cases,

    .. math:: \mathrm{NB}(p_t) = \frac{TP}{n} - \frac{FP}{n}\,\frac{p_t}{1 - p_t}

    (Vickers and Elkin 2006): true positives per case, minus false positives per case weighted
    by the odds of the threshold. A case is treated when ``y_score >= threshold``, as in
    dcurves. The threshold probability is the Bayes threshold of a cost ratio,
    :math:`p_t = c_{FP}/(c_{FP} + c_{FN})`, so the weight is :math:`c_{FP}/c_{FN}` and

    .. math:: \mathrm{NB} = \pi - \frac{\text{expected cost}}{c_{FN}}
              = \frac{\text{cost(treat none)} - \text{cost}}{c_{FN}},

    with :math:`\pi` the prevalence: the expected cost saved against treating nobody, in units
    of a true positive (:func:`expected_cost` at the same threshold and costs). Treating nobody
    has net benefit 0; treating everybody, :func:`net_benefit_treat_all`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Predicted probabilities of the positive class, each in [0, 1] (the threshold is read
        as a probability, so other scores have no net-benefit meaning).
    threshold : float
        The threshold probability :math:`p_t`, strictly between 0 and 1.
    pos_label : int, float, bool or str, default=1

    Returns
    -------
    float
        The net benefit, at most the prevalence (no false positives, every positive treated);
        it can be negative.

    Raises
    ------
    ValueError
        Unequal lengths, more than two labels, a score outside [0, 1] or NaN, a threshold
        outside (0, 1).
    TypeError
        Non-numeric scores or threshold.

    See Also
    --------
    decision_curve : the net benefit over a grid of thresholds, with treat-all and treat-none.

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. Medical Decision Making 26(6), 565-574.

    Examples
    --------
    >>> y = [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    >>> p = [0.9, 0.6, 0.5, 0.45, 0.3, 0.2, 0.15, 0.1, 0.05, 0.02]
    >>> # at 0.25: TP 3, FP 2 (0.5, 0.3); odds 1/3: (3 - 2/3) / 10
    >>> round(net_benefit(y, p, threshold=0.25), 12)
    0.233333333333
    """
    p_t = check_in_interval(threshold, "threshold", 0.0, 1.0, low_open=True, high_open=True)
    positive, scores = _check_probability_scores(y_true, y_score, pos_label)
    treated = scores >= p_t
    tp = np.count_nonzero(treated & positive)
    fp = np.count_nonzero(treated & ~positive)
    return float(_net_benefit(np.asarray(tp), np.asarray(fp), positive.size, np.asarray(p_t)))


def net_benefit_treat_all(y_true: object, *, threshold: float, pos_label: object = 1) -> float:
    r"""Net benefit of treating every case: :math:`\pi - (1 - \pi)\,p_t/(1 - p_t)`.

    Everyone treated makes every positive a true positive and every negative a false positive,
    so with the prevalence :math:`\pi` the net benefit is

    .. math:: \mathrm{NB}_{\text{all}}(p_t) = \pi - (1 - \pi)\,\frac{p_t}{1 - p_t} ,

    :math:`\pi` at :math:`p_t \to 0`, 0 at :math:`p_t = \pi`, negative above. Treating nobody
    has net benefit 0 at every threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    threshold : float
        The threshold probability, strictly between 0 and 1.
    pos_label : int, float, bool or str, default=1

    Returns
    -------
    float
        The net benefit of treating everybody.

    Raises
    ------
    ValueError
        More than two labels, a threshold outside (0, 1).
    TypeError
        A threshold that is not a real number.

    Examples
    --------
    >>> net_benefit_treat_all([1, 0, 0, 0], threshold=0.25)  # 1/4 - (3/4)(1/3)
    0.0
    """
    p_t = check_in_interval(threshold, "threshold", 0.0, 1.0, low_open=True, high_open=True)
    labels = as_1d(y_true, "y_true")
    positive, _ = curve_inputs(labels, np.zeros(labels.size), pos_label)
    tp, fp = np.count_nonzero(positive), np.count_nonzero(~positive)
    return float(_net_benefit(np.asarray(tp), np.asarray(fp), positive.size, np.asarray(p_t)))


@dataclass(frozen=True, eq=False)
class DecisionCurve:
    r"""Net benefit over threshold probabilities; unpacks as ``(thresholds, net_benefit,
    net_benefit_all)``.

    Built by :func:`decision_curve`; the unpacked order is the positional order of
    :func:`evalmetrics.plots.plot_decision_curve`, so ``plot_decision_curve(ax, *curve)``
    draws it. The arrays are read-only.

    Attributes
    ----------
    thresholds : numpy.ndarray
        The threshold probabilities, in the order given.
    net_benefit : numpy.ndarray
        The model's net benefit at each threshold (treat when ``y_score >= threshold``).
    net_benefit_all : numpy.ndarray
        Treating everybody: :math:`\pi - (1 - \pi)\,p_t/(1 - p_t)`.
    net_benefit_none : numpy.ndarray
        Treating nobody: zeros (a property).
    tp : numpy.ndarray
        The model's true positives at each threshold (integers).
    fp : numpy.ndarray
        The model's false positives at each threshold (integers).
    prevalence : float
        The share of positives, :math:`\pi`.
    n : int
        The number of cases.
    """

    thresholds: np.ndarray
    net_benefit: np.ndarray
    net_benefit_all: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    prevalence: float
    n: int

    @property
    def net_benefit_none(self) -> np.ndarray:
        """The net benefit of treating nobody, 0 at every threshold (no TP, no FP)."""
        return np.zeros_like(self.net_benefit)

    def __iter__(self) -> Iterator[np.ndarray]:
        return iter((self.thresholds, self.net_benefit, self.net_benefit_all))

    def __len__(self) -> int:
        return 3


def decision_curve(
    y_true: object,
    y_score: object,
    *,
    thresholds: object = None,
    pos_label: object = 1,
) -> DecisionCurve:
    r"""The decision curve: net benefit of the model, of treating all and of treating none.

    At each threshold probability :math:`p_t`, :func:`net_benefit` of the model (treat when
    ``y_score >= p_t``) and of treating everybody,
    :math:`\pi - (1 - \pi)\,p_t/(1 - p_t)`; treating nobody is 0 (Vickers and Elkin 2006).
    The model is worth using at the thresholds where its curve lies above both. One sort of
    the scores serves every threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: ``pos_label`` and at most one other label.
    y_score : array-like of shape (n_samples,)
        Predicted probabilities of the positive class, each in [0, 1].
    thresholds : array-like of float, optional
        Threshold probabilities, each strictly between 0 and 1, in any order. Default:
        0.01, 0.02, ..., 0.99 (``np.arange(1, 100) / 100``), the grid of dcurves'
        ``dca`` without its first point 0, where the weight :math:`p_t/(1-p_t)` is 0 and
        the net benefit is only :math:`TP/n`.
    pos_label : int, float, bool or str, default=1

    Returns
    -------
    DecisionCurve
        Unpacks as ``(thresholds, net_benefit, net_benefit_all)``; also carries
        ``net_benefit_none``, ``tp``, ``fp``, ``prevalence`` and ``n``.

    Raises
    ------
    ValueError
        Unequal lengths, more than two labels, a score outside [0, 1] or NaN, a threshold
        outside (0, 1) (the message gives its index), an empty threshold array.
    TypeError
        Non-numeric scores or thresholds.

    Notes
    -----
    The values agree with dcurves 1.1.7 (``dcurves.dca(data, outcome, modelnames,
    thresholds)``, columns ``net_benefit`` of the models ``"all"`` and ``"none"``) to
    floating-point rounding; dcurves also moves a score of exactly 0 to :math:`-\epsilon`
    and 1 to :math:`1 + \epsilon`, which changes nothing for thresholds in (0, 1).

    References
    ----------
    Vickers, A. J. and Elkin, E. B. (2006). Medical Decision Making 26(6), 565-574.
    Vickers, A. J., Van Calster, B. and Steyerberg, E. W. (2016). Net benefit approaches to the
    evaluation of prediction models, molecular markers, and diagnostic tests. BMJ 352, i6.

    Examples
    --------
    >>> y = [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    >>> p = [0.9, 0.6, 0.5, 0.45, 0.3, 0.2, 0.15, 0.1, 0.05, 0.02]
    >>> thresholds, nb_model, nb_all = decision_curve(y, p, thresholds=[0.25, 0.5])
    >>> nb_model.round(4).tolist(), nb_all.round(4).tolist()  # all: 0.3 - 0.7 * odds
    ([0.2333, 0.1], [0.0667, -0.4])
    """
    positive, scores = _check_probability_scores(y_true, y_score, pos_label)
    if thresholds is None:
        grid = np.arange(1, 100) / 100  # 0.01 ... 0.99, each i/100 correctly rounded
    else:
        grid = _check_threshold_probabilities(thresholds, "thresholds")
    n = positive.size
    positive_scores = np.sort(scores[positive])
    negative_scores = np.sort(scores[~positive])
    # cases with score >= t: all of a class minus those strictly below t
    tp = positive_scores.size - np.searchsorted(positive_scores, grid, side="left")
    fp = negative_scores.size - np.searchsorted(negative_scores, grid, side="left")
    n_pos = positive_scores.size
    nb_model = _net_benefit(tp, fp, n, grid)
    nb_all = _net_benefit(np.full(grid.shape, n_pos), np.full(grid.shape, n - n_pos), n, grid)
    arrays = [grid.copy(), nb_model, nb_all, tp.astype(np.intp), fp.astype(np.intp)]
    for array in arrays:
        array.setflags(write=False)
    return DecisionCurve(*arrays, prevalence=n_pos / n, n=n)  # nonzero: n >= 1 (as_1d)
