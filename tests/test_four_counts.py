"""The four-count metrics: NPV, balanced accuracy, MCC, Cohen's kappa, Youden's
J, the likelihood ratios, and Counts.one_vs_rest.

Expected values are computed by hand from the four counts (fractions written out), never by the
code under test; scikit-learn agreement is in tests/test_crosscheck_sklearn_four_counts.py.
"""

import math
import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import Counts, UndefinedMetricWarning

# TP = 3, FP = 1, TN = 5, FN = 2 (n = 11)
Y_TRUE = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
Y_PRED = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0]
C = Counts(tp=3, fp=1, tn=5, fn=2)
# by hand
TPR, TNR, FPR, FNR = 3 / 5, 5 / 6, 1 / 6, 2 / 5
HAND = {
    "npv": 5 / 7,
    "balanced_accuracy": (3 / 5 + 5 / 6) / 2,
    "mcc": (3 * 5 - 1 * 2) / math.sqrt(4 * 5 * 6 * 7),
    # p_o = 8/11, p_e = (4 * 5 + 7 * 6) / 121 = 62/121
    "cohen_kappa": (8 / 11 - 62 / 121) / (1 - 62 / 121),
    "youden_j": 3 / 5 + 5 / 6 - 1,
    "lr_plus": (3 / 5) / (1 / 6),
    "lr_minus": (2 / 5) / (5 / 6),
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_property_and_function_equal_the_hand_value(name):
    assert getattr(C, name) == pytest.approx(HAND[name], rel=1e-12)
    assert getattr(em, name)(Y_TRUE, Y_PRED) == pytest.approx(HAND[name], rel=1e-12)


def test_the_counts_of_the_example_are_what_the_hand_values_assume():
    assert em.counts(Y_TRUE, Y_PRED) == C


@pytest.mark.parametrize("name", ["mcc", "cohen_kappa", "balanced_accuracy"])
def test_symmetric_metrics_do_not_depend_on_which_class_is_positive(name):
    flipped = [1 - y for y in Y_TRUE], [1 - y for y in Y_PRED]
    assert getattr(em, name)(*flipped) == pytest.approx(HAND[name], rel=1e-12)


def test_multiclass_mcc_kappa_and_balanced_accuracy_by_hand():
    # true a a a b b c ; pred a a b b c c  -> C = [[2,1,0],[0,1,1],[0,0,1]]
    y_true = list("aaabbc")
    y_pred = list("aabbcc")
    t = np.array([3, 2, 1])
    p = np.array([2, 2, 2])
    n, correct = 6, 4
    r_k = (correct * n - t @ p) / math.sqrt((n * n - p @ p) * (n * n - t @ t))
    p_o, p_e = correct / n, (t @ p) / n**2
    assert em.mcc(y_true, y_pred) == pytest.approx(r_k, rel=1e-12)
    assert em.cohen_kappa(y_true, y_pred) == pytest.approx((p_o - p_e) / (1 - p_e), rel=1e-12)
    assert em.balanced_accuracy(y_true, y_pred) == pytest.approx((2 / 3 + 1 / 2 + 1) / 3)
    assert em.balanced_accuracy(y_true, y_pred) == em.recall(y_true, y_pred, average="macro")


def test_npv_per_class_is_one_vs_rest():
    y_true = list("aaabbc")
    y_pred = list("aabbcc")
    # a: TN = 3, FN = 1; b: TN = 3, FN = 1; c: TN = 4, FN = 0
    np.testing.assert_allclose(em.npv(y_true, y_pred, average=None), [3 / 4, 3 / 4, 1.0])
    assert em.npv(y_true, y_pred, average="macro") == pytest.approx((3 / 4 + 3 / 4 + 1) / 3)


def test_one_vs_rest_counts():
    matrix = np.array([[2, 1, 0], [0, 1, 1], [0, 0, 1]])
    got = Counts.one_vs_rest(matrix)
    assert got == [
        Counts(tp=2, fp=0, tn=3, fn=1),
        Counts(tp=1, fp=1, tn=3, fn=1),
        Counts(tp=1, fp=1, tn=4, fn=0),
    ]


@pytest.mark.parametrize(
    ("matrix", "match"),
    [
        (np.zeros((2, 3), dtype=int), "matrix must be a square"),
        (np.zeros(3, dtype=int), "matrix must be a square"),
        (np.array([[1, -1], [0, 2]]), "matrix must hold non-negative"),
        (np.array([[1.5, 0.0], [0.0, 2.0]]), "matrix must hold non-negative integer"),
        (np.array([[np.nan, 0.0], [0.0, 2.0]]), "matrix must hold non-negative integer"),
    ],
)
def test_one_vs_rest_rejects_bad_matrices_naming_the_argument(matrix, match):
    with pytest.raises(ValueError, match=match):
        Counts.one_vs_rest(matrix)


# --- the always-negative earthquake model (document 000): 100 days, 1 earthquake -------------

EARTHQUAKE = Counts(tp=0, fp=0, tn=99, fn=1)


def _warned(function):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function()
    return value, [w for w in caught if issubclass(w.category, UndefinedMetricWarning)]


def test_always_negative_model_mcc_is_undefined():
    # TP*TN - FP*FN = 0 and (TP + FP) = 0 under the root: 0/0
    value, caught = _warned(lambda: EARTHQUAKE.mcc)
    assert math.isnan(value) and len(caught) == 1 and "MCC" in str(caught[0].message)
    assert em.mcc([1] + [0] * 99, [0] * 100, zero_division=0.0) == 0.0


def test_always_negative_model_other_values():
    assert EARTHQUAKE.balanced_accuracy == (0 / 1 + 99 / 99) / 2
    assert EARTHQUAKE.youden_j == 0.0
    assert EARTHQUAKE.cohen_kappa == 0.0  # p_o = p_e = 0.99
    assert EARTHQUAKE.lr_minus == 1.0  # FNR 1 / TNR 1
    assert EARTHQUAKE.npv == 99 / 100
    value, caught = _warned(lambda: EARTHQUAKE.lr_plus)  # TPR 0 / FPR 0
    assert math.isnan(value) and len(caught) == 1


def _all_warnings(function):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function()
    return value, caught


def test_lr_plus_without_false_positives_is_inf_not_zero_over_zero():
    # TPR = 2/3 > 0, FPR = 0/3: x/0 with x > 0 tends to +inf; a RuntimeWarning that says so,
    # no UndefinedMetricWarning, and no offer of zero_division
    value, caught = _all_warnings(lambda: Counts(tp=2, fp=0, tn=3, fn=1).lr_plus)
    assert value == math.inf and len(caught) == 1
    assert caught[0].category is RuntimeWarning
    message = str(caught[0].message)
    assert "(2/3) / (0/3)" in message and "not 0/0" in message and "inf" in message
    assert "Pass zero_division" not in message
    # zero_division does not apply to it
    for value in (0.0, 1.0, math.nan):
        got, _ = _all_warnings(
            lambda v=value: em.lr_plus([1, 1, 1, 0], [1, 1, 0, 0], zero_division=v)
        )
        assert got == math.inf


def test_lr_plus_zero_over_zero_follows_zero_division():
    # TP = FP = 0 with both classes present: TPR = 0/2 and FPR = 0/3, so 0/0
    value, caught = _warned(lambda: Counts(tp=0, fp=0, tn=3, fn=2).lr_plus)
    assert math.isnan(value) and len(caught) == 1
    assert "0/0" in str(caught[0].message)
    assert em.lr_plus([1, 1, 0, 0, 0], [0, 0, 0, 0, 0], zero_division=1.0) == 1.0
    # no negatives: FPR is 0/0 even with TP > 0
    value, caught = _warned(lambda: Counts(tp=2, fp=0, tn=0, fn=0).lr_plus)
    assert math.isnan(value) and len(caught) == 1


def test_lr_minus_without_true_negatives_is_inf():
    # FNR = 1/3 > 0, TNR = 0/3: +inf with a RuntimeWarning
    value, caught = _all_warnings(lambda: Counts(tp=2, fp=3, tn=0, fn=1).lr_minus)
    assert value == math.inf and len(caught) == 1 and caught[0].category is RuntimeWarning
    # FN = TN = 0: FNR = 0/2, TNR = 0/3, 0/0
    value, caught = _warned(lambda: Counts(tp=2, fp=3, tn=0, fn=0).lr_minus)
    assert math.isnan(value) and len(caught) == 1


def test_kappa_undefined_only_when_both_use_one_and_the_same_label():
    value, caught = _warned(lambda: em.cohen_kappa([0, 0], [0, 0]))
    assert math.isnan(value) and len(caught) == 1
    assert em.cohen_kappa([0, 0], [1, 1]) == 0.0  # p_o = 0, p_e = 0: defined, 0


def test_balanced_accuracy_leaves_out_a_class_without_true_samples():
    # class 1 only predicted: recall 0/0; class 0 recall 2/3
    value, caught = _warned(lambda: em.balanced_accuracy([0, 0, 0], [0, 1, 0]))
    assert value == pytest.approx(2 / 3) and len(caught) == 1
    assert "1 of 2 classes" in str(caught[0].message)
    assert em.balanced_accuracy([0, 0, 0], [0, 1, 0], zero_division=0.0) == pytest.approx(1 / 3)
    assert em.balanced_accuracy([0, 0, 0], [0, 1, 0], zero_division=1.0) == pytest.approx(5 / 6)


def test_youden_j_is_two_balanced_accuracies_minus_one():
    assert C.youden_j == pytest.approx(2 * C.balanced_accuracy - 1, rel=1e-12)


# --- bad input names the argument ---------------------------------------------------------------

BINARY_ONLY = ["youden_j", "lr_plus", "lr_minus"]
ALL = ["npv", "balanced_accuracy", "mcc", "cohen_kappa", *BINARY_ONLY]


@pytest.mark.parametrize("name", BINARY_ONLY)
def test_binary_metrics_refuse_three_labels(name):
    with pytest.raises(ValueError, match="y_true and y_pred"):
        getattr(em, name)([0, 1, 2], [0, 1, 1])


@pytest.mark.parametrize("name", ALL)
def test_bad_zero_division_is_refused_naming_it(name):
    with pytest.raises(ValueError, match="zero_division"):
        getattr(em, name)([0, 1], [0, 1], zero_division=2.0)


@pytest.mark.parametrize("name", ALL)
def test_lengths_must_agree(name):
    with pytest.raises(ValueError, match="y_true.*y_pred"):
        getattr(em, name)([0, 1, 1], [0, 1])


@pytest.mark.parametrize("name", ["balanced_accuracy", "mcc", "cohen_kappa"])
def test_labels_must_cover_the_data(name):
    with pytest.raises(ValueError, match="y_true"):
        getattr(em, name)([0, 1, 2], [0, 1, 1], labels=[0, 1])


def test_npv_bad_average_is_refused_naming_it():
    with pytest.raises(ValueError, match="average"):
        em.npv([0, 1], [0, 1], average="samples")
