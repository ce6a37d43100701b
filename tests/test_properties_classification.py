"""Property tests (hypothesis) for the classification and curve metrics."""

import math
import warnings

import numpy as np
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import evalmetrics as em
from evalmetrics import Counts

counts_st = st.builds(
    Counts,
    tp=st.integers(0, 10**6),
    fp=st.integers(0, 10**6),
    tn=st.integers(0, 10**6),
    fn=st.integers(0, 10**6),
)
betas = st.floats(min_value=1e-3, max_value=1e3, allow_nan=False, allow_infinity=False)
zero_divisions = st.sampled_from(["warn", 0.0, 1.0, math.nan])


@st.composite
def labelled_pairs(draw, max_label=1):
    n = draw(st.integers(1, 40))
    y_true = draw(st.lists(st.integers(0, max_label), min_size=n, max_size=n))
    y_pred = draw(st.lists(st.integers(0, max_label), min_size=n, max_size=n))
    return y_true, y_pred


@st.composite
def scored(draw):
    """y_true with both classes, and integer-valued scores with many ties."""
    n = draw(st.integers(2, 40))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    assume(0 < sum(y) < n)
    scores = draw(st.lists(st.integers(-30, 30), min_size=n, max_size=n))
    return np.array(y), np.array(scores, dtype=np.float64)


# --- F-beta between min(P, R) and max(P, R) ---------------------------------------------------


@given(counts_st, betas)
def test_fbeta_lies_between_precision_and_recall(c, beta):
    assume(c.tp + c.fp > 0 and c.tp + c.fn > 0)  # P and R defined
    p, r, f = c.precision, c.recall, c.fbeta(beta=beta)
    slack = 1e-12
    assert min(p, r) - slack <= f <= max(p, r) + slack


@given(labelled_pairs(max_label=1), betas)
def test_fbeta_lies_between_precision_and_recall_from_labels(pair, beta):
    y_true, y_pred = pair
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        p = em.precision(y_true, y_pred)
        r = em.recall(y_true, y_pred)
        f = em.fbeta(y_true, y_pred, beta=beta)
    assume(not (math.isnan(p) or math.isnan(r)))
    assert min(p, r) - 1e-12 <= f <= max(p, r) + 1e-12


@given(labelled_pairs(max_label=3), betas, zero_divisions)
def test_fbeta_per_class_lies_between_precision_and_recall(pair, beta, zero_division):
    y_true, y_pred = pair
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        kw = dict(average=None, zero_division=zero_division)
        p = em.precision(y_true, y_pred, **kw)
        r = em.recall(y_true, y_pred, **kw)
        f = em.fbeta(y_true, y_pred, beta=beta, **kw)
    # where P and R are genuine ratios (their denominators are > 0)
    labels = np.union1d(y_true, y_pred)
    cm = em.confusion_matrix(y_true, y_pred)
    defined = (cm.sum(axis=0) > 0) & (cm.sum(axis=1) > 0)
    assert len(labels) == len(f)
    lo, hi = np.minimum(p, r)[defined], np.maximum(p, r)[defined]
    assert np.all(lo - 1e-12 <= f[defined]) and np.all(f[defined] <= hi + 1e-12)


# --- E = 1 - F ----------------------------------------------------------------------------------


@given(counts_st, betas, zero_divisions)
@example(Counts(tp=0, fp=0, tn=0, fn=0), 1.0, 0.0)
@example(Counts(tp=0, fp=0, tn=7, fn=0), 2.0, 1.0)
def test_e_measure_is_one_minus_f(c, beta, zero_division):
    """E = 1 - F where F is defined; where it is not (TP + FP + FN = 0), E is its own
    zero_division value (documented: "it is E's value, not F's"), not 1 minus F's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        e = c.e_measure(beta=beta, zero_division=zero_division)
        f = c.fbeta(beta=beta, zero_division=zero_division)
    if c.tp + c.fp + c.fn == 0:
        expected = math.nan if zero_division == "warn" else zero_division
        np.testing.assert_equal(e, expected)
    else:
        np.testing.assert_equal(e, 1.0 - f)


@given(
    labelled_pairs(max_label=2),
    betas,
    zero_divisions,
    st.sampled_from(["micro", "macro", "weighted", None]),
)
def test_e_measure_is_one_minus_f_for_every_average(pair, beta, zero_division, average):
    y_true, y_pred = pair
    kw = dict(beta=beta, average=average, zero_division=zero_division)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        e = em.e_measure(y_true, y_pred, **kw)
        f = em.fbeta(y_true, y_pred, **kw)
    np.testing.assert_array_equal(e, 1.0 - np.asarray(f))


# --- AUC (and AP) unchanged by a strictly increasing transform of the scores ------------------


@given(scored())
def test_auc_unchanged_by_exp_transform(case):
    y, s = case
    # exp is strictly increasing; scores are integers in [-30, 30], so s / 8 are 0.125 apart and
    # their exponentials stay distinct: ties are kept and no new ties appear
    transformed = np.exp(s / 8.0)
    assert len(np.unique(transformed)) == len(np.unique(s))
    assert em.roc_auc(y, transformed) == em.roc_auc(y, s)
    assert em.average_precision(y, transformed) == em.average_precision(y, s)


@given(scored(), st.data())
def test_auc_unchanged_by_rank_preserving_integer_map(case, data):
    y, s = case
    distinct = np.unique(s)
    # a random strictly increasing map of the distinct scores onto integers
    gaps = data.draw(
        st.lists(st.integers(1, 10**6), min_size=len(distinct), max_size=len(distinct))
    )
    offset = data.draw(st.integers(-(10**9), 10**9))
    image = offset + np.cumsum(gaps)
    mapped = image[np.searchsorted(distinct, s)].astype(np.float64)
    assert em.roc_auc(y, mapped) == em.roc_auc(y, s)
    assert em.average_precision(y, mapped) == em.average_precision(y, s)


@given(scored())
def test_auc_of_reversed_scores_is_one_minus_auc(case):
    y, s = case
    assert math.isclose(em.roc_auc(y, -s), 1.0 - em.roc_auc(y, s), rel_tol=0, abs_tol=1e-15)


@settings(max_examples=50)
@given(scored())
def test_roc_curve_is_monotone_from_origin_to_one(case):
    y, s = case
    fpr, tpr, thresholds = em.roc_curve(y, s)
    assert fpr[0] == tpr[0] == 0 and fpr[-1] == tpr[-1] == 1
    assert np.all(np.diff(fpr) >= 0) and np.all(np.diff(tpr) >= 0)
    assert np.all(np.diff(thresholds) < 0)


# --- the sweep's rates and the F-beta candidates -------------------------------------


@given(scored())
def test_sweep_rates_are_monotone_and_end_at_zero_and_one(data):
    y, scores = data
    sw = em.sweep(y, scores)
    for rate in (sw.tpr, sw.fpr):
        assert rate[0] == 0 and rate[-1] == 1
        assert (np.diff(rate) >= 0).all()
    assert ((sw.precision[1:] > 0) | (sw.tp[1:] == 0)).all()
    assert sw.precision[-1] == y.mean()  # everything predicted positive: the prevalence


@given(scored(), betas)
def test_the_best_f_beta_over_the_sweep_is_at_a_candidate(data, beta):
    y, scores = data
    sw = em.sweep(y, scores)
    f = sw.fbeta(beta=beta)
    assert f[sw.fbeta_candidates()].max() >= f.max() * (1 - 1e-12)


@given(counts_st, st.floats(0, 1), st.integers(1, 10**7))
def test_at_prevalence_keeps_the_size_and_the_prevalence_to_rounding(c, prevalence, n_samples):
    assume(c.tp + c.fn > 0 and c.tn + c.fp > 0)
    moved = c.at_prevalence(prevalence=prevalence, n_samples=n_samples)
    assert moved.n == n_samples
    assert abs((moved.tp + moved.fn) - prevalence * n_samples) <= 0.5 + 1e-9 * n_samples
