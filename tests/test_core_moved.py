"""The metric logic that moved out of the widget and plot layers into the core.

``Sweep.tpr/fpr/recall/precision``, ``Sweep.fbeta``, ``Sweep.fbeta_candidates`` (was
``widgets._fbeta_candidates``) and ``counts.fbeta_isocurve`` (was ``plots.fbeta_isocurve``).
Nothing here imports matplotlib; every expected value is written out or computed from the
definition in numpy
(``counts_by_definition``: score >= threshold is positive), never from the sweep, ``counts_at``
or ``pr_curve``, which share the code under test.
"""

import math
import subprocess
import sys
import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import UndefinedMetricWarning
from evalmetrics.confusion import fbeta_isocurve

BETAS = (0.25, 0.5, 1.0, 2.0, 4.0)


def random_cases(seed, n_cases=60):
    """Binary labels with both classes and scores with many ties (few distinct values)."""
    rng = np.random.default_rng(seed)
    for _ in range(n_cases):
        n = int(rng.integers(2, 60))
        y = rng.integers(0, 2, n)
        y[0], y[1] = 0, 1
        scores = rng.integers(0, int(rng.integers(2, 25)), n) / 7
        yield y, scores


def counts_by_definition(y, scores):
    """Thresholds (+inf, then the distinct scores descending) and TP, FP at each, by definition.

    Brute force, O(n * n_thresholds): predicted positive where score >= threshold.
    """
    y = np.asarray(y)
    scores = np.asarray(scores, dtype=float)
    thresholds = np.concatenate([[np.inf], np.unique(scores)[::-1]])
    predicted = scores[None, :] >= thresholds[:, None]
    tp = (predicted & (y[None, :] == 1)).sum(axis=1)
    fp = (predicted & (y[None, :] == 0)).sum(axis=1)
    return thresholds, tp, fp, int((y == 1).sum()), int((y == 0).sum())


def f_beta_by_hand(tp, fp, fn, beta):
    """(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP), or 0 when TP = 0 (and the sum is > 0)."""
    b2 = beta * beta
    return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp)


# --- Sweep arrays --------------------------------------------------------------------------------


def test_sweep_arrays_equal_the_definition_at_every_threshold():
    for y, scores in random_cases(1):
        sw = em.sweep(y, scores)
        thresholds, tp, fp, n_pos, n_neg = counts_by_definition(y, scores)
        np.testing.assert_array_equal(sw.thresholds, thresholds)
        np.testing.assert_array_equal(sw.tp, tp)
        np.testing.assert_array_equal(sw.fp, fp)
        np.testing.assert_array_equal(sw.tpr, tp / n_pos)
        np.testing.assert_array_equal(sw.recall, tp / n_pos)
        np.testing.assert_array_equal(sw.fpr, fp / n_neg)
        assert math.isnan(sw.precision[0])  # +inf: nothing predicted positive
        np.testing.assert_allclose(sw.precision[1:], tp[1:] / (tp[1:] + fp[1:]), rtol=1e-15)
        for beta in BETAS:
            want = [f_beta_by_hand(t, f, n_pos - t, beta) for t, f in zip(tp, fp, strict=True)]
            np.testing.assert_allclose(sw.fbeta(beta=beta), want, rtol=1e-14)


def test_sweep_rates_by_hand():
    sw = em.sweep([0, 1, 1, 0, 1], [0.2, 0.9, 0.5, 0.5, 0.1])
    # thresholds inf, 0.9, 0.5, 0.2, 0.1; positives 3, negatives 2
    np.testing.assert_array_equal(sw.tpr, [0, 1 / 3, 2 / 3, 2 / 3, 1])
    np.testing.assert_array_equal(sw.fpr, [0, 0, 1 / 2, 1, 1])
    np.testing.assert_array_equal(sw.precision[1:], [1, 2 / 3, 2 / 4, 3 / 5])
    np.testing.assert_array_equal(sw.fbeta(beta=1.0), [0, 2 / 4, 4 / 6, 4 / 7, 6 / 8])


def test_sweep_fbeta_without_positives_is_undefined_only_at_infinity():
    sw = em.sweep([0, 0, 0], [0.1, 0.2, 0.2], zero_division=float("nan"))
    with pytest.warns(UndefinedMetricWarning, match="for 1 of 3 thresholds"):
        values = sw.fbeta(beta=1.0)
    assert math.isnan(values[0])
    np.testing.assert_array_equal(values[1:], [0, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(sw.fbeta(beta=2.0, zero_division=1.0), [1, 0, 0])


# --- F-beta candidates ---------------------------------------------------------------------------


def brute_force_fbeta(y, scores, beta):
    """F-beta at every threshold from the counts by definition (index 0 has TP = 0: F = 0)."""
    _, tp, fp, n_pos, _ = counts_by_definition(y, scores)
    fn = n_pos - tp
    return np.array([f_beta_by_hand(*counts, beta) for counts in zip(tp, fp, fn, strict=True)])


def test_the_best_threshold_for_any_beta_is_a_candidate():
    betas = np.geomspace(0.02, 50, 400)
    for y, scores in random_cases(2):
        sw = em.sweep(y, scores)
        np.testing.assert_array_equal(sw.thresholds, counts_by_definition(y, scores)[0])
        candidates = sw.fbeta_candidates()
        assert candidates.dtype.kind == "i"
        assert (np.diff(candidates) > 0).all()  # ascending indices: thresholds descending
        assert ((candidates >= 1) & (candidates < len(sw))).all()
        for beta in betas:
            f = brute_force_fbeta(y, scores, beta)
            best = f.max()
            assert f[candidates].max() >= best * (1 - 1e-12), (y, scores, beta)


def test_every_candidate_is_the_best_threshold_for_some_beta():
    """For each candidate the beta that makes it win follows from its hull neighbours."""
    for y, scores in random_cases(3):
        sw = em.sweep(y, scores)
        thresholds, tp, fp, n_pos, _ = counts_by_definition(y, scores)
        np.testing.assert_array_equal(sw.thresholds, thresholds)
        candidates = sw.fbeta_candidates()
        # 1/F = (b^2 u + v) / (1 + b^2) with u = 1/R = n_pos/TP and v = 1/P = (TP + FP)/TP;
        # walk the hull by u ascending (recall descending): the last index first
        order = candidates[::-1]
        u = n_pos / tp[order]
        v = (tp[order] + fp[order]) / tp[order]
        assert (np.diff(u) > 0).all() and (np.diff(v) < 0).all()  # recall and precision trade
        # a point beats its neighbour with larger u for b^2 >= s and its neighbour with smaller
        # u for b^2 <= s', where s, s' are the slopes -dv/du of the two hull segments
        slopes = -np.diff(v) / np.diff(u)
        for j, index in enumerate(order):
            low = slopes[j] if j < len(slopes) else 0.0
            high = slopes[j - 1] if j > 0 else None
            beta_squared = (low + high) / 2 if high is not None else 2 * low + 1
            f = brute_force_fbeta(y, scores, math.sqrt(beta_squared))
            assert f[index] >= f.max() * (1 - 1e-9), (y, scores, index)


def widgets_fbeta_candidates(precision, recall, thresholds):
    """The algorithm as it was in ``widgets._fbeta_candidates`` (commit d620444), verbatim."""
    order = np.argsort(-thresholds, kind="stable")
    precision, recall, thresholds = precision[order], recall[order], thresholds[order]
    useful = recall > 0
    if not useful.any():
        return thresholds[:1]
    inverse_recall = 1.0 / recall[useful]
    inverse_precision = 1.0 / precision[useful]
    thresholds = thresholds[useful]
    hull = []
    for index in np.lexsort((inverse_precision, inverse_recall)):
        while len(hull) >= 2:
            first, middle = hull[-2], hull[-1]
            du1 = inverse_recall[middle] - inverse_recall[first]
            dv1 = inverse_precision[middle] - inverse_precision[first]
            du2 = inverse_recall[index] - inverse_recall[first]
            dv2 = inverse_precision[index] - inverse_precision[first]
            cross = du1 * dv2 - dv1 * du2
            if cross < -1e-9 * math.hypot(du1, dv1) * math.hypot(du2, dv2):
                hull.pop()
            else:
                break
        hull.append(int(index))
    lowest = int(np.argmin(inverse_precision[hull]))
    chosen = thresholds[hull[: lowest + 1]]
    return np.sort(chosen)[::-1]


@pytest.mark.parametrize("seed", range(4, 8))
def test_candidates_are_the_thresholds_the_widget_chose(seed):
    rng = np.random.default_rng(seed)
    cases = list(random_cases(seed))
    for _ in range(10):  # larger, smoother curves too
        n = int(rng.integers(200, 3000))
        y = (rng.random(n) < rng.uniform(0.02, 0.5)).astype(int)
        y[0] = 1
        cases.append((y, np.round(rng.normal(size=n) + 1.5 * y, int(rng.integers(1, 4)))))
    for y, scores in cases:
        sw = em.sweep(y, scores)
        # the PR points by definition (the thresholds where something is predicted positive)
        thresholds, tp, fp, n_pos, _ = counts_by_definition(y, scores)
        thresholds, tp, fp = thresholds[1:], tp[1:], fp[1:]
        expected = widgets_fbeta_candidates(tp / (tp + fp), tp / n_pos, thresholds)
        np.testing.assert_array_equal(sw.thresholds[sw.fbeta_candidates()], expected)


def test_candidates_by_hand():
    # thresholds 0.9 ... 0.2 alternate +/-: P and R at indices 1..8 (index 0 is +inf)
    sw = em.sweep([1, 0, 1, 1, 0, 0, 1, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2])
    # (R, P): 1 (1/4, 1), 2 (1/4, 1/2), 3 (2/4, 2/3), 4 (3/4, 3/4), 5 (3/4, 3/5),
    # 6 (3/4, 3/6), 7 (1, 4/7), 8 (1, 4/8). Indices 2, 5, 6 and 8 are dominated (same recall,
    # lower precision); in (1/R, 1/P), 3 = (2, 3/2) lies above the segment from 4 = (4/3, 4/3)
    # to 1 = (4, 1), which passes (2, 5/4)
    np.testing.assert_array_equal(sw.fbeta_candidates(), [1, 4, 7])


def test_candidates_without_positives_is_the_highest_score():
    sw = em.sweep([0, 0, 0], [0.3, 0.1, 0.2], zero_division=0.0)
    np.testing.assert_array_equal(sw.fbeta_candidates(), [1])


def test_candidates_when_one_threshold_is_perfect():
    sw = em.sweep([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1])
    np.testing.assert_array_equal(sw.fbeta_candidates(), [2])  # P = R = 1 there


# --- fbeta_isocurve ------------------------------------------------------------------------------


@pytest.mark.parametrize("beta", BETAS)
@pytest.mark.parametrize("level", [0.1, 0.3, 0.5, 0.8, 1.0])
def test_points_on_an_isocurve_have_that_f_beta(beta, level):
    recall = np.linspace(0, 1, 401)
    precision = fbeta_isocurve(recall, beta=beta, level=level)
    assert precision.shape == recall.shape
    on = ~np.isnan(precision)
    b2 = beta * beta
    p, r = precision[on], recall[on]
    assert ((p >= 0) & (p <= 1 + 1e-12)).all()
    np.testing.assert_allclose((1 + b2) * p * r / (b2 * p + r), level, rtol=1e-12)
    # off the curve: even precision 1 does not reach the level at that recall
    r_off = recall[~on]
    best = (1 + b2) * r_off / (b2 + r_off)
    assert (best <= level * (1 + 1e-12)).all()
    if level < 1:
        assert on.any()


def test_isocurve_by_hand():
    # F1 = 0.5: P = 0.5 R / (2 R - 0.5); R = 1/4 leaves the square, R = 1/2 gives 1/2, R = 1: 1/3
    values = fbeta_isocurve([0.25, 0.5, 1.0], beta=1.0, level=0.5)
    assert math.isnan(values[0])
    np.testing.assert_allclose(values[1:], [0.5, 1 / 3], rtol=1e-15)
    assert fbeta_isocurve(0.5, beta=1.0, level=0.5).shape == ()
    assert em.fbeta_isocurve is fbeta_isocurve


def test_isocurve_options_are_keyword_only():
    with pytest.raises(TypeError):
        fbeta_isocurve([0.5], 1.0, 0.5)


# --- layering ------------------------------------------------------------------------------------


def test_the_moved_logic_runs_without_matplotlib():
    code = (
        "import sys\n"
        "sys.modules['matplotlib'] = None\n"
        "import evalmetrics as em\n"
        "sw = em.sweep([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4])\n"
        "assert sw.fbeta_candidates().tolist() == [1, 2]\n"
        "assert sw.fbeta(beta=1.0)[2] == 0.8\n"
        "c = em.Counts(tp=1, fp=1, tn=1, fn=1).at_prevalence(prevalence=0.5, n_samples=4)\n"
        "assert c == em.Counts(tp=1, fp=1, tn=1, fn=1)\n"
        "assert em.fbeta_isocurve([1.0], beta=1.0, level=1.0).tolist() == [1.0]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
