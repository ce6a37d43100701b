"""evalmetrics.stats intervals: DeLong against its O(n^2) definition, the proportions against
scipy and statsmodels, the bootstraps against by-hand loops, properties and bad inputs.

Expected values come from scipy, statsmodels (``proportion_confint``), scikit-learn, the direct
definitions written here, or hand arithmetic; never from the code under test.
"""

from __future__ import annotations

import functools
import itertools
import math
import warnings

import numpy as np
import pytest
import scipy.special
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st_h
from sklearn.metrics import roc_auc_score
from statsmodels.stats.proportion import proportion_confint

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


def _covariance_by_pairs(y: np.ndarray, *scores: np.ndarray) -> np.ndarray:
    """DeLong's (k, k) covariance from the O(n^2) placements: entry (r, s) is
    cov(V10_r, V10_s)/m + cov(V01_r, V01_s)/n_neg, sample covariances (ddof 1) by their sums."""
    placements = [_definition(y, s)[:2] for s in scores]
    k = len(scores)
    out = np.empty((k, k))
    for r, s in np.ndindex(k, k):
        total = 0.0
        for v_r, v_s in zip(placements[r], placements[s], strict=True):
            size = v_r.size
            products = (v_r - v_r.mean()) * (v_s - v_s.mean())
            total += products.sum() / (size - 1) / size
        out[r, s] = total
    return out


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_auc_covariance_matches_the_placement_definition(k, seed):
    y, s1 = _tied_case(seed)
    rng = np.random.default_rng(seed + 50)
    scores = [s1] + [np.round(s1 + rng.normal(size=s1.size) * (r + 1), 1) for r in range(k - 1)]
    labels = y.astype(int)
    got = st.auc_covariance(labels, *scores)
    assert got.shape == (k, k)
    np.testing.assert_allclose(got, _covariance_by_pairs(y, *scores), rtol=0, atol=1e-12)
    for r in range(k):  # the diagonal is each model's variance
        assert got[r, r] == pytest.approx(_definition(y, scores[r])[2], abs=1e-12)
    words = np.where(y, "pos", "neg")
    np.testing.assert_array_equal(st.auc_covariance(words, *scores, pos_label="pos"), got)


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

# our method -> statsmodels' proportion_confint method
STATSMODELS_METHOD = {
    "wald": "normal",
    "agresti-coull": "agresti_coull",
    "exact": "beta",
    "wilson": "wilson",
    "jeffreys": "jeffreys",
}


def _many_counts() -> tuple[np.ndarray, np.ndarray]:
    """(k, n) pairs: every k for small n, the edges and a spread for large n."""
    ks, ns = [], []
    for n in (1, 2, 3, 4, 5, 7, 10, 17, 30):
        ks += range(n + 1)
        ns += [n] * (n + 1)
    for n in (50, 100, 285, 1000, 12345):
        chosen = sorted({0, 1, 2, n // 20, n // 3, n // 2, n - 2, n - 1, n})
        ks += chosen
        ns += [n] * len(chosen)
    return np.array(ks), np.array(ns)


@pytest.mark.parametrize("method", sorted(STATSMODELS_METHOD))
@pytest.mark.parametrize("confidence_level", [0.8, 0.9, 0.95, 0.99])
def test_proportion_ci_matches_statsmodels_proportion_confint(method, confidence_level):
    k, n = _many_counts()
    low, high = proportion_confint(
        k, n, alpha=1 - confidence_level, method=STATSMODELS_METHOD[method]
    )
    ci = st.proportion_ci(k, n, method=method, confidence_level=confidence_level)
    assert ci.low.shape == ci.high.shape == ci.estimate.shape == k.shape
    np.testing.assert_array_equal(ci.estimate, k / n)
    got_low, got_high = ci.low, ci.high
    if method == "wald":  # documented: ours is not clipped to [0, 1]; statsmodels clips
        got_low, got_high = np.clip(got_low, 0, 1), np.clip(got_high, 0, 1)
    if method == "jeffreys":  # documented: ours is 0 at k = 0 and 1 at k = n
        edge_low, edge_high = k == 0, k == n
        np.testing.assert_array_equal(got_low[edge_low], 0.0)
        np.testing.assert_array_equal(got_high[edge_high], 1.0)
        assert np.all(low[edge_low] > 0) and np.all(high[edge_high] < 1)
        got_low = np.where(edge_low, low, got_low)
        got_high = np.where(edge_high, high, got_high)
    np.testing.assert_allclose(got_low, low, rtol=0, atol=1e-12)
    np.testing.assert_allclose(got_high, high, rtol=0, atol=1e-12)
    # a scalar call gives the array's entry, as floats
    for index in (0, 7, len(k) // 2, len(k) - 1):
        one = st.proportion_ci(
            int(k[index]), int(n[index]), method=method, confidence_level=confidence_level
        )
        assert type(one.low) is float and type(one.high) is float
        assert (one.low, one.high) == (ci.low[index], ci.high[index])
        assert one.method == method and one.confidence_level == confidence_level


def test_wald_is_not_clipped_where_statsmodels_clips():
    ci = st.proportion_ci([1, 4, 0], [5, 5, 5], method="wald")
    low, high = proportion_confint([1, 4, 0], [5, 5, 5], method="normal")
    assert ci.low[0] < 0 == low[0] and ci.high[1] > 1 == high[1]
    assert (ci.low[2], ci.high[2]) == (0.0, 0.0) == (low[2], high[2])  # zero width at k = 0


def test_jeffreys_edges_are_0_and_1_where_statsmodels_gives_the_beta_quantile():
    for n in (1, 10, 200):
        zero = st.proportion_ci(0, n, method="jeffreys")
        full = st.proportion_ci(n, n, method="jeffreys")
        assert zero.low == 0.0 and full.high == 1.0
        sm_zero = proportion_confint(0, n, method="jeffreys")
        sm_full = proportion_confint(n, n, method="jeffreys")
        assert sm_zero[0] == pytest.approx(scipy.stats.beta.ppf(0.025, 0.5, n + 0.5), rel=1e-12)
        assert sm_zero[0] > 0 and sm_full[1] < 1
        assert zero.high == pytest.approx(sm_zero[1], abs=1e-12)  # the other end agrees
        assert full.low == pytest.approx(sm_full[0], abs=1e-12)


@pytest.mark.parametrize("method", ["wilson", "wilsoncc", "exact"])
@pytest.mark.parametrize("confidence_level", [0.8, 0.95, 0.99])
@pytest.mark.parametrize(("k", "n"), [(0, 1), (0, 10), (3, 10), (10, 10), (57, 285), (1, 1000)])
def test_proportion_ci_is_scipy_binomtest(method, confidence_level, k, n):
    want = scipy.stats.binomtest(k, n).proportion_ci(
        confidence_level=confidence_level, method=method
    )
    got = st.proportion_ci(k, n, method=method, confidence_level=confidence_level)
    # scipy finds the ends by root-finding (brentq, xtol 2e-12), ours are beta quantiles
    assert (got.low, got.high) == pytest.approx((want.low, want.high), abs=1e-12)
    assert got.estimate == k / n and got.method == method
    assert got.confidence_level == confidence_level


def test_proportion_ci_broadcasts_arrays():
    k = np.array([[0, 1, 2]])
    n = np.array([[2], [5]])
    ci = st.proportion_ci(k, n, method="exact")
    assert ci.low.shape == ci.high.shape == ci.estimate.shape == (2, 3)
    for i, j in np.ndindex(2, 3):
        want = scipy.stats.binomtest(int(k[0, j]), int(n[i, 0])).proportion_ci(method="exact")
        assert (ci.low[i, j], ci.high[i, j]) == pytest.approx((want.low, want.high), abs=1e-12)
        assert ci.estimate[i, j] == k[0, j] / n[i, 0]
    # a scalar against a list, and lists of one
    ci = st.proportion_ci(3, [10, 20, 30])
    assert ci.low.shape == (3,)
    assert ci.low[1] == st.proportion_ci(3, 20).low
    assert st.proportion_ci([3], [10]).low.shape == (1,)
    # integer-valued floats are counts
    assert st.proportion_ci(3.0, 10.0) == st.proportion_ci(3, 10)


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
    low, high = ci  # unpacks like scipy's
    assert (low, high) == (ci.low, ci.high) == (ci[0], ci[1]) and len(ci) == 2


def test_agresti_coull_by_hand():
    # k = 9 of n = 10, z^2 = 3.8415: p~ = (9 + 1.9207) / 13.8415, clipped above at 1
    k, n, z = 9, 10, 1.959963984540054
    n_tilde = n + z * z
    p_tilde = (k + z * z / 2) / n_tilde
    half = z * math.sqrt(p_tilde * (1 - p_tilde) / n_tilde)
    ci = st.proportion_ci(k, n, method="agresti-coull")
    assert ci.low == pytest.approx(p_tilde - half, abs=1e-12)
    assert p_tilde + half > 1 and ci.high == 1.0


@settings(max_examples=60, deadline=None)
@given(n=st_h.integers(1, 400), data=st_h.data())
def test_proportion_ci_contains_the_estimate_and_is_monotone(n, data):
    k = data.draw(st_h.integers(0, n))
    method = data.draw(
        st_h.sampled_from(["wilson", "wilsoncc", "exact", "wald", "agresti-coull", "jeffreys"])
    )
    ci = st.proportion_ci(k, n, method=method)
    assert ci.low <= ci.estimate <= ci.high
    if method != "wald":
        assert 0 <= ci.low <= ci.high <= 1
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
@pytest.mark.parametrize("confidence_level", [0.9, 0.95])
def test_auc_ci_delong_is_a_clipped_normal_interval(seed, confidence_level):
    y, s = _auc_case(seed)
    auc = roc_auc_score(y, s)
    z = scipy.stats.norm.ppf(0.5 + confidence_level / 2)
    half = z * math.sqrt(_definition(y == 1, s)[2])
    ci = st.auc_ci(y, s, method="delong", confidence_level=confidence_level)
    assert ci.estimate == pytest.approx(auc, abs=1e-15)
    assert ci.low == pytest.approx(max(0, auc - half), abs=1e-12)
    assert ci.high == pytest.approx(min(1, auc + half), abs=1e-12)
    assert (ci.method, ci.confidence_level) == ("delong", confidence_level)


def _logit_interval(y: np.ndarray, s: np.ndarray, confidence_level: float) -> tuple[float, float]:
    """Pepe (2003), section 5.2.3: the normal interval of logit(A), standard error
    SE / (A (1 - A)) with SE from the O(n^2) DeLong variance, mapped back by the expit."""
    v10, _, variance = _definition(y, s)
    auc, se = float(np.mean(v10)), math.sqrt(variance)
    z = scipy.stats.norm.ppf(0.5 + confidence_level / 2)
    centre = scipy.special.logit(auc)
    half = z * se / (auc * (1 - auc))
    return float(scipy.special.expit(centre - half)), float(scipy.special.expit(centre + half))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("confidence_level", [0.8, 0.95, 0.99])
def test_auc_ci_delong_logit_matches_the_logit_formula(seed, confidence_level):
    y, s = _auc_case(seed, n=int(np.random.default_rng(seed).integers(8, 300)))
    # a strong score for some seeds: AUC near 1, where the logit interval matters
    s = s + 2.5 * y * (seed % 2)
    ci = st.auc_ci(y, s, method="delong-logit", confidence_level=confidence_level)
    want = _logit_interval(y == 1, s, confidence_level)
    assert (ci.low, ci.high) == pytest.approx(want, abs=1e-12)
    assert ci.estimate == pytest.approx(roc_auc_score(y, s), abs=1e-15)
    assert 0 < ci.low < ci.estimate < ci.high < 1
    assert ci.method == "delong-logit"


def test_auc_ci_delong_logit_is_asymmetric_and_inside_where_delong_clips():
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    s = np.array([0.1, 0.2, 0.3, 0.5, 0.4, 0.6, 0.8, 0.9])  # AUC 15/16
    plain = st.auc_ci(y, s, method="delong")
    logit = st.auc_ci(y, s, method="delong-logit")
    assert plain.high == 1.0 and logit.high < 1.0
    assert st.auc_ci(y, s) == logit  # the default
    assert logit.estimate - logit.low > logit.high - logit.estimate
    assert (logit.low, logit.high) == pytest.approx(_logit_interval(y == 1, s, 0.95), abs=1e-12)
    # perfectly separated: no spread, the point itself
    separated = st.auc_ci(y, np.arange(8.0), method="delong-logit")
    assert (separated.low, separated.high, separated.estimate) == (1.0, 1.0, 1.0)


def test_auc_ci_clips_to_the_unit_interval():
    y = [0, 0, 0, 1, 1, 1]
    s = [0.1, 0.2, 0.55, 0.5, 0.8, 0.9]  # AUC 8/9, wide interval
    ci = st.auc_ci(y, s, method="delong")
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


@pytest.mark.parametrize("method", ["delong", "delong-logit", "hanley-mcneil"])
def test_auc_ci_ignored_options_warn(method):
    y, s = _auc_case(1)
    with pytest.warns(UserWarning) as caught:
        st.auc_ci(y, s, method=method, n_resamples=50, random_state=3)
    assert [str(w.message) for w in caught] == [
        f"n_resamples is ignored with method={method!r} (set to 50)",
        f"random_state is ignored with method={method!r} (set to 3)",
    ]
    assert caught[0].filename == __file__  # the warning points at the caller
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        st.auc_ci(y, s, method=method)
        st.auc_ci(y, s, method="bootstrap", n_resamples=50, random_state=3)


def test_auc_ci_bootstrap_random_state_int_generator_and_randomstate():
    y, s = _auc_case(2, n=120)

    def run(random_state):
        return st.auc_ci(y, s, method="bootstrap", n_resamples=300, random_state=random_state)

    assert run(4) == run(4) == run(np.random.default_rng(4))
    assert run(np.random.RandomState(4)) == run(np.random.RandomState(4))
    assert run(4) != run(5)
    for bad in (4.0, "4"):
        with pytest.raises(TypeError, match=r"^random_state must be None"):
            run(bad)


@settings(max_examples=40, deadline=None)
@given(
    seed=st_h.integers(0, 10**6),
    method=st_h.sampled_from(["delong", "delong-logit", "hanley-mcneil"]),
)
def test_auc_intervals_contain_the_estimate(seed, method):
    y, s = _auc_case(seed, n=40)
    if np.all(s == s[0]):
        return
    ci = st.auc_ci(y, s, method=method)
    assert 0 <= ci.low <= ci.estimate <= ci.high <= 1


# --- bootstrap_ci ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "scipy_method"),
    [("percentile", "percentile"), ("bca", "BCa"), ("BCa", "BCa"), ("basic", "basic")],
)
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
    )
    got = st.bootstrap_ci(metric, a, b, n_resamples=500, method=method, confidence_level=0.9,
                          random_state=5)  # fmt: skip
    # the same draws (one block of rng.integers(0, n, (500, n))): scipy's values exactly,
    # the ends to rounding (scipy's own quantile function against numpy's)
    np.testing.assert_array_equal(got.bootstrap_distribution, want.bootstrap_distribution)
    assert got.standard_error == want.standard_error
    want = want.confidence_interval
    assert (got.low, got.high) == pytest.approx((want.low, want.high), rel=0, abs=1e-14)
    assert got.estimate == metric(a, b)
    assert (got.method, got.confidence_level) == (scipy_method, 0.9)  # "bca" reported as "BCa"
    # a RandomState seeds a Generator: the same RandomState seed, the same interval
    again = [
        st.bootstrap_ci(metric, a, b, n_resamples=200, random_state=np.random.RandomState(8))
        for _ in range(2)
    ]
    assert again[0] == again[1]
    with pytest.raises(TypeError, match=r"^random_state must be None"):
        st.bootstrap_ci(metric, a, b, n_resamples=200, random_state=8.0)


def test_bootstrap_ci_of_roc_auc_agrees_with_scipy_and_sklearn():
    y, s = _auc_case(4, n=500)
    assert _auc_by_ranks(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-15)
    got = st.bootstrap_ci(em.roc_auc, y, s, method="percentile", n_resamples=3000, random_state=0)
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
    # with the same seed, the same resamples: a wrapper of roc_auc (the loop) gives the
    # fast path's interval to rounding, stratified or not
    for stratify, method in itertools.product((y, None), ("percentile", "basic", "BCa")):
        options = {"stratify": stratify, "method": method, "n_resamples": 2000, "random_state": 5}
        seeded = st.bootstrap_ci(em.roc_auc, y, s, **options)
        wrapped = st.bootstrap_ci(lambda yy, ss: em.roc_auc(yy, ss), y, s, **options)
        assert tuple(seeded) == pytest.approx(tuple(wrapped), abs=1e-12)
        # the same resampled values; BCa's jackknife from DeLong's placements equals the loop
        np.testing.assert_allclose(
            seeded.bootstrap_distribution, wrapped.bootstrap_distribution, rtol=0, atol=1e-12
        )


def test_bootstrap_ci_of_a_constant_is_the_point_for_every_method():
    """Every resample equals the estimate: z0 = Phi^-1(1/2) = 0 (ties count one half, as
    scipy's), and a jackknife without spread gives acceleration 0 (scipy's 0/0 is nan)."""
    for method in ("BCa", "percentile", "basic"):
        ci = st.bootstrap_ci(np.mean, [3.0, 3.0, 3.0], method=method, random_state=0)
        assert tuple(ci) == (3.0, 3.0) and ci.standard_error == 0.0, method
    with pytest.warns(scipy.stats.DegenerateDataWarning):
        ref = scipy.stats.bootstrap(([3.0, 3.0, 3.0],), np.mean, rng=np.random.default_rng(0))
    assert np.isnan(ref.confidence_interval.low)  # the documented difference


def test_bootstrap_ci_bca_with_every_resample_on_one_side_is_an_error():
    # the number of distinct values: no resample of 30 distinct values has 30 of them
    # (probability 30!/30^30), so every resampled value lies below the estimate
    def n_distinct(x):
        return float(np.unique(x).size)

    with pytest.raises(ValueError, match="BCa interval is undefined.*below.*method='percentile'"):
        st.bootstrap_ci(n_distinct, np.arange(30.0), n_resamples=200, random_state=0)
    ci = st.bootstrap_ci(n_distinct, np.arange(30.0), method="percentile", n_resamples=200,
                         random_state=0)  # fmt: skip
    assert ci.high < ci.estimate == 30.0


def test_bootstrap_ci_stratify_keeps_class_sizes():
    y = np.array([0] * 7 + [1] * 3)
    seen = []

    def metric(labels):
        seen.append(int(labels.sum()))
        return float(labels.mean())

    st.bootstrap_ci(metric, y, stratify=y, method="percentile", n_resamples=50, random_state=0)
    assert set(seen) == {3} and len(seen) == 51  # the estimate and 50 resamples
    # BCa also leaves each case out once (its jackknife): 2 positives when a positive is out
    seen.clear()
    st.bootstrap_ci(metric, y, stratify=y, n_resamples=50, random_state=0)
    assert seen[:51] == [3] * 51 and sorted(seen[51:]) == [2] * 3 + [3] * 7


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
    (lambda: st.proportion_ci(5, 0), ValueError, "n must be >= 1"),
    (lambda: st.proportion_ci(3, [10, 0]), ValueError, "n must be >= 1"),
    (lambda: st.proportion_ci(11, 10), ValueError, "successes must be <= n"),
    (lambda: st.proportion_ci([1, 11], [10, 10]), ValueError, "successes must be <= n"),
    (lambda: st.proportion_ci(-1, 10), ValueError, "successes must be >= 0"),
    (lambda: st.proportion_ci(0, -3), ValueError, "n must be >= 0"),
    (lambda: st.proportion_ci(3, 10.5), TypeError, "n must hold integers"),
    (lambda: st.proportion_ci(2.5, 10), TypeError, "successes must hold integers"),
    (lambda: st.proportion_ci([1, 2.5], 10), TypeError, "successes must hold integers"),
    (lambda: st.proportion_ci(np.nan, 10), TypeError, "successes must hold integers"),
    (lambda: st.proportion_ci(True, 10), TypeError, "successes must hold integers"),
    (lambda: st.proportion_ci("3", 10), TypeError, "successes must hold integers"),
    (lambda: st.proportion_ci([1, 2], [3, 4, 5]), ValueError, "successes and n must broadcast"),
    (lambda: st.proportion_ci(3, 10, method="agresti"), ValueError, "method must be one of"),
    (lambda: st.proportion_ci(3, 10, confidence_level=1.0), ValueError, "confidence_level must"),
    (lambda: st.proportion_ci(3, 10, confidence_level=0), ValueError, "confidence_level must"),
    (lambda: st.proportion_ci(3, 10, confidence_level=95), ValueError, "confidence_level"),
    (lambda: st.proportion_ci(3, 10, confidence=0.9), TypeError, "confidence"),
    (lambda: st.auc_ci(Y, S[:-1]), ValueError, "y_score has 5"),
    (lambda: st.auc_ci([1, 1, 1, 1], [1, 2, 3, 4]), ValueError, "y_true must hold at least 2"),
    (lambda: st.auc_ci([0, 1, 1, 1], [1, 2, 3, 4]), ValueError, "y_true must hold at least 2"),
    (lambda: st.auc_ci(Y, [0.5] * 6), ValueError, "y_score is constant"),
    (lambda: st.auc_variance(Y, [0.5] * 6), ValueError, "y_score is constant"),
    (lambda: st.auc_ci([0, 1, 2, 0, 1, 2], S), ValueError, "distinct labels"),
    (lambda: st.auc_ci(Y, S, method="wald"), ValueError, "method must be one of"),
    (lambda: st.auc_variance(Y, S, method="bootstrap"), ValueError, "method must be one of"),
    (lambda: st.auc_ci(Y, S, confidence_level=-0.1), ValueError, "confidence_level must lie in"),
    (lambda: st.auc_ci(Y, S, method="bootstrap", random_state=2.5), TypeError, "random_state"),
    (lambda: st.auc_covariance(Y), ValueError, "y_scores"),
    (lambda: st.auc_covariance(Y, S, S[:-1]), ValueError, "y_scores[1] has 5"),
    (lambda: st.auc_covariance(Y, S, [np.nan] + S[1:]), ValueError, "y_scores[1] contains NaN"),
    (lambda: st.auc_covariance([1] * 6, S), ValueError, "y_true must hold at least 2"),
    (lambda: st.auc_ci(Y, S, method="bootstrap", n_resamples=0), ValueError, "n_resamples"),
    (lambda: st.auc_ci(Y, S, method="bootstrap", random_state="x"), TypeError, "random_state"),
    (lambda: st.auc_ci(Y, S, random_state=-3), ValueError, "random_state"),
    (lambda: st.auc_ci(Y, [0.1, np.nan, 0.3, 0.4, 0.5, 0.6]), ValueError, "y_score contains NaN"),
    (lambda: st.auc_ci(Y, S, pos_label=2), ValueError, "pos_label=2 is not one of"),
    (lambda: st.bootstrap_ci(np.mean), ValueError, "arrays"),
    (lambda: st.bootstrap_ci("mean", [1, 2, 3]), TypeError, "metric must be a callable"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], n_resamples=0), ValueError, "n_resamples"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], n_resamples=1.5), TypeError, "n_resamples"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], method="studentized"), ValueError, "method"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], confidence_level=1.5), ValueError, "confiden"),
    (lambda: st.bootstrap_ci(np.mean, [1, 2, 3], random_state=1.0), TypeError, "random_state"),
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


@pytest.mark.parametrize(
    ("call", "error", "words"),
    BAD_INPUTS,
    ids=[f"{i}: {w}" for i, (_, _, w) in enumerate(BAD_INPUTS)],
)
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


@pytest.mark.parametrize(
    "call",
    [
        lambda level: st.proportion_ci(3, 10, confidence_level=level),
        lambda level: st.auc_ci(Y, S, confidence_level=level),
        lambda level: st.auc_ci(Y, S, method="bootstrap", confidence_level=level),
        lambda level: st.bootstrap_ci(np.mean, S, confidence_level=level),
    ],
    ids=["proportion_ci", "auc_ci", "auc_ci bootstrap", "bootstrap_ci"],
)
@pytest.mark.parametrize("level", [0, 1, -0.5, 1.5, 95])
def test_confidence_level_outside_0_1_raises_naming_it(call, level):
    with pytest.raises(ValueError, match=r"^confidence_level must lie in \(0, 1\)"):
        call(level)
