"""evalmetrics.widgets.cost_explorer: the cost-ratio explorer of chapter 21, without a browser.

The readouts are checked against a brute-force search written here: the expected cost
(c_FP FP + c_FN FN) / n of every threshold (+inf and each distinct score), counted by hand with
numpy, with c_FP = 1 and c_FN = the slider's ratio. The optimal point must be the ROC point of
the readout's threshold, the iso-performance line must pass through it with slope
n_neg / (ratio n_pos) and lie on or above every ROC point; the static book gets one frame per
ratio; bad input is refused naming the argument. Agg backend, no display.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import json
import math
import re

import numpy as np
import pytest

from evalmetrics.explorer import MAX_FRAMES, STATIC_FRAMES_VARIABLE
from evalmetrics.widgets import cost_explorer


def scores(n: int, seed: int, prevalence: float = 0.3) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < prevalence).astype(int)
    # rounded to 2 decimals: many ties, some between a positive and a negative
    y_score = np.round(np.clip(rng.normal(0.35 + 0.3 * y_true, 0.15), 0, 1), 2)
    return y_true, y_score


def brute_force(y_true, y_score, ratio):
    """Lowest expected cost over every threshold, by hand: (threshold, cost, fp, fn) per row."""
    rows = []
    for threshold in np.r_[np.inf, np.unique(y_score)]:
        called = y_score >= threshold
        fp = int(np.sum(called & (y_true == 0)))
        fn = int(np.sum(~called & (y_true == 1)))
        rows.append((float(threshold), (1.0 * fp + ratio * fn) / len(y_true), fp, fn))
    return rows


@pytest.fixture
def no_frames(monkeypatch):
    monkeypatch.delenv(STATIC_FRAMES_VARIABLE, raising=False)


DATA = [scores(300, 1), scores(57, 2, prevalence=0.1), scores(500, 3, prevalence=0.6)]


@pytest.mark.parametrize("case", range(len(DATA)))
def test_readouts_are_the_brute_force_minimum(case, no_frames):
    y_true, y_score = DATA[case]
    explorer = cost_explorer(y_true, y_score)
    (parameter,) = explorer.parameters.values()
    assert len(parameter.values) == MAX_FRAMES
    for ratio in parameter.values:
        explorer.set(ratio=ratio)
        readout = explorer.readout
        rows = brute_force(y_true, y_score, ratio)
        lowest = min(cost for _, cost, _, _ in rows)
        assert math.isclose(readout["cost"], lowest, rel_tol=1e-12, abs_tol=1e-15), ratio
        # the readout's threshold is one of the cheapest, with the counts it shows
        (row,) = [r for r in rows if r[0] == readout["threshold"]]
        assert math.isclose(row[1], lowest, rel_tol=1e-12, abs_tol=1e-15)
        assert (readout["fp"], readout["fn"]) == (row[2], row[3])


def test_artists_follow_the_ratio(no_frames):
    y_true, y_score = DATA[0]
    n_pos, n_neg = int(np.sum(y_true == 1)), int(np.sum(y_true == 0))
    explorer = cost_explorer(y_true, y_score)
    fpr_all = [np.sum((y_score >= t) & (y_true == 0)) / n_neg for t in np.unique(y_score)]
    tpr_all = [np.sum((y_score >= t) & (y_true == 1)) / n_pos for t in np.unique(y_score)]
    seen = set()
    for ratio in [1 / 16, 0.5, 1.0, 4.0, 64.0]:
        explorer.set(ratio=ratio)
        threshold = explorer.readout["threshold"]
        called = y_score >= threshold
        fpr = np.sum(called & (y_true == 0)) / n_neg
        tpr = np.sum(called & (y_true == 1)) / n_pos
        (x_point,), (y_point,) = explorer.artists["roc"].point.get_data()
        assert math.isclose(x_point, fpr) and math.isclose(y_point, tpr)
        x_line, y_line = explorer.artists["iso_line"].get_data()
        slope = (y_line[1] - y_line[0]) / (x_line[1] - x_line[0])
        assert math.isclose(slope, n_neg / (ratio * n_pos), rel_tol=1e-12)
        # through the optimal point, and no ROC point above it (the line supports the hull)
        assert math.isclose(np.interp(fpr, x_line, y_line), tpr, abs_tol=1e-12)
        assert np.all(np.asarray(tpr_all) <= np.interp(fpr_all, x_line, y_line) + 1e-12)
        seen.add(threshold)
    assert len(seen) >= 3  # the optimal point moves along the hull
    # the hull drawn is the upper boundary: every ROC point on or below it
    hull_x, hull_y = explorer.artists["hull"].get_data()
    assert hull_x[0] == hull_y[0] == 0.0 and hull_x[-1] == hull_y[-1] == 1.0
    assert np.all(np.asarray(tpr_all) <= np.interp(fpr_all, hull_x, hull_y) + 1e-12)


def test_equal_costs_tie_goes_to_the_higher_threshold(no_frames):
    # y 0 0 1 1 0 1, s .1 .4 .35 .8 .7 .2: thresholds 0.8 (FN 2) and 0.2 (FP 2) both cost 2/6
    explorer = cost_explorer([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.2])
    assert explorer.values == {"ratio": 1.0}
    assert explorer.readout == {"threshold": 0.8, "cost": 2 / 6, "fp": 0.0, "fn": 2.0}
    explorer.set(ratio=16)  # a miss costs 16 false alarms: call down to 0.2, FP 2
    assert explorer.readout == {"threshold": 0.2, "cost": 2 / 6, "fp": 2.0, "fn": 0.0}
    explorer.set(ratio=1 / 16)  # a false alarm costs 16 misses: 0.8, FN 2 at 1/16 each
    assert explorer.readout == {"threshold": 0.8, "cost": 2 / 16 / 6, "fp": 0.0, "fn": 2.0}


def test_string_labels_and_pos_label(no_frames):
    y_true, y_score = DATA[1]
    labels = np.where(y_true == 1, "malignant", "benign")
    a = cost_explorer(y_true, y_score)
    b = cost_explorer(labels, y_score, pos_label="malignant")
    for ratio in [0.25, 1.0, 8.0]:
        a.set(ratio=ratio)
        b.set(ratio=ratio)
        assert a.readout == b.readout


def test_custom_ratios_and_initial(no_frames):
    y_true, y_score = DATA[0]
    explorer = cost_explorer(y_true, y_score, ratios=[1, 2, 5, 10], initial=4.0)
    assert explorer.values == {"ratio": 5.0}
    rows = brute_force(y_true, y_score, 5.0)
    assert math.isclose(explorer.readout["cost"], min(r[1] for r in rows), rel_tol=1e-12)


def test_one_sort_of_the_scores(monkeypatch, no_frames):
    """Like the other explorers of scores: one sort of the scores (in em.sweep), none of an
    array of at least a quarter as many elements (the hull's points arrive sorted)."""
    rng = np.random.default_rng(12)
    y_true = (rng.random(1999) < 0.3).astype(int)
    y_score = rng.random(1999)  # distinct: 2000 ROC points
    sizes = []
    for name in ("argsort", "sort", "lexsort"):
        original = getattr(np, name)

        def wrapper(a, *args, _original=original, **kwargs):
            sizes.append(np.shape(a)[-1] if np.ndim(a) else 0)
            return _original(a, *args, **kwargs)

        monkeypatch.setattr(np, name, wrapper)
    explorer = cost_explorer(y_true, y_score)
    for value in explorer.parameters["ratio"].values[::7]:
        explorer.set(ratio=value)
    assert [size for size in sizes if size >= 1999 // 4] == [1999]


DATA_PATTERN = re.compile(r'<script type="application/json" class="em-data">(.*?)</script>', re.S)


def test_static_frames(monkeypatch):
    monkeypatch.setenv(STATIC_FRAMES_VARIABLE, "1")
    y_true, y_score = DATA[0]
    explorer = cost_explorer(y_true, y_score)
    text = explorer._repr_mimebundle_()["text/html"]
    payload = json.loads(DATA_PATTERN.search(text).group(1).replace("<\\/", "</"))
    assert len(payload["frames"]) == len(payload["readouts"]) == MAX_FRAMES
    assert len(set(payload["frames"])) > 5  # the line turns, the point moves
    assert len(re.findall(r'<input type="range"[^>]*>', text)) == 1
    assert "http://" not in text and "https://" not in text
    assert not re.search(r"<script[^>]*\bsrc=", text)
    # every frame's readout is the brute-force minimum of its ratio
    ratios = explorer.parameters["ratio"].values
    for ratio, readout in zip(ratios, payload["readouts"], strict=True):
        value = float(re.search(r'data-metric="cost" data-value="([^"]+)"', readout).group(1))
        lowest = min(r[1] for r in brute_force(y_true, y_score, ratio))
        assert math.isclose(value, lowest, rel_tol=1e-12, abs_tol=1e-15)
    assert explorer.values == {"ratio": 1.0}  # rendering the frames left it where it was


def test_default_ratios_are_log_spaced_from_1_16_to_64():
    y_true, y_score = DATA[0]
    values = np.array(cost_explorer(y_true, y_score).parameters["ratio"].values)
    assert values[0] == 1 / 16 and values[-1] == 64.0 and 1.0 in values
    assert np.allclose(values[1:] / values[:-1], 2**0.25, rtol=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"ratios": [1, 0, 2]}, ValueError, r"ratios\[1\] must lie in \(0, inf\)"),
        ({"ratios": [1, -2]}, ValueError, r"ratios\[1\] must lie in \(0, inf\)"),
        ({"ratios": [1, math.inf]}, ValueError, r"ratios\[1\]"),
        ({"ratios": [math.nan]}, ValueError, r"ratios\[0\]"),
        ({"ratios": []}, ValueError, "ratios"),
        ({"ratios": [[1, 2]]}, ValueError, "ratios"),
        ({"ratios": ["high"]}, (TypeError, ValueError), "ratios"),
        ({"initial": "one"}, TypeError, "initial"),
        ({"initial": math.nan}, ValueError, "initial"),
    ],
)
def test_bad_options_name_the_argument(kwargs, error, message, no_frames):
    y_true, y_score = DATA[0]
    with pytest.raises(error, match=message):
        cost_explorer(y_true, y_score, **kwargs)


@pytest.mark.parametrize(
    ("y_true", "y_score", "error", "message"),
    [
        ([1, 1, 1], [0.1, 0.2, 0.3], ValueError, "y_true has no negatives"),
        ([0, 0, 0], [0.1, 0.2, 0.3], ValueError, "y_true has no positives"),
        ([0, 1, 1], [0.1, 0.2], ValueError, "y_true"),
        ([0, 1, 1], [0.1, math.nan, 0.3], ValueError, "y_score"),
        ([0, 1, 2], [0.1, 0.2, 0.3], ValueError, "y_true"),
        ([], [], ValueError, "y_true|y_score"),
    ],
)
def test_bad_data_names_the_argument(y_true, y_score, error, message, no_frames):
    with pytest.raises(error, match=message):
        cost_explorer(y_true, y_score)


def test_pos_label_not_present_names_y_true(no_frames):
    with pytest.raises(ValueError, match="y_true"):
        cost_explorer([0, 1, 1], [0.1, 0.2, 0.3], pos_label="yes")


@pytest.mark.parametrize("seed", range(20))
def test_roc_convex_hull_of_ordered_points_equals_the_sorted_path(seed, monkeypatch):
    """The explorer relies on st.roc_convex_hull taking points already ordered by fpr, then tpr
    (as roc_curve returns them) without a lexsort: the result must be that of shuffled input,
    which takes the lexsort path. Vertices are compared as points, and each index must point at
    its vertex."""
    import evalmetrics as em
    import evalmetrics.stats as st

    rng = np.random.default_rng(seed)
    y_true = (rng.random(60) < 0.4).astype(int)
    y_true[:2] = [0, 1]
    y_score = np.round(rng.random(60), 1)  # ties: repeated and collinear ROC points
    fpr, tpr, _ = em.roc_curve(y_true, y_score)
    fpr, tpr = np.r_[fpr, fpr[-1]], np.r_[tpr, tpr[-1]]  # a repeated point as well
    shuffled = rng.permutation(len(fpr))
    slow_fpr, slow_tpr, slow_index = st.roc_convex_hull(fpr[shuffled], tpr[shuffled])
    lexsorts = []
    original = np.lexsort
    monkeypatch.setattr(np, "lexsort", lambda *a, **k: lexsorts.append(1) or original(*a, **k))
    fast_fpr, fast_tpr, fast_index = st.roc_convex_hull(fpr, tpr)
    assert not lexsorts
    assert np.array_equal(fast_fpr, slow_fpr) and np.array_equal(fast_tpr, slow_tpr)
    assert np.array_equal(fpr[fast_index], fast_fpr) and np.array_equal(tpr[fast_index], fast_tpr)
    assert np.array_equal(fpr[shuffled][slow_index], slow_fpr)
    # a repeated vertex keeps its first input position on both paths
    for k, i in enumerate(fast_index):
        same = np.flatnonzero((fpr == fast_fpr[k]) & (tpr == fast_tpr[k]))
        assert i == same[0]
