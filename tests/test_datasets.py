"""Data helpers: the retrieval task built from labelled data, checked against a plain loop."""

from __future__ import annotations

import numpy as np
import pytest

from evalmetrics.datasets import make_imbalanced, rank_by_distance


def test_rank_by_distance_matches_a_loop_over_queries():
    rng = np.random.default_rng(0)
    features = rng.integers(0, 4, size=(40, 3)).astype(float)  # many tied distances
    labels = rng.integers(0, 3, size=40)
    queries = np.array([0, 7, 39])
    rels = rank_by_distance(features, labels, queries=queries)
    for row, query in enumerate(queries):
        others = [i for i in range(40) if i != query]
        # nearest first, ties to the lower index
        ranked = sorted(others, key=lambda i: (np.sum((features[i] - features[query]) ** 2), i))
        assert list(rels[row]) == [int(labels[i] == labels[query]) for i in ranked]


def test_rank_by_distance_defaults_to_every_item_as_a_query():
    rels = rank_by_distance(np.array([[0.0], [1.0], [10.0]]), np.array([1, 1, 2]))
    # item 0 ranks 1 (same label), then 2; item 1 ranks 0 (same), then 2;
    # item 2 ranks 1 (distance 81), then 0 (distance 100), neither with its label
    assert rels.tolist() == [[1, 0], [1, 0], [0, 0]]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"features": np.zeros(3), "labels": [0, 1, 2]}, ValueError, "features must be 2-D"),
        ({"features": np.zeros((3, 2)), "labels": [0, 1]}, ValueError, "length mismatch"),
        (
            {"features": np.zeros((3, 2)), "labels": [0, 1, 2], "queries": [3]},
            ValueError,
            "queries must be indices",
        ),
        (
            {"features": np.zeros((3, 2)), "labels": [0, 1, 2], "queries": [0.5]},
            TypeError,
            "queries must hold integer indices",
        ),
    ],
)
def test_rank_by_distance_rejects_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        rank_by_distance(**kwargs)


def test_make_imbalanced_keeps_every_negative_and_n_positives():
    y = np.array([1, 0, 1, 0, 1, 1])
    s = np.arange(6.0)
    y_small, s_small = make_imbalanced(y, s, n_positive=2, random_state=3)
    assert int(y_small.sum()) == 2 and int((y_small == 0).sum()) == 2
    assert set(s_small[y_small == 0]) == {1.0, 3.0}
    with pytest.raises(ValueError, match="n_positive is 5 but y_true holds only 4"):
        make_imbalanced(y, s, n_positive=5)
