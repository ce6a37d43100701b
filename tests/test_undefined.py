"""The one 0/0 policy: warnings point at the caller's line, values follow zero_division."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import ranking
from evalmetrics._undefined import apply_policy, divide, mean_over


@pytest.mark.parametrize(
    "call",
    [
        lambda: em.precision([0, 0, 1], [0, 0, 0]),
        lambda: em.Counts(tp=0, fp=0, tn=1, fn=1).precision,
        lambda: em.fbeta([0, 0], [0, 0], beta=2.0),
        lambda: em.roc_auc([1, 1], [0.2, 0.3]),
        lambda: em.average_precision([0, 0], [0.2, 0.3]),
        lambda: ranking.average_precision([0, 0], n_relevant=0),
        lambda: ranking.ndcg([0, 0]),
        lambda: ranking.mean_average_precision([[1, 0], [0, 0]]),
    ],
    ids=[
        "precision",
        "Counts.precision",
        "fbeta",
        "roc_auc",
        "average_precision",
        "ranking.average_precision",
        "ranking.ndcg",
        "ranking.mean_average_precision",
    ],
)
def test_undefined_warning_points_at_the_callers_line(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    undefined = [w for w in caught if issubclass(w.category, em.UndefinedMetricWarning)]
    assert len(undefined) == 1, [str(w.message) for w in caught]
    assert undefined[0].filename == __file__, undefined[0].filename


@pytest.mark.parametrize("value", [0.0, 1.0])
def test_explicit_zero_division_is_silent_and_returned(value):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert em.precision([0, 1], [0, 0], zero_division=value) == value


def test_zero_division_nan_is_silent():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(em.precision([0, 1], [0, 0], zero_division=np.nan))


# ----------------------------------------------------------------------------------------
# the three entry points of evalmetrics._undefined, every branch

NAN = float("nan")


def _undefined_warnings(call):
    """Run ``call``; return its result and the messages of its UndefinedMetricWarnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    others = [w for w in caught if not issubclass(w.category, em.UndefinedMetricWarning)]
    assert not others, [str(w.message) for w in others]
    return result, [str(w.message) for w in caught]


def _silent(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return call()


def test_divide_warn_array_counts_the_undefined_entries_in_the_unit():
    result, messages = _undefined_warnings(
        lambda: divide([1, 0, 0], [4, 0, 0], metric="m", denominator_name="d", unit="lists")
    )
    np.testing.assert_array_equal(result, [0.25, NAN, NAN])
    assert messages == [
        "m is undefined (0/0: d is 0) for 2 of 3 lists; returning nan. "
        "Pass zero_division=0.0, 1.0 or nan to choose a value silently."
    ]


def test_divide_default_unit_is_classes_and_scalar_has_no_count():
    _, messages = _undefined_warnings(
        lambda: divide([0, 1], [0, 1], metric="m", denominator_name="d")
    )
    assert "for 1 of 2 classes" in messages[0]
    result, messages = _undefined_warnings(lambda: divide(0, 0, metric="m", denominator_name="d"))
    assert result.ndim == 0 and np.isnan(result)
    assert len(messages) == 1
    assert "(0/0: d is 0); returning nan" in messages[0]


@pytest.mark.parametrize("value", [0.0, 1.0, NAN])
def test_divide_explicit_value_is_silent(value):
    result = _silent(
        lambda: divide([3, 0], [4, 0], metric="m", denominator_name="d", zero_division=value)
    )
    assert result[0] == 0.75
    np.testing.assert_array_equal(result[1:], [value])


def test_divide_defined_everywhere_is_silent_and_float64():
    result = _silent(
        lambda: divide(np.array([1, 2]), np.array([2, 8]), metric="m", denominator_name="d")
    )
    assert result.dtype == np.float64
    np.testing.assert_array_equal(result, [0.5, 0.25])


def test_divide_explicit_mask_marks_entries_whose_denominator_is_not_zero():
    result, messages = _undefined_warnings(
        lambda: divide(
            [1, 2], [2, 4], metric="m", denominator_name="d", undefined=[False, True], unit="lists"
        )
    )
    np.testing.assert_array_equal(result, [0.5, NAN])
    assert "for 1 of 2 lists" in messages[0]


def test_divide_zero_d_mask_on_an_array_result_has_no_count():
    # one ranked list is held as a row of one: the message names no count
    result, messages = _undefined_warnings(
        lambda: divide(
            np.array([0.0]),
            np.array([0.0]),
            metric="m",
            denominator_name="d",
            undefined=np.bool_(True),
        )
    )
    assert result.shape == (1,) and np.isnan(result[0])
    assert "(0/0: d is 0); returning nan" in messages[0]
    result = _silent(
        lambda: divide(
            np.array([1.0]),
            np.array([2.0]),
            metric="m",
            denominator_name="d",
            undefined=np.bool_(False),
        )
    )
    np.testing.assert_array_equal(result, [0.5])


def test_divide_mask_of_wrong_shape_is_rejected():
    with pytest.raises(ValueError, match="undefined has shape"):
        divide([1, 2], [1, 2], metric="m", denominator_name="d", undefined=[True, False, True])


@pytest.mark.parametrize("bad", ["zero", 0.5, True, None, -1])
def test_every_entry_point_rejects_a_bad_zero_division(bad):
    with pytest.raises(ValueError, match="zero_division must be 'warn', 0.0, 1.0 or nan"):
        divide([1], [0], metric="m", denominator_name="d", zero_division=bad)
    with pytest.raises(ValueError, match="zero_division must be"):
        apply_policy([1.0], [True], metric="m", reason="r", zero_division=bad)
    with pytest.raises(ValueError, match="zero_division must be"):
        mean_over([1.0], [True], metric="m", per_item="p", zero_division=bad)


def test_apply_policy_warn_row_mask_covers_whole_rows():
    values = np.array([[0.5, 0.25], [0.0, 0.0], [1.0, 0.0]])
    result, messages = _undefined_warnings(
        lambda: apply_policy(values, [False, True, False], metric="m", reason="n_relevant is 0")
    )
    expected = values.copy()
    expected[1] = NAN
    np.testing.assert_array_equal(result, expected)
    assert values[1, 0] == 0.0  # the input is not changed
    assert messages == [
        "m is undefined (0/0: n_relevant is 0) for 1 of 3 lists; returning nan. "
        "Pass zero_division=0.0, 1.0 or nan to choose a value silently."
    ]


@pytest.mark.parametrize("value", [0.0, 1.0, NAN])
def test_apply_policy_explicit_value_is_silent(value):
    result = _silent(
        lambda: apply_policy([0.5, 0.0], [False, True], metric="m", reason="r", zero_division=value)
    )
    np.testing.assert_array_equal(result, [0.5, value])


def test_apply_policy_zero_d_mask_and_no_undefined_entry():
    result, messages = _undefined_warnings(
        lambda: apply_policy(np.array([[0.0, 0.0]]), True, metric="m", reason="r", unit="things")
    )
    assert np.isnan(result).all() and "things" not in messages[0]
    assert len(messages) == 1
    result = _silent(lambda: apply_policy([0.5], [False], metric="m", reason="r"))
    np.testing.assert_array_equal(result, [0.5])


def test_apply_policy_mask_of_wrong_shape_is_rejected():
    with pytest.raises(ValueError, match="undefined has shape"):
        apply_policy(np.zeros((2, 3)), [True, False, False], metric="m", reason="r")


def test_mean_over_warn_leaves_the_undefined_items_out_and_counts_them():
    result, messages = _undefined_warnings(
        lambda: mean_over(
            [0.5, NAN, 0.25, NAN], [False, True, False, True], metric="MAP", per_item="AP"
        )
    )
    assert result == (0.5 + 0.25) / 2
    assert len(messages) == 1
    assert "MAP left out 2 of 4 lists whose AP is undefined" in messages[0]


def test_mean_over_warn_all_undefined_is_nan_with_one_warning():
    result, messages = _undefined_warnings(
        lambda: mean_over([NAN, NAN], [True, True], metric="MAP", per_item="AP", unit="queries")
    )
    assert np.isnan(result)
    assert len(messages) == 1
    assert "MAP is undefined: AP is undefined (0/0) for all 2 queries" in messages[0]


def test_mean_over_nan_leaves_out_silently_and_is_nan_if_all_are():
    assert (
        _silent(
            lambda: mean_over(
                [0.5, NAN], [False, True], metric="M", per_item="p", zero_division=NAN
            )
        )
        == 0.5
    )
    assert np.isnan(
        _silent(lambda: mean_over([NAN], [True], metric="M", per_item="p", zero_division=NAN))
    )


@pytest.mark.parametrize("value", [0.0, 1.0])
def test_mean_over_explicit_value_counts_the_undefined_items_as_that_value(value):
    result = _silent(
        lambda: mean_over(
            [0.5, NAN, 0.25], [False, True, False], metric="M", per_item="p", zero_division=value
        )
    )
    assert result == pytest.approx((0.5 + value + 0.25) / 3)


def test_mean_over_nothing_undefined_is_the_plain_mean_and_silent():
    for value in ("warn", 0.0, 1.0, NAN):
        assert (
            _silent(
                lambda v=value: mean_over(
                    [0.5, 0.25], [False, False], metric="M", per_item="p", zero_division=v
                )
            )
            == 0.375
        )


def test_mean_over_rejects_a_mask_of_another_shape():
    with pytest.raises(ValueError, match="undefined has shape"):
        mean_over([0.5, 0.25], [False], metric="M", per_item="p")


def test_mean_over_weights_names_and_reason():
    # weights 2, 0, 1; item 1 undefined: left out -> (2 * 0.5 + 1 * 1.0) / 3
    result, messages = _undefined_warnings(
        lambda: mean_over(
            [0.5, NAN, 1.0],
            [False, True, False],
            metric="weighted recall",
            per_item="recall",
            unit="classes",
            weights=[2, 0, 1],
            names=["a", "b", "c"],
            reason="TP + FN is 0",
        )
    )
    assert result == pytest.approx(2 / 3, rel=1e-15)
    assert messages == [
        "weighted recall left out 1 of 3 classes (label 'b') whose recall is undefined "
        "(0/0: TP + FN is 0). Pass zero_division=0.0 or 1.0 to count them as that value, "
        "or nan to leave them out silently."
    ]
    # counted as 1.0 with its weight 0: (2 * 0.5 + 0 * 1 + 1 * 1.0) / 3
    counted = _silent(
        lambda: mean_over(
            [0.5, NAN, 1.0],
            [False, True, False],
            metric="m",
            per_item="p",
            weights=[2, 0, 1],
            zero_division=1.0,
        )
    )
    assert counted == pytest.approx(2 / 3, rel=1e-15)


def test_mean_over_weights_of_the_kept_items_all_zero_is_zero_over_zero():
    values, undefined = [NAN, 0.0], [True, False]
    result, messages = _undefined_warnings(
        lambda: mean_over(values, undefined, metric="m", per_item="p", weights=[2, 0])
    )
    assert np.isnan(result) and len(messages) == 1
    assert "have a total weight of 0" in messages[0]
    assert np.isnan(
        _silent(
            lambda: mean_over(
                values, undefined, metric="m", per_item="p", weights=[2, 0], zero_division=NAN
            )
        )
    )
    with pytest.raises(ValueError, match="weights have shape"):
        mean_over([0.5], [False], metric="m", per_item="p", weights=[1, 2])


def test_map_warning_keeps_the_trec_eval_remark():
    _, messages = _undefined_warnings(lambda: ranking.mean_average_precision([[1, 0], [0, 0]]))
    assert messages == [
        "mean_average_precision left out 1 of 2 lists whose AP is undefined (0/0: n_relevant "
        "is 0). Pass "
        "zero_division=0.0 or 1.0 to count them as that value (0.0 is trec_eval's "
        "convention), or nan to leave them out silently."
    ]


def test_filtering_both_warning_classes_silences_both_libraries():
    """The docstring's recipe: one filter per library; each class alone lets the other through."""
    import warnings

    from sklearn.exceptions import UndefinedMetricWarning as SklearnWarning
    from sklearn.metrics import precision_score

    import evalmetrics

    def both():
        evalmetrics.precision([0, 0], [0, 0])
        precision_score([0, 0], [0, 0])

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=SklearnWarning)
        both()
    assert [type(w.message) for w in caught] == [evalmetrics.UndefinedMetricWarning]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=evalmetrics.UndefinedMetricWarning)
        warnings.filterwarnings("ignore", category=SklearnWarning)
        both()
    assert caught == []


# --- x/0 with x > 0 is not 0/0: +inf with a RuntimeWarning, whatever zero_division is


@pytest.mark.parametrize("zero_division", ["warn", 0.0, 1.0, NAN])
def test_divide_nonzero_over_zero_is_infinite_not_undefined(zero_division):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = divide(
            [3, 0, 2], [0, 0, 4], metric="m", denominator_name="d", zero_division=zero_division
        )
    assert got[0] == np.inf and got[2] == 0.5
    if zero_division == "warn" or np.isnan(zero_division):
        assert np.isnan(got[1])
    else:
        assert got[1] == zero_division
    infinite = [w for w in caught if w.category is RuntimeWarning]
    assert len(infinite) == 1
    assert "not 0/0" in str(infinite[0].message) and "zero_division does not apply" in str(
        infinite[0].message
    )
    undefined = [w for w in caught if w.category is em.UndefinedMetricWarning]
    assert len(undefined) == (zero_division == "warn")
