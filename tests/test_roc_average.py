"""evalmetrics.curves.average_roc: ROC curves averaged over folds (Fawcett 2006, section 8).

- Vertical averaging against a brute-force reading of each curve (the points at a false
  positive rate, else the segment across it, by loops), against ``np.interp`` (which returns
  the last of tied points, the top of a vertical rise) and against the recipe of
  scikit-learn's cross-validated ROC example (``np.interp``, then the first TPR set to 0).
- Threshold averaging against the operating points counted directly from each fold's labels
  and scores ("positive when score >= t"), with no ROC curve in between.
- A hand-computed case; the standard deviations against ``np.std(ddof=1)``; bad input.
"""

from __future__ import annotations

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics.curves import AveragedROC, average_roc

INF = float("inf")
FOLD_1 = ([0, 0, 0.5, 1], [0, 0.5, 1, 1], [INF, 0.9, 0.6, 0.2])
FOLD_2 = ([0, 0.5, 0.5, 1], [0, 0, 1, 1], [INF, 0.8, 0.7, 0.3])


def random_folds(seed: int, n_folds: int = 5, ties: bool = False):
    """Labels and scores of ``n_folds`` folds, and their roc_curve outputs."""
    rng = np.random.default_rng(seed)
    folds = []
    for _ in range(n_folds):
        n = int(rng.integers(20, 60))
        y = rng.integers(0, 2, size=n)
        y[:2] = [0, 1]  # both classes in every fold
        score = rng.normal(size=n) + 1.2 * y
        if ties:
            score = np.round(score, 1)  # tied scores: diagonal and vertical segments
        folds.append((y, score))
    return folds, [em.roc_curve(y, s) for y, s in folds]


def tpr_brute_force(fpr, tpr, f):
    """TPR of one curve at false positive rate f: the highest point at f if the curve has
    points there, else linear interpolation on the segment that crosses f."""
    at_f = [t for x, t in zip(fpr, tpr, strict=True) if x == f]
    if at_f:
        return max(at_f)
    for i in range(len(fpr) - 1):
        if fpr[i] < f < fpr[i + 1]:
            return tpr[i] + (tpr[i + 1] - tpr[i]) * (f - fpr[i]) / (fpr[i + 1] - fpr[i])
    raise AssertionError("a complete curve covers every f in [0, 1]")


def test_hand_computed_case():
    # fold 1 at FPR 0, 0.25, 0.5, 1: 0.5 (top of its rise), 0.75 (half way from 0.5 to 1), 1, 1
    # fold 2: 0, 0 (flat to 0.5), 1 (top of its rise), 1
    v = average_roc([FOLD_1, FOLD_2], fpr_grid=[0, 0.25, 0.5, 1])
    assert isinstance(v, AveragedROC) and v.method == "vertical" and v.n_curves == 2
    np.testing.assert_allclose(v.tpr, [0.25, 0.375, 1, 1])
    # two values x, y: sd = |x - y| / sqrt(2)
    np.testing.assert_allclose(v.tpr_std, [0.5, 0.75, 0, 0] / np.sqrt(2))
    np.testing.assert_array_equal(v.fpr, [0, 0.25, 0.5, 1])
    np.testing.assert_array_equal(v.fpr_std, 0)
    assert v.thresholds is None
    # thresholds pooled: inf, .9, .8, .7, .6, .3, .2; fold 1's point at t is its last point
    # with threshold >= t: 0, 1, 1, 1, 2, 2, 3; fold 2's: 0, 0, 1, 2, 2, 3, 3
    t = average_roc([FOLD_1, FOLD_2], method="threshold")
    np.testing.assert_array_equal(t.thresholds, [INF, 0.9, 0.8, 0.7, 0.6, 0.3, 0.2])
    np.testing.assert_allclose(t.fpr, [0, 0, 0.25, 0.25, 0.5, 0.75, 1])
    np.testing.assert_allclose(t.tpr, [0, 0.25, 0.25, 0.75, 1, 1, 1])
    np.testing.assert_allclose(t.fpr_std, np.array([0, 0, 0.5, 0.5, 0, 0.5, 0]) / np.sqrt(2))
    np.testing.assert_allclose(t.tpr_std, np.array([0, 0.5, 0.5, 0.5, 0, 0, 0]) / np.sqrt(2))
    assert t.method == "threshold"


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_vertical_against_brute_force_and_np_interp(seed, ties):
    _, curves = random_folds(seed, ties=ties)
    # the default grid, plus every false positive rate the curves have (vertical rises)
    own = np.unique(np.concatenate([fpr for fpr, _, _ in curves]))
    for grid in (None, own):
        v = average_roc(curves, fpr_grid=grid)
        grid_used = np.linspace(0, 1, 101) if grid is None else grid
        np.testing.assert_array_equal(v.fpr, grid_used)
        brute = np.array(
            [[tpr_brute_force(fpr, tpr, f) for f in grid_used] for fpr, tpr, _ in curves]
        )
        np.testing.assert_allclose(v.tpr, brute.mean(axis=0), rtol=0, atol=1e-12)
        np.testing.assert_allclose(v.tpr_std, brute.std(axis=0, ddof=1), rtol=0, atol=1e-12)
        interp = np.array([np.interp(grid_used, fpr, tpr) for fpr, tpr, _ in curves])
        np.testing.assert_allclose(v.tpr, interp.mean(axis=0), rtol=0, atol=1e-12)


def test_vertical_differs_from_scikit_learns_example_only_at_zero():
    """scikit-learn's plot_roc_crossval example: np.interp, then interp_tpr[0] = 0.0, and
    np.std (divisor m) (read from source: scikit-learn/scikit-learn,
    examples/model_selection/plot_roc_crossval.py)."""
    _, curves = random_folds(0, ties=True)
    mean_fpr = np.linspace(0, 1, 100)
    tprs = []
    for fpr, tpr, _ in curves:
        interp_tpr = np.interp(mean_fpr, fpr, tpr)
        interp_tpr[0] = 0.0
        tprs.append(interp_tpr)
    v = average_roc(curves, fpr_grid=mean_fpr)
    np.testing.assert_allclose(v.tpr[1:], np.mean(tprs, axis=0)[1:], rtol=0, atol=1e-12)
    assert v.tpr[0] > 0 == np.mean(tprs, axis=0)[0]  # the folds rise at FPR 0: the top
    m = len(curves)
    np.testing.assert_allclose(
        v.tpr_std[1:], np.std(tprs, axis=0)[1:] * np.sqrt(m / (m - 1)), rtol=1e-12, atol=1e-15
    )


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_threshold_against_counted_operating_points(seed, ties):
    folds, curves = random_folds(seed, ties=ties)
    t = average_roc(curves, method="threshold")
    pooled = np.unique(np.concatenate([s for _, s in folds]))[::-1]
    np.testing.assert_array_equal(t.thresholds, np.r_[INF, pooled])
    fprs, tprs = [], []
    for y, s in folds:
        predicted = s[None, :] >= t.thresholds[:, None]  # positive when score >= t
        tprs.append((predicted & (y == 1)).sum(axis=1) / (y == 1).sum())
        fprs.append((predicted & (y == 0)).sum(axis=1) / (y == 0).sum())
    np.testing.assert_allclose(t.fpr, np.mean(fprs, axis=0), rtol=0, atol=1e-12)
    np.testing.assert_allclose(t.tpr, np.mean(tprs, axis=0), rtol=0, atol=1e-12)
    np.testing.assert_allclose(t.fpr_std, np.std(fprs, axis=0, ddof=1), rtol=0, atol=1e-12)
    np.testing.assert_allclose(t.tpr_std, np.std(tprs, axis=0, ddof=1), rtol=0, atol=1e-12)
    assert (t.fpr[0], t.tpr[0], t.fpr[-1], t.tpr[-1]) == (0, 0, 1, 1)
    # chosen thresholds, e.g. Fawcett's sampling of the pooled ones, and thresholds between
    chosen = np.array([2.0, 0.55, 0.5, 0.0, -3.0])
    sampled = average_roc(curves, method="threshold", thresholds=chosen)
    for k, cut in enumerate(chosen):
        tpr_at = [((s >= cut) & (y == 1)).sum() / (y == 1).sum() for y, s in folds]
        assert abs(sampled.tpr[k] - np.mean(tpr_at)) < 1e-12


def test_curves_dropping_intermediate_points_give_the_same_vertical_average():
    _, curves = random_folds(4)
    folds, _ = random_folds(4)
    thinned = [em.roc_curve(y, s, drop_intermediate=True) for y, s in folds]
    full = average_roc(curves)
    fewer = average_roc(thinned)
    np.testing.assert_allclose(full.tpr, fewer.tpr, rtol=0, atol=1e-12)


def test_bad_input():
    with pytest.raises(ValueError, match="at least 2 curves"):
        average_roc([FOLD_1])
    with pytest.raises(TypeError, match="sequence of"):
        average_roc(np.zeros((2, 3, 4)))
    with pytest.raises(TypeError, match=r"curves\[1\] must be a tuple"):
        average_roc([FOLD_1, "curve"])
    with pytest.raises(ValueError, match=r"curves\[0\] must hold 2 or 3 arrays"):
        average_roc([([0, 1],), FOLD_2])
    with pytest.raises(ValueError, match="method must be one of"):
        average_roc([FOLD_1, FOLD_2], method="horizontal")
    with pytest.raises(ValueError, match=r"curves\[1\] tpr contains NaN"):
        average_roc([FOLD_1, ([0, 0.5, 1], [np.nan, np.nan, np.nan])])
    with pytest.raises(ValueError, match=r"curves\[0\] fpr must not decrease"):
        average_roc([([0, 0.6, 0.5, 1], [0, 0.5, 1, 1]), FOLD_2])
    with pytest.raises(ValueError, match=r"curves\[0\] tpr must lie in \[0, 1\]"):
        average_roc([([0, 0.5, 1], [0, 1.5, 1]), FOLD_2])
    with pytest.raises(ValueError, match=r"from \(0, 0\) to \(1, 1\)"):
        average_roc([([0, 0.5, 0.9], [0, 0.5, 1]), FOLD_2])
    with pytest.raises(ValueError, match="length mismatch"):
        average_roc([([0, 0.5, 1], [0, 1]), FOLD_2])
    with pytest.raises(ValueError, match=r"curves\[0\] has no thresholds"):
        average_roc([FOLD_1[:2], FOLD_2], method="threshold")
    with pytest.raises(ValueError, match="strictly decreasing"):
        average_roc(
            [([0, 0, 0.5, 1], [0, 0.5, 1, 1], [INF, 0.5, 0.6, 0.2]), FOLD_2], method="threshold"
        )
    with pytest.raises(ValueError, match="fpr_grid must be increasing"):
        average_roc([FOLD_1, FOLD_2], fpr_grid=[0, 0.5, 0.4])
    with pytest.raises(ValueError, match="fpr_grid must be increasing"):
        average_roc([FOLD_1, FOLD_2], fpr_grid=[0, 1.5])
    with pytest.raises(ValueError, match="fpr_grid applies to method='vertical'"):
        average_roc([FOLD_1, FOLD_2], method="threshold", fpr_grid=[0, 1])
    with pytest.raises(ValueError, match="thresholds applies to method='threshold'"):
        average_roc([FOLD_1, FOLD_2], thresholds=[1, 0])
    with pytest.raises(ValueError, match="decreasing order"):
        average_roc([FOLD_1, FOLD_2], method="threshold", thresholds=[0.1, 0.5])
    with pytest.raises(ValueError, match="thresholds contains NaN"):
        average_roc([FOLD_1, FOLD_2], method="threshold", thresholds=[0.5, np.nan])


def test_a_fold_without_positives_is_rejected():
    """roc_curve gives an all-nan TPR for a fold without positives (with a warning);
    average_roc says which curve."""
    with pytest.warns(em.UndefinedMetricWarning):
        empty = em.roc_curve([0, 0, 0], [0.1, 0.4, 0.3])
    with pytest.raises(ValueError, match=r"curves\[1\] tpr contains NaN"):
        average_roc([FOLD_1, empty])
