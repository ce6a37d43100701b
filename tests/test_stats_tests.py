"""Tests of evalmetrics.stats' tests of two systems: mcnemar, delong_test, delong_test_ind and
paired_test, signed first minus second as ``scipy.stats.ttest_rel(a, b)``.

Every expected value comes from an independent reference: scipy called directly
(``binomtest``, ``ttest_rel``, ``wilcoxon``, ``permutation_test``, ``bootstrap``), statsmodels
(``mcnemar``), published values (the R package contingencytables, Fagerland, Lydersen and Laake,
its tests of chapter 11), or a direct definition written here (the O(n^2) DeLong placements from
all pairs, Newcombe's (1998) method 10 from scipy's Wilson intervals, the Walsh averages and the
signed ranks by counting, the 2^n sign flips of the randomization test, the discordant pairs
counted in a loop); none from the code under test.
"""

from __future__ import annotations

import dataclasses
import functools
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
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from support import run_block

import evalmetrics.stats as st
from evalmetrics.stats import (
    ConfidenceInterval,
    TestResult,
    _tests,
    delong_test,
    delong_test_ind,
    mcnemar,
    paired_test,
)

SEED = 20261201
BLOCK_SIZE = 25
N_BLOCKS = 4
per_block = pytest.mark.parametrize("block", range(N_BLOCKS))
ALTERNATIVES = ("two-sided", "greater", "less")
SWAP = {"two-sided": "two-sided", "greater": "less", "less": "greater"}


_run_block = functools.partial(run_block, size=BLOCK_SIZE, seed=SEED, pass_as="seed")


def _seeded(function, seed):
    """A seeded Generator as ``rng=`` (scipy >= 1.15) or ``random_state=`` (older scipy)."""
    name = "rng" if "rng" in inspect.signature(function).parameters else "random_state"
    return {name: np.random.default_rng(seed)}


def _interval(r, level=0.95):
    return tuple(r.confidence_interval(level))


# --- the result object -------------------------------------------------------------------------


def test_result_fields_and_frozen():
    names = list(inspect.signature(TestResult).parameters)
    assert names[:5] == ["statistic", "pvalue", "estimate", "method", "alternative"]
    # then the interval rule (private) and, with a default, the t statistic's df
    assert names[5:] == ["_interval", "_interval_method", "df"]
    r = mcnemar([1, 0, 1], [1, 0, 0], [1, 1, 1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.pvalue = 0.0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.estimate = 0.0  # type: ignore[misc]
    for name in ("statistic", "pvalue", "estimate"):
        assert type(getattr(r, name)) is float, name
    assert (r.method, r.alternative) == ("exact", "two-sided")
    for old in ("difference", "ci_low", "ci_high", "confidence"):
        assert not hasattr(r, old), old


def _every_test():
    """One call of each test (and method) on small data: (name, result, interval's name)."""
    y = [0, 0, 0, 0, 1, 1, 1, 1]
    score_a = [0.1, 0.2, 0.3, 0.5, 0.4, 0.6, 0.8, 0.9]
    score_b = [0.1, 0.5, 0.3, 0.7, 0.4, 0.6, 0.8, 0.2]
    a = [0.30, 0.45, 0.55, 0.12, 0.60, 0.35, 0.50, 0.41]
    b = [0.20, 0.35, 0.50, 0.10, 0.40, 0.30, 0.52, 0.40]
    pred_a = [0, 0, 1, 0, 1, 1, 1, 1]
    pred_b = [0, 1, 1, 1, 0, 0, 1, 1]
    resampling = {"n_resamples": 500, "random_state": 3}
    return [
        ("mcnemar exact", mcnemar(y, pred_a, pred_b), "newcombe"),
        ("mcnemar chi2", mcnemar(y, pred_a, pred_b, method="chi2"), "newcombe"),
        ("delong_test", delong_test(y, score_a, score_b), "delong"),
        ("delong_test_ind", delong_test_ind(y, score_a, y[1:], score_b[1:]), "delong"),
        ("paired t", paired_test(a, b), "t"),
        ("paired wilcoxon", paired_test(a, b, method="wilcoxon"), "hodges-lehmann"),
        (
            "paired randomization",
            paired_test(a, b, method="randomization", **resampling),
            "randomization",
        ),
        ("paired bootstrap", paired_test(a, b, method="bootstrap", **resampling), "percentile"),
    ]


@pytest.mark.parametrize(
    ("name", "r", "interval"), _every_test(), ids=[case[0] for case in _every_test()]
)
def test_results_unpack_like_scipy(name, r, interval):
    statistic, pvalue = r
    assert (statistic, pvalue) == (r.statistic, r.pvalue)
    assert (r[0], r[1], len(r)) == (r.statistic, r.pvalue, 2)
    ci = r.confidence_interval(0.9)  # positional, as scipy's confidence_interval(0.9)
    assert isinstance(ci, ConfidenceInterval)
    low, high = ci
    assert (low, high) == (ci.low, ci.high) == (ci[0], ci[1]) and len(ci) == 2
    assert type(low) is float and type(high) is float
    assert (ci.estimate, ci.confidence_level, ci.method) == (r.estimate, 0.9, interval)
    low, high = r.confidence_interval(0.9)
    assert r.confidence_interval(confidence_level=0.9) == ci
    assert r.confidence_interval().confidence_level == 0.95
    wide_low, wide_high = r.confidence_interval(0.99)
    assert wide_low <= low <= r.estimate <= high <= wide_high


def test_paired_t_unpacks_exactly_as_scipy_ttest_rel():
    a = [0.30, 0.45, 0.55, 0.12, 0.60, 0.35]
    b = [0.20, 0.35, 0.50, 0.10, 0.40, 0.30]
    ref = ss.ttest_rel(a, b)
    statistic, pvalue = paired_test(a, b)
    assert (statistic, pvalue) == tuple(ref)
    low, high = paired_test(a, b).confidence_interval(0.9)
    assert (low, high) == tuple(ref.confidence_interval(0.9))


@pytest.mark.parametrize("level", [0, 1, 1.5, -0.1, 95])
@pytest.mark.parametrize(
    ("name", "r", "interval"), _every_test()[::3], ids=[case[0] for case in _every_test()[::3]]
)
def test_confidence_level_outside_0_1_raises_naming_it(name, r, interval, level):
    with pytest.raises(ValueError, match=r"^confidence_level must lie in \(0, 1\)"):
        r.confidence_interval(level)


def test_public_names_and_doctests():
    assert sorted(_tests.__all__) == ["delong_test", "delong_test_ind", "mcnemar", "paired_test"]
    for name in _tests.__all__:
        doc = inspect.getdoc(getattr(_tests, name))
        assert doc and "Examples" in doc and ">>>" in doc, f"{name} has no doctest"


def test_evalmetrics_stats_reexports_the_tests():
    for name in _tests.__all__:
        assert getattr(st, name) is getattr(_tests, name), name
        assert name in st.__all__, name
    assert st.TestResult is TestResult and "TestResult" in st.__all__


def test_options_are_keyword_only():
    for function, data in (
        (mcnemar, {"y_true", "pred_a", "pred_b"}),
        (delong_test, {"y_true", "score_a", "score_b"}),
        (delong_test_ind, {"y_true_a", "score_a", "y_true_b", "score_b"}),
        (paired_test, {"a", "b"}),
    ):
        params = inspect.signature(function).parameters.values()
        positional = {p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD}
        assert positional == data, function.__name__
        keyword = {p.name for p in params if p.kind is p.KEYWORD_ONLY}
        assert "alternative" in keyword and "confidence" not in keyword, function.__name__
        assert inspect.signature(function).parameters["alternative"].default == "two-sided"


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


def _table_arrays(both, b, c, neither):
    """y_true, pred_a, pred_b realising a paired table: ``both`` cases right under A and B,
    ``b`` right under A only, ``c`` under B only, ``neither``."""
    y = np.ones(both + b + c + neither, dtype=int)
    pred_a = np.repeat([1, 1, 0, 0], [both, b, c, neither])
    pred_b = np.repeat([1, 0, 1, 0], [both, b, c, neither])
    return y, pred_a, pred_b


def _newcombe_reference(both, b, c, neither, level):
    """Newcombe (1998), Statistics in Medicine 17, 2635-2650, method 10, written from the paper
    (as contingencytables' Newcombe_square_and_add_CI_paired_2x2): Wilson intervals (l1, u1),
    (l2, u2) of the marginal proportions p1 = (both + b)/N, p2 = (both + c)/N, taken from
    scipy's binomtest, and the correlation psi = A / sqrt(product of the margins) with
    A = both * neither - b * c replaced by A - N/2 when A > N/2 and by 0 when 0 <= A <= N/2
    (psi = 0 when a margin is 0)."""
    n = both + b + c + neither
    p1, p2 = (both + b) / n, (both + c) / n
    l1, u1 = ss.binomtest(both + b, n).proportion_ci(level, method="wilson")
    l2, u2 = ss.binomtest(both + c, n).proportion_ci(level, method="wilson")
    margins = [both + b, c + neither, both + c, b + neither]
    cross = both * neither - b * c
    if min(margins) == 0:
        psi = 0.0
    else:
        numerator = cross - n / 2 if cross > n / 2 else (0.0 if cross >= 0 else cross)
        psi = numerator / math.sqrt(math.prod(margins))
    lower_sq = (p1 - l1) ** 2 - 2 * psi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    upper_sq = (p2 - l2) ** 2 - 2 * psi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2
    return p1 - p2 - math.sqrt(max(lower_sq, 0.0)), p1 - p2 + math.sqrt(max(upper_sq, 0.0))


def test_mcnemar_hand_example():
    # A right on 0-5, B right on 2-9: b = 2, c = 4, n = 10.
    y = [1] * 10
    a = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]
    b = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    r = mcnemar(y, a, b)
    # two-sided binomial(6, 1/2): P(X <= 2) + P(X >= 4) = 2 * (1 + 6 + 15) / 64
    assert r.pvalue == pytest.approx(44 / 64, abs=1e-15)
    assert r.statistic == 2.0  # min(b, c), statsmodels' statistic
    assert r.estimate == pytest.approx(-0.2, abs=1e-15)  # acc_A 0.6 - acc_B 0.8
    # both = 4, b = 2, c = 4, neither = 0 (a zero margin: psi = 0)
    want = _newcombe_reference(4, 2, 4, 0, 0.95)
    assert _interval(r) == pytest.approx(want, abs=1e-12)
    assert (r.method, r.alternative) == ("exact", "two-sided")
    chi = mcnemar(y, a, b, method="chi2")
    assert chi.statistic == pytest.approx(1 / 6, abs=1e-15)  # (|2 - 4| - 1)^2 / 6
    assert chi.pvalue == pytest.approx(ss.chi2.sf(1 / 6, 1), abs=1e-15)  # z^2 = 1/6, 1 df
    assert chi.method == "chi2"
    assert _interval(chi) == _interval(r)  # the interval does not depend on the test


def test_mcnemar_matches_published_values_of_contingencytables():
    """contingencytables (R; Fagerland, Lydersen and Laake 2017, Statistical Analysis of
    Contingency Tables), tests/testthat/test-ch8.R, table cavo_2012 = [[59, 6], [16, 80]]
    (rows: first test +/-, columns: second test +/-). Published to the printed digits."""
    y, a, b = _table_arrays(59, 6, 16, 80)
    assert _discordant(y, a, b) == (6, 16)
    exact = mcnemar(y, a, b)
    # "Newcombe square-and-add CI: estimate = -0.0621 (95% CI -0.1186 to -0.0046)"
    assert exact.estimate == pytest.approx(-0.0621, abs=5e-5)
    low, high = exact.confidence_interval(0.95)
    assert low == pytest.approx(-0.1186, abs=5e-5)
    assert high == pytest.approx(-0.0046, abs=5e-5)
    # "The McNemar exact conditional test: P = 0.052479"
    assert exact.pvalue == pytest.approx(0.052479, abs=5e-7)
    # "McNemar test with continuity correction: P = 0.055009, Z =  1.919" (ours is the
    # chi-square, Z^2, as statsmodels'; the direction is in the estimate)
    corrected = mcnemar(y, a, b, method="chi2")
    assert corrected.pvalue == pytest.approx(0.055009, abs=5e-7)
    assert math.sqrt(corrected.statistic) == pytest.approx(1.919, abs=5e-4)
    # "The McNemar asymptotic test: P = 0.033006, Z = -2.132" (Z = (n12 - n21)/sqrt(n12 + n21))
    plain = mcnemar(y, a, b, method="chi2", correction=False)
    assert plain.pvalue == pytest.approx(0.033006, abs=5e-7)
    assert -math.sqrt(plain.statistic) == pytest.approx(-2.132, abs=5e-4)
    assert plain.estimate < 0
    # the same from the table alone, statsmodels' call
    table = [[59, 6], [16, 80]]
    for method in ("exact", "chi2"):
        assert mcnemar(table, method=method) == mcnemar(y, a, b, method=method)


def _random_table(rng):
    """(both, b, c, neither): sizes from 1 to about 300, zeros in every cell now and then."""
    cells = rng.integers(0, rng.integers(1, 80, size=4) + 1)
    cells[rng.random(4) < 0.15] = 0
    if cells.sum() == 0:
        cells[int(rng.integers(0, 4))] = 1
    return tuple(int(v) for v in cells)


@per_block
def test_newcombe_interval_matches_an_independent_implementation(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        table = _random_table(rng)
        y, a, b = _table_arrays(*table)
        r = mcnemar(y, a, b)
        for level in (0.8, 0.95, 0.99):
            want = _newcombe_reference(*table, level)
            assert _interval(r, level) == pytest.approx(want, abs=1e-12), (table, level)
        low, high = _interval(r)
        assert -1.0 <= low <= r.estimate <= high <= 1.0

    _run_block(block, one_case)


@per_block
def test_mcnemar_matches_scipy_binomtest_and_statsmodels(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(1, 300))
        n_classes = int(rng.integers(2, 5))
        y = rng.integers(0, n_classes, n)
        a = np.where(rng.random(n) < rng.random(), y, rng.integers(0, n_classes, n))
        b = np.where(rng.random(n) < rng.random(), y, rng.integers(0, n_classes, n))
        level = float(rng.choice([0.8, 0.9, 0.95, 0.99]))
        bc, cc = _discordant(y.tolist(), a.tolist(), b.tolist())
        right_a, right_b = (a == y), (b == y)
        both = int(np.sum(right_a & right_b))
        table = [[both, bc], [cc, n - both - bc - cc]]
        diff = (np.mean(right_a) - np.mean(right_b)).item()
        newcombe = _newcombe_reference(both, bc, cc, n - both - bc - cc, level)
        for method in ("exact", "chi2"):
            r = mcnemar(y, a, b, method=method)
            assert r.estimate == pytest.approx(diff, abs=1e-12)
            assert _interval(r, level) == pytest.approx(newcombe, abs=1e-12)
        if bc + cc == 0:
            for method, alternative in itertools.product(("exact", "chi2"), ALTERNATIVES):
                r = mcnemar(y, a, b, method=method, alternative=alternative)
                assert (r.statistic, r.pvalue, r.estimate) == (0.0, 1.0, 0.0)
            return
        for alternative in ALTERNATIVES:
            exact = mcnemar(y, a, b, alternative=alternative)
            assert exact.statistic == min(bc, cc)  # statsmodels', whatever the alternative
            assert exact.pvalue == ss.binomtest(bc, bc + cc, 0.5, alternative=alternative).pvalue
        # two-sided: statsmodels' statistics and p-values, exact binomial and chi-square
        exact = mcnemar(y, a, b)
        ref = sm_mcnemar(table, exact=True)
        assert exact.statistic == ref.statistic
        assert exact.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
        plain = mcnemar(y, a, b, method="chi2", correction=False)
        ref = sm_mcnemar(table, exact=False, correction=False)
        assert plain.statistic == pytest.approx(ref.statistic, rel=1e-12)
        assert plain.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-300)
        assert plain.statistic == pytest.approx((bc - cc) ** 2 / (bc + cc), rel=1e-14)
        corrected = mcnemar(y, a, b, method="chi2")
        if bc != cc:  # b == c: the documented difference, tested below
            ref = sm_mcnemar(table, exact=False, correction=True)
            assert corrected.statistic == pytest.approx(ref.statistic, rel=1e-12)
            assert corrected.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-300)
        # the table alone gives the same result as the labels
        for method in ("exact", "chi2"):
            assert mcnemar(table, method=method) == mcnemar(y, a, b, method=method)
        # one-sided: the normal approximation of P(B >= b) and P(B <= b), B ~ Bin(b + c, 1/2),
        # with the continuity correction of 1/2 on b (1 on b - c)
        for shift in (1, 0):
            se = math.sqrt(bc + cc)
            greater = mcnemar(y, a, b, method="chi2", correction=bool(shift), alternative="greater")
            less = mcnemar(y, a, b, method="chi2", correction=bool(shift), alternative="less")
            assert greater.pvalue == pytest.approx(
                ss.norm.sf((bc - cc - shift) / se), rel=1e-12, abs=1e-300
            )
            assert less.pvalue == pytest.approx(
                ss.norm.cdf((bc - cc + shift) / se), rel=1e-12, abs=1e-300
            )
            # the statistic is the two-sided chi-square whatever the alternative; the
            # direction is the estimate's sign
            two_sided = mcnemar(y, a, b, method="chi2", correction=bool(shift)).statistic
            assert greater.statistic == less.statistic == two_sided >= 0
            assert greater.estimate == pytest.approx((bc - cc) / n, abs=1e-15)
            if abs(bc - cc) >= shift:  # two-sided = twice the smaller one-sided p
                two = mcnemar(y, a, b, method="chi2", correction=bool(shift))
                smaller = min(greater.pvalue, less.pvalue)
                assert two.pvalue == pytest.approx(min(1, 2 * smaller), rel=1e-12, abs=1e-300)

    _run_block(block, one_case)


def test_mcnemar_b_equal_c_is_the_documented_difference_from_statsmodels():
    y, a, b = _table_arrays(5, 3, 3, 4)
    table = [[5, 3], [3, 4]]
    r = mcnemar(y, a, b, method="chi2")
    assert (r.statistic, r.pvalue, r.estimate) == (0.0, 1.0, 0.0)
    # R's mcnemar.test corrects only when the table is not symmetric (wch/r-source,
    # src/library/stats/R/mcnemar.test.R: `if (correct && (r == 2) && any(x - t(x) != 0))`),
    # so its statistic is 0 and p = 1, as ours; statsmodels 0.14 squares |b - c| - 1 = -1:
    # chi2 = 1/(b + c), p < 1
    ref = sm_mcnemar(table, exact=False, correction=True)
    assert ref.statistic == pytest.approx(1 / 6, abs=1e-15)
    assert ref.pvalue == pytest.approx(ss.chi2.sf(1 / 6, 1), abs=1e-15) and ref.pvalue < 1
    # without the correction and with the exact test the two agree: no evidence at all
    assert mcnemar(y, a, b, method="chi2", correction=False).pvalue == 1.0
    assert sm_mcnemar(table, exact=False, correction=False).pvalue == pytest.approx(1.0)
    assert mcnemar(y, a, b).pvalue == 1.0 == sm_mcnemar(table, exact=True).pvalue


def test_mcnemar_string_and_multiclass_labels():
    y = ["cat", "dog", "bird", "cat", "dog", "bird", "cat"]
    a = ["cat", "dog", "cat", "cat", "bird", "bird", "dog"]  # right on 0, 1, 3, 5
    b = ["cat", "cat", "bird", "cat", "dog", "bird", "cat"]  # right on 0, 2, 3, 4, 5, 6
    r = mcnemar(y, a, b)
    # b = 1 (case 1), c = 3 (cases 2, 4, 6)
    assert r.pvalue == pytest.approx(ss.binomtest(1, 4, 0.5).pvalue, abs=0)
    assert r.statistic == 1.0  # min(b, c)
    assert r.estimate == pytest.approx(-2 / 7, abs=1e-15)


def test_mcnemar_no_discordant_pairs():
    y = [1, 1, 1, 1]
    a = b = [1, 1, 0, 0]
    for method in ("exact", "chi2"):
        r = mcnemar(y, a, b, method=method)
        assert (r.statistic, r.pvalue, r.estimate) == (0.0, 1.0, 0.0)
        # the interval is still Newcombe's (both = 2, neither = 2)
        assert _interval(r) == pytest.approx(_newcombe_reference(2, 0, 0, 2, 0.95), abs=1e-12)


def test_mcnemar_correction_false_warns_with_the_exact_test():
    y, a, b = _table_arrays(3, 2, 4, 1)
    with pytest.warns(UserWarning) as caught:
        mcnemar(y, a, b, correction=False)
    assert [str(w.message) for w in caught] == [
        "correction is ignored with method='exact' (set to False)"
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mcnemar(y, a, b)
        mcnemar(y, a, b, method="chi2", correction=False)


# --- DeLong's test ----------------------------------------------------------------------------


def _placements_by_pairs(positive, scores):
    """DeLong's V10 and V01 from all positive-negative pairs (the O(n^2) definition)."""
    x = scores[positive]
    y = scores[~positive]
    psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
    return psi.mean(axis=1), psi.mean(axis=0)


def _delong_by_definition(y, score_a, score_b):
    """(AUC_A - AUC_B, its standard error), from the O(n^2) placements."""
    positive = np.asarray(y) == 1
    v10a, v01a = _placements_by_pairs(positive, np.asarray(score_a, dtype=float))
    v10b, v01b = _placements_by_pairs(positive, np.asarray(score_b, dtype=float))
    m, n = v10a.size, v01a.size
    s10 = np.cov(np.stack([v10a, v10b]), ddof=1)
    s01 = np.cov(np.stack([v01a, v01b]), ddof=1)
    s = s10 / m + s01 / n
    var = s[0, 0] + s[1, 1] - 2 * s[0, 1]
    return v10a.mean() - v10b.mean(), math.sqrt(max(var, 0.0))


def _auc_and_variance_by_definition(y, scores):
    """(AUC, DeLong's variance) of one model, from the O(n^2) placements."""
    positive = np.asarray(y) == 1
    v10, v01 = _placements_by_pairs(positive, np.asarray(scores, dtype=float))
    return v10.mean(), np.var(v10, ddof=1) / v10.size + np.var(v01, ddof=1) / v01.size


def _normal_p(z, alternative):
    return {
        "two-sided": 2 * ss.norm.sf(abs(z)),
        "greater": ss.norm.sf(z),
        "less": ss.norm.cdf(z),
    }[alternative]


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
        for alternative in ALTERNATIVES:
            r = delong_test(y, a, b, alternative=alternative)
            assert r.estimate == pytest.approx(diff, abs=1e-12)
            if se == 0:
                assert diff == 0 and (r.statistic, r.pvalue) == (0.0, 1.0)
                continue
            z = diff / se
            assert r.statistic == pytest.approx(z, rel=1e-12, abs=1e-12)
            want = _normal_p(z, alternative)
            assert r.pvalue == pytest.approx(want, rel=1e-9, abs=1e-15), alternative
        if se == 0:
            return
        r = delong_test(y, a, b)
        half = ss.norm.ppf(0.975) * se
        low, high = _interval(r)
        assert low == pytest.approx(max(diff - half, -1.0), abs=1e-12)
        assert high == pytest.approx(min(diff + half, 1.0), abs=1e-12)
        # the AUCs are scikit-learn's
        sk = roc_auc_score(y, a) - roc_auc_score(y, b)
        assert r.estimate == pytest.approx(sk, abs=1e-12)

    _run_block(block, one_case)


def test_delong_se_matches_stratified_bootstrap_at_n_2000():
    rng = np.random.default_rng(SEED)
    n = 2000
    y = (rng.random(n) < 0.3).astype(int)
    signal = rng.normal(size=n) + y
    a = signal + rng.normal(size=n)
    b = signal + rng.normal(size=n) * 0.5
    low, high = delong_test(y, a, b).confidence_interval()
    se = (high - low) / (2 * ss.norm.ppf(0.975))
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
    boot_se = (aucs(a) - aucs(b)).std(ddof=1)
    # the SD of n_boot normal draws has relative error about 1 / sqrt(2 n_boot) = 2.9%: 4 of those
    assert se == pytest.approx(boot_se, rel=4 / math.sqrt(2 * n_boot)), (se, boot_se)


def test_delong_hand_example_and_string_labels():
    y = ["neg", "neg", "neg", "neg", "pos", "pos", "pos", "pos"]
    a = [0.1, 0.5, 0.3, 0.7, 0.4, 0.6, 0.8, 0.2]  # 10 of 16 pairs: 0.625
    b = [0.1, 0.2, 0.3, 0.5, 0.4, 0.6, 0.8, 0.9]  # 15 of 16 pairs: 0.9375
    r = delong_test(y, a, b, pos_label="pos")
    assert r.estimate == -0.3125
    diff, se = _delong_by_definition([label == "pos" for label in y], a, b)
    assert diff == -0.3125
    assert r.statistic == pytest.approx(-0.3125 / se, rel=1e-12)
    low, high = r.confidence_interval(0.9)
    assert high - low == pytest.approx(2 * ss.norm.ppf(0.95) * se, rel=1e-12)
    assert (r.method, r.alternative) == ("delong", "two-sided")


def test_delong_identical_scores_give_no_evidence():
    y = [0, 1, 0, 1, 1, 0]
    s = [0.3, 0.2, 0.1, 0.9, 0.5, 0.5]
    # the interval is the point 0, one-sided up to the bound of a difference of AUCs
    for alternative, interval in zip(ALTERNATIVES, [(0, 0), (0, 1), (-1, 0)], strict=True):
        r = delong_test(y, s, s, alternative=alternative)
        assert (r.statistic, r.pvalue, r.estimate) == (0, 1, 0)
        assert _interval(r) == interval
    # a monotone transform orders every pair the same way: the same
    r = delong_test(y, s, np.exp(s))
    assert (r.statistic, r.pvalue, r.estimate) == (0.0, 1.0, 0.0)


@per_block
def test_delong_test_ind_matches_the_quadratic_definition(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        y_a, score_a, _ = _scored_case(rng, int(rng.integers(4, 300)))
        y_b, _, score_b = _scored_case(rng, int(rng.integers(4, 300)))
        auc_a, var_a = _auc_and_variance_by_definition(y_a, score_a)
        auc_b, var_b = _auc_and_variance_by_definition(y_b, score_b)
        diff, se = auc_a - auc_b, math.sqrt(var_a + var_b)
        # pROC's delong.unpaired.test: Welch-Satterthwaite degrees of freedom, Student's t
        df = (var_a + var_b) ** 2 / (var_a**2 / (len(y_a) - 1) + var_b**2 / (len(y_b) - 1))
        level = float(rng.choice([0.9, 0.95]))
        for alternative in ALTERNATIVES:
            r = delong_test_ind(y_a, score_a, y_b, score_b, alternative=alternative)
            assert r.estimate == pytest.approx(diff, abs=1e-12)
            assert r.statistic == pytest.approx(diff / se, rel=1e-12, abs=1e-12)
            t = diff / se
            want = {
                "two-sided": 2 * ss.t.sf(abs(t), df),
                "greater": ss.t.sf(t, df),
                "less": ss.t.cdf(t, df),
            }[alternative]
            assert r.pvalue == pytest.approx(want, rel=1e-9, abs=1e-15), alternative
        half = ss.t.ppf(0.5 + level / 2, df) * se
        low, high = _interval(delong_test_ind(y_a, score_a, y_b, score_b), level)
        assert low == pytest.approx(max(diff - half, -1.0), abs=1e-12)
        assert high == pytest.approx(min(diff + half, 1.0), abs=1e-12)
        assert r.estimate == pytest.approx(
            roc_auc_score(y_a, score_a) - roc_auc_score(y_b, score_b), abs=1e-12
        )

    _run_block(block, one_case)


def test_delong_test_ind_string_labels_and_the_paired_test_differ():
    rng = np.random.default_rng(SEED)
    y, a, b = _scored_case(rng, 120)
    words = np.where(y == 1, "pos", "neg")
    r = delong_test_ind(words, a, words, b, pos_label="pos")
    assert r == delong_test_ind(y, a, y, b)
    # the same cases twice: the unpaired test ignores the covariance the paired test subtracts
    auc_a, var_a = _auc_and_variance_by_definition(y, a)
    auc_b, var_b = _auc_and_variance_by_definition(y, b)
    assert r.statistic == pytest.approx((auc_a - auc_b) / math.sqrt(var_a + var_b), rel=1e-12)
    diff, se = _delong_by_definition(y, a, b)
    assert delong_test(y, a, b).statistic == pytest.approx(diff / se, rel=1e-12)


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
        level = float(rng.choice([0.9, 0.95, 0.99]))
        for alternative in ALTERNATIVES:
            r = paired_test(a, b, alternative=alternative)
            ref = ss.ttest_rel(a, b, alternative=alternative)
            assert r.statistic == ref.statistic
            assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12, abs=1e-300)
            want = ref.confidence_interval(confidence_level=level)
            assert _interval(r, level) == pytest.approx(tuple(want), rel=1e-12, abs=1e-15)
            assert r.estimate == pytest.approx(np.mean(a - b), abs=1e-15)
            assert (r.method, r.alternative) == ("t", alternative)
        two = ss.ttest_rel(a, b)
        r = paired_test(a, b)
        assert (r.statistic, r.pvalue) == (two.statistic, two.pvalue)
        assert _interval(r, level) == tuple(two.confidence_interval(confidence_level=level))

    _run_block(block, one_case)


def _walsh_averages(d):
    """(d_i + d_j)/2 for i <= j, sorted (the definition)."""
    d = np.asarray(d, dtype=float)
    i, j = np.triu_indices(d.size)
    return np.sort((d[i] + d[j]) / 2)


def _rounded_differences(a, b):
    """a - b rounded as paired_test's docstring states: to 12 decimals of the power of ten at
    or above max(|a|, |b|) (np.round(a - b, 12) for values in (0.1, 1])."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    scale = max(np.abs(a).max(), np.abs(b).max())
    if scale == 0:  # all zero: nothing to round
        return a - b
    unit = 10.0 ** math.ceil(math.log10(scale))
    return np.round((a - b) / unit, 12) * unit


def _signed_rank_sum(d):
    """W+ - W-: the ranks of |d| (midranks for ties) counted pair by pair, signed; zeros out."""
    d = np.asarray(d, dtype=float)
    d = d[d != 0]
    size = np.abs(d)
    below = (size[None, :] < size[:, None]).sum(axis=1)
    tied = (size[None, :] == size[:, None]).sum(axis=1)  # itself included
    ranks = 1 + below + (tied - 1) / 2
    return float(np.sum(np.sign(d) * ranks))


@per_block
def test_paired_wilcoxon_matches_scipy_and_the_definitions(block):
    def one_case(seed):
        rng = np.random.default_rng(seed)
        a, b = _per_query(rng, int(rng.integers(3, 120)))
        d = _rounded_differences(a, b)  # the test ranks the rounded differences
        nonzero = d[d != 0]
        if nonzero.size == 0:
            return
        for alternative in ALTERNATIVES:
            r = paired_test(a, b, method="wilcoxon", alternative=alternative)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # scipy may note the switch to the normal approx.
                ref = ss.wilcoxon(d, alternative=alternative)
            assert r.pvalue == ref.pvalue, alternative
            assert r.statistic == ref.statistic, alternative  # scipy's statistic
            # by counting: W+ one-sided, min(W+, W-) two-sided
            total = nonzero.size * (nonzero.size + 1) / 2
            w_plus = (total + _signed_rank_sum(d)) / 2
            want = min(w_plus, total - w_plus) if alternative == "two-sided" else w_plus
            assert r.statistic == pytest.approx(want, abs=1e-9)
            assert r.estimate == pytest.approx(np.median(_walsh_averages(nonzero)), abs=1e-15)
            low, high = _interval(r)
            assert low <= r.estimate <= high

    _run_block(block, one_case)


def _hl_case(seed):
    """Per-query values whose differences are nonzero with distinct |d| (the exact case)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(8, 21))
    while True:
        d = np.round(rng.normal(rng.uniform(-0.5, 0.5), 1, n), 3)
        a = np.round(rng.random(n), 3)
        b = a - d
        d = _rounded_differences(a, b)  # as the function computes it
        if np.all(d != 0) and np.unique(np.abs(d)).size == n:
            return a, b, d


@pytest.mark.parametrize("seed", range(6))
def test_hodges_lehmann_interval_inverts_scipy_exact_wilcoxon(seed):
    """The exact interval is the set of shifts t that wilcoxon(d - t, method="exact") does not
    reject: checked between every two neighbouring Walsh averages (where W+ is constant), so
    the ends must be Walsh averages and the test must switch at them."""
    a, b, d = _hl_case(SEED + seed)
    walsh = _walsh_averages(d)
    distinct = walsh[np.r_[True, np.diff(walsh) > 1e-9]]
    grid = np.r_[distinct[0] - 1, (distinct[1:] + distinct[:-1]) / 2, distinct[-1] + 1]
    cases = [("two-sided", 0.9), ("two-sided", 0.95), ("greater", 0.9), ("less", 0.95)]
    failures = []
    for alternative, level in cases:
        r = paired_test(a, b, method="wilcoxon", alternative=alternative)
        assert r.estimate == np.median(walsh)
        low, high = r.confidence_interval(level)
        for end in (low, high):
            assert math.isinf(end) or np.min(np.abs(walsh - end)) == 0, end
        for t in grid:
            p = ss.wilcoxon(d - t, method="exact", alternative=alternative).pvalue
            if (p >= 1 - level) != (low < t < high):
                failures.append(f"{alternative} {level}: t={t:.6g} p={p:.4g}, [{low}, {high}]")
    assert not failures, "\n".join(failures[:10])


def test_a_one_sided_interval_below_level_one_half_is_an_error():
    y = [1] * 10
    a = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0]
    b = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    r = mcnemar(y, a, b, alternative="greater")
    with pytest.raises(ValueError, match="one-sided interval.*above 0.5; got 0.3"):
        r.confidence_interval(0.3)
    low, high = r.confidence_interval(0.6)
    assert low <= r.estimate and high == 1.0
    assert mcnemar(y, a, b).confidence_interval(0.3).confidence_level == 0.3  # two-sided: fine


@pytest.mark.parametrize("n", [2, 5, 6, 7])
def test_hodges_lehmann_says_when_the_level_cannot_be_reached(n):
    """The widest interval, smallest to largest Walsh average, covers with probability
    1 - 2 / 2^n (the signed-rank distribution puts 1 / 2^n on W+ = 0): a higher level is
    not reachable, and the interval says which level it has, as R's wilcox.test does."""
    d = np.arange(1, n + 1) / 10  # all positive, distinct
    widest = 1 - 2 / 2**n
    r = paired_test(d, np.zeros(n), method="wilcoxon")
    for level in (0.9, 0.95, 0.99):
        if level <= widest:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                ci = r.confidence_interval(level)
            assert ci.confidence_level == level
            continue
        with pytest.warns(RuntimeWarning, match=f"not reachable with {n} nonzero"):
            ci = r.confidence_interval(level)
        assert (ci.low, ci.high) == (d.min(), d.max())
        assert ci.confidence_level == pytest.approx(widest, abs=1e-15)
        # the test agrees: the exact p of all-positive differences is 2 / 2^n = 1 - widest
        assert r.pvalue == pytest.approx(1 - widest, abs=1e-15)
    one_sided = paired_test(d, np.zeros(n), method="wilcoxon", alternative="greater")
    if 1 - 1 / 2**n < 0.995:
        with pytest.warns(RuntimeWarning, match="not reachable"):
            ci = one_sided.confidence_interval(0.995)
        assert (ci.low, ci.high) == (d.min(), math.inf)
        assert ci.confidence_level == pytest.approx(1 - 1 / 2**n, abs=1e-15)


def test_hodges_lehmann_normal_approximation_is_near_the_exact_inversion():
    """Above n = 50 the ends use the normal approximation of the signed-rank distribution
    (Hollander and Wolfe): at n = 60 within 3 Walsh averages of the exact inversion (scipy's
    exact wilcoxon, bisected over the averages), and never inside it."""
    rng = np.random.default_rng(SEED)
    n = 60
    a = rng.random(n) + 1
    b = a - rng.normal(0.2, 1, n)
    d = _rounded_differences(a, b)
    assert np.unique(np.abs(d)).size == n
    walsh = _walsh_averages(d)
    mids = (walsh[1:] + walsh[:-1]) / 2
    for level in (0.9, 0.95, 0.99):
        # the first midpoint (from below) the exact test does not reject: p rises with t there
        lo, hi = 0, mids.size // 2
        while lo < hi:
            middle = (lo + hi) // 2
            if ss.wilcoxon(d - mids[middle], method="exact").pvalue >= 1 - level:
                hi = middle
            else:
                lo = middle + 1
        low, high = paired_test(a, b, method="wilcoxon").confidence_interval(level)
        got = int(np.searchsorted(walsh, low))
        assert walsh[got] == low and walsh[walsh.size - 1 - got] == high  # symmetric ends
        assert lo - 3 <= got <= lo, (level, got, lo)


def _mean_axis(x, axis=-1):
    return np.mean(x, axis=axis)


def _exact_randomization_p(d):
    """P(mean of sign-flipped d is as extreme as the mean of d) over all 2^n sign patterns,
    enumerated (row r of ``signs`` is the binary expansion of r): two-sided, greater, less."""
    d = np.asarray(d, dtype=float)
    n = d.size
    signs = 1 - 2 * ((np.arange(2**n)[:, None] >> np.arange(n)) & 1)
    totals = signs @ d
    observed = totals[0]  # the all-plus pattern
    tolerance = 1e-12 * abs(observed)
    return {
        "two-sided": np.mean(np.abs(totals) >= abs(observed) - tolerance),
        "greater": np.mean(totals >= observed - tolerance),
        "less": np.mean(totals <= observed + tolerance),
    }


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
        d = (a - b).tolist()
        if not any(d):
            continue
        expected = _exact_randomization_p(d)
        for alternative in ALTERNATIVES:
            r = paired_test(
                a,
                b,
                method="randomization",
                alternative=alternative,
                n_resamples=2**n,
                random_state=seed,
            )
            if not r.pvalue == pytest.approx(expected[alternative], rel=1e-12):
                failures.append(f"seed {seed} {alternative}: {r.pvalue} != {expected} (d={d})")
            assert r.statistic == r.estimate == pytest.approx(np.mean(d), abs=1e-15)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("seed", range(4))
def test_randomization_interval_inverts_the_exact_sign_flip_test(seed):
    """The interval is the set of shifts t that the exact sign-flip test of d - t (scipy's
    permutation_test, all 2^n patterns) does not reject: checked on a fine grid and at
    points just inside and outside each end, for two-sided and one-sided alternatives."""
    rng = np.random.default_rng(SEED + seed)
    n = int(rng.integers(5, 11))
    a, b = _per_query(rng, n)
    d = a - b

    def exact_p(t, alternative):
        return ss.permutation_test(
            (d - t,),
            _mean_axis,
            permutation_type="samples",
            vectorized=True,
            n_resamples=2**n,
            alternative=alternative,
        ).pvalue

    span = np.ptp(d) + 0.1
    grid = np.linspace(d.mean() - span, d.mean() + span, 301)
    failures = []
    for alternative, level in [("two-sided", 0.9), ("two-sided", 0.95), ("greater", 0.9)]:
        r = paired_test(a, b, method="randomization", alternative=alternative, n_resamples=2**n)
        low, high = r.confidence_interval(level)
        assert r.confidence_interval(level).method == "randomization"
        eps = 1e-9 * span
        probes = list(grid) + [
            x
            for end in (low, high)
            if math.isfinite(end)
            for x in (
                end - eps,
                end + eps,
            )
        ]
        for t in probes:
            inside = low <= t <= high
            if (exact_p(t, alternative) > 1 - level) != inside:
                failures.append(f"{alternative} {level}: t={t:.9g}, [{low}, {high}]")
    assert not failures, "\n".join(failures[:10])


def test_randomization_same_seed_as_scipy_gives_scipy_p():
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 40)
    ref = ss.permutation_test(
        (a - b,),
        _mean_axis,
        permutation_type="samples",
        vectorized=True,
        n_resamples=999,
        **_seeded(ss.permutation_test, 3),
    )
    r = paired_test(a, b, method="randomization", n_resamples=999, random_state=3)
    assert r.pvalue == ref.pvalue


def test_randomization_monte_carlo_agrees_with_exact_within_error():
    rng = np.random.default_rng(SEED)
    n = 18
    a, b = _per_query(rng, n)
    d = a - b
    signs = 1 - 2 * ((np.arange(2**n)[:, None] >> np.arange(n)) & 1)  # all 2^18 patterns
    means = signs @ d / n
    exact = np.mean(np.abs(means) >= abs(d.mean()) * (1 - 1e-12))
    r = paired_test(a, b, method="randomization", n_resamples=4999, random_state=1)
    assert abs(r.pvalue - exact) <= 4 * math.sqrt(exact * (1 - exact) / 4999) + 2 / 4999


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_randomization_matches_scipy_permutation_test(alternative):
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 40)

    def statistic(x, y, axis):
        return np.mean(x - y, axis=axis)

    ref = ss.permutation_test(
        (a, b),
        statistic,
        permutation_type="samples",
        vectorized=True,
        n_resamples=20000,
        alternative=alternative,
        **_seeded(ss.permutation_test, 5),
    )
    r = paired_test(
        a, b, method="randomization", alternative=alternative, n_resamples=20000, random_state=7
    )
    p = ref.pvalue
    assert abs(r.pvalue - p) <= 5 * math.sqrt(2 * p * (1 - p) / 20000) + 1e-4


@pytest.mark.parametrize("method", ["bootstrap"])
def test_bootstrap_interval_matches_scipy_bootstrap(method):
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 60)
    d = a - b
    ref = ss.bootstrap(
        (d,), np.mean, method="percentile", n_resamples=20000, **_seeded(ss.bootstrap, 3)
    )
    r = paired_test(a, b, method=method, n_resamples=20000, random_state=4)
    sd = ref.standard_error
    low, high = _interval(r)
    # quantiles of 20,000 draws: Monte Carlo error well under a tenth of the SE
    assert low == pytest.approx(ref.confidence_interval.low, abs=0.1 * sd)
    assert high == pytest.approx(ref.confidence_interval.high, abs=0.1 * sd)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("shift", [0.0, 0.02, 0.05])
def test_bootstrap_p_value_from_scipy_bootstrap_distribution(shift, alternative):
    rng = np.random.default_rng(SEED)
    b = rng.beta(2, 3, 50)
    a = np.clip(b + rng.normal(shift, 0.1, 50), 0, 1)
    d = a - b
    B = 20000
    ref = ss.bootstrap(
        (d,), np.mean, n_resamples=B, method="percentile", **_seeded(ss.bootstrap, 1)
    )
    null = ref.bootstrap_distribution - d.mean()
    extreme = {
        "two-sided": np.abs(null) >= abs(d.mean()),
        "greater": null >= d.mean(),
        "less": null <= d.mean(),
    }[alternative]
    expected = (1 + np.sum(extreme)) / (B + 1)
    r = paired_test(
        a, b, method="bootstrap", alternative=alternative, n_resamples=B, random_state=2
    )
    assert r.statistic == r.estimate == pytest.approx(d.mean(), abs=1e-15)
    assert abs(r.pvalue - expected) <= 5 * math.sqrt(2 * expected * (1 - expected) / B) + 2 / B


def test_bootstrap_p_value_by_definition_small_case():
    # d = (1, 1, 1, -1): with 4 values there are 4^4 = 256 equally likely index tuples; the
    # mean of a resample is (4 - 2k)/4 for k draws of the -1. |mean* - 0.5| >= 0.5 holds for
    # mean* in {0, -0.5, -1} or {1}: k = 0 (81 tuples), 2, 3, 4 (54 + 12 + 1). Expected
    # share (81 + 67) / 256 = 148 / 256.
    a = [1.0, 1.0, 1.0, 0.0]
    b = [0.0, 0.0, 0.0, 1.0]
    B = 40000
    r = paired_test(a, b, method="bootstrap", n_resamples=B, random_state=0)
    share = 148 / 256
    assert abs(r.pvalue - share) <= 5 * math.sqrt(share * (1 - share) / B)
    assert r.estimate == 0.5
    # one-sided "greater": mean* - 0.5 >= 0.5 only at k = 0, 81 of 256
    r = paired_test(a, b, method="bootstrap", alternative="greater", n_resamples=B, random_state=0)
    share = 81 / 256
    assert abs(r.pvalue - share) <= 5 * math.sqrt(share * (1 - share) / B)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("method", ["t", "wilcoxon", "randomization", "bootstrap"])
def test_identical_systems_give_no_evidence(method, alternative):
    a = [0.1, 0.5, 0.3, 0.9]
    r = paired_test(a, list(a), method=method, alternative=alternative)
    assert (r.statistic, r.pvalue, r.estimate) == (0, 1, 0)
    # the point 0, one-sided up to the unbounded end
    interval = {"two-sided": (0, 0), "greater": (0, math.inf), "less": (-math.inf, 0)}
    assert _interval(r) == interval[alternative]
    assert (r.method, r.alternative) == (method, alternative)


# --- one-sided intervals -----------------------------------------------------------------------


def _one_sided_cases():
    """(name, call(alternative) -> TestResult, the parameter's bounds)."""
    rng = np.random.default_rng(SEED)
    y, score_a, score_b = _scored_case(rng, 150)
    a, b = _per_query(rng, 40)
    table = _table_arrays(40, 12, 21, 30)
    resampling = {"n_resamples": 2000, "random_state": 9}
    unit, line = (-1.0, 1.0), (-math.inf, math.inf)
    return [
        ("mcnemar exact", lambda alt: mcnemar(*table, alternative=alt), unit),
        ("mcnemar chi2", lambda alt: mcnemar(*table, method="chi2", alternative=alt), unit),
        ("delong_test", lambda alt: delong_test(y, score_a, score_b, alternative=alt), unit),
        (
            "delong_test_ind",
            lambda alt: delong_test_ind(
                y[:80], score_a[:80], y[80:], score_b[80:], alternative=alt
            ),
            unit,
        ),
        ("wilcoxon", lambda alt: paired_test(a, b, method="wilcoxon", alternative=alt), line),
        (
            "randomization",
            lambda alt: paired_test(a, b, method="randomization", alternative=alt, **resampling),
            line,
        ),
        (
            "bootstrap",
            lambda alt: paired_test(a, b, method="bootstrap", alternative=alt, **resampling),
            line,
        ),
    ]


@pytest.mark.parametrize("level", [0.8, 0.95])
@pytest.mark.parametrize(
    ("name", "call", "bounds"), _one_sided_cases(), ids=[c[0] for c in _one_sided_cases()]
)
def test_one_sided_interval_is_one_end_of_the_two_sided_at_2c_minus_1(name, call, bounds, level):
    two_low, two_high = call("two-sided").confidence_interval(2 * level - 1)
    greater = tuple(call("greater").confidence_interval(level))
    less = tuple(call("less").confidence_interval(level))
    assert greater == pytest.approx((two_low, bounds[1]), abs=1e-12)
    assert less == pytest.approx((bounds[0], two_high), abs=1e-12)
    assert greater[1] == bounds[1] and less[0] == bounds[0]


def test_one_sided_t_interval_is_scipys():
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 30)
    for alternative in ("greater", "less"):
        for level in (0.8, 0.9, 0.95):
            want = ss.ttest_rel(a, b, alternative=alternative).confidence_interval(level)
            got = paired_test(a, b, alternative=alternative).confidence_interval(level)
            assert tuple(got) == pytest.approx(tuple(want), rel=1e-12)
            assert math.isinf(got.high if alternative == "greater" else got.low)


# --- random_state and ignored options ----------------------------------------------------------


def _same(r, s):
    return r == s and r.confidence_interval() == s.confidence_interval()


@pytest.mark.parametrize("method", ["bootstrap", "randomization"])
def test_random_state_int_generator_and_randomstate(method):
    rng = np.random.default_rng(SEED)
    a, b = _per_query(rng, 30)

    def run(random_state):
        return paired_test(a, b, method=method, n_resamples=500, random_state=random_state)

    one = run(11)
    assert _same(one, run(11))
    assert _same(one, run(np.random.default_rng(11)))  # a Generator seeded alike: its stream
    assert _same(run(np.random.RandomState(11)), run(np.random.RandomState(11)))
    assert not _same(one, run(12))  # the seed matters
    generator = np.random.default_rng(5)
    assert not _same(run(generator), run(generator))  # a Generator is used, not reseeded
    for bad in (11.0, "11", True):
        with pytest.raises(TypeError, match=r"^random_state must be None"):
            run(bad)


@pytest.mark.parametrize("method", ["t", "wilcoxon"])
def test_t_and_wilcoxon_warn_about_options_they_ignore(method):
    a, b = [0.1, 0.2, 0.4, 0.5], [0.2, 0.2, 0.6, 0.3]
    with pytest.warns(UserWarning) as caught:
        paired_test(a, b, method=method, n_resamples=100, random_state=0)
    assert [str(w.message) for w in caught] == [
        f"n_resamples is ignored with method={method!r} (set to 100)",
        f"random_state is ignored with method={method!r} (set to 0)",
    ]
    assert caught[0].filename == __file__  # the warning points at the caller
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        paired_test(a, b, method=method)
        paired_test(a, b, method="bootstrap", n_resamples=100, random_state=0)


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


def _swapped_agrees(r, s, statistic="signed"):
    """s tests (second, first) with the mirrored alternative: the same evidence, mirrored.

    ``statistic``: "signed" (it changes sign: t, DeLong, mean differences), "symmetric" (it
    does not: McNemar's min(b, c) and chi-square, Wilcoxon's two-sided min(W+, W-)) or a
    number, the total rank sum n'(n'+1)/2 (one-sided Wilcoxon: W+ becomes W- = total - W+).
    """
    assert s.estimate == pytest.approx(-r.estimate, abs=1e-12)
    if statistic == "signed":
        assert s.statistic == pytest.approx(-r.statistic, abs=1e-12)
    elif statistic == "symmetric":
        assert s.statistic == pytest.approx(r.statistic, abs=1e-12)
    else:
        assert s.statistic == pytest.approx(statistic - r.statistic, abs=1e-9)
    assert s.pvalue == pytest.approx(r.pvalue, rel=1e-9, abs=1e-15)
    r_low, r_high = r.confidence_interval()
    s_low, s_high = s.confidence_interval()
    assert s_low == pytest.approx(-r_high, abs=1e-9)
    assert s_high == pytest.approx(-r_low, abs=1e-9)


def _contains_estimate(r):
    low, high = r.confidence_interval()
    assert low - 1e-12 <= r.estimate <= high + 1e-12, r
    assert 0.0 <= r.pvalue <= 1.0


@settings(max_examples=60, deadline=None)
@given(two_classifiers(), hst.sampled_from(["exact", "chi2"]), hst.sampled_from(ALTERNATIVES))
def test_mcnemar_swap_and_interval_properties(data, method, alternative):
    y, a, b = data
    r = mcnemar(y, a, b, method=method, alternative=alternative)
    s = mcnemar(y, b, a, method=method, alternative=SWAP[alternative])
    _swapped_agrees(r, s, statistic="symmetric")
    _contains_estimate(r)


@settings(max_examples=60, deadline=None)
@given(two_scorers(), hst.sampled_from(ALTERNATIVES))
def test_delong_swap_and_interval_properties(data, alternative):
    y, a, b = data
    try:
        r = delong_test(y, a, b, alternative=alternative)
    except ValueError as error:  # a zero standard error with different AUCs
        assume("standard error" not in str(error))
        raise
    s = delong_test(y, b, a, alternative=SWAP[alternative])
    _swapped_agrees(r, s)
    _contains_estimate(r)
    low, high = r.confidence_interval()
    assert -1.0 <= low <= high <= 1.0


@settings(max_examples=40, deadline=None)
@given(
    paired_values(),
    hst.sampled_from(["t", "wilcoxon", "randomization", "bootstrap"]),
    hst.sampled_from(ALTERNATIVES),
)
def test_paired_swap_and_interval_properties(data, method, alternative):
    a, b = data
    options = {} if method in ("t", "wilcoxon") else {"n_resamples": 300, "random_state": 3}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # scipy's precision notes on tiny sets
        try:
            r = paired_test(a, b, method=method, alternative=alternative, **options)
        except ValueError as error:  # t on differences without spread
            assume("every difference" not in str(error))
            raise
        s = paired_test(b, a, method=method, alternative=SWAP[alternative], **options)
    rule = "signed"
    if method == "wilcoxon":
        nonzero = np.count_nonzero(_rounded_differences(a, b))
        rule = "symmetric" if alternative == "two-sided" else nonzero * (nonzero + 1) / 2
    _swapped_agrees(r, s, statistic=rule)
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
    ("mcnemar: correction text", mcnemar, (Y, P, P), {"correction": "yes"}, TypeError, "correc"),
    ("mcnemar: unknown method", mcnemar, (Y, P, P), {"method": "wald"}, ValueError, r"^method"),
    ("mcnemar: old exact=", mcnemar, (Y, P, P), {"exact": True}, TypeError, r"exact"),
    ("mcnemar: alternative", mcnemar, (Y, P, P), {"alternative": "x"}, ValueError, "^alternat"),
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
    ("delong: alternative", delong_test, (Y, S, S), {"alternative": "<"}, ValueError, "^altern"),
    ("delong: old confidence=", delong_test, (Y, S, S), {"confidence": 0.9}, TypeError, "confid"),
    (
        "delong: constant score_a against a perfect score_b (standard error 0)",
        delong_test,
        (Y, [0.5] * 6, [0, 1, 0, 1, 1, 0]),
        {},
        ValueError,
        r"standard error of AUC_A - AUC_B = -0.5 is 0",
    ),
    ("delong: text scores", delong_test, (Y, list("abcdef"), S), {}, TypeError, r"score_a must"),
    # delong_test_ind
    ("ind: y_true_b one class", delong_test_ind, (Y, S, [1] * 6, S), {}, ValueError, "y_true_b"),
    ("ind: score_b shorter", delong_test_ind, (Y, S, Y, S[:-1]), {}, ValueError, "score_b has 5"),
    ("ind: y_true_a shorter", delong_test_ind, (Y[:-1], S, Y, S), {}, ValueError, "y_true_a has"),
    ("ind: NaN score_a", delong_test_ind, (Y, [np.nan] + S[1:], Y, S), {}, ValueError, "score_a"),
    (
        "ind: three classes in y_true_b",
        delong_test_ind,
        (Y, S, [0, 1, 2, 0, 1, 2], S),
        {},
        ValueError,
        "y_true_b",
    ),
    ("ind: pos_label", delong_test_ind, (Y, S, Y, S), {"pos_label": 3}, ValueError, "pos_label"),
    (
        "ind: alternative",
        delong_test_ind,
        (Y, S, Y, S),
        {"alternative": "bigger"},
        ValueError,
        "^alternative",
    ),
    # paired_test
    ("paired: b shorter", paired_test, (A, B[:-1]), {}, ValueError, r"b has 3"),
    ("paired: one query", paired_test, ([0.1], [0.2]), {}, ValueError, r"a and b .*at least 2"),
    ("paired: unknown method", paired_test, (A, B), {"method": "anova"}, ValueError, r"method"),
    ("paired: alternative", paired_test, (A, B), {"alternative": "up"}, ValueError, "^alterna"),
    ("paired: n_resamples 0", paired_test, (A, B), {"n_resamples": 0}, ValueError, "n_resamples"),
    ("paired: n_resamples 1.5", paired_test, (A, B), {"n_resamples": 1.5}, TypeError, "n_resam"),
    ("paired: old confidence=", paired_test, (A, B), {"confidence": 0.9}, TypeError, "confid"),
    ("paired: seed text", paired_test, (A, B), {"random_state": "x"}, TypeError, "random_state"),
    ("paired: seed float", paired_test, (A, B), {"random_state": 1.0}, TypeError, "random_sta"),
    ("paired: seed < 0", paired_test, (A, B), {"random_state": -1}, ValueError, "random_state"),
    ("paired: NaN in a", paired_test, ([np.nan, 1, 2], [1, 2, 3]), {}, ValueError, r"a contains"),
    ("paired: 2-D b", paired_test, (A, [B, B]), {}, ValueError, r"b must be 1-D"),
    (
        "paired: t on constant nonzero differences",
        paired_test,
        (A, [v + 0.25 for v in A]),
        {},
        ValueError,
        r"every difference a - b",
    ),
]


@pytest.mark.parametrize(
    ("function", "args", "kwargs", "error", "pattern"),
    [case[1:] for case in BAD_INPUTS],
    ids=[case[0] for case in BAD_INPUTS],
)
def test_bad_inputs_raise_naming_the_argument(function, args, kwargs, error, pattern):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # an ignored option, before the error
        with pytest.raises(error, match=pattern):
            function(*args, **kwargs)


def test_at_least_25_bad_inputs():
    assert len(BAD_INPUTS) >= 25
    assert len({case[0] for case in BAD_INPUTS}) == len(BAD_INPUTS)


def test_error_message_names_the_argument_first():
    with pytest.raises(ValueError) as info:
        paired_test(A, B, n_resamples=0)
    assert re.match(r"n_resamples must be an integer >= 1, got 0", str(info.value))


# --- ties in floating point: the Wilcoxon test ranks the rounded differences


def test_wilcoxon_shares_ranks_between_differences_equal_up_to_float_noise():
    # in exact arithmetic d = (0.1, -0.1, 0.5); as floats 0.4 - 0.3 = 0.10000000000000003 and
    # 0.2 - 0.3 = -0.09999999999999998, so unrounded ranks would be 2 and 1
    a, b = [0.4, 0.2, 0.7], [0.3, 0.3, 0.2]
    raw = np.subtract(a, b)
    assert abs(raw[0]) != abs(raw[1])  # the noise this test is about
    r = paired_test(a, b, method="wilcoxon")
    # by hand: |d| = 0.1, 0.1, 0.5 -> ranks 1.5, 1.5, 3; W+ = 1.5 + 3, W- = 1.5
    assert r.statistic == 1.5  # min(W+, W-)
    assert paired_test(a, b, method="wilcoxon", alternative="greater").statistic == 4.5
    # exact null by hand: the 8 sign patterns give W+ in {0, 1.5, 1.5, 3, 3, 4.5, 4.5, 6};
    # two-sided p = 2 P(W+ >= 4.5) = 2 * 3/8
    assert r.pvalue == pytest.approx(0.75, abs=1e-12)
    # scipy 1.17 on the rounded differences, the independent reference
    assert r.pvalue == pytest.approx(ss.wilcoxon(np.round(raw, 12)).pvalue, abs=1e-12)
    # Hodges-Lehmann on the same rounded differences: Walsh averages
    # -0.1, 0, 0.1, 0.2, 0.3, 0.5 -> median (0.1 + 0.2) / 2
    assert r.estimate == pytest.approx(0.15, abs=1e-12)
    # the old behaviour ranked the noise: W+ - W- = (2 + 3) - 1 = 4
    assert _signed_rank_sum(raw) == 4.0


def test_wilcoxon_interval_uses_the_rounded_ties():
    # d = 0.1 (noisy), -0.1 (noisy) and four distinct others: with the tie the exact
    # signed-rank table does not apply, so the interval is the normal-approximation one
    a = np.array([0.4, 0.2, 0.9, 0.85, 0.6, 0.72])
    b = np.array([0.3, 0.3, 0.2, 0.1, 0.05, 0.0])
    d = np.round(a - b, 12)
    assert np.unique(np.abs(a - b)).size == 6 and np.unique(np.abs(d)).size == 5
    n = 6
    low, high = paired_test(a, b, method="wilcoxon").confidence_interval(0.8)
    walsh = _walsh_averages(d)
    # Hollander and Wolfe's normal approximation: C = n(n+1)/4 - z sqrt(n(n+1)(2n+1)/24)
    z = ss.norm.ppf(0.9)
    c = int(n * (n + 1) / 4 - z * math.sqrt(n * (n + 1) * (2 * n + 1) / 24))
    assert (low, high) == (walsh[c - 1], walsh[walsh.size - c])


def test_wilcoxon_rounding_is_relative_to_the_data_scale():
    # the same example scaled by 1e6: still one tie, the same statistic and p-value
    a, b = np.array([0.4, 0.2, 0.7]) * 1e6, np.array([0.3, 0.3, 0.2]) * 1e6
    r = paired_test(a, b, method="wilcoxon")
    assert (r.statistic, r.pvalue) == (1.5, pytest.approx(0.75, abs=1e-12))
    # and a real difference of 1e-9 on data of scale 1 is kept (12 decimals, not 8)
    r = paired_test([0.5 + 1e-9, 0.5, 0.9], [0.5, 0.5 + 1e-9, 0.1], method="wilcoxon")
    assert r.statistic == 1.5  # ranks 1.5, 1.5 (|1e-9| tied), 3: W+ 4.5, W- 1.5


def test_wilcoxon_noise_only_differences_are_no_difference():
    a = [0.1 + 0.2, 0.7]
    b = [0.3, 0.7]
    assert a[0] != b[0]  # 0.30000000000000004
    r = paired_test(a, b, method="wilcoxon")
    assert (r.statistic, r.pvalue, r.estimate) == (0.0, 1.0, 0.0)
