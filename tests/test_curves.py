"""sweep, roc_curve, roc_auc, pr_curve, average_precision, counts_at: hand-computed values.

The tiny example with ties used throughout (n_pos = 4, n_neg = 4):

    score : 0.9  0.8  0.8  0.6  0.6  0.6  0.3  0.1
    label :  1    0    1    1    0    0    1    0

Thresholds (descending, inf first) and cumulative counts, by hand:

    threshold : inf  0.9  0.8  0.6  0.3  0.1
    TP        :  0    1    2    3    4    4
    FP        :  0    0    1    3    3    4
"""

import contextlib
import math
import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import Counts, UndefinedMetricWarning

Y = [1, 0, 1, 1, 0, 0, 1, 0]
S = [0.9, 0.8, 0.8, 0.6, 0.6, 0.6, 0.3, 0.1]


@contextlib.contextmanager
def no_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def shuffled(seed=0):
    order = np.random.default_rng(seed).permutation(len(Y))
    return np.asarray(Y)[order], np.asarray(S)[order]


# --- sweep --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [None, 0, 1, 2])
def test_sweep_by_hand_in_any_input_order(seed):
    y, s = (Y, S) if seed is None else shuffled(seed)
    sw = em.sweep(y, s)
    np.testing.assert_array_equal(sw.thresholds, [np.inf, 0.9, 0.8, 0.6, 0.3, 0.1])
    np.testing.assert_array_equal(sw.tp, [0, 1, 2, 3, 4, 4])
    np.testing.assert_array_equal(sw.fp, [0, 0, 1, 3, 3, 4])
    np.testing.assert_array_equal(sw.tn, [4, 4, 3, 1, 1, 0])
    np.testing.assert_array_equal(sw.fn, [4, 3, 2, 1, 0, 0])
    assert (sw.n_pos, sw.n_neg, len(sw)) == (4, 4, 6)
    assert sw.tp.dtype == np.int64 and sw.fp.dtype == np.int64


def test_sweep_arrays_are_read_only():
    sw = em.sweep(Y, S)
    with pytest.raises(ValueError):
        sw.tp[0] = 5
    with pytest.raises(ValueError):
        sw.thresholds[1] = 0.0


def test_sweep_counts_by_index():
    sw = em.sweep(Y, S)
    assert sw.counts(0) == Counts(tp=0, fp=0, tn=4, fn=4)
    assert sw.counts(3) == Counts(tp=3, fp=3, tn=1, fn=1)
    assert sw.counts(-1) == Counts(tp=4, fp=4, tn=0, fn=0)
    assert sw.counts(np.int64(2)) == Counts(tp=2, fp=1, tn=3, fn=2)


@pytest.mark.parametrize(
    "threshold, expected",
    [
        (np.inf, Counts(tp=0, fp=0, tn=4, fn=4)),
        (1.5, Counts(tp=0, fp=0, tn=4, fn=4)),
        (0.9, Counts(tp=1, fp=0, tn=4, fn=3)),  # >= : the score 0.9 is positive
        (0.85, Counts(tp=1, fp=0, tn=4, fn=3)),
        (0.8, Counts(tp=2, fp=1, tn=3, fn=2)),
        (0.7, Counts(tp=2, fp=1, tn=3, fn=2)),
        (0.6, Counts(tp=3, fp=3, tn=1, fn=1)),
        (0.3, Counts(tp=4, fp=3, tn=1, fn=0)),
        (0.2, Counts(tp=4, fp=3, tn=1, fn=0)),
        (0.1, Counts(tp=4, fp=4, tn=0, fn=0)),
        (-7, Counts(tp=4, fp=4, tn=0, fn=0)),
        (-np.inf, Counts(tp=4, fp=4, tn=0, fn=0)),
    ],
)
def test_counts_at_and_sweep_at_any_threshold(threshold, expected):
    assert em.counts_at(Y, S, threshold=threshold) == expected
    assert em.sweep(Y, S).at(threshold) == expected


def test_sweep_at_matches_direct_counting_on_random_data():
    rng = np.random.default_rng(7)
    for _ in range(50):
        n = int(rng.integers(1, 30))
        y = rng.integers(0, 2, n)
        s = rng.integers(0, 5, n) / 4
        sw = em.sweep(y, s, zero_division=float("nan"))  # some draws have one class only
        for t in np.concatenate([np.unique(s), np.unique(s) + 0.1, [-1.0, 2.0]]):
            predicted = s >= t
            expected = Counts(
                tp=int(np.sum(predicted & (y == 1))),
                fp=int(np.sum(predicted & (y == 0))),
                tn=int(np.sum(~predicted & (y == 0))),
                fn=int(np.sum(~predicted & (y == 1))),
            )
            assert sw.at(t) == expected, (y, s, t)


def test_sweep_pos_label_strings():
    sw = em.sweep(["b", "a", "b"], [3, 2, 1], pos_label="a")
    np.testing.assert_array_equal(sw.thresholds, [np.inf, 3, 2, 1])
    np.testing.assert_array_equal(sw.tp, [0, 0, 1, 1])
    np.testing.assert_array_equal(sw.fp, [0, 1, 1, 2])


def test_sweep_single_sample():
    sw = em.sweep([1], [0.5], zero_division=float("nan"))  # no negatives: fpr is 0/0
    np.testing.assert_array_equal(sw.thresholds, [np.inf, 0.5])
    np.testing.assert_array_equal(sw.tp, [0, 1])
    np.testing.assert_array_equal(sw.fp, [0, 0])


# --- ROC ----------------------------------------------------------------------------------------


def test_roc_curve_by_hand():
    fpr, tpr, thresholds = em.roc_curve(Y, S)
    np.testing.assert_array_equal(fpr, [0, 0, 0.25, 0.75, 0.75, 1])
    np.testing.assert_array_equal(tpr, [0, 0.25, 0.5, 0.75, 1, 1])
    np.testing.assert_array_equal(thresholds, [np.inf, 0.9, 0.8, 0.6, 0.3, 0.1])


def test_roc_auc_by_hand_with_ties():
    # pairs (positive, negative), counting ties 1/2:
    # 0.9 beats 4; 0.8 beats 3 and ties 1 (3.5); 0.6 beats 1, ties 2 (2); 0.3 beats 1 -> 10.5
    assert em.roc_auc(Y, S) == 10.5 / 16
    # the trapezoids under the hand ROC points: 0 + .09375 + .3125 + 0 + .25 = .65625
    assert 0.09375 + 0.3125 + 0.25 == 10.5 / 16


@pytest.mark.parametrize(
    "y, s, expected",
    [
        ([0, 0, 1, 1], [1, 2, 3, 4], 1.0),
        ([1, 1, 0, 0], [1, 2, 3, 4], 0.0),
        ([0, 1, 0, 1], [5, 5, 5, 5], 0.5),  # all tied
        ([0, 1], [0.3, 0.3], 0.5),
        ([1, 0, 0], [0.5, 0.5, 0.1], 0.75),  # 1/2 + 1 over 2 pairs
    ],
)
def test_roc_auc_small_cases(y, s, expected):
    assert em.roc_auc(y, s) == expected


def test_roc_auc_is_invariant_to_the_label_encoding():
    y_str = np.where(np.asarray(Y) == 1, "pos", "neg")
    assert em.roc_auc(y_str, S, pos_label="pos") == 10.5 / 16
    # scoring the other class: AUC becomes 1 - AUC
    assert em.roc_auc(Y, S, pos_label=0) == 1 - 10.5 / 16


@pytest.mark.parametrize("y", [[1, 1, 1], [0, 0, 0]])
def test_one_class_roc_auc_is_nan_with_warning(y):
    with pytest.warns(UndefinedMetricWarning, match="ROC AUC"):
        assert math.isnan(em.roc_auc(y, [0.1, 0.2, 0.3]))


def test_one_class_roc_curve_has_nan_rates_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="false positive rate"):
        fpr, tpr, _ = em.roc_curve([1, 1], [0.2, 0.4])
    assert np.isnan(fpr).all()
    np.testing.assert_array_equal(tpr, [0, 0.5, 1])
    with pytest.warns(UndefinedMetricWarning, match="true positive rate"):
        fpr, tpr, _ = em.roc_curve([0, 0], [0.2, 0.4])
    assert np.isnan(tpr).all()
    np.testing.assert_array_equal(fpr, [0, 0.5, 1])


# --- PR and AP ----------------------------------------------------------------------------------


def test_pr_curve_by_hand():
    precision, recall, thresholds = em.pr_curve(Y, S)
    np.testing.assert_allclose(precision, [1, 2 / 3, 1 / 2, 4 / 7, 1 / 2], rtol=1e-15)
    np.testing.assert_array_equal(recall, [0.25, 0.5, 0.75, 1, 1])
    np.testing.assert_array_equal(thresholds, [0.9, 0.8, 0.6, 0.3, 0.1])


def test_average_precision_by_hand():
    # steps: recall +.25 at 0.9 (P 1), 0.8 (P 2/3), 0.6 (P 1/2), 0.3 (P 4/7); 0 at 0.1
    expected = 0.25 * (1 + 2 / 3 + 1 / 2 + 4 / 7)  # = 115/168
    assert em.average_precision(Y, S) == pytest.approx(expected, rel=1e-15)
    assert em.average_precision(Y, S) == pytest.approx(115 / 168, rel=1e-15)


def test_average_precision_ties_share_the_precision_of_the_tie():
    # both positives tie with one negative at 0.5: one threshold, P = 2/3, recall 0 -> 1
    assert em.average_precision([1, 1, 0], [0.5, 0.5, 0.5]) == pytest.approx(2 / 3, rel=1e-15)
    # no tie: ranks 1 and 3 -> (1 + 2/3) / 2
    assert em.average_precision([1, 0, 1], [0.9, 0.5, 0.1]) == pytest.approx(5 / 6, rel=1e-15)


def test_average_precision_only_positives_is_one_and_no_positives_is_nan():
    with no_warnings():
        assert em.average_precision([1, 1], [0.3, 0.9]) == 1.0
    with pytest.warns(UndefinedMetricWarning, match="average precision"):
        assert math.isnan(em.average_precision([0, 0], [0.3, 0.9]))


def test_pr_curve_without_positives_has_nan_recall():
    with pytest.warns(UndefinedMetricWarning, match="recall"):
        precision, recall, _ = em.pr_curve([0, 0], [0.3, 0.9])
    np.testing.assert_array_equal(precision, [0, 0])
    assert np.isnan(recall).all()


def test_pr_curve_end_points():
    precision, recall, thresholds = em.pr_curve(Y, S)
    assert recall[-1] == 1.0 and precision[-1] == 0.5  # everything positive: prevalence
    assert thresholds[0] == max(S)  # no artificial (recall 0, precision 1) point


def test_fast_paths_agree_with_the_hand_sweep_sums():
    fpr, tpr, _ = em.roc_curve(Y, S)
    assert em.roc_auc(Y, S) == pytest.approx(np.trapezoid(tpr, fpr), rel=1e-15)
    precision, recall, _ = em.pr_curve(Y, S)
    steps = np.diff(np.concatenate([[0.0], recall])) * precision
    assert em.average_precision(Y, S) == pytest.approx(steps.sum(), rel=1e-15)


# --- the one 0/0 knob: zero_division -----------------------------------------------------------


def test_sweep_warns_once_per_missing_class_and_zero_division_chooses_silently():
    with pytest.warns(UndefinedMetricWarning, match="false positive rate") as record:
        sw = em.sweep([1, 1, 1], [0.2, 0.4, 0.4])
    assert len(record) == 1
    assert "for 3 of 3 thresholds" in str(record[0].message)
    assert np.isnan(sw.fpr).all()
    np.testing.assert_array_equal(sw.tpr, [0, 2 / 3, 1])
    for value in (0.0, 1.0):
        with no_warnings():
            sw = em.sweep([0, 0], [0.2, 0.4], zero_division=value)
        np.testing.assert_array_equal(sw.tpr, [value] * 3)
        assert sw.recall is sw.tpr
        np.testing.assert_array_equal(sw.fpr, [0, 0.5, 1])


def test_sweep_precision_at_infinity_is_nan_silently_whatever_the_policy():
    for value in ("warn", 0.0, 1.0):
        with no_warnings():
            sw = em.sweep([0, 1, 1], [0.1, 0.5, 0.9], zero_division=value)
        assert np.isnan(sw.precision[0])
        np.testing.assert_array_equal(sw.precision[1:], [1, 1, 2 / 3])


def test_sweep_rate_arrays_are_read_only():
    sw = em.sweep(Y, S)
    for name in ("tpr", "fpr", "recall", "precision"):
        with pytest.raises(ValueError, match="read-only"):
            getattr(sw, name)[0] = 0.5


def test_sweep_rejects_a_bad_zero_division():
    with pytest.raises(ValueError, match="zero_division"):
        em.sweep(Y, S, zero_division=0.5)
    with pytest.raises(ValueError, match="zero_division"):
        em.roc_curve(Y, S, zero_division="skip")


def test_roc_curve_zero_division_fills_the_undefined_rate():
    with no_warnings():
        fpr, tpr, _ = em.roc_curve([1, 1], [0.2, 0.4], zero_division=0.0)
    np.testing.assert_array_equal(fpr, [0, 0, 0])
    np.testing.assert_array_equal(tpr, [0, 0.5, 1])


def test_roc_auc_zero_division():
    for value in (0.0, 1.0):
        with no_warnings():
            assert em.roc_auc([1, 1, 1], [0.1, 0.2, 0.3], zero_division=value) == value
    with no_warnings():
        assert math.isnan(em.roc_auc([0, 0], [0.1, 0.2], zero_division=float("nan")))
    with pytest.warns(UndefinedMetricWarning, match="number of negatives in y_true is 0"):
        em.roc_auc([1, 1], [0.1, 0.2])
    with pytest.warns(UndefinedMetricWarning, match="number of positives in y_true is 0"):
        em.roc_auc([0, 0], [0.1, 0.2])


def test_pr_curve_zero_division_and_no_fpr_warning_without_negatives():
    with no_warnings():  # no negatives: the PR curve is defined, the FPR is not its business
        precision, recall, _ = em.pr_curve([1, 1], [0.2, 0.4])
    np.testing.assert_array_equal(precision, [1, 1])
    np.testing.assert_array_equal(recall, [0.5, 1])
    with no_warnings():
        _, recall, _ = em.pr_curve([0, 0], [0.3, 0.9], zero_division=1.0)
    np.testing.assert_array_equal(recall, [1, 1])


def test_average_precision_zero_division():
    for value in (0.0, 1.0):
        with no_warnings():
            assert em.average_precision([0, 0], [0.3, 0.9], zero_division=value) == value


def test_counts_at_never_warns_on_one_class():
    with no_warnings():
        assert em.counts_at([1, 1], [0.2, 0.4], threshold=0.3) == Counts(tp=1, fp=0, tn=0, fn=1)
        assert em.counts_at([0, 0], [0.2, 0.4], threshold=0.3) == Counts(tp=0, fp=1, tn=1, fn=0)


def test_curves_come_from_the_sweep_arrays():
    sw = em.sweep(Y, S)
    fpr, tpr, thresholds = em.roc_curve(Y, S)
    np.testing.assert_array_equal(fpr, sw.fpr)
    np.testing.assert_array_equal(tpr, sw.tpr)
    precision, recall, _ = em.pr_curve(Y, S)
    np.testing.assert_array_equal(precision, sw.precision[1:])
    np.testing.assert_array_equal(recall, sw.recall[1:])
    fpr[0] = 0.5  # the returned arrays are copies: the sweep's stay read-only and unchanged
    assert sw.fpr[0] == 0
