"""evalmetrics.stats decisions: Bayes threshold, expected cost, ROC convex hull, iso-performance
slope against hand arithmetic, scikit-learn, scipy.spatial and brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_h
from scipy.spatial import ConvexHull
from sklearn.metrics import confusion_matrix, roc_curve

import evalmetrics.stats as st


@pytest.mark.parametrize(
    ("cost_fp", "cost_fn", "want"), [(1, 1, 0.5), (1, 4, 0.2), (3, 1, 0.75), (0, 5, 0.0), (2, 0, 1)]
)
def test_bayes_threshold_by_hand(cost_fp, cost_fn, want):
    assert st.bayes_threshold(cost_fp=cost_fp, cost_fn=cost_fn) == want


def test_bayes_threshold_minimises_expected_cost_for_calibrated_probabilities():
    rng = np.random.default_rng(0)
    p = rng.random(200_000)
    y = (rng.random(p.size) < p).astype(int)  # calibrated by construction
    grid = np.linspace(0, 1, 201)
    costs = [((p >= t) & (y == 0)).sum() * 1 + ((p < t) & (y == 1)).sum() * 4 for t in grid]
    best = grid[int(np.argmin(costs))]
    assert best == pytest.approx(st.bayes_threshold(cost_fp=1, cost_fn=4), abs=0.02)


@settings(max_examples=80, deadline=None)
@given(cost_fp=st_h.floats(0, 1e6, allow_nan=False), cost_fn=st_h.floats(0, 1e6, allow_nan=False))
def test_bayes_threshold_lies_in_the_unit_interval(cost_fp, cost_fn):
    if cost_fp == 0 and cost_fn == 0:
        return
    assert 0.0 <= st.bayes_threshold(cost_fp=cost_fp, cost_fn=cost_fn) <= 1.0


@pytest.mark.parametrize("seed", range(8))
def test_expected_cost_matches_sklearn_confusion_matrix(seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(300) < 0.3).astype(int)
    s = np.round(rng.random(300), 2)
    threshold = float(rng.choice(s))
    tn, fp, fn, tp = confusion_matrix(y, (s >= threshold).astype(int), labels=[0, 1]).ravel()
    want = (2.5 * fp + 7.0 * fn) / 300
    got = st.expected_cost(y, s, threshold=threshold, cost_fp=2.5, cost_fn=7.0)
    assert got == pytest.approx(want, rel=1e-15)


def test_expected_cost_by_hand_and_string_labels():
    y = ["ham", "ham", "spam", "spam"]
    s = [0.1, 0.6, 0.4, 0.9]
    # at 0.5: one false positive (0.6) and one false negative (0.4): (1 * 1 + 4 * 1) / 4
    got = st.expected_cost(y, s, threshold=0.5, cost_fp=1, cost_fn=4, pos_label="spam")
    assert got == 1.25
    assert st.expected_cost(y, s, threshold=np.inf, cost_fp=1, cost_fn=4, pos_label="spam") == 2.0


def _scipy_hull(fpr: np.ndarray, tpr: np.ndarray) -> set[tuple[float, float]]:
    """The ROCCH's vertices from scipy's convex hull of the points plus (1, 0)."""
    points = np.column_stack([np.append(fpr, 1.0), np.append(tpr, 0.0)])
    vertices = {tuple(points[i]) for i in ConvexHull(points).vertices}
    return {v for v in vertices if v != (1.0, 0.0)}


@pytest.mark.parametrize("seed", range(20))
def test_roc_convex_hull_matches_scipy_spatial(seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(60) < 0.4).astype(int)
    y[:2], y[2:4] = 1, 0
    s = rng.normal(size=60) + y
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    hull_fpr, hull_tpr, idx = st.roc_convex_hull(fpr, tpr)
    got = set(zip(hull_fpr.tolist(), hull_tpr.tolist(), strict=True))
    # scipy may keep (0, 0) or (1, 1) only as a hull vertex of the added point: they are ours
    assert got - {(0.0, 0.0), (1.0, 1.0)} == _scipy_hull(fpr, tpr) - {(0.0, 0.0), (1.0, 1.0)}
    assert (fpr[idx] == hull_fpr).all() and (tpr[idx] == hull_tpr).all()


def test_roc_convex_hull_by_hand():
    fpr = [0.0, 0.0, 0.1, 0.3, 0.3, 0.5, 1.0, 1.0]
    tpr = [0.0, 0.2, 0.5, 0.6, 0.6, 0.9, 0.95, 1.0]
    hull_fpr, hull_tpr, idx = st.roc_convex_hull(fpr, tpr)
    # (0, 0.2) is above the line from (0, 0) to (0.1, 0.5), so a vertex (the hull goes up the
    # tpr axis first); (0.3, 0.6) is under (0.1, 0.5)-(0.5, 0.9) (0.7 there); the repeat of it
    # is dropped; (1, 0.95) is under (0.5, 0.9)-(1, 1)
    assert idx.tolist() == [0, 1, 2, 5, 7]
    assert hull_fpr.tolist() == [0.0, 0.0, 0.1, 0.5, 1.0]
    assert hull_tpr.tolist() == [0.0, 0.2, 0.5, 0.9, 1.0]


@settings(max_examples=60, deadline=None)
@given(
    points=st_h.lists(
        st_h.tuples(st_h.integers(0, 20), st_h.integers(0, 20)), min_size=0, max_size=30
    )
)
def test_roc_convex_hull_is_concave_and_spans_the_corners(points):
    fpr = np.array([0.0, *[p[0] / 20 for p in points], 1.0])
    tpr = np.array([0.0, *[p[1] / 20 for p in points], 1.0])
    hx, hy, idx = st.roc_convex_hull(fpr, tpr)
    assert (hx[0], hy[0]) == (0.0, 0.0) and (hx[-1], hy[-1]) == (1.0, 1.0)
    assert (np.diff(hx) >= 0).all()
    slopes = np.diff(hy) / np.where(np.diff(hx) == 0, np.nan, np.diff(hx))
    finite = slopes[np.isfinite(slopes)]
    assert (np.diff(finite) < 1e-12).all()  # non-increasing: concave
    # every input point lies on or under the hull (the top vertex of each column)
    top = np.r_[np.diff(hx) > 0, True]
    assert (tpr <= np.interp(fpr, hx[top], hy[top]) + 1e-12).all()
    assert set(idx.tolist()) <= set(range(fpr.size))


def test_iso_performance_slope_by_hand():
    assert st.iso_performance_slope(cost_fp=1, cost_fn=4, n_pos=100, n_neg=900) == 2.25
    assert st.iso_performance_slope(cost_fp=0, cost_fn=1, n_pos=5, n_neg=5) == 0.0


@pytest.mark.parametrize("seed", range(10))
def test_the_iso_line_touches_the_hull_at_the_cheapest_threshold(seed):
    """Brute force over all thresholds: the cheapest one is the hull vertex that maximises
    tpr - slope * fpr (Provost and Fawcett 2001)."""
    rng = np.random.default_rng(seed)
    y = (rng.random(200) < 0.3).astype(int)
    s = rng.normal(size=200) + y
    fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    c_fp, c_fn = float(rng.uniform(0.5, 3)), float(rng.uniform(0.5, 3))
    cost = c_fp * fpr * n_neg + c_fn * (1 - tpr) * n_pos
    slope = st.iso_performance_slope(cost_fp=c_fp, cost_fn=c_fn, n_pos=n_pos, n_neg=n_neg)
    hx, hy, idx = st.roc_convex_hull(fpr, tpr)
    best_on_hull = idx[int(np.argmax(hy - slope * hx))]
    assert cost[best_on_hull] == pytest.approx(cost.min(), rel=1e-12)


BAD_INPUTS = [
    (lambda: st.bayes_threshold(cost_fp=-1, cost_fn=1), ValueError, "cost_fp must lie in [0, inf)"),
    (lambda: st.bayes_threshold(cost_fp=1, cost_fn=-2), ValueError, "cost_fn must lie in [0, inf)"),
    (lambda: st.bayes_threshold(cost_fp=0, cost_fn=0), ValueError, "both 0"),
    (lambda: st.bayes_threshold(cost_fp=np.inf, cost_fn=1), ValueError, "cost_fp"),
    (lambda: st.bayes_threshold(cost_fp="1", cost_fn=1), TypeError, "cost_fp"),
    (lambda: st.bayes_threshold(cost_fp=np.nan, cost_fn=1), ValueError, "cost_fp"),
    (
        lambda: st.expected_cost([0, 1], [0.1], threshold=0.5, cost_fp=1, cost_fn=1),
        ValueError,
        "y_score has 1",
    ),
    (
        lambda: st.expected_cost([0, 1], [0.1, 0.2], threshold=np.nan, cost_fp=1, cost_fn=1),
        ValueError,
        "threshold",
    ),
    (
        lambda: st.expected_cost([0, 1], [0.1, 0.2], threshold=0.5, cost_fp=0, cost_fn=0),
        ValueError,
        "both 0",
    ),
    (
        lambda: st.expected_cost([0, 1, 2], [0.1, 0.2, 0.3], threshold=0.5, cost_fp=1, cost_fn=1),
        ValueError,
        "distinct labels",
    ),
    (lambda: st.roc_convex_hull([0, 0.5, 1], [0, 0.5]), ValueError, "tpr has 2"),
    (lambda: st.roc_convex_hull([0, 1.5, 1], [0, 0.5, 1]), ValueError, "fpr must lie in [0, 1]"),
    (lambda: st.roc_convex_hull([0.1, 1], [0.2, 1]), ValueError, "(0.0, 0.0)"),
    (lambda: st.roc_convex_hull([0, 0.5], [0, 0.7]), ValueError, "(1.0, 1.0)"),
    (lambda: st.roc_convex_hull(["a"], [0]), TypeError, "fpr must be numeric"),
    (
        lambda: st.iso_performance_slope(cost_fp=1, cost_fn=0, n_pos=1, n_neg=1),
        ValueError,
        "cost_fn must be > 0",
    ),
    (
        lambda: st.iso_performance_slope(cost_fp=1, cost_fn=1, n_pos=0, n_neg=1),
        ValueError,
        "n_pos must be an integer >= 1",
    ),
    (
        lambda: st.iso_performance_slope(cost_fp=1, cost_fn=1, n_pos=2, n_neg=-1),
        ValueError,
        "n_neg must be an integer >= 0",
    ),
    (
        lambda: st.iso_performance_slope(cost_fp=1, cost_fn=1, n_pos=2.5, n_neg=1),
        TypeError,
        "n_pos",
    ),
]


@pytest.mark.parametrize(("call", "error", "words"), BAD_INPUTS, ids=[w for _, _, w in BAD_INPUTS])
def test_bad_inputs_raise_naming_the_argument(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value), str(info.value)


def test_decisions_take_their_options_by_keyword():
    with pytest.raises(TypeError):
        st.bayes_threshold(1, 4)  # type: ignore[misc]
