"""evalmetrics.stats intervals: DeLong against its O(n^2) definition, the scipy wrappers against
scipy called directly, the bootstraps against by-hand loops, properties and bad inputs.

Expected values come from scipy, scikit-learn, the direct definitions written here, or hand
arithmetic; never from the code under test.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st_h
from sklearn.metrics import roc_auc_score

import evalmetrics as em
import evalmetrics.stats as st
from evalmetrics.stats._delong import delong_covariance, delong_placements, delong_variance

SEED_BLOCKS = [range(start, start + 25) for start in range(0, 200, 25)]


def _tied_case(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 80))
    y = rng.random(n) < rng.uniform(0.2, 0.8)
    y[:2] = True
    y[2:4] = False
    scores = np.round(rng.normal(size=n) + y, int(rng.integers(0, 2)))  # many ties
    return y, scores


def _definition(y: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Placement values from all pairs, ties 1/2, and DeLong's variance (DeLong et al. 1988)."""
    x, z = scores[y], scores[~y]
    psi = (x[:, None] > z[None, :]) + 0.5 * (x[:, None] == z[None, :])
    v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
    var = np.var(v10, ddof=1) / x.size + np.var(v01, ddof=1) / z.size
    return v10, v01, float(var)


def _auc_by_ranks(y: np.ndarray, scores: np.ndarray, axis: int = -1) -> np.ndarray:
    """Mann-Whitney AUC from scipy's midranks, vectorised along ``axis`` (nan with one class)."""
    ranks = scipy.stats.rankdata(scores, axis=axis)
    m = y.sum(axis=axis)
    n = y.shape[axis] - m
    u = (ranks * y).sum(axis=axis) - m * (m + 1) / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        return u / (m * n)


# --- DeLong ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seeds", SEED_BLOCKS, ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_delong_matches_the_quadratic_definition(seeds):
    failing = []
    for seed in seeds:
        y, s = _tied_case(seed)
        v10, v01, var = _definition(y, s)
        got10, got01 = delong_placements(y, s)
        ok = (
            np.abs(got10 - v10).max() <= 1e-12
            and np.abs(got01 - v01).max() <= 1e-12
            and abs(delong_variance(y, s) - var) <= 1e-12
            and abs(st.auc_variance(y.astype(int), s) - var) <= 1e-12
            and abs(delong_covariance(got10, got01) - var) <= 1e-12
        )
        if not ok:
            failing.append(seed)
    assert not failing, f"seeds where DeLong differs from the O(n^2) definition: {failing}"


@pytest.mark.parametrize("seed", range(10))
def test_delong_covariance_of_two_models_matches_the_definition(seed):
    y, s1 = _tied_case(seed)
    s2 = np.round(s1 + np.random.default_rng(seed + 100).normal(size=s1.size), 1)
    a10, a01, var1 = _definition(y, s1)
    b10, b01, var2 = _definition(y, s2)
    cov12 = np.cov(a10, b10)[0, 1] / a10.size + np.cov(a01, b01)[0, 1] / a01.size
    v10, v01 = delong_placements(y, np.stack([s1, s2]))
    cov = delong_covariance(v10, v01)
    assert cov.shape == (2, 2)
    np.testing.assert_allclose(cov, [[var1, cov12], [cov12, var2]], rtol=0, atol=1e-12)
    assert v10.mean(axis=1) == pytest.approx([roc_auc_score(y, s1), roc_auc_score(y, s2)])


def test_delong_agrees_with_the_stratified_bootstrap_standard_error_at_n_2000():
    rng = np.random.default_rng(7)
    n = 2000
    y = (rng.random(n) < 0.3).astype(int)
    s = np.round(rng.normal(size=n) + 1.0 * y, 2)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    boot = np.random.default_rng(11)
    b = 2000
    aucs = np.empty(b)
    for i in range(b):
        idx = np.concatenate(
            [pos[boot.integers(0, pos.size, pos.size)], neg[boot.integers(0, neg.size, neg.size)]]
        )
        aucs[i] = _auc_by_ranks(y[idx], s[idx])
    se_boot = aucs.std(ddof=1)
    se_delong = math.sqrt(st.auc_variance(y, s))
    # Monte Carlo error of a standard deviation from b draws is about se / sqrt(2 b) = 1.6%
    assert se_delong == pytest.approx(se_boot, rel=0.08)


def test_delong_is_fast_on_a_million_cases():
    """Not a timing assertion (that is the benchmark's): it must finish, O(n log n)."""
    rng = np.random.default_rng(0)
    y = rng.random(10**6) < 0.1
    s = rng.normal(size=10**6) + y
    assert delong_variance(y, s) > 0


# --- proportions -------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["wilson", "exact"])
@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
@pytest.mark.parametrize(("k", "n"), [(0, 1), (0, 10), (3, 10), (10, 10), (57, 285), (1, 1000)])
def test_proportion_ci_is_scipy_binomtest(method, confidence, k, n):
    want = scipy.stats.binomtest(k, n).proportion_ci(confidence_level=confidence, method=method)
    got = st.proportion_ci(k, n, method=method, confidence=confidence)
    assert (got.low, got.high) == (want.low, want.high)
    assert got.estimate == k / n and got.method == method and got.confidence == confidence


def test_wald_by_hand_and_unclipped():
    # k = 1 of n = 10: 0.1 +- 1.959964 * sqrt(0.1 * 0.9 / 10) = 0.1 +- 0.185940
    ci = st.proportion_ci(1, 10, method="wald")
    assert ci.low == pytest.approx(0.1 - 1.959963984540054 * math.sqrt(0.009), abs=1e-15)
    assert ci.low < 0 < ci.high < 1  # escapes [0, 1]: reported as computed
    zero = st.proportion_ci(0, 10, method="wald")
    assert (zero.low, zero.high) == (0.0, 0.0)  # zero width at k = 0


def test_wilson_by_hand():
    k, n, z = 3, 10, 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    ci = st.proportion_ci(k, n)
    assert (ci.low, ci.high) == pytest.approx((centre - half, centre + half), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(n=st_h.integers(1, 400), data=st_h.data())
def test_proportion_ci_contains_the_estimate_and_is_monotone(n, data):
    k = data.draw(st_h.integers(0, n))
    method = data.draw(st_h.sampled_from(["wilson", "exact", "wald"]))
    ci = st.proportion_ci(k, n, method=method)
    assert ci.low <= ci.estimate <= ci.high
    if k < n and method != "wald":
        up = st.proportion_ci(k + 1, n, method=method)
        assert up.low >= ci.low and up.high >= ci.high


# --- AUC intervals -----------------------------------------------------------------------------


def _auc_case(seed: int, n: int = 200) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.35).astype(int)
    y[:2], y[2:4] = 1, 0
    return y, np.round(rng.normal(size=n) + 0.8 * y, 1)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_auc_ci_delong_is_a_clipped_normal_interval(seed, confidence):
    y, s = _auc_case(seed)
    auc = roc_auc_score(y, s)
    half = scipy.stats.norm.ppf(0.5 + confidence / 2) * math.sqrt(_definition(y == 1, s)[2])
    ci = st.auc_ci(y, s, confidence=confidence)
    assert ci.estimate == pytest.approx(auc, abs=1e-15)
    assert ci.low == pytest.approx(max(0, auc - half), abs=1e-12)
    assert ci.high == pytest.approx(min(1, auc + half), abs=1e-12)


def test_auc_ci_clips_to_the_unit_interval():
    y = [0, 0, 0, 1, 1, 1]
    s = [0.1, 0.2, 0.55, 0.5, 0.8, 0.9]  # AUC 8/9, wide interval
    ci = st.auc_ci(y, s)
    assert ci.high == 1.0 and ci.low < 8 / 9


@pytest.mark.parametrize("seed", range(5))
def test_hanley_mcneil_by_hand(seed):
    y, s = _auc_case(seed)
    a, m, n = roc_auc_score(y, s), int(y.sum()), int((1 - y).sum())
    q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
    want = (a * (1 - a) + (m - 1) * (q1 - a * a) + (n - 1) * (q2 - a * a)) / (m * n)
    assert st.auc_variance(y, s, method="hanley-mcneil") == pytest.approx(want, rel=1e-12)
    ci = st.auc_ci(y, s, method="hanley-mcneil")
    assert ci.high - ci.low == pytest.approx(2 * 1.959963984540054 * math.sqrt(want), rel=1e-9)


def test_auc_ci_bootstrap_matches_a_by_hand_stratified_loop():
    y, s = _auc_case(3, n=400)
    ci = st.auc_ci(y, s, method="bootstrap", n_resamples=4000, random_state=1)
    rng = np.random.default_rng(2)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    aucs = []
    for _ in range(4000):
        idx = np.concatenate(
            [pos[rng.integers(0, pos.size, pos.size)], neg[rng.integers(0, neg.size, neg.size)]]
        )
        aucs.append(_auc_by_ranks(y[idx], s[idx]))
    low, high = np.percentile(aucs, [2.5, 97.5])
    width = high - low
    assert ci.low == pytest.approx(low, abs=0.04 * width)
    assert ci.high == pytest.approx(high, abs=0.04 * width)
    again = st.auc_ci(y, s, method="bootstrap", n_resamples=4000, random_state=1)
    assert again == ci  # seeded


def test_auc_ci_string_labels_and_pos_label():
    y, s = _auc_case(1)
    words = np.where(y == 1, "spam", "ham")
    assert st.auc_ci(words, s, pos_label="spam") == st.auc_ci(y, s)


def test_auc_ci_ignored_options_warn():
    y, s = _auc_case(1)
    with pytest.warns(UserWarning, match="n_resamples is ignored"):
        st.auc_ci(y, s, n_resamples=50)
    with pytest.warns(UserWarning, match="random_state is ignored"):
        st.auc_ci(y, s, method="hanley-mcneil", random_state=3)


@settings(max_examples=40, deadline=None)
@given(seed=st_h.integers(0, 10**6), method=st_h.sampled_from(["delong", "hanley-mcneil"]))
def test_auc_intervals_contain_the_estimate(seed, method):
    y, s = _auc_case(seed, n=40)
    if np.all(s == s[0]):
        return
    ci = st.auc_ci(y, s, method=method)
    assert 0 <= ci.low <= ci.estimate <= ci.high <= 1


# --- bootstrap_ci ------------------------------------------------------------------------------


@pytest.mark.parametrize(("method", "scipy_method"), [("percentile", "percentile"), ("bca", "BCa")])
def test_bootstrap_ci_plain_is_scipy_bootstrap(method, scipy_method):
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=60), rng.normal(size=60)

    def metric(x, y):
        return float(np.mean(x - y))

    want = scipy.stats.bootstrap(
        (a, b),
        metric,
        paired=True,
        vectorized=False,
        n_resamples=500,
        method=scipy_method,
        confidence_level=0.9,
        rng=np.random.default_rng(5),
    ).confidence_interval
    got = st.bootstrap_ci(metric, a, b, n_resamples=500, method=method, confidence=0.9,
                          random_state=5)  # fmt: skip
    assert (got.low, got.high) == (want.low, want.high)
    assert got.estimate == metric(a, b)


def test_bootstrap_ci_of_roc_auc_agrees_with_scipy_and_sklearn():
    y, s = _auc_case(4, n=500)
    assert _auc_by_ranks(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-15)
    got = st.bootstrap_ci(em.roc_auc, y, s, n_resamples=3000, random_state=0)
    want = scipy.stats.bootstrap(
        (y, s),
        _auc_by_ranks,  # roc_auc_score's value, vectorised (the benchmark uses roc_auc_score)
        paired=True,
        vectorized=True,
        n_resamples=3000,
        method="percentile",
        rng=np.random.default_rng(1),
    ).confidence_interval
    width = want.high - want.low
    assert got.low == pytest.approx(want.low, abs=0.05 * width)
    assert got.high == pytest.approx(want.high, abs=0.05 * width)
    assert got.estimate == pytest.approx(roc_auc_score(y, s), abs=1e-15)


def test_bootstrap_ci_stratified_auc_fast_path_and_loop_agree():
    """roc_auc with stratify=y takes the vectorised path; a partial of it (string labels) takes
    the general loop: the same stratified bootstrap, so the same interval up to MC error."""
    y, s = _auc_case(2, n=300)
    fast = st.bootstrap_ci(em.roc_auc, y, s, stratify=y, n_resamples=3000, random_state=0)
    words = np.where(y == 1, "spam", "ham")
    metric = functools.partial(em.roc_auc, pos_label="spam")
    loop = st.bootstrap_ci(metric, words, s, stratify=words, n_resamples=3000, random_state=1)
    width = loop.high - loop.low
    assert fast.estimate == loop.estimate == pytest.approx(roc_auc_score(y, s), abs=1e-15)
    assert fast.low == pytest.approx(loop.low, abs=0.05 * width)
    assert fast.high == pytest.approx(loop.high, abs=0.05 * width)


def test_bootstrap_ci_stratify_keeps_class_sizes():
    y = np.array([0] * 7 + [1] * 3)
    seen = []

    def metric(labels):
        seen.append(int(labels.sum()))
        return float(labels.mean())

    st.bootstrap_ci(metric, y, stratify=y, n_resamples=50, random_state=0)
    assert set(seen) == {3}


def test_bootstrap_ci_groups_resample_whole_groups():
    groups = np.repeat(np.arange(6), [1, 2, 3, 4, 5, 6])
    values = groups.astype(float)
    sizes = dict(zip(range(6), [1, 2, 3, 4, 5, 6], strict=True))
    complete = []

    def metric(g, v):
        ids, counts = np.unique(g, return_counts=True)
        complete.append(all(c % sizes[i] == 0 for i, c in zip(ids, counts, strict=True)))
        return float(v.mean())

    ci = st.bootstrap_ci(metric, groups, values, groups=groups, n_resamples=100, random_state=0)
    assert all(complete)
    assert ci.low <= ci.estimate <= ci.high


def test_bootstrap_ci_bca_by_hand_agrees_with_scipy_bca():
    """With one case per group the by-hand BCa (groups path) is scipy's BCa up to MC error."""
    x = np.random.default_rng(3).exponential(size=80)
    got = st.bootstrap_ci(np.mean, x, groups=np.arange(80), method="bca", n_resamples=6000,
                          random_state=0)  # fmt: skip
    want = scipy.stats.bootstrap(
        (x,), np.mean, n_resamples=6000, method="BCa", rng=np.random.default_rng(1)
    ).confidence_interval
    width = want.high - want.low
    assert got.low == pytest.approx(want.low, abs=0.05 * width)
    assert got.high == pytest.approx(want.high, abs=0.05 * width)


# --- bad inputs --------------------------------------------------------------------------------

Y = [0, 0, 1, 1, 0, 1]
S = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]

BAD_INPUTS = [
    # (call, exception, words the message must contain)
    (lambda: st.proportion_ci(5, 0), ValueError, "n must be an integer >= 1"),
    (lambda: st.proportion_ci(11, 10), ValueError, "successes must be <= n"),
    (lambda: st.proportion_ci(-1, 10), ValueError, "successes"),
    (lambda: st.proportion_ci(3, 10.0), TypeError, "n must be an integer"),
    (lambda: st.proportion_ci(2.5, 10), TypeError, "successes"),
    (lambda: st.proportion_ci(3, 10, method="agresti"), ValueError, "method must be one of"),
    (lambda: st.proportion_ci(3, 10, confidence=1.0), ValueError, "confidence must lie in (0, 1)"),
    (lambda: st.proportion_ci(3, 10, confidence=0), ValueError, "confidence must lie in (0, 1)"),
    (lambda: st.proportion_ci(3, 10, confidence=95), ValueError, "confidence"),
    (lambda: st.auc_ci(Y, S[:-1]), ValueError, "y_score has 5"),
    (lambda: st.auc_ci([1, 1, 1, 1], [1, 2, 3, 4]), ValueError, "y_true must hold at least 2"),
    (lambda: st.auc_ci([0, 1, 1, 1], [1, 2, 3, 4]), ValueError, "y_true must hold at least 2"),
    (lambda: st.auc_ci(Y, [0.5] * 6), ValueError, "y_score is constant"),
    (lambda: st.auc_variance(Y, [0.5] * 6), ValueError, "y_score is constant"),
    (lambda: st.auc_ci([0, 1, 2, 0, 1, 2], S), ValueError, "distinct labels"),
    (lambda: st.auc_ci(Y, S, method="wald"), ValueError, "method must be one of"),
    (lambda: st.auc_variance(Y, S, method="bootstrap"), ValueError, "method must be one of"),
    (lambda: st.auc_ci(Y, S, confidence=-0.1), ValueError, "confidence must lie in (0, 1)"),
    (lambda: st.auc_ci(Y, S, method="bootstrap", n_resamples=0), ValueError, "n_resamples"),
    (lambda: st.auc_ci(Y, S, method="bootstrap", random_state="x"), TypeError, "random_state"),
    (lambda: st.auc_ci(Y, S, random_state=-3), ValueError, "random_state"),
    (lambda: st.auc_ci(Y, [0.1, np.nan, 0.3, 0.4, 0.5, 0.6]), ValueError, "y_score contains NaN"),
    (lambda: st.auc_ci(Y, S, pos_label=2), ValueError, "pos_label=2 is not one of"),
    (lambda: st.bootstrap_ci(np.mean), ValueError, "arrays"),
    (lambda: st.bootstrap_ci("mean", [1, 2, 3]), TypeError, "metric must be a callable"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], n_resamples=0), ValueError, "n_resamples"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], n_resamples=1.5), TypeError, "n_resamples"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], method="basic"), ValueError, "method"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], confidence=1.5), ValueError, "confidence"),
    (lambda: st.bootstrap_ci(em.roc_auc, Y, S[:4]), ValueError, "arrays[1] has 4"),
    (lambda: st.bootstrap_ci(np.mean, S, groups=[0, 1]), ValueError, "groups has 2"),
    (lambda: st.bootstrap_ci(np.mean, S, stratify=Y[:3]), ValueError, "stratify has 3"),
    (lambda: st.bootstrap_ci(np.mean, S, groups=[1] * 6), ValueError, "at least 2 distinct"),
    (lambda: st.bootstrap_ci(np.mean, S, groups=Y, stratify=Y), ValueError, "stratify or groups"),
    (lambda: st.bootstrap_ci(np.mean, [3.0]), ValueError, "at least 2 cases"),
    (lambda: st.bootstrap_ci(np.mean, [[1, 2], [3, 4]]), ValueError, "arrays[0] must be 1-D"),
    (
        lambda: st.bootstrap_ci(em.roc_auc, [0, 0, 0, 0, 0, 1], S, random_state=0),
        ValueError,
        "pass stratify=",
    ),
]


@pytest.mark.parametrize(("call", "error", "words"), BAD_INPUTS, ids=[w for _, _, w in BAD_INPUTS])
def test_bad_inputs_raise_naming_the_argument(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value), str(info.value)


def test_the_bad_input_list_is_long_enough():
    assert len(BAD_INPUTS) >= 25


def test_confidence_interval_is_frozen():
    ci = st.proportion_ci(3, 10)
    with pytest.raises(AttributeError):
        ci.low = 0.0  # type: ignore[misc]
