"""Tests of evalmetrics.stats' comparisons of algorithms over many datasets (Demšar 2006).

Every expected value comes from an independent reference, never from the code under test:

- published values: Demšar's (2006) Table 6 (the AUC of four C4.5 variants on 14 datasets, as
  scipy's own test suite holds it) and the statistics the paper prints from it; scipy's
  ``TestFriedmanChiSquare`` reference values; Zhou's textbook (机器学习, section 2.4), its
  table 2.5 and the values it prints; Orange's ``compute_CD`` table of critical values and
  its ``TestComputeCD``; scikit-posthocs' ``test_posthoc_nemenyi_friedman`` (R's PMCMRplus);
- the field's implementations run on seeded random matrices: ``scipy.stats.friedmanchisquare``,
  ``scikit_posthocs.posthoc_nemenyi_friedman`` and ``posthoc_demsar``, statsmodels'
  ``multipletests`` and ``sign_test``, ``scipy.stats.binomtest``, autorank (its ranks, critical
  distance and groups), baycomp's ``SignedRankTest`` (the same random stream: exact agreement
  wherever no sum of two differences is on the ROPE's edge only after rounding);
- the formulas written out here (ranks by counting, Demšar's statistics, binomial sums).

The module-level ``COMPARISONS`` records, per peer, how many random cases were compared and the
largest difference seen (printed after the module's tests with ``-s``).
"""

from __future__ import annotations

import math
import pickle
import warnings

import baycomp
import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
import scipy.stats as ss
from autorank import autorank
from autorank._util import get_sorted_rank_groups
from statsmodels.stats.descriptivestats import sign_test as sm_sign_test
from statsmodels.stats.multitest import multipletests
from support import tiered

import evalmetrics.stats as st
from evalmetrics.stats import (
    BayesianSignedRankResult,
    ControlResult,
    FriedmanResult,
    NemenyiResult,
    TestResult,
)

SEED = 20261206
N_RANDOM = 40  # random matrices per peer comparison
COMPARISONS: dict[str, list[float]] = {}


def _record(peer: str, difference: float) -> None:
    entry = COMPARISONS.setdefault(peer, [0, 0.0])
    entry[0] += 1
    entry[1] = max(entry[1], float(difference))


def _random_scores(rng: np.random.Generator, *, min_rows: int = 3) -> np.ndarray:
    """A random N x k matrix; rounded to a random number of decimals, so ties occur."""
    n = int(rng.integers(min_rows, 30))
    k = int(rng.integers(3, 9))
    decimals = int(rng.integers(1, 4))
    return np.round(rng.random((n, k)) * rng.uniform(0.2, 1.0, size=k), decimals)


# --------------------------------------------------------------------------- published data

# Demšar (2006), Table 6: AUC of C4.5, C4.5+m, C4.5+cf and C4.5+m+cf on 14 datasets, as
# scipy's test suite holds it (scipy/scipy, scipy/stats/tests/test_stats.py,
# TestFriedmanChiSquare.x1, one list per algorithm). The paper prints 0.975 for both C4.5+cf
# and C4.5+m+cf on "voting" but ranks C4.5+cf higher; scipy writes 0.9751, and only with that
# order do the paper's average ranks and statistics follow (checked below).
DEMSAR_TABLE_6 = np.array(
    [
        [0.763, 0.599, 0.954, 0.628, 0.882, 0.936, 0.661, 0.583, 0.775, 1.0, 0.94, 0.619, 0.972,
         0.957],
        [0.768, 0.591, 0.971, 0.661, 0.888, 0.931, 0.668, 0.583, 0.838, 1.0, 0.962, 0.666, 0.981,
         0.978],
        [0.771, 0.590, 0.968, 0.654, 0.886, 0.916, 0.609, 0.563, 0.866, 1.0, 0.965, 0.614, 0.9751,
         0.946],
        [0.798, 0.569, 0.967, 0.657, 0.898, 0.931, 0.685, 0.625, 0.875, 1.0, 0.962, 0.669, 0.975,
         0.970],
    ]
).T  # fmt: skip

# Zhou, 机器学习 (2016), table 2.5: ranks of algorithms A, B, C on datasets D1-D4 (scores that
# produce exactly those ranks; B and C tie on D2)
ZHOU_TABLE_2_5 = np.array([[3.0, 2.0, 1.0], [3.0, 2.0, 2.0], [3.0, 2.0, 1.0], [3.0, 2.0, 1.0]])


def _ranks_by_counting(scores: np.ndarray) -> np.ndarray:
    """Rank 1 = highest; a tie shares 1 + (number better) + (number tied - 1) / 2."""
    ranks = np.empty_like(scores, dtype=float)
    for i, row in enumerate(scores):
        for j, value in enumerate(row):
            better = np.sum(row > value)
            tied = np.sum(row == value)
            ranks[i, j] = 1 + better + (tied - 1) / 2
    return ranks


def _demsar_chi2(scores: np.ndarray) -> float:
    """Demšar's equation for chi2_F, without a tie correction."""
    n, k = scores.shape
    mean_ranks = _ranks_by_counting(scores).mean(axis=0)
    return 12 * n / (k * (k + 1)) * (np.sum(mean_ranks**2) - k * (k + 1) ** 2 / 4)


class TestDemsarTable6:
    """The statistics Demšar (2006) prints for his Table 6, section 3.2.4 (and where his
    rounding differs from the unrounded value)."""

    def test_average_ranks_as_printed(self):
        ranks = st.average_ranks(DEMSAR_TABLE_6)
        assert np.round(ranks, 3).tolist() == [3.143, 2.000, 2.893, 1.964]

    def test_chi2_and_iman_davenport_as_printed(self):
        chi2 = st.friedman_test(DEMSAR_TABLE_6, tie_correction=False)
        f = st.friedman_test(DEMSAR_TABLE_6, method="iman-davenport", tie_correction=False)
        assert round(chi2.statistic, 2) == 9.28
        assert round(f.statistic, 2) == 3.69
        assert f.df == (3, 39)
        # and exactly the equations written out here
        assert math.isclose(chi2.statistic, _demsar_chi2(DEMSAR_TABLE_6), rel_tol=1e-12)
        assert math.isclose(f.statistic, 13 * chi2.statistic / (42 - chi2.statistic), rel_tol=1e-12)
        assert math.isclose(f.pvalue, ss.f.sf(f.statistic, 3, 39), rel_tol=1e-12)
        # the F test rejects at 0.05: F(3, 39) critical value 2.85 (the paper's value)
        assert round(ss.f.ppf(0.95, 3, 39), 2) == 2.85 and f.pvalue < 0.05

    def test_critical_difference_as_printed(self):
        nemenyi = st.nemenyi_test(DEMSAR_TABLE_6)
        assert round(nemenyi.critical_difference, 2) == 1.25
        assert round(nemenyi.critical_value, 3) == 2.569
        # the largest difference, C4.5 against C4.5+m+cf, 3.143 - 1.964 = 1.179 < CD
        assert not (nemenyi.pvalue[~np.eye(4, dtype=bool)] < 0.05).any()
        # at alpha = 0.10: q = 2.291, CD = 1.12; C4.5+m and C4.5+m+cf beat C4.5
        at_10 = st.nemenyi_test(DEMSAR_TABLE_6, confidence_level=0.90)
        assert round(at_10.critical_difference, 2) == 1.12
        assert st.nonsignificant_groups(
            at_10.average_ranks, critical_difference=at_10.critical_difference
        ) == [(3, 1, 2), (2, 0)]

    def test_holm_and_bonferroni_dunn_against_c45(self):
        holm = st.control_test(DEMSAR_TABLE_6, control=0)
        se = math.sqrt(4 * 5 / (6 * 14))
        ranks = np.array([3.142857142857143, 2.0, 2.892857142857143, 1.9642857142857142])
        z = (ranks[0] - ranks[1:]) / se
        p = 2 * ss.norm.sf(np.abs(z))
        assert np.allclose(holm.statistic, z, rtol=1e-12)
        assert np.allclose(holm.unadjusted_pvalue, p, rtol=1e-12)
        # Holm: 0.0157 < 0.05/3 and 0.0192 < 0.05/2 are rejected, 0.608 is not
        order = np.argsort(p)
        assert p[order[0]] < 0.05 / 3 and p[order[1]] < 0.05 / 2 and p[order[2]] > 0.05
        assert (holm.pvalue < 0.05).tolist() == [True, False, True]
        # Bonferroni-Dunn: CD = 2.394 * se (Table 5b), only C4.5+m+cf beats C4.5 at 0.05
        bonferroni = st.control_test(DEMSAR_TABLE_6, control=0, method="bonferroni")
        assert math.isclose(bonferroni.critical_difference, ss.norm.isf(0.05 / 6) * se)
        # the paper prints 1.16, truncating 2.394 * 0.488 = 1.168; rounded, and unrounded, 1.17
        assert round(bonferroni.critical_difference, 2) == 1.17
        assert round(2.394 * 0.488, 2) == 1.17 and round(float(se), 3) == 0.488
        assert (bonferroni.pvalue < 0.05).tolist() == [False, False, True]

    def test_sign_test_c45m_against_c45(self):
        # 10 wins, 2 losses, 2 ties (lung cancer, mushroom): 11 of 14 with the ties split
        result = st.sign_test(DEMSAR_TABLE_6[:, 1], DEMSAR_TABLE_6[:, 0])
        tail = sum(math.comb(14, i) for i in range(11, 15))  # 364 + 91 + 14 + 1
        assert result.statistic == 11
        assert math.isclose(result.pvalue, 2 * tail / 2**14, rel_tol=1e-12)
        dropped = st.sign_test(DEMSAR_TABLE_6[:, 1], DEMSAR_TABLE_6[:, 0], zero_method="wilcox")
        tail = sum(math.comb(12, i) for i in range(10, 13))  # 66 + 12 + 1
        assert dropped.statistic == 10
        assert math.isclose(dropped.pvalue, 2 * tail / 2**12, rel_tol=1e-12)

    def test_scipy_reference_values(self):
        # scipy's TestFriedmanChiSquare: ref1 for this table with its tie correction
        result = st.friedman_test(DEMSAR_TABLE_6)
        assert math.isclose(result.statistic, 10.2283464566929, rel_tol=1e-12)
        assert math.isclose(result.pvalue, 0.0167215803284414, rel_tol=1e-10)


class TestZhouTable25:
    """Zhou's worked example (机器学习, section 2.4): tau_F = 24.429, CD = 1.657."""

    def test_average_ranks(self):
        assert st.average_ranks(ZHOU_TABLE_2_5).tolist() == [1.0, 2.125, 2.875]

    def test_tau_f_and_cd(self):
        chi2 = st.friedman_test(ZHOU_TABLE_2_5, tie_correction=False)
        assert math.isclose(chi2.statistic, 7.125, rel_tol=1e-12)  # 4 * (14.78125 - 12) ... / 1
        f = st.friedman_test(ZHOU_TABLE_2_5, method="iman-davenport", tie_correction=False)
        assert round(f.statistic, 3) == 24.429
        assert f.df == (2, 6)
        assert round(ss.f.ppf(0.95, 2, 6), 3) == 5.143  # Zhou's table 2.6
        nemenyi = st.nemenyi_test(ZHOU_TABLE_2_5)
        assert round(nemenyi.critical_value, 3) == 2.344  # Zhou's table 2.7
        assert round(nemenyi.critical_difference, 3) == 1.657
        # A and C differ (1.875 >= CD), A-B and B-C do not
        assert nemenyi.pvalue[0, 2] < 0.05 < min(nemenyi.pvalue[0, 1], nemenyi.pvalue[1, 2])


# Orange (biolab/orange3, Orange/evaluation/scoring.py, compute_CD): q_alpha for k = 2 .. 20
ORANGE_NEMENYI = {
    0.05: [1.959964, 2.343701, 2.569032, 2.727774, 2.849705, 2.94832, 3.030879, 3.101730,
           3.163684, 3.218654, 3.268004, 3.312739, 3.353618, 3.39123, 3.426041, 3.458425,
           3.488685, 3.517073, 3.543799],
    0.10: [1.644854, 2.052293, 2.291341, 2.459516, 2.588521, 2.692732, 2.779884, 2.854606,
           2.919889, 2.977768, 3.029694, 3.076733, 3.119693, 3.159199, 3.195743, 3.229723,
           3.261461, 3.291224, 3.319233],
}  # fmt: skip
# the same file, Bonferroni-Dunn for k = 2 .. 10 (Demšar's Table 5b, 3 decimals)
ORANGE_BONFERRONI_DUNN = {
    0.05: [1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.724, 2.773],
    0.10: [1.645, 1.960, 2.128, 2.241, 2.326, 2.394, 2.450, 2.498, 2.539],
}


@pytest.mark.parametrize("alpha", [0.05, 0.10])
def test_nemenyi_critical_values_match_orange_table(alpha):
    for k, q in enumerate(ORANGE_NEMENYI[alpha], start=2):
        cd = st.critical_difference(n_algorithms=k, n_datasets=6, confidence_level=1 - alpha)
        ours = cd / math.sqrt(k * (k + 1) / 36)
        assert abs(ours - q) < 6e-6, (k, ours, q)
        _record("Orange compute_CD table (Nemenyi q)", abs(ours - q))


@pytest.mark.parametrize("alpha", [0.05, 0.10])
def test_bonferroni_dunn_critical_values_match_the_table(alpha):
    for k, q in enumerate(ORANGE_BONFERRONI_DUNN[alpha], start=2):
        cd = st.critical_difference(
            n_algorithms=k, n_datasets=6, confidence_level=1 - alpha, method="bonferroni-dunn"
        )
        ours = cd / math.sqrt(k * (k + 1) / 36)
        assert math.isclose(ours, ss.norm.isf(alpha / (2 * (k - 1))), rel_tol=1e-12)
        if (alpha, k) == (0.05, 9):
            # the table's 2.724 is not z_(1 - 0.05/16) = 2.7344: a misprint in Demšar's
            # Table 5b that Orange copies; everything else agrees to the 3 decimals printed
            assert round(ours, 3) == 2.734 and q == 2.724
            continue
        assert abs(ours - q) < 5.01e-4, (k, ours, q)
        _record("Orange compute_CD table (Bonferroni-Dunn q, 3 decimals)", abs(ours - q))


def test_orange_compute_cd_test_values():
    # biolab/orange3, Orange/tests/test_evaluation_scoring.py, TestComputeCD
    cd = st.critical_difference(n_algorithms=4, n_datasets=30)
    assert abs(cd - 0.856344) < 1e-6
    bd = st.critical_difference(n_algorithms=4, n_datasets=30, method="bonferroni-dunn")
    assert abs(bd - 0.798) < 1e-4  # Orange multiplies the 3-decimal table value 2.394
    _record("Orange TestComputeCD", abs(cd - 0.856344))


def test_scikit_posthocs_published_nemenyi_values():
    # maximtrp/scikit-posthocs, tests/test_posthocs.py, test_posthoc_nemenyi_friedman:
    # 3 blocks (datasets) x 7 groups; lower triangle of the expected p-values (R's PMCMRplus)
    df_bn = np.array([[4, 3, 4, 4, 5, 6, 3], [1, 2, 3, 5, 6, 7, 7], [1, 2, 6, 4, 1, 5, 1]])
    lower = [
        [1.0],
        [0.9999999, 1.0],
        [0.8414506, 0.8833015, 1.0],
        [0.9177741, 0.9449086, 0.9999962, 1.0],
        [0.9177741, 0.9449086, 0.9999962, 1.0000000, 1.0],
        [0.2147827, 0.2597539, 0.9449086, 0.8833015, 0.8833015, 1.0],
        [0.9976902, 0.9991770, 0.9888953, 0.9976902, 0.9976902, 0.5511935, 1.0],
    ]
    expected = np.ones((7, 7))
    for i, row in enumerate(lower):
        expected[i, : len(row)] = row
        expected[: len(row), i] = row
    result = st.nemenyi_test(df_bn)
    assert np.allclose(result.pvalue, expected, rtol=1e-5, atol=1e-8)
    _record("scikit-posthocs published p-values", np.abs(result.pvalue - expected).max())


@pytest.mark.parametrize(
    ("data", "reference"),
    [
        # scipy's TestFriedmanChiSquare x2 ("Bioestadistica para las ciencias de la salud")
        (
            [[4, 3, 5, 3, 5, 3, 2, 5, 4, 4, 4, 3], [2, 2, 1, 2, 3, 1, 2, 3, 2, 1, 1, 3],
             [2, 4, 3, 3, 4, 3, 3, 4, 4, 1, 2, 1], [3, 5, 4, 3, 4, 4, 3, 3, 3, 4, 4, 4]],
            (18.9428571428571, 0.000280938375189499),
        ),
        # x3 (Zar, Biostatistical Analysis, example 12.6)
        (
            [[7.0, 9.9, 8.5, 5.1, 10.3], [5.3, 5.7, 4.7, 3.5, 7.7], [4.9, 7.6, 5.5, 2.8, 8.4],
             [8.8, 8.9, 8.1, 3.3, 9.1]],
            (10.68, 0.0135882729582176),
        ),
    ],
)  # fmt: skip
def test_scipy_friedman_reference_values(data, reference):
    result = st.friedman_test(np.array(data, dtype=float).T)
    assert math.isclose(result.statistic, reference[0], rel_tol=1e-10)
    assert math.isclose(result.pvalue, reference[1], rel_tol=1e-8)


# --------------------------------------------------------------------------- random matrices


@pytest.mark.parametrize("case", range(N_RANDOM))
def test_friedman_against_scipy(case):
    rng = np.random.default_rng(SEED + case)
    scores = _random_scores(rng)
    reference = ss.friedmanchisquare(*scores.T)
    result = st.friedman_test(scores)
    assert math.isclose(result.statistic, reference.statistic, rel_tol=1e-11, abs_tol=1e-12)
    assert math.isclose(result.pvalue, reference.pvalue, rel_tol=1e-10, abs_tol=1e-14)
    _record(
        "scipy.stats.friedmanchisquare (statistic)", abs(result.statistic - reference.statistic)
    )
    _record("scipy.stats.friedmanchisquare (p-value)", abs(result.pvalue - reference.pvalue))
    # Demšar's uncorrected statistic and Iman-Davenport's F, written out here
    n, k = scores.shape
    chi2 = _demsar_chi2(scores)
    plain = st.friedman_test(scores, tie_correction=False)
    assert math.isclose(plain.statistic, chi2, rel_tol=1e-11, abs_tol=1e-12)
    assert plain.statistic <= result.statistic + 1e-12  # ties make it conservative
    f = st.friedman_test(scores, method="iman-davenport", tie_correction=False)
    f_hand = (n - 1) * chi2 / (n * (k - 1) - chi2)
    assert math.isclose(f.statistic, f_hand, rel_tol=1e-11, abs_tol=1e-12)
    assert math.isclose(f.pvalue, ss.f.sf(f_hand, k - 1, (k - 1) * (n - 1)), rel_tol=1e-10)
    assert np.allclose(result.average_ranks, _ranks_by_counting(scores).mean(axis=0))


@pytest.mark.parametrize("case", range(N_RANDOM))
def test_nemenyi_against_scikit_posthocs(case):
    rng = np.random.default_rng(SEED + 1000 + case)
    scores = _random_scores(rng)
    reference = sp.posthoc_nemenyi_friedman(scores).to_numpy()
    result = st.nemenyi_test(scores)
    assert np.allclose(result.pvalue, reference, rtol=1e-10, atol=1e-12)
    _record("scikit_posthocs.posthoc_nemenyi_friedman", np.abs(result.pvalue - reference).max())
    # p <= alpha exactly where the rank difference reaches the critical difference
    differences = np.abs(result.average_ranks[:, None] - result.average_ranks[None, :])
    off = ~np.eye(scores.shape[1], dtype=bool)
    borderline = np.isclose(differences, result.critical_difference, rtol=1e-9) | ~off
    far = differences >= result.critical_difference
    assert np.array_equal((result.pvalue <= 0.05)[~borderline], far[~borderline])


# about 3 s a case (scikit-posthocs): make test runs 6 of the 20, make test-full all. The six
# between them have k = 3 to 8 algorithms, N = 3 rows, ties, and the control first and last
# (a control range check off by one at the last column fails cases 13 and 15 only; a Holm
# adjustment that gives tied p-values the highest rank, cases 0, 6, 9, 10 and 16)
@pytest.mark.parametrize("case", tiered(range(N_RANDOM // 2), [0, 1, 8, 10, 13, 19]))
def test_control_test_against_scikit_posthocs_and_statsmodels(case):
    rng = np.random.default_rng(SEED + 2000 + case)
    scores = _random_scores(rng)
    k = scores.shape[1]
    control = int(rng.integers(0, k))
    for method, p_adjust in (("holm", "holm"), ("bonferroni", "bonferroni")):
        result = st.control_test(scores, control=control, method=method)
        reference = sp.posthoc_demsar(
            scores, control=control, p_adjust=p_adjust, to_matrix=False
        ).to_numpy()
        assert np.allclose(result.pvalue, reference, rtol=1e-10, atol=1e-12)
        _record(
            f"scikit_posthocs.posthoc_demsar ({p_adjust})", np.abs(result.pvalue - reference).max()
        )
        adjusted = multipletests(result.unadjusted_pvalue, method=p_adjust)[1]
        assert np.allclose(result.pvalue, adjusted, rtol=1e-12, atol=0)
        _record(f"statsmodels multipletests ({p_adjust})", np.abs(result.pvalue - adjusted).max())
    # one-sided: scikit-posthocs ranks ascending (the lowest score is rank 1) and subtracts the
    # control's rank, the same z as ours from descending ranks, so "greater" means the same
    result = st.control_test(scores, control=control, alternative="greater")
    reference = sp.posthoc_demsar(
        scores, control=control, alternative="greater", p_adjust="holm", to_matrix=False
    ).to_numpy()
    assert np.allclose(result.pvalue, reference, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("case", range(N_RANDOM // 4))
def test_ranks_cd_and_groups_against_autorank(case):
    rng = np.random.default_rng(SEED + 3000 + case)
    scores = _random_scores(rng, min_rows=5)
    frame = pd.DataFrame(scores, columns=[f"alg{j}" for j in range(scores.shape[1])])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = autorank(frame, alpha=0.05, force_mode="nonparametric")
    ours = st.nemenyi_test(scores)
    meanrank = result.rankdf["meanrank"].reindex(frame.columns).to_numpy(dtype=float)
    assert np.allclose(ours.average_ranks, meanrank, rtol=1e-12)
    # autorank's q comes from statsmodels' qsturng, an interpolated table (about 1e-5 off)
    assert math.isclose(ours.critical_difference, result.cd, rel_tol=5e-5)
    _record("autorank (mean ranks)", np.abs(ours.average_ranks - meanrank).max())
    _record("autorank (critical distance, qsturng)", abs(ours.critical_difference - result.cd))
    # the diagram's groups: autorank joins ranks within <= CD, Demšar and we within < CD
    _, names, pairs = get_sorted_rank_groups(result, False)
    theirs = [tuple(int(names[i][3:]) for i in range(a, b + 1)) for a, b in pairs]
    groups = st.nonsignificant_groups(
        ours.average_ranks, critical_difference=ours.critical_difference
    )
    same_ranks = {frozenset(g) for g in groups} == {frozenset(g) for g in theirs}
    assert (
        same_ranks
        or np.isclose(
            np.abs(np.subtract.outer(ours.average_ranks, ours.average_ranks)),
            ours.critical_difference,
        ).any()
    )
    _record("autorank (diagram groups, sets equal)", 0.0 if same_ranks else 1.0)


@pytest.mark.parametrize("case", range(N_RANDOM))
def test_sign_test_against_binomtest_and_statsmodels(case):
    rng = np.random.default_rng(SEED + 4000 + case)
    n = int(rng.integers(2, 40))
    a = np.round(rng.random(n), int(rng.integers(1, 3)))
    b = np.round(rng.random(n), int(rng.integers(1, 3)))
    ties = rng.random(n) < 0.2
    b[ties] = a[ties]
    wins = sum(1 for x, y in zip(a, b, strict=True) if x > y)
    losses = sum(1 for x, y in zip(a, b, strict=True) if x < y)
    tied = n - wins - losses
    for alternative in ("two-sided", "greater", "less"):
        split = st.sign_test(a, b, alternative=alternative)
        k, m = wins + tied // 2, wins + losses + 2 * (tied // 2)
        expected = 1.0 if m == 0 else ss.binomtest(k, m, 0.5, alternative=alternative).pvalue
        assert split.statistic == k and math.isclose(split.pvalue, expected, rel_tol=1e-12)
        dropped = st.sign_test(a, b, zero_method="wilcox", alternative=alternative)
        m = wins + losses
        expected = 1.0 if m == 0 else ss.binomtest(wins, m, 0.5, alternative=alternative).pvalue
        assert dropped.statistic == wins and math.isclose(dropped.pvalue, expected, rel_tol=1e-12)
    if wins + losses > 0:
        statistic, pvalue = sm_sign_test(a - b, 0)
        dropped = st.sign_test(a, b, zero_method="wilcox")
        assert statistic == dropped.statistic - (wins + losses) / 2  # statsmodels' M
        assert math.isclose(dropped.pvalue, pvalue, rel_tol=1e-10)
        _record("statsmodels sign_test (p-value)", abs(dropped.pvalue - pvalue))


def test_sign_test_interval_is_the_order_statistic_interval():
    d = np.array([-0.3, -0.1, 0.0, 0.05, 0.1, 0.2, 0.25, 0.4, 0.5, 0.7])
    result = st.sign_test(d, np.zeros(10))
    assert result.estimate == np.median(d)
    # P(B <= 1) = 11/1024 <= 0.025 < P(B <= 2) = 56/1024: j = 2, (d_(2), d_(9))
    low, high = result.confidence_interval(0.95)
    assert (low, high) == (-0.1, 0.5)
    # 90%: P(B <= 2) = 56/1024 > 0.05, so again j = 2
    assert tuple(result.confidence_interval(0.90)) == (-0.1, 0.5)
    # 80%: P(B <= 2) = 0.0547 <= 0.1 < P(B <= 3) = 176/1024: j = 3
    assert tuple(result.confidence_interval(0.80)) == (0.0, 0.4)
    greater = st.sign_test(d, np.zeros(10), alternative="greater")
    assert tuple(greater.confidence_interval(0.95)) == (-0.1, math.inf)  # the 90% lower end
    with pytest.warns(RuntimeWarning, match="not reachable"):
        tiny = st.sign_test([0.1, 0.2, 0.3], [0.0, 0.0, 0.0]).confidence_interval(0.95)
    assert (tiny.low, tiny.high) == (0.1, 0.3) and tiny.confidence_level == 0.75


def _sums_on_the_edge_only_after_rounding(x, y, rope):
    """Whether a sum z_i + z_j (or its negative) rounds to 2r without being 2r as a float:
    exactly where the package's comparison and baycomp's raw one can part."""
    z = np.concatenate(([0.0], np.asarray(y, float) - np.asarray(x, float)))
    sums = z[:, None] + z[None, :]
    unit = 10.0 ** math.ceil(math.log10(max(np.abs(x).max(), np.abs(y).max())))
    rounded = np.round(sums / unit, 12) * unit
    edge = np.round(2 * rope / unit, 12) * unit
    on_edge = (np.abs(rounded) == edge) & (np.abs(sums) != 2 * rope)
    return bool(on_edge.any())


@pytest.mark.parametrize("case", range(N_RANDOM // 2))
def test_bayesian_signed_rank_equals_baycomp(case):
    # continuous random scores: no sum comes within the rounding of +-2r, so the rounded and
    # the raw comparisons agree and the results are baycomp's to the last bit
    rng = np.random.default_rng(SEED + 5000 + case)
    n = int(rng.integers(2, 40))
    x = rng.random(n)
    y = x + rng.normal(0, rng.uniform(0.005, 0.05), n)
    rope = [0.0, 0.01, 0.02][case % 3]
    prior = [0.5, 1.0, 2.0][case % 3 - 1]
    assert not _sums_on_the_edge_only_after_rounding(x, y, rope)
    n_samples = 5_000
    reference = baycomp.SignedRankTest.probs(
        x, y, rope, prior=prior, nsamples=n_samples, random_state=case
    )
    ours = st.bayesian_signed_rank(
        x, y, rope=rope, prior_strength=prior, n_samples=n_samples,
        random_state=np.random.RandomState(case),
    )  # fmt: skip
    expected = (reference[0], 0.0, reference[1]) if rope == 0 else reference
    assert tuple(ours) == pytest.approx(expected, abs=1e-12)
    _record(
        "baycomp SignedRankTest (same stream)",
        max(abs(o - e) for o, e in zip(ours, expected, strict=True)),
    )
    # the posterior samples themselves
    sample = baycomp.SignedRankTest.sample(
        x, y, rope, prior=prior, nsamples=n_samples, random_state=case
    )
    assert np.allclose(ours.sample, sample, rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("a", "b", "float_sum"),
    [
        # z = b - a = (0.01, 0.009999999999999998): z_1 + z_2 falls short of 2r = 0.02
        ([0.00, 0.02], [0.01, 0.03], 0.019999999999999997),
        # z = (0.01, 0.010000000000000002): z_1 + z_2 overshoots it
        ([0.00, 0.03], [0.01, 0.04], 0.020000000000000004),
    ],
)
def test_bayesian_signed_rank_sum_equal_to_the_edge_counts_half(a, b, float_sum):
    # both differences are 0.01 in exact arithmetic, so every sum of two of them is 0.02 = 2r,
    # on the edge: theta_right = (w_1 + w_2)^2 / 2 by the rule (H = 1/2 on the edge). As
    # floats z_1 + z_2 lies one unit in the last place on either side of 0.02; without the
    # rounding theta_right would be w_1^2 / 2 (short) or w_1^2 / 2 + 2 w_1 w_2 + w_2^2 (over)
    z = np.subtract(b, a)
    assert z[0] + z[1] == float_sum != 0.02 and z[0] + z[0] == 0.02
    ours = st.bayesian_signed_rank(
        a, b, rope=0.01, n_samples=2_000, random_state=np.random.RandomState(11)
    )
    w = np.random.RandomState(11).dirichlet([0.5, 1.0, 1.0], 2_000)
    on_the_edge = (w[:, 1] + w[:, 2]) ** 2 / 2
    assert np.allclose(ours.sample[:, 2], on_the_edge, rtol=0, atol=1e-12)
    assert np.allclose(ours.sample[:, 0], 0.0, rtol=0, atol=1e-12)
    # the mirror image: the first algorithm better, theta_left the same
    mirrored = st.bayesian_signed_rank(
        b, a, rope=0.01, n_samples=2_000, random_state=np.random.RandomState(11)
    )
    assert np.allclose(mirrored.sample[:, 0], on_the_edge, rtol=0, atol=1e-12)
    # baycomp compares the raw floats: the pair (1, 2) and (2, 2) counts 0 or 1, not 1/2
    raw = baycomp.SignedRankTest.sample(np.array(a), np.array(b), 0.01, nsamples=2_000,
                                        random_state=11)  # fmt: skip
    w1, w2 = w[:, 1], w[:, 2]
    if float_sum < 0.02:
        expected_raw = w1**2 / 2
    else:
        expected_raw = w1**2 / 2 + 2 * w1 * w2 + w2**2
    assert np.allclose(raw[:, 2], expected_raw, rtol=0, atol=1e-12)
    assert _sums_on_the_edge_only_after_rounding(a, b, 0.01)


def test_bayesian_signed_rank_grid_scores_follow_exact_arithmetic():
    # accuracies in whole points: many pair sums z_i + z_j equal +-2r = +-0.02 in exact
    # arithmetic but not as floats (0.72 - 0.71 != 0.01). The package counts them 1/2, as
    # the same computation in integer hundredths does; baycomp, comparing the raw floats,
    # counts them 0 or 1 and differs
    x = np.array([0.71, 0.83, 0.92, 0.64, 0.77, 0.88, 0.59, 0.95, 0.81, 0.69])
    y = np.array([0.72, 0.84, 0.90, 0.67, 0.76, 0.89, 0.61, 0.95, 0.80, 0.72])
    assert _sums_on_the_edge_only_after_rounding(x, y, 0.01)
    hundredths = np.concatenate(([0], np.round(100 * (y - x)).astype(int)))  # exact integers
    sums = hundredths[:, None] + hundredths[None, :]
    right = (sums > 2) + 0.5 * (sums == 2)
    left = (sums < -2) + 0.5 * (sums == -2)
    assert (np.abs(sums) == 2).sum() > 20
    for seed in range(3):
        ours = st.bayesian_signed_rank(
            x, y, rope=0.01, n_samples=20_000, random_state=np.random.RandomState(seed)
        )
        w = np.random.RandomState(seed).dirichlet([0.5] + [1.0] * 10, 20_000)
        theta_right = np.einsum("si,ij,sj->s", w, right, w)
        theta_left = np.einsum("si,ij,sj->s", w, left, w)
        assert np.allclose(ours.sample[:, 2], theta_right, rtol=0, atol=1e-12)
        assert np.allclose(ours.sample[:, 0], theta_left, rtol=0, atol=1e-12)
        exact = np.stack([theta_left, 1 - theta_left - theta_right, theta_right], axis=1)
        shares = np.bincount(np.argmax(exact, axis=1), minlength=3) / 20_000
        assert tuple(ours) == pytest.approx(tuple(shares), abs=1e-4)
        reference = baycomp.SignedRankTest.probs(x, y, 0.01, nsamples=20_000, random_state=seed)
        assert max(abs(o - r) for o, r in zip(ours, reference, strict=True)) > 0.01
    # a sum exactly at 2r in floating point too: both count 1/2 and agree (z = 0.5 with the
    # prior's 0; 0.25 + 0.25)
    a, b = np.zeros(3), np.array([0.5, 0.5, 0.25])
    assert not _sums_on_the_edge_only_after_rounding(a, b, 0.25)
    reference = baycomp.SignedRankTest.sample(a, b, 0.25, nsamples=2_000, random_state=5)
    ours = st.bayesian_signed_rank(
        a, b, rope=0.25, n_samples=2_000, random_state=np.random.RandomState(5)
    )
    assert np.allclose(ours.sample, reference, rtol=0, atol=1e-12)
    # by hand for one draw: theta_right = sum w_i w_j H(z_i + z_j - 0.5), H(0) = 1/2
    w = np.random.RandomState(5).dirichlet([0.5, 1.0, 1.0, 1.0], 1)[0]
    zz = np.array([0.0, 0.5, 0.5, 0.25])
    step = (zz[:, None] + zz[None, :] > 0.5) + 0.5 * (zz[:, None] + zz[None, :] == 0.5)
    assert math.isclose(ours.sample[0, 2], w @ step @ w, rel_tol=1e-12)


def test_bayesian_signed_rank_docstring_example_is_where_baycomp_differs():
    # the docstring's example: differences of one and two ROPE widths put sums on the edge;
    # baycomp's numbers there are the ones the docstring quotes
    a = np.array([0.80, 0.72, 0.91, 0.65, 0.88, 0.77])
    b = np.array([0.79, 0.74, 0.90, 0.64, 0.86, 0.77])
    assert _sums_on_the_edge_only_after_rounding(a, b, 0.01)
    reference = baycomp.SignedRankTest.probs(a, b, 0.01, random_state=0)
    assert tuple(round(float(p), 5) for p in reference) == (0.51276, 0.46804, 0.0192)
    ours = st.bayesian_signed_rank(a, b, rope=0.01, random_state=np.random.RandomState(0))
    assert tuple(round(p, 5) for p in ours) == (0.15908, 0.83642, 0.0045)


def test_baycomp_takes_an_int_seed_not_a_random_state():
    # the conventions page states this for baycomp 1.0.3: re-check the page when it moves
    from importlib.metadata import version

    assert version("baycomp") == "1.0.3"
    x, y = np.array([0.803, 0.721, 0.914, 0.652]), np.array([0.790, 0.748, 0.910, 0.668])
    with pytest.raises(TypeError):
        baycomp.SignedRankTest.probs(x, y, 0.01, nsamples=100,
                                     random_state=np.random.RandomState(0))  # fmt: skip
    with pytest.raises(TypeError):
        baycomp.SignedRankTest.probs(x, y, 0.01, nsamples=100,
                                     random_state=np.random.default_rng(0))  # fmt: skip
    unseeded = baycomp.SignedRankTest.probs(x, y, 0.01, nsamples=100, random_state=None)
    assert sum(unseeded) == pytest.approx(1.0)
    by_int = baycomp.SignedRankTest.probs(x, y, 0.01, nsamples=100, random_state=0)
    ours = st.bayesian_signed_rank(x, y, rope=0.01, n_samples=100,
                                   random_state=np.random.RandomState(0))  # fmt: skip
    assert not _sums_on_the_edge_only_after_rounding(x, y, 0.01)
    assert tuple(ours) == pytest.approx(tuple(by_int), abs=1e-12)


def test_bayesian_signed_rank_generator_within_monte_carlo_error():
    rng = np.random.default_rng(SEED)
    x = rng.random(20)
    y = x + rng.normal(0.005, 0.02, 20)
    reference = baycomp.SignedRankTest.probs(x, y, 0.01, nsamples=50_000, random_state=1)
    ours = st.bayesian_signed_rank(x, y, rope=0.01, random_state=7)
    for p, q, se in zip(ours, reference, ours.standard_error, strict=True):
        assert abs(p - q) < 5 * math.sqrt(2) * max(se, 1e-3)
    assert sum(ours) == pytest.approx(1.0)


def test_bayesian_signed_rank_hand_computed_posterior():
    # one difference z = b - a = 0.05 and the prior pseudo-observation at 0 (weight s):
    # with rope 0.01, z0 + z0 = 0 is in the rope, z0 + z1 = 0.05 and z1 + z1 = 0.1 are right
    # of it, so theta_right = 1 - w0^2 and theta_rope = w0^2 with w0 ~ Beta(s, 1)
    a, b = [0.5, 0.5], [0.55, 0.55]
    result = st.bayesian_signed_rank(a, b, rope=0.01, prior_strength=0.5, n_samples=20_000,
                                     random_state=np.random.RandomState(3))  # fmt: skip
    draws = np.random.RandomState(3).dirichlet([0.5, 1.0, 1.0], 20_000)
    w0 = draws[:, 0]
    assert np.allclose(result.sample[:, 1], w0**2, atol=1e-12)
    assert np.allclose(result.sample[:, 2], 1 - w0**2, atol=1e-12)
    # the rope is the most probable region where w0^2 > 1 - w0^2
    assert result.p_rope == np.mean(w0**2 > 1 - w0**2)
    assert result.p_left == 0.0


# --------------------------------------------------------------------------- properties


def test_average_ranks_properties():
    rng = np.random.default_rng(SEED)
    scores = _random_scores(rng)
    n, k = scores.shape
    ranks = st.average_ranks(scores)
    assert math.isclose(ranks.sum(), k * (k + 1) / 2)
    permuted = st.average_ranks(scores[rng.permutation(n)])
    assert np.allclose(ranks, permuted)
    columns = rng.permutation(k)
    assert np.allclose(st.average_ranks(scores[:, columns]), ranks[columns])
    assert np.allclose(st.average_ranks(-scores, lower_is_better=True), ranks)
    assert np.allclose(st.average_ranks(scores, lower_is_better=True), k + 1 - ranks)


def test_float_noise_ties():
    # 0.1 + 0.2 and 0.3 are equal in exact arithmetic but not as floats
    scores = np.array([[0.1 + 0.2, 0.3, 0.5], [0.6, 0.2, 0.4]])
    assert (0.1 + 0.2) != 0.3
    assert st.average_ranks(scores).tolist() == [(2.5 + 1) / 2, (2.5 + 3) / 2, (1 + 2) / 2]


def test_friedman_edge_cases():
    tied = np.ones((5, 4))
    result = st.friedman_test(tied)
    assert (result.statistic, result.pvalue) == (0.0, 1.0)
    assert st.friedman_test(tied, method="iman-davenport").statistic == 0.0
    agree = np.tile([0.9, 0.8, 0.7], (6, 1))
    chi2 = st.friedman_test(agree)
    assert math.isclose(chi2.statistic, 6 * 2)  # the maximum N(k - 1)
    with pytest.warns(RuntimeWarning, match="infinite"):
        f = st.friedman_test(agree, method="iman-davenport")
    assert (f.statistic, f.pvalue) == (math.inf, 0.0)
    two = st.friedman_test([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])  # k = 2: a sign test
    assert math.isclose(two.statistic, (2 - 1) ** 2 / 3)  # (wins - losses)^2 / n


def test_nonsignificant_groups_brute_force():
    rng = np.random.default_rng(SEED)
    for _ in range(200):
        k = int(rng.integers(2, 9))
        ranks = rng.uniform(1, k, k)
        cd = float(rng.uniform(0, k / 2))
        groups = st.nonsignificant_groups(ranks, critical_difference=cd)
        order = np.argsort(ranks, kind="stable")
        # every maximal run of consecutive algorithms (in rank order) within < cd, length >= 2
        runs = []
        for i in range(k):
            for j in range(k - 1, i, -1):
                if ranks[order[j]] - ranks[order[i]] < cd:
                    runs.append((i, j))
                    break
        maximal = [
            (i, j)
            for i, j in runs
            if not any(a <= i and j <= b and (a, b) != (i, j) for a, b in runs)
        ]
        assert groups == [tuple(int(c) for c in order[i : j + 1]) for i, j in maximal]


# --------------------------------------------------------------------------- result shape


def test_results_are_tuples_that_pickle():
    scores = DEMSAR_TABLE_6
    results = [
        st.friedman_test(scores),
        st.nemenyi_test(scores),
        st.control_test(scores, control=0),
        st.sign_test(scores[:, 1], scores[:, 0]),
        st.bayesian_signed_rank(scores[:, 1], scores[:, 0], rope=0.01, n_samples=100,
                                random_state=0),
    ]  # fmt: skip
    kinds = [FriedmanResult, NemenyiResult, ControlResult, TestResult, BayesianSignedRankResult]
    for result, kind in zip(results, kinds, strict=True):
        assert isinstance(result, kind) and isinstance(result, tuple)
        assert pickle.loads(pickle.dumps(result)) == result
        assert type(result).__name__ in repr(result)
    statistic, pvalue = results[0]
    assert (statistic, pvalue) == (results[0].statistic, results[0].pvalue)
    p_left, p_rope, p_right = results[-1]
    assert math.isclose(p_left + p_rope + p_right, 1.0)
    with pytest.raises(AttributeError):
        results[0].df = 4  # read-only


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("scores", "error", "match"),
    [
        ([0.1, 0.2, 0.3], ValueError, "scores must be 2-D"),
        (np.zeros((2, 2, 2)), ValueError, "scores must be 2-D"),
        ([[0.1, 0.2]], ValueError, "at least 2 datasets"),
        ([[0.1], [0.2]], ValueError, "at least 2 algorithms"),
        ([[0.1, np.nan], [0.2, 0.3]], ValueError, r"scores contains NaN at index \(0, 1\)"),
        ([[0.1, 0.2], [np.inf, 0.3]], ValueError, r"infinite value at index \(1, 0\)"),
        ([["a", "b"], ["c", "d"]], TypeError, "scores must be numeric"),
        ([[True, False], [False, True]], TypeError, "scores must be numeric"),
        (None, TypeError, "scores must be a 2-D array-like"),
        ("abc", TypeError, "scores must be a 2-D array-like"),
    ],
)
def test_bad_scores(scores, error, match):
    for function in (st.average_ranks, st.friedman_test, st.nemenyi_test):
        with pytest.raises(error, match=match):
            function(scores)
    with pytest.raises(error, match=match):
        st.control_test(scores, control=0)


def test_bad_options():
    scores = DEMSAR_TABLE_6
    with pytest.raises(ValueError, match="method must be one of"):
        st.friedman_test(scores, method="f")
    with pytest.raises(TypeError, match="tie_correction must be True or False"):
        st.friedman_test(scores, tie_correction=1)
    with pytest.raises(TypeError, match="lower_is_better must be True or False"):
        st.average_ranks(scores, lower_is_better="yes")
    with pytest.raises(ValueError, match="confidence_level must lie in"):
        st.nemenyi_test(scores, confidence_level=95)
    with pytest.raises(ValueError, match="control=4 is out of range"):
        st.control_test(scores, control=4)
    with pytest.raises(TypeError, match="control must be a column index"):
        st.control_test(scores, control="C4.5")
    with pytest.raises(ValueError, match="method must be one of"):
        st.control_test(scores, control=0, method="hochberg")
    with pytest.raises(ValueError, match="alternative must be one of"):
        st.control_test(scores, control=0, alternative="larger")
    with pytest.raises(ValueError, match="n_algorithms must be an integer >= 2"):
        st.critical_difference(n_algorithms=1, n_datasets=10)
    with pytest.raises(TypeError, match="n_datasets must be an integer"):
        st.critical_difference(n_algorithms=3, n_datasets=10.0)
    with pytest.raises(ValueError, match="method must be one of"):
        st.critical_difference(n_algorithms=3, n_datasets=10, method="tukey")
    with pytest.raises(ValueError, match="critical_difference must lie in"):
        st.nonsignificant_groups([1.0, 2.0], critical_difference=-1)
    with pytest.raises(ValueError, match="average_ranks must hold at least 2"):
        st.nonsignificant_groups([1.0], critical_difference=1)


def test_bad_two_algorithm_input():
    with pytest.raises(ValueError, match="length mismatch"):
        st.sign_test([0.1, 0.2, 0.3], [0.1, 0.2])
    with pytest.raises(ValueError, match="at least 2 datasets"):
        st.sign_test([0.1], [0.2])
    with pytest.raises(ValueError, match="a contains NaN at index 1"):
        st.bayesian_signed_rank([0.1, np.nan], [0.2, 0.3])
    with pytest.raises(ValueError, match="zero_method must be one of"):
        st.sign_test([0.1, 0.2], [0.2, 0.3], zero_method="pratt")
    with pytest.raises(ValueError, match="rope must lie in"):
        st.bayesian_signed_rank([0.1, 0.2], [0.2, 0.3], rope=-0.01)
    with pytest.raises(ValueError, match="prior_strength must lie in"):
        st.bayesian_signed_rank([0.1, 0.2], [0.2, 0.3], prior_strength=0)
    with pytest.raises(ValueError, match="n_samples must be an integer >= 1"):
        st.bayesian_signed_rank([0.1, 0.2], [0.2, 0.3], n_samples=0)
    with pytest.raises(TypeError, match="random_state"):
        st.bayesian_signed_rank([0.1, 0.2], [0.2, 0.3], random_state="seed")


@pytest.fixture(scope="module", autouse=True)
def _report_comparisons():
    """After the module's tests: how many cases each peer was compared on and the largest
    difference (shown with -s; the comparisons themselves are the tests)."""
    yield
    for peer, (count, largest) in sorted(COMPARISONS.items()):
        print(f"{peer}: {count} comparisons, largest difference {largest:.3g}")
