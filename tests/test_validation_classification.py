"""Bad input at the classification and curve entry points: each case asserts the exception type
and that the message names the argument (and says what is wrong)."""

import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import Counts

Y2 = [0, 1, 1, 0]
P2 = [0, 1, 0, 0]
S2 = [0.1, 0.9, 0.4, 0.3]

# (id, callable, exception type, regex the message must match)
BAD_INPUTS = [
    # lengths, emptiness, dimensions, types of the arrays
    (
        "length-mismatch-labels",
        lambda: em.precision([0, 1, 1], [0, 1]),
        ValueError,
        r"length mismatch: y_true has 3, y_pred has 2",
    ),
    (
        "length-mismatch-scores",
        lambda: em.roc_auc([0, 1, 1], [0.2, 0.4]),
        ValueError,
        r"y_true has 3, y_score has 2",
    ),
    ("empty-y_true", lambda: em.recall([], []), ValueError, r"y_true is empty"),
    ("empty-curve-inputs", lambda: em.average_precision([], []), ValueError, r"y_true is empty"),
    ("scalar-y_pred", lambda: em.accuracy([1], 1), ValueError, r"y_pred must be 1-D, got a scalar"),
    ("none-y_true", lambda: em.f1(None, [1]), TypeError, r"y_true must be array-like, got None"),
    (
        "2d-y_true",
        lambda: em.precision([[0, 1], [1, 0]], [[0, 1], [1, 0]]),
        ValueError,
        r"y_true must be 1-D, got an array with shape \(2, 2\)",
    ),
    (
        "3d-y_score",
        lambda: em.roc_auc([0, 1], np.zeros((2, 1, 1))),
        ValueError,
        r"y_score must be 1-D, got an array with shape \(2, 1, 1\)",
    ),
    (
        "2d-confusion-y_pred",
        lambda: em.confusion_matrix([0, 1], [[0], [1]]),
        ValueError,
        r"y_pred must be 1-D",
    ),
    (
        "set-y_score",
        lambda: em.roc_curve([0, 1], {0.1, 0.2}),
        TypeError,
        r"y_score must be an ordered array-like",
    ),
    # scores
    (
        "nan-score",
        lambda: em.roc_auc(Y2, [0.1, 0.2, np.nan, 0.3]),
        ValueError,
        r"y_score contains NaN at index 2",
    ),
    (
        "inf-score",
        lambda: em.average_precision(Y2, [0.1, np.inf, 0.2, 0.3]),
        ValueError,
        r"y_score contains an infinite value at index 1",
    ),
    (
        "minus-inf-score-curve",
        lambda: em.pr_curve(Y2, [0.1, 0.2, 0.2, -np.inf]),
        ValueError,
        r"y_score contains an infinite value at index 3",
    ),
    (
        "string-scores",
        lambda: em.roc_curve([0, 1], ["a", "b"]),
        TypeError,
        r"y_score must be numeric",
    ),
    ("complex-scores", lambda: em.sweep([0, 1], [1j, 2]), TypeError, r"y_score must be real"),
    # labels
    (
        "continuous-y_pred",
        lambda: em.precision([0, 1], [0.2, 0.7]),
        ValueError,
        r"y_pred contains the non-integer value 0.2 at index 0",
    ),
    (
        "nan-label",
        lambda: em.recall([0, np.nan], [0, 1]),
        ValueError,
        r"y_true contains NaN at index 1",
    ),
    (
        "mixed-kinds-y_true-y_pred",
        lambda: em.accuracy([0, 1], ["0", "1"]),
        TypeError,
        r"y_true holds numeric labels, y_pred holds string labels",
    ),
    (
        "mixed-types-in-y_true",
        lambda: em.counts([0, "a"], [0, 0]),
        TypeError,
        r"y_true must hold class labels of one kind",
    ),
    (
        "labels-kind",
        lambda: em.confusion_matrix([0, 1], [1, 1], labels=["0", "1"]),
        TypeError,
        r"labels holds string labels",
    ),
    (
        "duplicate-labels",
        lambda: em.confusion_matrix([0, 1], [1, 0], labels=[0, 1, 0]),
        ValueError,
        r"labels contains duplicates: 0",
    ),
    (
        "duplicate-labels-average",
        lambda: em.f1([0, 1], [1, 0], average="macro", labels=[1, 1.0]),
        ValueError,
        r"labels contains duplicates",
    ),
    (
        "nan-in-labels",
        lambda: em.confusion_matrix([0, 1], [1, 0], labels=[0, 1, np.nan]),
        ValueError,
        r"labels contains NaN at index 2",
    ),
    (
        "y_true-outside-labels",
        lambda: em.precision([0, 5], [0, 1], average="macro", labels=[0, 1]),
        ValueError,
        r"y_true contains the label 5 at index 1, which is not in labels",
    ),
    (
        "y_pred-outside-labels",
        lambda: em.confusion_matrix(["a"], ["b"], labels=["a"]),
        ValueError,
        r"y_pred contains the label 'b' at index 0",
    ),
    # binary calls
    (
        "three-labels-binary",
        lambda: em.precision([0, 1, 2], [0, 1, 1]),
        ValueError,
        r"3 distinct labels .* in y_true and y_pred.*average=",
    ),
    (
        "three-labels-counts",
        lambda: em.counts([0, 1, 2], [0, 1, 1]),
        ValueError,
        r"3 distinct labels .* in y_true and y_pred.*confusion_matrix",
    ),
    (
        "three-labels-in-labels-arg",
        lambda: em.recall([0, 1], [0, 1], labels=[0, 1, 2]),
        ValueError,
        r"3 distinct labels .* in labels.*average=",
    ),
    (
        "three-labels-curve",
        lambda: em.roc_auc([0, 1, 2], [0.1, 0.2, 0.3]),
        ValueError,
        r"3 distinct labels .* in y_true",
    ),
    (
        "pos_label-absent-binary",
        lambda: em.precision(["a", "b"], ["a", "a"]),
        ValueError,
        r"pos_label=1 is not one of the two labels \['a', 'b'\]",
    ),
    (
        "pos_label-absent-curve",
        lambda: em.roc_curve([2, 3], [0.1, 0.2], pos_label=1),
        ValueError,
        r"pos_label=1 is not one of the two labels \[2, 3\] in y_true",
    ),
    (
        "pos_label-list",
        lambda: em.recall(Y2, P2, pos_label=[1]),
        TypeError,
        r"pos_label must be a single label",
    ),
    (
        "pos_label-nan",
        lambda: em.sweep(Y2, S2, pos_label=float("nan")),
        ValueError,
        r"pos_label must be a finite number",
    ),
    # options
    (
        "unknown-average",
        lambda: em.precision(Y2, P2, average="samples"),
        ValueError,
        r"average must be one of 'binary', 'micro', 'macro', 'weighted', None; got 'samples'",
    ),
    (
        "average-wrong-case",
        lambda: em.f1(Y2, P2, average="Macro"),
        ValueError,
        r"average must be one of",
    ),
    (
        "zero_division-string",
        lambda: em.recall(Y2, P2, zero_division="zero"),
        ValueError,
        r"zero_division must be 'warn', 0.0, 1.0 or nan; got 'zero'",
    ),
    (
        "zero_division-half",
        lambda: em.precision(Y2, P2, zero_division=0.5),
        ValueError,
        r"zero_division must be 'warn', 0.0, 1.0 or nan",
    ),
    (
        "zero_division-counts",
        lambda: Counts(1, 0, 0, 0).fbeta(beta=1.0, zero_division=2),
        ValueError,
        r"zero_division",
    ),
    # beta
    ("beta-zero", lambda: em.fbeta(Y2, P2, beta=0), ValueError, r"beta must be finite and > 0"),
    (
        "beta-negative",
        lambda: em.e_measure(Y2, P2, beta=-1.0),
        ValueError,
        r"beta must be finite and > 0, got -1.0",
    ),
    (
        "beta-inf",
        lambda: em.fbeta(Y2, P2, beta=float("inf")),
        ValueError,
        r"beta must be finite and > 0",
    ),
    (
        "beta-nan",
        lambda: em.fbeta(Y2, P2, beta=float("nan")),
        ValueError,
        r"beta must be finite and > 0",
    ),
    (
        "beta-string",
        lambda: em.fbeta(Y2, P2, beta="2"),
        TypeError,
        r"beta must be a positive real number, got '2'",
    ),
    (
        "beta-bool",
        lambda: Counts(1, 1, 1, 1).fbeta(beta=True),
        TypeError,
        r"beta must be a positive real number",
    ),
    (
        "beta-counts-negative",
        lambda: Counts(1, 1, 1, 1).e_measure(beta=-2),
        ValueError,
        r"beta must be finite and > 0",
    ),
    # Counts
    (
        "counts-negative",
        lambda: Counts(tp=-1, fp=0, tn=0, fn=0),
        ValueError,
        r"tp must be a non-negative integer count, got -1",
    ),
    (
        "counts-float",
        lambda: Counts(tp=1, fp=1.5, tn=0, fn=0),
        TypeError,
        r"fp must be a non-negative integer count, got 1.5",
    ),
    (
        "counts-integral-float",
        lambda: Counts(tp=1, fp=1, tn=0, fn=2.0),
        TypeError,
        r"fn must be a non-negative integer count, got 2.0",
    ),
    (
        "counts-bool",
        lambda: Counts(tp=1, fp=1, tn=True, fn=0),
        TypeError,
        r"tn must be a non-negative integer count, got True",
    ),
    (
        "counts-string",
        lambda: Counts(tp="3", fp=1, tn=0, fn=0),
        TypeError,
        r"tp must be a non-negative integer count",
    ),
    # thresholds and sweep indices
    (
        "threshold-nan",
        lambda: em.counts_at(Y2, S2, threshold=float("nan")),
        ValueError,
        r"threshold must be a number, got NaN",
    ),
    (
        "threshold-string",
        lambda: em.counts_at(Y2, S2, threshold="0.5"),
        TypeError,
        r"threshold must be a real number, got '0.5'",
    ),
    ("sweep-at-nan", lambda: em.sweep(Y2, S2).at(np.nan), ValueError, r"threshold must be"),
    (
        "sweep-index-out-of-range",
        lambda: em.sweep(Y2, S2).counts(10),
        IndexError,
        r"i=10 is out of range for 5 thresholds",
    ),
    (
        "sweep-index-float",
        lambda: em.sweep(Y2, S2).counts(1.0),
        TypeError,
        r"i must be an integer, got 1.0",
    ),
    # the new core functions: fbeta, at_prevalence, fbeta_isocurve
    ("sweep-fbeta-beta-zero", lambda: em.sweep(Y2, S2).fbeta(beta=0), ValueError, r"beta must"),
    (
        "sweep-fbeta-zero-division",
        lambda: em.sweep(Y2, S2).fbeta(beta=1.0, zero_division=2.0),
        ValueError,
        r"zero_division must be",
    ),
    (
        "at-prevalence-above-one",
        lambda: Counts(tp=1, fp=1, tn=1, fn=1).at_prevalence(prevalence=1.5, n_samples=10),
        ValueError,
        r"prevalence must lie in \[0, 1\], got 1.5",
    ),
    (
        "at-prevalence-n-samples-float",
        lambda: Counts(tp=1, fp=1, tn=1, fn=1).at_prevalence(prevalence=0.5, n_samples=10.0),
        TypeError,
        r"n_samples must be an integer >= 1, got 10.0",
    ),
    (
        "at-prevalence-n-samples-zero",
        lambda: Counts(tp=1, fp=1, tn=1, fn=1).at_prevalence(prevalence=0.5, n_samples=0),
        ValueError,
        r"n_samples must be an integer >= 1, got 0",
    ),
    (
        "at-prevalence-no-positives",
        lambda: Counts(tp=0, fp=1, tn=1, fn=0).at_prevalence(prevalence=0.5, n_samples=10),
        ValueError,
        r"no positives \(TP \+ FN = 0\)",
    ),
    (
        "at-prevalence-no-negatives",
        lambda: Counts(tp=1, fp=0, tn=0, fn=1).at_prevalence(prevalence=0.5, n_samples=10),
        ValueError,
        r"no negatives \(TN \+ FP = 0\)",
    ),
    (
        "isocurve-level-zero",
        lambda: em.fbeta_isocurve([0.5], beta=1.0, level=0.0),
        ValueError,
        r"level must lie in \(0, 1\], got 0.0",
    ),
    (
        "isocurve-recall-above-one",
        lambda: em.fbeta_isocurve([0.5, 1.5], beta=1.0, level=0.5),
        ValueError,
        r"recall must lie in \[0, 1\], got 1.5 at index 1",
    ),
    (
        "isocurve-recall-strings",
        lambda: em.fbeta_isocurve(["a"], beta=1.0, level=0.5),
        TypeError,
        r"recall must be numeric",
    ),
    (
        "isocurve-beta-negative",
        lambda: em.fbeta_isocurve([0.5], beta=-1.0, level=0.5),
        ValueError,
        r"beta must be finite and > 0",
    ),
]


@pytest.mark.parametrize(
    "call, exception, message", [case[1:] for case in BAD_INPUTS], ids=[c[0] for c in BAD_INPUTS]
)
def test_bad_input_is_rejected_with_a_message_naming_the_argument(call, exception, message):
    with pytest.raises(exception, match=message):
        call()


def test_there_are_at_least_25_distinct_bad_inputs():
    assert len({case[0] for case in BAD_INPUTS}) == len(BAD_INPUTS) >= 25


# --- an option that is ignored warns -----------------------------------------------------------

IGNORED_POS_LABEL = (
    "Note that pos_label (set to 2) is ignored when average != 'binary' (got {average!r}). "
    "To score the class 2 alone, pass average=None and take its entry (classes in the "
    "order of labels, sorted by default)."
)


def _e_measure_beta_1(*args, **kwargs):
    return em.e_measure(*args, beta=1.0, **kwargs)


@pytest.mark.parametrize(
    "metric", [em.precision, em.recall, em.specificity, em.f1, _e_measure_beta_1]
)
@pytest.mark.parametrize("average", ["micro", "macro", "weighted", None])
def test_pos_label_under_another_average_warns_as_scikit_learn_does(metric, average):
    y_true, y_pred = [0, 1, 2, 2], [0, 2, 2, 1]
    with pytest.warns(UserWarning) as record:
        with_label = metric(y_true, y_pred, pos_label=2, average=average, zero_division=0.0)
    messages = [str(w.message) for w in record if w.category is UserWarning]
    assert messages == [IGNORED_POS_LABEL.format(average=average)]
    assert record[0].filename == __file__  # attributed to the caller's line
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        without = metric(y_true, y_pred, average=average, zero_division=0.0)
    np.testing.assert_array_equal(with_label, without)  # and it was indeed ignored


@pytest.mark.parametrize(
    "metric, by_hand",
    [
        # class "c" one-vs-rest in y_true = a b c c a, y_pred = a c c b b:
        # TP = 1 (index 2), FP = 1 (index 1), FN = 1 (index 3), TN = 2 (indices 0, 4)
        (em.precision, 1 / 2),
        (em.recall, 1 / 2),
        (em.specificity, 2 / 3),
        (em.f1, 2 / 4),
    ],
)
def test_the_ignored_pos_label_advice_gives_that_class_value(metric, by_hand):
    """Run what the warning advises: average=None and the class's entry in label order."""
    y_true, y_pred = ["a", "b", "c", "c", "a"], ["a", "c", "c", "b", "b"]
    with pytest.warns(UserWarning, match="pass average=None and take its entry") as record:
        metric(y_true, y_pred, pos_label="c", average="macro")
    assert "labels=[" not in str(record[0].message)
    # scikit-learn's advice, labels=[pos_label], is an error here: labels cannot drop "a", "b"
    with pytest.raises(ValueError, match="not in labels"):
        metric(y_true, y_pred, labels=["c"], average="macro")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        per_class = metric(y_true, y_pred, average=None)
    assert per_class[["a", "b", "c"].index("c")] == pytest.approx(by_hand, rel=1e-15)


def test_fbeta_pos_label_ignored_warns_once():
    with pytest.warns(UserWarning, match=r"pos_label \(set to 'b'\) is ignored") as record:
        em.fbeta(
            ["a", "b", "c"],
            ["a", "b", "b"],
            beta=2.0,
            pos_label="b",
            average="macro",
            zero_division=0.0,
        )
    assert len(record) == 1


def test_pos_label_default_or_binary_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        em.precision([0, 1, 2], [0, 1, 1], average="macro", zero_division=0.0)
        em.precision([0, 1, 2], [0, 1, 1], pos_label=1, average="macro", zero_division=0.0)
        em.precision([0, 2, 2], [0, 2, 0], pos_label=2)


def test_validation_all_lists_every_public_checker():
    import inspect

    from evalmetrics import _validation

    public = {
        name
        for name, member in vars(_validation).items()
        if inspect.isfunction(member)
        and member.__module__ == _validation.__name__
        and not name.startswith("_")
    }
    assert public == set(_validation.__all__)


@pytest.mark.parametrize(
    "call, exception, message",
    [
        (
            lambda v: v.check_k(7, at_most=5, at_most_is="the length of rels"),
            ValueError,
            r"^k must lie in 1\.\.5 \(the length of rels\), got 7$",
        ),
        (
            lambda v: v.check_k(6, "k_values[2]", at_most=5),
            ValueError,
            r"^k_values\[2\] must lie in 1\.\.5, got 6$",
        ),
        (
            lambda v: v.check_square_counts([[1, 2]]),
            ValueError,
            r"counts must be a square 2-D array, got shape \(1, 2\)",
        ),
        (lambda v: v.check_square_counts([["a"]]), TypeError, r"counts must be numeric"),
        (
            lambda v: v.check_square_counts([[1.0, np.inf], [0, 1]]),
            ValueError,
            r"counts contains an infinite value",
        ),
        (
            lambda v: v.check_positive_int(1, "n_points", minimum=2),
            ValueError,
            r"n_points must be an integer >= 2, got 1",
        ),
        (
            lambda v: v.check_positive_int(True, "n_samples"),
            TypeError,
            r"n_samples must be an integer >= 1, got True",
        ),
        (
            lambda v: v.check_in_interval(1.0, "prevalence", 0, 1, high_open=True),
            ValueError,
            r"prevalence must lie in \[0, 1\), got 1.0",
        ),
        (
            lambda v: v.check_in_interval("0.5", "prevalence", 0, 1),
            TypeError,
            r"prevalence must be a real number",
        ),
        (
            lambda v: v.check_unit_values(np.array([[0.5, -0.1]]), "recall"),
            ValueError,
            r"recall must lie in \[0, 1\], got -0.1 at index \(0, 1\)",
        ),
    ],
)
def test_shared_checkers_for_plots_and_widgets(call, exception, message):
    from evalmetrics import _validation

    with pytest.raises(exception, match=message):
        call(_validation)


def test_shared_checkers_accept_good_values():
    from evalmetrics import _validation as v

    assert v.check_k(5, at_most=5) == 5
    assert v.check_square_counts([[1, 2], [3, 4]]).shape == (2, 2)
    assert v.check_in_interval(0.5, "level", 0, 1, low_open=True, high_open=True) == 0.5
    assert v.check_positive_int(np.int64(3), "n") == 3
    assert v.check_unit_values(1, "recall").shape == ()
