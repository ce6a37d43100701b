"""accuracy, precision, recall, specificity, F-beta and E: hand-computed values.

Every expected value is written from hand arithmetic (shown in the comments).
"""

import contextlib
import math
import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import UndefinedMetricWarning


@contextlib.contextmanager
def no_warnings():
    """Turn any warning into an error inside the block."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# --- the documents' worked examples -----------------------------------------------------------

EARTHQUAKE_100 = ([1] + [0] * 99, [0] * 100)  # one earthquake in 100 days, always predict 0
DAYS_1000 = [1] * 10 + [0] * 990  # 10 earthquakes in 1000 days
POND_TRUE = [1] * 1400 + [0] * 600  # 1400 carp, 300 shrimp + 300 turtles
POND_NET = [1] * 700 + [0] * 700 + [1] * 300 + [0] * 300  # 700 carp + 300 others caught


def test_earthquake_always_zero_accuracy_and_undefined_precision():
    y_true, y_pred = EARTHQUAKE_100
    assert em.accuracy(y_true, y_pred) == 0.99
    with pytest.warns(UndefinedMetricWarning, match="precision"):
        assert math.isnan(em.precision(y_true, y_pred))
    assert em.precision(y_true, y_pred, zero_division=0.0) == 0.0
    assert em.recall(y_true, y_pred) == 0.0
    assert em.specificity(y_true, y_pred) == 1.0  # 99 / 99


def test_earthquake_1000_days_precise_model():
    y_pred = [1] + [0] * 999
    assert em.precision(DAYS_1000, y_pred) == 1.0
    assert em.recall(DAYS_1000, y_pred) == 0.1


def test_earthquake_1000_days_eager_model():
    y_pred = [1] * 100 + [0] * 900
    assert em.precision(DAYS_1000, y_pred) == 0.1
    assert em.recall(DAYS_1000, y_pred) == 1.0
    assert em.f1(DAYS_1000, y_pred) == pytest.approx(2 / 11, rel=1e-15)  # 20 / (20 + 0 + 90)


def test_fish_pond():
    assert em.precision(POND_TRUE, POND_NET) == 0.7
    assert em.recall(POND_TRUE, POND_NET) == 0.5
    assert em.f1(POND_TRUE, POND_NET) == pytest.approx(7 / 12, rel=1e-15)
    assert em.accuracy(POND_TRUE, POND_NET) == 0.5  # (700 + 300) / 2000


def test_fish_pond_net_catches_everything():
    everything = [1] * 2000
    assert em.precision(POND_TRUE, everything) == 0.7
    assert em.recall(POND_TRUE, everything) == 1.0
    assert em.f1(POND_TRUE, everything) == pytest.approx(14 / 17, rel=1e-15)


def test_fbeta_and_e_measure_on_the_pond():
    # F2 = 5*700 / (5*700 + 4*700 + 300) = 3500 / 6600 ; F0.5 = 1.25*700 / (875 + 175 + 300)
    assert em.fbeta(POND_TRUE, POND_NET, beta=2.0) == pytest.approx(35 / 66, rel=1e-15)
    assert em.fbeta(POND_TRUE, POND_NET, beta=0.5) == pytest.approx(875 / 1350, rel=1e-15)
    assert em.e_measure(POND_TRUE, POND_NET, beta=1.0) == pytest.approx(5 / 12, rel=1e-15)
    assert em.e_measure(POND_TRUE, POND_NET, beta=2.0) == pytest.approx(31 / 66, rel=1e-15)


# --- binary details ---------------------------------------------------------------------------


def test_pos_label_string_and_other_negative():
    y_true = ["spam", "ham", "spam", "ham", "spam"]
    y_pred = ["spam", "spam", "ham", "ham", "spam"]
    # spam: TP = 2 (0, 4), FP = 1 (1), FN = 1 (2), TN = 1 (3)
    assert em.precision(y_true, y_pred, pos_label="spam") == 2 / 3
    assert em.recall(y_true, y_pred, pos_label="spam") == 2 / 3
    assert em.specificity(y_true, y_pred, pos_label="spam") == 0.5
    # ham: TP = 1, FP = 1, FN = 1, TN = 2
    assert em.precision(y_true, y_pred, pos_label="ham") == 0.5
    assert em.specificity(y_true, y_pred, pos_label="ham") == 2 / 3


def test_binary_specificity_is_recall_of_the_negative_class():
    y_true = [0, 0, 0, 1, 1, 0, 1]
    y_pred = [0, 1, 0, 1, 0, 0, 1]
    # negatives at 0,1,2,5: predicted 0,1,0,0 -> TN = 3, FP = 1
    assert em.specificity(y_true, y_pred) == 0.75
    assert em.recall(y_true, y_pred, pos_label=0) == 0.75


def test_binary_with_only_negative_label_present():
    # one label (0), pos_label 1: everything negative, TP = FP = FN = 0
    with no_warnings():
        assert em.precision([0, 0], [0, 0], zero_division=1.0) == 1.0
        assert em.recall([0, 0], [0, 0], zero_division=0.0) == 0.0
        assert em.f1([0, 0], [0, 0], zero_division=0.0) == 0.0
        assert em.specificity([0, 0], [0, 0]) == 1.0
        assert math.isnan(em.fbeta([0, 0], [0, 0], beta=2.0, zero_division=np.nan))


def test_binary_labels_argument_validates_membership():
    assert em.precision([0, 1, 1], [1, 1, 0], labels=[0, 1]) == 0.5
    with pytest.raises(ValueError, match="average="):
        em.precision([0, 1, 1], [1, 1, 0], labels=[0, 1, 2])


# --- multiclass: hand-computed --------------------------------------------------------------
#
# y_true = [0, 0, 0, 1, 1, 2], y_pred = [0, 0, 1, 1, 2, 2]
# class 0: TP 2, FP 0, FN 1, TN 3, support 3 -> P 1,   R 2/3, F1 4/5, spec 3/3
# class 1: TP 1, FP 1, FN 1, TN 3, support 2 -> P 1/2, R 1/2, F1 1/2, spec 3/4
# class 2: TP 1, FP 1, FN 0, TN 4, support 1 -> P 1/2, R 1,   F1 2/3, spec 4/5
MC_TRUE = [0, 0, 0, 1, 1, 2]
MC_PRED = [0, 0, 1, 1, 2, 2]


def test_multiclass_per_class_values():
    np.testing.assert_allclose(em.precision(MC_TRUE, MC_PRED, average=None), [1, 0.5, 0.5])
    np.testing.assert_allclose(em.recall(MC_TRUE, MC_PRED, average=None), [2 / 3, 0.5, 1])
    np.testing.assert_allclose(em.f1(MC_TRUE, MC_PRED, average=None), [0.8, 0.5, 2 / 3])
    np.testing.assert_allclose(em.specificity(MC_TRUE, MC_PRED, average=None), [1, 0.75, 0.8])


def test_multiclass_per_class_values_follow_labels_order():
    got = em.precision(MC_TRUE, MC_PRED, average=None, labels=[2, 0, 1])
    np.testing.assert_allclose(got, [0.5, 1, 0.5])


@pytest.mark.parametrize(
    "metric, average, expected",
    [
        (em.precision, "micro", 4 / 6),  # = accuracy
        (em.precision, "macro", 2 / 3),  # (1 + 1/2 + 1/2) / 3
        (em.precision, "weighted", 0.75),  # (3*1 + 2/2 + 1/2) / 6
        (em.recall, "micro", 4 / 6),
        (em.recall, "macro", 13 / 18),  # (2/3 + 1/2 + 1) / 3
        (em.recall, "weighted", 4 / 6),  # (2 + 1 + 1) / 6 = accuracy
        (em.f1, "micro", 2 / 3),  # 2*4 / (2*4 + 2 + 2)
        (em.f1, "macro", 59 / 90),  # (4/5 + 1/2 + 2/3) / 3
        (em.f1, "weighted", 61 / 90),  # (3*4/5 + 2/2 + 2/3) / 6
        (em.specificity, "micro", 5 / 6),  # (3 + 3 + 4) / (3 + 4 + 5)
        (em.specificity, "macro", 0.85),  # (1 + 0.75 + 0.8) / 3
        (em.specificity, "weighted", 5.3 / 6),  # (3*1 + 2*0.75 + 0.8) / 6
    ],
)
def test_multiclass_averages(metric, average, expected):
    assert metric(MC_TRUE, MC_PRED, average=average) == pytest.approx(expected, rel=1e-14)


def test_micro_fbeta_uses_summed_counts():
    # summed: TP 4, FP 2, FN 2 -> F2 = 5*4 / (5*4 + 4*2 + 2) = 20/30
    got = em.fbeta(MC_TRUE, MC_PRED, beta=2.0, average="micro")
    assert got == pytest.approx(2 / 3, rel=1e-15)


def test_accuracy_multiclass_strings():
    assert em.accuracy(["a", "b", "c", "a"], ["a", "c", "c", "b"]) == 0.5


# --- absent classes and the 0/0 policies in averages ----------------------------------------
#
# labels=[0, 1, 2, 3] adds class 3, which never occurs: TP = FP = FN = 0, TN = 6.


def test_absent_class_per_class_value_under_every_policy():
    with pytest.warns(UndefinedMetricWarning, match="precision"):
        warned = em.precision(MC_TRUE, MC_PRED, average=None, labels=[0, 1, 2, 3])
    np.testing.assert_allclose(warned, [1, 0.5, 0.5, np.nan])
    for zero_division, last in [(0.0, 0.0), (1.0, 1.0), (np.nan, np.nan)]:
        with no_warnings():
            got = em.precision(
                MC_TRUE, MC_PRED, average=None, labels=[0, 1, 2, 3], zero_division=zero_division
            )
        np.testing.assert_allclose(got, [1, 0.5, 0.5, last])


@pytest.mark.parametrize(
    "zero_division, macro, weighted",
    [
        (0.0, 0.5, 0.75),  # (1 + .5 + .5 + 0) / 4 ; class 3 has support 0
        (1.0, 0.75, 0.75),  # (1 + .5 + .5 + 1) / 4
        (np.nan, 2 / 3, 0.75),  # class 3 left out
    ],
)
def test_absent_class_in_macro_and_weighted(zero_division, macro, weighted):
    kwargs = dict(labels=[0, 1, 2, 3], zero_division=zero_division)
    with no_warnings():
        assert em.precision(MC_TRUE, MC_PRED, average="macro", **kwargs) == pytest.approx(macro)
        assert em.precision(MC_TRUE, MC_PRED, average="weighted", **kwargs) == pytest.approx(
            weighted
        )


def test_absent_class_is_left_out_of_macro_with_a_warning():
    # class 3 occurs nowhere: precision 0/0. By hand over classes 0, 1, 2: 2/2, 1/2, 1/2
    with pytest.warns(UndefinedMetricWarning, match="left out 1 of 4 classes"):
        got = em.precision(MC_TRUE, MC_PRED, average="macro", labels=[0, 1, 2, 3])
    assert got == pytest.approx(2 / 3, rel=1e-15)
    # nan leaves the class out silently; 0.0 counts it as 0 (scikit-learn's number)
    with no_warnings():
        assert em.precision(
            MC_TRUE, MC_PRED, average="macro", labels=[0, 1, 2, 3], zero_division=np.nan
        ) == pytest.approx(2 / 3, rel=1e-15)
        assert em.precision(
            MC_TRUE, MC_PRED, average="macro", labels=[0, 1, 2, 3], zero_division=0.0
        ) == pytest.approx(2 / 4, rel=1e-15)


def test_the_policy_example_macro_recall_equals_balanced_accuracy():
    # policy: y = [0, 0, 1, 1], y_pred = [0, 2, 1, 1]; class 2 is never true (recall 0/0);
    # by hand: recall of class 0 = 1/2, of class 1 = 2/2; mean over the two = 0.75
    y, p = [0, 0, 1, 1], [0, 2, 1, 1]
    with pytest.warns(UndefinedMetricWarning, match=r"left out 1 of 3 classes \(label 2\)"):
        macro = em.recall(y, p, average="macro")
    with pytest.warns(UndefinedMetricWarning, match=r"left out 1 of 3 classes \(label 2\)"):
        balanced = em.balanced_accuracy(y, p)
    assert macro == balanced == 0.75
    # zero_division=v counts class 2 as v: (1/2 + 1 + v) / 3, the same in both
    for value, expected in [(0.0, 0.5), (1.0, 2.5 / 3)]:
        with no_warnings():
            assert em.recall(y, p, average="macro", zero_division=value) == pytest.approx(expected)
            assert em.balanced_accuracy(y, p, zero_division=value) == pytest.approx(expected)


def test_a_never_predicted_class_is_left_out_of_macro_precision_but_not_of_recall():
    # class 2 is never predicted: precision 0/0 is left out, (1 + 1/2) / 2 = 0.75, with a
    # warning naming it; scikit-learn's number (zero_division=0.0) is (1 + 1/2 + 0) / 3 = 0.5.
    # Its recall 0/2 = 0 is defined and pulls macro recall down: (1 + 1 + 0) / 3.
    y, p = [0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 1, 1]
    with pytest.warns(UndefinedMetricWarning, match=r"label 2.*zero_division=0\.0"):
        assert em.precision(y, p, average="macro") == 0.75
    assert em.precision(y, p, average="macro", zero_division=0.0) == 0.5
    with no_warnings():
        assert em.recall(y, p, average="macro") == pytest.approx(2 / 3)


def _undefined_messages(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [str(w.message) for w in caught if w.category is UndefinedMetricWarning]


@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_an_average_warns_once_naming_the_metric_and_the_undefined_classes(average):
    # "c" is never predicted: its precision is 0/0 and is left out: macro (1 + 1/3) / 2 = 2/3,
    # weighted by support a: 2, b: 1 over the defined classes: (2 * 1 + 1 * 1/3) / 3 = 7/9
    y_true, y_pred = ["a", "b", "c", "a"], ["a", "b", "b", "b"]
    got, messages = _undefined_messages(lambda: em.precision(y_true, y_pred, average=average))
    assert got == pytest.approx(2 / 3 if average == "macro" else 7 / 9, rel=1e-15)
    assert messages == [
        f"{average} precision left out 1 of 3 classes (label 'c') whose precision is undefined "
        "(0/0: TP + FP is 0). Pass zero_division=0.0 or 1.0 to count them as that value, or "
        "nan to leave them out silently."
    ]
    with no_warnings():
        left_out = em.precision(y_true, y_pred, average=average, zero_division=np.nan)
    assert left_out == got


def test_an_average_of_f1_and_e_names_them_and_the_classes():
    # labels add classes 2 and 3, which occur nowhere: TP + FP + FN = 0 for both; F1 of the
    # classes 0 and 1 is 1, so the macro F1 over the defined classes is 1
    got, messages = _undefined_messages(
        lambda: em.f1([0, 1], [0, 1], labels=[0, 1, 2, 3], average="macro")
    )
    assert got == 1.0
    assert messages == [
        "macro F1 left out 2 of 4 classes (labels 2, 3) whose F1 is undefined (0/0: TP + FP + "
        "FN is 0). Pass zero_division=0.0 or 1.0 to count them as that value, or nan to leave "
        "them out silently."
    ]
    got, messages = _undefined_messages(
        lambda: em.e_measure([0, 1], [0, 1], labels=[0, 1, 2], average="weighted", beta=2.0)
    )
    assert got == 0.0
    assert len(messages) == 1
    assert messages[0].startswith(
        "weighted E-measure (beta=2) left out 1 of 3 classes (label 2) whose E-measure (beta=2) "
        "is undefined (0/0: TP + FP + FN is 0)"
    )
    # zero_division is E's value: 1.0 counts class 2 as E = 1, (0 + 0 + 1) / 3 for macro
    with no_warnings():
        assert em.e_measure(
            [0, 1], [0, 1], labels=[0, 1, 2], average="macro", beta=2.0, zero_division=1.0
        ) == pytest.approx(1 / 3)


def test_all_classes_undefined_warns_once():
    _, messages = _undefined_messages(lambda: em.specificity([0, 0], [0, 0], average="macro"))
    assert messages == [
        "macro specificity is undefined: specificity is undefined (0/0: TN + FP is 0) for all "
        "1 classes (label 0); returning nan. Pass zero_division=0.0 or 1.0 to count them as "
        "that value."
    ]


def test_per_class_values_of_classes_absent_from_y_true():
    # y_true all 0, predictions 1 and 2: recall of classes 1 and 2 is 0/0, of class 0 is 0/2
    with no_warnings():
        got = em.recall([0, 0], [1, 2], average=None, labels=[1, 2, 0], zero_division=np.nan)
    np.testing.assert_allclose(got, [np.nan, np.nan, 0.0])


def test_macro_of_all_undefined_is_nan():
    # one class only: its specificity TN / (TN + FP) = 0 / 0, so there is nothing to average
    with no_warnings():
        assert math.isnan(em.specificity([0, 0], [0, 0], average="macro", zero_division=np.nan))
    with pytest.warns(UndefinedMetricWarning, match="specificity"):
        assert math.isnan(em.specificity([0, 0], [0, 0], average="weighted"))


def test_weighted_average_with_no_supported_defined_class_is_zero_over_zero():
    # y_true = [0, 0], y_pred = [1, 1]: precision class 0 = 0/0 (left out), class 1 = 0/2 = 0
    # but class 1 has support 0, so every defined value has weight 0 -> the weighted mean is 0/0.
    with no_warnings():
        assert math.isnan(em.precision([0, 0], [1, 1], average="weighted", zero_division=np.nan))
    got, messages = _undefined_messages(lambda: em.precision([0, 0], [1, 1], average="weighted"))
    assert math.isnan(got)
    assert messages == [  # one warning: class 0 left out, the rest weigh 0
        "weighted precision is undefined (0/0): it left out 1 of 2 classes (label 0) whose "
        "precision is undefined (0/0: TP + FP is 0); the other classes have a total weight of 0; "
        "returning nan. Pass zero_division=0.0 or 1.0 to choose a value silently."
    ]


def test_fbeta_defined_when_precision_and_recall_are_zero():
    # TP = 0 but FP and FN > 0: P = 0, R = 0, F = 0 with no warning
    with no_warnings():
        assert em.f1([1, 0], [0, 1]) == 0.0


@pytest.mark.parametrize(
    "zero_division, f_value, e_value",
    [(0.0, 0.0, 0.0), (1.0, 1.0, 1.0), (np.nan, np.nan, np.nan)],
)
def test_fbeta_and_e_zero_over_zero_every_policy(zero_division, f_value, e_value):
    # zero_division is the value of the metric asked for: of E for e_measure, not of F
    # all negative and predicted negative: TP + FP + FN = 0
    with no_warnings():
        f = em.fbeta([0, 0, 0], [0, 0, 0], beta=2.0, zero_division=zero_division)
        e = em.e_measure([0, 0, 0], [0, 0, 0], beta=2.0, zero_division=zero_division)
    np.testing.assert_equal([f, e], [f_value, e_value])


def test_fbeta_and_e_zero_over_zero_warn():
    with pytest.warns(UndefinedMetricWarning, match="F-beta"):
        assert math.isnan(em.fbeta([0, 0, 0], [0, 0, 0], beta=2.0))
    with pytest.warns(UndefinedMetricWarning, match=r"^E-measure \(beta=1\) is undefined"):
        assert math.isnan(em.e_measure([0, 0, 0], [0, 0, 0], beta=1.0))


def test_e_measure_beta_is_required():
    with pytest.raises(TypeError, match="beta"):
        em.e_measure([0, 1], [0, 1])
    with pytest.raises(TypeError, match="beta"):
        em.Counts(tp=1, fp=1, tn=1, fn=1).e_measure()


@pytest.mark.parametrize("zero_division, expected", [(0.0, 0.0), (1.0, 1.0 / 3)])
def test_e_measure_averages_count_zero_division_as_e(zero_division, expected):
    # classes 0, 1 perfect (E = 0), class 2 occurs nowhere: E_2 = zero_division
    # macro = (0 + 0 + zero_division) / 3
    with no_warnings():
        got = em.e_measure(
            [0, 1],
            [0, 1],
            labels=[0, 1, 2],
            average="macro",
            beta=1.0,
            zero_division=zero_division,
        )
    assert got == pytest.approx(expected, abs=1e-15)


@pytest.mark.parametrize(
    "metric, y_true, y_pred",
    [
        (em.precision, [1, 0], [0, 0]),  # TP + FP = 0
        (em.recall, [0, 0], [1, 0]),  # TP + FN = 0
        (em.specificity, [1, 1], [1, 0]),  # TN + FP = 0
    ],
)
@pytest.mark.parametrize("zero_division", [0.0, 1.0, np.nan, "warn"])
def test_binary_ratio_zero_over_zero_every_policy(metric, y_true, y_pred, zero_division):
    if zero_division == "warn":
        with pytest.warns(UndefinedMetricWarning, match=metric.__name__):
            assert math.isnan(metric(y_true, y_pred))
        return
    with no_warnings():
        got = metric(y_true, y_pred, zero_division=zero_division)
    np.testing.assert_equal(got, zero_division)


def test_e_measure_is_one_minus_f_per_class():
    f = em.fbeta(MC_TRUE, MC_PRED, beta=0.5, average=None)
    e = em.e_measure(MC_TRUE, MC_PRED, beta=0.5, average=None)
    np.testing.assert_array_equal(e, 1 - f)


def test_return_types():
    assert type(em.precision([0, 1], [1, 1])) is float
    assert type(em.f1(MC_TRUE, MC_PRED, average="macro")) is float
    assert type(em.accuracy([0, 1], [1, 1])) is float
    per_class = em.recall(MC_TRUE, MC_PRED, average=None)
    assert isinstance(per_class, np.ndarray) and per_class.dtype == np.float64
