"""Counts, counts() and confusion_matrix(): hand-computed values and the documents' examples.

Every expected value below is written from hand arithmetic (shown in the comments), never
computed with the code under test.
"""

import contextlib
import dataclasses
import math
import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import Counts, UndefinedMetricWarning


@contextlib.contextmanager
def no_warnings():
    """Turn any warning into an error inside the block."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# --- the documents' worked examples -----------------------------------------------------------


def test_fish_pond_document_002():
    # 1400 carp, 300 shrimp, 300 turtles; the net catches 700 carp, 200 shrimp, 100 turtles
    pond = Counts(tp=700, fp=300, tn=300, fn=700)
    assert pond.precision == 0.7  # 700 / 1000
    assert pond.recall == 0.5  # 700 / 1400
    assert pond.f1 == pytest.approx(7 / 12, rel=1e-15)  # 2 * 0.7 * 0.5 / 1.2 = 0.58333...
    assert pond.e_measure(beta=1.0) == pytest.approx(5 / 12, rel=1e-15)
    assert pond.n == 2000
    assert pond.prevalence == 0.7  # 1400 / 2000


def test_net_that_catches_everything_document_002():
    everything = Counts(tp=1400, fp=600, tn=0, fn=0)
    assert everything.precision == 0.7  # 1400 / 2000
    assert everything.recall == 1.0
    assert everything.f1 == pytest.approx(14 / 17, rel=1e-15)  # 2 * 0.7 / 1.7 = 0.8235...


def test_earthquake_always_zero_100_days_document_000():
    # 100 days, one earthquake, the model always predicts 0
    c = em.counts([1] + [0] * 99, [0] * 100)
    assert c == Counts(tp=0, fp=0, tn=99, fn=1)
    assert c.accuracy == 0.99
    with pytest.warns(UndefinedMetricWarning, match="precision"):
        assert math.isnan(c.precision)  # 0 / 0: nothing predicted positive
    assert c.recall == 0.0
    assert c.f1 == 0.0  # 2*0 / (2*0 + 1 + 0): defined although precision is not


def test_earthquake_models_1000_days_document_000():
    y_true = [1] * 10 + [0] * 990
    cautious = em.counts(y_true, [1] + [0] * 999)  # predicts 1 day, correctly
    assert cautious == Counts(tp=1, fp=0, tn=990, fn=9)
    assert cautious.precision == 1.0
    assert cautious.recall == 0.1
    eager = em.counts(y_true, [1] * 100 + [0] * 900)  # predicts 100 days, all 10 inside
    assert eager == Counts(tp=10, fp=90, tn=900, fn=0)
    assert eager.precision == 0.1
    assert eager.recall == 1.0


# --- Counts -----------------------------------------------------------------------------------


def test_all_rates_of_one_small_table():
    c = Counts(tp=3, fp=1, tn=4, fn=2)  # n = 10
    assert c.n == 10
    assert c.prevalence == 0.5  # (3 + 2) / 10
    assert c.precision == 0.75  # 3 / 4
    assert c.recall == 0.6  # 3 / 5
    assert c.accuracy == 0.7  # 7 / 10
    assert c.specificity == 0.8  # 4 / 5
    assert c.fpr == pytest.approx(0.2, rel=1e-15)  # 1 / 5
    assert c.fnr == 0.4  # 2 / 5
    assert c.f1 == 2 / 3  # 6 / (6 + 2 + 1) = 6/9
    assert c.fbeta(beta=2.0) == 0.625  # 5*3 / (5*3 + 4*2 + 1) = 15/24
    assert c.fbeta(beta=0.5) == pytest.approx(0.75 / 1.05, rel=1e-15)  # 1.25*3 / (3.75 + 0.5 + 1)
    assert c.e_measure(beta=2.0) == 0.375


def test_beta_weights_recall():
    # precision 0.75 > recall 0.6: a larger beta moves F towards recall
    c = Counts(tp=3, fp=1, tn=4, fn=2)
    assert c.fbeta(beta=0.25) > c.f1 > c.fbeta(beta=4.0)
    assert 0.6 < c.fbeta(beta=4.0) < 0.61  # 17*3 / (51 + 32 + 1) = 51/84 = 0.607


def test_counts_are_immutable_and_normalised_to_int():
    c = Counts(tp=np.int64(2), fp=np.uint8(1), tn=0, fn=True + 0)
    assert type(c.tp) is int and type(c.fp) is int
    assert c == Counts(2, 1, 0, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.tp = 5  # type: ignore[misc]


def test_to_matrix_has_the_layout_of_confusion_matrix():
    c = Counts(tp=3, fp=1, tn=5, fn=2)
    np.testing.assert_array_equal(c.to_matrix(), [[5, 1], [2, 3]])
    y_true = [0] * 6 + [1] * 5
    y_pred = [0] * 5 + [1] + [0] * 2 + [1] * 3
    np.testing.assert_array_equal(em.confusion_matrix(y_true, y_pred), c.to_matrix())
    assert em.counts(y_true, y_pred) == c


def test_repr_and_html():
    c = Counts(tp=7, fp=3, tn=11, fn=5)
    assert repr(c) == "Counts(tp=7, fp=3, tn=11, fn=5)"
    html = c._repr_html_()
    for text in ("TP = 7", "FP = 3", "TN = 11", "FN = 5", "predicted positive", "actual negative"):
        assert text in html


# --- 0/0 under every policy -------------------------------------------------------------------


@pytest.mark.parametrize(
    "prop, counts",
    [
        ("precision", Counts(tp=0, fp=0, tn=3, fn=2)),
        ("recall", Counts(tp=0, fp=2, tn=3, fn=0)),
        ("specificity", Counts(tp=2, fp=0, tn=0, fn=1)),
        ("fpr", Counts(tp=2, fp=0, tn=0, fn=1)),
        ("fnr", Counts(tp=0, fp=1, tn=1, fn=0)),
        ("f1", Counts(tp=0, fp=0, tn=4, fn=0)),
        ("accuracy", Counts(tp=0, fp=0, tn=0, fn=0)),
        ("prevalence", Counts(tp=0, fp=0, tn=0, fn=0)),
    ],
)
def test_property_zero_over_zero_warns_and_returns_nan(prop, counts):
    name = {"fpr": "false positive", "fnr": "false negative", "f1": "F"}.get(prop, prop)
    with pytest.warns(UndefinedMetricWarning, match=name):
        assert math.isnan(getattr(counts, prop))


@pytest.mark.parametrize("zero_division", [0.0, 1.0])
def test_fbeta_and_e_measure_zero_division_values(zero_division):
    # zero_division is the value of the metric asked for: E's for e_measure, not F's
    c = Counts(tp=0, fp=0, tn=4, fn=0)  # TP + FP + FN = 0
    with no_warnings():
        assert c.fbeta(beta=1.0, zero_division=zero_division) == zero_division
        assert c.e_measure(beta=2.0, zero_division=zero_division) == zero_division


def test_fbeta_and_e_measure_zero_division_nan_is_silent_and_warn_warns():
    c = Counts(tp=0, fp=0, tn=4, fn=0)
    with no_warnings():
        assert math.isnan(c.fbeta(beta=1.0, zero_division=float("nan")))
        assert math.isnan(c.e_measure(beta=1.0, zero_division=np.nan))
    with pytest.warns(UndefinedMetricWarning, match="F-beta"):
        assert math.isnan(c.fbeta(beta=3.0))
    with pytest.warns(UndefinedMetricWarning, match=r"^E-measure \(beta=2\) is undefined"):
        assert math.isnan(c.e_measure(beta=2.0))


def test_fbeta_is_defined_when_precision_is_not():
    c = Counts(tp=0, fp=0, tn=4, fn=3)  # precision 0/0 but TP + FP + FN = 3
    with no_warnings():
        assert c.fbeta(beta=1.0) == 0.0
        assert c.e_measure(beta=0.5) == 1.0


# --- counts() -----------------------------------------------------------------------------------


def test_counts_with_string_labels_and_pos_label():
    y_true = ["spam", "ham", "spam", "ham", "spam"]
    y_pred = ["spam", "spam", "ham", "ham", "spam"]
    assert em.counts(y_true, y_pred, pos_label="spam") == Counts(tp=2, fp=1, tn=1, fn=1)
    assert em.counts(y_true, y_pred, pos_label="ham") == Counts(tp=1, fp=1, tn=2, fn=1)


def test_counts_with_minus_one_plus_one_and_bool_labels():
    assert em.counts([-1, 1, 1, -1], [1, 1, -1, -1]) == Counts(tp=1, fp=1, tn=1, fn=1)
    assert em.counts([True, False, True], [True, True, True]) == Counts(tp=2, fp=1, tn=0, fn=0)
    assert em.counts([1.0, 0.0, 1.0], [1, 0, 0]) == Counts(tp=1, fp=0, tn=1, fn=1)


def test_counts_single_label_not_pos_label_is_all_negative():
    assert em.counts([0, 0, 0], [0, 0, 0]) == Counts(tp=0, fp=0, tn=3, fn=0)
    assert em.counts(["a", "a"], ["a", "a"]) == Counts(tp=0, fp=0, tn=2, fn=0)
    assert em.counts([1, 1], [1, 1]) == Counts(tp=2, fp=0, tn=0, fn=0)


# --- confusion_matrix() -------------------------------------------------------------------------


def test_confusion_matrix_rows_true_columns_predicted_sorted_labels():
    y_true = [2, 0, 2, 2, 0, 1]
    y_pred = [0, 0, 2, 2, 0, 2]
    # labels sorted: 0, 1, 2
    # true 0 -> predicted 0, 0          : row [2, 0, 0]
    # true 1 -> predicted 2             : row [0, 0, 1]
    # true 2 -> predicted 0, 2, 2       : row [1, 0, 2]
    expected = [[2, 0, 0], [0, 0, 1], [1, 0, 2]]
    cm = em.confusion_matrix(y_true, y_pred)
    np.testing.assert_array_equal(cm, expected)
    assert cm.dtype == np.int64


def test_confusion_matrix_given_label_order_and_absent_labels():
    y_true = ["cat", "dog", "dog"]
    y_pred = ["dog", "dog", "cat"]
    cm = em.confusion_matrix(y_true, y_pred, labels=["dog", "bird", "cat"])
    # rows/cols: dog, bird, cat. true dog -> dog, cat; true cat -> dog
    np.testing.assert_array_equal(cm, [[1, 0, 1], [0, 0, 0], [1, 0, 0]])


def test_confusion_matrix_single_sample_and_single_label():
    np.testing.assert_array_equal(em.confusion_matrix([3], [3]), [[1]])
    np.testing.assert_array_equal(em.confusion_matrix([3], [5]), [[0, 1], [0, 0]])


def test_confusion_matrix_rejects_values_outside_labels_instead_of_dropping():
    with pytest.raises(ValueError, match="y_pred contains the label 2 at index 1"):
        em.confusion_matrix([0, 1], [0, 2], labels=[0, 1])
    with pytest.raises(ValueError, match="y_true contains the label 'c' at index 2"):
        em.confusion_matrix(["a", "b", "c"], ["a", "a", "a"], labels=["a", "b"])


def test_confusion_matrix_mixed_int_and_float_labels_are_the_same_class():
    np.testing.assert_array_equal(em.confusion_matrix([0, 1, 1], [0.0, 1.0, 0.0]), [[1, 0], [1, 1]])


# --- Counts.at_prevalence ------------------------------------------------------------------------


def test_at_prevalence_by_hand():
    model = Counts(tp=9, fp=5, tn=45, fn=1)  # recall 9/10, false positive rate 5/50
    # 10,000 items at 1%: 100 positives, 90 found; 9,900 negatives, 990 false alarms
    assert model.at_prevalence(prevalence=0.01, n_samples=10_000) == Counts(
        tp=90, fp=990, tn=8910, fn=10
    )
    # at 50% on 20 items: 10 positives, 9 found; 10 negatives, 1 false alarm
    assert model.at_prevalence(prevalence=0.5, n_samples=20) == Counts(tp=9, fp=1, tn=9, fn=1)


def test_at_prevalence_rounds_halves_up():
    model = Counts(tp=1, fp=1, tn=1, fn=1)  # recall 1/2, false positive rate 1/2
    # 0.5 * 6 = 3 positives; TP = 1.5 -> 2; 3 negatives, FP = 1.5 -> 2 (round() would give 2, 2)
    assert model.at_prevalence(prevalence=0.5, n_samples=6) == Counts(tp=2, fp=2, tn=1, fn=1)
    # 0.25 * 2 = 0.5 positives -> 1 (round() would give 0); TP = 0.5 -> 1; FP = 0.5 -> 1
    assert model.at_prevalence(prevalence=0.25, n_samples=2) == Counts(tp=1, fp=1, tn=0, fn=0)
    # 2.5 -> 3 positives (round() gives 2), TP 1.5 -> 2; 2 negatives, FP 1
    assert model.at_prevalence(prevalence=0.5, n_samples=5) == Counts(tp=2, fp=1, tn=1, fn=1)


def test_at_prevalence_ends_and_sizes():
    model = Counts(tp=3, fp=2, tn=6, fn=1)  # recall 3/4, FPR 1/4
    assert model.at_prevalence(prevalence=0.0, n_samples=8) == Counts(tp=0, fp=2, tn=6, fn=0)
    assert model.at_prevalence(prevalence=1.0, n_samples=8) == Counts(tp=6, fp=0, tn=0, fn=2)
    rng = np.random.default_rng(4)
    for _ in range(200):
        prevalence = float(rng.uniform(0, 1))
        n_samples = int(rng.integers(1, 5000))
        moved = model.at_prevalence(prevalence=prevalence, n_samples=n_samples)
        assert moved.n == n_samples
        assert abs(moved.tp + moved.fn - prevalence * n_samples) <= 0.5
        assert abs(moved.tp - 0.75 * (moved.tp + moved.fn)) <= 0.5
        assert abs(moved.fp - 0.25 * (moved.fp + moved.tn)) <= 0.5


def test_at_prevalence_options_are_keyword_only():
    with pytest.raises(TypeError):
        Counts(tp=1, fp=1, tn=1, fn=1).at_prevalence(0.5, 10)
