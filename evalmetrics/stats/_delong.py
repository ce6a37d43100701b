"""DeLong's placement values and covariance in O(n log n) (private module).

The exact signatures (helper code in ``_tests`` and ``_intervals`` relies on them)::

    delong_placements(positive, y_score) -> (v10, v01)
        positive: 1-D bool array (True for a positive case), length n;
        y_score:  1-D float64 array of length n, or 2-D of shape (k, n) (k models on the
                  same cases, one row each);
        v10: float64, shape (m,) or (k, m): the placement of each positive, the share of
             negatives it outranks, ties counted 1/2 (DeLong's V10);
        v01: float64, shape (n_neg,) or (k, n_neg): the placement of each negative, the share
             of positives that outrank it, ties counted 1/2 (DeLong's V01).
        The AUC of each row is v10.mean(axis=-1) == v01.mean(axis=-1).

    delong_covariance(v10, v01) -> float | np.ndarray
        v10, v01 as returned above. 1-D input: the variance of the AUC (a float);
        2-D input: the (k, k) covariance matrix of the k AUCs,
        S = S10 / m + S01 / n_neg, S10 and S01 the sample covariances (ddof=1) of the
        placement values. Needs m >= 2 and n_neg >= 2.

    delong_variance(positive, y_score) -> float       # the two above for one model

Private: the inputs are trusted (both classes present, at least two cases of each, finite
scores); the public functions in ``_intervals`` and ``_tests`` check them first.

Algorithm
---------
DeLong, DeLong and Clarke-Pearson (1988) define the placement values from all m * n pairs,
O(mn). Sun and Xu (2014) compute them from midranks: with T_Z the midranks of the pooled
scores, T_X those within the positives and T_Y those within the negatives,

    V10_i = (T_Z(x_i) - T_X(x_i)) / n,        V01_j = 1 - (T_Z(y_j) - T_Y(y_j)) / m.

T_Z(x_i) - T_X(x_i) is the number of negatives below x_i plus half the negatives tied with it
(the midrank of x_i among all scores minus its midrank among the positives). We compute that
difference directly: sort the positives and the negatives once each (together about one sort of
n values; ``np.sort`` of values, not an argsort), then two binary searches
(``np.searchsorted`` with ``side="left"`` and ``"right"``, in ``evalmetrics._core``) give,
for each positive, the negatives strictly below it and those below or tied; their mean is
T_Z - T_X. Symmetrically for the negatives. The cost is O(n log n), about one ``np.argsort``
of the scores.

References
----------
DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988). Comparing the areas under two
or more correlated receiver operating characteristic curves: a nonparametric approach.
Biometrics 44(3), 837-845.

Sun, X. and Xu, W. (2014). Fast implementation of DeLong's algorithm for comparing the areas
under correlated receiver operating characteristic curves. IEEE Signal Processing Letters
21(11), 1389-1393.
"""

from __future__ import annotations

import numpy as np

from .._core import placements

__all__ = ["delong_covariance", "delong_placements", "delong_variance"]


def delong_placements(positive: np.ndarray, y_score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's placement values (V10 of the positives, V01 of the negatives), input order.

    ``y_score`` 1-D gives 1-D arrays; 2-D of shape (k, n) gives (k, m) and (k, n_neg).
    """
    positive = np.asarray(positive, dtype=bool)
    scores = np.asarray(y_score, dtype=np.float64)
    if scores.ndim == 1:
        return placements(positive, scores)
    pairs = [placements(positive, row) for row in scores]
    return np.stack([p[0] for p in pairs]), np.stack([p[1] for p in pairs])


def delong_covariance(v10: np.ndarray, v01: np.ndarray) -> float | np.ndarray:
    """S10 / m + S01 / n_neg: the variance (1-D input) or covariance matrix (2-D) of the AUCs."""
    v10 = np.asarray(v10, dtype=np.float64)
    v01 = np.asarray(v01, dtype=np.float64)
    m = v10.shape[-1]
    n_neg = v01.shape[-1]
    if v10.ndim == 1:
        s10 = np.var(v10, ddof=1)
        s01 = np.var(v01, ddof=1)
        return float(s10 / m + s01 / n_neg)  # nonzero: m, n_neg >= 2 (caller checked)
    s10 = np.atleast_2d(np.cov(v10, ddof=1))
    s01 = np.atleast_2d(np.cov(v01, ddof=1))
    return s10 / m + s01 / n_neg  # nonzero: m, n_neg >= 2 (caller checked)


def delong_variance(positive: np.ndarray, y_score: np.ndarray) -> float:
    """The variance of one model's AUC (DeLong), from one sort of the scores."""
    v10, v01 = placements(
        np.asarray(positive, dtype=bool), np.asarray(y_score, dtype=np.float64), keep_order=False
    )
    return delong_covariance(v10, v01)
