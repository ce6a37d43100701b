"""Cross-check linear-gain DCG and NDCG against scikit-learn on 1,000 seeded random cases.

scikit-learn takes ``y_true`` (grades) and ``y_score``; evalmetrics takes the grades in rank
order. With strictly decreasing scores and ``ignore_ties=True`` the two describe the same
ranking: ``rels = y_true[argsort(-y_score)]``. scikit-learn computes its discount as
``1 / (log(i + 1) / log(2))`` and sums with a dot product, so values may differ in the last
bits; the tolerance is a few ulps. The expected values are scikit-learn's.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import dcg_score, ndcg_score

from evalmetrics import UndefinedMetricWarning, ranking

N_CASES = 1000


def _cases(n_cases: int, seed: int):
    """Tiny to medium lists, heavy ties in the grades, some float grades, k inside and beyond."""
    rng = np.random.default_rng(seed)
    for case in range(n_cases):
        width = int(rng.integers(2, 40))
        if case % 5 == 0:
            y_true = rng.uniform(0, 3, size=width).round(1)  # float grades
        else:
            y_true = rng.choice(4, size=width, p=[0.55, 0.25, 0.15, 0.05]).astype(float)
        if not (y_true > 0).any():
            y_true[rng.integers(width)] = 1.0  # IDCG = 0 is tested separately below
        y_score = rng.permutation(width) + rng.uniform(0, 0.5)  # distinct scores
        k = None if case % 3 == 0 else int(rng.integers(1, width + 5))
        rels = y_true[np.argsort(-y_score)]
        yield y_true, y_score, k, rels


def test_linear_ndcg_matches_sklearn_ndcg_score_on_1000_cases():
    n_checked = 0
    for y_true, y_score, k, rels in _cases(N_CASES, seed=7):
        expected = ndcg_score([y_true], [y_score], k=k, ignore_ties=True)
        assert ranking.ndcg(rels, k=k, gain="linear") == pytest.approx(
            expected, rel=1e-13, abs=0
        ), (rels, k)
        n_checked += 1
    assert n_checked == N_CASES


def test_linear_dcg_matches_sklearn_dcg_score_on_1000_cases():
    n_checked = 0
    for y_true, y_score, k, rels in _cases(N_CASES, seed=8):
        expected = dcg_score([y_true], [y_score], k=k, ignore_ties=True)
        assert ranking.dcg(rels, k=k, gain="linear") == pytest.approx(expected, rel=1e-13, abs=0), (
            rels,
            k,
        )
        n_checked += 1
    assert n_checked == N_CASES


def test_batched_linear_ndcg_matches_sklearn_mean_on_1000_lists():
    """One 2-D call over 1,000 lists of depth 20 against scikit-learn's mean NDCG@k."""
    rng = np.random.default_rng(9)
    y_true = rng.choice(4, size=(N_CASES, 20), p=[0.55, 0.25, 0.15, 0.05]).astype(float)
    y_true[:, 0] = np.maximum(y_true[:, 0], 1)  # every list has a relevant item
    y_score = rng.permuted(np.tile(np.arange(20.0), (N_CASES, 1)), axis=1)
    rels = np.take_along_axis(y_true, np.argsort(-y_score, axis=1), axis=1)
    for k in (None, 5, 10):
        ours = ranking.ndcg(rels, k=k, gain="linear")
        assert ours.shape == (N_CASES,)
        expected = ndcg_score(y_true, y_score, k=k, ignore_ties=True)
        assert ours.mean() == pytest.approx(expected, rel=1e-13)


def test_idcg_zero_is_nan_with_warning_here_and_zero_in_sklearn():
    y_true, y_score = np.zeros(4), np.array([4.0, 3.0, 2.0, 1.0])
    assert ndcg_score([y_true], [y_score], ignore_ties=True) == 0.0
    with pytest.warns(UndefinedMetricWarning, match="IDCG is 0"):
        assert np.isnan(ranking.ndcg(y_true, gain="linear"))


def test_sklearn_ignores_relevant_items_that_were_not_retrieved():
    """scikit-learn builds IDCG from the items it is given; ``ideal`` adds unretrieved ones."""
    y_true, y_score = np.array([1.0, 0.0, 1.0]), np.array([3.0, 2.0, 1.0])
    retrieved_only = ndcg_score([y_true], [y_score], ignore_ties=True)
    assert ranking.ndcg([1, 0, 1], gain="linear") == pytest.approx(retrieved_only, rel=1e-13)
    # a third relevant item was never retrieved: DCG 1.5, IDCG 1 + 1/log2(3) + 1/2
    with_ideal = ranking.ndcg([1, 0, 1], ideal=[1, 1, 1], gain="linear")
    assert with_ideal == pytest.approx(1.5 / (1.5 + 1 / np.log2(3)), rel=1e-15)
    assert with_ideal < retrieved_only


def test_default_exponential_ndcg_matches_sklearn_on_transformed_grades_on_1000_cases():
    """The default gain, 2^rel - 1: scikit-learn's gain is the grade itself, so it is given the
    grades 2^rel - 1 (a monotone map, so its ideal order is the same). A slip in the exponential
    gain fails here, not only in the hand-computed tests."""
    for y_true, y_score, k, rels in _cases(N_CASES, seed=20261206):
        expected = ndcg_score([np.exp2(y_true) - 1], [y_score], k=k, ignore_ties=True)
        assert ranking.ndcg(rels, k=k) == pytest.approx(expected, rel=1e-12, abs=1e-15), (
            rels,
            k,
        )
        dcg_expected = dcg_score([np.exp2(y_true) - 1], [y_score], k=k, ignore_ties=True)
        assert ranking.dcg(rels, k=k) == pytest.approx(dcg_expected, rel=1e-12, abs=0), (rels, k)
