"""R-precision, bpref, judged@k, ERR and RBP against their papers' definitions, computed by hand.

ERR (Chapelle et al. 2009) and RBP (Moffat and Zobel 2008) have no trec_eval counterpart;
here they are computed rank by rank with plain Python loops that follow the papers (the
cascade: reach rank r, stop there with probability R_r), and on small lists worked out on
paper. The trec_eval/ranx agreement is in tests/test_crosscheck_ranking_more.py.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from evalmetrics import UndefinedMetricWarning, ranking


def _err_by_hand(grades, max_grade, k=None):
    grades = list(grades)[:k]
    value, reach = 0.0, 1.0
    for rank, grade in enumerate(grades, start=1):
        stop = (2.0**grade - 1.0) / 2.0**max_grade
        value += reach * stop / rank
        reach *= 1.0 - stop
    return value


def _rbp_by_hand(grades, p, k=None):
    return (1 - p) * sum(p ** (i - 1) for i, g in enumerate(list(grades)[:k], start=1) if g > 0)


def _residual_by_hand(judged, p):
    depth = len(judged)
    return (1 - p) * sum(p ** (i - 1) for i, j in enumerate(judged, start=1) if not j) + p**depth


def _bpref_by_hand(grades, judged, n_relevant, n_nonrelevant):
    """Buckley and Voorhees' bpref with trec_eval's caps, one relevant document at a time."""
    total, nonrel_above = 0.0, 0
    for grade, is_judged in zip(grades, judged, strict=True):
        if not is_judged:
            continue
        if grade == 0:
            nonrel_above += 1
        elif nonrel_above == 0:
            total += 1.0
        else:
            total += 1.0 - min(nonrel_above, n_relevant) / min(n_nonrelevant, n_relevant)
    return total / n_relevant


# --- ERR ------------------------------------------------------------------------------------


def test_err_worked_example():
    # R = (3/4, 0, 1/4): 3/4 + (1/4)(1)(1/4)/3 = 3/4 + 1/48
    assert ranking.err([2, 0, 1], max_grade=2) == pytest.approx(0.75 + 1 / 48, abs=1e-15)


def test_err_perfect_first_result_stops_with_probability_below_1():
    assert ranking.err([1], max_grade=1) == 0.5
    assert ranking.err([4, 4], max_grade=4) == pytest.approx(15 / 16 + (1 / 16) * (15 / 16) / 2)


@pytest.mark.parametrize("seed", range(5))
def test_err_equals_the_cascade_rank_by_rank(seed):
    rng = np.random.default_rng(seed)
    rels = rng.integers(0, 5, size=(200, 12)).astype(float)
    for k in (None, 3, 20):
        got = ranking.err(rels, max_grade=4, k=k)
        want = [_err_by_hand(row, 4, k) for row in rels]
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-15)


def test_err_rejects_grades_above_max_grade_and_bad_max_grade():
    with pytest.raises(ValueError, match="max_grade"):
        ranking.err([3, 1], max_grade=2)
    with pytest.raises(ValueError, match="max_grade"):
        ranking.err([0, 1], max_grade=0)
    with pytest.raises(TypeError, match="max_grade"):
        ranking.err([0, 1], max_grade="4")
    with pytest.raises(ValueError, match="rels"):
        ranking.err([0, -1], max_grade=2)
    with pytest.raises(ValueError, match="k"):
        ranking.err([0, 1], max_grade=2, k=0)


# --- RBP ------------------------------------------------------------------------------------


def test_rbp_worked_examples():
    assert ranking.rbp([1, 0, 1], persistence=0.5) == 0.5 * (1 + 0.25)
    assert ranking.rbp([0, 0, 0], persistence=0.8) == 0.0
    # binary: the grade does not weigh
    assert ranking.rbp([3, 0, 1], persistence=0.5) == ranking.rbp([1, 0, 1], persistence=0.5)


@pytest.mark.parametrize("persistence", [0.5, 0.8, 0.95])
def test_rbp_and_residual_equal_the_paper_by_hand(persistence):
    rng = np.random.default_rng(7)
    rels = rng.choice([0, 0, 1, 2], size=(100, 15)).astype(float)
    judged = (rng.random((100, 15)) < 0.7) | (rels > 0)
    got = ranking.rbp(rels, persistence=persistence)
    np.testing.assert_allclose(got, [_rbp_by_hand(r, persistence) for r in rels], atol=1e-15)
    got = ranking.rbp(rels, persistence=persistence, k=4)
    np.testing.assert_allclose(got, [_rbp_by_hand(r, persistence, 4) for r in rels], atol=1e-15)
    res = ranking.rbp_residual(rels, persistence=persistence, judged=judged)
    want = [_residual_by_hand(j, persistence) for j in judged]
    np.testing.assert_allclose(res, want, atol=1e-15)


def test_rbp_residual_of_a_padded_row_is_p_to_its_own_depth():
    rels = [[1, 0, 1, 0, 0], [1, 1, 0, 0, 0]]
    judged = [[True, True, True, True, True], [True, True, False, False, False]]
    res = ranking.rbp_residual(rels, persistence=0.5, judged=judged)
    np.testing.assert_allclose(res, [0.5**5, 0.5**2], atol=1e-15)
    assert ranking.rbp_residual([1, 0, 1], persistence=0.5, k=2) == 0.25
    assert ranking.rbp_residual([1, 0, 1], persistence=0.5, k=10) == 0.125


def test_rbp_rejects_bad_persistence():
    for bad in (0, 1, 1.5, -0.2, float("nan")):
        with pytest.raises(ValueError, match="persistence"):
            ranking.rbp([1, 0], persistence=bad)
        with pytest.raises(ValueError, match="persistence"):
            ranking.rbp_residual([1, 0], persistence=bad)
    with pytest.raises(TypeError, match="persistence"):
        ranking.rbp([1, 0], persistence=True)


# --- bpref, judged@k, R-precision -----------------------------------------------------------


def test_bpref_worked_example_and_unjudged_are_skipped():
    rels = [1, 0, 0, 1]
    judged = [True, False, True, True]
    assert ranking.bpref(rels, judged=judged, n_relevant=3, n_nonrelevant=1) == 1 / 3
    # the unjudged item at rank 2 changes nothing: drop it
    assert ranking.bpref([1, 0, 1], n_relevant=3, n_nonrelevant=1) == 1 / 3
    # but AP counts it as non-relevant
    assert ranking.average_precision(rels, n_relevant=3) == (1 + 2 / 4) / 3


@pytest.mark.parametrize("seed", range(3))
def test_bpref_equals_the_definition_by_hand(seed):
    rng = np.random.default_rng(seed)
    rels = rng.choice([0, 1, 2], size=(300, 10), p=[0.6, 0.3, 0.1]).astype(float)
    judged = (rng.random((300, 10)) < 0.6) | (rels > 0)
    n_rel = np.count_nonzero(rels, axis=1) + rng.integers(1, 4, 300)
    n_non = np.count_nonzero(judged & (rels == 0), axis=1) + rng.integers(0, 3, 300)
    got = ranking.bpref(rels, judged=judged, n_relevant=n_rel, n_nonrelevant=n_non)
    want = [
        _bpref_by_hand(r, j, a, b) for r, j, a, b in zip(rels, judged, n_rel, n_non, strict=True)
    ]
    np.testing.assert_allclose(got, want, atol=1e-15)


def test_bpref_without_relevant_items_follows_the_policy():
    with pytest.warns(UndefinedMetricWarning, match="bpref"):
        assert math.isnan(ranking.bpref([0, 0], n_relevant=0))
    assert ranking.bpref([[0, 0], [1, 0]], zero_division=0.0).tolist() == [0.0, 1.0]


def test_bpref_bad_inputs_name_the_argument():
    with pytest.raises(ValueError, match="judged"):
        ranking.bpref([1, 0], judged=[False, True])  # a relevant item is judged
    with pytest.raises(ValueError, match="judged"):
        ranking.bpref([1, 0], judged=[True, True, True])
    with pytest.raises(TypeError, match="judged"):
        ranking.bpref([1, 0], judged=[0.5, 1.0])
    with pytest.raises(TypeError, match="judged"):
        ranking.bpref([1, 0], judged={"a"})
    with pytest.raises(ValueError, match="n_nonrelevant"):
        ranking.bpref([1, 0, 0], n_nonrelevant=1)  # two judged non-relevant in the list
    with pytest.raises(TypeError, match="n_nonrelevant"):
        ranking.bpref([1, 0], n_nonrelevant=1.0)
    with pytest.raises(ValueError, match="n_relevant"):
        ranking.bpref([1, 1], n_relevant=1)


def test_judged_at_k():
    judged = [True, False, True, True]
    assert ranking.judged_at_k([1, 0, 0, 1], k=4, judged=judged) == 0.75
    assert ranking.judged_at_k([1, 0, 0, 1], k=8, judged=judged) == 3 / 8  # beyond the list
    assert ranking.judged_at_k([1, 0], k=2) == 1.0
    with pytest.raises(ValueError, match="k"):
        ranking.judged_at_k([1, 0], k=0)
    with pytest.raises(ValueError, match="judged"):
        ranking.judged_at_k([1, 0], k=1, judged=[[True, True]])


def test_r_precision_by_hand_and_policy():
    assert ranking.r_precision([1, 0, 1, 0, 0, 1]) == 2 / 3
    assert ranking.r_precision([1, 0, 1, 0, 0, 1], n_relevant=5) == 2 / 5
    assert ranking.r_precision([1, 1], n_relevant=4) == 0.5  # shorter than R
    with pytest.warns(UndefinedMetricWarning, match="r_precision"):
        assert math.isnan(ranking.r_precision([0, 0]))
    with pytest.raises(ValueError, match="n_relevant"):
        ranking.r_precision([1, 1], n_relevant=1)


# --- reciprocal rank with n_relevant --------------------------------------------------------


def test_reciprocal_rank_with_n_relevant_marks_queries_without_relevant_undefined():
    rels = [[0, 0, 1], [0, 0, 0], [0, 0, 0]]
    assert ranking.reciprocal_rank(rels).tolist() == [1 / 3, 0.0, 0.0]  # unchanged default
    with pytest.warns(UndefinedMetricWarning, match="1 of 3 lists"):
        got = ranking.reciprocal_rank(rels, n_relevant=[1, 2, 0])
    assert got[:2].tolist() == [1 / 3, 0.0] and math.isnan(got[2])
    got = ranking.reciprocal_rank(rels, n_relevant=[1, 2, 0], zero_division=1.0)
    assert got.tolist() == [1 / 3, 0.0, 1.0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ranking.mean_reciprocal_rank(rels, n_relevant=[1, 2, 0], zero_division=0.0) == (
            1 / 3 / 3
        )
        assert math.isclose(
            ranking.mean_reciprocal_rank(rels, n_relevant=[1, 2, 0], zero_division=float("nan")),
            1 / 6,
        )
    with pytest.raises(ValueError, match="n_relevant"):
        ranking.reciprocal_rank([1, 0], n_relevant=0)
    with pytest.raises(ValueError, match="zero_division"):
        ranking.reciprocal_rank([1, 0], zero_division=2)


# --- precision at every cut-off -------------------------------------------------------------


def test_precision_at_every_cutoff_equals_one_call_per_cutoff():
    rng = np.random.default_rng(3)
    rels = rng.integers(0, 3, size=(50, 9)).astype(float)
    cutoffs = np.arange(1, 13)
    got = ranking.precision_at_k(rels, k=cutoffs)
    assert got.shape == (50, 12)
    for j, k in enumerate(cutoffs):
        want = [sum(g > 0 for g in row[:k]) / k for row in rels]
        np.testing.assert_array_equal(got[:, j], want)
    one = ranking.precision_at_k(rels[0], k=[1, 2])
    assert one.shape == (2,)


def test_recall_and_hit_rate_at_every_cutoff_equal_the_definition():
    """An array k works for every @k metric of one list (P, R and the hit indicator)."""
    rng = np.random.default_rng(4)
    rels = rng.integers(0, 3, size=(40, 8)).astype(float)
    rels[0] = 0  # a list with nothing relevant: recall is 0/0 there
    n_relevant = (rels > 0).sum(axis=1) + rng.integers(0, 3, size=40)  # some never retrieved
    cutoffs = [1, 2, 5, 8, 11]
    recall = ranking.recall_at_k(rels, k=cutoffs, n_relevant=n_relevant, zero_division=0.0)
    hits = ranking.hit_rate(rels, k=cutoffs)
    assert recall.shape == hits.shape == (40, 5)
    for j, k in enumerate(cutoffs):
        found = [sum(g > 0 for g in row[:k]) for row in rels]
        want = [f / r if r else 0.0 for f, r in zip(found, n_relevant, strict=True)]
        np.testing.assert_allclose(recall[:, j], want, rtol=0, atol=1e-15)
        np.testing.assert_array_equal(hits[:, j], [float(f > 0) for f in found])
    assert ranking.recall_at_k(rels[1], k=[1, 2]).shape == (2,)
    assert ranking.hit_rate(rels[1], k=[1, 2]).shape == (2,)
    with pytest.warns(UndefinedMetricWarning, match="for 1 of 40 lists"):
        ranking.recall_at_k(rels, k=cutoffs)


def test_precision_cutoff_array_is_validated_naming_k():
    with pytest.raises(TypeError, match=r"k\[1\]"):
        ranking.precision_at_k([1, 0], k=[1, 2.0])
    with pytest.raises(ValueError, match=r"k\[0\]"):
        ranking.precision_at_k([1, 0], k=[0, 2])
    with pytest.raises(ValueError, match="k"):
        ranking.precision_at_k([1, 0], k=[])
    with pytest.raises(ValueError, match="k"):
        ranking.precision_at_k([1, 0], k=[[1, 2]])
    for metric in (ranking.recall_at_k, ranking.hit_rate):
        with pytest.raises(TypeError, match=r"k\[1\]"):
            metric([1, 0], k=[1, 2.0])
        with pytest.raises(ValueError, match=r"k\[0\]"):
            metric([1, 0], k=[0, 2])
