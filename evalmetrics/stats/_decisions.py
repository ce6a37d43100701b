"""From scores to decisions: costs, the Bayes threshold and the ROC convex hull (private module).

Public names are re-exported by :mod:`evalmetrics.stats`.
"""

from __future__ import annotations

import math

import numpy as np

from .._validation import (
    check_consistent_length,
    check_in_interval,
    check_positive_int,
    check_threshold,
    check_unit_values,
)
from ..curves import _curve_inputs

__all__ = ["bayes_threshold", "expected_cost", "iso_performance_slope", "roc_convex_hull"]


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
    positive, scores = _curve_inputs(y_true, y_score, pos_label)
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
