"""Tests of evalmetrics.stats' paired tests: mcnemar, delong_test, paired_test.

Every expected value comes from scipy called directly, a direct definition written here (the
O(n^2) DeLong placements from all pairs, the 2^n sign flips of the randomization test, the
discordant pairs counted in a loop) or hand arithmetic; none from the code under test.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import math
import re
import warnings

import numpy as np
import pytest
import scipy.stats as ss
from hypothesis import assume, given, settings
from hypothesis import strategies as hst
from sklearn.metrics import roc_auc_score

from evalmetrics.stats import _tests
from evalmetrics.stats._tests import TestResult, delong_test, mcnemar, paired_test

SEED = 20261201
BLOCK_SIZE = 25
N_BLOCKS = 4
per_block = pytest.mark.parametrize("block", range(N_BLOCKS))


def _run_block(block, one_case):
    """Run ``one_case(seed)`` for the block's seeds; fail once, listing every failing seed."""
    failures = []
    for case in range(block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE):
        try:
            one_case(SEED + case)
        except (Exception, pytest.fail.Exception) as error:
            failures.append(f"rng seed {SEED + case}: {type(error).__name__}: {error}")
    assert not failures, (
        f"{len(failures)} of {BLOCK_SIZE} cases fail in block {block}:\n" + "\n".join(failures)
    )


def _seeded(function, seed):
    """A seeded Generator as ``rng=`` (scipy >= 1.15) or ``random_state=`` (older scipy)."""
    name = "rng" if "rng" in inspect.signature(function).parameters else "random_state"
    return {name: np.random.default_rng(seed)}


# --- the result object -------------------------------------------------------------------------


def test_result_fields_and_frozen():
    names = [f.name for f in dataclasses.fields(TestResult)]
    assert names == [
        "statistic",
        "pvalue",
        "difference",
        "ci_low",
        "ci_high",
        "confidence",
        "method",
    ]
    r = mcnemar([1, 0, 1], [1, 0, 0], [1, 1, 1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.pvalue = 0.0  # type: ignore[misc]
    for name in names[:-1]:
        assert type(getattr(r, name)) is float, name
    assert isinstance(r.method, str)


def test_public_names_and_doctests():
    assert sorted(_tests.__all__) == ["TestResult", "delong_test", "mcnemar", "paired_test"]
    for name in _tests.__all__:
        doc = inspect.getdoc(getattr(_tests, name))
        assert doc and "Examples" in doc and ">>>" in doc, f"{name} has no doctest"


def test_evalmetrics_stats_reexports_the_tests():
    import evalmetrics.stats as st

    for name in _tests.__all__:
        assert getattr(st, name) is getattr(_tests, name), name
        assert name in st.__all__, name


def test_options_are_keyword_only():
    for function, data in (
        (mcnemar, {"y_true", "pred_a", "pred_b"}),
        (delong_test, {"y_true", "score_a", "score_b"}),
        (paired_test, {"a", "b"}),
    ):
        params = inspect.signature(function).parameters.values()
        positional = {p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD}
        assert positional == data, function.__name__
        keyword = {p.name for p in params if p.kind is p.KEYWORD_ONLY}
        assert "confidence" in keyword


# --- McNemar -----------------------------------------------------------------------------------


def _discordant(y, a, b):
    """b (A right, B wrong) and c (A wrong, B right), counted one case at a time."""
    b_count = c_count = 0
    for truth, pa, pb in zip(y, a, b, strict=True):
        if pa == truth and pb != truth:
            b_count += 1
        elif pa != truth and pb == truth:
            c_count += 1
    return b_count, c_count


def test_mcnemar_hand_example():
    # A right on 0-5, B right on 2-9: b = 2, c = 4, n = 10.
    y = [1] * 10
    a = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]
    b = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    r = mcnemar(y, a, b)
    # two-sided binomial(6, 1/2): P(X <= 2) + P(X >= 4) = 2 * (1 + 6 + 15) / 64
    assert r.pvalue == pytest.approx(44 / 64, abs=1e-15)
    assert r.statistic == 2.0
    assert r.difference == pytest.approx(0.2, abs=1e-15)  # acc_B 0.8 - acc_A 0.6
    # Wald: sqrt((b + c) - (c - b)^2 / n) / n = sqrt(6 - 0.4) / 10
    half = 1.959963984540054 * math.sqrt(5.6) / 10
    assert (r.ci_low, r.ci_high) == pytest.approx((0.2 - half, 0.2 + half), abs=1e-12)
    assert r.method == "mcnemar-exact" and r.confidence == 0.95
    chi = mcnemar(y, a, b, exact=False)
    assert chi.statistic == pytest.approx(1 / 6, abs=1e-15)  # (|2 - 4| - 1)^2 / 6
    assert chi.pvalue == pytest.approx(ss.chi2.sf(1 / 6, 1), abs=1e-15)
    assert chi.method == "mcnemar-chi2"


@per_block
def test_mcnemar_matches_scipy_binomtest_and_chi2(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(1, 300))
        n_classes = int(rng.integers(2, 5))
        y = rng.integers(0, n_classes, n)
        a = np.where(rng.random(n) < rng.random(), y, rng.integers(0, n_classes, n))
        b = np.where(rng.random(n) < rng.random(), y, rng.integers(0, n_classes, n))
        confidence = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        bc, cc = _discordant(y.tolist(), a.tolist(), b.tolist())
        exact = mcnemar(y, a, b, confidence=confidence)
        chi = mcnemar(y, a, b, exact=False, confidence=confidence)
        diff = (np.mean(b == y) - np.mean(a == y)).item()
        for r in (exact, chi):
            assert r.difference == pytest.approx(diff, abs=1e-12)
            assert r.confidence == confidence
        if bc + cc == 0:
            for r in (exact, chi):
                assert (r.statistic, r.pvalue, r.ci_low, r.ci_high) == (0.0, 1.0, 0.0, 0.0)
            return
        assert exact.pvalue == ss.binomtest(bc, bc + cc, 0.5).pvalue
        # the same p as statsmodels' formula: twice the binomial tail of min(b, c), at most 1
        tail = min(1.0, 2 * ss.binom.cdf(min(bc, cc), bc + cc, 0.5))
        assert exact.pvalue == pytest.approx(tail, rel=1e-12)
        assert exact.statistic == min(bc, cc)
        stat = (abs(bc - cc) - 1) ** 2 / (bc + cc)
        assert chi.statistic == pytest.approx(stat, rel=1e-14)
        assert chi.pvalue == pytest.approx(ss.chi2.sf(stat, 1), rel=1e-12, abs=1e-300)
        # Agresti's Wald interval of the paired difference
        p12, p21 = bc / n, cc / n
        se = math.sqrt(((p12 + p21) - (p21 - p12) ** 2) / n)
        z = ss.norm.ppf(0.5 + confidence / 2)
        for r in (exact, chi):
            assert r.ci_low == pytest.approx(diff - z * se, abs=1e-12)
            assert r.ci_high == pytest.approx(diff + z * se, abs=1e-12)

    _run_block(block, one_case)


def test_mcnemar_string_and_multiclass_labels():
    y = ["cat", "dog", "bird", "cat", "dog", "bird", "cat"]
    a = ["cat", "dog", "cat", "cat", "bird", "bird", "dog"]  # right on 0, 1, 3, 5
    b = ["cat", "cat", "bird", "cat", "dog", "bird", "cat"]  # right on 0, 2, 3, 4, 5, 6
    r = mcnemar(y, a, b)
    # b = 1 (case 1), c = 3 (cases 2, 4, 6)
    assert r.pvalue == pytest.approx(ss.binomtest(1, 4, 0.5).pvalue, abs=0)
    assert r.difference == pytest.approx(2 / 7, abs=1e-15)


def test_mcnemar_ties_b_equal_c():
    y = [1, 1, 1, 1]
    a = [1, 1, 0, 0]
    b = [0, 0, 1, 1]
    assert mcnemar(y, a, b).pvalue == 1.0
    chi = mcnemar(y, a, b, exact=False)
    # Edwards' correction as in R's mcnemar.test: (|2 - 2| - 1)^2 / 4 = 0.25, not 0
    assert chi.statistic == 0.25
    assert chi.pvalue == pytest.approx(ss.chi2.sf(0.25, 1), abs=1e-15)


# --- DeLong's test ----------------------------------------------------------------------------


def _placements_by_pairs(positive, scores):
    """DeLong's V10 and V01 from all positive-negative pairs (the O(n^2) definition)."""
    x = scores[positive]
    y = scores[~positive]
    psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
    return psi.mean(axis=1), psi.mean(axis=0)


def _delong_by_definition(y, score_a, score_b):
    """(AUC_B - AUC_A, its standard error), from the O(n^2) placements."""
    positive = np.asarray(y) == 1
    v10a, v01a = _placements_by_pairs(positive, np.asarray(score_a, dtype=float))
    v10b, v01b = _placements_by_pairs(positive, np.asarray(score_b, dtype=float))
    m, n = v10a.size, v01a.size
    s10 = np.cov(np.stack([v10a, v10b]), ddof=1)
    s01 = np.cov(np.stack([v01a, v01b]), ddof=1)
    s = s10 / m + s01 / n
    var = s[0, 0] + s[1, 1] - 2 * s[0, 1]
    return v10b.mean() - v10a.mean(), math.sqrt(max(var, 0.0))


def _scored_case(rng, n):
    y = (rng.random(n) < rng.uniform(0.1, 0.9)).astype(int)
    y[:2], y[2:4] = 1, 0  # at least two of each class
    rng.shuffle(y)
    signal = rng.normal(size=n) + y * rng.uniform(0, 2)
    a = signal + rng.normal(size=n) * rng.uniform(0.1, 2)
    b = signal + rng.normal(size=n) * rng.uniform(0.1, 2) + y * rng.uniform(-0.5, 0.5)
    decimals = int(rng.integers(0, 3))  # coarse rounding: many ties, within and across classes
    return y, np.round(a, decimals), np.round(b, decimals)


@per_block
def test_delong_matches_the_quadratic_definition_with_ties(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        y, a, b = _scored_case(rng, int(rng.integers(4, 400)))
        diff, se = _delong_by_definition(y, a, b)
        r = delong_test(y, a, b)
        assert r.difference == pytest.approx(diff, abs=1e-12)
        if se == 0:
            assert diff == 0 and (r.statistic, r.pvalue) == (0.0, 1.0)
            return
        z = diff / se
        assert r.statistic == pytest.approx(z, rel=1e-12, abs=1e-12)
        assert r.pvalue == pytest.approx(2 * ss.norm.sf(abs(z)), rel=1e-9, abs=1e-15)
        half = ss.norm.ppf(0.975) * se
        assert r.ci_low == pytest.approx(max(diff - half, -1.0), abs=1e-12)
        assert r.ci_high == pytest.approx(min(diff + half, 1.0), abs=1e-12)
        # the AUCs are scikit-learn's
        sk = roc_auc_score(y, b) - roc_auc_score(y, a)
        assert r.difference == pytest.approx(sk, abs=1e-12)

    _run_block(block, one_case)


def test_delong_se_matches_stratified_bootstrap_at_n_2000():
    rng = np.random.default_rng(SEED)
    n = 2000
    y = (rng.random(n) < 0.3).astype(int)
    signal = rng.normal(size=n) + y
    a = signal + rng.normal(size=n)
    b = signal + rng.normal(size=n) * 0.5
    r = delong_test(y, a, b)
    se = (r.ci_high - r.ci_low) / (2 * ss.norm.ppf(0.975))
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    m, n_neg = pos.size, neg.size
    n_boot = 1000
    # stratified: resample the positives and the negatives separately (sizes kept); the
    # positives come first in each row, so each AUC is Mann-Whitney's from the row's midranks
    index = np.hstack(
        [rng.choice(pos, (n_boot, m), replace=True), rng.choice(neg, (n_boot, n_neg), replace=True)]
    )

    def aucs(scores):
        ranks = ss.rankdata(scores[index], axis=1)
        return (ranks[:, :m].sum(axis=1) - m * (m + 1) / 2) / (m * n_neg)

    assert aucs(a)[0] == pytest.approx(roc_auc_score(y[index[0]], a[index[0]]), abs=1e-12)
    boot_se = (aucs(b) - aucs(a)).std(ddof=1)
    # the SD of n_boot normal draws has relative error about 1 / sqrt(2 n_boot) = 2.9%: 4 of those
    assert se == pytest.approx(boot_se, rel=4 / math.sqrt(2 * n_boot)), (se, boot_se)


def test_delong_hand_example_and_string_labels():
    y = ["neg", "neg", "neg", "neg", "pos", "pos", "pos", "pos"]
    a = [0.1, 0.5, 0.3, 0.7, 0.4, 0.6, 0.8, 0.2]  # 10 of 16 pairs: 0.625
    b = [0.1, 0.2, 0.3, 0.5, 0.4, 0.6, 0.8, 0.9]  # 15 of 16 pairs: 0.9375
    r = delong_test(y, a, b, pos_label="pos", confidence=0.9)
    assert r.difference == 0.3125
    diff, se = _delong_by_definition([label == "pos" for label in y], a, b)
    assert r.statistic == pytest.approx(0.3125 / se, rel=1e-12)
    assert r.ci_high - r.ci_low == pytest.approx(2 * ss.norm.ppf(0.95) * se, rel=1e-12)
    assert r.method == "delong" and r.confidence == 0.9


def test_delong_identical_scores_give_no_evidence():
    y = [0, 1, 0, 1, 1, 0]
    s = [0.3, 0.2, 0.1, 0.9, 0.5, 0.5]
    r = delong_test(y, s, s)
    assert (r.statistic, r.pvalue, r.difference, r.ci_low, r.ci_high) == (0, 1, 0, 0, 0)
    # a monotone transform orders every pair the same way: the same
    r = delong_test(y, s, np.exp(s))
    assert (r.statistic, r.pvalue, r.difference) == (0.0, 1.0, 0.0)


# --- paired tests ------------------------------------------------------------------------------


def _per_query(rng, n):
    a = rng.beta(2, 3, n)
    b = np.clip(a + rng.normal(rng.uniform(-0.1, 0.1), rng.uniform(0.01, 0.2), n), 0, 1)
    if rng.random() < 0.3:
        b[: n // 4] = a[: n // 4]  # some queries unchanged (zero differences)
    return a, b


@per_block
def test_paired_t_matches_scipy_ttest_rel(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        a, b = _per_query(rng, int(rng.integers(3, 200)))
        confidence = float(rng.choice([0.9, 0.95, 0.99]))
        r = paired_test(a, b, confidence=confidence)
        ref = ss.ttest_rel(b, a)
        low, high = ref.confidence_interval(confidence_level=confidence)
        assert r.statistic == ref.statistic
        assert r.pvalue == ref.pvalue
        assert (r.ci_low, r.ci_high) == (low, high)
        assert r.difference == pytest.approx(np.mean(b - a), abs=1e-15)
        assert r.method == "t"

    _run_block(block, one_case)


@per_block
def test_paired_wilcoxon_matches_scipy(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        a, b = _per_query(rng, int(rng.integers(3, 120)))
        r = paired_test(a, b, method="wilcoxon", n_resamples=200, random_state=seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scipy may note the switch to the normal approx.
            ref = ss.wilcoxon(b, a)
        assert r.statistic == ref.statistic
        assert r.pvalue == ref.pvalue
        assert r.ci_low <= r.difference <= r.ci_high or r.ci_low == r.ci_high

    _run_block(block, one_case)


def _exact_randomization_p(d):
    """P(|mean of sign-flipped d| >= |mean of d|) over all 2^n sign patterns, enumerated."""
    n = len(d)
    observed = abs(sum(d))
    extreme = 0
    for signs in itertools.product((1, -1), repeat=n):
        total = sum(s * v for s, v in zip(signs, d, strict=True))
        if abs(total) >= observed * (1 - 1e-12):
            extreme += 1
    return extreme / 2**n


@pytest.mark.parametrize("n", [2, 3, 5, 8, 11, 13, 16])
def test_randomization_p_equals_exact_enumeration(n):
    failures = []
    for seed in range(SEED, SEED + (3 if n == 16 else 10)):
        rng = np.random.default_rng(seed)
        if seed % 2:  # integer-valued differences: ties in |sum|, compared exactly
            a = rng.integers(0, 5, n).astype(float)
            b = rng.integers(0, 5, n).astype(float)
        else:
            a, b = _per_query(rng, n)
        d = (b - a).tolist()
        if not any(d):
            continue
        expected = _exact_randomization_p(d)
        r = paired_test(a, b, method="randomization", n_resamples=2**n, random_state=seed)
        if not r.pvalue == pytest.approx(expected, rel=1e-12):
            failures.append(f"seed {seed}: {r.pvalue} != {expected} (d={d})")
        assert r.statistic == pytest.approx(np.mean(d), abs=1e-15)
    assert not failures, "\n".join(failures)


def test_randomization_monte_carlo_agrees_with_exact_within_error():
    rng = np.random.default_rng(SEED)
    n = 18
    a, b = _per_query(rng, n)
    d = b - a
    signs = 1 - 2 * ((np.arange(2**n)[:, None] >> np.arange(n)) & 1)  # all 2^18 patterns
    means = signs @ d / n
    exact = np.mean(np.abs(means) >= abs(d.mean()) * (1 - 1e-12))
    r = paired_test(a, b, method="randomization", n_resamples=4999, random_state=1)
    assert abs(r.pvalue - exact) <= 4 * math.sqrt(exact * (1 - exact) / 4999) + 2 / 4999


def test_randomization_matches_scipy_permutation_test():
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 40)

    def statistic(x, y, axis):
        return np.mean(y - x, axis=axis)

    ref = ss.permutation_test(
        (a, b),
        statistic,
        permutation_type="samples",
        vectorized=True,
        n_resamples=20000,
        **_seeded(ss.permutation_test, 5),
    )
    r = paired_test(a, b, method="randomization", n_resamples=20000, random_state=7)
    p = ref.pvalue
    assert abs(r.pvalue - p) <= 5 * math.sqrt(2 * p * (1 - p) / 20000) + 1e-4


@pytest.mark.parametrize("method", ["bootstrap", "randomization", "wilcoxon"])
def test_bootstrap_interval_matches_scipy_bootstrap(method):
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 60)
    d = b - a
    ref = ss.bootstrap(
        (d,), np.mean, method="percentile", n_resamples=20000, **_seeded(ss.bootstrap, 3)
    )
    r = paired_test(a, b, method=method, n_resamples=20000, random_state=4)
    sd = ref.standard_error
    # quantiles of 20,000 draws: Monte Carlo error well under a tenth of the SE
    assert r.ci_low == pytest.approx(ref.confidence_interval.low, abs=0.1 * sd)
    assert r.ci_high == pytest.approx(ref.confidence_interval.high, abs=0.1 * sd)


@pytest.mark.parametrize("shift", [0.0, 0.02, 0.05])
def test_bootstrap_p_value_from_scipy_bootstrap_distribution(shift):
    rng = np.random.default_rng(SEED)
    a = rng.beta(2, 3, 50)
    b = np.clip(a + rng.normal(shift, 0.1, 50), 0, 1)
    d = b - a
    B = 20000
    ref = ss.bootstrap(
        (d,), np.mean, n_resamples=B, method="percentile", **_seeded(ss.bootstrap, 1)
    )
    dist = ref.bootstrap_distribution
    expected = (1 + np.sum(np.abs(dist - d.mean()) >= abs(d.mean()))) / (B + 1)
    r = paired_test(a, b, method="bootstrap", n_resamples=B, random_state=2)
    assert r.statistic == pytest.approx(d.mean(), abs=1e-15)
    assert abs(r.pvalue - expected) <= 5 * math.sqrt(2 * expected * (1 - expected) / B) + 2 / B


def test_bootstrap_p_value_by_definition_small_case():
    # d = (1, 1, 1, -1): with 4 values there are 4^4 = 256 equally likely index tuples; the
    # mean of a resample is (4 - 2k)/4 for k draws of the -1. |mean* - 0.5| >= 0.5 holds for
    # mean* in {0, -0.5, -1} or {1}: k = 0 (81 tuples), 2, 3, 4 (54 + 12 + 1). Expected
    # share (81 + 67) / 256 = 148 / 256.
    a = [0.0, 0.0, 0.0, 1.0]
    b = [1.0, 1.0, 1.0, 0.0]
    B = 40000
    r = paired_test(a, b, method="bootstrap", n_resamples=B, random_state=0)
    share = 148 / 256
    assert abs(r.pvalue - share) <= 5 * math.sqrt(share * (1 - share) / B)
    assert r.difference == 0.5


@pytest.mark.parametrize("method", ["t", "wilcoxon", "randomization", "bootstrap"])
def test_identical_systems_give_no_evidence(method):
    a = [0.1, 0.5, 0.3, 0.9]
    r = paired_test(a, list(a), method=method)
    assert (r.statistic, r.pvalue, r.difference, r.ci_low, r.ci_high) == (0, 1, 0, 0, 0)
    assert r.method == method


def test_random_state_makes_resampling_reproducible():
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 30)
    for method in ("bootstrap", "randomization", "wilcoxon"):
        one = paired_test(a, b, method=method, n_resamples=500, random_state=11)
        two = paired_test(a, b, method=method, n_resamples=500, random_state=11)
        assert one == two
        gen = paired_test(
            a, b, method=method, n_resamples=500, random_state=np.random.default_rng(11)
        )
        assert gen == one


def test_t_warns_about_options_it_ignores():
    a, b = [0.1, 0.2, 0.4], [0.2, 0.2, 0.6]
    with pytest.warns(UserWarning, match="n_resamples is ignored with method='t' \\(set to"):
        paired_test(a, b, n_resamples=100)
    with pytest.warns(UserWarning, match="random_state is ignored with method='t' \\(set to"):
        paired_test(a, b, random_state=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        paired_test(a, b)


# --- properties (hypothesis) -------------------------------------------------------------------

per_query_values = hst.lists(
    hst.floats(0, 1, allow_nan=False, allow_infinity=False, width=32), min_size=2, max_size=30
)


@hst.composite
def paired_values(draw):
    a = draw(per_query_values)
    b = draw(hst.lists(hst.sampled_from(a + [0.0, 1.0]), min_size=len(a), max_size=len(a)))
    return np.array(a, dtype=float), np.array(b, dtype=float)


@hst.composite
def two_classifiers(draw):
    n = draw(hst.integers(1, 40))
    labels = hst.lists(hst.integers(0, 2), min_size=n, max_size=n)
    return draw(labels), draw(labels), draw(labels)


@hst.composite
def two_scorers(draw):
    n = draw(hst.integers(4, 40))
    y = draw(hst.lists(hst.integers(0, 1), min_size=n, max_size=n))
    assume(2 <= sum(y) <= n - 2)
    scores = hst.lists(hst.integers(-5, 5), min_size=n, max_size=n)
    return np.array(y), np.array(draw(scores), float), np.array(draw(scores), float)


def _swapped_agrees(r, s):
    assert s.difference == pytest.approx(-r.difference, abs=1e-12)
    assert s.pvalue == pytest.approx(r.pvalue, rel=1e-9, abs=1e-15)
    assert s.ci_low == pytest.approx(-r.ci_high, abs=1e-9)
    assert s.ci_high == pytest.approx(-r.ci_low, abs=1e-9)


def _contains_estimate(r):
    assert r.ci_low - 1e-12 <= r.difference <= r.ci_high + 1e-12, r
    assert 0.0 <= r.pvalue <= 1.0


@settings(max_examples=60, deadline=None)
@given(two_classifiers(), hst.booleans())
def test_mcnemar_swap_and_interval_properties(data, exact):
    y, a, b = data
    r = mcnemar(y, a, b, exact=exact)
    _swapped_agrees(r, mcnemar(y, b, a, exact=exact))
    assert r.statistic == mcnemar(y, b, a, exact=exact).statistic
    _contains_estimate(r)


@settings(max_examples=60, deadline=None)
@given(two_scorers())
def test_delong_swap_and_interval_properties(data):
    y, a, b = data
    try:
        r = delong_test(y, a, b)
    except ValueError as error:  # a zero standard error with different AUCs
        assume("standard error" not in str(error))
        raise
    s = delong_test(y, b, a)
    _swapped_agrees(r, s)
    assert s.statistic == pytest.approx(-r.statistic, abs=1e-12)
    _contains_estimate(r)
    assert -1.0 <= r.ci_low <= r.ci_high <= 1.0


@settings(max_examples=40, deadline=None)
@given(paired_values(), hst.sampled_from(["t", "wilcoxon", "randomization", "bootstrap"]))
def test_paired_swap_and_interval_properties(data, method):
    a, b = data
    options = {} if method == "t" else {"n_resamples": 300, "random_state": 3}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # scipy's precision notes on tiny sets
        try:
            r = paired_test(a, b, method=method, **options)
        except ValueError as error:  # t on differences without spread
            assume("every difference" not in str(error))
            raise
        s = paired_test(b, a, method=method, **options)
    _swapped_agrees(r, s)
    _contains_estimate(r)


# --- bad inputs: each raises naming the argument -----------------------------------------------

Y = [0, 1, 0, 1, 1, 0]
P = [0, 1, 1, 1, 0, 0]
S = [0.1, 0.8, 0.4, 0.7, 0.6, 0.2]
A = [0.1, 0.5, 0.3, 0.9]
B = [0.2, 0.4, 0.6, 0.8]

BAD_INPUTS = [
    # mcnemar
    ("mcnemar: pred_b shorter", mcnemar, (Y, P, P[:-1]), {}, ValueError, r"pred_b has 5"),
    ("mcnemar: empty y_true", mcnemar, ([], [], []), {}, ValueError, r"y_true is empty"),
    ("mcnemar: NaN pred_a", mcnemar, (Y, [0, 1, np.nan, 1, 0, 0], P), {}, ValueError, r"pred_a"),
    ("mcnemar: scores as pred_b", mcnemar, (Y, P, S), {}, ValueError, r"pred_b .*non-integer"),
    ("mcnemar: exact not bool", mcnemar, (Y, P, P), {"exact": "yes"}, TypeError, r"exact must"),
    ("mcnemar: confidence 1", mcnemar, (Y, P, P), {"confidence": 1.0}, ValueError, r"confidence"),
    ("mcnemar: mixed label kinds", mcnemar, (Y, list("abcabc"), P), {}, TypeError, r"pred_a"),
    ("mcnemar: 2-D pred_a", mcnemar, (Y, [P, P], P), {}, ValueError, r"pred_a must be 1-D"),
    # delong_test
    ("delong: one class only", delong_test, ([1] * 6, S, S), {}, ValueError, r"y_true .*2 pos"),
    ("delong: one positive", delong_test, ([1, 0, 0, 0], A, B), {}, ValueError, r"y_true"),
    ("delong: three classes", delong_test, ([0, 1, 2, 1, 0, 2], S, S), {}, ValueError, r"y_true"),
    ("delong: pos_label absent", delong_test, (Y, S, S), {"pos_label": 2}, ValueError, "pos_lab"),
    ("delong: NaN in score_a", delong_test, (Y, [np.nan] + S[1:], S), {}, ValueError, "score_a"),
    ("delong: inf in score_b", delong_test, (Y, S, S[:-1] + [np.inf]), {}, ValueError, "score_b"),
    ("delong: score_b shorter", delong_test, (Y, S, S[:-1]), {}, ValueError, r"score_b has 5"),
    ("delong: confidence 0", delong_test, (Y, S, S), {"confidence": 0}, ValueError, "confidence"),
    ("delong: confidence 1.5", delong_test, (Y, S, S), {"confidence": 1.5}, ValueError, "confid"),
    (
        "delong: constant score_a against a perfect score_b (standard error 0)",
        delong_test,
        (Y, [0.5] * 6, [0, 1, 0, 1, 1, 0]),
        {},
        ValueError,
        r"score_a and score_b",
    ),
    ("delong: text scores", delong_test, (Y, list("abcdef"), S), {}, TypeError, r"score_a must"),
    # paired_test
    ("paired: b shorter", paired_test, (A, B[:-1]), {}, ValueError, r"b has 3"),
    ("paired: one query", paired_test, ([0.1], [0.2]), {}, ValueError, r"a and b .*at least 2"),
    ("paired: unknown method", paired_test, (A, B), {"method": "anova"}, ValueError, r"method"),
    ("paired: n_resamples 0", paired_test, (A, B), {"n_resamples": 0}, ValueError, "n_resamples"),
    ("paired: n_resamples 1.5", paired_test, (A, B), {"n_resamples": 1.5}, TypeError, "n_resam"),
    ("paired: confidence < 0", paired_test, (A, B), {"confidence": -0.1}, ValueError, "confid"),
    ("paired: confidence bool", paired_test, (A, B), {"confidence": True}, TypeError, "confid"),
    ("paired: seed text", paired_test, (A, B), {"random_state": "x"}, TypeError, "random_state"),
    ("paired: seed < 0", paired_test, (A, B), {"random_state": -1}, ValueError, "random_state"),
    ("paired: NaN in a", paired_test, ([np.nan, 1, 2], [1, 2, 3]), {}, ValueError, r"a contains"),
    ("paired: 2-D b", paired_test, (A, [B, B]), {}, ValueError, r"b must be 1-D"),
    (
        "paired: t on constant nonzero differences",
        paired_test,
        (A, [v + 0.25 for v in A]),
        {},
        ValueError,
        r"every difference b - a",
    ),
]


@pytest.mark.parametrize(
    ("function", "args", "kwargs", "error", "pattern"),
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_bad_inputs_raise_naming_the_argument(function, args, kwargs, error, pattern):
    with pytest.raises(error, match=pattern):
        function(*args, **kwargs)


def test_at_least_25_bad_inputs():
    assert len(BAD_INPUTS) >= 25
    assert len({case[0] for case in BAD_INPUTS}) == len(BAD_INPUTS)


def test_error_message_names_the_argument_first():
    with pytest.raises(ValueError) as info:
        paired_test(A, B, n_resamples=0)
    assert re.match(r"n_resamples must be an integer >= 1, got 0", str(info.value))
